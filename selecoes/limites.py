"""Limite de tentativas por janela de tempo, no cache compartilhado (Redis em produção)."""

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def ip_do_cliente(request: HttpRequest) -> str:
    """IP do cliente.

    ``X-Forwarded-For`` só é considerado com ``CONFIAR_X_FORWARDED_FOR`` ligado, isto
    é, atrás de um proxy que reescreve o cabeçalho; do contrário qualquer um
    contornaria o limite por IP inventando o cabeçalho. Vale o último endereço,
    o que o nosso proxy acrescentou.
    """
    if settings.CONFIAR_X_FORWARDED_FOR:
        encaminhado = request.META.get("HTTP_X_FORWARDED_FOR", "")
        enderecos = [e.strip() for e in encaminhado.split(",") if e.strip()]
        if enderecos:
            return enderecos[-1]
    return request.META.get("REMOTE_ADDR", "")


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
