"""O protocolo com o gov.br, sobre o mozilla-django-oidc.

Da biblioteca vêm o pedido de autorização (state, nonce e PKCE S256 guardados na
sessão), a troca do código por tokens com autenticação básica do cliente, a escolha
da chave no JWKS e a leitura do userinfo. Aqui ficam os endereços da descoberta, a
conferência completa do token de identidade (assinatura, ``iss``, ``aud``, ``exp``,
``nonce``) e o ``sub`` que precisa ser um CPF válido, cada falha com seu motivo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jwt
import requests
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest
from django.views.generic import View
from mozilla_django_oidc.auth import OIDCAuthenticationBackend
from mozilla_django_oidc.views import OIDCAuthenticationRequestView

from selecoes.govbr.descoberta import Provedor, provedor
from selecoes.govbr.falhas import FalhaGovBr, Motivo
from selecoes.validators import cpf_valido

# Segundos de tolerância entre o relógio do gov.br e o do servidor.
TOLERANCIA_RELOGIO = 60


@dataclass(frozen=True)
class IdentidadeGovBr:
    """O que a entrada entrega ao sistema; nada disso é gravado no banco."""

    cpf: str
    nome: str
    access_token: str
    id_token: str


class PedidoAutorizacao(OIDCAuthenticationRequestView):
    """O redirecionamento ao gov.br, com o endereço de autorização da descoberta."""

    def __init__(self, **kwargs: Any) -> None:
        View.__init__(self, **kwargs)
        self.OIDC_OP_AUTH_ENDPOINT = provedor().authorization_endpoint
        self.OIDC_RP_CLIENT_ID = settings.GOVBR_CLIENT_ID

    def get_extra_params(self, request: HttpRequest) -> dict[str, str]:
        # O endereço de retorno registrado no gov.br, não o deduzido do Host pedido.
        return {"redirect_uri": settings.GOVBR_REDIRECT_URL}


class ProtocoloGovBr(OIDCAuthenticationBackend):
    """Troca o código pela identidade. Não é backend de autenticação do Django."""

    def __init__(self, dados: Provedor | None = None) -> None:
        self.provedor = dados or provedor()
        self.OIDC_OP_TOKEN_ENDPOINT = self.provedor.token_endpoint
        self.OIDC_OP_USER_ENDPOINT = self.provedor.userinfo_endpoint
        self.OIDC_OP_JWKS_ENDPOINT = self.provedor.jwks_uri
        self.OIDC_RP_CLIENT_ID = settings.GOVBR_CLIENT_ID
        self.OIDC_RP_CLIENT_SECRET = settings.GOVBR_CLIENT_SECRET
        self.OIDC_RP_SIGN_ALGO = settings.OIDC_RP_SIGN_ALGO
        self.OIDC_RP_IDP_SIGN_KEY = None
        self.UserModel = get_user_model()

    def _verify_jws(self, payload: str, key: Any) -> dict[str, Any]:
        algoritmo = jwt.get_unverified_header(payload).get("alg")
        if algoritmo != self.OIDC_RP_SIGN_ALGO:
            raise FalhaGovBr(Motivo.TOKEN_INVALIDO)
        try:
            return jwt.decode(
                payload,
                key,
                algorithms=[algoritmo],
                audience=self.OIDC_RP_CLIENT_ID,
                issuer=self.provedor.issuer,
                leeway=TOLERANCIA_RELOGIO,
                options={"require": ["exp", "iat", "sub", "aud", "iss"]},
            )
        except jwt.ExpiredSignatureError as erro:
            raise FalhaGovBr(Motivo.TOKEN_VENCIDO) from erro
        except jwt.PyJWTError as erro:
            raise FalhaGovBr(Motivo.TOKEN_INVALIDO) from erro

    def verify_token(self, token: str, **kwargs: Any) -> dict[str, Any]:
        """Assinatura pela chave do JWKS, emissor, audiência, validade e nonce."""
        try:
            chave = self.retrieve_matching_jwk(token)
            claims = self._verify_jws(token, chave)
        except FalhaGovBr:
            raise
        except (SuspiciousOperation, jwt.PyJWTError, KeyError, TypeError, ValueError) as erro:
            raise FalhaGovBr(Motivo.TOKEN_INVALIDO) from erro
        except requests.RequestException as erro:
            raise FalhaGovBr(Motivo.INDISPONIVEL) from erro
        if claims.get("nonce") != kwargs.get("nonce"):
            raise FalhaGovBr(Motivo.NONCE)
        return claims

    def identificar(
        self, request: HttpRequest, *, nonce: str, code_verifier: str | None
    ) -> IdentidadeGovBr:
        codigo = request.GET.get("code", "")
        if not codigo:
            raise FalhaGovBr(Motivo.CODIGO_RECUSADO)
        pedido = {
            "client_id": self.OIDC_RP_CLIENT_ID,
            "client_secret": self.OIDC_RP_CLIENT_SECRET,
            "grant_type": "authorization_code",
            "code": codigo,
            "redirect_uri": settings.GOVBR_REDIRECT_URL,
        }
        if code_verifier:
            pedido["code_verifier"] = code_verifier
        try:
            tokens = self.get_token(pedido)
        except requests.HTTPError as erro:
            raise FalhaGovBr(Motivo.CODIGO_RECUSADO) from erro
        except (requests.RequestException, ValueError) as erro:
            raise FalhaGovBr(Motivo.INDISPONIVEL) from erro
        id_token = tokens.get("id_token") or ""
        access_token = tokens.get("access_token") or ""
        claims = self.verify_token(id_token, nonce=nonce)
        try:
            dados = self.get_userinfo(access_token, id_token, claims)
        except (requests.RequestException, ValueError) as erro:
            raise FalhaGovBr(Motivo.INDISPONIVEL) from erro
        # OpenID Connect Core, 5.3.2: o sub do userinfo tem de ser o do token.
        if not isinstance(dados, dict) or dados.get("sub") != claims["sub"]:
            raise FalhaGovBr(Motivo.TOKEN_INVALIDO)
        cpf = str(claims["sub"])
        if not (cpf.isascii() and cpf.isdigit() and cpf_valido(cpf)):
            raise FalhaGovBr(Motivo.SEM_CPF)
        return IdentidadeGovBr(
            cpf=cpf,
            nome=str(dados.get("name") or ""),
            access_token=access_token,
            id_token=id_token,
        )
