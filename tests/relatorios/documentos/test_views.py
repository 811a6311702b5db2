"""Views de documentos: quem baixa o quê, progresso, acompanhamento e pedidos do RH."""

import pytest
from django.urls import reverse

from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento
from selecoes import acesso
from selecoes.models import Papel
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory
from tests.relatorios.documentos.conftest import texto_pdf
from tests.relatorios.documentos.factories import Aprovado, ResultadoVersaoFactory, VagaResultado

pytestmark = pytest.mark.django_db


@pytest.fixture
def gerar(fila, django_capture_on_commit_callbacks):
    """Pede um documento e roda a fila: devolve o documento pronto."""

    def _gerar(pedir):
        with django_capture_on_commit_callbacks(execute=True):
            documento = pedir()
        fila.executar(django_capture_on_commit_callbacks)
        documento.refresh_from_db()
        assert documento.status == StatusDocumento.PRONTO
        return documento

    return _gerar


@pytest.fixture
def versao(orgao):
    selecao = SelecaoFactory(orgao=orgao, situacao="resultado_final")
    return ResultadoVersaoFactory(
        selecao=selecao, vagas=[VagaResultado("DIR", [Aprovado("2026000001", "Ana Souza")])]
    )


@pytest.fixture
def inscricao(orgao):
    selecao = SelecaoFactory(orgao=orgao, situacao="publicada")
    return InscricaoFactory(
        vaga=VagaEstagioFactory(selecao=selecao), numero="2026000555", codigo_verificacao="K9X2P7Q1"
    )


def _pdf(resposta) -> bytes:
    assert resposta.status_code == 200
    assert resposta["Content-Type"] == "application/pdf"
    return b"".join(resposta.streaming_content)


# --- Documentos públicos --------------------------------------------------------------


def test_lista_de_resultado_publica_para_qualquer_pessoa(client, versao, gerar):
    documento = gerar(lambda: services.resultado_solicitar(versao=versao))
    conteudo = _pdf(client.get(reverse("documentos:resultado_publico", args=[versao.pk])))
    assert conteudo.startswith(b"%PDF")
    resposta = client.get(reverse("documentos:arquivo", args=[documento.pk]))
    assert "public" in resposta["Cache-Control"]


def test_lista_ainda_em_geracao_mostra_pagina_de_espera(client, versao, fila):
    resposta = client.get(reverse("documentos:resultado_publico", args=[versao.pk]))
    assert resposta.status_code == 202
    html = resposta.content.decode()
    assert "data-progresso-url" in html
    assert "js/documentos.js" in html
    assert "<script>" not in html
    assert Documento.objects.filter(chave=f"resultado:{versao.pk}").exists()


def test_resultado_atual_leva_a_versao_mais_recente(client, versao):
    nova = ResultadoVersaoFactory(
        selecao=versao.selecao, numero=2, vagas=[VagaResultado("DIR", [Aprovado("1", "Ana")])]
    )
    resposta = client.get(reverse("documentos:resultado_atual", args=[versao.selecao_id, "final"]))
    assert resposta.url == reverse("documentos:resultado_publico", args=[nova.pk])
    assert (
        client.get(
            reverse("documentos:resultado_atual", args=[versao.selecao_id, "outro"])
        ).status_code
        == 404
    )


def test_anexo_de_selecao_nao_publicada_nao_e_publico(client, orgao, alice, diego, gerar):
    selecao = SelecaoFactory(orgao=orgao)
    VagaEstagioFactory(selecao=selecao, vagas_ofertadas=5)
    documento = gerar(lambda: services.anexo_edital_solicitar(selecao=selecao))
    assert client.get(reverse("documentos:anexo_publico", args=[selecao.pk])).status_code == 404
    url = reverse("documentos:arquivo", args=[documento.pk])
    assert client.get(url).status_code == 302  # anônimo → login
    client.force_login(diego)
    assert client.get(url).status_code == 404
    client.force_login(alice)
    assert _pdf(client.get(url)).startswith(b"%PDF")


def test_anexo_de_selecao_publicada_e_publico(client, orgao, gerar):
    selecao = SelecaoFactory(orgao=orgao, situacao="publicada", versao=1)
    VagaEstagioFactory(selecao=selecao, vagas_ofertadas=5)
    gerar(lambda: services.anexo_edital_solicitar(selecao=selecao))
    assert _pdf(client.get(reverse("documentos:anexo_publico", args=[selecao.pk])))


