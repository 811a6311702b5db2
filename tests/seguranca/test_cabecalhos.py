"""Cabeçalhos de segurança numa resposta real, com a configuração de produção."""

import json
import os
import re
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import reverse

from config.seguranca import CONTENT_SECURITY_POLICY

RAIZ = Path(__file__).resolve().parents[2]

# O que config/settings.py define com DEBUG=0 (conferido abaixo num processo à parte).
PRODUCAO = {
    "DEBUG": False,
    "SECURE_SSL_REDIRECT": True,
    "SECURE_HSTS_SECONDS": 31_536_000,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    "SECURE_HSTS_PRELOAD": True,
    "SESSION_COOKIE_SECURE": True,
    "CSRF_COOKIE_SECURE": True,
    "SESSION_COOKIE_NAME": "__Host-sessionid",
    "CSRF_COOKIE_NAME": "__Host-csrftoken",
    "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
    "PROXIES_CONFIAVEIS": [],
}
CSP_ESPERADA = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _diretivas(csp: str) -> dict[str, str]:
    return dict(parte.strip().split(" ", 1) for parte in csp.split(";"))


def _producao():
    valores = dict(PRODUCAO)
    valores["SECURE_PROXY_SSL_HEADER"] = tuple(valores["SECURE_PROXY_SSL_HEADER"])
    return override_settings(ALLOWED_HOSTS=["estagio.exemplo.gov.br"], **valores)


def test_cabecalhos_valores_de_producao_conferem_com_settings(tmp_path):
    ambiente = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": "x7" + uuid.uuid4().hex + uuid.uuid4().hex,
        "ALLOWED_HOSTS": "estagio.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    programa = (
        "import django, json; django.setup(); from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {sorted(PRODUCAO)!r}}}))"
    )
    processo = subprocess.run(  # noqa: S603 (programa fixo, montado acima)
        [sys.executable, "-c", programa],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(processo.stdout.strip().splitlines()[-1]) == PRODUCAO


@pytest.mark.django_db
def test_cabecalhos_presentes_em_producao(client):
    with _producao():
        resposta = client.get(
            reverse("login"), secure=True, headers={"host": "estagio.exemplo.gov.br"}
        )

    assert resposta.status_code == 200
    assert _diretivas(resposta["Content-Security-Policy"]) == CSP_ESPERADA
    assert "camera=()" in resposta["Permissions-Policy"]
    assert "geolocation=()" in resposta["Permissions-Policy"]
    assert resposta["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert resposta["X-Content-Type-Options"] == "nosniff"
    assert resposta["Referrer-Policy"] == "same-origin"
    assert resposta["X-Frame-Options"] == "DENY"
    assert resposta["Cross-Origin-Opener-Policy"] == "same-origin"
    cookie_csrf = resposta.cookies["__Host-csrftoken"]
    assert cookie_csrf["secure"]
    assert cookie_csrf["samesite"] == "Lax"


@pytest.mark.django_db
def test_cabecalhos_cookie_de_sessao_seguro_em_producao(client, alice):
    with _producao():
        resposta = client.post(
            reverse("login"),
            {"username": "alice", "password": "senha-de-teste-123"},
            secure=True,
            headers={"host": "estagio.exemplo.gov.br"},
        )

    assert resposta.status_code == 302
    cookie = resposta.cookies["__Host-sessionid"]
    assert cookie["secure"]
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"
    assert cookie["path"] == "/"
    assert cookie["domain"] == ""


@pytest.mark.django_db
def test_cabecalhos_http_redireciona_para_https_em_producao(client):
    with _producao():
        resposta = client.get(reverse("login"), headers={"host": "estagio.exemplo.gov.br"})
    assert resposta.status_code == 301
    assert resposta["Location"].startswith("https://estagio.exemplo.gov.br/")


@pytest.mark.django_db
@pytest.mark.parametrize("nome_url", ["inicio", "login", "password_reset"])
def test_cabecalhos_csp_tambem_em_desenvolvimento(client, nome_url):
    with override_settings(DEBUG=True):
        resposta = client.get(reverse(nome_url))
    assert resposta.status_code == 200
    assert resposta["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert "'unsafe-inline'" not in resposta["Content-Security-Policy"]


@pytest.mark.django_db
def test_cabecalhos_csp_em_paginas_de_erro_e_de_bloqueio(client, alice):
    for _ in range(5):
        resposta = client.post(reverse("login"), {"username": "alice", "password": "x"})
    assert resposta.status_code == 429
    assert resposta["Content-Security-Policy"] == CONTENT_SECURITY_POLICY

    with override_settings(DEBUG=False):
        nao_encontrada = client.get("/nao-existe/")
    assert nao_encontrada.status_code == 404
    assert nao_encontrada["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


# O que a CSP sem 'unsafe-inline' bloquearia: script sem src, <style>, style= e on*=.
# Dados para o JS via |json_script (type="application/json") não são executados.
EMBUTIDOS = re.compile(
    r"<script(?![^>]*\b(?:src=|type=.application/json))[^>]*>"
    r"|<style\b|\sstyle\s*=|\son[a-z]+\s*=|javascript:",
    re.IGNORECASE,
)


def _embutidos(html: str) -> list[str]:
    return [m.group(0) for m in EMBUTIDOS.finditer(html)]


@pytest.mark.django_db
@pytest.mark.parametrize("nome_url", ["inicio", "login", "password_reset"])
def test_cabecalhos_paginas_sem_script_nem_estilo_embutido(client, nome_url):
    """Com a CSP sem 'unsafe-inline', script ou estilo embutido simplesmente não roda."""
    assert _embutidos(client.get(reverse(nome_url)).content.decode()) == []


def test_cabecalhos_templates_do_projeto_sem_script_nem_estilo_embutido():
    """E-mails (templates/emails/) ficam de fora: não são servidos pelo site, a CSP não
    vale no cliente de e-mail, e lá estilo embutido é a única forma que funciona. Os
    modelos de PDF (templates/relatorios/pdf/) também: o WeasyPrint os lê no worker,
    nenhum navegador os recebe, e seu buscador de URLs só aceita nossos estáticos."""
    encontrados = {
        str(caminho.relative_to(RAIZ)): _embutidos(caminho.read_text(encoding="utf-8"))
        for caminho in sorted(RAIZ.glob("**/templates/**/*.html"))
        if ".venv" not in caminho.parts
        and "emails" not in caminho.parts
        and not str(caminho.relative_to(RAIZ)).startswith("templates/relatorios/pdf/")
    }
    assert len(encontrados) >= 10
    assert {nome: achados for nome, achados in encontrados.items() if achados} == {}
