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
