"""Relatório anual em PDF pelo registro de documentos (tipo ``relatorio_anual``)."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento, TipoDocumento

pytestmark = pytest.mark.django_db

GERAR = reverse("monitoramento:relatorio_anual_gerar")


def _pedir(client, usuario, consulta="ano=2026", captura=None):
    client.force_login(usuario)
    with captura(execute=False) as callbacks:
        resposta = client.post(f"{GERAR}?{consulta}")
    return resposta, callbacks


def _gerar(documento):
    services.gerar(documento_id=documento.pk, geracao=documento.geracao)
    documento.refresh_from_db()
    return documento


def _texto(documento):
    with documento.arquivo.open("rb") as arquivo:
        leitor = PdfReader(io.BytesIO(arquivo.read()))
    return "\n".join(pagina.extract_text() for pagina in leitor.pages)


def test_relatorio_anual_monitoramento_pdf_consolidado(
    client, monica, dados, django_capture_on_commit_callbacks
):
    resposta, callbacks = _pedir(client, monica, captura=django_capture_on_commit_callbacks)
    documento = Documento.objects.get(tipo=TipoDocumento.RELATORIO_ANUAL)
    assert resposta["Location"] == reverse(
        "monitoramento:relatorio_anual_documento", args=[documento.pk]
    )
    assert len(callbacks) == 1  # a tarefa só vai para a fila depois do commit
    assert documento.orgao is None
    assert documento.chave == "relatorio_anual:todos:2026:-:-"
    assert documento.parametros["orgao_ids"] is None
    assert client.get(resposta["Location"]).status_code == 200
    progresso = client.get(reverse("monitoramento:relatorio_anual_progresso", args=[documento.pk]))
    assert progresso.json()["pronto"] is False

    documento = _gerar(documento)
    assert documento.status == StatusDocumento.PRONTO
    texto = _texto(documento)
    assert "Relatório anual de monitoramento 2026 — todos os órgãos" in texto
    assert "< 5" in texto
    assert "MIR" in texto
    assert "OUTRO" in texto
    for inscricao in dados.inscricoes:
        assert inscricao.nome_civil not in texto
        assert inscricao.numero not in texto
    baixado = client.get(reverse("monitoramento:relatorio_anual_arquivo", args=[documento.pk]))
    assert baixado["Content-Type"] == "application/pdf"


def test_relatorio_anual_gestora_pdf_do_proprio_orgao(
    client, alice, diego, carla, monica, dados, orgao, django_capture_on_commit_callbacks
):
    _pedir(client, alice, captura=django_capture_on_commit_callbacks)
    documento = _gerar(Documento.objects.get(tipo=TipoDocumento.RELATORIO_ANUAL))
    assert documento.orgao == orgao
    texto = _texto(documento)
    assert "OUTRO" not in texto
    assert "< 5" in texto  # o documento circula: supressão mesmo para a gestora
    arquivo = reverse("monitoramento:relatorio_anual_arquivo", args=[documento.pk])
    for usuario, status in ((carla, 200), (monica, 200), (diego, 404)):
        client.force_login(usuario)
        assert client.get(arquivo).status_code == status


def test_relatorio_anual_auditora_nao_gera_e_gestora_nao_ve_o_consolidado(
    client, carla, alice, monica, dados, django_capture_on_commit_callbacks
):
    resposta, _ = _pedir(client, carla, captura=django_capture_on_commit_callbacks)
    assert resposta.status_code == 302
    assert not Documento.objects.exists()
    _pedir(client, monica, captura=django_capture_on_commit_callbacks)
    consolidado = Documento.objects.get()
    client.force_login(alice)
    url = reverse("monitoramento:relatorio_anual_documento", args=[consolidado.pk])
    assert client.get(url).status_code == 404


def test_relatorio_anual_operador_nao_pede(client, bruno, django_capture_on_commit_callbacks):
    resposta, _ = _pedir(client, bruno, captura=django_capture_on_commit_callbacks)
    assert resposta.status_code == 403


def test_relatorio_anual_novo_pedido_refaz_o_mesmo_documento(
    client, monica, dados, django_capture_on_commit_callbacks
):
    _pedir(client, monica, captura=django_capture_on_commit_callbacks)
    _pedir(client, monica, captura=django_capture_on_commit_callbacks)
    documento = Documento.objects.get()
    assert documento.geracao == 2
