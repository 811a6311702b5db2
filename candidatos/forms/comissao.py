"""Formulários do membro de comissão de heteroidentificação (issue 15, itens 5 e 6)."""

from __future__ import annotations

from django import forms

from candidatos.heteroidentificacao import MOTIVO_IMPEDIMENTO_MAXIMO
from candidatos.models import Presenca, VotoParecer

FUNDAMENTACAO_MAXIMO = 5000
FUNDAMENTACAO_MINIMO = 20


class PresencaForm(forms.Form):
    """Presença do candidato chamado, registrada na sessão."""

    presenca = forms.ChoiceField(
        label="Presença",
        choices=Presenca.choices,
        error_messages={
            "required": "Presença: escolha presente ou ausente.",
            "invalid_choice": "Presença: escolha presente ou ausente.",
        },
    )


class ParecerForm(forms.Form):
    """O parecer fundamentado do membro: o voto e as razões (issue 15, item 6)."""

    voto = forms.ChoiceField(
        label="Parecer",
        choices=VotoParecer.choices,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Parecer: escolha se confirma ou não a autodeclaração.",
            "invalid_choice": "Parecer: escolha uma das opções.",
        },
    )
    fundamentacao = forms.CharField(
        label="Fundamentação",
        widget=forms.Textarea(attrs={"rows": 5, "class": "form-control"}),
        min_length=FUNDAMENTACAO_MINIMO,
        max_length=FUNDAMENTACAO_MAXIMO,
        strip=True,
        help_text="As razões do parecer, que ficam registradas e não podem ser alteradas "
        "depois (os demais membros só as veem com a decisão apurada).",
        error_messages={
            "required": "Fundamentação: escreva as razões do parecer.",
            "min_length": f"Fundamentação: escreva ao menos {FUNDAMENTACAO_MINIMO} caracteres.",
            "max_length": f"Fundamentação: no máximo {FUNDAMENTACAO_MAXIMO} caracteres.",
        },
    )


class ImpedimentoForm(forms.Form):
    """O impedimento ou a suspeição que o próprio membro declara (Lei nº 9.784/1999,
    arts. 18 a 21)."""

    motivo = forms.CharField(
        label="Motivo do impedimento ou da suspeição",
        widget=forms.Textarea(attrs={"rows": 3, "class": "form-control"}),
        max_length=MOTIVO_IMPEDIMENTO_MAXIMO,
        strip=True,
        help_text="Por exemplo: parentesco até o 3º grau, amizade íntima, inimizade notória "
        "ou interesse no resultado. Só você e os gestores do órgão veem o motivo; a "
        "declaração não pode ser desfeita.",
        error_messages={
            "required": "Motivo: descreva o impedimento ou a suspeição.",
            "max_length": f"Motivo: no máximo {MOTIVO_IMPEDIMENTO_MAXIMO} caracteres.",
        },
    )
