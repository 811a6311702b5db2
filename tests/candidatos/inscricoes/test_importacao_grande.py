"""Importações grandes (issue 18, item 2): prévia com os 200 primeiros erros e a
lista completa para baixar; arquivos grandes analisados numa tarefa Celery."""

import csv as modulo_csv
import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos import tasks
from candidatos.models import Inscricao
from candidatos.services import importacao
from selecoes.models import RegistroAuditoria
from tests.candidatos.inscricoes.test_importacao import csv, enviar, linha


@pytest.fixture
def momento(selecao):
    return timezone.localtime(selecao.inscricoes_inicio + dt.timedelta(hours=1))


def _ler_csv(conteudo: bytes) -> list[list[str]]:
    return list(modulo_csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))


@pytest.mark.lento
@pytest.mark.django_db
def test_importacao_50_mil_linhas_invalidas_previa_pequena(
    client, bruno, selecao, momento, settings
):
    settings.IMPORTACAO_ASSINCRONA_KB = 100_000  # síncrona: o que se mede é a página
    client.force_login(bruno)
    linhas = [linha(momento, n, cpf=str(n + 1)) for n in range(50_000)]
    resposta = enviar(client, selecao, csv(linhas))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    # Antes: uma linha de tabela por erro (50 mil), centenas de MB para 2 milhões.
    assert len(resposta.content) < 200_000
    assert html.count("CPF inválido") == importacao.ERROS_EXIBIDOS
    assert "50.000 erro(s)" in html
    assert reverse("inscricoes:importar_erros", args=[selecao.pk]) in html


@pytest.mark.django_db
def test_importacao_lista_completa_de_erros_para_baixar(client, bruno, selecao, momento):
    client.force_login(bruno)
    linhas = [linha(momento, n, cpf=str(n + 1)) for n in range(250)]
    linhas.append(linha(momento, 999, vaga="=HYPERLINK(1)"))
    html = enviar(client, selecao, csv(linhas)).content.decode()
    assert html.count("CPF inválido") == 200
    resposta = client.get(reverse("inscricoes:importar_erros", args=[selecao.pk]))
    assert resposta.status_code == 200
    assert resposta["Content-Type"].startswith("text/csv")
    tabela = _ler_csv(
        b"".join(resposta.streaming_content) if resposta.streaming else resposta.content
    )
    assert tabela[0] == ["linha", "coluna", "mensagem"]
    assert len(tabela) == 1 + 251
    assert [t for t in tabela if t[1] == "vaga"]
    # Formula neutralizada como nas demais exportações.
    assert not any(c.startswith(("=", "+", "-", "@")) for t in tabela for c in t)


@pytest.mark.django_db
def test_importacao_erros_de_outra_sessao_nao_sao_servidos(client, bruno, selecao):
    client.force_login(bruno)
    resposta = client.get(reverse("inscricoes:importar_erros", args=[selecao.pk]))
    assert resposta.status_code == 404


@pytest.mark.django_db
def test_importacao_grande_vai_para_a_tarefa_e_a_pagina_acompanha(
    client, bruno, selecao, momento, settings, django_capture_on_commit_callbacks
):
    settings.IMPORTACAO_ASSINCRONA_KB = 0
    client.force_login(bruno)
    conteudo = csv([linha(momento, 0), linha(momento, 1, cpf="999")])
    with django_capture_on_commit_callbacks() as enfileirar:
        resposta = enviar(client, selecao, conteudo)
    andamento = reverse("inscricoes:importar_andamento", args=[selecao.pk])
    assert resposta.status_code == 302
    assert resposta["Location"] == andamento
    assert len(enfileirar) == 1
    pendente = client.session["importacao_pendente"]
    # A página de andamento: barra de progresso e atualização sem JavaScript.
    pagina = client.get(andamento)
    html = pagina.content.decode()
    assert "<progress" in html
    assert 'http-equiv="refresh"' in html
    estado = client.get(reverse("inscricoes:importar_andamento_json", args=[selecao.pk])).json()
    assert estado["estado"] == "fila"

    # A tarefa recebe só ids e textos; roda aqui como o worker a rodaria.
    tasks.analisar_importacao(selecao.pk, pendente["token"], pendente["nome"], pendente["agora"])
    estado = client.get(reverse("inscricoes:importar_andamento_json", args=[selecao.pk])).json()
    assert estado["estado"] == "concluida"
    pagina = client.get(andamento)
    assert "CPF inválido" in pagina.content.decode()
    assert pagina.context["previa"].sha256 == pendente["sha256"]
    assert not Inscricao.objects.exists()

    # A confirmação também vai para uma tarefa: a requisição só pede a gravação.
    with django_capture_on_commit_callbacks() as enfileirar:
        resposta = client.post(
            reverse("inscricoes:importar_confirmar", args=[selecao.pk]),
            {"sha256": pendente["sha256"], "acao": "somente_validas"},
        )
    assert resposta["Location"] == andamento
    assert len(enfileirar) == 1
    assert not Inscricao.objects.exists()
    assert "Gravando" in client.get(andamento).content.decode()
    estado = client.get(reverse("inscricoes:importar_andamento_json", args=[selecao.pk])).json()
    assert estado["estado"] == "gravando"

    argumentos = (selecao.pk, pendente["token"], pendente["nome"], pendente["sha256"], True)
    for _ in range(2):  # entregue duas vezes: grava uma
        tasks.confirmar_importacao(*argumentos, bruno.pk, timezone.now().isoformat())
    assert Inscricao.objects.count() == 1
    assert RegistroAuditoria.objects.filter(acao=importacao.ACAO_AUDITORIA).count() == 1
    # Os dados pessoais do arquivo somem assim que gravados.
    assert importacao.pendente_ler(pendente["token"]) is None
    resposta = client.get(andamento, follow=True)
    assert resposta.redirect_chain[-1][0] == reverse("inscricoes:lista", args=[selecao.pk])
    assert "Importação concluída: 1 inscrição(ões) nova(s)" in resposta.content.decode()
    assert "importacao_pendente" not in client.session


@pytest.mark.django_db
def test_importacao_grande_com_arquivo_ilegivel_mostra_o_erro(client, bruno, selecao, settings):
    settings.IMPORTACAO_ASSINCRONA_KB = 0
    settings.PLANILHA_MAX_LINHAS = 5
    client.force_login(bruno)
    enviar(client, selecao, b"vaga\n" + b"DIR\n" * 10, nome="lote.csv")
    pendente = client.session["importacao_pendente"]
    tasks.analisar_importacao(selecao.pk, pendente["token"], pendente["nome"], pendente["agora"])
    resposta = client.get(reverse("inscricoes:importar_andamento", args=[selecao.pk]), follow=True)
    html = resposta.content.decode()
    assert resposta.redirect_chain[-1][0] == reverse("inscricoes:importar", args=[selecao.pk])
    assert "lote.csv" in html
    assert "5 linhas" in html
