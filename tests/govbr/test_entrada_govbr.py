"""Entrar com gov.br contra um provedor OpenID Connect real (processo à parte).

Descoberta, autorização com PKCE, token, userinfo, JWKS e confiabilidades; cada
caso ruim (state errado, código reaproveitado, token vencido ou adulterado, sem CPF,
nível baixo, sem lotação) recusado com página clara em pt-BR.
"""

import base64
import hashlib
import json
from dataclasses import replace

import jwt
import pytest
import requests
from cryptography.hazmat.primitives.asymmetric import rsa
from django.urls import reverse

from candidatos.models import Inscricao
from selecoes.govbr import descoberta
from selecoes.govbr.falhas import FalhaGovBr, Motivo
from selecoes.govbr.oidc import ProtocoloGovBr
from selecoes.models import CpfServidor, Papel, RegistroAuditoria
from selecoes.validators import formatar_cpf, mascarar_cpf
from tests.factories import InscricaoFactory, LotacaoFactory, OrgaoFactory, UserFactory
from tests.govbr import local
from tests.provedor_govbr import processo

pytestmark = pytest.mark.django_db


def _pedir(client, perfil="candidato", proximo=""):
    nome = "govbr_entrar_rh" if perfil == "rh" else "govbr_entrar"
    resposta = client.get(reverse(nome) + (f"?next={proximo}" if proximo else ""))
    assert resposta.status_code == 302
    return resposta["Location"]


def _entrar(client, provedor, login, perfil="candidato", proximo=""):
    url = _pedir(client, perfil, proximo)
    retorno = local.autorizar(local.sessao_no_provedor(provedor, login), url)
    return client.get(local.caminho(retorno))


def _servidor(cpf, orgao, papel=Papel.GESTOR, username="alice"):
    usuario = UserFactory(username=username, first_name="Alice")
    if orgao is not None:
        LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
    CpfServidor.objects.create(usuario=usuario, cpf=cpf)
    return usuario


def test_descoberta_traz_os_enderecos_do_provedor(govbr):
    descoberta.esquecer()
    dados = descoberta.provedor()

    assert dados.issuer == govbr.issuer
    assert dados.authorization_endpoint.startswith(govbr.url)
    assert dados.end_session_endpoint == f"{govbr.issuer}/logout/"
    chaves = requests.get(dados.jwks_uri, timeout=5).json()["keys"]
    assert chaves[0]["kty"] == "RSA"


def test_pedido_de_autorizacao_leva_pkce_s256_state_nonce_e_escopos(client, govbr, settings):
    url = _pedir(client)

    p = local.parametros(url)
    pedido = client.session["oidc_states"][p["state"]]
    esperado = (
        base64.urlsafe_b64encode(hashlib.sha256(pedido["code_verifier"].encode()).digest())
        .rstrip(b"=")
        .decode()
    )
    assert p["code_challenge"] == esperado
    assert p["code_challenge_method"] == "S256"
    assert p["nonce"] == pedido["nonce"]
    assert p["scope"] == "openid email profile govbr_confiabilidades"
    assert p["redirect_uri"] == settings.GOVBR_REDIRECT_URL
    assert p["client_id"] == settings.GOVBR_CLIENT_ID


def test_candidata_entra_e_ve_todas_as_inscricoes_de_todos_os_orgaos(client, govbr):
    minha_1 = InscricaoFactory(cpf=local.CPF_CANDIDATA, vaga__selecao__orgao=OrgaoFactory())
    minha_2 = InscricaoFactory(cpf=local.CPF_CANDIDATA, vaga__selecao__orgao=OrgaoFactory())
    de_outra = InscricaoFactory()

    resposta = _entrar(client, govbr, local.CPF_CANDIDATA)

    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("publico:minhas_inscricoes")
    pagina = client.get(resposta["Location"])
    html = pagina.content.decode()
    assert minha_1.numero in html
    assert minha_2.numero in html
    assert de_outra.numero not in html
    assert minha_1.selecao.orgao.sigla in html
    assert minha_2.selecao.orgao.sigla in html
    assert mascarar_cpf(local.CPF_CANDIDATA) in html
    assert local.CPF_CANDIDATA not in html
    assert formatar_cpf(local.CPF_CANDIDATA) not in html
    assert reverse("publico:minha_situacao_govbr", args=[minha_1.numero]) in html
    assert "_auth_user_id" not in client.session  # candidata não é usuária do sistema


