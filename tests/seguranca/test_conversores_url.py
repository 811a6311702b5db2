"""Identificadores absurdos na URL (<int:pk> com 30 dígitos ou 2**63): 404, nunca 500.

O conversor ``int`` do Django aceita qualquer quantidade de dígitos; 30 dígitos cabem
no Python mas não no INTEGER do SQLite (OverflowError numa consulta por chave
estrangeira). Toda rota com argumento inteiro é percorrida por GET e por POST.
"""

import re
import uuid

import pytest

from tests.seguranca.escopo import rotas
from tests.seguranca.hostil import CACHE_LOCAL, cliente_logado
from tests.seguranca.mundo_rh import criar_mundo_rh

ENORMES = ["9" * 30, str(2**63)]


def _url(rota: str, inteiro: str) -> str:
    url = re.sub(r"<int:\w+>", inteiro, rota)
    url = re.sub(r"<uuid:\w+>", str(uuid.UUID(int=0)), url)
    url = re.sub(r"<(?:str|slug):\w+>", "abc", url)
    return "/" + url


def _rotas_com_inteiro():
    return sorted({r.rota for r in rotas() if "<int:" in r.rota and "admin" not in r.namespaces})


def test_ha_rotas_com_argumento_inteiro():
    assert len(_rotas_com_inteiro()) > 30


@pytest.mark.lento
@pytest.mark.parametrize("inteiro", ENORMES)
def test_rotas_com_identificador_enorme_respondem_sem_500(
    db, settings, tmp_path, orgao, alice, inteiro
):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    criar_mundo_rh(orgao, alice)
    cliente = cliente_logado(alice)
    cliente.raise_request_exception = False
    falhas = []
    for rota in _rotas_com_inteiro():
        url = _url(rota, inteiro)
        for metodo in (cliente.get, cliente.post):
            resposta = metodo(url)
            if resposta.status_code >= 500:
                falhas.append(f"{metodo.__name__.upper()} {url}: {resposta.status_code}")
    assert falhas == []
