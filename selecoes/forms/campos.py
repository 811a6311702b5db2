"""Campos e widgets comuns: datas, posições reservadas explícitas (art. 3º)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from decimal import Decimal
from html import escape
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.safestring import mark_safe

from selecoes import reserva
from selecoes.categorias import ORDEM_PADRAO, Categoria
from selecoes.selectors import reservas_da_selecao, sequencia_explicita_do_json

MAX_CRITERIOS_DESEMPATE = 5
PREFIXO_VAGAS = "vagas"
PREFIXO_CRITERIOS = "criterios"
FORMATO_DATA = "%Y-%m-%d"
FORMATO_DATA_HORA = "%Y-%m-%dT%H:%M"


class CampoDecimal(forms.DecimalField):
    """``DecimalField`` que recusa o NaN sinalizador (``sNaN``) já na conversão.

    O do Django o recusa em ``clean()``, mas ``has_changed()`` (usado pelos formsets
    em toda linha extra) compara o valor convertido com o inicial, e comparar um
    ``Decimal('sNaN')`` levanta ``decimal.InvalidOperation``: HTTP 500.
    """

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        numero = super().to_python(value)
        if numero is not None and numero.is_snan():
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return numero


class SelectLongo(forms.Select):
    """``Select`` para centenas de opções (as vagas de uma seleção nacional no formulário
    de inscrição, aberto por cada candidato no último dia): as ``<option>`` são montadas
    em Python, com o escape do HTML, em vez de um modelo do Django por opção
    (≈ 16 ms → 1 ms de CPU com 300 vagas). Só opções simples (valor, rótulo e
    ``selected``); com grupos (``<optgroup>``), vale o widget do Django. O ``<select>``
    leva os atributos de sempre (``aria-describedby``, ``aria-invalid``, ``required``).
    """

    template_name = "includes/widgets/select_longo.html"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        opcoes = list(self.choices)
        if any(isinstance(rotulo, list | tuple) for _valor, rotulo in opcoes):
            contexto = super().get_context(name, value, attrs)
            contexto["widget"]["opcoes_html"] = None
            return contexto
        contexto = forms.Widget.get_context(self, name, value, attrs)
        escolhidos = set(self.format_value(value))
        partes = []
        for valor, rotulo in opcoes:
            texto = "" if valor is None else str(valor)
            marcado = " selected" if texto in escolhidos else ""
            partes.append(
                f'<option value="{escape(texto)}"{marcado}>{escape(str(rotulo))}</option>'
            )
        contexto["widget"]["opcoes_html"] = mark_safe("\n  ".join(partes))  # noqa: S308 — escapado acima
        return contexto


class DataInput(forms.DateInput):
    """O único widget de data do projeto: o seletor do navegador, valor em ISO 8601."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=FORMATO_DATA)


class DataHoraInput(forms.DateTimeInput):
    """O único widget de data e hora do projeto (``datetime-local``, sem segundos)."""

    input_type = "datetime-local"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format=FORMATO_DATA_HORA)


def campo_data(rotulo: str, **kwargs: Any) -> forms.DateField:
    return forms.DateField(
        label=rotulo, widget=DataInput(), input_formats=[FORMATO_DATA, "%d/%m/%Y"], **kwargs
    )


ANO_MINIMO = 1900
ANO_MAXIMO = 2200


class CampoDataHora(forms.DateTimeField):
    """Data e hora entre 1900 e 2200: 31/12/9999 21:00 em Brasília já passa do ano 9999
    em UTC, e o banco levantaria ``OverflowError`` ao gravar (HTTP 500)."""

    def to_python(self, value: Any) -> Any:
        momento = super().to_python(value)
        if momento is not None and not ANO_MINIMO <= momento.year <= ANO_MAXIMO:
            raise ValidationError(
                f"{self.label}: informe uma data entre {ANO_MINIMO} e {ANO_MAXIMO}.",
                code="alcance",
            )
        return momento


def campo_data_hora(rotulo: str, **kwargs: Any) -> forms.DateTimeField:
    return CampoDataHora(
        label=rotulo,
        widget=DataHoraInput(),
        input_formats=[FORMATO_DATA_HORA, "%d/%m/%Y %H:%M"],
        **kwargs,
    )


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
        for categoria in (c.value for c in ORDEM_PADRAO):
            posicoes = dados.get(f"{categoria}_posicoes") or []
            if posicoes:
                item: dict[str, Any] = {"posicoes": posicoes}
                if dados.get(f"{categoria}_intervalo"):
                    item["intervalo"] = dados[f"{categoria}_intervalo"]
                sequencia[categoria] = item
        if not dados.get("reserva_pcd"):
            sequencia.pop(Categoria.PCD.value, None)
        return sequencia or None

    def validar_sequencia(self) -> None:
        """Art. 3º: posições explícitas valem para todas as categorias, sem colisão."""
        for categoria, rotulo in ((c.value, c.curto) for c in ORDEM_PADRAO):
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
        try:
            reservas = reservas_da_selecao(
                reserva_pcd=bool(self.cleaned_data.get("reserva_pcd")),
                percentual_pcd=self.cleaned_data.get("percentual_pcd"),
            )
            sequencia_explicita_do_json(sequencia, [r.categoria for r in reservas])
        except reserva.EntradaInvalida as erro:
            if erro.campo == "percentual":
                return  # percentual fora da faixa: o erro é do próprio campo (validadores)
            campo = "pcd_posicoes" if erro.campo.startswith("pcd") else "negros_posicoes"
            self.add_error(campo, f"Sequência explícita: {erro.mensagem}")

    def iniciar_sequencia(self, sequencia: Mapping[str, Any] | None) -> None:
        for categoria, item in (sequencia or {}).items():
            self.initial[f"{categoria}_posicoes"] = ", ".join(map(str, item.get("posicoes", [])))
            self.initial[f"{categoria}_intervalo"] = item.get("intervalo")
