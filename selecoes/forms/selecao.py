"""Formulário da seleção: identificação, datas, reservas e desempate."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import Any

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Div, Fieldset, Layout, Row
from django import forms
from django.db.models import QuerySet
from django.utils import timezone

from selecoes.forms.campos import (
    MAX_CRITERIOS_DESEMPATE,
    CampoDataHora,
    CampoDecimal,
    CamposReservaMixin,
    DataHoraInput,
    DataInput,
)
from selecoes.models import BaseReserva, CriterioDesempate, Orgao, Selecao
from selecoes.selectors import PERCENTUAL_NEGROS
from selecoes.services import erros_criterios_desempate

PRAZO_RESPOSTA_PADRAO = Selecao._meta.get_field("prazo_resposta_dias").get_default()


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
        label="Órgão",
        queryset=Orgao.objects.none(),
        empty_label="Escolha o órgão",
        error_messages={
            "required": "Órgão: escolha o órgão que publica o edital.",
            "invalid_choice": "Órgão: escolha um dos órgãos em que você é gestor ou operador.",
        },
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
            "percentual_negros",
            "reserva_pcd",
            "percentual_pcd",
            "base_reserva",
            "prazos_em_dias_uteis",
            "prazo_resposta_dias",
            "convocacao_automatica",
        ]
        field_classes = {
            "percentual_pcd": CampoDecimal,
            "percentual_negros": CampoDecimal,
            "inscricoes_inicio": CampoDataHora,
            "inscricoes_fim": CampoDataHora,
        }
        widgets = {
            "data_publicacao_edital": DataInput(),
            "inscricoes_inicio": DataHoraInput(),
            "inscricoes_fim": DataHoraInput(),
            "descricao": forms.Textarea(attrs={"rows": 4}),
            "requisitos": forms.Textarea(attrs={"rows": 3}),
            "base_reserva": forms.RadioSelect,
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
            "prazo_resposta_dias": {
                "min_value": "Prazo para responder à convocação: no mínimo 1 dia.",
                "max_value": "Prazo para responder à convocação: no máximo 60 dias.",
                "invalid": "Prazo para responder à convocação: informe um número de dias.",
            },
            "percentual_negros": {
                "required": "Percentual negros: informe o percentual (no mínimo 30%%).",
                "min_value": "Percentual negros: no mínimo 30%% (Decreto nº 9.427/2018, art. 1º).",
                "max_value": "Percentual negros: no máximo 100%%.",
            },
            "percentual_pcd": {
                "min_value": "Percentual PcD: deve ser maior que zero.",
                # "%%": a mensagem passa por "%" com os parâmetros do validador.
                "max_value": "Percentual PcD: no máximo 70%%.",
            },
        }

    def __init__(self, *args: Any, orgaos: QuerySet[Orgao] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for i in range(1, MAX_CRITERIOS_DESEMPATE + 1):
            self.fields[f"desempate_{i}"] = _campo_desempate(i)
            self.fields[f"desempate_{i}_parametro"] = _campo_parametro(i)
        self.fields["base_reserva"].required = False
        self.fields["prazo_resposta_dias"].required = False
        self.fields["percentual_negros"].required = False
        if self.instance.pk or orgaos is None:
            del self.fields["orgao"]
        else:
            self.fields["orgao"].queryset = orgaos  # type: ignore[attr-defined]
            if len(orgaos) == 1 and not self.is_bound:
                self.initial["orgao"] = orgaos[0].pk
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
                "percentual_negros",
                Div(
                    "reserva_pcd",
                    "percentual_pcd",
                    css_class="mb-2",
                ),
                "base_reserva",
                Row(Column("negros_posicoes"), Column("negros_intervalo")),
                Row(Column("pcd_posicoes"), Column("pcd_intervalo")),
            ),
            Fieldset("Critérios de desempate, em ordem", *desempate),
            Fieldset(
                "Prazos e convocação",
                "prazos_em_dias_uteis",
                "prazo_resposta_dias",
                "convocacao_automatica",
            ),
        )

    def clean_prazo_resposta_dias(self) -> int:
        """Sem valor, o padrão do edital (5 dias)."""
        valor = self.cleaned_data.get("prazo_resposta_dias")
        return valor if valor is not None else PRAZO_RESPOSTA_PADRAO

    def clean_base_reserva(self) -> str:
        """Regras de reserva, § 3.1: sem escolha, vale o total da seleção (o padrão)."""
        return self.cleaned_data.get("base_reserva") or BaseReserva.SELECAO

    def clean_percentual_negros(self) -> Decimal:
        """Art. 1º, caput: em branco, os 30% do decreto."""
        valor = self.cleaned_data.get("percentual_negros")
        return PERCENTUAL_NEGROS if valor is None else valor

    def clean_numero_edital(self) -> str:
        return self.cleaned_data["numero_edital"].strip()

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
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
