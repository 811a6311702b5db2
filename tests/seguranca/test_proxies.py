"""X-Forwarded-For forjado não escapa dos limites por IP (issue 18, item 1).

Dois modos de implantação: o cliente fala direto com o gunicorn (nenhum proxy
configurado, o padrão) ou passa pelo proxy reverso configurado por endereço em
``PROXIES_CONFIAVEIS``. Nos dois, o atacante escreve o ``X-Forwarded-For`` que quiser.
"""

import logging
import random

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from config.seguranca import anunciar_proxies
from selecoes.rede import ip_do_cliente

SENHA = "senha-de-teste-123"
PROXY = "10.0.0.2"
ATACANTE = "203.0.113.66"
VITIMA = "198.51.100.7"


def _ip_aleatorio() -> str:
    return ".".join(str(random.randint(1, 254)) for _ in range(4))


class Implantacao:
    """Monta os metadados de um pedido como chegam à aplicação em cada modo."""

    def __init__(self, atras_do_proxy: bool) -> None:
        self.atras_do_proxy = atras_do_proxy

    def meta(self, cliente: str, forjado: str | None = None) -> dict[str, str]:
        if not self.atras_do_proxy:
            meta = {"REMOTE_ADDR": cliente}
            if forjado:
                meta["HTTP_X_FORWARDED_FOR"] = forjado
            return meta
        # O proxy acrescenta à direita o endereço de quem se conectou a ele.
        cadeia = f"{forjado}, {cliente}" if forjado else cliente
        return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": cadeia}


@pytest.fixture(params=[False, True], ids=["direto", "atras-do-proxy"])
def implantacao(request, settings):
    settings.PROXIES_CONFIAVEIS = ["10.0.0.0/24"] if request.param else []
    cache.clear()
    yield Implantacao(request.param)
    cache.clear()


def _entrar(implantacao, usuario, senha, cliente, forjado=None):
    return Client().post(
        reverse("login"),
        {"username": usuario, "password": senha},
        **implantacao.meta(cliente, forjado),
    )


@pytest.mark.django_db
def test_xff_trinta_falhas_com_xff_aleatorio_bloqueiam(implantacao, alice):
    codigos = [
        _entrar(implantacao, "alice", "errada", ATACANTE, _ip_aleatorio()).status_code
        for _ in range(30)
    ]

    assert codigos[:4] == [200] * 4
    assert set(codigos[4:]) == {429}
    assert _entrar(implantacao, "alice", SENHA, ATACANTE, _ip_aleatorio()).status_code == 429


@pytest.mark.django_db
def test_xff_bloqueado_continua_bloqueado_ao_acrescentar_xff(implantacao, alice):
    for _ in range(5):
        _entrar(implantacao, "alice", "errada", ATACANTE)

    assert _entrar(implantacao, "alice", SENHA, ATACANTE).status_code == 429
    for forjado in ("1.2.3.4", "1.2.3.4, 5.6.7.8", VITIMA, "lixo"):
        assert _entrar(implantacao, "alice", SENHA, ATACANTE, forjado).status_code == 429


@pytest.mark.django_db
def test_xff_vitima_nao_e_bloqueada_por_quem_forja_o_ip_dela(implantacao, alice):
    for _ in range(10):
        _entrar(implantacao, "alice", "errada", ATACANTE, VITIMA)

    assert _entrar(implantacao, "alice", SENHA, VITIMA).status_code == 302


@pytest.mark.django_db
def test_xff_nao_escapa_do_limite_da_minha_situacao(implantacao):
    url = reverse("publico:minha_situacao")
    codigos = [
        Client()
        .post(
            url,
            {"numero": f"2026-{i:06d}", "cpf": "00000000000"},
            **implantacao.meta(ATACANTE, _ip_aleatorio()),
        )
        .status_code
        for i in range(12)
    ]

    assert codigos[:10] == [200] * 10
    assert codigos[10:] == [429, 429]


@pytest.mark.django_db
def test_xff_nao_escapa_do_limite_do_formulario_de_inscricao(implantacao):
    url = reverse("inscricao_publica:formulario", args=[999_999])
    codigos = [
        Client()
        .post(url, {"cpf": f"{i:011d}"}, **implantacao.meta(ATACANTE, _ip_aleatorio()))
        .status_code
        for i in range(31)
    ]

    assert set(codigos[:30]) == {404}
    assert codigos[30] == 429


@pytest.mark.parametrize(
    ("confiaveis", "encaminhado", "remoto", "esperado"),
    [
        ([], "1.1.1.1", "10.0.0.2", "10.0.0.2"),
        (["10.0.0.2"], "6.6.6.6, 1.1.1.1", "10.0.0.2", "1.1.1.1"),
        (["10.0.0.0/24"], "6.6.6.6, 1.1.1.1, 10.0.0.3", "10.0.0.2", "1.1.1.1"),
        (["10.0.0.2"], "6.6.6.6, 1.1.1.1", "192.0.2.9", "192.0.2.9"),
        (["10.0.0.2"], "", "10.0.0.2", "10.0.0.2"),
        (["10.0.0.2"], "1.1.1.1, lixo", "10.0.0.2", "10.0.0.2"),
        (["10.0.0.0/24"], "10.0.0.5, 10.0.0.3", "10.0.0.2", "10.0.0.5"),
        (["2001:db8::/32"], "2001:db9::1", "2001:db8::5", "2001:db9::1"),
    ],
)
def test_ip_do_cliente_so_aceita_xff_de_proxy_configurado_por_endereco(
    settings, confiaveis, encaminhado, remoto, esperado
):
    settings.PROXIES_CONFIAVEIS = confiaveis
    pedido = RequestFactory().post("/", HTTP_X_FORWARDED_FOR=encaminhado, REMOTE_ADDR=remoto)

    assert ip_do_cliente(pedido) == esperado


def test_xff_proxies_anunciados_no_inicio(settings, caplog):
    caplog.set_level(logging.INFO, logger="config.seguranca")
    settings.PROXIES_CONFIAVEIS = []
    anunciar_proxies()
    settings.PROXIES_CONFIAVEIS = ["10.0.0.2", "192.168.0.0/16"]
    anunciar_proxies()

    mensagens = [r.getMessage() for r in caplog.records]
    assert "X-Forwarded-For é ignorado" in mensagens[0]
    assert "10.0.0.2/32, 192.168.0.0/16" in mensagens[1]


def test_xff_proxy_invalido_e_erro_de_configuracao(settings):
    from django.core.exceptions import ImproperlyConfigured

    settings.PROXIES_CONFIAVEIS = ["proxy.interno"]
    with pytest.raises(ImproperlyConfigured, match="PROXIES_CONFIAVEIS"):
        ip_do_cliente(RequestFactory().get("/", REMOTE_ADDR="10.0.0.2"))
