import pytest

from tests.govbr import local

BASE = "http://testserver"


@pytest.fixture(scope="module")
def provedor():
    """Um provedor OpenID Connect de verdade, noutro processo, por módulo de teste."""
    p = local.iniciar(base_url=BASE)
    yield p
    p.parar()


@pytest.fixture
def govbr(settings, provedor):
    local.configurar(settings, provedor, base_url=BASE)
    return provedor


@pytest.fixture(autouse=True)
def _limites_zerados():
    """Os pedidos de entrada têm limite por IP (todos os testes vêm de 127.0.0.1)."""
    from django.core.cache import cache

    from selecoes.limites import limitador_local

    cache.clear()
    limitador_local._contagens.clear()
    yield
    cache.clear()
    limitador_local._contagens.clear()
