"""Fixtures dos testes de segurança."""

import pytest
from django.template.base import Template
from django.test.utils import _TestState


@pytest.fixture
def sem_captura_de_templates(monkeypatch):
    """Desliga a captura de contexto dos templates que o ambiente de teste do Django liga
    (copia o contexto a cada template desenhado): um terço do tempo das telas pesadas nos
    testes de entrada hostil, que não olham ``resposta.context``."""
    original = getattr(getattr(_TestState, "saved_data", None), "template_render", None)
    if original is not None:
        monkeypatch.setattr(Template, "_render", original)


@pytest.fixture
def conexao_aplicacao(transactional_db):
    """Conexão como o papel restrito; dados do teste precisam estar confirmados
    (por isso ``transactional_db``) para a outra conexão enxergá-los."""
    from tests.seguranca.papel_aplicacao import conectar_como_aplicacao

    yield from conectar_como_aplicacao()