def test_sessao_da_candidata_guarda_so_o_cpf_e_o_primeiro_nome(client, govbr):
    _entrar(client, govbr, local.CPF_CANDIDATA)

    assert client.session["govbr_cidadao"] == {"cpf": local.CPF_CANDIDATA, "primeiro_nome": "Joana"}
    assert "Candidata Silva" not in str(dict(client.session.items()))


def test_entrada_da_candidata_fica_na_auditoria_pelo_id_interno(client, govbr):
    inscricao = InscricaoFactory(cpf=local.CPF_CANDIDATA)

    _entrar(client, govbr, local.CPF_CANDIDATA)

    registro = RegistroAuditoria.objects.get(acao="govbr.entrada_candidato")
    assert registro.inscricao_id == inscricao.pk
    assert registro.selecao_id == inscricao.selecao_id
    assert str(inscricao.pk) in registro.descricao
    texto = f"{registro.descricao} {registro.antes} {registro.depois} {registro.usuario_nome}"
    assert local.CPF_CANDIDATA not in texto


def test_minha_situacao_pelo_govbr_abre_so_as_inscricoes_do_cpf(client, govbr):
    minha = InscricaoFactory(cpf=local.CPF_CANDIDATA)
    de_outra = InscricaoFactory()
    _entrar(client, govbr, local.CPF_CANDIDATA)

    propria = client.get(reverse("publico:minha_situacao_govbr", args=[minha.numero]))
    alheia = client.get(reverse("publico:minha_situacao_govbr", args=[de_outra.numero]))

    assert propria.status_code == 200
    assert f"Inscrição nº {minha.numero}" in propria.content.decode()
    assert alheia.status_code == 404
    assert de_outra.nome_civil not in alheia.content.decode()


def test_minha_situacao_pelo_govbr_abre_a_area_do_candidato_so_da_propria(client, govbr):
    minha = InscricaoFactory(cpf=local.CPF_CANDIDATA)
    de_outra = InscricaoFactory(selecao=minha.selecao, vaga=minha.vaga)
    _entrar(client, govbr, local.CPF_CANDIDATA)
    contato = reverse("publico:area_contato")

    assert client.get(contato).status_code == 302  # área fechada: só ver a lista
    client.get(reverse("publico:minha_situacao_govbr", args=[de_outra.numero]))
    assert client.get(contato).status_code == 302
    client.get(reverse("publico:minha_situacao_govbr", args=[minha.numero]))
    pagina = client.get(contato)

    assert pagina.status_code == 200
    assert minha.numero in pagina.content.decode()
    assert de_outra.numero not in pagina.content.decode()


def test_minha_situacao_pelo_govbr_sem_sessao_nao_mostra_nada(client, govbr):
    inscricao = InscricaoFactory()

    resposta = client.get(reverse("publico:minha_situacao_govbr", args=[inscricao.numero]))

    assert resposta.status_code == 404
    assert inscricao.nome_civil not in resposta.content.decode()
    assert "Entrar com gov.br" in resposta.content.decode()


def test_consulta_por_numero_e_cpf_continua_valendo(client, govbr):
    inscricao = InscricaoFactory()

    resposta = client.post(
        reverse("publico:minha_situacao"), {"numero": inscricao.numero, "cpf": inscricao.cpf}
    )

    assert f"Inscrição nº {inscricao.numero}" in resposta.content.decode()


@pytest.mark.parametrize(
    ("papel", "nivel_minimo"),
    [(Papel.GESTOR, "prata"), (Papel.OPERADOR, "bronze"), (Papel.AUDITOR, "prata")],
)
def test_servidora_entra_no_rh_com_os_papeis_da_lotacao(
    client, govbr, settings, papel, nivel_minimo
):
    settings.GOVBR_NIVEL_MINIMO_RH = nivel_minimo
    orgao, outro = OrgaoFactory(), OrgaoFactory()
    usuaria = _servidor(local.CPF_GESTORA, orgao, papel)

    resposta = _entrar(client, govbr, local.CPF_GESTORA, perfil="rh")

    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("painel")
    assert client.session["_auth_user_id"] == str(usuaria.pk)
    painel = client.get(reverse("painel"))
    assert painel.status_code == 200
    assert list(painel.context["lotacoes"].values_list("orgao", "papel")) == [(orgao.pk, papel)]
    assert outro.sigla not in painel.content.decode()


