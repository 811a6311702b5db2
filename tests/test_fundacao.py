"""Fundação: autenticação, demonstração idempotente, check --deploy e Celery de verdade."""

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse

from selecoes.models import Lotacao, Orgao

RAIZ = Path(__file__).resolve().parent.parent


def test_pagina_de_login_em_portugues(client):
    resposta = client.get(reverse("login"))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert 'lang="pt-BR"' in html
    assert "Ir para o conteúdo principal" in html
    assert "Entrar" in html


@pytest.mark.django_db
def test_login_e_painel_do_rh(client, alice):
    resposta = client.post(
        reverse("login"), {"username": "alice", "password": "senha-de-teste-123"}, follow=True
    )
    assert resposta.status_code == 200
    assert "Área do RH" in resposta.content.decode()
    assert "Gestor(a)" in resposta.content.decode()


@pytest.mark.django_db
def test_painel_exige_login(client):
    resposta = client.get(reverse("painel"))
    assert resposta.status_code == 302
    assert reverse("login") in resposta["Location"]


@pytest.mark.django_db
def test_admin_somente_para_superusuario(client, alice):
    client.force_login(alice)
    resposta = client.get("/admin/")
    assert resposta.status_code == 302


@pytest.mark.django_db
def test_popular_demo_e_idempotente():
    call_command("popular_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    contagens = (Orgao.objects.count(), Lotacao.objects.count(), get_user_model().objects.count())
    call_command("popular_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115
    assert (
        Orgao.objects.count(),
        Lotacao.objects.count(),
        get_user_model().objects.count(),
    ) == contagens
    assert contagens[0] >= 1


@pytest.mark.django_db
def test_logins_de_demonstracao_entram(client):
    from selecoes.demo import popular_orgaos_e_usuarios

    for login in popular_orgaos_e_usuarios():
        assert client.login(username=login.usuario, password=login.senha), login.usuario
        client.logout()


def test_check_deploy_sem_avisos_com_variaveis_de_producao(tmp_path):
    ambiente = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "x7" + uuid.uuid4().hex + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "estagio.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    processo = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
    )
    assert processo.returncode == 0, processo.stdout + processo.stderr
    assert "WARNINGS" not in processo.stdout + processo.stderr


def test_producao_sem_secret_key_recusa_iniciar(tmp_path):
    ambiente = {
        "PATH": os.environ["PATH"],
        "DEBUG": "0",
        "VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    processo = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
    )
    assert processo.returncode != 0
    assert "SECRET_KEY" in processo.stderr


@pytest.mark.worker
def test_celery_ida_e_volta_com_worker_real():
    """Um worker real consome do broker configurado (Redis na CI) e executa a tarefa."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app
    from selecoes.tasks import CHAVE_BATIMENTO, registrar_batimento

    marcador = uuid.uuid4().hex
    cache.delete(CHAVE_BATIMENTO)
    with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
        registrar_batimento.delay(marcador)
        limite = time.monotonic() + 20
        while time.monotonic() < limite:
            valor = cache.get(CHAVE_BATIMENTO)
            if valor and valor["marcador"] == marcador:
                break
            time.sleep(0.1)
    assert cache.get(CHAVE_BATIMENTO)["marcador"] == marcador
