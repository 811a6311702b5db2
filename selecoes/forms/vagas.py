"""Vagas de estágio e critérios de avaliação: formulários em linha da seleção."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms
from django.core.exceptions import ValidationError
from django.forms import BaseInlineFormSet, inlineformset_factory

from selecoes.forms.campos import CampoDecimal
from selecoes.models import CASAS_DECIMAIS_PADRAO, CriterioAvaliacao, Selecao, VagaEstagio
from selecoes.models.selecao import MENSAGEM_MAX_VAGAS
from selecoes.services import CAMPOS_CRITERIO, CAMPOS_VAGA


class VagaForm(forms.ModelForm):
    class Meta:
        model = VagaEstagio
        fields = list(CAMPOS_VAGA)
        field_classes = {"valor_bolsa": CampoDecimal, "auxilio_transporte": CampoDecimal}
        widgets = {"requisitos": forms.Textarea(attrs={"rows": 2})}
        labels = {
            "requisitos": "Requisitos específicos",
            "sem_cadastro_reserva": "Sem cadastro de reserva",
        }
        help_texts = {
            "carga_horaria_semanal": "Até 30 (Lei nº 11.788/2008, art. 10).",
            "vagas_ofertadas": "0 = cadastro de reserva.",
            "sem_cadastro_reserva": "Marque se o edital oferece só estas vagas: a vaga não "
            "chama além delas, salvo para suprir desistência ou eliminação.",
        }
        error_messages = {
            "codigo": {"required": "Código: informe um código curto (ex.: DIR-BSB)."},
            "area": {"required": "Área: informe a área do estágio."},
            "nivel": {"required": "Nível: escolha o nível de ensino."},
            "municipio": {"required": "Município: informe o local do estágio."},
            "uf": {"required": "UF: escolha a unidade da federação."},
            "carga_horaria_semanal": {
                "required": "Carga horária semanal: informe as horas.",
                "min_value": "Carga horária semanal: no mínimo 1 hora.",
                "max_value": "Carga horária semanal: no máximo 30 horas (Lei nº 11.788/2008, "
                "art. 10).",
            },
            "valor_bolsa": {
                "required": "Valor da bolsa: informe o valor.",
                "min_value": "Valor da bolsa: não pode ser negativo.",
            },
            "auxilio_transporte": {
                "required": "Auxílio-transporte: informe o valor (0 se não houver).",
                "min_value": "Auxílio-transporte: não pode ser negativo.",
            },
            "vagas_ofertadas": {
                "required": "Vagas ofertadas: informe o número (0 = somente cadastro de reserva).",
                "min_value": "Vagas ofertadas: não pode ser negativo (0 = somente cadastro de "
                "reserva).",
                "invalid": "Vagas ofertadas: informe um número inteiro.",
                "max_value": MENSAGEM_MAX_VAGAS,
            },
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("codigo", css_class="col-md-4"),
                Column("area", css_class="col-md-8"),
            ),
            Row(
                Column("curso", css_class="col-md-7"),
                Column("nivel", css_class="col-md-5"),
            ),
            Row(
                Column("municipio", css_class="col-md-8"),
                Column("uf", css_class="col-md-4"),
            ),
            Row(
                Column("vagas_ofertadas", css_class="col-md-3"),
                Column("carga_horaria_semanal", css_class="col-md-3"),
                Column("valor_bolsa", css_class="col-md-3"),
                Column("auxilio_transporte", css_class="col-md-3"),
            ),
            "sem_cadastro_reserva",
            "requisitos",
            "id",
            "DELETE",
        )

    def validate_unique(self) -> None:
        """Feita sobre o conjunto enviado (`BaseVagaFormSet`): códigos podem trocar de vaga."""

    def clean_codigo(self) -> str:
        return self.cleaned_data["codigo"].strip().upper()

    def clean_valor_bolsa(self) -> Decimal:
        return _nao_negativo(self.cleaned_data["valor_bolsa"], "Valor da bolsa")

    def clean_auxilio_transporte(self) -> Decimal:
        return _nao_negativo(self.cleaned_data["auxilio_transporte"], "Auxílio-transporte")


def _nao_negativo(valor: Decimal, rotulo: str) -> Decimal:
    if valor is not None and valor < 0:
        raise ValidationError(f"{rotulo}: não pode ser negativo.")
    return valor


# Um POST com TOTAL_FORMS enorme faria o Django montar e redesenhar até 2.000 linhas
# em branco (minutos de CPU); o limite vale também para o que se aceita.
MAX_VAGAS = 300
MAX_CRITERIOS = 30


class BaseVagaFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_few_forms": "Vagas de estágio: cadastre ao menos uma vaga.",
        "too_many_forms": "Vagas de estágio: no máximo %(num)d vagas por seleção.",
    }

    def validate_unique(self) -> None:
        """Códigos únicos na seleção, com mensagem que nomeia as duas vagas."""
        vistos: dict[str, int] = {}
        for numero, form in enumerate(self.forms, 1):
            if not hasattr(form, "cleaned_data") or self._should_delete_form(form):  # type: ignore[attr-defined]
                continue
            codigo = form.cleaned_data.get("codigo")
            if not codigo:
                continue
            if codigo in vistos:
                form.add_error(
                    "codigo",
                    f"Código: “{codigo}” já é o código da vaga {vistos[codigo]}; "
                    "use um código diferente.",
                )
            else:
                vistos[codigo] = numero


class CriterioForm(forms.ModelForm):
    class Meta:
        model = CriterioAvaliacao
        fields = list(CAMPOS_CRITERIO)
        field_classes = {"peso": CampoDecimal, "nota_maxima": CampoDecimal}
        error_messages = {
            "codigo": {
                "required": "Código do critério: informe um código (ex.: prova).",
                "invalid": "Código do critério: use letras minúsculas, números, - ou _.",
            },
            "nome": {"required": "Nome do critério: informe o nome."},
            "peso": {"min_value": "Peso: deve ser maior que zero."},
            "casas_decimais": {
                "required": "Casas decimais da nota: informe de 0 a 4.",
                "invalid": "Casas decimais da nota: digite um número inteiro de 0 a 4.",
                "min_value": "Casas decimais da nota: use de 0 a 4.",
                "max_value": "Casas decimais da nota: use de 0 a 4.",
            },
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("codigo", css_class="col-md-3"),
                Column("nome", css_class="col-md-3"),
                Column("peso", css_class="col-md-2"),
                Column("nota_maxima", css_class="col-md-2"),
                Column("casas_decimais", css_class="col-md-2"),
            ),
            "id",
            "DELETE",
        )
        casas = self.fields["casas_decimais"]
        casas.required = False
        casas.help_text = "De 0 a 4; em branco, 2 (padrão)."

    def clean_casas_decimais(self) -> int:
        """Em branco vale o padrão (2 casas), como num edital sem a informação."""
        casas = self.cleaned_data.get("casas_decimais")
        return CASAS_DECIMAIS_PADRAO if casas is None else casas

    def validate_unique(self) -> None:
        """Feita sobre o conjunto enviado (`BaseCriterioFormSet`)."""

    def clean_nota_maxima(self) -> Decimal:
        nota = self.cleaned_data["nota_maxima"]
        if nota is not None and nota <= 0:
            raise ValidationError("Nota máxima: deve ser maior que zero.")
        return nota


class BaseCriterioFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_many_forms": "Critérios de avaliação: no máximo %(num)d critérios por seleção.",
    }

    def validate_unique(self) -> None:
        vistos: set[str] = set()
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or self._should_delete_form(form):  # type: ignore[attr-defined]
                continue
            codigo = form.cleaned_data.get("codigo")
            if codigo and codigo in vistos:
                form.add_error("codigo", f"Código do critério: “{codigo}” repetido.")
            vistos.add(codigo)  # type: ignore[arg-type]

    def codigos(self) -> list[str]:
        return [
            f.cleaned_data["codigo"]
            for f in self.forms
            if getattr(f, "cleaned_data", None)
            and f.cleaned_data.get("codigo")
            and not self._should_delete_form(f)  # type: ignore[attr-defined]
        ]


VagaFormSet = inlineformset_factory(
    Selecao,
    VagaEstagio,
    form=VagaForm,
    formset=BaseVagaFormSet,
    extra=0,
    min_num=1,
    validate_min=True,
    max_num=MAX_VAGAS,
    absolute_max=MAX_VAGAS,
    validate_max=True,
    can_delete=True,
)
CriterioFormSet = inlineformset_factory(
    Selecao,
    CriterioAvaliacao,
    form=CriterioForm,
    formset=BaseCriterioFormSet,
    extra=0,
    max_num=MAX_CRITERIOS,
    absolute_max=MAX_CRITERIOS,
    validate_max=True,
    can_delete=True,
)
