"""Cronograma da seleção: regras puras, sem banco."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from candidatos.selectors.publico import SituacaoFase, VersaoResumo, cronograma
from candidatos.selectors.publico.selecoes import _situacao_fase
from selecoes.calendario import somar_meses
from selecoes.models import Selecao

BRT = ZoneInfo("America/Sao_Paulo")
AGORA = dt.datetime(2026, 6, 15, 12, 0, tzinfo=BRT)


@pytest.mark.parametrize(
    ("dia", "meses", "esperado"),
    [
        (dt.date(2026, 1, 31), 1, dt.date(2026, 2, 28)),
        (dt.date(2028, 1, 31), 1, dt.date(2028, 2, 29)),
        (dt.date(2026, 11, 15), 12, dt.date(2027, 11, 15)),
        (dt.date(2026, 12, 1), 1, dt.date(2027, 1, 1)),
        (dt.date(2026, 3, 31), 48, dt.date(2030, 3, 31)),
    ],
)
def test_validade_somar_meses_respeita_fim_do_mes(dia, meses, esperado):
    assert somar_meses(dia, meses) == esperado


@pytest.mark.parametrize(
    ("inicio", "fim", "esperada"),
    [
        (None, None, SituacaoFase.PREVISTA),
        (dt.date(2026, 6, 16), None, SituacaoFase.PREVISTA),
        (dt.date(2026, 6, 15), None, SituacaoFase.CONCLUIDA),
        (dt.date(2026, 6, 1), dt.date(2026, 6, 15), SituacaoFase.EM_ANDAMENTO),
        (dt.date(2026, 6, 1), dt.date(2026, 6, 14), SituacaoFase.CONCLUIDA),
        (AGORA - dt.timedelta(hours=1), AGORA + dt.timedelta(hours=1), SituacaoFase.EM_ANDAMENTO),
        (AGORA + dt.timedelta(minutes=1), AGORA + dt.timedelta(days=1), SituacaoFase.PREVISTA),
    ],
)
def test_fase_situacao_pela_data(inicio, fim, esperada):
    assert _situacao_fase(inicio, fim, AGORA) == esperada


def _versao(tipo, numero, publicado_em, recurso=None):
    return VersaoResumo(
        id=numero,
        tipo=tipo,
        numero=numero,
        publicado_em=publicado_em,
        motivo="" if numero == 1 else "Recurso deferido",
        recurso_inicio=recurso[0] if recurso else None,
        recurso_fim=recurso[1] if recurso else None,
        hash_conteudo="0" * 64,
    )


def _selecao():
    return Selecao(
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 10, 8, tzinfo=BRT),
        inscricoes_fim=dt.datetime(2026, 3, 31, 23, 59, tzinfo=BRT),
        validade_meses=12,
    )


def test_cronograma_sem_resultado_mostra_resultados_a_publicar_no_fim():
    fases = cronograma(selecao=_selecao(), versoes_edital=[], versoes_resultado=[], agora=AGORA)
    assert [(f.nome, f.situacao) for f in fases] == [
        ("Publicação do edital", SituacaoFase.CONCLUIDA),
        ("Inscrições", SituacaoFase.CONCLUIDA),
        ("Resultado preliminar (a publicar)", SituacaoFase.PREVISTA),
        ("Resultado final (a publicar)", SituacaoFase.PREVISTA),
    ]


def test_cronograma_com_recurso_em_andamento_e_validade_do_resultado_final():
    recurso = (AGORA - dt.timedelta(days=1), AGORA + dt.timedelta(days=2))
    versoes = [
        _versao("preliminar", 1, AGORA - dt.timedelta(days=2), recurso),
        _versao("final", 1, dt.datetime(2026, 6, 1, 10, tzinfo=BRT)),
    ]
    fases = cronograma(
        selecao=_selecao(), versoes_edital=[], versoes_resultado=versoes, agora=AGORA
    )
    por_nome = {f.nome: f for f in fases}
    assert por_nome["Prazo de recurso — Resultado preliminar, versão 1"].situacao == (
        SituacaoFase.EM_ANDAMENTO
    )
    validade = por_nome["Validade da seleção"]
    assert (validade.inicio, validade.fim) == (dt.date(2026, 6, 1), dt.date(2027, 6, 1))
    assert validade.situacao == SituacaoFase.EM_ANDAMENTO
    assert "Resultado final (a publicar)" not in por_nome
