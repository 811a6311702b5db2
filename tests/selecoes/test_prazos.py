"""Contagem de prazos do edital: dias corridos ou dias úteis (feriados nacionais)."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from selecoes.prazos import dia_util, fim_do_prazo, somar_dias

BRASILIA = ZoneInfo("America/Sao_Paulo")


@pytest.mark.parametrize(
    ("inicio", "dias", "uteis", "esperado"),
    [
        # Dias corridos: o dia do começo não conta; fim de semana e feriado contam.
        (dt.date(2026, 12, 1), 5, False, dt.date(2026, 12, 6)),
        (dt.date(2026, 12, 24), 2, False, dt.date(2026, 12, 26)),
        (dt.date(2026, 12, 1), 0, False, dt.date(2026, 12, 1)),
        # Dias úteis: pula sábado e domingo.
        (dt.date(2026, 12, 4), 1, True, dt.date(2026, 12, 7)),  # sexta → segunda
        (dt.date(2026, 12, 1), 5, True, dt.date(2026, 12, 8)),
        # Natal (sexta, 25/12/2026) é feriado nacional.
        (dt.date(2026, 12, 23), 2, True, dt.date(2026, 12, 28)),
        # 20 de novembro (Zumbi, Lei nº 14.759/2023) e 15 de novembro.
        (dt.date(2026, 11, 19), 1, True, dt.date(2026, 11, 23)),
        # Sexta-feira Santa (3/4/2026) e Tiradentes (21/4/2026).
        (dt.date(2026, 4, 2), 1, True, dt.date(2026, 4, 6)),
        (dt.date(2026, 4, 20), 1, True, dt.date(2026, 4, 22)),
        # Virada do ano: 1º de janeiro.
        (dt.date(2026, 12, 31), 1, True, dt.date(2027, 1, 4)),
    ],
)
def test_prazo_somar_dias_corridos_ou_uteis(inicio, dias, uteis, esperado):
    assert somar_dias(inicio, dias, uteis=uteis) == esperado


def test_prazo_dias_negativos_recusados():
    with pytest.raises(ValueError, match="negativos"):
        somar_dias(dt.date(2026, 12, 1), -1, uteis=False)


def test_prazo_termina_no_fim_do_dia_no_fuso_do_edital():
    # 23h30 UTC de 1º/12 ainda é 1º/12 em Brasília (20h30).
    agora = dt.datetime(2026, 12, 1, 23, 30, tzinfo=dt.UTC)
    fim = fim_do_prazo(agora, 1, uteis=True, fuso=BRASILIA)
    assert fim == dt.datetime(2026, 12, 2, 23, 59, 59, tzinfo=BRASILIA)


def test_prazo_feriado_nacional_nao_e_dia_util():
    assert not dia_util(dt.date(2026, 9, 7))
    assert not dia_util(dt.date(2026, 12, 5))  # sábado
    assert dia_util(dt.date(2026, 12, 1))


@given(
    inicio=st.dates(min_value=dt.date(2020, 1, 1), max_value=dt.date(2035, 12, 31)),
    dias=st.integers(min_value=1, max_value=60),
)
@example(inicio=dt.date(2026, 12, 23), dias=2)
def test_prazo_uteis_nunca_antes_dos_corridos_e_termina_em_dia_util(inicio, dias):
    uteis = somar_dias(inicio, dias, uteis=True)
    assert uteis >= somar_dias(inicio, dias, uteis=False)
    assert dia_util(uteis)
    contados = sum(
        dia_util(inicio + dt.timedelta(days=n)) for n in range(1, (uteis - inicio).days + 1)
    )
    assert contados == dias
