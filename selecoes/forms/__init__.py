"""Formulários de seleções e editais; cada erro em português nomeia o campo."""

from selecoes.forms.edital import FormularioEdital, RetificacaoForm
from selecoes.forms.previa import FiltroSelecoesForm, PreviaReservaForm, vagas_da_previa
from selecoes.forms.selecao import SelecaoForm
from selecoes.forms.vagas import CriterioForm, CriterioFormSet, VagaForm, VagaFormSet

__all__ = [
    "CriterioForm",
    "CriterioFormSet",
    "FiltroSelecoesForm",
    "FormularioEdital",
    "PreviaReservaForm",
    "RetificacaoForm",
    "SelecaoForm",
    "VagaForm",
    "VagaFormSet",
    "vagas_da_previa",
]
