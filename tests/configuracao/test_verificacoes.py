"""Aviso de início quando o Redis do broker não tem o que a produção precisa
(config/verificacoes.py; docs/operacao.md, "Redis em produção")."""

import logging

import pytest

from config.verificacoes import avisar_redis_do_broker, problemas_do_redis
from tests.confiabilidade.processos import porta_livre, redis_proprio


@pytest.mark.parametrize(
    ("configuracao", "avisos"),
    [
        ({"appendonly": "yes", "maxmemory-policy": "noeviction"}, []),
        ({"appendonly": "no", "maxmemory-policy": "noeviction"}, ["AOF desligado"]),
        ({"appendonly": "yes", "maxmemory-policy": "allkeys-lru"}, ["maxmemory-policy"]),
        ({"appendonly": "no", "maxmemory-policy": "volatile-lru"}, ["AOF", "maxmemory"]),
        ({}, ["AOF desligado"]),
    ],
)
def test_verificacao_redis_problemas(configuracao, avisos):
    problemas = problemas_do_redis(configuracao)
    assert len(problemas) == len(avisos)
    assert all(a in p for a, p in zip(avisos, problemas, strict=True))


def test_verificacao_broker_que_nao_e_redis_nao_confere(settings):
    settings.CELERY_BROKER_URL = "filesystem://"
    assert avisar_redis_do_broker() == []


def test_verificacao_broker_fora_do_ar_nao_impede_o_inicio(settings, caplog):
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{porta_livre()}/0"
    caplog.set_level(logging.WARNING, logger="config.verificacoes")
    assert avisar_redis_do_broker() == []
    assert "não respondeu" in caplog.text


@pytest.mark.redis
@pytest.mark.parametrize(("persistente", "avisa"), [(False, True), (True, False)])
def test_verificacao_redis_real_sem_aof_avisa(settings, caplog, tmp_path, persistente, avisa):
    caplog.set_level(logging.WARNING, logger="config.verificacoes")
    with redis_proprio(tmp_path / "redis", persistente=persistente) as redis:
        settings.CELERY_BROKER_URL = redis.url
        avisos = avisar_redis_do_broker()
    assert bool(avisos) is avisa
    assert ("AOF desligado" in caplog.text) is avisa
