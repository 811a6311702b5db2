"""E-mail nunca prende o processo web; broker fora do ar não vira 500 (issue 18, item 6).

O servidor SMTP é um socket de verdade no loopback que aceita a conexão e nunca
responde; o broker fora do ar é uma porta de loopback sem ninguém escutando.
"""

import datetime as dt
import logging
import time
from contextlib import contextmanager

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from selecoes.models import SituacaoSelecao
from tests.candidatos.inscricoes.test_formulario import dados_post
from tests.confiabilidade.processos import esperar, porta_livre
from tests.factories import SelecaoFactory, VagaEstagioFactory
from tests.robustez.servicos import servidor_mudo


@pytest.fixture
def selecao_aberta(orgao):
    agora = timezone.now()
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=2),
        inscricoes_fim=agora + dt.timedelta(days=5),
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR", area="Direito")
    return selecao


@pytest.fixture
def smtp_mudo(settings, tmp_path):
    with servidor_mudo(vida_maxima=60) as servidor:
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST = "127.0.0.1"
        settings.EMAIL_PORT = servidor.porta
        settings.EMAIL_TIMEOUT = 1
        settings.MEDIA_ROOT = tmp_path / "media"
        yield servidor


@contextmanager
def _broker(url: str):
    """Aponta o app Celery deste processo para outro broker e depois o restaura.

    O Celery lê ``CELERY_BROKER_URL`` do ambiente antes da configuração: troca-se os
    dois. Os pools de conexão do kombu são globais, por endereço: o do broker de
    antes fica aberto e volta a ser usado na restauração.
    """
    import os

    from config.celery import app

    def trocar(novo: str | None, ambiente: str | None) -> None:
        if ambiente is None:
            os.environ.pop("CELERY_BROKER_URL", None)
        else:
            os.environ["CELERY_BROKER_URL"] = ambiente
        app.conf.broker_url = novo
        app._pool = None
        app.amqp._producer_pool = None

    antes = app.conf.broker_url
    ambiente_antes = os.environ.get("CELERY_BROKER_URL")
    trocar(url, url)
    try:
        yield app
    finally:
        trocar(antes, ambiente_antes)


class _Registro(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.mensagens: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.mensagens.append(record.getMessage())


def _inscrever(selecao) -> tuple[int, float]:
    inicio = time.monotonic()
    resposta = Client().post(
        reverse("inscricao_publica:formulario", args=[selecao.pk]),
        dados_post(selecao.vagas.get()),
    )
    return resposta.status_code, time.monotonic() - inicio


@pytest.mark.django_db(transaction=True)
def test_email_smtp_mudo_nao_prende_a_inscricao_e_o_worker_desiste_no_timeout(
    smtp_mudo, selecao_aberta
):
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    status, segundos = _inscrever(selecao_aberta)

    assert status == 302
    # Folga para máquina carregada; sem a correção, o pedido esperava o SMTP mudo (60 s).
    assert segundos < 10
    assert Inscricao.objects.count() == 1
    assert smtp_mudo.conexoes == []  # o processo web nem falou com o SMTP
    # O worker reconfigura o log do processo: um handler próprio no logger do serviço.
    falhas = _Registro()
    logger = logging.getLogger("candidatos.services.inscricoes")
    logger.addHandler(falhas)
    try:
        with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
            esperar(
                lambda: any("Falha ao enviar o comprovante" in m for m in falhas.mensagens),
                60,
                "o worker desistir do SMTP mudo",
            )
    finally:
        logger.removeHandler(falhas)
    assert len(smtp_mudo.conexoes) >= 1


@pytest.mark.django_db(transaction=True)
def test_email_broker_fora_do_ar_inscricao_gravada_sem_500(selecao_aberta, caplog, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    caplog.set_level(logging.ERROR, logger="selecoes.filas")
    with _broker(f"redis://127.0.0.1:{porta_livre()}/0"):
        status, segundos = _inscrever(selecao_aberta)

    assert status == 302
    assert segundos < 15
    assert Inscricao.objects.count() == 1
    erros = [r.getMessage() for r in caplog.records if r.name == "selecoes.filas"]
    assert any("candidatos.enviar_comprovante" in m for m in erros)


@pytest.mark.django_db(transaction=True)
def test_email_broker_fora_do_ar_todos_os_ganchos_rodam(caplog):
    from django.db import transaction

    from candidatos import tasks
    from selecoes.filas import enfileirar_apos_commit

    caplog.set_level(logging.ERROR, logger="selecoes.filas")
    with _broker(f"redis://127.0.0.1:{porta_livre()}/0"), transaction.atomic():
        for convocacao_id in (101, 102):
            enfileirar_apos_commit(tasks.enviar_email_convocacao, convocacao_id)

    erros = [r.getMessage() for r in caplog.records if r.name == "selecoes.filas"]
    assert len(erros) == 2
    assert "(101,)" in erros[0]
    assert "(102,)" in erros[1]
