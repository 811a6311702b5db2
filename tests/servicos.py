"""Que serviços reais esta sessão de testes tem: PostgreSQL, Redis, worker Celery, Chromium.

Os testes que dependem de um deles levam o marcador de mesmo nome; ``tests/conftest.py``
pula (com o motivo) os que não têm o serviço, e na CI (``SERVICOS_OBRIGATORIOS=1``)
recusa pular qualquer um.
"""

from __future__ import annotations

import functools
import os
import socket
from pathlib import Path
from urllib.parse import urlparse

from django.conf import settings

MARCADORES = ("postgresql", "redis", "worker", "navegador")
CHROMIUM = Path("/usr/bin/chromium")


def obrigatorios() -> bool:
    return os.environ.get("SERVICOS_OBRIGATORIOS", "") == "1"


def _responde(url: str) -> bool:
    partes = urlparse(url)
    try:
        with socket.create_connection((partes.hostname or "127.0.0.1", partes.port or 6379), 2):
            return True
    except OSError:
        return False


@functools.cache
def motivo_ausencia(nome: str) -> str | None:
    """None quando o serviço existe; senão, o motivo em pt-BR (aparece no relatório)."""
    if nome == "postgresql":
        if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
            return None
        return "precisa do PostgreSQL (DATABASE_URL=postgres://…); o padrão do README é SQLite"
    if nome == "redis":
        url = getattr(settings, "REDIS_URL", "") or ""
        if not url or not settings.CELERY_BROKER_URL.startswith("redis"):
            return "precisa do Redis (REDIS_URL e CELERY_BROKER_URL=redis://…)"
        return None if _responde(url) else f"o Redis de REDIS_URL não responde ({url})"
    if nome == "worker":
        # Worker Celery real (thread ou processo) consumindo do broker configurado; os que
        # rodam em outro processo levam também o marcador ``postgresql``.
        broker = settings.CELERY_BROKER_URL
        if broker.startswith("redis") and not _responde(broker):
            return f"o broker do Celery não responde ({broker})"
        return None
    if nome == "navegador":
        if CHROMIUM.exists():
            return None
        return (
            "Chromium não instalado em /usr/bin/chromium: rode scripts/instalar-navegador.sh "
            "(a CI instala)"
        )
    raise ValueError(nome)
