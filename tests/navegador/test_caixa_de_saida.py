"""A caixa de saída local no navegador: o RH lê o e-mail enviado e reenvia o que falhou
(issue 17, item 9), sem violações graves do axe-core."""

import pytest
from django.urls import reverse

from selecoes import correio
from selecoes.models import Mensagem, SituacaoMensagem
from tests.factories import SelecaoFactory
from tests.navegador.test_acessibilidade import violacoes_graves

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_caixa_de_saida_le_e_reenvia_pelo_navegador(pagina, live_server, orgao, bruno, settings):
    settings.CAIXA_SAIDA_LOCAL = True
    selecao = SelecaoFactory(orgao=orgao)
    falhou = correio.mensagem_enfileirar(
        modelo="convocacao",
        para="candidata@exemplo.com",
        assunto="Convocação — edital 1/2026",
        corpo="Olá.\nAbra a página da sua convocação:\nhttp://127.0.0.1/convocacao/abc/",
        selecao=selecao,
    )
    Mensagem.objects.filter(pk=falhou.pk).update(
        situacao=SituacaoMensagem.ERRO, erro="SMTPServerDisconnected: servidor fora"
    )
    base = live_server.url
    pagina.goto(base + reverse("login"))
    pagina.get_by_label("Usuário").fill("bruno")
    pagina.get_by_label("Senha").fill("senha-de-teste-123")
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Entrar").click()

    pagina.goto(base + reverse("mensagens:lista"))
    assert pagina.get_by_role("heading", name="Mensagens enviadas").is_visible()
    assert pagina.get_by_text("SMTPServerDisconnected: servidor fora").is_visible()
    falhas = {"lista": violacoes_graves(pagina)}

    with pagina.expect_navigation():
        pagina.get_by_role("link", name="Ler a mensagem para candidata@exemplo.com").click()
    assert pagina.get_by_text("Abra a página da sua convocação:").is_visible()
    falhas["detalhe"] = violacoes_graves(pagina)

    pagina.go_back()
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Reenviar a mensagem para candidata@exemplo.com").click()
    assert pagina.get_by_text("posta de novo na fila de envio").is_visible()
    falhas["reenviada"] = violacoes_graves(pagina)
    assert Mensagem.objects.get(pk=falhou.pk).situacao == SituacaoMensagem.PENDENTE
    assert {nome: v for nome, v in falhas.items() if v} == {}
