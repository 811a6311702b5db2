"""Contas do provedor gov.br local usadas nos testes e o caminho do navegador até ele."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import requests

from tests.factories import gerar_cpf
from tests.provedor_govbr import processo

SENHA = "senha-govbr-teste"
CPF_CANDIDATA = gerar_cpf(1901)
CPF_GESTORA = gerar_cpf(1902)
CPF_BRONZE = gerar_cpf(1903)
CPF_SEM_LOTACAO = gerar_cpf(1904)
CPF_SEM_CADASTRO = gerar_cpf(1905)
CPF_VENCIDO = gerar_cpf(1906)
CPF_ADULTERADO = gerar_cpf(1907)
CPF_OURO = gerar_cpf(1908)
LOGIN_SEM_CPF = "estrangeira"

CONTAS = [
    {"login": CPF_CANDIDATA, "nome": "Joana Candidata Silva", "nivel": 1},
    {"login": CPF_GESTORA, "nome": "Alice Gestora", "nivel": 2},
    {"login": CPF_OURO, "nome": "Otávio Ouro", "nivel": 3},
    {"login": CPF_BRONZE, "nome": "Bruno Bronze", "nivel": 1},
    {"login": CPF_SEM_LOTACAO, "nome": "Sem Lotação", "nivel": 3},
    {"login": CPF_SEM_CADASTRO, "nome": "Sem Cadastro", "nivel": 3},
    {"login": CPF_VENCIDO, "nome": "Token Vencido", "nivel": 2, "token": "vencido"},
    {"login": CPF_ADULTERADO, "nome": "Token Adulterado", "nivel": 2, "token": "adulterado"},
    {"login": LOGIN_SEM_CPF, "nome": "Sem CPF", "nivel": 2, "sub": "estrangeira-001"},
]


def iniciar(*, base_url: str) -> processo.ProvedorLocal:
    contas = [
        {**conta, "senha": SENHA, "email": f"{conta['login']}@exemplo.com"} for conta in CONTAS
    ]
    return processo.iniciar(
        contas=contas,
        redirect_uris=[f"{base_url}/conta/govbr/retorno/"],
        logout_uris=[f"{base_url}/"],
    )


def configurar(settings, provedor: processo.ProvedorLocal, *, base_url: str) -> None:
    """Aponta o sistema para o provedor local, só pelo que se configura no ambiente."""
    settings.GOVBR_ISSUER = provedor.issuer
    settings.GOVBR_CLIENT_ID = processo.CLIENT_ID
    settings.GOVBR_CLIENT_SECRET = processo.CLIENT_SECRET
    settings.GOVBR_REDIRECT_URL = f"{base_url}/conta/govbr/retorno/"
    settings.GOVBR_LOGOUT_REDIRECT_URL = f"{base_url}/"
    settings.GOVBR_URL_CONFIABILIDADES = f"{provedor.url}/confiabilidades/v3"


def sessao_no_provedor(
    provedor: processo.ProvedorLocal, login: str, *, senha: str = SENHA
) -> requests.Session:
    """O navegador da pessoa já autenticado no provedor (formulário de entrada dele)."""
    navegador = requests.Session()
    navegador.get(f"{provedor.url}/entrar/", timeout=10).raise_for_status()
    resposta = navegador.post(
        f"{provedor.url}/entrar/",
        data={
            "username": login,
            "password": senha,
            "csrfmiddlewaretoken": navegador.cookies["provedor_csrf"],
        },
        allow_redirects=False,
        timeout=10,
    )
    assert resposta.status_code == 302, resposta.text[:500]
    return navegador


def autorizar(navegador: requests.Session, url_autorizacao: str) -> str:
    """Segue o pedido de autorização no provedor; devolve o endereço de retorno (com code)."""
    resposta = navegador.get(url_autorizacao, allow_redirects=False, timeout=10)
    assert resposta.status_code == 302, resposta.text[:500]
    return resposta.headers["Location"]


def parametros(url: str) -> dict[str, str]:
    return {chave: valores[0] for chave, valores in parse_qs(urlsplit(url).query).items()}


def caminho(url: str) -> str:
    partes = urlsplit(url)
    return f"{partes.path}?{partes.query}" if partes.query else partes.path
