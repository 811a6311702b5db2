"""Fixtures comuns: personas (alice gestora, bruno operador, carla auditora).

Também vivem aqui, num lugar só:

* os perfis do Hypothesis (``HYPOTHESIS_PROFILE``): ``dev`` (padrão, rápido),
  ``ci`` (o que ``.ci/run`` usa) e ``fuzz`` (≥ 2.000 exemplos, ``make fuzz``).
  Nenhum teste fixa ``max_examples``;
* os marcadores de serviço (``postgresql``, ``redis``, ``worker``, ``navegador``):
  sem o serviço, o teste é pulado com o motivo; com ``SERVICOS_OBRIGATORIOS=1``
  (a CI), nada que dependa de serviço pode ser pulado: serviço ausente encerra a
  sessão e qualquer teste marcado que termine pulado faz a sessão falhar.
"""

import os

import pytest
from hypothesis import HealthCheck, settings

from selecoes.models import Papel
from tests import servicos
from tests.factories import LotacaoFactory, OrgaoFactory, UserFactory

_SAUDE = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
settings.register_profile("dev", max_examples=12, deadline=None, suppress_health_check=_SAUDE)
settings.register_profile("ci", max_examples=40, deadline=None, suppress_health_check=_SAUDE)
settings.register_profile(
    "fuzz", max_examples=2000, deadline=None, suppress_health_check=_SAUDE, print_blob=True
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


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


def pytest_collection_modifyitems(config, items):
    """Marca para pular (com o motivo) o que depende de serviço ausente; na CI, encerra."""
    ausentes: dict[str, str] = {}
    for item in items:
        for nome in servicos.MARCADORES:
            if item.get_closest_marker(nome) is None:
                continue
            if nome not in ausentes:
                ausentes[nome] = servicos.motivo_ausencia(nome) or ""
            motivo = ausentes[nome]
            if not motivo:
                continue
            if servicos.obrigatorios():
                raise pytest.UsageError(
                    f"SERVICOS_OBRIGATORIOS=1, mas o serviço '{nome}' não está disponível: {motivo}"
                )
            item.add_marker(pytest.mark.skip(reason=f"[{nome}] {motivo}"))


_PULADOS_COM_SERVICO: list[str] = []


def pytest_runtest_logreport(report):
    if report.skipped and any(nome in report.keywords for nome in servicos.MARCADORES):
        _PULADOS_COM_SERVICO.append(report.nodeid)


def pytest_sessionfinish(session, exitstatus):
    if servicos.obrigatorios() and _PULADOS_COM_SERVICO:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter):
    if servicos.obrigatorios() and _PULADOS_COM_SERVICO:
        terminalreporter.section("testes de serviço pulados (proibido com SERVICOS_OBRIGATORIOS=1)")
        for nodeid in _PULADOS_COM_SERVICO:
            terminalreporter.line(nodeid)


@pytest.fixture
def celery_sincrono():
    """Executa as tarefas no próprio processo (o projeto nunca usa isso fora dos testes)."""
    from config.celery import app

    antes = app.conf.task_always_eager, app.conf.task_eager_propagates
    app.conf.task_always_eager = True
    app.conf.task_eager_propagates = True
    yield app
    app.conf.task_always_eager, app.conf.task_eager_propagates = antes
