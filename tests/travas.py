"""Ajudantes dos testes de travas no PostgreSQL real."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

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


def em_outro_fio(
    acao: Callable[[], Any], dentro: threading.Event, saida: dict[str, Any]
) -> threading.Thread:
    """Roda ``acao`` num fio próprio (com a sua conexão, fechada no fim) e espera
    ``dentro``, que ``acao`` marca quando tomou a trava; o valor devolvido fica em
    ``saida["resultado"]`` e um erro, em ``saida["erro"]``."""

    def rodar() -> None:
        try:
            saida["resultado"] = acao()
        except Exception as erro:  # o teste confere ``saida``
            saida["erro"] = erro
        finally:
            dentro.set()
            connection.close()

    fio = threading.Thread(target=rodar)
    fio.start()
    assert dentro.wait(20)
    assert "erro" not in saida, saida
    return fio
