import pytest
from django.core.cache import cache

from candidatos.selectors.publico.memoria import limpar_todas
from tests.publico.factories import cenario_publicado


@pytest.fixture(autouse=True)
def _cache_limpo():
    """Páginas de resultado e limites de tentativa vivem no cache: cada teste começa do zero."""
    cache.clear()
    limpar_todas()
    yield
    cache.clear()
    limpar_todas()


@pytest.fixture
def cenario(orgao):
    return cenario_publicado(orgao=orgao)
