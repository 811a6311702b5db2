"""Clientes lentos não derrubam o site (issue 18, item 3).

Sobe o gunicorn com a configuração entregue (``config/gunicorn.py``, a do Procfile)
numa porta livre do loopback, abre 20 conexões que mandam o cabeçalho um byte por
vez e nunca o terminam, e confere que um pedido comum ainda responde em poucos
segundos. Não é benchmark: o limite é folgado. Todo processo iniciado é encerrado
pelo próprio id no fim.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from contextlib import suppress

import pytest

from tests.confiabilidade.processos import RAIZ, encerrar, esperar, porta_livre

LENTOS = 20
LIMITE_SEGUNDOS = 5


def _responde(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resposta:  # noqa: S310 - loopback
            return resposta.status == 200
    except OSError:
        return False


def _gotejar(conexoes: list[socket.socket], parar: threading.Event) -> None:
    """Um byte de cabeçalho por conexão a cada meio segundo, sem nunca terminar."""
    while not parar.wait(0.5):
        for conexao in conexoes:
            with suppress(OSError):
                conexao.sendall(b"x")


@pytest.mark.lento
def test_clientes_lentos_vinte_conexoes_gotejando_e_um_pedido_comum_responde(tmp_path):
    porta = porta_livre()
    ambiente = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "PORT": str(porta),
        "WEB_HOST": "127.0.0.1",
        "VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "PYTHONUNBUFFERED": "1",
    }
    url = f"http://127.0.0.1:{porta}/conta/entrar/"
    log = tmp_path / "gunicorn.log"
    with log.open("ab") as saida:
        gunicorn = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "--config", "config/gunicorn.py"],
            cwd=RAIZ,
            env=ambiente,
            stdout=saida,
            stderr=subprocess.STDOUT,
        )
    conexoes: list[socket.socket] = []
    parar = threading.Event()
    try:
        esperar(lambda: _responde(url) or gunicorn.poll() is not None, 60, "o gunicorn subir")
        assert gunicorn.poll() is None, log.read_text()
        assert "gthread" in log.read_text()
        for _ in range(LENTOS):
            conexao = socket.create_connection(("127.0.0.1", porta), timeout=5)
            conexao.sendall(b"GET /conta/entrar/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lento: ")
            conexoes.append(conexao)
        gotejador = threading.Thread(target=_gotejar, args=(conexoes, parar), daemon=True)
        gotejador.start()
        time.sleep(3)  # todas as conexões lentas já estão com o servidor

        inicio = time.monotonic()
        assert _responde(url)
        assert time.monotonic() - inicio < LIMITE_SEGUNDOS
        assert sum(c.fileno() != -1 for c in conexoes) == LENTOS  # seguem abertas
    finally:
        parar.set()
        for conexao in conexoes:
            conexao.close()
        encerrar(gunicorn)
