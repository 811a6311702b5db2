"""Memória local do processo, com limite de itens e validade opcional.

As páginas públicas de resultado são lidas muito mais do que mudam: guardar no
próprio processo o que é imutável (uma versão publicada) ou o que pode atrasar
poucos segundos (o estado vivo) evita ir ao banco ou ao Redis a cada pedido.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")

_todas: list[MemoriaLocal] = []


class MemoriaLocal(Generic[V]):
    def __init__(self, capacidade: int) -> None:
        self._itens: OrderedDict[Hashable, tuple[float, V]] = OrderedDict()
        self._capacidade = capacidade
        self._trava = threading.Lock()
        _todas.append(self)

    def obter(self, chave: Hashable) -> V | None:
        with self._trava:
            item = self._itens.get(chave)
            if item is None:
                return None
            expira, valor = item
            if expira < time.monotonic():
                del self._itens[chave]
                return None
            self._itens.move_to_end(chave)
            return valor

    def guardar(self, chave: Hashable, valor: V, validade: float = float("inf")) -> None:
        with self._trava:
            self._itens[chave] = (time.monotonic() + validade, valor)
            self._itens.move_to_end(chave)
            while len(self._itens) > self._capacidade:
                self._itens.popitem(last=False)

    def obter_ou_calcular(
        self, chave: Hashable, calcular: Callable[[], V], validade: float = float("inf")
    ) -> V:
        valor = self.obter(chave)
        if valor is None:
            valor = calcular()
            self.guardar(chave, valor, validade)
        return valor

    def limpar(self) -> None:
        with self._trava:
            self._itens.clear()


def limpar_todas() -> None:
    """Esvazia todas as memórias locais (testes; nunca necessário em produção)."""
    for memoria in _todas:
        memoria.limpar()
