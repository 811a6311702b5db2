"""As telas levam aos documentos: comprovante do candidato, do RH e PDFs da seleção."""

import pytest
from django.urls import reverse

from tests.factories import InscricaoFactory, SelecaoFactory

pytestmark = pytest.mark.django_db


def test_comprovante_do_candidato_oferece_o_pdf(client):
    inscricao = InscricaoFactory()
    resposta = client.get(
        reverse(
            "inscricao_publica:comprovante",
            args=[inscricao.numero, inscricao.codigo_verificacao],
        )
    )
    baixar = reverse(
        "documentos:comprovante_baixar", args=[inscricao.numero, inscricao.codigo_verificacao]
    )
    assert resposta.status_code == 200
    assert baixar in resposta.content.decode()


@pytest.mark.parametrize(
    ("persona", "ve_botao"), [("alice", True), ("bruno", True), ("carla", False)]
)
def test_detalhe_da_inscricao_no_rh_gera_comprovante_so_para_editores(
    request, client, orgao, persona, ve_botao
):
    usuario = request.getfixturevalue(persona)
    inscricao = InscricaoFactory(vaga__selecao__orgao=orgao)
    client.force_login(usuario)
    html = client.get(reverse("inscricoes:detalhe", args=[inscricao.pk])).content.decode()
    assert (reverse("documentos:gerar_comprovante", args=[inscricao.pk]) in html) is ve_botao


def test_detalhe_da_selecao_leva_aos_documentos(client, carla, orgao):
    selecao = SelecaoFactory(orgao=orgao)
    client.force_login(carla)
    html = client.get(reverse("selecoes:detalhe", args=[selecao.pk])).content.decode()
    assert reverse("documentos:selecao", args=[selecao.pk]) in html
