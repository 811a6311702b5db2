"""Falhas de worker e de broker com processos de verdade.

- Um worker Celery morto com SIGKILL no meio de um PDF: a tarefa volta para a fila
  (``acks_late`` + ``reject_on_worker_lost``), roda de novo e um só arquivo fica guardado.
- Um Redis reiniciado com tarefas na fila (persistência ``appendonly``, como em
  produção — ver docs/operacao.md): nenhuma tarefa se perde.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from relatorios.models import Documento, StatusDocumento, TipoDocumento
from tests.factories import InscricaoFactory, SelecaoFactory
from tests.relatorios.documentos.factories import Aprovado, ResultadoVersaoFactory, VagaResultado

RAIZ = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.lento,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="worker em outro processo"),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server ausente"),
]


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisProprio:
    """Um redis-server só do teste, com AOF em pasta temporária (nunca o da máquina)."""

    def __init__(self, pasta: Path) -> None:
        self.pasta = pasta
        self.porta = _porta_livre()
        self.processo: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.porta}/0"

    def iniciar(self) -> None:
        self.processo = subprocess.Popen(  # noqa: S603
            [  # noqa: S607
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.porta),
                "--save",
                "",
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--dir",
                str(self.pasta),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        limite = time.monotonic() + 15
        while time.monotonic() < limite:
            try:
                with socket.create_connection(("127.0.0.1", self.porta), timeout=0.5) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("o redis-server do teste não respondeu em 15 s")

    def parar(self) -> None:
        if self.processo and self.processo.poll() is None:
            self.processo.send_signal(signal.SIGTERM)  # grava o AOF e sai
            self.processo.wait(timeout=15)


def _ambiente(broker: str, midia: Path) -> dict[str, str]:
    banco = connection.settings_dict
    url = (
        f"postgres://{banco['USER']}@{banco['HOST'] or '127.0.0.1'}:{banco['PORT'] or 5432}"
        f"/{banco['NAME']}"
    )
    return {
        **os.environ,
        "DEBUG": "1",
        "DATABASE_URL": url,
        "CELERY_BROKER_URL": broker,
        "MEDIA_ROOT": str(midia),
    }


def _worker(ambiente: dict[str, str]) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            "--concurrency=1",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=WARNING",
        ],
        cwd=RAIZ,
        env=ambiente,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _encerrar(processo: subprocess.Popen | None) -> None:
    if processo is None or processo.poll() is not None:
        return
    processo.send_signal(signal.SIGTERM)
    try:
        processo.wait(timeout=20)
    except subprocess.TimeoutExpired:
        processo.kill()
        processo.wait(timeout=10)


def _filhos(pid: int) -> list[int]:
    saida = subprocess.run(  # noqa: S603
        ["pgrep", "-P", str(pid)],  # noqa: S607
        capture_output=True,
        text=True,
        check=False,
    )
    return [int(p) for p in saida.stdout.split()]


def _esperar(condicao, segundos: float, mensagem: str) -> None:
    limite = time.monotonic() + segundos
    while time.monotonic() < limite:
        if condicao():
            return
        time.sleep(0.1)
    raise AssertionError(mensagem)


@pytest.fixture
def redis_proprio(tmp_path):
    servidor = RedisProprio(tmp_path / "redis")
    servidor.pasta.mkdir()
    servidor.iniciar()
    yield servidor
    servidor.parar()


def test_worker_morto_no_meio_do_pdf_refaz_a_tarefa_e_guarda_um_arquivo(settings, tmp_path, orgao):
    if not settings.CELERY_BROKER_URL.startswith("redis"):
        pytest.skip("requer o broker Redis (a CI define CELERY_BROKER_URL)")
    midia = tmp_path / "midia"
    settings.MEDIA_ROOT = midia
    worker = _worker(_ambiente(settings.CELERY_BROKER_URL, midia))
    try:
        aprovados = [Aprovado(f"2026{i:06d}", f"Candidata Número {i}") for i in range(4000)]
        selecao = SelecaoFactory(orgao=orgao, situacao="resultado_final")
        # Publicar a versão dispara (depois do commit) o pedido do PDF e a tarefa.
        versao = ResultadoVersaoFactory(selecao=selecao, vagas=[VagaResultado("DIR", aprovados)])
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")

        def gerando():
            documento.refresh_from_db()
            return documento.status == StatusDocumento.GERANDO

        _esperar(gerando, 90, "o worker não começou a gerar o PDF em 90 s")
        time.sleep(0.5)
        filhos = _filhos(worker.pid)
        assert filhos, "o worker prefork não tem processo filho"
        for pid in filhos:
            os.kill(pid, signal.SIGKILL)

        def pronto():
            documento.refresh_from_db()
            return documento.status == StatusDocumento.PRONTO

        _esperar(pronto, 180, "a tarefa não foi refeita depois do SIGKILL (180 s)")
    finally:
        _encerrar(worker)
    assert documento.tentativas >= 2, "a tarefa deveria ter rodado de novo"
    pasta = midia / "documentos" / TipoDocumento.RESULTADO / str(documento.pk)
    pdfs = sorted(p.name for p in pasta.rglob("*.pdf"))
    assert pdfs == [Path(documento.arquivo.name).name]
    assert (midia / documento.arquivo.name).read_bytes().startswith(b"%PDF-")


def test_redis_reiniciado_nao_perde_tarefas_da_fila(
    settings, tmp_path, orgao, redis_proprio, monkeypatch
):
    from config.celery import app
    from relatorios import services
    from relatorios.tasks import gerar_documento

    midia = tmp_path / "midia"
    settings.MEDIA_ROOT = midia
    # Os pedidos são enfileirados à mão no Redis do teste, sem worker rodando.
    monkeypatch.setattr(services, "_enfileirar", lambda documento_id, geracao: None)
    inscricoes = [InscricaoFactory(vaga__selecao__orgao=orgao) for _ in range(3)]
    documentos = [services.comprovante_solicitar(inscricao=i) for i in inscricoes]
    with app.connection_for_write(redis_proprio.url) as conexao:
        for d in documentos:
            gerar_documento.apply_async((d.pk, d.geracao), connection=conexao)
    assert all(d.status == StatusDocumento.PENDENTE for d in documentos)
    redis_proprio.parar()
    redis_proprio.iniciar()
    worker = _worker(_ambiente(redis_proprio.url, midia))
    try:

        def todos_prontos():
            return Documento.objects.filter(
                pk__in=[d.pk for d in documentos], status=StatusDocumento.PRONTO
            ).count() == len(documentos)

        _esperar(todos_prontos, 120, "tarefas enfileiradas antes do reinício se perderam")
    finally:
        _encerrar(worker)
