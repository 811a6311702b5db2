"""O edital inteiro (seleção, vagas, critérios) e a retificação.

Cada mensagem de erro nomeia o campo; `FormularioEdital` reúne os três
formulários, faz as validações cruzadas e entrega um `DadosEdital` aos serviços.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any, cast

from crispy_forms.helper import FormHelper
from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet
from django.utils import timezone

from selecoes import reserva
from selecoes.categorias import Categoria
from selecoes.forms.campos import PREFIXO_CRITERIOS, PREFIXO_VAGAS, DataInput
from selecoes.forms.categorias import (
    PREFIXO_CATEGORIAS,
    BaseCategoriaFormSet,
    CategoriaFormSet,
)
from selecoes.forms.selecao import SelecaoForm
from selecoes.forms.vagas import CriterioFormSet, VagaFormSet
from selecoes.models import Orgao, Selecao
from selecoes.selectors import reservas_da_selecao, sequencia_explicita_do_json
from selecoes.services import (
    CAMPOS_CATEGORIA,
    CAMPOS_CRITERIO,
    CAMPOS_SELECAO,
    CAMPOS_VAGA,
    DadosEdital,
)


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
        # Sem o formulário de gestão das categorias no POST (cliente antigo), as
        # categorias já gravadas ficam como estão.
        enviadas = data is not None and f"{PREFIXO_CATEGORIAS}-TOTAL_FORMS" in data
        self.categorias = cast(
            BaseCategoriaFormSet,
            CategoriaFormSet(
                data if enviadas else None, instance=instance, prefix=PREFIXO_CATEGORIAS
            ),
        )
        if instance.pk and not self.is_bound:
            for form in self.categorias.forms:
                item = (instance.sequencia_explicita or {}).get(form.instance.categoria) or {}
                form.initial["posicoes"] = ", ".join(map(str, item.get("posicoes", [])))
                form.initial["intervalo"] = item.get("intervalo")
        self.erros_gerais: list[str] = []

    @property
    def is_bound(self) -> bool:
        return self.selecao.is_bound

    def is_valid(self) -> bool:
        validos = [
            self.selecao.is_valid(),
            self.vagas.is_valid(),
            self.criterios.is_valid(),
            not self.categorias.is_bound or self.categorias.is_valid(),
        ]
        if validos[0] and validos[2]:
            self.selecao.validar_desempate(self.criterios.codigos())  # type: ignore[attr-defined]
        if validos[0] and validos[3]:
            self._validar_reservas()
        return all(validos) and self.selecao.is_valid() and not self.categorias.total_error_count()

    def _validar_reservas(self) -> None:
        """Soma dos percentuais ≤ 100 e sequência explícita que nomeia toda categoria
        declarada (regras de reserva, §§ 3 e 7)."""
        dados = self.selecao.cleaned_data
        linhas = self.categorias.linhas()
        reservas = reservas_da_selecao(
            reserva_pcd=bool(dados.get("reserva_pcd")),
            percentual_pcd=dados.get("percentual_pcd"),
            percentual_negros=dados.get("percentual_negros"),
            outras=self._categorias_declaradas(),
        )
        total = sum((r.percentual for r in reservas), Decimal(0))
        if total > 100:
            partes = " + ".join(f"{r.percentual.normalize():f}% ({r.categoria})" for r in reservas)
            mensagem = (
                f"Percentual: a soma das reservas ({partes} = {total.normalize():f}%) passa "
                "de 100%; o máximo é 100%."
            )
            if linhas:
                linhas[-1].add_error("percentual", mensagem)
            else:
                self.selecao.add_error("percentual_negros", mensagem)
            return
        sequencia = self.sequencia_explicita()
        if sequencia is None or not linhas:
            return
        try:
            sequencia_explicita_do_json(sequencia, [r.categoria for r in reservas])
        except reserva.EntradaInvalida as erro:
            alvo = next((f for f in linhas if f.cleaned_data["categoria"] == erro.campo), None)
            if alvo is not None:
                alvo.add_error("posicoes", f"Posições reservadas: {erro.mensagem}")
            elif erro.campo == Categoria.PCD:
                self.selecao.add_error("pcd_posicoes", f"Sequência explícita: {erro.mensagem}")
            else:
                self.selecao.add_error("negros_posicoes", f"Sequência explícita: {erro.mensagem}")

    def categorias_da_previa(self) -> list[tuple[str, Decimal]]:
        """(código, percentual) das categorias do órgão enviadas, se válidas (a prévia
        do quadro ao lado do formulário)."""
        if self.categorias.is_bound and not self.categorias.is_valid():
            return []
        if not self.selecao.is_valid():
            return []
        return self._categorias_declaradas()

    def _categorias_declaradas(self) -> list[tuple[str, Decimal]]:
        return [(c["categoria"], c["percentual"]) for c in self._linhas_categorias()]

    def _linhas_categorias(self) -> list[dict[str, Any]]:
        if not self.categorias.is_bound:
            if self.instance.pk is None:
                return []
            return [
                {"id": c.pk, **{k: getattr(c, k) for k in CAMPOS_CATEGORIA}}
                for c in self.instance.categorias_orgao.all()
            ]
        return [
            {"id": f.instance.pk, **{c: f.cleaned_data[c] for c in CAMPOS_CATEGORIA}}
            for f in self.categorias.linhas()
        ]

    def sequencia_explicita(self) -> dict[str, Any] | None:
        """A de negros e PcD (formulário da seleção) mais a de cada categoria do órgão."""
        sequencia = dict(self.selecao.sequencia_explicita() or {})
        for form in self.categorias.linhas():
            posicoes = form.cleaned_data.get("posicoes") or []
            if posicoes:
                item: dict[str, Any] = {"posicoes": posicoes}
                if form.cleaned_data.get("intervalo"):
                    item["intervalo"] = form.cleaned_data["intervalo"]
                sequencia[form.cleaned_data["categoria"]] = item
        return sequencia or None

    @property
    def orgao(self) -> Orgao:
        return self.selecao.cleaned_data.get("orgao") or self.instance.orgao

    def dados(self) -> DadosEdital:
        form = self.selecao
        selecao = {c: form.cleaned_data[c] for c in CAMPOS_SELECAO if c in form.cleaned_data}
        selecao["sequencia_explicita"] = self.sequencia_explicita()
        selecao["criterios_desempate"] = form.criterios_desempate()
        return DadosEdital(
            selecao=selecao,
            vagas=self._linhas(self.vagas, CAMPOS_VAGA),  # type: ignore[arg-type]
            criterios=self._linhas(self.criterios, CAMPOS_CRITERIO),  # type: ignore[arg-type]
            categorias=self._linhas_categorias(),
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
        for formset, rotulo in (
            (self.vagas, "Vaga"),
            (self.criterios, "Critério de avaliação"),
            (self.categorias, "Categoria do órgão"),
        ):
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
