"""Telas do RH: escopo, máscara por papel, registro de acessos, laudo, filtros, histórico."""

import pytest
from django.urls import reverse

from candidatos.models import AcessoDadoSensivel, CorRaca, SituacaoInscricao
from selecoes import auditoria
from selecoes.validators import formatar_cpf, mascarar_cpf
from tests.candidatos.inscricoes.conftest import PDF_MINIMO, pdf
from tests.factories import InscricaoFactory

CPF = "52998224725"


@pytest.fixture
def inscricao(selecao, vaga):
    return InscricaoFactory(
        selecao=selecao,
        vaga=vaga,
        cpf=CPF,
        nome_civil="Ana Beatriz Souza",
        cor_raca=CorRaca.PRETA,
        concorre_negros=True,
        pcd=True,
        concorre_pcd=True,
        laudo_pcd=pdf(),
    )


def lista(selecao):
    return reverse("inscricoes:lista", args=[selecao.pk])


def detalhe(inscricao):
    return reverse("inscricoes:detalhe", args=[inscricao.pk])


@pytest.mark.django_db
def test_mascara_gestor_ve_tudo_no_detalhe_e_acesso_e_registrado(client, alice, inscricao):
    client.force_login(alice)
    html = client.get(detalhe(inscricao)).content.decode()
    assert formatar_cpf(CPF) in html
    assert "Preta" in html
    assert reverse("inscricoes:laudo", args=[inscricao.pk]) in html
    acesso = AcessoDadoSensivel.objects.get()
    assert (acesso.usuario, acesso.inscricao, acesso.contexto) == (
        alice,
        inscricao,
        "detalhe da inscrição",
    )


@pytest.mark.parametrize("persona", ["bruno", "carla"])
@pytest.mark.django_db
def test_mascara_operador_e_auditor_veem_mascarado_sem_registro(
    client, request, inscricao, persona
):
    client.force_login(request.getfixturevalue(persona))
    html = client.get(detalhe(inscricao)).content.decode()
    assert mascarar_cpf(CPF) in html
    assert formatar_cpf(CPF) not in html
    assert "Preta" not in html
    assert reverse("inscricoes:laudo", args=[inscricao.pk]) not in html
    # o código do comprovante abriria a página pública, que mostra a autodeclaração
    assert inscricao.codigo_verificacao not in html
    assert not AcessoDadoSensivel.objects.exists()


@pytest.mark.django_db
def test_mascara_lista_oculta_por_padrao_e_gestor_pede_exibicao(client, alice, inscricao):
    client.force_login(alice)
    html = client.get(lista(inscricao.selecao)).content.decode()
    assert formatar_cpf(CPF) not in html
    assert not AcessoDadoSensivel.objects.exists()
    html = client.get(lista(inscricao.selecao), {"sensiveis": "1"}).content.decode()
    assert formatar_cpf(CPF) in html
    assert "Preta" in html
    acesso = AcessoDadoSensivel.objects.get()
    assert acesso.inscricao == inscricao
    assert "lista de inscrições" in acesso.contexto


@pytest.mark.django_db
def test_mascara_operador_nao_consegue_exibir_na_lista(client, bruno, inscricao):
    client.force_login(bruno)
    html = client.get(lista(inscricao.selecao), {"sensiveis": "1"}).content.decode()
    assert formatar_cpf(CPF) not in html
    assert mascarar_cpf(CPF) in html
    assert not AcessoDadoSensivel.objects.exists()


@pytest.mark.django_db
def test_laudo_gestor_baixa_e_download_e_registrado(client, alice, inscricao):
    client.force_login(alice)
    resposta = client.get(reverse("inscricoes:laudo", args=[inscricao.pk]))
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    assert "attachment" in resposta["Content-Disposition"]
    assert b"".join(resposta.streaming_content) == PDF_MINIMO
    assert AcessoDadoSensivel.objects.get().contexto == "download do laudo médico"


@pytest.mark.parametrize(("persona", "status"), [("bruno", 403), ("carla", 403), ("diego", 404)])
@pytest.mark.django_db
def test_laudo_recusado_a_quem_nao_e_gestor_do_orgao(client, request, inscricao, persona, status):
    client.force_login(request.getfixturevalue(persona))
    assert client.get(reverse("inscricoes:laudo", args=[inscricao.pk])).status_code == status
    assert not AcessoDadoSensivel.objects.exists()


