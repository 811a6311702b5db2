"""Tarefas de infraestrutura."""

from celery import shared_task
from django.core.cache import cache
from django.utils import timezone

CHAVE_BATIMENTO = "celery:batimento"


@shared_task(name="selecoes.registrar_batimento")
def registrar_batimento(marcador: str) -> str:
    """Prova de vida dos workers: grava no cache o marcador e a hora em que rodou."""
    cache.set(CHAVE_BATIMENTO, {"marcador": marcador, "em": timezone.now().isoformat()}, 3600)
    return marcador
