"""Conferências de início (junto de ``config.seguranca.anunciar_proxies``): o que a
produção precisa do Redis do broker (docs/operacao.md, "Redis em produção").

Sem AOF, reiniciar o Redis apaga a fila: PDFs pedidos ficam em "aguarde" até a varredura
dos documentos parados, e e-mails já entregues ao broker se perdem. Com política de
despejo diferente de ``noeviction``, o Redis cheio apaga tarefas em silêncio. O aviso
vai ao log; a aplicação sobe mesmo assim (em desenvolvimento é normal não ter AOF).
"""

from __future__ import annotations

import logging

from django.conf import settings

logger = logging.getLogger(__name__)


def problemas_do_redis(configuracao: dict[str, str]) -> list[str]:
    """O que falta na configuração (``CONFIG GET``) do Redis do broker."""
    problemas = []
    if configuracao.get("appendonly", "").lower() != "yes":
        problemas.append(
            "AOF desligado (appendonly no): reiniciar o Redis perde as tarefas na fila; "
            "use appendonly yes e appendfsync everysec"
        )
    politica = configuracao.get("maxmemory-policy", "")
    if politica and politica != "noeviction":
        problemas.append(
            f"maxmemory-policy {politica}: com a memória cheia o Redis apagaria tarefas; "
            "use noeviction no Redis do broker"
        )
    return problemas


def avisar_redis_do_broker() -> list[str]:
    """Confere o Redis do broker e avisa no log; devolve os avisos (para os testes)."""
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return []
    import redis

    try:
        cliente = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        configuracao: dict[str, str] = {}
        for chave in ("appendonly", "maxmemory-policy"):
            configuracao.update({str(k): str(v) for k, v in cliente.config_get(chave).items()})
    except redis.ResponseError:
        logger.info(
            "Redis do broker não permite CONFIG GET (serviço gerenciado?): confira à mão "
            "AOF e maxmemory-policy noeviction (docs/operacao.md)."
        )
        return []
    except (redis.RedisError, OSError) as erro:
        logger.warning("Redis do broker não respondeu ao conferir a configuração: %s", erro)
        return []
    avisos = problemas_do_redis(configuracao)
    for aviso in avisos:
        logger.warning("Redis do broker: %s (docs/operacao.md, “Redis em produção”).", aviso)
    return avisos
