"""Fixtures comuns: personas (alice gestora, bruno operador, carla auditora)."""

import pytest

from selecoes.models import Papel
from tests.factories import LotacaoFactory, OrgaoFactory, UserFactory


@pytest.fixture
def orgao(db):
    return OrgaoFactory(sigla="MIR")


@pytest.fixture
def outro_orgao(db):
    return OrgaoFactory(sigla="OUTRO")


@pytest.fixture(autouse=True)
def _hash_de_senha_rapido(settings):
    """Senhas de teste com hash rápido: o PBKDF2 real só atrasaria a suíte."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _usuario(orgao, papel, nome):
    usuario = UserFactory(username=nome)
    LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
    return usuario


@pytest.fixture
def alice(orgao):
    """Gestora do órgão."""
    return _usuario(orgao, Papel.GESTOR, "alice")


@pytest.fixture
def bruno(orgao):
    """Operador do órgão."""
    return _usuario(orgao, Papel.OPERADOR, "bruno")


@pytest.fixture
def carla(orgao):
    """Auditora do órgão."""
    return _usuario(orgao, Papel.AUDITOR, "carla")


@pytest.fixture
def diego(outro_orgao):
    """Gestor de outro órgão."""
    return _usuario(outro_orgao, Papel.GESTOR, "diego")


@pytest.fixture
def usuario_por_papel(orgao):
    """Fábrica: um usuário do órgão com o papel dado."""

    def criar(papel: Papel):
        return _usuario(orgao, papel, f"usuario-{papel.value}")

    return criar


@pytest.fixture
def celery_sincrono():
    """Executa as tarefas no próprio processo (o projeto nunca usa isso fora dos testes)."""
    from config.celery import app

    antes = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = antes
