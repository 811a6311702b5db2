"""Formulários do edital: a seleção, suas vagas de estágio e critérios de avaliação.

Cada mensagem de erro nomeia o campo; `FormularioEdital` reúne os três
formulários, faz as validações cruzadas e entrega um `DadosEdital` aos serviços.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Div, Fieldset, Layout, Row
from django import forms
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.forms import BaseInlineFormSet, inlineformset_factory
from django.utils import timezone

from selecoes import reserva
from selecoes.models import (
    CriterioAvaliacao,
    CriterioDesempate,
    Orgao,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
)
from selecoes.selectors import reservas_da_selecao, sequencia_explicita_do_json
from selecoes.services import (
    CAMPOS_CRITERIO,
    CAMPOS_SELECAO,
    CAMPOS_VAGA,
    DadosEdital,
    erros_criterios_desempate,
)

MAX_CRITERIOS_DESEMPATE = 5
PREFIXO_VAGAS = "vagas"
PREFIXO_CRITERIOS = "criterios"
FORMATO_DATA_HORA = "%Y-%m-%dT%H:%M"


class DataInput(forms.DateInput):
    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


class DataHoraInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=FORMATO_DATA_HORA)


def _posicoes(texto: str, rotulo: str) -> list[int]:
    """ "3, 8, 13" → [3, 8, 13]; aceita espaços, vírgulas, ponto e vírgula e "ª"."""
    partes = [p for p in re.split(r"[\s,;]+", texto.replace("ª", "").replace("º", "")) if p]
    try:
        posicoes = [int(p) for p in partes]
    except ValueError:
        raise ValidationError(
            f"{rotulo}: use números inteiros separados por vírgula (ex.: 3, 8, 13)."
        ) from None
    if any(p < 1 for p in posicoes):
        raise ValidationError(f"{rotulo}: as posições começam em 1.")
    if any(b <= a for a, b in itertools.pairwise(posicoes)):
        raise ValidationError(f"{rotulo}: as posições devem estar em ordem crescente, sem repetir.")
    return posicoes


class CamposReservaMixin(forms.Form):
    """Campos que decidem o quadro de reserva; usados no edital e na prévia."""

    negros_posicoes = forms.CharField(
        label="Posições reservadas a candidatos negros",
        required=False,
        help_text="Opcional. Ex.: 3, 8, 13. Em branco, vale a regra de arredondamento de 30%.",
    )
    negros_intervalo = forms.IntegerField(
        label="Continuar de quantas em quantas (negros)",
        required=False,
        min_value=1,
        error_messages={"min_value": "Intervalo (negros): informe um número maior que zero."},
        help_text="Ex.: 5 para “e assim sucessivamente de 5 em 5”.",
    )
    pcd_posicoes = forms.CharField(
        label="Posições reservadas a pessoas com deficiência",
        required=False,
        help_text="Obrigatório se informar as dos candidatos negros e houver reserva PcD.",
    )
    pcd_intervalo = forms.IntegerField(
        label="Continuar de quantas em quantas (PcD)",
        required=False,
        min_value=1,
        error_messages={"min_value": "Intervalo (PcD): informe um número maior que zero."},
    )

    def clean_negros_posicoes(self) -> list[int]:
        return _posicoes(self.cleaned_data.get("negros_posicoes", ""), "Posições (negros)")

    def clean_pcd_posicoes(self) -> list[int]:
        return _posicoes(self.cleaned_data.get("pcd_posicoes", ""), "Posições (PcD)")

    def sequencia_explicita(self) -> dict[str, Any] | None:
        """O JSON de `Selecao.sequencia_explicita`, ou None (regra de arredondamento)."""
        dados = self.cleaned_data
        sequencia: dict[str, Any] = {}
        for categoria in ("negros", "pcd"):
            posicoes = dados.get(f"{categoria}_posicoes") or []
            if posicoes:
                item: dict[str, Any] = {"posicoes": posicoes}
                if dados.get(f"{categoria}_intervalo"):
                    item["intervalo"] = dados[f"{categoria}_intervalo"]
                sequencia[categoria] = item
        if not dados.get("reserva_pcd"):
            sequencia.pop("pcd", None)
        return sequencia or None

    def validar_sequencia(self) -> None:
        """Art. 3º: posições explícitas valem para todas as categorias, sem colisão."""
        for categoria, rotulo in (("negros", "negros"), ("pcd", "PcD")):
            if self.cleaned_data.get(f"{categoria}_intervalo") and not self.cleaned_data.get(
                f"{categoria}_posicoes"
            ):
                self.add_error(
                    f"{categoria}_intervalo",
                    f"Intervalo ({rotulo}): informe também as posições reservadas.",
                )
        sequencia = self.sequencia_explicita()
        if sequencia is None:
            return
        reservas = reservas_da_selecao(
            reserva_pcd=bool(self.cleaned_data.get("reserva_pcd")),
            percentual_pcd=self.cleaned_data.get("percentual_pcd"),
        )
        try:
            sequencia_explicita_do_json(sequencia, [r.categoria for r in reservas])
        except reserva.EntradaInvalida as erro:
            campo = "pcd_posicoes" if erro.campo.startswith("pcd") else "negros_posicoes"
            self.add_error(campo, f"Sequência explícita: {erro.mensagem}")

    def iniciar_sequencia(self, sequencia: Mapping[str, Any] | None) -> None:
        for categoria, item in (sequencia or {}).items():
            self.initial[f"{categoria}_posicoes"] = ", ".join(map(str, item.get("posicoes", [])))
            self.initial[f"{categoria}_intervalo"] = item.get("intervalo")


def _campo_desempate(i: int) -> forms.Field:
    return forms.ChoiceField(
        label=f"{i}º critério",
        required=i == 1,
        choices=[("", "—"), *CriterioDesempate.choices],
        error_messages={
            "required": "1º critério de desempate: escolha ao menos um critério.",
            "invalid_choice": f"{i}º critério de desempate: escolha um critério da lista.",
        },
    )


def _campo_parametro(i: int) -> forms.Field:
    return forms.CharField(
        label=f"Critério de avaliação do {i}º",
        required=False,
        max_length=30,
        help_text="Código do critério de avaliação, se escolher “nota em um critério”.",
    )


class SelecaoForm(CamposReservaMixin, forms.ModelForm):
    orgao = forms.ModelChoiceField(
        label="Órgão", queryset=Orgao.objects.none(), empty_label="Escolha o órgão"
    )

    class Meta:
        model = Selecao
        fields = [
            "orgao",
            "titulo",
            "numero_edital",
            "data_publicacao_edital",
            "inscricoes_inicio",
            "inscricoes_fim",
            "validade_meses",
            "descricao",
            "requisitos",
            "reserva_pcd",
            "percentual_pcd",
        ]
        widgets = {
            "data_publicacao_edital": DataInput(),
            "inscricoes_inicio": DataHoraInput(),
            "inscricoes_fim": DataHoraInput(),
            "descricao": forms.Textarea(attrs={"rows": 4}),
            "requisitos": forms.Textarea(attrs={"rows": 3}),
        }
        help_texts = {
            "inscricoes_inicio": "Horário de Brasília.",
            "inscricoes_fim": "Horário de Brasília.",
            "percentual_pcd": "",
        }
        error_messages = {
            "titulo": {"required": "Título: informe o título da seleção."},
            "numero_edital": {"required": "Número do edital: informe o número (ex.: 3/2026)."},
            "data_publicacao_edital": {
                "required": "Data de publicação do edital: informe a data.",
                "invalid": "Data de publicação do edital: data inválida.",
            },
            "inscricoes_inicio": {
                "required": "Início das inscrições: informe data e hora.",
                "invalid": "Início das inscrições: data e hora inválidas.",
            },
            "inscricoes_fim": {
                "required": "Fim das inscrições: informe data e hora.",
                "invalid": "Fim das inscrições: data e hora inválidas.",
            },
            "validade_meses": {
                "min_value": "Validade: no mínimo 1 mês.",
                "max_value": "Validade: no máximo 48 meses.",
            },
            "percentual_pcd": {
                "min_value": "Percentual PcD: deve ser maior que zero.",
                "max_value": "Percentual PcD: no máximo 70%.",
            },
        }

    def __init__(self, *args: Any, orgaos: QuerySet[Orgao] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_CRITERIOS_DESEMPATE + 1):
            self.fields[f"desempate_{i}"] = _campo_desempate(i)
            self.fields[f"desempate_{i}_parametro"] = _campo_parametro(i)
        if self.instance.pk or orgaos is None:
            del self.fields["orgao"]
        else:
            self.fields["orgao"].queryset = orgaos
            if orgaos.count() == 1:
                self.fields["orgao"].initial = orgaos.first()
        if self.instance.pk:
            self.iniciar_sequencia(self.instance.sequencia_explicita)
            for i, item in enumerate(self.instance.criterios_desempate or [], 1):
                if i <= MAX_CRITERIOS_DESEMPATE:
                    self.initial[f"desempate_{i}"] = item.get("criterio", "")
                    self.initial[f"desempate_{i}_parametro"] = item.get("parametro", "")
        elif not self.is_bound:
            self.initial.setdefault("desempate_1", CriterioDesempate.MAIOR_NOTA)
            self.initial.setdefault("desempate_2", CriterioDesempate.MAIOR_IDADE)
            self.initial.setdefault("desempate_3", CriterioDesempate.SORTEIO)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = self._layout()

    def _layout(self) -> Layout:
        identificacao = ["titulo", Row(Column("numero_edital"), Column("validade_meses"))]
        if "orgao" in self.fields:
            identificacao.insert(0, "orgao")
        desempate = [
            Row(
                Column(f"desempate_{i}", css_class="col-md-7"),
                Column(f"desempate_{i}_parametro", css_class="col-md-5"),
                css_class="linha-desempate",
            )
            for i in range(1, MAX_CRITERIOS_DESEMPATE + 1)
        ]
        return Layout(
            Fieldset("Identificação", *identificacao),
            Fieldset(
                "Datas",
                Row(
                    Column("data_publicacao_edital"),
                    Column("inscricoes_inicio"),
                    Column("inscricoes_fim"),
                ),
            ),
            Fieldset("Texto do edital", "descricao", "requisitos"),
            Fieldset(
                "Reserva de vagas",
                Div(
                    "reserva_pcd",
                    "percentual_pcd",
                    css_class="mb-2",
                ),
                Row(Column("negros_posicoes"), Column("negros_intervalo")),
                Row(Column("pcd_posicoes"), Column("pcd_intervalo")),
            ),
            Fieldset("Critérios de desempate, em ordem", *desempate),
        )

    def clean_numero_edital(self) -> str:
        return self.cleaned_data["numero_edital"].strip()

    def clean(self) -> dict[str, Any]:
        dados = super().clean()
        publicacao: date | None = dados.get("data_publicacao_edital")
        inicio = dados.get("inscricoes_inicio")
        fim = dados.get("inscricoes_fim")
        if inicio and fim and fim <= inicio:
            self.add_error(
                "inscricoes_fim", "Fim das inscrições: deve ser posterior ao início das inscrições."
            )
        if publicacao and inicio and timezone.localtime(inicio).date() < publicacao:
            self.add_error(
                "inscricoes_inicio",
                "Início das inscrições: deve ser no dia da publicação do edital ou depois dele.",
            )
        self._validar_edital_unico(dados)
        self.validar_sequencia()
        return dados

    def _validar_edital_unico(self, dados: Mapping[str, Any]) -> None:
        orgao = dados.get("orgao") or (self.instance.orgao if self.instance.pk else None)
        numero = dados.get("numero_edital")
        if orgao and numero:
            repetido = Selecao.objects.filter(orgao=orgao, numero_edital=numero).exclude(
                pk=self.instance.pk
            )
            if repetido.exists():
                self.add_error(
                    "numero_edital",
                    f"Número do edital: o órgão já tem um edital nº {numero}.",
                )

    def validate_unique(self) -> None:
        """A unicidade do número no órgão é validada em `_validar_edital_unico`."""

    def criterios_desempate(self) -> list[dict[str, str]]:
        """Lista ordenada, sem as linhas em branco do fim."""
        lista = []
        for i in range(1, MAX_CRITERIOS_DESEMPATE + 1):
            criterio = self.cleaned_data.get(f"desempate_{i}") or ""
            parametro = (self.cleaned_data.get(f"desempate_{i}_parametro") or "").strip()
            item = {"criterio": criterio}
            if criterio == CriterioDesempate.NOTA_CRITERIO:
                item["parametro"] = parametro
            lista.append(item)
        while lista and not lista[-1]["criterio"]:
            lista.pop()
        return lista

    def validar_desempate(self, codigos_avaliacao: list[str]) -> None:
        lista = self.criterios_desempate()
        for i, item in enumerate(lista, 1):
            if not item["criterio"]:
                self.add_error(
                    f"desempate_{i}",
                    f"{i}º critério de desempate: está em branco, mas há critérios depois dele.",
                )
                return
        for erro in erros_criterios_desempate(lista, codigos_avaliacao):
            sufixo = "_parametro" if erro.campo == "parametro" else ""
            self.add_error(f"desempate_{erro.posicao}{sufixo}", erro.mensagem)


class VagaForm(forms.ModelForm):
    class Meta:
        model = VagaEstagio
        fields = list(CAMPOS_VAGA)
        widgets = {"requisitos": forms.Textarea(attrs={"rows": 2})}
        labels = {"requisitos": "Requisitos específicos"}
        help_texts = {
            "carga_horaria_semanal": "Até 30 (Lei nº 11.788/2008, art. 10).",
            "vagas_ofertadas": "0 = cadastro de reserva.",
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


class BaseVagaFormSet(BaseInlineFormSet):
    default_error_messages = {
        "too_few_forms": "Vagas de estágio: cadastre ao menos uma vaga.",
    }

    def validate_unique(self) -> None:
        """Códigos únicos na seleção, com mensagem que nomeia as duas vagas."""
        vistos: dict[str, int] = {}
        for numero, form in enumerate(self.forms, 1):
            if not hasattr(form, "cleaned_data") or self._should_delete_form(form):
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
        error_messages = {
            "codigo": {
                "required": "Código do critério: informe um código (ex.: prova).",
                "invalid": "Código do critério: use letras minúsculas, números, - ou _.",
            },
            "nome": {"required": "Nome do critério: informe o nome."},
            "peso": {"min_value": "Peso: deve ser maior que zero."},
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                Column("codigo", css_class="col-md-3"),
                Column("nome", css_class="col-md-5"),
                Column("peso", css_class="col-md-2"),
                Column("nota_maxima", css_class="col-md-2"),
            ),
            "id",
            "DELETE",
        )

    def validate_unique(self) -> None:
        """Feita sobre o conjunto enviado (`BaseCriterioFormSet`)."""

    def clean_nota_maxima(self) -> Decimal:
        nota = self.cleaned_data["nota_maxima"]
        if nota is not None and nota <= 0:
            raise ValidationError("Nota máxima: deve ser maior que zero.")
        return nota


class BaseCriterioFormSet(BaseInlineFormSet):
    def validate_unique(self) -> None:
        vistos: set[str] = set()
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or self._should_delete_form(form):
                continue
            codigo = form.cleaned_data.get("codigo")
            if codigo and codigo in vistos:
                form.add_error("codigo", f"Código do critério: “{codigo}” repetido.")
            vistos.add(codigo)

    def codigos(self) -> list[str]:
        return [
            f.cleaned_data["codigo"]
            for f in self.forms
            if getattr(f, "cleaned_data", None)
            and f.cleaned_data.get("codigo")
            and not self._should_delete_form(f)
        ]


VagaFormSet = inlineformset_factory(
    Selecao,
    VagaEstagio,
    form=VagaForm,
    formset=BaseVagaFormSet,
    extra=0,
    min_num=1,
    validate_min=True,
    can_delete=True,
)
CriterioFormSet = inlineformset_factory(
    Selecao,
    CriterioAvaliacao,
    form=CriterioForm,
    formset=BaseCriterioFormSet,
    extra=0,
    can_delete=True,
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
        self.erros_gerais: list[str] = []

    @property
    def is_bound(self) -> bool:
        return self.selecao.is_bound

    def is_valid(self) -> bool:
        validos = [self.selecao.is_valid(), self.vagas.is_valid(), self.criterios.is_valid()]
        if validos[0] and validos[2]:
            self.selecao.validar_desempate(self.criterios.codigos())
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
            vagas=self._linhas(self.vagas, CAMPOS_VAGA),
            criterios=self._linhas(self.criterios, CAMPOS_CRITERIO),
        )

    @staticmethod
    def _linhas(formset: BaseInlineFormSet, campos: tuple[str, ...]) -> list[dict[str, Any]]:
        linhas = []
        for form in formset.forms:
            if not form.has_changed() and not form.instance.pk:
                continue
            if formset._should_delete_form(form):
                continue
            linhas.append({"id": form.instance.pk, **{c: form.cleaned_data[c] for c in campos}})
        return linhas

    def adicionar_erros(self, erro: ValidationError) -> None:
        """Erros levantados pelos serviços (ex.: vaga com inscrições não pode sair)."""
        self.erros_gerais.extend(erro.messages)

    def resumo_erros(self) -> list[tuple[str, str]]:
        """(id do campo, mensagem) de todos os erros, para o resumo no topo da página."""
        itens: list[tuple[str, str]] = [("", m) for m in self.erros_gerais]
        itens += [("", m) for m in self.selecao.non_field_errors()]
        for nome, erros in self.selecao.errors.items():
            if nome != forms.forms.NON_FIELD_ERRORS:
                itens += [(self.selecao[nome].id_for_label, m) for m in erros]
        for formset, rotulo in ((self.vagas, "Vaga"), (self.criterios, "Critério de avaliação")):
            itens += [("", m) for m in formset.non_form_errors()]
            for numero, form in enumerate(formset.forms, 1):
                for nome, erros in form.errors.items():
                    ident = form[nome].id_for_label if nome in form.fields else ""
                    itens += [(ident, f"{rotulo} {numero} — {m}") for m in erros]
        return itens


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

    def __init__(self, *args: Any, selecao: Selecao, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.selecao = selecao
        self.initial.setdefault("data_retificacao", timezone.localdate())
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


class PreviaReservaForm(CamposReservaMixin, forms.Form):
    """Só os campos que decidem a reserva, lidos do mesmo POST do formulário do edital."""

    data_publicacao_edital = forms.DateField(required=False)
    reserva_pcd = forms.BooleanField(required=False)
    percentual_pcd = forms.DecimalField(
        required=False, min_value=Decimal("0.01"), max_value=Decimal("70")
    )

    def clean(self) -> dict[str, Any]:
        dados = super().clean()
        self.validar_sequencia()
        return dados


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
            ofertadas = int(Decimal(texto))
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
        self.fields["ano"].choices = [("", "Todos")] + [(a, str(a)) for a in anos]
