"""Entrar com gov.br: o pedido, o retorno e a saída (candidatos e RH).

Fica em ``config`` porque junta os dois lados: o protocolo e o RH vêm de
``selecoes.govbr``; as inscrições do candidato, de ``candidatos``. Toda recusa
responde uma página em pt-BR com o motivo (``selecoes/govbr/falhas.py``).
"""

from __future__ import annotations

import logging
import time
from urllib.parse import parse_qs, urlencode, urlsplit

from django.conf import settings
from django.contrib import auth
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render, resolve_url
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST, require_safe

from candidatos.services.govbr import entrada_candidato_registrar
from selecoes import acesso
from selecoes.govbr import confiabilidade, descoberta, sessao
from selecoes.govbr.falhas import FalhaGovBr, Motivo
from selecoes.govbr.oidc import IdentidadeGovBr, PedidoAutorizacao, ProtocoloGovBr
from selecoes.govbr.services import entrada_servidor_registrar
from selecoes.limites import limitar
from selecoes.models import CpfServidor

logger = logging.getLogger(__name__)

PERFIS = ("candidato", "rh")
# Tempo máximo entre o pedido de entrada e a volta do gov.br.
VALIDADE_PEDIDO_SEGUNDOS = 15 * 60
BACKEND_SESSAO = "selecoes.govbr.sessao.SessaoGovBrBackend"
# Pedidos de entrada por minuto por IP: cada um grava uma sessão (state, nonce, PKCE).
PEDIDOS_POR_MINUTO = 30


def recusa(request: HttpRequest, falha: FalhaGovBr, *, perfil: str = "") -> HttpResponse:
    logger.info("Entrada pelo gov.br recusada: %s", falha.motivo.name)
    resposta = render(
        request,
        "registration/govbr_recusa.html",
        {
            "titulo": falha.titulo,
            "explicacao": falha.explicacao,
            "motivo": falha.motivo.name.lower(),
            "perfil": perfil,
            "login_senha_rh": settings.LOGIN_SENHA_RH,
        },
        status=falha.status,
    )
    add_never_cache_headers(resposta)
    return resposta


@require_safe
@limitar("govbr", limite=PEDIDOS_POR_MINUTO, metodos=("GET", "HEAD"))
def entrar(request: HttpRequest, perfil: str) -> HttpResponse:
    """Redireciona ao gov.br com state, nonce e desafio PKCE novos guardados na sessão."""
    if not descoberta.configurado():
        return recusa(request, FalhaGovBr(Motivo.NAO_CONFIGURADO), perfil=perfil)
    try:
        resposta = PedidoAutorizacao.as_view()(request)
    except descoberta.ProvedorIndisponivel:
        return recusa(request, FalhaGovBr(Motivo.INDISPONIVEL), perfil=perfil)
    state = parse_qs(urlsplit(resposta["Location"]).query)["state"][0]
    request.session["oidc_states"][state]["perfil"] = perfil
    request.session.modified = True
    add_never_cache_headers(resposta)
    return resposta


def _pedido_do_state(request: HttpRequest) -> dict | None:
    """Tira da sessão o pedido daquele state (vale uma vez só)."""
    state = request.GET.get("state", "")
    estados = request.session.get("oidc_states")
    if not state or not isinstance(estados, dict) or state not in estados:
        return None
    pedido = estados.pop(state)
    request.session.modified = True
    request.session.save()
    return pedido


@require_safe
@limitar("govbr", limite=PEDIDOS_POR_MINUTO, metodos=("GET", "HEAD"))
def retorno(request: HttpRequest) -> HttpResponse:
    """Volta do gov.br: confere state, troca o código, confere o token e abre a sessão."""
    pedido = _pedido_do_state(request)
    perfil = pedido.get("perfil", "candidato") if pedido else ""
    if request.GET.get("error"):
        return recusa(request, FalhaGovBr(Motivo.CANCELADO), perfil=perfil)
    if pedido is None:
        return recusa(request, FalhaGovBr(Motivo.ESTADO))
    if time.time() - float(pedido.get("added_on", 0)) > VALIDADE_PEDIDO_SEGUNDOS:
        return recusa(request, FalhaGovBr(Motivo.ESTADO_VENCIDO), perfil=perfil)
    try:
        identidade = ProtocoloGovBr().identificar(
            request, nonce=pedido["nonce"], code_verifier=pedido.get("code_verifier")
        )
        if perfil == "rh":
            return _entrar_no_rh(request, identidade)
    except descoberta.ProvedorIndisponivel:
        return recusa(request, FalhaGovBr(Motivo.INDISPONIVEL), perfil=perfil)
    except FalhaGovBr as falha:
        return recusa(request, falha, perfil=perfil)
    sessao.abrir_cidadao(
        request, cpf=identidade.cpf, nome=identidade.nome, id_token=identidade.id_token
    )
    entrada_candidato_registrar(cpf=identidade.cpf)
    return redirect("publico:minhas_inscricoes")


def _entrar_no_rh(request: HttpRequest, identidade: IdentidadeGovBr) -> HttpResponse:
    """Usuário do CPF, lotação e nível mínimo da conta; só então a sessão do RH."""
    cadastro = (
        CpfServidor.objects.select_related("usuario")
        .filter(cpf=identidade.cpf, usuario__is_active=True)
        .first()
    )
    if cadastro is None:
        raise FalhaGovBr(Motivo.SEM_CADASTRO_RH)
    usuario = cadastro.usuario
    if not (acesso.e_rh(usuario) or acesso.e_comissao(usuario)):
        raise FalhaGovBr(Motivo.SEM_LOTACAO)
    minimo = confiabilidade.nivel_minimo_rh()
    try:
        nivel = confiabilidade.nivel_da_conta(
            cpf=identidade.cpf, access_token=identidade.access_token
        )
    except confiabilidade.NivelIndisponivel as erro:
        raise FalhaGovBr(Motivo.NIVEL_INDISPONIVEL) from erro
    if nivel is None or nivel < minimo:
        raise FalhaGovBr(
            Motivo.NIVEL_BAIXO,
            minimo=minimo.rotulo.lower(),
            atual=nivel.rotulo.lower() if nivel else "não informado",
        )
    destino = request.session.get("oidc_login_next") or resolve_url(settings.LOGIN_REDIRECT_URL)
    auth.login(request, usuario, backend=BACKEND_SESSAO)
    sessao.guardar_id_token(request, identidade.id_token)
    entrada_servidor_registrar(usuario=usuario)
    return HttpResponseRedirect(destino)


@require_POST
def sair(request: HttpRequest) -> HttpResponse:
    """Encerra a sessão aqui e, se ela veio do gov.br, também no provedor."""
    token = sessao.id_token(request)
    auth.logout(request)  # apaga a sessão inteira (também a do candidato)
    if not token or not descoberta.configurado():
        return redirect(settings.LOGOUT_REDIRECT_URL)
    try:
        fim = descoberta.provedor().end_session_endpoint
    except descoberta.ProvedorIndisponivel:
        return redirect(settings.LOGOUT_REDIRECT_URL)
    parametros = {
        "id_token_hint": token,
        "client_id": settings.GOVBR_CLIENT_ID,
        "post_logout_redirect_uri": settings.GOVBR_LOGOUT_REDIRECT_URL,
    }
    return HttpResponseRedirect(f"{fim}?{urlencode(parametros)}")
