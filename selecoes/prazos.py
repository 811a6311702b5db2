"""Contagem dos prazos do edital: dias corridos, ou dias úteis se o edital disser.

Regra pura (sem banco nem relógio): o dia de início não conta (Lei nº 9.784/1999,
art. 66, caput: exclui-se o dia do começo e inclui-se o do vencimento). Em dias
úteis, não contam sábados, domingos nem feriados nacionais — os do pacote
``holidays``, mantido a cada ano, sem lista escrita à mão aqui. Feriados estaduais e
municipais não entram: o edital federal vale para todo o país.
"""

from __future__ import annotations

import functools
from datetime import date, datetime, time, timedelta, tzinfo

import holidays


@functools.cache
def _feriados(ano: int) -> frozenset[date]:
    return frozenset(holidays.country_holidays("BR", years=ano, categories=("public",)))


def dia_util(dia: date) -> bool:
    """Segunda a sexta que não é feriado nacional."""
    return dia.weekday() < 5 and dia not in _feriados(dia.year)


def somar_dias(inicio: date, dias: int, *, uteis: bool) -> date:
    """Último dia do prazo de ``dias`` contados a partir de ``inicio`` (que não conta)."""
    if dias < 0:
        raise ValueError("O prazo não pode ter dias negativos.")
    if not uteis:
        return inicio + timedelta(days=dias)
    dia = inicio
    restantes = dias
    while restantes:
        dia += timedelta(days=1)
        if dia_util(dia):
            restantes -= 1
    return dia


def fim_do_prazo(agora: datetime, dias: int, *, uteis: bool, fuso: tzinfo) -> datetime:
    """O prazo termina às 23h59min59s do último dia, no fuso do edital."""
    inicio = agora.astimezone(fuso).date()
    ultimo = somar_dias(inicio, dias, uteis=uteis)
    return datetime.combine(ultimo, time(23, 59, 59), tzinfo=fuso)
