"""Limite de tentativas por janela de tempo, no cache compartilhado (Redis em produção).

Sem o cache, a contagem passa a um limitador local do processo (cada processo conta
as suas tentativas: o limite fica mais frouxo, multiplicado pelo número de processos,
mas as páginas seguem respondendo; ``selecoes.cache`` registra o aviso).
"""

import threading
import time
from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, TypeVar, cast

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render

from selecoes import cache as cache_compartilhado
from selecoes.rede import ip_do_cliente

#: Uma view (função); os decoradores devolvem o mesmo tipo que recebem.
V = TypeVar("V", bound=Callable[..., HttpResponseBase])


class LimitadorLocal:
    """Contador por chave e janela na memória do processo; descarta as janelas vencidas."""

    CAPACIDADE = 50_000

    def __init__(self) -> None:
        self._contagens: dict[str, tuple[float, int]] = {}
        self._trava = threading.Lock()

    def contar(self, chave: str, janela_segundos: int, agora: float) -> int:
        with self._trava:
            expira, tentativas = self._contagens.get(chave, (0.0, 0))
            if agora >= expira:
                expira, tentativas = agora + janela_segundos, 0
            self._contagens[chave] = (expira, tentativas + 1)
            if len(self._contagens) > self.CAPACIDADE:
                self._contagens = {c: v for c, v in self._contagens.items() if v[0] > agora}
            return tentativas + 1


limitador_local = LimitadorLocal()

__all__ = ["ip_do_cliente", "limitar", "registrar_tentativa", "resposta_429"]


def registrar_tentativa(chave: str, *, limite: int, janela_segundos: int) -> bool:
    """Conta uma tentativa; devolve True se o limite foi ultrapassado."""
    chave_cache = f"limite:{chave}"
    tentativas = cache_compartilhado.incrementar(chave_cache, janela_segundos)
    if tentativas is None:
        tentativas = limitador_local.contar(chave_cache, janela_segundos, time.monotonic())
    return tentativas > limite


def resposta_429(request: HttpRequest, janela_segundos: int) -> HttpResponse:
    resposta = render(request, "429.html", {"janela": janela_segundos}, status=429)
    resposta["Retry-After"] = str(janela_segundos)
    return resposta


def limitar(
    escopo: str,
    *,
    limite: int,
    janela_segundos: int = 60,
    chaves: Callable[[HttpRequest], Iterable[str]] = lambda r: [ip_do_cliente(r)],
    metodos: tuple[str, ...] = ("POST",),
) -> Callable[[V], V]:
    """Decorador de view: responde 429 quando alguma das ``chaves`` passa do ``limite``."""

    def decorador(view: V) -> V:
        @wraps(view)
        def _view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method in metodos:
                excedidas = [
                    registrar_tentativa(
                        f"{escopo}:{chave}", limite=limite, janela_segundos=janela_segundos
                    )
                    for chave in chaves(request)
                    if chave
                ]
                if any(excedidas):
                    return resposta_429(request, janela_segundos)
            return view(request, *args, **kwargs)

        return cast(V, _view)

    return decorador
