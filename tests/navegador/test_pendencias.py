"""Pendências do RH e convocação em lote num navegador de verdade (issue 17,
itens 6 e 7): axe-core sem violação séria, e cada pendência resolvida some."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from relatorios.models import Documento, StatusDocumento, TipoDocumento
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import LotacaoFactory, OrgaoFactory, UserFactory
from tests.navegador.test_acessibilidade import violacoes_graves

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def cenario(live_server, settings, tmp_path):
    """Duas vagas com resultado final: em V1, uma recusa liberou a vaga; em V2, as
    duas convocações venceram sem resposta. E um PDF que falhou."""
    settings.MEDIA_ROOT = tmp_path / "midia"
    orgao = OrgaoFactory(sigla="MIR", nome="Ministério da Igualdade Racial")
    gestora = UserFactory(username="gestora")
    LotacaoFactory(usuario=gestora, orgao=orgao)
    publicado = dt.datetime.now(tz=dt.UTC).replace(microsecond=0) - dt.timedelta(days=20)
    vagas = {}
    for codigo in ("V1", "V2"):
        vaga = nova_vaga(
            orgao, ofertadas=2, codigo=codigo, inscricoes_fim=publicado - dt.timedelta(days=10)
        )
        classificacao(vaga, "ABCD", negros="")
        publicar_final(vaga.selecao, gestora, agora=publicado)
        vagas[codigo] = vaga
    convocado = publicado + dt.timedelta(days=1)
    v1 = servico.proximos_convocar(
        vaga=vagas["V1"],
        quantidade=2,
        prazo_resposta=dt.datetime.now(tz=dt.UTC) + dt.timedelta(days=3),
        usuario=gestora,
        agora=convocado,
    )
    servico.responder(convocacao=v1[0], aceita=False, agora=convocado)
    servico.proximos_convocar(
        vaga=vagas["V2"],
        quantidade=2,
        prazo_resposta=convocado + dt.timedelta(days=5),
        usuario=gestora,
        agora=convocado,
    )
    Documento.objects.create(
        tipo=TipoDocumento.ANEXO_EDITAL,
        chave=f"anexo_edital:{vagas['V1'].selecao_id}",
        titulo="Anexo do edital — vagas e reserva",
        orgao=orgao,
        selecao=vagas["V1"].selecao,
        status=StatusDocumento.ERRO,
        mensagem_erro="Falha na geração.",
        tentativas=3,
    )
    return {"orgao": orgao, "gestora": gestora, "vagas": vagas}


def _entrar(pagina, live_server, usuario):
    cliente = Client()
    cliente.force_login(usuario)
    pagina.context.add_cookies(
        [{"name": "sessionid", "value": cliente.cookies["sessionid"].value, "url": live_server.url}]
    )


def test_pendencias_e_convocacao_em_lote_no_navegador(pagina, live_server, cenario):
    _entrar(pagina, live_server, cenario["gestora"])
    pagina.goto(live_server.url + reverse("pendencias:inicio"))
    assert pagina.get_by_role("heading", name="Pendências — MIR").is_visible()
    menu = pagina.get_by_role("navigation", name="Navegação principal")
    assert menu.get_by_role("link", name="Pendências 4 à espera de ação").is_visible()
    falhas = {"pendencias": violacoes_graves(pagina)}

    secao_vagas = pagina.locator("#vaga_a_suprir")
    assert secao_vagas.get_by_role("heading").inner_text().endswith("(1)")
    assert pagina.get_by_label("Quantos convocar: Vaga V1").input_value() == "1"
    with pagina.expect_navigation():
        secao_vagas.get_by_role("button", name="Convocar nas vagas marcadas").click()
    assert pagina.get_by_role("heading", name="Convocação em lote: resumo").is_visible()
    assert "1 feito(s), 0 com falha" in pagina.get_by_role("status").inner_text()
    assert pagina.get_by_role("row", name="Vaga V1").is_visible()
    falhas["resumo_convocacao"] = violacoes_graves(pagina)
    assert Convocacao.objects.filter(vaga=cenario["vagas"]["V1"]).count() == 3

    pagina.goto(live_server.url + reverse("pendencias:inicio"))
    assert pagina.locator("#vaga_a_suprir").get_by_role("heading").inner_text().endswith("(0)")
    vencidas = pagina.locator("#convocacao_vencida")
    assert vencidas.get_by_role("heading").inner_text().endswith("(2)")
    vencidas.get_by_label("Motivo / registro").fill("Sem resposta até o prazo (e-mail conferido).")
    with pagina.expect_navigation():
        vencidas.get_by_role("button", name="Registrar não comparecimento das marcadas").click()
    assert "2 feito(s), 0 com falha" in pagina.get_by_role("status").inner_text()
    falhas["resumo_nao_comparecimento"] = violacoes_graves(pagina)
    assert set(
        Convocacao.objects.filter(vaga=cenario["vagas"]["V2"]).values_list("situacao", flat=True)
    ) == {SituacaoConvocacao.NAO_COMPARECEU}

    # As duas vagas de V2 ficaram livres: agora é V2 que espera a próxima chamada.
    pagina.goto(live_server.url + reverse("pendencias:inicio"))
    assert pagina.locator("#convocacao_vencida").get_by_role("heading").inner_text().endswith("(0)")
    assert pagina.get_by_label("Quantos convocar: Vaga V2").input_value() == "2"
    falhas["pendencias_depois"] = violacoes_graves(pagina)

    # Ações em lote da seleção de V1: reenviar o aviso a quem ainda não respondeu.
    pagina.goto(live_server.url + reverse("classificacao:lote", args=[v1_selecao(cenario)]))
    falhas["lote_da_selecao"] = violacoes_graves(pagina)
    aguardando = pagina.locator(
        "section", has=pagina.get_by_role("heading", name="Convocações aguardando resposta (2)")
    )
    aguardando.get_by_role("checkbox").first.check()
    assert aguardando.get_by_label("Reenviar o aviso de convocação").is_checked()
    with pagina.expect_navigation():
        aguardando.get_by_role("button", name="Aplicar às marcadas").click()
    assert pagina.get_by_role(
        "heading", name="Reenvio de avisos de convocação: resumo"
    ).is_visible()
    assert "1 feito(s), 0 com falha" in pagina.get_by_role("status").inner_text()
    assert {nome: v for nome, v in falhas.items() if v} == {}


def v1_selecao(cenario):
    return cenario["vagas"]["V1"].selecao_id


def test_pendencias_em_320_px_sem_rolagem_horizontal_da_pagina(navegador, live_server, cenario):
    contexto = navegador.new_context(viewport={"width": 320, "height": 640})
    pagina = contexto.new_page()
    _entrar(pagina, live_server, cenario["gestora"])
    pagina.goto(live_server.url + reverse("pendencias:inicio"))
    assert pagina.get_by_role("heading", name="Pendências — MIR").is_visible()
    assert pagina.evaluate("document.documentElement.scrollWidth") <= 320
    contexto.close()
