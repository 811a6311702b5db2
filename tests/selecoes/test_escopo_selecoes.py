"""Escopo por órgão e papel nas telas de seleções: outro órgão 404, auditor 403 ao escrever."""

import datetime as dt

import pytest
from django.urls import reverse

from selecoes.models import Selecao, SituacaoSelecao
from selecoes.services import selecao_publicar
from tests.factories import SelecaoFactory, VagaEstagioFactory
from tests.selecoes.formularios import edital_post

LEITURA = ["detalhe", "anexo", "versoes"]
ESCRITA_GET = ["editar", "retificar"]


@pytest.fixture
def selecao(orgao):
    s = SelecaoFactory(orgao=orgao, inscricoes_fim=dt.datetime(2099, 1, 1, tzinfo=dt.UTC))
    VagaEstagioFactory(selecao=s, vagas_ofertadas=5)
    return s


@pytest.mark.parametrize("nome", LEITURA + ESCRITA_GET + ["publicar"])
def test_escopo_outro_orgao_404(client, diego, selecao, nome):
    client.force_login(diego)
    url = reverse(f"selecoes:{nome}", args=[selecao.pk])
    resposta = client.post(url) if nome == "publicar" else client.get(url)
    assert resposta.status_code == 404


def test_escopo_lista_so_mostra_orgaos_do_usuario(client, diego, selecao, outro_orgao):
    propria = SelecaoFactory(orgao=outro_orgao)
    client.force_login(diego)
    assert list(client.get(reverse("selecoes:lista")).context["selecoes"]) == [propria]


@pytest.mark.parametrize("nome", LEITURA)
def test_auditor_le(client, carla, selecao, nome):
    client.force_login(carla)
    assert client.get(reverse(f"selecoes:{nome}", args=[selecao.pk])).status_code == 200


@pytest.mark.parametrize("nome", ESCRITA_GET)
def test_auditor_nao_edita_403(client, carla, selecao, nome):
    client.force_login(carla)
    url = reverse(f"selecoes:{nome}", args=[selecao.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, edital_post()).status_code == 403


def test_auditor_nao_publica_nem_cria_403(client, carla, selecao):
    client.force_login(carla)
    assert client.post(reverse("selecoes:publicar", args=[selecao.pk])).status_code == 403
    assert client.get(reverse("selecoes:criar")).status_code == 403
    assert client.post(reverse("selecoes:criar"), edital_post()).status_code == 403
    assert client.post(reverse("selecoes:previa_reserva"), edital_post()).status_code == 403
    selecao.refresh_from_db()
    assert selecao.situacao == SituacaoSelecao.RASCUNHO
    assert Selecao.objects.count() == 1


def test_auditor_nao_retifica_publicada_403(client, carla, alice, selecao):
    selecao_publicar(selecao=selecao, usuario=alice, agora=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
    client.force_login(carla)
    url = reverse("selecoes:retificar", args=[selecao.pk])
    assert (
        client.post(url, edital_post(motivo="x", data_retificacao="2026-03-05")).status_code == 403
    )
    assert selecao.versoes.count() == 1


@pytest.mark.parametrize("papel_fixture", ["alice", "bruno"])
def test_gestor_e_operador_editam(client, request, selecao, papel_fixture):
    client.force_login(request.getfixturevalue(papel_fixture))
    assert client.get(reverse("selecoes:editar", args=[selecao.pk])).status_code == 200
    assert client.get(reverse("selecoes:criar")).status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        lambda s: reverse("selecoes:lista"),
        lambda s: reverse("selecoes:criar"),
        lambda s: reverse("selecoes:detalhe", args=[s.pk]),
        lambda s: reverse("selecoes:anexo", args=[s.pk]),
    ],
)
def test_anonimo_vai_para_o_login(client, selecao, url):
    resposta = client.get(url(selecao))
    assert resposta.status_code == 302
    assert resposta.url.startswith(reverse("login"))


def test_usuario_sem_lotacao_403(client, django_user_model, selecao):
    client.force_login(django_user_model.objects.create_user("sem-lotacao", password="x"))
    assert client.get(reverse("selecoes:lista")).status_code == 403
