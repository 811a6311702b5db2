"""50 requisições simultâneas na mesma vaga (PostgreSQL real): o estado final é o de
alguma ordem serial — ninguém chamado duas vezes, nenhuma vaga preenchida duas vezes,
nenhuma ação aceita sem registro (e nenhum registro sem efeito)."""

import datetime as dt
import random
import threading
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    aprovar,
    inscrever,
    nova_vaga,
    publicar_final,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="travas de linha do PostgreSQL"),
]

VAGAS = 10
CANDIDATOS = 60
REQUISICOES = 50


def _prazo() -> str:
    return (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")


def _em_paralelo(acoes):
    barreira = threading.Barrier(len(acoes))
    saidas = [None] * len(acoes)

    def rodar(i, acao):
        try:
            barreira.wait(timeout=30)
            saidas[i] = acao()
        except Exception as erro:  # a falha vira dado: o teste a examina
            saidas[i] = erro
        finally:
            connection.close()

    threads = [threading.Thread(target=rodar, args=(i, a)) for i, a in enumerate(acoes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "alguma requisição travou"
    return saidas


def test_concorrencia_50_requisicoes_convocar_desistir_aceitar(orgao, alice, bruno):
    cache.clear()
    vaga = nova_vaga(orgao, ofertadas=VAGAS)
    sorteio = random.Random(9427)
    for i in range(CANDIDATOS):
        negro = sorteio.random() < 0.35
        aprovar(inscrever(vaga, f"C{i:03d}", negro=negro), Decimal(100 - i))
    publicar_final(vaga.selecao, alice, agora=timezone.now())
    # Metade das vagas já chamada antes da corrida: há o que aceitar e o que recusar.
    iniciais = servico.convocar_proximos(
        vaga=vaga,
        quantidade=VAGAS // 2,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )
    criadas_antes = RegistroAuditoria.objects.filter(acao="convocacao.criada").count()

    clientes_rh = []
    for usuario in (alice, bruno):
        cliente = Client()
        cliente.force_login(usuario)
        clientes_rh.append(cliente)

    def convocar(cliente):
        return lambda: (
            cliente.post(
                reverse("classificacao:convocar", args=[vaga.pk]),
                {"quantidade": 1, "prazo_resposta": _prazo()},
            ).status_code
        )

    def recusar(cliente, c):
        return lambda: (
            cliente.post(
                reverse("classificacao:encerrar", args=[c.pk]),
                {"situacao": "recusada", "data": timezone.localdate().isoformat(), "motivo": "x"},
            ).status_code
        )

    def aceitar(c):
        return lambda: (
            Client(REMOTE_ADDR=f"10.9.{c.pk % 250}.{sorteio.randint(1, 250)}")
            .post(
                reverse("convocacao_publica:responder", args=[c.token]),
                {"resposta": "aceitar", "confirmo": "on"},
            )
            .status_code
        )

    acoes = []
    for i in range(REQUISICOES):
        alvo = iniciais[i % len(iniciais)]
        tipo = i % 3
        if tipo == 0:
            acoes.append(convocar(clientes_rh[i % 2]))
        elif tipo == 1:
            acoes.append(recusar(clientes_rh[i % 2], alvo))
        else:
            acoes.append(aceitar(alvo))
    saidas = _em_paralelo(acoes)
    assert not [s for s in saidas if isinstance(s, Exception)], saidas
    assert all(s in (200, 302, 400, 429) for s in saidas), saidas

    convocacoes = list(Convocacao.objects.filter(vaga=vaga).order_by("ordem"))
    # Ninguém chamado duas vezes; ordens 1..n sem buracos nem repetição.
    assert len({c.inscricao_id for c in convocacoes}) == len(convocacoes)
    assert [c.ordem for c in convocacoes] == list(range(1, len(convocacoes) + 1))
    # Nenhuma vaga preenchida duas vezes: as convocações vivas cabem nas k vagas...
    vivas = [c for c in convocacoes if SituacaoConvocacao(c.situacao).ocupa_vaga]
    assert len(vivas) <= VAGAS
    # ...e são exatamente as que o motor dá para o estado final (ordem serial).
    estado = estado_vaga(vaga)
    assert not estado.divergentes
    assert len(vivas) + len(estado.a_convocar) == min(VAGAS, len(estado.ordem))
    # Cada convocação inicial seguiu uma cadeia serial válida: no máximo um aceite e
    # no máximo um encerramento (recusa), e a situação final é a do último evento.
    for c in iniciais:
        c.refresh_from_db()
        eventos = list(
            RegistroAuditoria.objects.filter(
                objeto_tipo="candidatos.Convocacao",
                objeto_id=str(c.pk),
                acao__in=("convocacao.aceita", "convocacao.recusada"),
            )
            .order_by("pk")
            .values_list("acao", flat=True)
        )
        assert eventos.count("convocacao.aceita") <= 1, eventos
        assert eventos.count("convocacao.recusada") <= 1, eventos
        if "convocacao.recusada" in eventos:
            assert eventos[-1] == "convocacao.recusada", eventos
            assert c.situacao == SituacaoConvocacao.RECUSADA
        elif eventos:
            assert c.situacao == SituacaoConvocacao.ACEITA
        else:
            assert c.situacao == SituacaoConvocacao.AGUARDANDO
    # Nenhuma atualização perdida: cada convocação nova tem seu registro, e só ela.
    novas = Convocacao.objects.filter(vaga=vaga).count() - len(iniciais)
    criadas = RegistroAuditoria.objects.filter(acao="convocacao.criada").count()
    assert criadas - criadas_antes == novas
    assert novas > 0, "nenhuma convocação nova: a corrida não exercitou o convocar"
