"""Entrada hostil nas telas do membro de comissão (issue 15, item 8): nenhum 500 e,
quando a resposta não é sucesso, nada gravado (tests/seguranca/hostil.py)."""

import pytest
from django.urls import reverse
from hypothesis import example, given

from candidatos.models import Presenca, RecursoHeteroidentificacao
from tests.seguranca.estrategias import post_hostil
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador, cliente_logado

pytestmark = [
    pytest.mark.hostil,
    pytest.mark.django_db,
    pytest.mark.filterwarnings("ignore::django.core.cache.CacheKeyWarning"),
]

PARECER = {
    "voto": "nao_confirma",
    "fundamentacao": "Características observadas na sessão não correspondem à declaração.",
}


@pytest.fixture
def mundo(settings, cenario):
    settings.CACHES = CACHE_LOCAL
    presente = cenario.chamados["negra"]
    presente.presenca = Presenca.PRESENTE
    presente.save()
    return cenario


def _varrer(enviador, url, validos):
    @HOSTIL
    @given(dados=post_hostil(validos))
    @example(dados=validos)
    def enviar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    enviar()
    assert enviador.sucessos > 0


def test_entrada_hostil_parecer_do_membro(mundo):
    enviador = Enviador(cliente_logado(mundo.membros[0]))
    url = reverse("comissao:parecer", args=[mundo.chamados["negra"].pk])
    _varrer(enviador, url, PARECER)


def test_entrada_hostil_presenca(mundo):
    enviador = Enviador(cliente_logado(mundo.membros[0]))
    url = reverse("comissao:presenca", args=[mundo.chamados["outra"].pk])
    _varrer(enviador, url, {"presenca": "ausente"})


def test_entrada_hostil_parecer_da_recursal(mundo):
    recurso = RecursoHeteroidentificacao.objects.create(
        chamado=mundo.chamados["negra"], razoes="Razões.", comissao_recursal=mundo.recursal
    )
    enviador = Enviador(cliente_logado(mundo.membros_recursal[0]))
    _varrer(enviador, reverse("comissao:recurso", args=[recurso.pk]), PARECER)
