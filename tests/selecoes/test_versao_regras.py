"""Versão das regras de reserva de cada edital (regras de reserva, § 8) e base da
reserva (§ 3.1): fixada na publicação, nunca mudada por retificação."""

import dataclasses
import datetime as dt
import importlib

import pytest
from django.apps import apps

from selecoes import reserva
from selecoes.models import BaseReserva, Selecao, SituacaoSelecao
from selecoes.services import dados_da_selecao, selecao_publicar, selecao_retificar
from tests.factories import SelecaoFactory, VagaEstagioFactory

AGORA = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)
MIGRACAO = importlib.import_module("selecoes.migrations.0003_regras_de_reserva_v2")


def _selecao(orgao, **campos):
    selecao = SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
        reserva_pcd=False,
        **campos,
    )
    for i in range(10):
        VagaEstagioFactory(selecao=selecao, codigo=f"UF{i}", vagas_ofertadas=1, ordem=i)
    return selecao


def test_publicacao_fixa_a_versao_em_vigor(orgao, alice):
    selecao = _selecao(orgao)
    versao = selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    selecao.refresh_from_db()
    assert selecao.versao_regras == reserva.VERSAO_ATUAL == 2
    assert versao.conteudo["reserva"]["versao_regras"] == 2
    assert versao.conteudo["reserva"]["base"] == "selecao"
    assert versao.conteudo["reserva"]["total_reservadas"] == {"negros": 3}
    assert versao.conteudo["reserva"]["rateio"]


def test_retificacao_nunca_muda_a_versao_das_regras(orgao, alice):
    """Edital publicado sob a versão 1 segue nela: dez vagas de 1 sem reserva."""
    selecao = _selecao(orgao)
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    Selecao.objects.filter(pk=selecao.pk).update(versao_regras=1, base_reserva="vaga")
    selecao.refresh_from_db()
    dados = dados_da_selecao(selecao)
    dados = dataclasses.replace(dados, selecao={**dados.selecao, "titulo": "Outro título"})
    versao = selecao_retificar(
        selecao=selecao,
        usuario=alice,
        motivo="Título corrigido.",
        data_retificacao=dt.date(2026, 3, 3),
        dados=dados,
        agora=AGORA,
    )
    selecao.refresh_from_db()
    assert selecao.versao_regras == 1
    assert versao.conteudo["reserva"]["versao_regras"] == 1
    assert versao.conteudo["reserva"]["total_reservadas"] == {"negros": 0}
    assert "versão 1" in versao.conteudo["reserva"]["versao_texto"]


def test_retificacao_com_base_selecao_diz_que_vagas_mudaram(orgao, alice):
    """Regras, § 3.1: mudar a ordem das vagas de estágio muda quem recebe o resto."""
    selecao = _selecao(orgao)
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    dados = dados_da_selecao(selecao)
    vagas = list(reversed(dados.vagas))
    versao = selecao_retificar(
        selecao=selecao,
        usuario=alice,
        motivo="Ordem das vagas corrigida.",
        data_retificacao=dt.date(2026, 3, 3),
        dados=dataclasses.replace(dados, vagas=vagas),
        agora=AGORA,
    )
    mudancas = versao.conteudo["reserva"]["mudancas_rateio"]
    assert len(mudancas) == 1
    assert "UF0: de 1 para 0" in mudancas[0]
    assert "UF9: de 0 para 1" in mudancas[0]
    assert "§ 3.1" in mudancas[0]


def test_sequencia_explicita_grava_base_vaga(orgao, alice):
    selecao = _selecao(orgao)
    dados = dados_da_selecao(selecao)
    dados = dataclasses.replace(
        dados,
        selecao={
            **dados.selecao,
            "sequencia_explicita": {"negros": {"posicoes": [3], "intervalo": 5}},
        },
    )
    from selecoes.services import rascunho_atualizar

    selecao = rascunho_atualizar(selecao=selecao, usuario=alice, dados=dados)
    assert selecao.base_reserva == BaseReserva.VAGA
    assert selecao.base_para_motor is None


@pytest.mark.django_db
def test_migracao_marca_publicadas_como_versao_1_e_rascunhos_como_2(orgao):
    publicada = _selecao(orgao, situacao=SituacaoSelecao.PUBLICADA, versao=1)
    encerrada = _selecao(orgao, situacao=SituacaoSelecao.ENCERRADA, versao=1)
    rascunho = _selecao(orgao)
    explicita = _selecao(orgao, sequencia_explicita={"negros": {"posicoes": [2]}})
    Selecao.objects.update(versao_regras=2, base_reserva="selecao")
    MIGRACAO.marcar_publicadas_como_versao_1(apps, None)
    valores = dict(Selecao.objects.values_list("pk", "versao_regras"))
    bases = dict(Selecao.objects.values_list("pk", "base_reserva"))
    assert valores[publicada.pk] == valores[encerrada.pk] == 1
    assert valores[rascunho.pk] == valores[explicita.pk] == 2
    assert bases[publicada.pk] == "vaga"
    assert bases[rascunho.pk] == "selecao"
    assert bases[explicita.pk] == "vaga"
