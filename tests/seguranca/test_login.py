"""Endurecimento do login: bloqueio por tentativas (axes), senhas e expiração da sessão."""

import datetime as dt

import pytest
import time_machine
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

SENHA = "senha-de-teste-123"


def _entrar(client: Client, usuario: str, senha: str, ip: str = "203.0.113.10"):
    return client.post(reverse("login"), {"username": usuario, "password": senha}, REMOTE_ADDR=ip)


def _falhar(client: Client, usuario: str, vezes: int, ip: str = "203.0.113.10") -> list[int]:
    return [_entrar(client, usuario, "senha-errada", ip).status_code for _ in range(vezes)]


@pytest.mark.django_db
def test_bloqueio_login_apos_cinco_falhas_recusa_ate_a_senha_certa(client, alice):
    assert _falhar(client, "alice", 4) == [200, 200, 200, 200]
    quinta = _entrar(client, "alice", "senha-errada")
    assert quinta.status_code == 429

    resposta = _entrar(client, "alice", SENHA)

    assert resposta.status_code == 429
    html = resposta.content.decode()
    assert "Acesso temporariamente bloqueado" in html
    assert "15 minutos" in html
    assert resposta["Retry-After"] == "900"
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_bloqueio_login_vale_para_o_par_usuario_e_ip(client, alice, bruno):
    _falhar(client, "alice", 5)

    assert _entrar(Client(), "alice", SENHA, ip="198.51.100.7").status_code == 302
    assert _entrar(Client(), "bruno", SENHA).status_code == 302
    assert _entrar(Client(), "alice", SENHA).status_code == 429


@pytest.mark.django_db
def test_bloqueio_login_expira_em_quinze_minutos(client, alice):
    with time_machine.travel(timezone.now(), tick=False) as viagem:
        _falhar(client, "alice", 5)
        viagem.shift(dt.timedelta(minutes=14))
        assert _entrar(Client(), "alice", SENHA).status_code == 429
        viagem.shift(dt.timedelta(minutes=16))
        assert _entrar(Client(), "alice", SENHA).status_code == 302


@pytest.mark.django_db
def test_bloqueio_login_acerto_zera_a_contagem(client, alice):
    _falhar(client, "alice", 4)
    assert _entrar(Client(), "alice", SENHA).status_code == 302

    assert _falhar(client, "alice", 4) == [200, 200, 200, 200]
    assert _entrar(Client(), "alice", SENHA).status_code == 302


@pytest.mark.django_db
@override_settings(AXES_FAILURE_LIMIT=2)
def test_bloqueio_login_limite_vem_da_configuracao(client, alice):
    assert _falhar(client, "alice", 2) == [200, 429]


@pytest.mark.django_db
def test_bloqueio_login_usuario_gigante_conta_como_falha_sem_erro_500(client):
    gigante = "0" * 100_000
    assert _falhar(client, gigante, 4) == [200, 200, 200, 200]
    assert _entrar(client, gigante, "x").status_code == 429
    assert _entrar(client, "0" * 255 + "outro-sufixo", "x").status_code == 429


@pytest.mark.django_db
def test_bloqueio_login_client_login_dos_testes_segue_funcionando(client, alice):
    assert client.login(username="alice", password=SENHA)
    assert not Client().login(username="alice", password="senha-errada")


@pytest.mark.parametrize("senha", ["curta-9ch", "1234567890123", "password123", "alice-gestora"])
def test_senha_fraca_e_recusada(senha):
    from django.contrib.auth.models import User

    with pytest.raises(ValidationError):
        validate_password(senha, User(username="alice-gestora", email="alice@exemplo.gov.br"))


@pytest.mark.django_db
def test_sessao_expira_apos_oito_horas(client, alice):
    with time_machine.travel(timezone.now(), tick=False) as viagem:
        client.force_login(alice)
        assert client.get(reverse("painel")).status_code == 200
        viagem.shift(dt.timedelta(hours=7, minutes=59))
        assert client.get(reverse("painel")).status_code == 200
        viagem.shift(dt.timedelta(minutes=2))
        resposta = client.get(reverse("painel"))
    assert resposta.status_code == 302
    assert resposta["Location"].startswith(reverse("login"))


@pytest.mark.django_db
def test_sessao_cookie_termina_ao_fechar_o_navegador(client, alice):
    resposta = _entrar(client, "alice", SENHA)
    cookie = resposta.cookies["sessionid"]
    assert cookie["max-age"] == ""
    assert cookie["expires"] == ""
    assert cookie["httponly"]
    assert cookie["samesite"] == "Lax"


@pytest.mark.django_db
def test_sessao_troca_de_senha_encerra_as_outras_sessoes(alice):
    outro_navegador = Client()
    outro_navegador.force_login(alice)
    navegador = Client()
    navegador.force_login(alice)
    nova = "Nova-senha-bem-longa-2026"
    resposta = navegador.post(
        reverse("password_change"),
        {"old_password": SENHA, "new_password1": nova, "new_password2": nova},
    )
    assert resposta.status_code == 302

    assert navegador.get(reverse("painel")).status_code == 200
    assert outro_navegador.get(reverse("painel")).status_code == 302
