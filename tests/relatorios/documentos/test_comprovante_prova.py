"""Comprovante que prova (issue 21, item 7): a opção pela reserva e a inscrição substituída.

A via do candidato (só por número + código) traz as opções de reserva, nunca a
cor/raça declarada; a via do RH é um arquivo só, baixado por qualquer papel do
órgão, e por isso não traz nem cor/raça nem opções (quem as vê é a gestão, na
ficha da inscrição: ``Papel.ve_dados_sensiveis``).
"""

import pytest
from django.urls import reverse

from candidatos.models import CorRaca, SituacaoInscricao
from relatorios.documentos import services
from relatorios.models import StatusDocumento
from selecoes import acesso
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory
from tests.relatorios.documentos.conftest import texto_pdf

pytestmark = pytest.mark.django_db

OPCAO_NEGROS = "Concorre às vagas reservadas a candidatos negros"
OPCAO_PCD = "Concorre às vagas reservadas a pessoas com deficiência"


@pytest.fixture
def gerar(fila, django_capture_on_commit_callbacks):
    def _gerar(pedir):
        with django_capture_on_commit_callbacks(execute=True):
            documento = pedir()
        fila.executar(django_capture_on_commit_callbacks)
        documento.refresh_from_db()
        assert documento.status == StatusDocumento.PRONTO
        return documento

    return _gerar


@pytest.fixture
def selecao(orgao):
    return SelecaoFactory(orgao=orgao, situacao="publicada", reserva_pcd=True)


def _inscricao(selecao, **kwargs):
    dados = {
        "vaga": VagaEstagioFactory(selecao=selecao),
        "numero": "2026000555",
        "codigo_verificacao": "K9X2P7Q1",
        "cor_raca": CorRaca.PARDA,
        "concorre_negros": True,
        "pcd": True,
        "concorre_pcd": True,
    }
    dados.update(kwargs)
    return InscricaoFactory(**dados)


def _texto(resposta) -> str:
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    return texto_pdf(b"".join(resposta.streaming_content))


def _normalizado(texto: str) -> str:
    return " ".join(texto.split())


def test_comprovante_do_candidato_prova_a_opcao_pela_reserva_sem_a_cor(client, selecao, gerar):
    inscricao = _inscricao(selecao)
    gerar(lambda: services.comprovante_solicitar(inscricao=inscricao))
    url = reverse("documentos:comprovante_baixar", args=[inscricao.numero, "K9X2P7Q1"])
    texto = _normalizado(_texto(client.get(url)))
    assert OPCAO_NEGROS in texto
    assert OPCAO_PCD in texto
    for cor in ("Parda", "parda", "Preta", "preta"):
        assert cor not in texto


def test_comprovante_do_candidato_prova_tambem_que_nao_optou(client, selecao, gerar):
    inscricao = _inscricao(
        selecao, cor_raca=CorRaca.BRANCA, concorre_negros=False, pcd=False, concorre_pcd=False
    )
    gerar(lambda: services.comprovante_solicitar(inscricao=inscricao))
    url = reverse("documentos:comprovante_baixar", args=[inscricao.numero, "K9X2P7Q1"])
    texto = _normalizado(_texto(client.get(url)))
    assert "Não concorre às vagas reservadas a candidatos negros" in texto
    assert "Não concorre às vagas reservadas a pessoas com deficiência" in texto
    assert "Branca" not in texto


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_via_do_rh_nao_traz_cor_nem_opcoes_a_nenhum_papel(
    client, selecao, gerar, usuario_por_papel, papel
):
    inscricao = _inscricao(selecao)
    documento = gerar(lambda: services.comprovante_rh_solicitar(inscricao=inscricao))
    client.force_login(usuario_por_papel(papel))
    texto = _normalizado(_texto(client.get(reverse("documentos:arquivo", args=[documento.pk]))))
    assert "2026000555" in texto
    for sensivel in ("reservadas a candidatos negros", "Parda", "parda", OPCAO_PCD):
        assert sensivel not in texto


def _substituicao(selecao):
    antiga = _inscricao(selecao, situacao=SituacaoInscricao.SUBSTITUIDA)
    nova = InscricaoFactory(
        vaga=antiga.vaga,
        cpf=antiga.cpf,
        numero="2026000999",
        codigo_verificacao="Z7Y6X5W4",
        substitui=antiga,
        cor_raca=CorRaca.PARDA,
        concorre_negros=True,
    )
    return antiga, nova


def test_comprovante_da_nova_inscricao_diz_qual_substituiu(client, selecao, gerar):
    antiga, nova = _substituicao(selecao)
    gerar(lambda: services.comprovante_solicitar(inscricao=nova))
    url = reverse("documentos:comprovante_baixar", args=[nova.numero, "Z7Y6X5W4"])
    texto = _normalizado(_texto(client.get(url)))
    assert f"Esta inscrição substitui a inscrição nº {antiga.numero}" in texto


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_via_do_rh_da_nova_inscricao_diz_qual_substituiu(
    client, selecao, gerar, usuario_por_papel, papel
):
    antiga, nova = _substituicao(selecao)
    documento = gerar(lambda: services.comprovante_rh_solicitar(inscricao=nova))
    client.force_login(usuario_por_papel(papel))
    texto = _normalizado(_texto(client.get(reverse("documentos:arquivo", args=[documento.pk]))))
    assert f"Esta inscrição substitui a inscrição nº {antiga.numero}" in texto


def test_pagina_do_comprovante_da_nova_inscricao_diz_qual_substituiu(client, selecao):
    antiga, nova = _substituicao(selecao)
    resposta = client.get(reverse("inscricao_publica:comprovante", args=[nova.numero, "Z7Y6X5W4"]))
    html = _normalizado(resposta.content.decode())
    assert resposta.status_code == 200
    assert f"Esta inscrição substitui a inscrição nº {antiga.numero}" in html
    assert "Concorre" in html