# --- Comprovante ----------------------------------------------------------------------


def test_comprovante_para_o_candidato_com_numero_e_codigo(client, inscricao, gerar):
    gerar(lambda: services.comprovante_solicitar(inscricao=inscricao))
    url = reverse("documentos:comprovante_baixar", args=["2026000555", "K9X2P7Q1"])
    resposta = client.get(url)
    assert _pdf(resposta)
    assert "no-store" in resposta["Cache-Control"]
    errado = reverse("documentos:comprovante_baixar", args=["2026000555", "K9X2P7Q2"])
    assert client.get(errado).status_code == 404


def test_comprovante_pedido_pelo_candidato_comeca_a_gerar(
    client, inscricao, fila, django_capture_on_commit_callbacks
):
    url = reverse("documentos:comprovante_baixar", args=["2026000555", "k9x2p7q1"])
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.get(url)
    assert resposta.status_code == 202
    progresso = client.get(
        reverse("documentos:comprovante_progresso", args=["2026000555", "k9x2p7q1"])
    ).json()
    assert progresso["status"] == "pendente"
    assert progresso["mensagem"] == ""
    assert len(fila.tarefas) == 1


def test_formulario_do_comprovante(client, inscricao):
    resposta = client.post(
        reverse("documentos:comprovante"), {"numero": "2026000555", "codigo": "ERRADO"}
    )
    assert resposta.status_code == 200
    assert "não conferem" in resposta.content.decode()
    resposta = client.post(
        reverse("documentos:comprovante"), {"numero": " 2026000555 ", "codigo": "K9X2P7Q1"}
    )
    assert resposta.url == reverse("documentos:comprovante_baixar", args=["2026000555", "K9X2P7Q1"])


@pytest.mark.parametrize("codigo", ["K9X2-P7Q1", "k9x2 p7q1", " K9X2-p7q1 "])
def test_formulario_do_comprovante_aceita_o_codigo_como_impresso(client, inscricao, codigo):
    resposta = client.post(
        reverse("documentos:comprovante"), {"numero": "2026000555", "codigo": codigo}
    )
    assert resposta.status_code == 302
    assert resposta.url == reverse("documentos:comprovante_baixar", args=["2026000555", "K9X2P7Q1"])


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_comprovante_para_o_rh_do_orgao_sem_o_codigo(
    client, inscricao, gerar, usuario_por_papel, papel
):
    """O código age pelo candidato (issue 16, item 3): a via do RH não o traz."""
    documento = gerar(lambda: services.comprovante_rh_solicitar(inscricao=inscricao))
    client.force_login(usuario_por_papel(papel))
    texto = texto_pdf(_pdf(client.get(reverse("documentos:arquivo", args=[documento.pk]))))
    assert "2026000555" in texto
    assert "K9X2P7Q1" not in texto
    assert "K9X2" not in texto


@pytest.mark.parametrize("papel", list(Papel))
def test_via_do_candidato_nunca_para_o_rh(client, inscricao, gerar, usuario_por_papel, papel):
    """A via com o código (a do candidato) não se abre pelo RH, nem pelo id; o membro
    de comissão nem chega às telas do RH (403)."""
    documento = gerar(lambda: services.comprovante_solicitar(inscricao=inscricao))
    client.force_login(usuario_por_papel(papel))
    recusa = 404 if papel.do_rh else 403
    for rota in ("arquivo", "progresso"):
        assert client.get(reverse(f"documentos:{rota}", args=[documento.pk])).status_code == 404
    assert client.get(reverse("documentos:detalhe", args=[documento.pk])).status_code == recusa
    resposta = client.post(reverse("documentos:regenerar", args=[documento.pk]))
    assert resposta.status_code == recusa


def test_comprovante_nunca_para_outro_orgao_nem_anonimo(client, inscricao, gerar, diego):
    documento = gerar(lambda: services.comprovante_solicitar(inscricao=inscricao))
    url = reverse("documentos:arquivo", args=[documento.pk])
    assert client.get(url).status_code == 302
    assert client.get(reverse("documentos:progresso", args=[documento.pk])).status_code == 404
    client.force_login(diego)
    assert client.get(url).status_code == 404
    assert client.get(reverse("documentos:detalhe", args=[documento.pk])).status_code == 404