def test_entrada_da_servidora_volta_para_a_pagina_pedida(client, govbr):
    _servidor(local.CPF_GESTORA, OrgaoFactory())

    resposta = _entrar(client, govbr, local.CPF_GESTORA, perfil="rh", proximo="/rh/selecoes/")

    assert resposta["Location"] == "/rh/selecoes/"


@pytest.mark.parametrize("proximo", ["https://golpe.example/rh/", "//golpe.example/"])
def test_entrada_da_servidora_nao_redireciona_para_outro_site(client, govbr, proximo):
    _servidor(local.CPF_GESTORA, OrgaoFactory())

    resposta = _entrar(client, govbr, local.CPF_GESTORA, perfil="rh", proximo=proximo)

    assert resposta["Location"] == reverse("painel")


def test_candidata_recebe_sessao_nova_ao_entrar(client, govbr):
    client.get(reverse("inicio"))
    _pedir(client)
    antes = client.session.session_key

    _entrar(client, govbr, local.CPF_CANDIDATA)

    assert client.session.session_key != antes
    assert client.session["govbr_cidadao"]["cpf"] == local.CPF_CANDIDATA


def test_entrada_da_servidora_fica_na_auditoria_pelo_id_interno(client, govbr):
    usuaria = _servidor(local.CPF_GESTORA, OrgaoFactory())

    _entrar(client, govbr, local.CPF_GESTORA, perfil="rh")

    registro = RegistroAuditoria.objects.get(acao="govbr.entrada_rh")
    assert registro.usuario_id == usuaria.pk
    assert registro.objeto_id == str(usuaria.pk)
    assert local.CPF_GESTORA not in f"{registro.descricao} {registro.antes} {registro.depois}"


def _recusa(resposta, status, trecho):
    html = resposta.content.decode()
    assert resposta.status_code == status, html[:400]
    assert 'lang="pt-BR"' in html
    assert trecho in html
    return html


def test_state_errado_e_recusado(client, govbr):
    url = _pedir(client)
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)
    p = local.parametros(retorno)

    resposta = client.get(reverse("govbr_retorno"), {"code": p["code"], "state": "outro-state"})

    _recusa(resposta, 400, "Pedido de entrada não reconhecido")
    assert "govbr_cidadao" not in client.session


def test_state_de_outro_navegador_e_recusado(client, govbr):
    from django.test import Client

    url = _pedir(Client())  # o pedido foi feito por outro navegador (ataque de CSRF no login)
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)

    _recusa(client.get(local.caminho(retorno)), 400, "Pedido de entrada não reconhecido")


def test_codigo_reaproveitado_e_recusado_pelo_provedor(client, govbr):
    url = _pedir(client)
    primeiro = local.parametros(url)
    pedido = dict(client.session["oidc_states"][primeiro["state"]])
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)
    assert client.get(local.caminho(retorno)).status_code == 302
    # Um pedido novo com o mesmo verificador PKCE e nonce: só o código é repetido.
    segundo = local.parametros(_pedir(client))
    sessao = client.session
    sessao["oidc_states"][segundo["state"]].update(
        code_verifier=pedido["code_verifier"], nonce=pedido["nonce"]
    )
    sessao.save()

    resposta = client.get(
        reverse("govbr_retorno"),
        {"code": local.parametros(retorno)["code"], "state": segundo["state"]},
    )

    _recusa(resposta, 400, "Código de autorização recusado")


def test_state_usado_duas_vezes_e_recusado(client, govbr):
    url = _pedir(client)
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)
    assert client.get(local.caminho(retorno)).status_code == 302

    _recusa(client.get(local.caminho(retorno)), 400, "Pedido de entrada não reconhecido")


def test_verificador_pkce_trocado_e_recusado(client, govbr):
    url = _pedir(client)
    state = local.parametros(url)["state"]
    sessao = client.session
    sessao["oidc_states"][state]["code_verifier"] = "x" * 64
    sessao.save()
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)

    _recusa(client.get(local.caminho(retorno)), 400, "Código de autorização recusado")


