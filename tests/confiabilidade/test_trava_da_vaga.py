"""A trava de uma convocação segura só a linha da vaga (issue 16, item 13).

Enquanto um servidor convoca numa vaga, outro convoca em outra seleção do mesmo
órgão e a auditoria grava registros do órgão e da própria seleção sem esperar:
cada pedido da segunda conexão tem ``lock_timeout`` curto e falharia se
precisasse de uma trava presa pela primeira.
"""

import datetime as dt
import threading

import pytest
from django.db import connection, transaction
from django.utils import timezone

from candidatos import tasks
from candidatos.services import convocacao as servico
from selecoes import auditoria
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]

ESPERA_MAXIMA = "300ms"


@pytest.fixture(autouse=True)
def sem_fila(monkeypatch):
    monkeypatch.setattr(tasks.enviar_email_convocacao, "delay", lambda *a, **k: None)


def _vaga(orgao, gestor, codigo):
    vaga = nova_vaga(orgao, codigo=codigo)
    classificacao(vaga, "ABXCDYEZ")
    publicar_final(vaga.selecao, gestor, agora=timezone.now() - dt.timedelta(days=1))
    return vaga


def test_convocacao_trava_so_a_vaga(orgao, alice):
    presa = _vaga(orgao, alice, "DIR")
    outra = _vaga(orgao, alice, "ADM")
    assert presa.selecao.orgao_id == outra.selecao.orgao_id != None  # noqa: E711
    travou = threading.Event()
    soltar = threading.Event()
    erros: list[BaseException] = []

    def segurar():
        try:
            with transaction.atomic():
                servico.travar_vaga(presa.pk)
                travou.set()
                soltar.wait(10)
        except BaseException as erro:
            erros.append(erro)
            travou.set()
        finally:
            connection.close()

    fio = threading.Thread(target=segurar)
    fio.start()
    try:
        assert travou.wait(10)
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL lock_timeout = '{ESPERA_MAXIMA}'")
            criadas = servico.proximos_convocar(
                vaga=outra,
                quantidade=1,
                prazo_resposta=timezone.now() + dt.timedelta(days=5),
                usuario=alice,
                agora=timezone.now(),
            )
            auditoria.registrar(
                acao="teste.trava",
                objeto=presa,
                descricao="Registro na seleção cuja vaga está travada",
                usuario=alice,
                selecao=presa.selecao,
            )
        assert len(criadas) == 1
    finally:
        soltar.set()
        fio.join(10)
    assert erros == []


def test_mesmo_pedido_em_duas_conexoes_ao_mesmo_tempo_convoca_uma_vez(orgao, alice):
    """Item 9: o clique duplo chega em dois processos juntos; a trava da vaga e a
    chave única do pedido fazem o segundo devolver as convocações do primeiro."""
    from uuid import uuid4

    from candidatos.models import Convocacao

    vaga = _vaga(orgao, alice, "DIR")
    chave = uuid4()
    barreira = threading.Barrier(2)
    resultados: list[list[int]] = []
    erros: list[BaseException] = []

    def pedir():
        try:
            barreira.wait(10)
            criadas = servico.proximos_convocar(
                vaga=vaga,
                quantidade=3,
                prazo_resposta=timezone.now() + dt.timedelta(days=5),
                usuario=alice,
                agora=timezone.now(),
                chave=chave,
            )
            resultados.append(sorted(c.pk for c in criadas))
        except BaseException as erro:
            erros.append(erro)
        finally:
            connection.close()

    fios = [threading.Thread(target=pedir) for _ in range(2)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join(30)
    assert erros == []
    assert Convocacao.objects.filter(vaga=vaga).count() == 3
    assert resultados[0] == resultados[1]
