"""Enfileiramento de tarefas Celery depois do commit, sem que um broker fora do ar vire 500.

A ação já foi gravada quando o gancho de ``transaction.on_commit`` roda: se o broker
não aceitar a mensagem, o erro vai ao log (com a tarefa e os argumentos, para
reenvio) e a resposta segue normal. Ganchos são funções com nome: o Django registra
``func.__qualname__`` quando um gancho ``robust`` falha, e ``functools.partial`` não
o tem (a falha do log viraria a falha da página).
"""

from __future__ import annotations

import logging
from typing import Any

from celery import Task
from django.db import transaction
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# Broker recusando ou fora do ar: o Celery os embrulha em kombu.OperationalError.
ERROS_DO_BROKER: tuple[type[BaseException], ...] = (KombuError, RedisError, OSError)


def enfileirar(tarefa: Task, *args: Any) -> bool:
    """Manda a tarefa ao broker; False (e o erro no log) se ele não aceitar."""
    try:
        tarefa.apply_async(args=args)
    except ERROS_DO_BROKER:
        logger.exception("Broker indisponível: tarefa %s%r não foi enfileirada.", tarefa.name, args)
        return False
    return True


def enfileirar_apos_commit(tarefa: Task, *args: Any) -> None:
    """Enfileira a tarefa quando (e se) a transação atual for confirmada."""

    def enfileirar_tarefa() -> None:
        enfileirar(tarefa, *args)

    transaction.on_commit(enfileirar_tarefa, robust=True)
