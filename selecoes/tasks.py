"""Tarefas de infraestrutura."""

from celery import shared_task
from django.core.cache import cache
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone

CHAVE_BATIMENTO = "celery:batimento"


@shared_task(name="selecoes.registrar_batimento")
def registrar_batimento(marcador: str) -> str:
    """Prova de vida dos workers: grava no cache o marcador e a hora em que rodou."""
    cache.set(CHAVE_BATIMENTO, {"marcador": marcador, "em": timezone.now().isoformat()}, 3600)
    return marcador


@shared_task(name="selecoes.enviar_email", acks_late=True)
def enviar_email(
    assunto: str, corpo: str, destinatarios: list[str], html: str | None = None
) -> None:
    """Envia uma mensagem já montada (o servidor SMTP espera até ``EMAIL_TIMEOUT``)."""
    mensagem = EmailMultiAlternatives(subject=assunto, body=corpo, to=destinatarios)
    if html:
        mensagem.attach_alternative(html, "text/html")
    mensagem.send()
