"""O CSV do benchmark de importação acompanha o leiaute (uma coluna nova não pode
derrubar ``make bench``)."""

import datetime as dt

from bench.importacao import _csv
from candidatos.planilhas import ler_planilha
from candidatos.services.importacao import NOMES_COLUNAS


def test_csv_do_bench_tem_todas_as_colunas_do_leiaute():
    conteudo = _csv(3, dt.datetime(2026, 3, 2, 9, 0, tzinfo=dt.UTC))
    planilha = ler_planilha(conteudo, "bench.csv")
    assert list(planilha.colunas) == list(NOMES_COLUNAS)
    assert len(planilha.linhas) == 3
