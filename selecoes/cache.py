"""Cache compartilhado (Redis) que falha sem derrubar as páginas.

Sem o Redis do cache, nenhuma página de candidato pode responder 500 (issue 18,
item 4): cada operação que falha vira "não há nada no cache", um aviso vai para o
log e, por ``PAUSA_SEGUNDOS``, o processo nem tenta o Redis (um servidor que não
responde custaria o tempo limite da conexão a cada pedido). Os limites de
tentativas passam a um contador local do processo (``selecoes.limites``).
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

import redis
from django.conf import settings
from django.core.cache import cache
from django.core.signals import setting_changed
from django.dispatch import receiver
from redis.exceptions import RedisError

from selecoes.geracoes_locais import GeracoesLocais

logger = logging.getLogger(__name__)
T = TypeVar("T")

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
    """Outro servidor de cache configurado: tenta de novo já, sem esperar a pausa, e a
    assinatura dos avisos de geração recomeça no servidor novo."""
    if setting == "CACHES":
        with _trava:
            _estado["fora_ate"] = 0.0
            _parar_avisos()


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


BACKEND_REDIS = "django.core.cache.backends.redis.RedisCache"
_avisos: dict[str, Any] = {"pid": None, "locais": None, "publicador": None}


def _parar_avisos() -> None:
    locais = _avisos["locais"]
    if locais is not None:
        locais.parar()
    _avisos.update(pid=None, locais=None, publicador=None)


def _configurar_avisos() -> None:
    """Abre, uma vez por processo (também depois de um fork), a assinatura do canal de
    avisos de geração e o cliente que publica neles; nada disso fora do Redis."""
    _avisos.update(pid=os.getpid(), locais=None, publicador=None)
    config: dict[str, Any] = dict(settings.CACHES["default"])
    if config.get("BACKEND") != BACKEND_REDIS:
        return
    local = config["LOCATION"]
    url = local[0] if isinstance(local, list | tuple) else str(local).split(",")[0]
    opcoes = {
        chave: valor
        for chave, valor in config.get("OPTIONS", {}).items()
        if chave in ("socket_connect_timeout", "socket_timeout")
    }
    locais = GeracoesLocais(url=url, opcoes=opcoes, canal=cache.make_key("avisos:geracoes"))
    locais.iniciar()
    _avisos.update(locais=locais, publicador=redis.Redis.from_url(url, **opcoes))


def geracoes_locais() -> GeracoesLocais | None:
    """A assinatura dos avisos de geração deste processo; None quando o cache não é o Redis."""
    if _avisos["pid"] != os.getpid():
        with _trava:
            if _avisos["pid"] != os.getpid():
                _configurar_avisos()
    locais: GeracoesLocais | None = _avisos["locais"]
    return locais


def geracao(nome: str) -> int | None:
    """Número da geração de ``nome``, comum a todos os nós; None sem o cache.

    Memórias locais de cada processo guardam sob (chave, geração): quando um nó
    avança a geração (``avancar_geracao``, depois do commit), o próximo pedido em
    qualquer nó, depois do aviso por pub/sub (que chega em milissegundos,
    ``selecoes.geracoes_locais``), lê o número novo e refaz o que guardou. Enquanto
    a assinatura dos avisos está de pé, o número fica guardado no processo e a
    leitura não vai ao Redis. Uma geração que some do Redis (expulsa por falta de
    memória, servidor zerado) recomeça num número aleatório, nunca num já usado: o
    que estava guardado não volta a valer.
    """
    if not disponivel():
        return None
    locais = geracoes_locais()
    marca = None
    if locais is not None:
        guardado, marca = locais.ler(nome)
        if guardado is not None:
            return guardado
    chave = f"geracao:{nome}"
    try:
        valor = cache.get(chave)
        if valor is None:
            cache.add(chave, secrets.randbits(62), None)
            valor = cache.get(chave)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return None
    if valor is None:
        return None
    if locais is not None and marca is not None:
        locais.guardar(nome, int(valor), marca)
    return int(valor)


def avancar_geracao(nome: str) -> None:
    """Invalida, em todos os nós, o que foi guardado sob a geração atual de ``nome``:
    avança o número no Redis e avisa, pelo canal, os processos que o guardaram."""
    locais = geracoes_locais()
    if not disponivel():
        if locais is not None:
            locais.esquecer(nome)
        return
    chave = f"geracao:{nome}"
    try:
        try:
            cache.incr(chave)
        except ValueError:  # ainda não existia (ou foi expulsa): recomeça ao acaso
            cache.set(chave, secrets.randbits(62), None)
        if locais is not None:
            # Neste processo, já (depois do INCR: uma leitura de outro fio feita antes
            # dele não fica guardada); nos outros, pelo aviso.
            locais.esquecer(nome)
            publicador = _avisos["publicador"]
            if publicador is not None:
                publicador.publish(locais.canal, nome)
    except ERROS_DO_CACHE as erro:
        if locais is not None:
            locais.esquecer(nome)
        registrar_falha(erro)


def esquecer_geracoes_locais() -> None:
    """Esquece os números guardados neste processo (como um processo que acabou de subir)."""
    locais = geracoes_locais()
    if locais is not None:
        locais.esquecer_tudo()


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


# Abaixo do tempo limite de um pedido no gunicorn (``GUNICORN_TIMEOUT``, 30 s): quem
# espera além disso calcula por conta própria. A vaga de 100.000 leva de 3 a 5 s.
ESPERA_CALCULO_S = 25.0
VALIDADE_TRAVA_CALCULO_S = 120
PASSO_ESPERA_S = 0.05


def calcular_uma_vez(
    chave: str,
    guardado: Callable[[], T | None],
    calcular: Callable[[], T],
    *,
    espera_s: float = ESPERA_CALCULO_S,
) -> T:
    """Um cálculo caro por vez em todos os nós para a mesma ``chave``.

    Quem consegue a trava (``cache.add``, com validade, para que um processo morto
    no meio não prenda ninguém) calcula, guarda (dentro de ``calcular``) e solta; os
    outros esperam o valor aparecer em ``guardado`` em vez de refazer o mesmo cálculo
    (duas pessoas do RH abrindo a vaga de 100.000 aprovados logo depois de uma
    mudança). Se a trava some sem valor guardado (o outro falhou, ou o valor não
    cabia no Redis) ou a espera passa de ``espera_s``, calcula aqui. Sem o cache,
    calcula direto: nunca espera por um Redis fora do ar.
    """
    trava = f"trava-calculo:{chave}"
    dono = secrets.token_hex(8)
    if not disponivel():
        return calcular()
    try:
        ganhou = cache.add(trava, dono, VALIDADE_TRAVA_CALCULO_S)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
        return calcular()
    if ganhou:
        try:
            return calcular()
        finally:
            _soltar(trava, dono)
    fim = time.monotonic() + espera_s
    while time.monotonic() < fim:
        time.sleep(PASSO_ESPERA_S)
        if (valor := guardado()) is not None:
            return valor
        if obter(trava) is None:  # o outro terminou ou caiu: o valor está lá ou não vem
            break
    valor = guardado()
    return valor if valor is not None else calcular()


def _soltar(trava: str, dono: str) -> None:
    """Apaga a trava se ainda é deste cálculo (se venceu e outro a pegou, fica a dele)."""
    try:
        if cache.get(trava) == dono:
            cache.delete(trava)
    except ERROS_DO_CACHE as erro:
        registrar_falha(erro)
