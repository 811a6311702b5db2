"""Comprovante: só com número + código; consulta; inscrição substituída."""

import pytest
from django.urls import reverse

from candidatos.models import SituacaoInscricao
from tests.factories import InscricaoFactory


@pytest.fixture
def inscricao(selecao, vaga):
    return InscricaoFactory(
        selecao=selecao, vaga=vaga, numero="2026-0000042", codigo_verificacao="ABCDEFGHJKLM"
    )


def url(numero, codigo):
    return reverse("inscricao_publica:comprovante", args=[numero, codigo])


@pytest.mark.django_db
def test_comprovante_com_codigo_certo_mostra_resumo(client, inscricao):
    resposta = client.get(url(inscricao.numero, inscricao.codigo_verificacao))
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "ABCD-EFGH-JKLM" in html
    assert inscricao.numero in html
    assert inscricao.cpf not in html  # CPF mascarado
    assert "no-store" in resposta["Cache-Control"]
    assert resposta["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.parametrize("codigo", ["ABCDEFGHJKLN", "abcdefghjkl", "X"])
@pytest.mark.django_db
def test_comprovante_com_codigo_errado_responde_404(client, inscricao, codigo):
    assert client.get(url(inscricao.numero, codigo)).status_code == 404


@pytest.mark.django_db
def test_comprovante_consulta_aceita_codigo_com_hifens_e_minusculas(client, inscricao):
    resposta = client.get(
        reverse("inscricao_publica:consultar"),
        {"numero": inscricao.numero, "codigo": "abcd-efgh-jklm"},
    )
    assert resposta.status_code == 302
    assert resposta["Location"] == url(inscricao.numero, "ABCDEFGHJKLM")


@pytest.mark.django_db
def test_comprovante_consulta_errada_explica_sem_revelar(client, inscricao):
    resposta = client.get(
        reverse("inscricao_publica:consultar"), {"numero": inscricao.numero, "codigo": "ZZZZ"}
    )
    assert resposta.status_code == 200
    assert "Não encontramos inscrição" in resposta.content.decode()


@pytest.mark.django_db
def test_comprovante_de_substituida_avisa(client, selecao, vaga, inscricao):
    inscricao.situacao = SituacaoInscricao.SUBSTITUIDA
    inscricao.save()
    nova = InscricaoFactory(selecao=selecao, vaga=vaga, cpf=inscricao.cpf, substitui=inscricao)
    html = client.get(url(inscricao.numero, inscricao.codigo_verificacao)).content.decode()
    assert "substituída" in html
    assert nova.numero in html


@pytest.mark.django_db
def test_comprovante_limite_de_consultas_por_ip(client, inscricao):
    codigos = [client.get(url(inscricao.numero, f"ERRADO{n}")).status_code for n in range(31)]
    assert codigos == [404] * 30 + [429]
