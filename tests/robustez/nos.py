"""Vários nós numa máquina só: dois gunicorn e dois workers Celery de verdade (issue 18, item 11).

Como em produção (docs/implantacao.md, "Vários nós"): um PostgreSQL (o banco de
teste) e um Redis (um redis-server próprio, broker no banco 0 e cache no banco 1)
para todos; uma pasta de arquivos (``MEDIA_ROOT``) compartilhada, como o volume
comum dos nós; e a pasta ``var/`` (``VAR_DIR``) de cada nó só dele. Todos com a
mesma ``SECRET_KEY`` (sessões, mensagens e links assinados valem em qualquer nó).
Com ``DEBUG=1``, como ``test_clientes_lentos.py``: sem HTTPS no loopback e sem o
``collectstatic`` (que custaria mais que os testes); a topologia é a de produção.

O cliente HTTP fala com os nós pelo loopback, cada pedido saindo de um endereço
127.0.x.y próprio (sem proxy, o IP do cliente é o da conexão), com a sessão criada
pelo teste e o token CSRF enviado no cabeçalho, como faria o JavaScript da página.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest
from django.test import Client
from django.utils.crypto import get_random_string

from tests.confiabilidade.processos import (
    RAIZ,
    RedisProprio,
    encerrar,
    esperar,
    porta_livre,
    url_do_banco_de_teste,
)

CSRF = get_random_string(32)


@dataclass
class Resposta:
    status: int
    corpo: bytes
    cabecalhos: http.client.HTTPMessage

    @property
    def texto(self) -> str:
        return self.corpo.decode(errors="replace")

    def json(self) -> Any:
        return json.loads(self.corpo)

    def cookie(self, nome: str) -> str | None:
        cookies: SimpleCookie = SimpleCookie()
        for linha in self.cabecalhos.get_all("Set-Cookie") or []:
            cookies.load(linha)
        return cookies[nome].value if nome in cookies else None

    def mensagens(self) -> list[Message]:
        """As mensagens da página seguinte (cookie ``messages``, assinado com a SECRET_KEY)."""
        valor = self.cookie("messages")
        return list(CookieStorage(HttpRequest())._decode(valor) or []) if valor else []


@dataclass
class No:
    """Um processo (gunicorn ou worker) com a sua pasta ``var/`` e o seu log."""

    nome: str
    var: Path
    log: Path
    processo: subprocess.Popen
    porta: int | None = None

    def texto_do_log(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def pedir(
        self,
        metodo: str,
        caminho: str,
        *,
        dados: Mapping[str, str] | None = None,
        sessao: str | None = None,
        origem: str = "127.0.0.1",
    ) -> Resposta:
        assert self.porta is not None, f"{self.nome} não é um nó web"
        cookies = {"csrftoken": CSRF} | ({settings.SESSION_COOKIE_NAME: sessao} if sessao else {})
        cabecalhos = {
            "Host": f"127.0.0.1:{self.porta}",
            "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items()),
            "X-CSRFToken": CSRF,
        }
        corpo = None
        if dados is not None:
            corpo = urlencode(dados)
            cabecalhos["Content-Type"] = "application/x-www-form-urlencoded"
        conexao = http.client.HTTPConnection(
            "127.0.0.1", self.porta, timeout=60, source_address=(origem, 0)
        )
        try:
            conexao.request(metodo, caminho, body=corpo, headers=cabecalhos)
            resposta = conexao.getresponse()
            return Resposta(resposta.status, resposta.read(), resposta.headers)
        finally:
            conexao.close()

    def get(self, caminho: str, **kwargs: Any) -> Resposta:
        return self.pedir("GET", caminho, **kwargs)

    def post(self, caminho: str, dados: Mapping[str, str], **kwargs: Any) -> Resposta:
        return self.pedir("POST", caminho, dados=dados, **kwargs)

    def responde(self) -> bool:
        try:
            return self.get("/conta/entrar/").status == 200
        except OSError:
            return False


@dataclass
class Instalacao:
    """Os nós web, os workers e o que eles compartilham."""

    redis: RedisProprio
    midia: Path
    web: list[No] = field(default_factory=list)
    workers: list[No] = field(default_factory=list)

    @property
    def url_cache(self) -> str:
        return f"redis://127.0.0.1:{self.redis.porta}/1"

    @property
    def url_broker(self) -> str:
        return f"redis://127.0.0.1:{self.redis.porta}/0"

    def caches(self) -> dict[str, Any]:
        """O cache de todos os nós (o mesmo ``KEY_PREFIX``), para o processo do teste."""
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": self.url_cache,
                "KEY_PREFIX": "estagio",
            }
        }


def sessao_de(usuario: Any) -> str:
    """Uma sessão de ``usuario`` gravada no banco comum: vale em qualquer nó."""
    cliente = Client()
    cliente.force_login(usuario)
    return cliente.cookies[settings.SESSION_COOKIE_NAME].value


def _ambiente(instalacao: Instalacao, var: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "SECRET_KEY": settings.SECRET_KEY,
        "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
        # A máquina de testes é compartilhada: nada de conexões ociosas guardadas.
        "DB_CONN_MAX_AGE": "0",
        "DATABASE_URL": url_do_banco_de_teste(),
        "CELERY_BROKER_URL": instalacao.url_broker,
        "REDIS_URL": instalacao.url_cache,
        "CACHE_KEY_PREFIX": "estagio",
        "VAR_DIR": str(var),
        "MEDIA_ROOT": str(instalacao.midia),
        "STATIC_ROOT": str(var / "staticfiles"),
        "PYTHONUNBUFFERED": "1",
    }


def _iniciar(nome: str, comando: list[str], ambiente: dict[str, str], var: Path) -> No:
    var.mkdir(parents=True, exist_ok=True)
    log = var / f"{nome}.log"
    with log.open("ab") as saida:
        processo = subprocess.Popen(  # noqa: S603 - comando fixo, sem entrada externa
            comando, cwd=RAIZ, env=ambiente, stdout=saida, stderr=subprocess.STDOUT
        )
    return No(nome=nome, var=var, log=log, processo=processo)


def _web(instalacao: Instalacao, nome: str, pasta: Path) -> No:
    porta = porta_livre()
    ambiente = _ambiente(instalacao, pasta / "var") | {
        "PORT": str(porta),
        "WEB_HOST": "127.0.0.1",
        # Um processo por nó: o cache local de cada nó é o de um processo só.
        "WEB_CONCURRENCY": "1",
    }
    comando = [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"]
    no = _iniciar(nome, comando, ambiente, pasta / "var")
    no.porta = porta
    return no


def _worker(instalacao: Instalacao, nome: str, pasta: Path) -> No:
    comando = [
        sys.executable, "-m", "celery", "-A", "config", "worker",
        "--pool=prefork", "--concurrency=1", "--loglevel=INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
        "--hostname", f"{nome}@teste",
    ]  # fmt: skip
    return _iniciar(nome, comando, _ambiente(instalacao, pasta / "var"), pasta / "var")


def _encerrar_todos(instalacao: Instalacao, espera: float = 30) -> None:
    """SIGTERM a todos de uma vez (desligamento normal, em paralelo); quem não sair a
    tempo é encerrado à força, pelo próprio id."""
    processos = [no.processo for no in (*instalacao.workers, *instalacao.web)]
    for processo in processos:
        if processo.poll() is None:
            processo.send_signal(signal.SIGTERM)
    fim = time.monotonic() + espera
    for processo in processos:
        try:
            processo.wait(timeout=max(0.1, fim - time.monotonic()))
        except subprocess.TimeoutExpired:
            encerrar(processo, espera=5)


@contextmanager
def instalacao_com_dois_nos(pasta: Path) -> Iterator[Instalacao]:
    """Redis, dois gunicorn e dois workers, todos subindo ao mesmo tempo; encerra no fim."""
    with ExitStack() as pilha:
        redis = RedisProprio(pasta / "redis")
        redis.iniciar()
        pilha.callback(redis.parar)
        instalacao = Instalacao(redis=redis, midia=pasta / "midia-compartilhada")
        instalacao.midia.mkdir(parents=True)
        pilha.callback(_encerrar_todos, instalacao)
        for nome in ("no-a", "no-b"):
            instalacao.web.append(_web(instalacao, nome, pasta / nome))
        for nome in ("worker-1", "worker-2"):
            instalacao.workers.append(_worker(instalacao, nome, pasta / nome))
        for no in instalacao.web:
            esperar(
                lambda no=no: no.responde() or no.processo.poll() is not None,
                90,
                f"o gunicorn {no.nome} responder",
            )
            assert no.processo.poll() is None, f"{no.nome} saiu:\n{no.texto_do_log()[-3000:]}"
        for no in instalacao.workers:
            esperar(
                lambda no=no: " ready." in no.texto_do_log() or no.processo.poll() is not None,
                90,
                f"o worker {no.nome} ficar pronto",
            )
            assert no.processo.poll() is None, f"{no.nome} saiu:\n{no.texto_do_log()[-3000:]}"
        yield instalacao
