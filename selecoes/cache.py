"""Cache compartilhado (Redis) que falha sem derrubar as páginas.

Sem o Redis do cache, nenhuma página de candidato pode responder 500 (issue 18,
item 4): cada operação que falha vira "não há nada no cache", um aviso vai para o
log e, por ``PAUSA_SEGUNDOS``, o processo nem tenta o Redis (um servidor que não
responde custaria o tempo limite da conexão a cada pedido). Os limites de
tentativas passam a um contador local do processo (``selecoes.limites``).
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from typing import Any

from django.core.cache import cache
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PAUSA_SEGUNDOS = 30.0
# Erros de conexão com o servidor de cache; qualquer outro erro é defeito e sobe.
ERROS_DO_CACHE: tuple[type[BaseException], ...] = (RedisError, OSError)

_trava = threading.Lock()
_estado = {"fora_ate": 0.0}


def disponivel() -> bool:
    """False durante a pausa que se segue a uma falha do cache."""
    return time.monotonic() >= _estado["fora_ate"]


def registrar_falha(erro: BaseException) -> None:
    with _trava:
        _estado["fora_ate"] = time.monotonic() + PAUSA_SEGUNDOS
    logger.warning(
        "Cache compartilhado indisponível (%s: %s): limites de tentativas contados no "
        "processo e páginas sem cache por %.0f s.",
        type(erro).__name__,
        erro,
        PAUSA_SEGUNDOS,
    )


@receiver(setting_changed)
def _cache_reconfigurado(*, setting: str, **_: Any) -> None:
    """Outro servidor de cache configurado: tenta de novo já, sem esperar a pausa."""
    if setting == "CACHES":
        with _trava:
            _estado["fora_ate"] = 0.0


def obter(chave: str) -> Any:
    """Valor guardado, ou None se não há (ou se o cache está fora)."""
    if not disponivel():
        return None
    try:
        return cache.get(chave)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return None


def guardar(chave: str, valor: Any, validade: float) -> None:
    """Guarda se o cache responder; sem ele, a página só não fica guardada."""
    if not disponivel():
        return
    try:
        cache.set(chave, valor, validade)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)


def incrementar(chave: str, janela_segundos: int) -> int | None:
    """Conta mais um na janela; None quando o cache não responde."""
    if not disponivel():
        return None
    try:
        cache.add(chave, 0, janela_segundos)
        try:
            return cache.incr(chave)
        except ValueError:  # expirou entre o add e o incr
            cache.set(chave, 1, janela_segundos)
            return 1
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return None


def geracao(nome: str) -> int | None:
    """Número da geração de ``nome``, comum a todos os nós; None sem o cache.

    Memórias locais de cada processo guardam sob (chave, geração): quando um nó
    avança a geração (``avancar_geracao``, depois do commit), o próximo pedido em
    qualquer nó lê o número novo e refaz o que guardou. Uma geração que some do
    Redis (expulsa por falta de memória, servidor zerado) recomeça num número
    aleatório, nunca num já usado: o que estava guardado não volta a valer.
    """
    if not disponivel():
        return None
    chave = f"geracao:{nome}"
    try:
        valor = cache.get(chave)
        if valor is None:
            cache.add(chave, secrets.randbits(62), None)
            valor = cache.get(chave)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return None
    return int(valor) if valor is not None else None


def avancar_geracao(nome: str) -> None:
    """Invalida, em todos os nós, o que foi guardado sob a geração atual de ``nome``."""
    if not disponivel():
        return
    chave = f"geracao:{nome}"
    try:
        try:
            cache.incr(chave)
        except ValueError:  # ainda não existia (ou foi expulsa): recomeça ao acaso
            cache.set(chave, secrets.randbits(62), None)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)


def obter_varios(chaves: list[str]) -> dict[str, Any]:
    """Os valores guardados de cada chave (uma ida ao Redis); {} sem o cache."""
    if not disponivel() or not chaves:
        return {}
    try:
        return cache.get_many(chaves)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return {}


def guardar_varios(valores: dict[str, Any], validade: float) -> None:
    """Guarda todos se o cache responder (uma ida ao Redis)."""
    if not disponivel() or not valores:
        return
    try:
        cache.set_many(valores, validade)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
