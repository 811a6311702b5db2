"""Entrar com gov.br num navegador de verdade, pelo provedor local (processo à parte).

A candidata clica em "Entrar com gov.br", entra no provedor e cai em Minhas inscrições
com todas as suas inscrições; o servidor entra pelo mesmo caminho e recebe exatamente
os papéis da sua lotação. Cada página passa no axe-core sem violação grave.
"""

import pytest
from django.urls import reverse

from selecoes.models import CpfServidor, Papel
from selecoes.validators import formatar_cpf, mascarar_cpf
from tests.factories import InscricaoFactory, LotacaoFactory, OrgaoFactory, UserFactory
from tests.govbr import local
from tests.navegador.test_acessibilidade import violacoes_graves

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture(scope="module")
def provedor(live_server):
    p = local.iniciar(base_url=live_server.url)
    yield p
    p.parar()


@pytest.fixture
def govbr(settings, provedor, live_server):
    local.configurar(settings, provedor, base_url=live_server.url)
    return provedor


def _entrar_no_provedor(pagina, login):
    pagina.get_by_label("CPF").fill(login)
    pagina.get_by_label("Senha").fill(local.SENHA)
    pagina.get_by_role("button", name="Entrar").click()


def test_candidata_entra_com_govbr_e_ve_todas_as_inscricoes(pagina, live_server, govbr):
    minhas = [
        InscricaoFactory(cpf=local.CPF_CANDIDATA, vaga__selecao__orgao=OrgaoFactory(sigla=sigla))
        for sigla in ("MIR", "IFD")
    ]
    alheia = InscricaoFactory()
    pagina.goto(live_server.url + reverse("publico:minha_situacao"))

    pagina.get_by_role("link", name="Entrar com gov.br").first.click()
    pagina.wait_for_url(f"{govbr.url}/entrar/**")
    _entrar_no_provedor(pagina, local.CPF_CANDIDATA)
    pagina.wait_for_url(live_server.url + reverse("publico:minhas_inscricoes"))

    assert pagina.get_by_role("heading", name="Minhas inscrições").is_visible()
    texto = pagina.inner_text("main")
    for inscricao in minhas:
        assert inscricao.numero in texto
        assert inscricao.selecao.orgao.sigla in texto
    assert alheia.numero not in texto
    assert local.CPF_CANDIDATA not in pagina.content()
    assert violacoes_graves(pagina) == []

    pagina.get_by_role("link", name="Minha situação nesta inscrição").first.click()
    assert pagina.get_by_role("heading", name=f"Inscrição nº {minhas[-1].numero}").is_visible()
    assert violacoes_graves(pagina) == []

    pagina.goto(live_server.url + reverse("publico:minhas_inscricoes"))
    pagina.get_by_role("button", name="Sair (também do gov.br)").click()
    pagina.wait_for_url(live_server.url + "/")
    assert pagina.get_by_role("link", name="Entrar com gov.br").first.is_visible()


@pytest.mark.parametrize(
    ("papel", "rotulos"),
    [
        (Papel.GESTOR, {"Área do RH", "Editais (RH)", "Servidores (gov.br)"}),
        (Papel.AUDITOR, {"Área do RH", "Editais (RH)"}),
    ],
)
def test_servidor_entra_com_govbr_e_recebe_os_papeis_da_lotacao(
    pagina, live_server, govbr, papel, rotulos
):
    orgao = OrgaoFactory(sigla="MIR")
    usuario = UserFactory(username="alice", first_name="Alice", last_name="Gestora")
    LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
    CpfServidor.objects.create(usuario=usuario, cpf=local.CPF_GESTORA)
    pagina.goto(live_server.url + reverse("login"))

    pagina.get_by_role("link", name="Entrar com gov.br").last.click()
    _entrar_no_provedor(pagina, local.CPF_GESTORA)
    pagina.wait_for_url(live_server.url + reverse("painel"))

    linhas = pagina.locator("main table tbody tr").all_inner_texts()
    assert len(linhas) == 1
    assert "MIR" in linhas[0]
    assert papel.label in linhas[0]
    menu = set(pagina.locator("nav.navegacao a").all_inner_texts())
    assert rotulos <= menu
    if papel is not Papel.GESTOR:
        assert "Servidores (gov.br)" not in menu
    assert violacoes_graves(pagina) == []


def test_nivel_baixo_recusado_com_pagina_clara_no_navegador(pagina, live_server, govbr, settings):
    settings.GOVBR_NIVEL_MINIMO_RH = "prata"
    usuario = UserFactory(username="bruno")
    LotacaoFactory(usuario=usuario, orgao=OrgaoFactory(), papel=Papel.OPERADOR)
    CpfServidor.objects.create(usuario=usuario, cpf=local.CPF_BRONZE)
    pagina.goto(live_server.url + reverse("login"))

    pagina.get_by_role("link", name="Entrar com gov.br").last.click()
    _entrar_no_provedor(pagina, local.CPF_BRONZE)

    titulo = pagina.get_by_role("heading", name="Nível da conta gov.br insuficiente para o RH")
    assert titulo.is_visible()
    assert "nível prata ou superior" in pagina.inner_text("main")
    assert violacoes_graves(pagina) == []


def test_gestora_registra_cpf_de_colega_pela_tela_do_rh(pagina, live_server, govbr):
    orgao = OrgaoFactory(sigla="MIR")
    gestora = UserFactory(username="alice", first_name="Alice")
    LotacaoFactory(usuario=gestora, orgao=orgao, papel=Papel.GESTOR)
    CpfServidor.objects.create(usuario=gestora, cpf=local.CPF_GESTORA)
    colega = UserFactory(username="bruno", first_name="Bruno")
    LotacaoFactory(usuario=colega, orgao=orgao, papel=Papel.OPERADOR)
    pagina.goto(live_server.url + reverse("login"))
    assert violacoes_graves(pagina) == []
    pagina.get_by_role("link", name="Entrar com gov.br").last.click()
    _entrar_no_provedor(pagina, local.CPF_GESTORA)
    pagina.wait_for_url(live_server.url + reverse("painel"))

    pagina.get_by_role("link", name="Servidores (gov.br)").click()
    pagina.get_by_label("CPF de Bruno").fill(formatar_cpf(local.CPF_BRONZE))
    pagina.locator("tr", has_text="bruno").get_by_role("button", name="Gravar").click()

    assert pagina.get_by_text("CPF de Bruno registrado.").is_visible()
    linha = pagina.locator("tr", has_text="bruno").inner_text()
    assert mascarar_cpf(local.CPF_BRONZE) in linha
    assert local.CPF_BRONZE not in pagina.content()
    assert CpfServidor.objects.get(usuario=colega).cpf == local.CPF_BRONZE
    assert violacoes_graves(pagina) == []
