"""RH e gov.br sem provedor: CPF do servidor, senha desligável, nível da conta."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from hypothesis import example, given
from hypothesis import strategies as st

from selecoes.govbr import confiabilidade, services
from selecoes.govbr.confiabilidade import Nivel
from selecoes.models import CpfServidor, Papel, RegistroAuditoria
from selecoes.validators import mascarar_cpf
from tests.factories import LotacaoFactory, UserFactory, gerar_cpf

SENHA = "senha-de-teste-123"


@pytest.mark.parametrize(
    ("resposta", "nivel"),
    [
        ([{"id": "1"}], Nivel.BRONZE),
        ([{"id": "1"}, {"id": "2"}], Nivel.PRATA),
        ([{"id": "3", "dataAtualizacao": "2026-01-01"}, {"id": "1"}], Nivel.OURO),
        ([], None),
        ([{"id": "9"}, {"nivel": "3"}, "3"], None),
    ],
)
def test_nivel_da_conta_e_o_maior_da_lista(resposta, nivel):
    assert confiabilidade.interpretar(resposta) == nivel


@pytest.mark.parametrize("resposta", [{"id": "3"}, "ouro", None])
def test_nivel_fora_da_forma_e_indisponivel(resposta):
    with pytest.raises(confiabilidade.NivelIndisponivel):
        confiabilidade.interpretar(resposta)


@pytest.mark.parametrize(
    ("nome", "nivel"), [("bronze", Nivel.BRONZE), (" Prata ", Nivel.PRATA), ("OURO", Nivel.OURO)]
)
def test_nivel_minimo_configurado_pelo_nome(nome, nivel):
    assert Nivel.do_nome(nome) is nivel


def test_nivel_minimo_desconhecido_diz_os_validos():
    with pytest.raises(ValueError, match="bronze, prata ou ouro"):
        Nivel.do_nome("platina")


@pytest.mark.django_db
def test_cpf_servidor_unico_e_validado_pelo_modelo():
    usuario = UserFactory()
    registro = CpfServidor(usuario=usuario, cpf="12345678900")
    with pytest.raises(ValidationError, match="CPF inválido"):
        registro.full_clean()


@pytest.mark.django_db
def test_gestora_registra_cpf_de_servidor_do_orgao(client, alice, bruno):
    client.force_login(alice)
    cpf = gerar_cpf(77)

    resposta = client.post(reverse("servidores_cpf", args=[bruno.pk]), {"cpf": cpf})

    assert resposta.status_code == 302
    assert CpfServidor.objects.get(usuario=bruno).cpf == cpf
    pagina = client.get(reverse("servidores")).content.decode()
    assert mascarar_cpf(cpf) in pagina
    assert cpf not in pagina
    registro = RegistroAuditoria.objects.get(acao="govbr.cpf_registrado")
    assert registro.depois == {"cpf": mascarar_cpf(cpf)}
    assert cpf not in str(registro.depois) + registro.descricao


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("cpf", "mensagem"),
    [("123.456.789-00", "CPF inválido"), ("", "Este campo é obrigatório")],
)
def test_cpf_invalido_e_recusado_com_mensagem(client, alice, bruno, cpf, mensagem):
    client.force_login(alice)

    resposta = client.post(reverse("servidores_cpf", args=[bruno.pk]), {"cpf": cpf})

    assert resposta.status_code == 400
    assert mensagem in resposta.content.decode()
    assert not CpfServidor.objects.exists()


@pytest.mark.django_db
def test_cpf_de_outro_usuario_e_recusado(client, alice, bruno, carla):
    cpf = gerar_cpf(78)
    CpfServidor.objects.create(usuario=carla, cpf=cpf)
    client.force_login(alice)

    resposta = client.post(reverse("servidores_cpf", args=[bruno.pk]), {"cpf": cpf})

    assert resposta.status_code == 400
    assert "já está registrado para outro usuário" in resposta.content.decode()


@pytest.mark.django_db
def test_gestor_de_outro_orgao_nao_registra_cpf(client, diego, bruno):
    client.force_login(diego)

    resposta = client.post(reverse("servidores_cpf", args=[bruno.pk]), {"cpf": gerar_cpf(79)})

    assert resposta.status_code == 404
    assert not CpfServidor.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("papel", [Papel.OPERADOR, Papel.AUDITOR])
def test_so_gestor_abre_a_tela_de_cpf(client, usuario_por_papel, papel):
    client.force_login(usuario_por_papel(papel))

    assert client.get(reverse("servidores")).status_code == 403


@pytest.mark.django_db
def test_gestora_nao_registra_cpf_de_quem_esta_em_orgao_que_ela_nao_gere(alice, bruno, outro_orgao):
    LotacaoFactory(usuario=bruno, orgao=outro_orgao, papel=Papel.GESTOR)

    with pytest.raises(Exception, match="todos os órgãos"):
        services.cpf_servidor_registrar(autor=alice, usuario=bruno, cpf=gerar_cpf(80))


def _entrar(usuario):
    return Client().post(
        reverse("login"), {"username": usuario, "password": SENHA}, REMOTE_ADDR="203.0.113.9"
    )


@pytest.mark.django_db
def test_senha_desligada_recusa_servidor_lotado_e_aceita_administrador(settings, alice):
    settings.LOGIN_SENHA_RH = False
    UserFactory(username="raiz", is_superuser=True, is_staff=True)

    assert _entrar("alice").status_code == 200
    assert _entrar("raiz").status_code == 302


@pytest.mark.django_db
def test_senha_desligada_encerra_sessao_por_senha_ja_aberta(settings, client, alice):
    client.post(reverse("login"), {"username": "alice", "password": SENHA})
    assert client.get(reverse("painel")).status_code == 200

    settings.LOGIN_SENHA_RH = False

    assert client.get(reverse("painel")).status_code == 302


@pytest.mark.django_db
def test_senha_desligada_avisa_na_pagina_de_login(settings, client):
    settings.LOGIN_SENHA_RH = False

    assert "entram só com gov.br" in client.get(reverse("login")).content.decode()


@pytest.mark.django_db
def test_senha_ligada_mantem_o_bloqueio_por_tentativas(alice):
    cliente = Client()
    for _ in range(5):
        cliente.post(reverse("login"), {"username": "alice", "password": "errada"})

    assert (
        cliente.post(reverse("login"), {"username": "alice", "password": SENHA}).status_code == 429
    )


@given(
    st.lists(
        st.one_of(
            st.fixed_dictionaries({"id": st.sampled_from(["1", "2", "3", "0", "4", "ouro", ""])}),
            st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2),
            st.text(max_size=3),
            st.integers(),
        ),
        max_size=6,
    )
)
@example([{"id": "2"}, {"id": "7"}, "3"])
def test_nivel_nunca_passa_do_maior_id_valido_da_lista(resposta):
    validos = [
        int(item["id"])
        for item in resposta
        if isinstance(item, dict) and item.get("id") in {"1", "2", "3"}
    ]

    nivel = confiabilidade.interpretar(resposta)

    assert nivel == (Nivel(max(validos)) if validos else None)


@pytest.mark.django_db
def test_administrador_registra_cpf_pelo_admin_com_auditoria_mascarada(client, bruno):
    raiz = UserFactory(username="raiz", is_superuser=True, is_staff=True)
    client.force_login(raiz)
    cpf = gerar_cpf(81)

    resposta = client.post(
        reverse("admin:selecoes_cpfservidor_add"), {"usuario": bruno.pk, "cpf": cpf}
    )

    assert resposta.status_code == 302
    assert CpfServidor.objects.get(usuario=bruno).cpf == cpf
    registro = RegistroAuditoria.objects.get(acao="govbr.cpf_registrado")
    assert registro.usuario_id == raiz.pk
    assert cpf not in f"{registro.descricao} {registro.antes} {registro.depois}"
    listagem = client.get(reverse("admin:selecoes_cpfservidor_changelist")).content.decode()
    assert mascarar_cpf(cpf) in listagem
    assert cpf not in listagem


@pytest.mark.django_db
def test_admin_recusa_cpf_invalido_com_mensagem(client, bruno):
    client.force_login(UserFactory(username="raiz", is_superuser=True, is_staff=True))

    resposta = client.post(
        reverse("admin:selecoes_cpfservidor_add"), {"usuario": bruno.pk, "cpf": "11111111111"}
    )

    assert resposta.status_code == 200
    assert "CPF inválido" in resposta.content.decode()
    assert not CpfServidor.objects.exists()


@pytest.mark.parametrize(
    ("emissor", "form_action"),
    [
        ("", "form-action 'self';"),
        ("https://sso.acesso.gov.br", "form-action 'self' https://sso.acesso.gov.br;"),
        ("http://127.0.0.1:8001/o", "form-action 'self' http://127.0.0.1:8001;"),
    ],
)
def test_csp_deixa_o_sair_seguir_so_para_o_provedor_configurado(emissor, form_action):
    from config.seguranca import politica_de_conteudo

    assert form_action in politica_de_conteudo(emissor) + ";"
