"""O menu mostra só o que o papel abre (issue: monitoramento via quatro links que
respondiam 403; o operador via Monitoramento). Cada link do menu é seguido e
responde 200; o 403 diz qual papel falta e quem o concede."""

import re

import pytest
from django.urls import reverse

from selecoes.models import Papel
from tests.relatorios.monitoramento.factories import PerfilMonitoramentoFactory

pytestmark = pytest.mark.django_db

EDITAIS = reverse("selecoes:lista")
INSCRICOES = reverse("inscricoes:inicio")
CLASSIFICACAO = reverse("classificacao:inicio")
MONITORAMENTO = reverse("monitoramento:painel")
EMPRESAS = reverse("monitoramento:empresas")
MENSAGENS = reverse("mensagens:lista")
PAINEL_RH = reverse("painel")
SERVIDORES = reverse("servidores")  # CPF dos servidores para o gov.br: só gestor(a)
PENDENCIAS = reverse("pendencias:inicio")
COMISSAO = reverse("comissao:inicio")  # membro de comissão de heteroidentificação (issue 15)
PUBLICOS = {
    reverse("inicio"),
    reverse("publico:selecoes"),
    reverse("inscricao_publica:lista"),
    reverse("publico:minha_situacao"),
}


def _links_do_menu(html: str) -> set[str]:
    menu = html.split('aria-label="Navegação principal"', 1)[1].split("</nav>", 1)[0]
    return set(re.findall(r'href="([^"]+)"', menu))


@pytest.fixture
def monica(db):
    return PerfilMonitoramentoFactory().usuario


@pytest.fixture
def usuarios(alice, bruno, carla, monica, usuario_por_papel):
    return {
        "gestor": alice,
        "operador": bruno,
        "auditor": carla,
        "monitoramento": monica,
        "comissao": usuario_por_papel(Papel.COMISSAO),
    }


ESPERADO = {
    "gestor": {
        PAINEL_RH,
        PENDENCIAS,
        EDITAIS,
        INSCRICOES,
        CLASSIFICACAO,
        MONITORAMENTO,
        EMPRESAS,
        MENSAGENS,
        SERVIDORES,
    },
    "operador": {PAINEL_RH, PENDENCIAS, EDITAIS, INSCRICOES, CLASSIFICACAO, EMPRESAS, MENSAGENS},
    "auditor": {
        PAINEL_RH,
        PENDENCIAS,
        EDITAIS,
        INSCRICOES,
        CLASSIFICACAO,
        MONITORAMENTO,
        EMPRESAS,
        MENSAGENS,
    },
    "monitoramento": {PAINEL_RH, MONITORAMENTO},
    "comissao": {PAINEL_RH, COMISSAO},
}


@pytest.mark.parametrize("papel", list(ESPERADO))
def test_menu_mostra_so_o_que_o_papel_abre_e_cada_link_responde_200(client, usuarios, papel):
    client.force_login(usuarios[papel])
    # O painel do RH e, para quem o abre, o do monitoramento (que acrescenta Empresas).
    paginas = [PAINEL_RH] + ([MONITORAMENTO] if MONITORAMENTO in ESPERADO[papel] else [])
    vistos: set[str] = set()
    for pagina in paginas:
        resposta = client.get(pagina)
        assert resposta.status_code == 200
        vistos |= _links_do_menu(resposta.content.decode())
    privados = vistos - PUBLICOS - {reverse("login")}
    assert privados == ESPERADO[papel]
    for link in sorted(vistos):
        assert client.get(link).status_code == 200, link


@pytest.mark.parametrize(
    ("papel", "url", "trecho"),
    [
        ("monitoramento", EDITAIS, "gestor(a), operador(a) ou auditor(a)"),
        ("monitoramento", EMPRESAS, "gestor(a), operador(a) ou auditor(a)"),
        ("operador", MONITORAMENTO, "gestor(a) ou auditor(a)"),
        ("comissao", EDITAIS, "gestor(a), operador(a) ou auditor(a)"),
        ("comissao", MONITORAMENTO, "gestor(a) ou auditor(a)"),
        ("gestor", COMISSAO, "membro de comissão"),
    ],
)
def test_403_diz_o_papel_que_falta_e_quem_concede(client, usuarios, papel, url, trecho):
    client.force_login(usuarios[papel])
    resposta = client.get(url)
    assert resposta.status_code == 403
    html = resposta.content.decode()
    assert trecho in html
    assert "administrador do sistema" in html


def test_sem_lotacao_nem_perfil_ve_so_o_painel_do_rh(client, db):
    from tests.factories import UserFactory

    client.force_login(UserFactory(username="sem-papel"))
    resposta = client.get(PAINEL_RH)
    assert _links_do_menu(resposta.content.decode()) - PUBLICOS == {PAINEL_RH}


def test_perfil_de_monitoramento_com_lotacao_de_operador_ve_os_dois(client, bruno):
    PerfilMonitoramentoFactory(usuario=bruno)
    client.force_login(bruno)
    links = _links_do_menu(client.get(MONITORAMENTO).content.decode())
    assert {EDITAIS, MONITORAMENTO, EMPRESAS} <= links


def test_papel_operador_nao_esta_entre_os_do_painel():
    from relatorios.monitoramento.selectors import PAPEIS_PAINEL

    assert Papel.OPERADOR not in PAPEIS_PAINEL
