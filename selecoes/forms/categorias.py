"""Categorias de reserva do órgão: formulário em linha do edital.

Negros (no mínimo 30%, Decreto nº 9.427/2018, art. 1º) e PcD (Lei nº 11.788/2008,
art. 17, § 5º) ficam no formulário da seleção; aqui, as que o órgão acrescenta por
ato próprio, na ordem de precedência, cada uma com sua base legal, a pergunta de
autodeclaração e, se houver, o documento exigido e as posições explícitas (art. 3º).
"""

from __future__ import annotations

from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.forms import BaseInlineFormSet, inlineformset_factory

from selecoes.categorias import Categoria
from selecoes.forms.campos import CampoDecimal, _posicoes
from selecoes.models import CategoriaEdital, Selecao
from selecoes.services import CAMPOS_CATEGORIA

PREFIXO_CATEGORIAS = "categorias"
MAX_CATEGORIAS = 5
"""As cinco categorias nacionais além de negros e PcD."""


class CategoriaForm(forms.ModelForm):
    posicoes = forms.CharField(
        label="Posições reservadas (sequência explícita)",
        required=False,
        help_text="Só se o edital publica as posições (ex.: 11, 21, 31); em branco, vale a "
        "regra de arredondamento.",
    )
    intervalo = forms.IntegerField(
        label="Continuar de quantas em quantas",
        required=False,
        min_value=1,
        error_messages={"min_value": "Intervalo: informe um número maior que zero."},
    )

    class Meta:
        model = CategoriaEdital
        fields = list(CAMPOS_CATEGORIA)
        field_classes = {"percentual": CampoDecimal}
        widgets = {"ajuda": forms.Textarea(attrs={"rows": 2})}
        error_messages = {
            "categoria": {
                "required": "Código nacional: escolha a categoria (usada no monitoramento).",
                "invalid_choice": "Código nacional: escolha uma das categorias da lista.",
            },
            "nome": {"required": "Nome no edital: informe o nome da categoria."},
            "percentual": {
                "required": "Percentual: informe o percentual das vagas.",
                "min_value": "Percentual: deve ser maior que zero.",
                "max_value": "Percentual: no máximo 100%%.",
                "invalid": "Percentual: informe um número.",
            },
            "base_legal": {"required": "Base legal: informe o ato do órgão que cria a reserva."},
            "pergunta": {
                "required": "Pergunta de autodeclaração: informe a pergunta do formulário."
            },
            "documento_tamanho_max_mb": {
                "min_value": "Tamanho máximo do documento: no mínimo 1 MB.",
                "max_value": "Tamanho máximo do documento: no máximo %(limit_value)s MB.",
            },
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("categoria", css_class="col-md-4"),
                Column("nome", css_class="col-md-5"),
                Column("percentual", css_class="col-md-3"),
            ),
            "base_legal",
            "pergunta",
            "ajuda",
            "lista_com_nomes",
            Row(
                Column("documento_exigido", css_class="col-md-3"),
                Column("documento_descricao", css_class="col-md-6"),
                Column("documento_tamanho_max_mb", css_class="col-md-3"),
            ),
            Row(
                Column("posicoes", css_class="col-md-8"), Column("intervalo", css_class="col-md-4")
            ),
            "id",
            "DELETE",
        )

    def validate_unique(self) -> None:
        """Feita sobre o conjunto enviado (`BaseCategoriaFormSet`)."""

    def clean_posicoes(self) -> list[int]:
        return _posicoes(self.cleaned_data.get("posicoes", ""), "Posições reservadas")

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        if dados.get("documento_exigido") and not (dados.get("documento_descricao") or "").strip():
            self.add_error(
                "documento_descricao",
                "Documento exigido: descreva o documento (ex.: declaração da comunidade).",
            )
        if dados.get("intervalo") and not dados.get("posicoes"):
            self.add_error("intervalo", "Intervalo: informe também as posições reservadas.")
        return dados


class BaseCategoriaFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_many_forms": "Categorias do órgão: no máximo %(num)d categorias por seleção.",
    }

    def validate_unique(self) -> None:
        vistas: set[str] = set()
        for form in self.linhas():
            categoria = form.cleaned_data.get("categoria")
            if categoria and categoria in vistas:
                form.add_error(
                    "categoria",
                    f"Código nacional: “{Categoria(categoria).label}” já foi declarada "
                    "nesta seleção.",
                )
            if categoria:
                vistas.add(categoria)

    def linhas(self) -> list[forms.ModelForm[Any]]:
        """As linhas preenchidas e não excluídas, na ordem do edital (a precedência)."""
        return [
            f
            for f in self.forms
            if getattr(f, "cleaned_data", None)
            and (f.has_changed() or f.instance.pk)
            and not self._should_delete_form(f)  # type: ignore[attr-defined]
        ]


CategoriaFormSet = inlineformset_factory(
    Selecao,
    CategoriaEdital,
    form=CategoriaForm,
    formset=BaseCategoriaFormSet,
    extra=0,
    max_num=MAX_CATEGORIAS,
    absolute_max=MAX_CATEGORIAS,
    validate_max=True,
    can_delete=True,
)
