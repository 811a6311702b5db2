"""Página de pendências do órgão e contagem no menu (issue 17, item 6): documentos
com falha, escopo por órgão, o que cada papel vê e faz, consultas poucas e uma
vez por requisição."""

import datetime as dt

import pytest
import time_machine
from django.test import RequestFactory
from django.urls import reverse

from candidatos.selectors.pendencias import TipoPendencia
from candidatos.services import convocacao as servico
from relatorios.documentos.services import documento_regenerar
from relatorios.models import Documento, StatusDocumento, TipoDocumento
from relatorios.pendencias import selectors as pendencias
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)
from tests.factories import LotacaoFactory, OrgaoFactory

pytestmark = pytest.mark.django_db

DEPOIS = AGORA + dt.timedelta(days=6)


@pytest.fixture(autouse=True)
def _midia(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "midia"


def _documento_com_erro(orgao, chave="anexo_edital:1", **extra):
    return Documento.objects.create(
        tipo=TipoDocumento.ANEXO_EDITAL,
        chave=chave,
        titulo="Anexo do edital nº 1/2026 — vagas e reserva",
        orgao=orgao,
        status=StatusDocumento.ERRO,
        mensagem_erro="WeasyPrint: falhou",
        tentativas=3,
        **extra,
    )


def _cenario(orgao, alice):
    vaga = nova_vaga(orgao, ofertadas=2)
    ins = classificacao(vaga, "ABCD", negros="")
    publicar_final(vaga.selecao, alice)
    convocacoes = servico.proximos_convocar(
        vaga=vaga,
        quantidade=2,
        prazo_resposta=AGORA + dt.timedelta(days=5),
        usuario=alice,
        agora=AGORA,
    )
    return vaga, ins, convocacoes


def test_documento_com_erro_aparece_e_some_quando_pedido_de_novo(orgao, alice, outro_orgao):
    doc = _documento_com_erro(orgao)
    _documento_com_erro(outro_orgao, chave="anexo_edital:2")
    via_candidato = _documento_com_erro(orgao, chave="comprovante:9")
    pagina = pendencias.pagina(alice, orgao=orgao, agora=AGORA)
    linhas = dict(pagina.secoes)[TipoPendencia.DOCUMENTO]
    assert [p.objeto_id for p in linhas] == [doc.pk]
    assert via_candidato.pk not in [p.objeto_id for p in linhas]
    assert linhas[0].acao.url == reverse("documentos:detalhe", args=[doc.pk])
    assert pendencias.contagens(alice, agora=AGORA)[orgao.pk] == {TipoPendencia.DOCUMENTO: 1}

    documento_regenerar(documento=doc, motivo="Pedido do RH.", usuario=alice)
    pagina = pendencias.pagina(alice, orgao=orgao, agora=AGORA)
    assert dict(pagina.secoes)[TipoPendencia.DOCUMENTO] == []
    assert pendencias.contagens(alice, agora=AGORA) == {}


def test_contagem_uma_vez_por_requisicao(orgao, alice, django_assert_num_queries):
    _documento_com_erro(orgao)
    request = RequestFactory().get("/")
    request.user = alice
    primeira = pendencias.contagens_da_requisicao(request)
    with django_assert_num_queries(0):
        assert pendencias.contagens_da_requisicao(request) is primeira
    assert pendencias.total(primeira) == 1


@time_machine.travel(DEPOIS, tick=False)
def test_pagina_do_gestor_lista_tudo_com_acoes_e_menu_conta(client, orgao, alice):
    _vaga, ins, (c1, _c2) = _cenario(orgao, alice)
    _documento_com_erro(orgao)
    client.force_login(alice)
    resposta = client.get(reverse("pendencias:inicio"))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Pendências — MIR" in html
    assert "Convocações com prazo de resposta vencido (2)" in html
    assert "Documentos (PDF) com falha na geração (1)" in html
    assert "Registrar não comparecimento das marcadas" in html
    assert reverse("classificacao:convocacao", args=[c1.pk]) in html
    menu = html.split('aria-label="Navegação principal"', 1)[1].split("</nav>", 1)[0]
    assert "Pendências" in menu
    assert '>3<span class="visually-hidden"> à espera de ação</span>' in menu
    for inscricao in ins.values():
        assert inscricao.cpf not in html


@time_machine.travel(DEPOIS, tick=False)
def test_auditor_ve_sem_formularios_de_lote(client, orgao, alice, carla):
    _cenario(orgao, alice)
    client.force_login(carla)
    html = client.get(reverse("pendencias:orgao", args=[orgao.pk])).content.decode()
    assert "Convocações com prazo de resposta vencido (2)" in html
    assert "Ver convocação" in html
    assert "Registrar não comparecimento das marcadas" not in html
    assert reverse("classificacao:lote_convocacoes") not in html


def test_outro_orgao_responde_404(client, orgao, diego):
    client.force_login(diego)
    assert client.get(reverse("pendencias:orgao", args=[orgao.pk])).status_code == 404


def test_quem_nao_e_rh_nao_entra(client, django_user_model):
    usuario = django_user_model.objects.create_user("zeca", password="x")
    client.force_login(usuario)
    assert client.get(reverse("pendencias:inicio")).status_code == 403
    client.logout()
    assert client.get(reverse("pendencias:inicio")).status_code == 302


def test_servidor_de_dois_orgaos_escolhe_o_orgao(client, orgao, alice):
    segundo = OrgaoFactory(sigla="SEG")
    LotacaoFactory(usuario=alice, orgao=segundo)
    _documento_com_erro(segundo)
    client.force_login(alice)
    html = client.get(reverse("pendencias:inicio")).content.decode()
    assert reverse("pendencias:orgao", args=[orgao.pk]) in html
    assert reverse("pendencias:orgao", args=[segundo.pk]) in html


def test_contagem_do_menu_em_poucas_consultas(orgao, alice, django_assert_max_num_queries):
    """Os órgãos do usuário anotados numa consulta, mais duas para as vagas liberadas."""
    _cenario(orgao, alice)
    _documento_com_erro(orgao)
    with django_assert_max_num_queries(3):
        contagem = pendencias.contagens(alice, agora=DEPOIS)
    assert contagem[orgao.pk] == {
        TipoPendencia.CONVOCACAO_VENCIDA: 2,
        TipoPendencia.DOCUMENTO: 1,
    }
