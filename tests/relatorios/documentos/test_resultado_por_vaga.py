"""PDF de cada vaga de uma versão de resultado e o progresso "n de m prontos" para o RH."""

import pytest
from django.urls import reverse

from relatorios.documentos import construtores, leitura_resultado, selectors, services
from relatorios.models import Documento, StatusDocumento
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import VagaEstagioFactory
from tests.relatorios.documentos.conftest import ler_arquivo, texto_pdf

pytestmark = pytest.mark.django_db


def _selecao_de_duas_vagas(orgao):
    vaga = nova_vaga(orgao, codigo="DIR")
    outra = VagaEstagioFactory(selecao=vaga.selecao, codigo="ADM", area="Administração")
    classificacao(vaga, "ABX")
    classificacao(outra, "CDY")
    return vaga.selecao


def _publicar(selecao, usuario, capturar):
    with capturar(execute=True):
        return publicar_final(selecao, usuario)


def test_publicacao_pede_o_pdf_da_versao_e_o_de_cada_vaga(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    chaves = set(
        Documento.objects.filter(parametros__versao=versao.pk).values_list("chave", flat=True)
    )
    assert chaves == {
        f"resultado:{versao.pk}",
        f"resultado:{versao.pk}:vaga:DIR",
        f"resultado:{versao.pk}:vaga:ADM",
    }
    por_vaga = Documento.objects.get(chave=f"resultado:{versao.pk}:vaga:ADM")
    assert por_vaga.publico
    assert por_vaga.parametros["vaga"] == "ADM"
    assert por_vaga.titulo.endswith("— vaga ADM")


def test_selecao_de_uma_vaga_tem_so_o_pdf_da_versao(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    versao = _publicar(vaga.selecao, alice, django_capture_on_commit_callbacks)
    assert list(
        Documento.objects.filter(parametros__versao=versao.pk).values_list("chave", flat=True)
    ) == [f"resultado:{versao.pk}"]


def test_pdf_da_vaga_traz_as_mesmas_listas_que_a_secao_no_pdf_da_versao(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    fila.executar(django_capture_on_commit_callbacks)
    consolidado = Documento.objects.get(chave=f"resultado:{versao.pk}")
    adm = Documento.objects.get(chave=f"resultado:{versao.pk}:vaga:ADM")
    assert {consolidado.status, adm.status} == {StatusDocumento.PRONTO}
    texto = texto_pdf(ler_arquivo(adm))
    assert "Vaga ADM" in texto
    assert "Vaga DIR" not in texto
    assert "ADM-C" in texto
    assert "DIR-A" not in texto
    # As mesmas seções (listas e linhas) que a vaga tem no PDF da versão.
    todas = construtores.construir(consolidado).contexto["secoes"]
    so_adm = construtores.construir(adm).contexto["secoes"]
    assert so_adm == [s for s in todas if s.vaga["codigo"] == "ADM"]


def test_vaga_que_nao_esta_na_versao_nao_gera_pdf_vazio(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    documento = Documento.objects.get(chave=f"resultado:{versao.pk}:vaga:ADM")
    documento.parametros["vaga"] = "NAO-EXISTE"
    with pytest.raises(LookupError, match="NAO-EXISTE"):
        construtores.construir(documento)


def test_conteudo_verificado_e_relido_quando_a_retencao_anonimiza(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    """O cache do conteúdo por processo nunca devolve os nomes de antes da anonimização."""
    from django.utils import timezone

    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    versao.refresh_from_db()
    antes = leitura_resultado.conteudo_verificado(versao)
    assert leitura_resultado.conteudo_verificado(versao) is antes
    assert set(antes.codigos) == {"DIR", "ADM"}
    versao.anonimizado_em = timezone.now()
    assert leitura_resultado.conteudo_verificado(versao) is not antes


def test_progresso_conta_prontos_de_todos_os_pdfs_da_versao(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    estado = selectors.progresso_da_versao(versao_id=versao.pk)
    assert (estado.total, estado.prontos, estado.erros, estado.concluido) == (3, 0, 0, False)
    assert estado.texto == "0 de 3 documentos prontos."
    fila.executar(django_capture_on_commit_callbacks)
    Documento.objects.filter(chave=f"resultado:{versao.pk}:vaga:DIR").update(
        status=StatusDocumento.ERRO, mensagem_erro="Falha"
    )
    estado = selectors.progresso_da_versao(versao_id=versao.pk)
    assert (estado.prontos, estado.erros, estado.concluido) == (2, 1, True)
    assert estado.texto == "2 de 3 documentos prontos; 1 com erro."


def test_progresso_da_versao_so_para_o_rh_do_orgao(
    client, orgao, alice, carla, diego, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    url = reverse("documentos:progresso_versao", args=[versao.pk])
    assert client.get(url).status_code == 302
    client.force_login(diego)
    assert client.get(url).status_code == 404
    client.force_login(carla)
    resposta = client.get(url)
    assert resposta["Cache-Control"] == "no-store"
    assert resposta.json() == {
        "total": 3,
        "prontos": 0,
        "erros": 0,
        "concluido": False,
        "texto": "0 de 3 documentos prontos.",
    }


def test_pagina_de_documentos_mostra_barra_de_n_de_m_e_os_pdfs_por_vaga(
    client, orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    client.force_login(alice)
    url = reverse("documentos:selecao", args=[selecao.pk])
    html = client.get(url).content.decode()
    assert reverse("documentos:progresso_versao", args=[versao.pk]) in html
    assert f'<progress id="lote-{versao.pk}"' in html
    assert 'max="3" value="0"' in html
    assert "0 de 3 documentos prontos." in html
    # Sem JavaScript, uma recarga leve da mesma página atualiza a contagem.
    assert f'href="{url}" data-campo="atualizar"' in html
    adm = Documento.objects.get(chave=f"resultado:{versao.pk}:vaga:ADM")
    assert reverse("documentos:detalhe", args=[adm.pk]) in html
    fila.executar(django_capture_on_commit_callbacks)
    html = client.get(url).content.decode()
    assert "3 de 3 documentos prontos." in html
    assert 'data-campo="atualizar"' not in html
    assert "<script>" not in html


def test_pedir_de_novo_os_pdfs_por_vaga_nao_duplica(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _selecao_de_duas_vagas(orgao)
    versao = _publicar(selecao, alice, django_capture_on_commit_callbacks)
    services.resultado_vagas_solicitar(versao=versao)
    assert Documento.objects.filter(chave__startswith=f"resultado:{versao.pk}:vaga:").count() == 2
