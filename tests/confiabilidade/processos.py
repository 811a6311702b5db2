"""Processos de verdade para os testes de falha: um redis-server próprio e workers Celery.

Nunca se toca no Redis compartilhado (porta 6379): cada teste sobe o seu numa porta
livre, com a persistência de produção (AOF, docs/operacao.md). Todo processo iniciado
aqui é encerrado pelo próprio id no ``finally`` (primeiro com SIGTERM, depois SIGKILL).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import connection

RAIZ = Path(__file__).resolve().parents[2]


def esperar(condicao: Callable[[], bool], limite: float, o_que: str) -> None:
    fim = time.monotonic() + limite
    while time.monotonic() < fim:
        if condicao():
            return
        time.sleep(0.05)
    raise AssertionError(f"Tempo esgotado ({limite:.0f} s) esperando {o_que}.")


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def encerrar(processo: subprocess.Popen, espera: float = 15) -> None:
    """SIGTERM (desligamento normal) e, se não sair a tempo, SIGKILL; sempre pelo id."""
    if processo.poll() is not None:
        return
    processo.send_signal(signal.SIGTERM)
    try:
        processo.wait(timeout=espera)
    except subprocess.TimeoutExpired:
        for filho in filhos(processo.pid):
            matar(filho)
        processo.kill()
        processo.wait(timeout=10)


def matar(pid: int) -> None:
    with suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def filhos(pid: int) -> list[int]:
    """Processos filhos diretos (Linux: lê o pai de cada processo em /proc)."""
    encontrados = []
    for entrada in Path("/proc").iterdir():
        if not entrada.name.isdigit():
            continue
        try:
            estado = (entrada / "stat").read_text()
        except OSError:
            continue
        # pid (comando) estado ppid …; o comando pode ter espaços e parênteses.
        campos = estado.rsplit(")", 1)[1].split()
        if int(campos[1]) == pid:
            encontrados.append(int(entrada.name))
    return encontrados


@dataclass
class RedisProprio:
    """redis-server só deste teste, com AOF (``--appendonly yes``) numa pasta própria."""

    pasta: Path
    persistente: bool = True
    porta: int = field(default_factory=porta_livre)
    processo: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.porta}/0"

    def iniciar(self) -> None:
        self.pasta.mkdir(parents=True, exist_ok=True)
        comando = [
            "redis-server",
            "--port", str(self.porta),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "yes" if self.persistente else "no",
            "--dir", str(self.pasta),
        ]  # fmt: skip
        with (self.pasta / "redis.log").open("ab") as log:
            self.processo = subprocess.Popen(  # noqa: S603 - comando fixo, sem entrada externa
                comando, stdout=log, stderr=subprocess.STDOUT
            )
        esperar(self.responde, 20, f"o redis-server da porta {self.porta} responder")

    def responde(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.porta), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def parar(self) -> None:
        """Desligamento normal (SIGTERM): com AOF, o que estava na fila vai para o disco."""
        if self.processo is not None:
            encerrar(self.processo)
            self.processo = None

    def reiniciar(self) -> None:
        self.parar()
        self.iniciar()


@contextmanager
def redis_proprio(pasta: Path, *, persistente: bool = True) -> Iterator[RedisProprio]:
    redis = RedisProprio(pasta, persistente=persistente)
    redis.iniciar()
    try:
        yield redis
    finally:
        redis.parar()


def url_do_banco_de_teste() -> str:
    """O banco que o pytest-django criou (test_<nome>): o worker tem de usar o mesmo."""
    dados = connection.settings_dict
    assert connection.vendor == "postgresql", "os workers de teste precisam do PostgreSQL"
    usuario = dados["USER"] + (f":{dados['PASSWORD']}" if dados.get("PASSWORD") else "")
    return f"postgres://{usuario}@{dados['HOST']}:{dados['PORT']}/{dados['NAME']}"


@dataclass
class Worker:
    """``celery -A config worker --pool=prefork --concurrency=1`` num subprocesso."""

    processo: subprocess.Popen
    log: Path

    @property
    def pid(self) -> int:
        return self.processo.pid

    def texto_do_log(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def processo_filho(self) -> int:
        """O processo do pool que executa as tarefas (ForkPoolWorker-1)."""
        encontrados: list[int] = []

        def achou() -> bool:
            encontrados[:] = filhos(self.pid)
            return len(encontrados) == 1

        esperar(achou, 30, f"o processo filho do worker {self.pid}")
        return encontrados[0]


def _ambiente(broker: str, extra: dict[str, str] | None) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": url_do_banco_de_teste(),
        "CELERY_BROKER_URL": broker,
        "MEDIA_ROOT": str(settings.MEDIA_ROOT),
        "PYTHONUNBUFFERED": "1",
        **(extra or {}),
    }


@contextmanager
def worker_celery(
    broker: str, pasta: Path, nome: str, ambiente_extra: dict[str, str] | None = None
) -> Iterator[Worker]:
    """Sobe um worker apontado para ``broker`` e para o banco de teste; encerra no fim."""
    pasta.mkdir(parents=True, exist_ok=True)
    log = pasta / f"worker-{nome}.log"
    ambiente = _ambiente(broker, ambiente_extra)
    comando = [
        sys.executable, "-m", "celery", "-A", "config", "worker",
        "--pool=prefork", "--concurrency=1", "--loglevel=INFO",
        "--without-gossip", "--without-mingle", "--without-heartbeat",
        "--hostname", f"{nome}@teste",
    ]  # fmt: skip
    with log.open("ab") as saida:
        processo = subprocess.Popen(  # noqa: S603 - comando fixo, sem entrada externa
            comando, cwd=RAIZ, env=ambiente, stdout=saida, stderr=subprocess.STDOUT
        )
    worker = Worker(processo, log)
    try:
        esperar(
            lambda: " ready." in worker.texto_do_log() or processo.poll() is not None,
            90,
            f"o worker {nome} ficar pronto",
        )
        assert processo.poll() is None, f"o worker {nome} saiu:\n{worker.texto_do_log()[-3000:]}"
        yield worker
    finally:
        encerrar(processo, espera=30)


@contextmanager
def beat_celery(
    broker: str, pasta: Path, ambiente_extra: dict[str, str] | None = None
) -> Iterator[Worker]:
    """``celery -A config beat`` num subprocesso, com o agendamento em ``pasta``."""
    pasta.mkdir(parents=True, exist_ok=True)
    log = pasta / "beat.log"
    comando = [
        sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
        "--schedule", str(pasta / "celerybeat-schedule"),
    ]  # fmt: skip
    with log.open("ab") as saida:
        processo = subprocess.Popen(  # noqa: S603 - comando fixo, sem entrada externa
            comando,
            cwd=RAIZ,
            env=_ambiente(broker, ambiente_extra),
            stdout=saida,
            stderr=subprocess.STDOUT,
        )
    beat = Worker(processo, log)
    try:
        esperar(
            lambda: "beat: Starting" in beat.texto_do_log() or processo.poll() is not None,
            60,
            "o beat começar",
        )
        assert processo.poll() is None, f"o beat saiu:\n{beat.texto_do_log()[-3000:]}"
        yield beat
    finally:
        encerrar(processo, espera=15)
