"""Entrada hostil nas telas do RH da heteroidentificação, pela gestora: nenhum 500 e,
quando a resposta não é sucesso, nada gravado (tests/seguranca/hostil.py)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import example, given

from candidatos.services import heteroidentificacao as hetero
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import comissao, membro_usuario, montado
from tests.seguranca.estrategias import post_hostil
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador, cliente_logado

pytestmark = [
    pytest.mark.hostil,
    pytest.mark.django_db,
    pytest.mark.filterwarnings("ignore::django.core.cache.CacheKeyWarning"),
]


@pytest.fixture
def mundo(settings, tmp_path, orgao, alice):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    recursal = comissao(orgao, "Recursal", "recursal", usuario=alice)
    sessao = hetero.sessao_agendar(
        selecao=vaga.selecao,
        comissao=julgadora,
        modalidade="presencial",
        inicio=timezone.now() + dt.timedelta(days=1),
        local="Sala 1",
        usuario=alice,
        agora=timezone.now(),
    )
    hetero.chamados_convocar(sessao=sessao, chamados=chamados, usuario=alice)
    return {
        "selecao": vaga.selecao,
        "comissao": julgadora,
        "recursal": recursal,
        "sessao": sessao,
        "chamado": chamados[0],
        "livre": membro_usuario(orgao, "livre"),
    }


@pytest.fixture
def enviador(mundo, alice):
    return Enviador(cliente_logado(alice))


def _varrer(enviador, url, validos):
    @HOSTIL
    @given(dados=post_hostil(validos))
    @example(dados=validos)
    def enviar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    enviar()
    assert enviador.sucessos > 0


def test_entrada_hostil_comissao_nova(mundo, enviador, orgao):
    _varrer(
        enviador,
        reverse("heteroidentificacao:comissao_nova"),
        {"orgao": str(orgao.pk), "nome": "Comissão B", "tipo": "heteroidentificacao"},
    )


def test_entrada_hostil_membro_incluir(mundo, enviador):
    _varrer(
        enviador,
        reverse("heteroidentificacao:membro_incluir", args=[mundo["comissao"].pk]),
        {"usuario": str(mundo["livre"].pk), "nome": "Novo Membro"},
    )


def test_entrada_hostil_sessao_nova(mundo, enviador):
    quando = (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    _varrer(
        enviador,
        reverse("heteroidentificacao:sessao_nova", args=[mundo["selecao"].pk]),
        {
            "comissao": str(mundo["comissao"].pk),
            "modalidade": "video",
            "inicio": quando,
            "link": "https://sala.exemplo.gov.br/x",
        },
    )


def test_entrada_hostil_presenca(mundo, enviador):
    _varrer(
        enviador,
        reverse("heteroidentificacao:presenca", args=[mundo["chamado"].pk]),
        {"presenca": "ausente"},
    )


@pytest.fixture
def decididos(mundo, alice):
    for chamado in mundo["sessao"].chamados.all():
        hetero.presenca_registrar(chamado=chamado, presenca="ausente", usuario=alice, agora=AGORA)
        hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)


def test_entrada_hostil_preliminar(mundo, decididos, enviador):
    quando = (timezone.localtime() + dt.timedelta(days=3)).strftime("%Y-%m-%dT%H:%M")
    _varrer(
        enviador,
        reverse("heteroidentificacao:preliminar", args=[mundo["selecao"].pk]),
        {"recurso_fim": quando, "motivo": ""},
    )