# --- Acompanhamento pelo RH -----------------------------------------------------------


def test_detalhe_com_barra_de_progresso_e_link(client, alice, versao, gerar):
    documento = gerar(lambda: services.resultado_solicitar(versao=versao))
    client.force_login(alice)
    html = client.get(reverse("documentos:detalhe", args=[documento.pk])).content.decode()
    assert '<progress id="progresso-' in html
    assert 'value="100"' in html
    assert reverse("documentos:arquivo", args=[documento.pk]) in html
    assert "Gerar de novo" in html
    assert "<script>" not in html
    assert "onclick" not in html


def test_progresso_json(client, alice, versao, fila):
    documento = services.resultado_solicitar(versao=versao)
    Documento.objects.filter(pk=documento.pk).update(
        status=StatusDocumento.ERRO, mensagem_erro="Falha interna X"
    )
    url = reverse("documentos:progresso", args=[documento.pk])
    publico = client.get(url).json()
    assert publico["status"] == "erro"
    assert publico["mensagem"] == ""
    client.force_login(alice)
    assert client.get(url).json()["mensagem"] == "Falha interna X"


def test_regenerar_somente_editores_do_orgao(client, versao, gerar, alice, bruno, carla, diego):
    documento = gerar(lambda: services.resultado_solicitar(versao=versao))
    url = reverse("documentos:regenerar", args=[documento.pk])
    client.force_login(carla)
    assert client.post(url).status_code == 403
    client.force_login(diego)
    assert client.post(url).status_code == 404
    client.force_login(bruno)
    assert client.get(url).status_code == 405
    assert client.post(url).status_code == 302
    documento.refresh_from_db()
    assert documento.geracao == 2
    assert documento.desatualizado


def test_documentos_da_selecao_e_gerar_pdf_de_versao(client, versao, bruno, carla, diego):
    url = reverse("documentos:selecao", args=[versao.selecao_id])
    client.force_login(diego)
    assert client.get(url).status_code == 404
    client.force_login(carla)
    html = client.get(url).content.decode()
    assert "Versões publicadas do resultado" in html
    assert "Gerar PDF da versão" not in html
    assert client.post(reverse("documentos:gerar_resultado", args=[versao.pk])).status_code == 404
    client.force_login(bruno)
    assert "Gerar PDF da versão 1" in client.get(url).content.decode()
    resposta = client.post(reverse("documentos:gerar_resultado", args=[versao.pk]))
    documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
    assert resposta.url == reverse("documentos:detalhe", args=[documento.pk])


def test_rh_pede_anexo_e_comprovante(client, bruno, inscricao, fila):
    client.force_login(bruno)
    resposta = client.post(reverse("documentos:gerar_anexo", args=[inscricao.selecao_id]))
    anexo = Documento.objects.get(chave=f"anexo_edital:{inscricao.selecao_id}")
    assert resposta.url == reverse("documentos:detalhe", args=[anexo.pk])
    resposta = client.post(reverse("documentos:gerar_comprovante", args=[inscricao.pk]))
    comprovante = Documento.objects.get(chave=f"comprovante_rh:{inscricao.pk}")
    assert resposta.url == reverse("documentos:detalhe", args=[comprovante.pk])
    assert not Documento.objects.filter(chave=f"comprovante:{inscricao.pk}").exists()


def test_operador_gera_o_comprovante_e_nao_le_o_codigo(
    client, bruno, inscricao, fila, django_capture_on_commit_callbacks
):
    """Antes: o operador gerava o PDF, lia o código e recusava a convocação pelo candidato."""
    client.force_login(bruno)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(reverse("documentos:gerar_comprovante", args=[inscricao.pk]))
    fila.executar(django_capture_on_commit_callbacks)
    documento = Documento.objects.get(pk=resposta.url.rstrip("/").rsplit("/", 1)[1])
    detalhe = client.get(reverse("documentos:detalhe", args=[documento.pk])).content.decode()
    assert "K9X2P7Q1" not in detalhe
    texto = texto_pdf(_pdf(client.get(reverse("documentos:arquivo", args=[documento.pk]))))
    assert "Comprovante de inscrição" in texto
    assert "K9X2P7Q1" not in texto
    assert "via do RH" in texto
