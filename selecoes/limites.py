"""Limite de tentativas por janela de tempo, no cache compartilhado (Redis em produção)."""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from config.seguranca import ip_do_cliente

__all__ = ["ip_do_cliente", "limitar", "registrar_tentativa", "resposta_429"]


def registrar_tentativa(chave: str, *, limite: int, janela_segundos: int) -> bool:
    """Conta uma tentativa; devolve True se o limite foi ultrapassado."""
    chave_cache = f"limite:{chave}"
    cache.add(chave_cache, 0, janela_segundos)
    try:
        tentativas = cache.incr(chave_cache)
    except ValueError:  # expirou entre o add e o incr
        cache.set(chave_cache, 1, janela_segundos)
        tentativas = 1
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
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorador de view: responde 429 quando alguma das ``chaves`` passa do ``limite``."""

    def decorador(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def _view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
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

        return _view

    return decorador
