"""Contornar os gatilhos de somente acréscimo, como um superusuário do banco faria.

Só para os testes que precisam de um estado que a aplicação nunca produz (uma versão
adulterada, um vínculo anterior à migração): no PostgreSQL,
``session_replication_role = replica`` desliga os gatilhos na transação; no SQLite
não há gatilho.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection, transaction


@contextmanager
def sem_gatilhos() -> Iterator[None]:
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
        yield
