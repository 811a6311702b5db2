"""Lista pública de seleções: abertas e em breve, de todos os órgãos, com filtros."""

import datetime as dt

import pytest
from django.urls import reverse

from selecoes.models import SituacaoSelecao
from tests.factories import OrgaoFactory, SelecaoFactory, VagaEstagioFactory


def _selecao(orgao, agora, titulo, inicio, fim, situacao=SituacaoSelecao.PUBLICADA, **vaga):
    selecao = SelecaoFactory(
        orgao=orgao,
        titulo=titulo,
        situacao=situacao,
        inscricoes_inicio=agora + dt.timedelta(days=inicio),
        inscricoes_fim=agora + dt.timedelta(days=fim),
    )
    VagaEstagioFactory(selecao=selecao, **vaga)
    return selecao


@pytest.fixture
def cenario(orgao, outro_orgao, agora):
    return {
        "aberta_df": _selecao(orgao, agora, "Aberta DF", -1, 5, area="Direito", uf="DF"),
        "aberta_pe": _selecao(
            outro_orgao,
            agora,
            "Aberta PE",
            -2,
            3,
            area="Tecnologia",
            curso="Ciência da Computação",
            municipio="Recife",
            uf="PE",
            nivel="tecnico",
        ),
        "em_breve": _selecao(orgao, agora, "Em breve", 2, 9, area="Letras", uf="BA"),
        "encerrada": _selecao(orgao, agora, "Encerrada", -9, -1),
        "rascunho": _selecao(orgao, agora, "Rascunho", -1, 5, situacao=SituacaoSelecao.RASCUNHO),
    }


def titulos(client, **filtros):
    resposta = client.get(reverse("inscricao_publica:lista"), filtros)
    return [s.titulo for s in resposta.context["page_obj"]]


@pytest.mark.django_db
def test_lista_publica_abertas_primeiro_depois_em_breve(client, cenario):
    assert titulos(client) == ["Aberta PE", "Aberta DF", "Em breve"]


@pytest.mark.parametrize(
    ("filtros", "esperado"),
    [
        ({"uf": "PE"}, ["Aberta PE"]),
        ({"municipio": "recif"}, ["Aberta PE"]),
        ({"nivel": "tecnico"}, ["Aberta PE"]),
        ({"area": "computação"}, ["Aberta PE"]),
        ({"area": "letras"}, ["Em breve"]),
        ({"uf": "PE", "area": "Direito"}, []),
    ],
)
@pytest.mark.django_db
def test_lista_publica_filtros(client, cenario, filtros, esperado):
    assert titulos(client, **filtros) == esperado


@pytest.mark.django_db
def test_lista_publica_filtro_por_orgao(client, cenario, outro_orgao):
    assert titulos(client, orgao=outro_orgao.pk) == ["Aberta PE"]


@pytest.mark.django_db
def test_lista_publica_consultas_constantes_e_paginada(
    client, orgao, agora, django_assert_max_num_queries
):
    for n in range(25):
        _selecao(OrgaoFactory(), agora, f"Seleção {n:02d}", -1, 5 + n)
    with django_assert_max_num_queries(5):
        resposta = client.get(reverse("inscricao_publica:lista"))
    assert len(resposta.context["page_obj"]) == 10
    assert resposta.context["page_obj"].paginator.num_pages == 3
    html = resposta.content.decode()
    assert "<caption>" in html
    assert 'scope="col"' in html
