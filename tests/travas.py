"""Ajudantes dos testes de travas no PostgreSQL real."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.db import connection, transaction

T = TypeVar("T")

ESPERA_MAXIMA = "3s"


def sem_esperar(acao: Callable[[], T], espera: str = ESPERA_MAXIMA) -> T:
    """Roda ``acao`` numa transação que desiste (erro de ``lock timeout``) se tiver de
    esperar uma trava por mais de ``espera``."""
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL lock_timeout = '{espera}'")
        return acao()
