"""Sobe e derruba o provedor local num processo à parte (testes e ``make run``)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import requests

RAIZ = Path(__file__).resolve().parents[2]
CLIENT_ID = "selecoes-estagio-local"
CLIENT_SECRET = "segredo-local-somente-desenvolvimento"


@dataclass
class ProvedorLocal:
    url: str
    pasta: Path
    processo: subprocess.Popen[bytes]

    @property
    def issuer(self) -> str:
        return self.url + "/o"

    def parar(self) -> None:
        self.processo.terminate()
        try:
            self.processo.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.processo.kill()
            self.processo.wait()
        shutil.rmtree(self.pasta, ignore_errors=True)


def porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ambiente(
    *, pasta: Path, url: str, contas: Path, redirect_uris: list[str], logout_uris: list[str]
) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        PROVEDOR_DIR=str(pasta),
        PROVEDOR_URL=url,
        PROVEDOR_CONTAS=str(contas),
        PROVEDOR_CLIENT_ID=CLIENT_ID,
        PROVEDOR_CLIENT_SECRET=CLIENT_SECRET,
        PROVEDOR_REDIRECT_URIS=" ".join(redirect_uris),
        PROVEDOR_LOGOUT_URIS=" ".join(logout_uris),
        PYTHONPATH=str(RAIZ),
    )
    return env


def iniciar(
    *,
    contas: list[dict[str, object]],
    redirect_uris: list[str],
    logout_uris: list[str],
    porta: int | None = None,
) -> ProvedorLocal:
    """Prepara um provedor novo numa pasta temporária e espera a descoberta responder."""
    pasta = Path(tempfile.mkdtemp(prefix="provedor-govbr-"))
    arquivo = pasta / "contas.json"
    arquivo.write_text(json.dumps(contas), encoding="utf-8")
    porta = porta or porta_livre()
    url = f"http://127.0.0.1:{porta}"
    env = ambiente(
        pasta=pasta, url=url, contas=arquivo, redirect_uris=redirect_uris, logout_uris=logout_uris
    )
    comando = [sys.executable, "-m", "tests.provedor_govbr"]
    subprocess.run([*comando, "preparar_provedor"], env=env, cwd=RAIZ, check=True)  # noqa: S603
    processo = subprocess.Popen(  # noqa: S603
        [*comando, "runserver", f"127.0.0.1:{porta}", "--noreload"],
        env=env,
        cwd=RAIZ,
        stdout=subprocess.DEVNULL,
        stderr=open(pasta / "servidor.log", "wb"),  # noqa: SIM115
    )
    provedor = ProvedorLocal(url=url, pasta=pasta, processo=processo)
    limite = time.monotonic() + 30
    while time.monotonic() < limite:
        try:
            if requests.get(f"{provedor.issuer}/.well-known/openid-configuration", timeout=1).ok:
                return provedor
        except requests.RequestException:
            pass
        if processo.poll() is not None:
            break
        time.sleep(0.2)
    registro = (pasta / "servidor.log").read_text()[-2000:]
    provedor.parar()
    raise RuntimeError("O provedor local não respondeu: " + registro)
