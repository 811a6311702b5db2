"""Travas da seleção sem travar o órgão, com PostgreSQL real.

Uma operação longa numa seleção (a confirmação de uma importação de milhares de
linhas) trava a linha da sua seleção, nunca a do órgão: sem ``FOR UPDATE OF``, o
JOIN do órgão (``select_related``) travaria também a linha do órgão, e toda gravação
que o referencia — a trilha de auditoria de qualquer seleção dele, e com ela cada
inscrição on-line — esperaria o fim da importação.
"""

import datetime as dt
import threading

import pytest
from django.db import transaction
from django.utils import timezone

from candidatos.models import Inscricao
from candidatos.services import importacao
from candidatos.services.inscricoes import inscricao_registrar
from selecoes import auditoria
from selecoes.models import Selecao, SituacaoSelecao
from tests.candidatos.inscricoes.test_importacao import csv, linha
from tests.candidatos.inscricoes.test_servico import dados
from tests.factories import SelecaoFactory, VagaEstagioFactory, gerar_cpf
from tests.travas import em_outro_fio, sem_esperar

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]


def _aberta(orgao, agora):
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=2),
        inscricoes_fim=agora + dt.timedelta(days=5),
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR")
    return selecao


def test_importacao_em_curso_nao_trava_o_orgao(orgao, bruno, monkeypatch):
    agora = timezone.now()
    em_importacao, outra = _aberta(orgao, agora), _aberta(orgao, agora)
    momento = timezone.localtime(em_importacao.inscricoes_inicio + dt.timedelta(hours=1))
    conteudo = csv([linha(momento, n) for n in range(3)])
    previa = importacao.analisar(
        selecao=em_importacao, conteudo=conteudo, nome_arquivo="lote.csv", agora=agora
    )
    dentro, liberar, saida = threading.Event(), threading.Event(), {}
    analisar = importacao.analisar

    def analisar_devagar(**kwargs):
        # Dentro da transação da confirmação, com a trava da seleção já tomada.
        resultado = analisar(**kwargs)
        dentro.set()
        liberar.wait(20)
        return resultado

    monkeypatch.setattr(importacao, "analisar", analisar_devagar)
    fio = em_outro_fio(
        lambda: importacao.confirmar(
            selecao=em_importacao,
            conteudo=conteudo,
            nome_arquivo="lote.csv",
            sha256_esperado=previa.sha256,
            somente_validas=False,
            usuario=bruno,
            agora=agora,
        ),
        dentro,
        saida,
    )
    try:
        # Outra seleção do mesmo órgão: a auditoria (que referencia o órgão) e uma
        # inscrição on-line seguem sem esperar a importação.
        registro = sem_esperar(
            lambda: auditoria.registrar(
                acao="teste.durante_importacao",
                objeto=outra,
                descricao="Registro de outra seleção durante a importação",
                selecao=outra,
            )
        )
        vaga = outra.vagas.get()
        inscricao = sem_esperar(
            lambda: inscricao_registrar(
                selecao=Selecao.objects.select_related("orgao").get(pk=outra.pk),
                dados=dados(vaga, cpf=gerar_cpf(77_001)),
                agora=agora,
            )
        )
    finally:
        liberar.set()
        fio.join(30)
    assert "erro" not in saida, saida
    assert registro.orgao_id == orgao.pk
    assert Inscricao.objects.filter(pk=inscricao.pk, selecao=outra).exists()
    assert Inscricao.objects.filter(selecao=em_importacao).count() == 3


def test_trava_da_selecao_trava_so_a_linha_da_selecao(orgao):
    agora = timezone.now()
    travada, outra = _aberta(orgao, agora), _aberta(orgao, agora)
    dentro, liberar, saida = threading.Event(), threading.Event(), {}

    def segurar():
        with transaction.atomic():
            selecao = Selecao.objects.travar(travada.pk)
            saida["orgao"] = selecao.orgao.sigla  # o órgão vem lido, sem outra consulta
            dentro.set()
            liberar.wait(20)

    fio = em_outro_fio(segurar, dentro, saida)
    try:
        sem_esperar(
            lambda: auditoria.registrar(
                acao="teste.durante_trava", objeto=outra, descricao="Outra", selecao=outra
            )
        )
        with pytest.raises(Exception, match="lock"):
            sem_esperar(lambda: Selecao.objects.select_for_update(nowait=True).get(pk=travada.pk))
    finally:
        liberar.set()
        fio.join(30)
    assert saida["orgao"] == orgao.sigla