def test_nonce_trocado_e_recusado(client, govbr):
    url = _pedir(client)
    state = local.parametros(url)["state"]
    sessao = client.session
    sessao["oidc_states"][state]["nonce"] = "nonce-de-outro-pedido"
    sessao.save()
    retorno = local.autorizar(local.sessao_no_provedor(govbr, local.CPF_CANDIDATA), url)

    _recusa(client.get(local.caminho(retorno)), 400, "nonce")


@pytest.mark.parametrize(
    ("login", "status", "trecho"),
    [
        (local.CPF_VENCIDO, 400, "Identificação do gov.br vencida"),
        (local.CPF_ADULTERADO, 400, "não passou na verificação de assinatura"),
        (local.LOGIN_SEM_CPF, 403, "O gov.br não informou um CPF válido"),
    ],
)
def test_token_ruim_e_recusado(client, govbr, login, status, trecho):
    InscricaoFactory(cpf="11144477735")  # o CPF que o token adulterado tenta usar

    resposta = _entrar(client, govbr, login)

    _recusa(resposta, status, trecho)
    assert "govbr_cidadao" not in client.session
    assert not RegistroAuditoria.objects.filter(acao__startswith="govbr.entrada").exists()


@pytest.mark.parametrize(
    ("campo", "valor"), [("OIDC_RP_CLIENT_ID", "outro-sistema"), ("issuer", "http://outro")]
)
def test_token_de_outra_audiencia_ou_emissor_e_recusado(client, govbr, campo, valor):
    _entrar(client, govbr, local.CPF_CANDIDATA)
    token = client.session["govbr_id_token"]
    nonce = jwt.decode(token, options={"verify_signature": False})["nonce"]
    protocolo = ProtocoloGovBr()
    if campo == "issuer":
        protocolo.provedor = replace(protocolo.provedor, issuer=valor)
    else:
        setattr(protocolo, campo, valor)

    with pytest.raises(FalhaGovBr) as falha:
        protocolo.verify_token(token, nonce=nonce)

    assert falha.value.motivo is Motivo.TOKEN_INVALIDO


def _forjar(cabecalho, claims, assinatura=b"x"):
    def b64(dados):
        return base64.urlsafe_b64encode(dados).rstrip(b"=").decode()

    partes = [json.dumps(cabecalho).encode(), json.dumps(claims).encode()]
    return ".".join([*(b64(p) for p in partes), b64(assinatura)])


@pytest.mark.parametrize("forma", ["alg_none", "hs256_com_segredo", "outra_chave_rsa"])
def test_token_forjado_por_atacante_e_recusado(client, govbr, forma):
    _entrar(client, govbr, local.CPF_CANDIDATA)
    verdadeiro = client.session["govbr_id_token"]
    cabecalho = jwt.get_unverified_header(verdadeiro)
    claims = {
        **jwt.decode(verdadeiro, options={"verify_signature": False}),
        "sub": "11144477735",
    }
    if forma == "alg_none":
        token = _forjar({"alg": "none", "kid": cabecalho["kid"]}, claims, b"")
    elif forma == "hs256_com_segredo":
        token = jwt.encode(
            claims, processo.CLIENT_SECRET, algorithm="HS256", headers={"kid": cabecalho["kid"]}
        )
    else:
        chave = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        token = jwt.encode(claims, chave, algorithm="RS256", headers={"kid": cabecalho["kid"]})

    with pytest.raises(FalhaGovBr) as falha:
        ProtocoloGovBr().verify_token(token, nonce=claims["nonce"])

    assert falha.value.motivo is Motivo.TOKEN_INVALIDO


def test_nivel_abaixo_do_minimo_nao_abre_o_rh(client, govbr, settings):
    settings.GOVBR_NIVEL_MINIMO_RH = "prata"
    _servidor(local.CPF_BRONZE, OrgaoFactory())

    resposta = _entrar(client, govbr, local.CPF_BRONZE, perfil="rh")

    html = _recusa(resposta, 403, "Nível da conta gov.br insuficiente para o RH")
    assert "nível prata ou superior" in html
    assert "nível bronze" in html
    assert "_auth_user_id" not in client.session


def test_nivel_ouro_exigido_recusa_prata(client, govbr, settings):
    settings.GOVBR_NIVEL_MINIMO_RH = "ouro"
    _servidor(local.CPF_GESTORA, OrgaoFactory())

    _recusa(_entrar(client, govbr, local.CPF_GESTORA, perfil="rh"), 403, "nível ouro")

    _servidor(local.CPF_OURO, OrgaoFactory(), username="otavio")
    assert _entrar(client, govbr, local.CPF_OURO, perfil="rh").status_code == 302


