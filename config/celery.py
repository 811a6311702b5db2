"""Aplicação Celery do projeto (tarefas em <app>/tasks.py)."""

import os
from typing import Any

from celery import Celery
from celery.signals import beat_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("estagio")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
@beat_init.connect
def _conferir_broker(**_: Any) -> None:
    """No início do worker e do beat, o mesmo aviso do processo web (AOF, despejo)."""
    from config.verificacoes import avisar_redis_do_broker

    avisar_redis_do_broker()
