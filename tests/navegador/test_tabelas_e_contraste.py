"""Tabelas que cabem e contraste AA, nas páginas públicas e nas do RH, a 1280 e 375 px.

Cada tipo de página é aberto como o usuário que o usa (gestora, auditora,
monitoramento, candidato) e passa por, nas duas larguras: axe-core (WCAG 2.1 AA,
falha com violação séria ou crítica) e nenhum número, data ou identificador
(``.nowrap`` e células numéricas) em mais de uma linha; a 1280 px, nenhum
cabeçalho de tabela quebra no meio de uma palavra; a 375 px, a página não rola
na horizontal, nenhuma legenda de tabela fica cortada e a captura de tela fica
em ``ARTEFATOS_NAVEGADOR`` (ou no diretório temporário do pytest), fora do
repositório.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.navegador.test_acessibilidade import violacoes_graves
from tests.publico.factories import cenario_publicado, urls_publicas

pytestmark = [pytest.mark.navegador, pytest.mark.lento, pytest.mark.django_db(transaction=True)]

LARGURAS = (1280, 375)

# Linhas ocupadas por um trecho de texto: retângulos em alturas diferentes
# (mais de meia linha de distância) são linhas diferentes.
LINHAS = """function linhas(r) {
  const rs = [...r.getClientRects()].filter(x => x.width > 0 && x.height > 0);
  if (!rs.length) return 0;
  const altura = Math.min(...rs.map(x => x.height));
  const topos = rs.map(x => x.top).sort((a, b) => a - b);
  let n = 1;
  for (let i = 1; i < topos.length; i++) if (topos[i] - topos[i - 1] > altura / 2) n++;
  return n;
}"""

PALAVRA_QUEBRADA = (
    """() => {
  """
    + LINHAS
    + """
  const ruins = [];
  for (const th of document.querySelectorAll('main th, main thead td')) {
    const andar = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    let no;
    while ((no = andar.nextNode())) {
      const re = /[^\\s\\-\\u2013\\u2014\\/]+/g;
      let m;
      while ((m = re.exec(no.textContent))) {
        const r = document.createRange();
        r.setStart(no, m.index);
        r.setEnd(no, m.index + m[0].length);
        if (linhas(r) > 1) ruins.push(th.textContent.trim().slice(0, 40) + ' → ' + m[0]);
      }
    }
  }
  return ruins;
}"""
)

QUEBRA_DE_IDENTIFICADOR = (
    """() => {
  """
    + LINHAS
    + """
  const ruins = [];
  const alvos = document.querySelectorAll(
    'main .nowrap, main td.text-end, main th.text-end, main td time');
  for (const el of alvos) {
    if (!el.checkVisibility()) continue;  // escondido (details fechado, display: none)
    const r = document.createRange();
    r.selectNodeContents(el);
    if (linhas(r) > 1) ruins.push(el.tagName + ': ' + el.textContent.trim().slice(0, 40));
  }
  return ruins;
}"""
)


LEGENDA_CORTADA = """() => [...document.querySelectorAll('main table > caption')]
  .filter(c => c.checkVisibility() && c.getBoundingClientRect().right > window.innerWidth + 1)
  .map(c => c.textContent.trim().slice(0, 40))"""


def _artefatos(tmp_path_factory) -> Path:
    destino = os.environ.get("ARTEFATOS_NAVEGADOR")
    pasta = Path(destino) if destino else tmp_path_factory.getbasetemp() / "capturas-375"
    pasta.mkdir(parents=True, exist_ok=True)
    return pasta


def _entrar(contexto, base: str, usuario) -> None:
    cliente = Client()
    cliente.force_login(usuario)
    contexto.add_cookies(
        [
            {
                "name": settings.SESSION_COOKIE_NAME,
                "value": cliente.cookies[settings.SESSION_COOKIE_NAME].value,
                "url": base,
            }
        ]
    )


def _paginas_rh(demo) -> dict[str, str]:
    from candidatos.models import Convocacao, Inscricao, ProcessoEliminacao, ResultadoVersao

    vaga = demo.vagas.get(codigo="DIR")
    versoes = list(ResultadoVersao.objects.filter(selecao=demo).order_by("pk"))
    conv = Convocacao.objects.filter(vaga=vaga).first()
    processo = ProcessoEliminacao.objects.filter(inscricao__selecao=demo).first()
    inscricao = Inscricao.objects.filter(selecao=demo).first()
    return {
        "rh_painel": reverse("painel"),
        "rh_selecoes": reverse("selecoes:lista"),
        "rh_selecao": reverse("selecoes:detalhe", args=[demo.pk]),
        "rh_anexo": reverse("selecoes:anexo", args=[demo.pk]),
        "rh_versoes_edital": reverse("selecoes:versoes", args=[demo.pk]),
        "rh_inscricoes": reverse("inscricoes:lista", args=[demo.pk]),
        "rh_inscricao": reverse("inscricoes:detalhe", args=[inscricao.pk]),
        "rh_classificacao": reverse("classificacao:painel", args=[demo.pk]),
        "rh_notas": reverse("classificacao:notas", args=[vaga.pk]),
        "rh_vaga": reverse("classificacao:vaga", args=[vaga.pk]),
        "rh_versoes": reverse("classificacao:versoes", args=[demo.pk]),
        "rh_versao": reverse("classificacao:versao", args=[versoes[-1].pk]),
        "rh_comparar": reverse("classificacao:comparar", args=[versoes[-1].pk])
        + f"?com={versoes[1].pk}",
        "rh_recursos": reverse("classificacao:recursos", args=[demo.pk]),
        "rh_processos": reverse("classificacao:processos", args=[demo.pk]),
        "rh_processo": reverse("classificacao:processo", args=[processo.pk]),
        "rh_auditoria": reverse("classificacao:auditoria", args=[demo.pk]),
        "rh_convocacao": reverse("classificacao:convocacao", args=[conv.pk]),
        "rh_ficha": reverse("classificacao:inscricao", args=[conv.inscricao_id]),
        "rh_documentos": reverse("documentos:selecao", args=[demo.pk]),
    }


@pytest.fixture
def paginas(live_server):
    """(usuário ou None, nome, caminho) de cada tipo de página pública e do RH."""
    from candidatos.demo_resultados import EDITAL, popular_resultados
    from selecoes.demo import popular_orgaos_e_usuarios
    from selecoes.models import Orgao, Selecao
    from tests.relatorios.monitoramento.factories import PerfilMonitoramentoFactory

    popular_orgaos_e_usuarios()
    popular_resultados()
    demo = Selecao.objects.get(numero_edital=EDITAL)
    cenario = cenario_publicado(orgao=Orgao.objects.get(sigla="MIR"), prefixo="2027")
    usuarios = get_user_model().objects
    gestora = usuarios.get(username="gestora")
    monica = PerfilMonitoramentoFactory().usuario
    lista = [(None, nome, caminho) for nome, caminho in urls_publicas(cenario).items()]
    rh = _paginas_rh(demo)
    lista += [(gestora, nome, caminho) for nome, caminho in rh.items()]
    lista.append((usuarios.get(username="auditora"), "rh_vaga_auditora", rh["rh_vaga"]))
    lista += [
        (monica, "monitoramento_painel", reverse("monitoramento:painel")),
        (monica, "monitoramento_relatorio", reverse("monitoramento:relatorio_anual")),
        (gestora, "monitoramento_empresas", reverse("monitoramento:empresas")),
    ]
    return lista


def _abrir(navegador, base, usuario, largura):
    contexto = navegador.new_context(locale="pt-BR", viewport={"width": largura, "height": 900})
    if usuario is not None:
        _entrar(contexto, base, usuario)
    pagina = contexto.new_page()
    pagina.set_default_timeout(15_000)
    return contexto, pagina


def test_tabelas_cabem_e_contraste_aa_em_toda_pagina(
    navegador, live_server, paginas, tmp_path_factory
):
    base = live_server.url
    pasta = _artefatos(tmp_path_factory)
    falhas: dict[str, list[str]] = {}
    por_usuario: dict[tuple[int | None, int], tuple] = {}
    try:
        for usuario, nome, caminho in paginas:
            for largura in LARGURAS:
                chave = (usuario.pk if usuario else None, largura)
                if chave not in por_usuario:
                    por_usuario[chave] = _abrir(navegador, base, usuario, largura)
                pagina = por_usuario[chave][1]
                resposta = pagina.goto(base + caminho)
                assert resposta is not None
                if resposta.status != 200 and nome != "nao_encontrada":
                    falhas[f"{nome}@{largura}"] = [f"HTTP {resposta.status}"]
                    continue
                problemas = violacoes_graves(pagina)
                problemas += [
                    f"quebra em identificador: {p}"
                    for p in pagina.evaluate(QUEBRA_DE_IDENTIFICADOR)
                ]
                if largura == 1280:
                    problemas += [
                        f"cabeçalho quebrado: {p}" for p in pagina.evaluate(PALAVRA_QUEBRADA)
                    ]
                else:
                    pagina.screenshot(path=str(pasta / f"{nome}.png"), full_page=True)
                    problemas += [f"legenda cortada: {t}" for t in pagina.evaluate(LEGENDA_CORTADA)]
                    rolagem = pagina.evaluate("document.documentElement.scrollWidth")
                    if rolagem > largura:
                        problemas.append(f"rolagem horizontal da página: {rolagem}px")
                if problemas:
                    falhas[f"{nome}@{largura}"] = problemas
    finally:
        for contexto, _pagina in por_usuario.values():
            contexto.close()
    if falhas:
        (pasta / "falhas.json").write_text(json.dumps(falhas, ensure_ascii=False, indent=1))
    assert falhas == {}
    capturas = sorted(p.stem for p in pasta.glob("*.png"))
    assert capturas == sorted(nome for _u, nome, _c in paginas)
    assert all((pasta / f"{nome}.png").stat().st_size > 5_000 for nome in capturas)


def test_quebra_de_identificador_e_detectada(navegador):
    """O verificador acusa o que deve acusar (um número partido em duas linhas)."""
    contexto = navegador.new_context(viewport={"width": 375, "height": 600})
    pagina = contexto.new_page()
    pagina.set_content(
        "<main><table><tr><th>Cód&shy;igo</th>"
        "<td class='text-end' style='width:3ch;word-break:break-all'>2026000123</td>"
        "<td class='nowrap'>01/12/2026</td></tr></table>"
        "<table style='width:40px'><tr><th style='word-break:break-all'>Inscrição</th></tr>"
        "</table></main>"
    )
    assert [p for p in pagina.evaluate(QUEBRA_DE_IDENTIFICADOR) if re.search(r"2026000123", p)]
    assert pagina.evaluate(PALAVRA_QUEBRADA)
    contexto.close()


def test_grade_de_notas_com_erros_contraste_aa(navegador, live_server):
    """Erros da grade de notas (texto vermelho sobre a linha em destaque) passam no AA."""
    from candidatos.demo_resultados import EDITAL, popular_resultados
    from selecoes.demo import popular_orgaos_e_usuarios
    from selecoes.models import Selecao

    popular_orgaos_e_usuarios()
    popular_resultados()
    vaga = Selecao.objects.get(numero_edital=EDITAL).vagas.get(codigo="DIR")
    operador = get_user_model().objects.get(username="operador")
    for largura in LARGURAS:
        contexto, pagina = _abrir(navegador, live_server.url, operador, largura)
        pagina.goto(live_server.url + reverse("classificacao:notas", args=[vaga.pk]))
        pagina.locator("#id_grade-0-nota_prova").fill("99")
        with pagina.expect_navigation():
            pagina.get_by_role("button", name="Salvar esta página").click()
        assert pagina.locator(".invalid-feedback").first.is_visible()
        assert violacoes_graves(pagina) == []
        contexto.close()
