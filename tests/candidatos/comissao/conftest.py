import pytest

from tests.candidatos.comissao.factories import cenario_comissao


@pytest.fixture(autouse=True)
def _midia(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def cenario(orgao):
    return cenario_comissao(orgao)
