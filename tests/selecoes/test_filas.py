"""Caixa de saída das tarefas (selecoes/filas.py): gravada na transação da ação,
apagada quando o broker aceita, varrida quando ele não aceitou (issue 18, item 5)."""

import datetime as dt
import logging

import pytest
from django.core import mail
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao
from selecoes import filas, tasks
from selecoes.models import Mensagem, SituacaoMensagem, TarefaPendente
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.confiabilidade.processos import esperar, porta_livre
from tests.robustez.test_email import _broker


def _fechado() -> str:
    return f"redis://127.0.0.1:{porta_livre()}/0"


@pytest.mark.django_db
def test_fila_tarefa_gravada_na_transacao_e_apagada_quando_o_broker_aceita(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=False) as ganchos, transaction.atomic():
        filas.enfileirar_apos_commit(tasks.registrar_batimento, "teste")
        assert TarefaPendente.objects.get().argumentos == ["teste"]
    assert len(ganchos) == 1
    ganchos[0]()
    assert not TarefaPendente.objects.exists()


@pytest.mark.django_db
def test_fila_em_lote_grava_todas_e_apaga_so_as_que_o_broker_aceitou(
    django_capture_on_commit_callbacks,
):
    enviadas = []

    def envio(valor):
        if valor == "recusada":
            raise OSError("broker fora")
        enviadas.append(valor)

    argumentos = [("a",), ("b",), ("recusada",), ("d",)]
    with django_capture_on_commit_callbacks(execute=False) as ganchos, transaction.atomic():
        filas.enfileirar_varias_apos_commit(tasks.registrar_batimento, argumentos, envio=envio)
        assert [t.argumentos for t in TarefaPendente.objects.all()] == [list(a) for a in argumentos]
    assert len(ganchos) == 1
    ganchos[0]()
    assert enviadas == ["a", "b"]
    # A recusada e as depois dela ficam para a varredura.
    assert [t.argumentos for t in TarefaPendente.objects.all()] == [["recusada"], ["d"]]


def _acao_que_falha() -> None:
    with transaction.atomic():
        filas.enfileirar_apos_commit(tasks.registrar_batimento, "desfeita")
        raise RuntimeError("a ação falhou")


@pytest.mark.django_db
def test_fila_acao_desfeita_nao_deixa_tarefa():
    with pytest.raises(RuntimeError):
        _acao_que_falha()
    assert not TarefaPendente.objects.exists()


@pytest.mark.django_db
def test_fila_broker_fora_fica_na_caixa_e_a_varredura_espera_o_broker(
    django_capture_on_commit_callbacks, caplog
):
    caplog.set_level(logging.ERROR, logger="selecoes.filas")
    with _broker(_fechado()):
        with django_capture_on_commit_callbacks(execute=True):
            filas.enfileirar_apos_commit(tasks.registrar_batimento, "sem broker")
        pendente = TarefaPendente.objects.get()
        # Recente demais: o gancho do commit ainda poderia estar rodando.
        assert filas.varrer(agora=timezone.now()) == 0
        # Mais velha que FILA_REENVIO_SEGUNDOS, com o broker ainda fora: conta a tentativa.
        assert filas.varrer(agora=timezone.now() + dt.timedelta(minutes=2)) == 0
    pendente.refresh_from_db()
    assert pendente.tentativas == 1
    assert pendente.ultimo_erro
    assert any("selecoes.registrar_batimento" in r.getMessage() for r in caplog.records)
    # O broker voltou (o de teste: filesystem ou o Redis desta sessão).
    assert filas.varrer(agora=timezone.now() + dt.timedelta(minutes=2)) == 1
    assert not TarefaPendente.objects.exists()


@pytest.mark.redis
@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_fila_convocar_com_broker_fora_responde_sucesso_e_os_emails_saem_depois(
    client, orgao, alice, bruno, settings
):
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCD")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    client.force_login(bruno)
    prazo = (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")

    with _broker(_fechado()):
        resposta = client.post(
            reverse("classificacao:convocar", args=[vaga.pk]),
            {"quantidade": 2, "prazo_resposta": prazo},
        )

    assert resposta.status_code == 302  # sucesso, não página de erro
    assert Convocacao.objects.filter(vaga=vaga).count() == 2
    assert (
        sorted(TarefaPendente.objects.values_list("tarefa", flat=True))
        == ["candidatos.enviar_email_convocacao"] * 2
    )
    assert mail.outbox == []

    app.control.purge()  # só o Redis (db) desta sessão de testes
    assert filas.varrer(agora=timezone.now() + dt.timedelta(minutes=2)) == 2
    assert not TarefaPendente.objects.exists()
    with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
        esperar(lambda: len(mail.outbox) == 2, 60, "os dois e-mails de convocação")
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        Convocacao.objects.filter(vaga=vaga).values_list("inscricao__email", flat=True)
    )
    assert set(Mensagem.objects.values_list("modelo", "situacao")) == {
        ("convocacao", SituacaoMensagem.ENVIADA)
    }


@pytest.mark.django_db
def test_fila_pedido_de_documento_com_broker_fora_fica_na_caixa(
    django_capture_on_commit_callbacks,
):
    from relatorios.documentos import services as documentos
    from relatorios.models import StatusDocumento
    from tests.seguranca.factories import DocumentoFactory

    documento = DocumentoFactory()
    with _broker(_fechado()), django_capture_on_commit_callbacks(execute=True):
        documentos.documento_regenerar(documento=documento, motivo="teste")
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PENDENTE
    pendente = TarefaPendente.objects.get()
    assert (pendente.tarefa, pendente.argumentos) == (
        "relatorios.gerar_documento",
        [documento.pk, documento.geracao],
    )
    assert filas.varrer(agora=timezone.now() + dt.timedelta(minutes=2)) == 1
    assert not TarefaPendente.objects.exists()
