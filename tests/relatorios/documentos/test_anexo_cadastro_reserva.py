"""Anexo do edital em PDF: o cadastro de reserva de cada vaga (issue 21, item 10)."""

import pytest
from django.urls import reverse

from relatorios.documentos import services
from relatorios.models import StatusDocumento
from tests.factories import SelecaoFactory, VagaEstagioFactory
from tests.relatorios.documentos.conftest import texto_pdf

pytestmark = pytest.mark.django_db


def test_anexo_em_pdf_mostra_o_cadastro_de_reserva_por_vaga(
    client, orgao, fila, django_capture_on_commit_callbacks
):
    selecao = SelecaoFactory(orgao=orgao, situacao="publicada", versao=1)
    VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=3, ordem=0)
    VagaEstagioFactory(
        selecao=selecao, codigo="ADM", vagas_ofertadas=2, sem_cadastro_reserva=True, ordem=1
    )
    VagaEstagioFactory(selecao=selecao, codigo="TI", vagas_ofertadas=0, ordem=2)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.anexo_edital_solicitar(selecao=selecao)
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    resposta = client.get(reverse("documentos:anexo_publico", args=[selecao.pk]))
    assert resposta.status_code == 200
    texto = " ".join(texto_pdf(b"".join(resposta.streaming_content)).split())
    assert "3 + cadastro de reserva" in texto
    assert "2 (sem cadastro de reserva)" in texto
    assert "Somente cadastro de reserva" in texto
