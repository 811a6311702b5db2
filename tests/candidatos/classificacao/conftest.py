"""Fixtures da classificação: Celery síncrono só onde o teste pede."""

import pytest


@pytest.fixture
def celery_sincrono():
    """Executa as tarefas no próprio processo (o projeto nunca usa isso fora dos testes)."""
    from config.celery import app

    antes = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = antes


@pytest.fixture(autouse=True)
def midia_temporaria(settings, tmp_path):
    """Documentos enviados nos testes vão para uma pasta descartável."""
    settings.MEDIA_ROOT = tmp_path / "midia"
