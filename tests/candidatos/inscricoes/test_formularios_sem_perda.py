"""Formulários que não perdem trabalho nem enganam (issue 21, item 6): inscrição."""

import re

import pytest

from tests.candidatos.inscricoes.test_formulario import url

pytestmark = pytest.mark.django_db


def test_laudo_diz_que_e_obrigatorio_para_concorrer_as_vagas_pcd(client, selecao):
    html = client.get(url(selecao)).text
    grupo = re.search(
        r'<div class="mb-3 campo" id="grupo-laudo_pcd">.*?</div>\s*</div>', html, re.S
    )
    assert grupo is not None
    texto = " ".join(grupo.group(0).split())
    assert "(opcional)" not in texto
    assert "obrigatório para concorrer às vagas reservadas a pessoas com deficiência" in texto