@pytest.mark.django_db
def test_laudo_nao_e_servido_pela_media_url(client, inscricao, settings):
    assert client.get(settings.MEDIA_URL + inscricao.laudo_pcd.name).status_code == 404


@pytest.mark.django_db
def test_escopo_outro_orgao_responde_404(client, diego, inscricao):
    client.force_login(diego)
    assert client.get(lista(inscricao.selecao)).status_code == 404
    assert client.get(detalhe(inscricao)).status_code == 404


@pytest.mark.django_db
def test_escopo_anonimo_vai_para_o_login(client, inscricao):
    resposta = client.get(detalhe(inscricao))
    assert resposta.status_code == 302
    assert reverse("login") in resposta["Location"]


@pytest.mark.django_db
def test_lista_filtros_busca_e_contagens(client, carla, selecao, vaga):
    ti = selecao.vagas.get(codigo="TI")
    InscricaoFactory(
        selecao=selecao,
        vaga=vaga,
        nome_civil="Zélia Gomes",
        cor_raca="parda",
        concorre_negros=True,
        numero="2026-0000101",
    )
    InscricaoFactory(selecao=selecao, vaga=vaga, nome_civil="Yuri Tanaka", numero="2026-0000102")
    InscricaoFactory(selecao=selecao, vaga=ti, nome_civil="Xavier Lima", numero="2026-0000103")
    InscricaoFactory(
        selecao=selecao,
        vaga=ti,
        nome_civil="Velha Substituída",
        numero="2026-0000104",
        situacao=SituacaoInscricao.SUBSTITUIDA,
    )
    client.force_login(carla)

    def nomes(**params):
        resposta = client.get(lista(selecao), params)
        return sorted(i.nome_civil for i, _ in resposta.context["linhas"])

    assert nomes() == ["Xavier Lima", "Yuri Tanaka", "Zélia Gomes"]
    assert nomes(vaga=ti.pk) == ["Xavier Lima"]
    # A auditora não filtra pela opção de reserva (dado sensível): o filtro é ignorado.
    assert nomes(concorre_negros="sim") == ["Xavier Lima", "Yuri Tanaka", "Zélia Gomes"]
    assert nomes(situacao="substituida") == ["Velha Substituída"]
    assert nomes(q="tanaka") == ["Yuri Tanaka"]
    assert nomes(q="0000103") == ["Xavier Lima"]
    contagens = client.get(lista(selecao)).context["contagens"]
    assert [(c.vaga.codigo, c.total, c.negros) for c in contagens.por_vaga] == [
        ("DIR", 2, 1),
        ("TI", 1, 0),
    ]
    assert (contagens.total, contagens.negros, contagens.pcd) == (3, 1, 0)


@pytest.mark.django_db
def test_detalhe_mostra_historico_de_substituicoes_e_auditoria(client, carla, selecao, vaga):
    antiga = InscricaoFactory(
        selecao=selecao,
        vaga=vaga,
        cpf=CPF,
        numero="2026-0000201",
        situacao=SituacaoInscricao.SUBSTITUIDA,
    )
    nova = InscricaoFactory(
        selecao=selecao, vaga=vaga, cpf=CPF, numero="2026-0000202", substitui=antiga
    )
    auditoria.registrar(
        acao="inscricao.substituida",
        objeto=antiga,
        descricao="Substituída pela 2026-0000202",
        inscricao_id=antiga.pk,
    )
    client.force_login(carla)
    html = client.get(detalhe(nova)).content.decode()
    assert "2026-0000201" in html
    assert "Substituída pela 2026-0000202" in html


@pytest.mark.django_db
def test_inicio_lista_somente_selecoes_do_escopo(client, diego, selecao):
    client.force_login(diego)
    resposta = client.get(reverse("inscricoes:inicio"))
    assert list(resposta.context["page_obj"].object_list) == []


@pytest.mark.django_db
def test_links_de_mostrar_e_ocultar_sensiveis_mantem_o_filtro_e_voltam_a_pagina_1(
    client, alice, inscricao
):
    client.force_login(alice)
    url = lista(inscricao.selecao)
    html = client.get(url, {"q": "Maria & José", "page": "1"}).content.decode()
    assert 'href="?q=Maria+%26+Jos%C3%A9&amp;sensiveis=1"' in html
    html = client.get(url, {"q": "Maria", "sensiveis": "1", "page": "1"}).content.decode()
    assert 'href="?q=Maria">Ocultar dados sensíveis' in html
