"""Formulários das páginas públicas: filtros das seleções e consulta da própria situação."""

from typing import Any

from django import forms

from candidatos.selectors.publico import INSCRICOES_ABERTAS, FiltrosSelecoes
from selecoes.models import UF, NivelEnsino, Orgao, Selecao, SituacaoSelecao
from selecoes.validators import cpf_valido, somente_digitos

SITUACOES_PUBLICAS = [
    (valor, rotulo)
    for valor, rotulo in SituacaoSelecao.choices
    if valor != SituacaoSelecao.RASCUNHO
]


class FiltroSelecoesForm(forms.Form):
    q = forms.CharField(
        label="Buscar",
        required=False,
        max_length=100,
        help_text="Título, número do edital, órgão, área, curso ou município.",
        widget=forms.TextInput(attrs={"type": "search", "class": "form-control"}),
    )
    orgao = forms.ChoiceField(
        label="Órgão", required=False, widget=forms.Select(attrs={"class": "form-select"})
    )
    uf = forms.ChoiceField(
        label="UF",
        required=False,
        choices=[("", "Todas"), *UF.choices],
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    municipio = forms.CharField(
        label="Município",
        required=False,
        max_length=100,
        widget=forms.TextInput(attrs={"class": "form-control"}),
    )
    nivel = forms.ChoiceField(
        label="Nível",
        required=False,
        choices=[("", "Todos"), *NivelEnsino.choices],
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    area = forms.CharField(
        label="Área ou curso",
        required=False,
        max_length=120,
        widget=forms.TextInput(attrs={"class": "form-control"}),
    )
    situacao = forms.ChoiceField(
        label="Situação",
        required=False,
        choices=[("", "Todas"), (INSCRICOES_ABERTAS, "Inscrições abertas"), *SITUACOES_PUBLICAS],
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        com_selecao = Selecao.objects.publicadas().values("orgao")
        self.fields["orgao"].choices = [  # type: ignore[attr-defined]
            ("", "Todos"),
            *((o.sigla, f"{o.sigla} — {o.nome}") for o in Orgao.objects.filter(pk__in=com_selecao)),
        ]

    def filtros(self) -> FiltrosSelecoes:
        """Os filtros válidos; um valor inválido é ignorado (a lista nunca quebra)."""
        self.is_valid()
        dados = {nome: self.cleaned_data.get(nome) or "" for nome in self.fields}
        return FiltrosSelecoes(**{k: v.strip() for k, v in dados.items()})


class ConsultaSituacaoForm(forms.Form):
    numero = forms.CharField(
        label="Número de inscrição",
        max_length=20,
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
        error_messages={"required": "Informe o número de inscrição."},
    )
    cpf = forms.CharField(
        label="CPF",
        required=False,
        max_length=14,
        help_text="Somente números ou no formato 000.000.000-00.",
        widget=forms.TextInput(
            attrs={"class": "form-control", "inputmode": "numeric", "autocomplete": "off"}
        ),
    )
    codigo = forms.CharField(
        label="Código de verificação",
        required=False,
        max_length=40,
        help_text=(
            "Impresso no comprovante de inscrição (ex.: ABCD-EFGH-JKLM). Com ele você também "
            "vê o link para responder a uma convocação."
        ),
        widget=forms.TextInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )

    def clean_numero(self) -> str:
        return self.cleaned_data["numero"].strip().upper()

    def clean_cpf(self) -> str:
        cpf = somente_digitos(self.cleaned_data["cpf"])
        if self.cleaned_data["cpf"].strip() and not cpf_valido(cpf):
            raise forms.ValidationError("CPF inválido: confira os 11 dígitos.")
        return cpf

    def clean_codigo(self) -> str:
        return self.cleaned_data["codigo"].strip().upper()

    def clean(self) -> dict[str, str]:
        dados = super().clean() or {}
        if not self.errors and not dados.get("cpf") and not dados.get("codigo"):
            self.add_error(
                "cpf", "Informe o CPF ou o código de verificação do comprovante de inscrição."
            )
        return dados
