"""Recuperação de senha com limite por conta e por quem pede (issue 18, item 8)."""

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from selecoes.forms.senha import EMAILS_POR_CONTA

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limites_zerados(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    yield
    cache.clear()


def _pedir(email: str, ip: str) -> int:
    return Client().post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=ip).status_code


def test_recuperacao_quinze_pedidos_da_mesma_conta_mandam_no_maximo_tres_emails(
    alice, celery_sincrono, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        codigos = [_pedir(alice.email, "203.0.113.10") for _ in range(15)]

    assert len(mail.outbox) == EMAILS_POR_CONTA == 3
    assert all(m.to == [alice.email] for m in mail.outbox)
    # A página não muda: ninguém descobre pelo limite se a conta existe.
    assert codigos[:10] == [302] * 10
    assert codigos[10:] == [429] * 5


def test_recuperacao_conta_limitada_mesmo_de_ips_diferentes(
    alice, celery_sincrono, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        codigos = [_pedir(alice.email, f"198.51.100.{i}") for i in range(15)]

    assert codigos == [302] * 15
    assert len(mail.outbox) == 3


def test_recuperacao_por_ip_limita_pedidos_para_contas_diferentes(
    alice, bruno, carla, celery_sincrono, django_capture_on_commit_callbacks
):
    emails = [alice.email, bruno.email, carla.email] * 5
    with django_capture_on_commit_callbacks(execute=True):
        codigos = [_pedir(email, "203.0.113.10") for email in emails]

    assert codigos[:10] == [302] * 10
    assert codigos[10:] == [429] * 5
    assert len(mail.outbox) == 9
    assert _pedir(alice.email, "203.0.113.11") == 302


def test_recuperacao_email_sai_pelo_worker_com_o_link(
    alice, celery_sincrono, django_capture_on_commit_callbacks
):
    """Nada sai no pedido web: depois do commit, a mensagem vai para a fila."""
    with django_capture_on_commit_callbacks(execute=False) as ganchos:
        assert _pedir(alice.email, "203.0.113.10") == 302

    assert mail.outbox == []
    assert [g.__qualname__ for g in ganchos] == [
        "enfileirar_apos_commit.<locals>.enfileirar_tarefa"
    ]
    ganchos[0]()
    assert "/conta/senha/redefinir/" in mail.outbox[0].body
