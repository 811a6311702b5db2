"""Prévia do quadro de reserva (formulário ainda não salvo) e filtros da lista."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django import forms

from selecoes.forms.campos import PREFIXO_VAGAS, CamposReservaMixin, DataInput
from selecoes.models import BaseReserva, SituacaoSelecao, VersaoRegras
from selecoes.reserva import VERSAO_ATUAL

MAXIMO_DIGITOS = 6


class PreviaReservaForm(CamposReservaMixin, forms.Form):
    """Só os campos que decidem a reserva, lidos do mesmo POST do formulário do edital."""

    data_publicacao_edital = forms.DateField(required=False, widget=DataInput())
    reserva_pcd = forms.BooleanField(required=False)
    percentual_pcd = forms.DecimalField(
        required=False, min_value=Decimal("0.01"), max_value=Decimal("70")
    )
    base_reserva = forms.ChoiceField(choices=BaseReserva.choices, required=False)
    versao_regras = forms.TypedChoiceField(
        choices=VersaoRegras.choices,
        coerce=int,
        required=False,
        empty_value=VERSAO_ATUAL,  # type: ignore[arg-type]
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        self.validar_sequencia()
        return dados

    def clean_base_reserva(self) -> str:
        """Regras de reserva, § 3.1: sem escolha, a base é o total da seleção."""
        return self.cleaned_data.get("base_reserva") or BaseReserva.SELECAO


def vagas_da_previa(data: Mapping[str, Any]) -> tuple[list[tuple[str, int]], list[str]]:
    """(código, vagas ofertadas) das linhas do formulário ainda não salvo.

    Linhas incompletas entram como avisos, não como erro: a prévia acompanha a digitação.
    """
    try:
        total = int(data.get(f"{PREFIXO_VAGAS}-TOTAL_FORMS", 0))
    except (TypeError, ValueError):
        total = 0
    vagas: list[tuple[str, int]] = []
    avisos: list[str] = []
    vistos: set[str] = set()
    for i in range(min(total, 1000)):
        campo = f"{PREFIXO_VAGAS}-{i}-"
        if data.get(campo + "DELETE"):
            continue
        codigo = (data.get(campo + "codigo") or "").strip().upper()
        texto = (data.get(campo + "vagas_ofertadas") or "").strip()
        if not codigo and not texto:
            continue
        rotulo = codigo or f"linha {i + 1}"
        try:
            numero = Decimal(texto)
            # "1e999999999" viraria um inteiro de um bilhão de dígitos (minutos de CPU).
            if not numero.is_finite() or numero.adjusted() > MAXIMO_DIGITOS:
                raise ValueError(texto)
            ofertadas = int(numero)
        except (InvalidOperation, ValueError):
            avisos.append(f"Vaga {rotulo}: informe as vagas ofertadas para entrar no quadro.")
            continue
        if ofertadas < 0:
            avisos.append(f"Vaga {rotulo}: vagas ofertadas não pode ser negativo.")
            continue
        if not codigo:
            codigo = f"(linha {i + 1})"
        if codigo in vistos:
            avisos.append(f"Vaga {codigo}: código repetido; a linha foi ignorada.")
            continue
        vistos.add(codigo)
        vagas.append((codigo, ofertadas))
    return vagas, avisos


class FiltroSelecoesForm(forms.Form):
    q = forms.CharField(label="Buscar", required=False, max_length=100)
    situacao = forms.ChoiceField(
        label="Situação",
        required=False,
        choices=[("", "Todas"), *list(SituacaoSelecao.choices)],
    )
    ano = forms.TypedChoiceField(
        label="Ano do edital", required=False, coerce=int, empty_value=None
    )

    def __init__(self, *args: Any, anos: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["ano"].choices = [("", "Todos")] + [(a, str(a)) for a in anos]  # type: ignore[attr-defined]
