"""O edital inteiro (seleção, vagas, critérios) e a retificação.

Cada mensagem de erro nomeia o campo; `FormularioEdital` reúne os três
formulários, faz as validações cruzadas e entrega um `DadosEdital` aos serviços.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from crispy_forms.helper import FormHelper
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet
from django.utils import timezone

from selecoes.forms.campos import PREFIXO_CRITERIOS, PREFIXO_VAGAS, DataInput
from selecoes.forms.selecao import SelecaoForm
from selecoes.forms.vagas import CriterioFormSet, VagaFormSet
from selecoes.models import Orgao, Selecao
from selecoes.services import CAMPOS_CRITERIO, CAMPOS_SELECAO, CAMPOS_VAGA, DadosEdital


class FormularioEdital:
    """A seleção, suas vagas e critérios: um só `is_valid()` e um só `dados()`."""

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        instance: Selecao | None = None,
        orgaos: QuerySet[Orgao] | None = None,
    ) -> None:
        instance = instance or Selecao()
        self.instance = instance
        self.selecao = SelecaoForm(data, instance=instance, orgaos=orgaos)
        self.vagas = VagaFormSet(data, instance=instance, prefix=PREFIXO_VAGAS)
        self.criterios = CriterioFormSet(data, instance=instance, prefix=PREFIXO_CRITERIOS)
        self.erros_gerais: list[str] = []

    @property
    def is_bound(self) -> bool:
        return self.selecao.is_bound

    def is_valid(self) -> bool:
        validos = [self.selecao.is_valid(), self.vagas.is_valid(), self.criterios.is_valid()]
        if validos[0] and validos[2]:
            self.selecao.validar_desempate(self.criterios.codigos())  # type: ignore[attr-defined]
        return all(validos) and self.selecao.is_valid()

    @property
    def orgao(self) -> Orgao:
        return self.selecao.cleaned_data.get("orgao") or self.instance.orgao

    def dados(self) -> DadosEdital:
        form = self.selecao
        selecao = {c: form.cleaned_data[c] for c in CAMPOS_SELECAO if c in form.cleaned_data}
        selecao["sequencia_explicita"] = form.sequencia_explicita()
        selecao["criterios_desempate"] = form.criterios_desempate()
        return DadosEdital(
            selecao=selecao,
            vagas=self._linhas(self.vagas, CAMPOS_VAGA),  # type: ignore[arg-type]
            criterios=self._linhas(self.criterios, CAMPOS_CRITERIO),  # type: ignore[arg-type]
        )

    @staticmethod
    def _linhas(formset: BaseInlineFormSet, campos: tuple[str, ...]) -> list[dict[str, Any]]:
        linhas = []
        for form in formset.forms:
            if not form.has_changed() and not form.instance.pk:
                continue
            if formset._should_delete_form(form):  # type: ignore[attr-defined]
                continue
            linhas.append({"id": form.instance.pk, **{c: form.cleaned_data[c] for c in campos}})
        return linhas

    def adicionar_erros(self, erro: ValidationError) -> None:
        """Erros levantados pelos serviços (ex.: vaga com inscrições não pode sair)."""
        self.erros_gerais.extend(erro.messages)

    def resumo_erros(self, *outros: forms.Form) -> list[tuple[str, str]]:
        """(id do campo, mensagem) de todos os erros, para o resumo no topo da página.

        Toda mensagem nomeia o campo (e a vaga ou critério da linha); `outros` são
        formulários exibidos junto (ex.: a retificação).
        """
        itens: list[tuple[str, str]] = [("", m) for m in self.erros_gerais]
        for form in (*outros, self.selecao):
            itens += _erros_nomeados(form)
        for formset, rotulo in ((self.vagas, "Vaga"), (self.criterios, "Critério de avaliação")):
            itens += [("", str(m)) for m in formset.non_form_errors()]
            for numero, form in enumerate(formset.forms, 1):  # type: ignore[assignment]
                itens += [(i, f"{rotulo} {numero} — {m}") for i, m in _erros_nomeados(form)]
        return itens


def _erros_nomeados(form: forms.BaseForm) -> list[tuple[str, str]]:
    """Erros do formulário com o rótulo do campo à frente quando a mensagem não o traz."""
    itens: list[tuple[str, str]] = []
    for nome, erros in form.errors.items():
        if nome == NON_FIELD_ERRORS or nome not in form.fields:
            itens += [("", str(m)) for m in erros]
            continue
        campo = form[nome]
        rotulo = str(campo.label)
        for mensagem in map(str, erros):
            nomeada = ":" in mensagem[:70]
            itens.append((campo.id_for_label, mensagem if nomeada else f"{rotulo}: {mensagem}"))
    return itens


AJUDA_BASE_CONGELADA = (
    "Aparece no histórico de versões e no edital retificado. Já há resultado publicado: "
    "a base legal da reserva está congelada (regras, § 8) — data de publicação, vagas "
    "(inclusão, exclusão, ordem, código e vagas ofertadas), reservas e percentuais, "
    "sequência explícita, período de inscrições, critérios de avaliação (código, peso, "
    "nota máxima) e de desempate. Ainda podem mudar: título, número, descrição e "
    "requisitos do edital; nome dos critérios; área, curso, nível, local, carga horária, "
    "bolsa, auxílio-transporte e requisitos de cada vaga; e a validade, só para prorrogar. "
    "Antes de publicar, o sistema mostra o que a retificação altera, para confirmar."
)


class RetificacaoForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da retificação",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        error_messages={"required": "Motivo da retificação: informe o motivo."},
        help_text="Aparece no histórico de versões e no edital retificado.",
    )
    data_retificacao = forms.DateField(
        label="Data da retificação",
        widget=DataInput(),
        error_messages={
            "required": "Data da retificação: informe a data de publicação da retificação.",
            "invalid": "Data da retificação: data inválida.",
        },
    )
    previa = forms.CharField(
        widget=forms.HiddenInput,
        required=False,
        max_length=64,
        help_text="Hash do conteúdo cujas diferenças foram exibidas e confirmadas.",
    )

    def __init__(self, *args: Any, selecao: Selecao, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selecao = selecao
        self.congelada = selecao.resultados.exists()
        if self.congelada:
            self.fields["motivo"].help_text = AJUDA_BASE_CONGELADA
        self.initial.setdefault(
            "data_retificacao", max(timezone.localdate(), selecao.data_publicacao_edital)
        )
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True

    def clean_motivo(self) -> str:
        motivo = self.cleaned_data["motivo"].strip()
        if not motivo:
            raise ValidationError("Motivo da retificação: informe o motivo.")
        return motivo

    def clean_data_retificacao(self) -> date:
        data = self.cleaned_data["data_retificacao"]
        if data < self.selecao.data_publicacao_edital:
            raise ValidationError(
                "Data da retificação: não pode ser anterior à publicação do edital "
                f"({self.selecao.data_publicacao_edital:%d/%m/%Y})."
            )
        return data
