"""axe-core (WCAG 2.1 AA) em cada tipo de página pública, 320 px e leitura sem JavaScript.

Falha com qualquer violação séria ou crítica. O axe-core vem de tests/navegador/vendor
(MPL-2.0); o navegador é o Chromium do Debian.
"""

import json
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from selecoes.limites import registrar_tentativa
from tests.publico.factories import cenario_publicado, urls_publicas

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")
REGRAS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
GRAVES = {"serious", "critical"}


def violacoes_graves(pagina) -> list[str]:
    pagina.evaluate(AXE)
    resultado = pagina.evaluate(
        "async (tags) => await axe.run(document, {runOnly: {type: 'tag', values: tags}})", REGRAS
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(json.dumps(n["target"]) for n in v["nodes"][:5])
        for v in resultado["violations"]
        if v["impact"] in GRAVES
    ]


@pytest.fixture
def cenario(live_server):
    from selecoes.models import Orgao

    orgao = Orgao.objects.create(
        sigla="MIR", nome="Ministério da Igualdade Racial", cnpj="45404722000140"
    )
    return cenario_publicado(orgao=orgao)


def _consultar(pagina, base, numero, cpf="", codigo=""):
    pagina.goto(base + reverse("publico:minha_situacao"))
    pagina.get_by_label("Número de inscrição").fill(numero)
    if cpf:
        pagina.get_by_label("CPF", exact=True).fill(cpf)
    if codigo:
        pagina.get_by_label("Código de verificação").fill(codigo)
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Consultar").click()


def test_axe_sem_violacoes_graves_em_cada_tipo_de_pagina(pagina, live_server, cenario):
    base = live_server.url
    falhas = {}
    for nome, caminho in urls_publicas(cenario).items():
        resposta = pagina.goto(base + caminho)
        assert resposta is not None
        if v := violacoes_graves(pagina):
            falhas[nome] = v

    convocada = cenario.inscricoes[2]
    _consultar(pagina, base, convocada.numero, cpf=convocada.cpf)
    assert pagina.get_by_role("heading", name=f"Inscrição nº {convocada.numero}").is_visible()
    falhas["minha_situacao_encontrada"] = violacoes_graves(pagina)

    _consultar(pagina, base, "2026999999", cpf=cenario.inscricoes[0].cpf)
    assert pagina.get_by_role("alert").is_visible()
    falhas["minha_situacao_nao_encontrada"] = violacoes_graves(pagina)

    _consultar(pagina, base, convocada.numero)
    falhas["minha_situacao_erros"] = violacoes_graves(pagina)

    for _ in range(11):
        registrar_tentativa("minha_situacao:ip:127.0.0.1", limite=10, janela_segundos=60)
    _consultar(pagina, base, convocada.numero, cpf=convocada.cpf)
    assert pagina.get_by_role("heading", name="Muitas tentativas").is_visible()
    falhas["429"] = violacoes_graves(pagina)

    pagina.goto(base + "/")
    pagina.set_content(render_to_string("500.html"))
    falhas["500"] = violacoes_graves(pagina)

    assert {nome: v for nome, v in falhas.items() if v} == {}


def test_320_px_sem_rolagem_horizontal_da_pagina(navegador, live_server, cenario):
    contexto = navegador.new_context(viewport={"width": 320, "height": 640})
    pagina = contexto.new_page()
    largas = {}
    for nome, caminho in urls_publicas(cenario).items():
        pagina.goto(live_server.url + caminho)
        largura = pagina.evaluate("document.documentElement.scrollWidth")
        if largura > 320:
            largas[nome] = largura
    contexto.close()
    assert largas == {}


def test_resultado_sem_javascript_lista_pagina_e_busca(navegador, live_server, cenario):
    contexto = navegador.new_context(java_script_enabled=False)
    pagina = contexto.new_page()
    pagina.goto(live_server.url + urls_publicas(cenario)["classificacao"])
    tabela = pagina.locator("table.tabela-resultado")
    assert tabela.get_by_role("row").count() == 1 + len(cenario.inscricoes)
    assert not pagina.get_by_role("button", name="Imprimir esta página").is_visible()
    pagina.get_by_label("Buscar por nome ou número de inscrição").fill("jose araujo")
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Buscar", exact=True).click()
    linhas = pagina.locator("table.tabela-resultado").get_by_role("row")
    assert linhas.count() == 2
    assert "José Araújo" in linhas.nth(1).inner_text()
    contexto.close()


def test_minha_situacao_sem_javascript_e_so_com_teclado(navegador, live_server, cenario):
    contexto = navegador.new_context(java_script_enabled=False)
    pagina = contexto.new_page()
    pagina.goto(live_server.url + reverse("publico:minha_situacao"))
    pagina.keyboard.press("Tab")
    assert pagina.evaluate("document.activeElement.textContent.trim()") == (
        "Ir para o conteúdo principal"
    )
    inscricao = cenario.inscricoes[6]
    pagina.get_by_label("Número de inscrição").focus()
    pagina.keyboard.type(inscricao.numero)
    pagina.keyboard.press("Tab")
    pagina.keyboard.type(inscricao.cpf)
    assert pagina.evaluate("document.activeElement.id") == "id_cpf"
    with pagina.expect_navigation():
        pagina.keyboard.press("Enter")
    assert pagina.get_by_role("heading", name=f"Inscrição nº {inscricao.numero}").is_visible()
    contexto.close()


def test_botao_imprimir_aparece_com_javascript(pagina, live_server, cenario):
    pagina.goto(live_server.url + urls_publicas(cenario)["classificacao"])
    assert pagina.get_by_role("button", name="Imprimir esta página").is_visible()
    pagina.emulate_media(media="print")
    assert not pagina.get_by_role("navigation", name="Navegação principal").is_visible()
    assert pagina.locator("table.tabela-resultado").is_visible()
