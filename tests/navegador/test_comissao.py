"""Telas do membro de comissão de heteroidentificação num navegador de verdade (issue
15, item 8): axe-core sem violação séria ou crítica em cada tela, e um parecer
registrado pelo navegador, do clique na presença ao parecer que não muda mais."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from candidatos.models import (
    DecisaoHeteroidentificacao,
    Instancia,
    Parecer,
    Presenca,
    RecursoHeteroidentificacao,
)
from selecoes.models import MembroComissao
from tests.candidatos.comissao.factories import cenario_comissao
from tests.factories import OrgaoFactory
from tests.navegador.test_acessibilidade import violacoes_graves

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

FUNDAMENTO = "Traços fenotípicos compatíveis com a autodeclaração, observados na sessão."


@pytest.fixture
def cenario(live_server, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "midia"
    return cenario_comissao(OrgaoFactory(sigla="MIR", nome="Ministério da Igualdade Racial"))


def _entrar(pagina, live_server, usuario):
    """A sessão criada pelo cliente de teste vai para o navegador."""
    cliente = Client()
    cliente.force_login(usuario)
    nome = settings.SESSION_COOKIE_NAME
    pagina.context.add_cookies(
        [{"name": nome, "value": cliente.cookies[nome].value, "url": live_server.url}]
    )


def test_telas_da_comissao_sem_violacoes_graves(pagina, live_server, cenario):
    _entrar(pagina, live_server, cenario.membros[0])
    base = live_server.url
    falhas = {}
    telas = {
        "inicio": reverse("comissao:inicio"),
        "sessao": reverse("comissao:sessao", args=[cenario.sessao.pk]),
        "parecer_sem_presenca": reverse("comissao:parecer", args=[cenario.chamados["negra"].pk]),
        "parecer_documental": reverse("comissao:parecer", args=[cenario.chamados["indigena"].pk]),
        "painel": reverse("painel"),
    }
    for nome, caminho in telas.items():
        resposta = pagina.goto(base + caminho)
        assert resposta is not None
        assert resposta.status == 200, nome
        if v := violacoes_graves(pagina):
            falhas[nome] = v
    assert falhas == {}


def test_membro_registra_presenca_e_parecer_pelo_navegador(pagina, live_server, cenario):
    usuario = cenario.membros[0]
    chamado = cenario.chamados["negra"]
    _entrar(pagina, live_server, usuario)
    pagina.goto(live_server.url + reverse("comissao:sessao", args=[cenario.sessao.pk]))
    numero = chamado.inscricao.numero
    with pagina.expect_navigation():
        pagina.get_by_role("button", name=f"Presente — inscrição nº {numero}").click()
    assert (
        pagina.get_by_role("status").get_by_text(f"Inscrição nº {numero}: presente.").is_visible()
    )
    assert violacoes_graves(pagina) == []

    with pagina.expect_navigation():
        pagina.get_by_role("link", name=f"Registrar meu parecer — inscrição nº {numero}").click()
    assert pagina.get_by_role("heading", name=f"Inscrição nº {numero}").is_visible()
    # Sem escolher o voto: a mensagem nomeia o campo e nada é gravado.
    pagina.get_by_label("Fundamentação").fill(FUNDAMENTO)
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Registrar meu parecer").click()
    assert pagina.get_by_text("Parecer: escolha se confirma ou não a autodeclaração.").is_visible()
    assert violacoes_graves(pagina) == []
    assert not Parecer.objects.exists()

    pagina.get_by_label("Confirma a autodeclaração", exact=True).check()
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Registrar meu parecer").click()
    assert pagina.get_by_text("Parecer registrado. Ele não pode mais ser alterado.").is_visible()
    assert pagina.get_by_text(FUNDAMENTO).is_visible()
    assert pagina.get_by_role("button", name="Registrar meu parecer").count() == 0
    assert violacoes_graves(pagina) == []
    parecer = Parecer.objects.get()
    assert parecer.membro == MembroComissao.objects.get(usuario=usuario)
    assert parecer.voto == "confirma"
    chamado.refresh_from_db()
    assert chamado.presenca == Presenca.PRESENTE


def test_decisao_apurada_e_recurso_sem_violacoes_graves(pagina, live_server, cenario):
    chamado = cenario.chamados["negra"]
    chamado.presenca = Presenca.PRESENTE
    chamado.save()
    for usuario in cenario.membros:
        Parecer.objects.create(
            chamado=chamado,
            membro=MembroComissao.objects.get(usuario=usuario),
            voto="nao_confirma",
            fundamentacao=f"Fundamentação de {usuario.username}, suficiente.",
        )
    DecisaoHeteroidentificacao.objects.create(
        chamado=chamado,
        instancia=Instancia.COMISSAO,
        resultado="nao_confirmada",
        regra="maioria",
        votos={"confirma": 0, "nao_confirma": 4, "indicio_fraude": 0},
        comissao=cenario.comissao,
    )
    recurso = RecursoHeteroidentificacao.objects.create(
        chamado=chamado, razoes="Peço nova avaliação.", comissao_recursal=cenario.recursal
    )
    _entrar(pagina, live_server, cenario.membros[0])
    pagina.goto(live_server.url + reverse("comissao:parecer", args=[chamado.pk]))
    assert pagina.get_by_role("table", name="Pareceres dos membros").is_visible()
    assert violacoes_graves(pagina) == []

    pagina.context.clear_cookies()
    _entrar(pagina, live_server, cenario.membros_recursal[0])
    pagina.goto(live_server.url + reverse("comissao:inicio"))
    with pagina.expect_navigation():
        pagina.get_by_role("link", name=chamado.inscricao.numero).click()
    assert pagina.get_by_text("Peço nova avaliação.").is_visible()
    assert violacoes_graves(pagina) == []
    pagina.get_by_label("Não confirma a autodeclaração", exact=True).check()
    pagina.get_by_label("Fundamentação").fill(FUNDAMENTO)
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Registrar meu parecer").click()
    assert Parecer.objects.filter(instancia=Instancia.RECURSAL).count() == 1
    assert pagina.url.endswith(reverse("comissao:recurso", args=[recurso.pk]))
