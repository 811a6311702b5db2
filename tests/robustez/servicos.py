"""Servidores de verdade que se comportam mal, para os testes de robustez (issue 18)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field


@dataclass
class ServidorMudo:
    """Aceita conexões TCP no loopback e nunca responde (um SMTP travado)."""

    porta: int = 0
    conexoes: list[socket.socket] = field(default_factory=list)
    _parar: threading.Event = field(default_factory=threading.Event)

    def aceitar(self, ouvinte: socket.socket, vida_maxima: float) -> None:
        fim = time.monotonic() + vida_maxima
        ouvinte.settimeout(0.1)
        while not self._parar.is_set() and time.monotonic() < fim:
            try:
                conexao, _ = ouvinte.accept()
            except TimeoutError:
                continue
            self.conexoes.append(conexao)
        for conexao in self.conexoes:
            with suppress(OSError):
                conexao.close()
        ouvinte.close()


@contextmanager
def servidor_mudo(vida_maxima: float = 30) -> Iterator[ServidorMudo]:
    """O servidor fecha tudo ao sair ou depois de ``vida_maxima`` segundos."""
    ouvinte = socket.socket()
    ouvinte.bind(("127.0.0.1", 0))
    ouvinte.listen(64)
    servidor = ServidorMudo(porta=ouvinte.getsockname()[1])
    linha = threading.Thread(target=servidor.aceitar, args=(ouvinte, vida_maxima), daemon=True)
    linha.start()
    try:
        yield servidor
    finally:
        servidor._parar.set()
        linha.join(timeout=5)