def test_servidor_sem_lotacao_nao_abre_o_rh(client, govbr):
    _servidor(local.CPF_SEM_LOTACAO, None)

    resposta = _entrar(client, govbr, local.CPF_SEM_LOTACAO, perfil="rh")

    _recusa(resposta, 403, "não está lotado(a) em nenhum órgão")
    assert "_auth_user_id" not in client.session


def test_cpf_sem_cadastro_de_servidor_nao_abre_o_rh(client, govbr):
    resposta = _entrar(client, govbr, local.CPF_SEM_CADASTRO, perfil="rh")

    _recusa(resposta, 403, "CPF sem cadastro no RH")


def test_usuario_inativo_nao_entra_pelo_govbr(client, govbr):
    usuaria = _servidor(local.CPF_GESTORA, OrgaoFactory())
    usuaria.is_active = False
    usuaria.save()

    _recusa(_entrar(client, govbr, local.CPF_GESTORA, perfil="rh"), 403, "CPF sem cadastro no RH")


def test_pessoa_que_cancela_no_govbr_ve_pagina_clara(client, govbr):
    state = local.parametros(_pedir(client))["state"]

    resposta = client.get(reverse("govbr_retorno"), {"error": "access_denied", "state": state})

    _recusa(resposta, 403, "Entrada pelo gov.br não concluída")
    assert state not in client.session["oidc_states"]


def test_provedor_fora_do_ar_da_pagina_clara(client, settings):
    settings.GOVBR_ISSUER = "http://127.0.0.1:9"
    settings.GOVBR_CLIENT_ID = "x"
    descoberta.esquecer()

    _recusa(client.get(reverse("govbr_entrar")), 503, "O gov.br não respondeu")


def test_sem_configuracao_nao_ha_botao_nem_entrada(client, settings):
    settings.GOVBR_ISSUER = ""

    assert "Entrar com gov.br" not in client.get(reverse("publico:minha_situacao")).content.decode()
    _recusa(client.get(reverse("govbr_entrar")), 404, "não está disponível")


def test_botao_entrar_com_govbr_nas_paginas_publicas_e_no_login(client, govbr):
    for nome in ("inicio", "publico:selecoes", "publico:minha_situacao"):
        assert reverse("govbr_entrar") in client.get(reverse(nome)).content.decode(), nome
    assert reverse("govbr_entrar_rh") in client.get(reverse("login")).content.decode()


def test_sair_encerra_aqui_e_no_provedor(client, govbr):
    _entrar(client, govbr, local.CPF_CANDIDATA)
    token = client.session["govbr_id_token"]

    resposta = client.post(reverse("logout"))

    assert resposta.status_code == 302
    destino = resposta["Location"]
    assert destino.startswith(f"{govbr.issuer}/logout/")
    assert local.parametros(destino)["id_token_hint"] == token
    assert "govbr_cidadao" not in client.session
    no_provedor = requests.get(destino, allow_redirects=False, timeout=10)
    assert no_provedor.status_code == 302
    assert no_provedor.headers["Location"] == "http://testserver/"


def test_sair_sem_govbr_segue_para_o_login(client, alice):
    client.force_login(alice)

    resposta = client.post(reverse("logout"))

    assert resposta["Location"] == reverse("login")
    assert "_auth_user_id" not in client.session


def test_inscricoes_novas_aparecem_sem_entrar_de_novo(client, govbr):
    _entrar(client, govbr, local.CPF_CANDIDATA)
    nova = InscricaoFactory(cpf=local.CPF_CANDIDATA)

    assert nova.numero in client.get(reverse("publico:minhas_inscricoes")).content.decode()
    assert Inscricao.objects.filter(cpf=local.CPF_CANDIDATA).count() == 1


def test_pedidos_de_entrada_em_excesso_recebem_429(client, govbr):
    respostas = [client.get(reverse("govbr_entrar")).status_code for _ in range(31)]

    assert respostas[:30] == [302] * 30
    assert respostas[30] == 429
    assert len(client.session["oidc_states"]) <= 10  # a sessão não cresce sem limite
