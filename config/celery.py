"""Aplicação Celery do projeto (tarefas em <app>/tasks.py)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("estagio")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
