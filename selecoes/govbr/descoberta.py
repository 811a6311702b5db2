"""Descoberta do provedor OpenID Connect (``/.well-known/openid-configuration``).

Só o emissor (``GOVBR_ISSUER``) é configurado; os endereços de autorização, token,
userinfo, JWKS e saída vêm do documento do próprio provedor, guardado por uma hora.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import requests
from django.conf import settings

VALIDADE_SEGUNDOS = 3600


class ProvedorIndisponivel(Exception):
    """O provedor não respondeu à descoberta (ou respondeu algo que não é o documento)."""


@dataclass(frozen=True)
class Provedor:
    issuer: str
    authorization_endpoint: str
    token_endpoint: str
    userinfo_endpoint: str
    jwks_uri: str
    end_session_endpoint: str


_guardados: dict[str, tuple[float, Provedor]] = {}


def configurado() -> bool:
    return bool(settings.GOVBR_ISSUER and settings.GOVBR_CLIENT_ID)


def provedor(*, agora: float | None = None) -> Provedor:
    """O documento de descoberta do emissor configurado (consultado no máximo 1 vez/hora)."""
    emissor = settings.GOVBR_ISSUER
    instante = time.monotonic() if agora is None else agora
    guardado = _guardados.get(emissor)
    if guardado and instante - guardado[0] < VALIDADE_SEGUNDOS:
        return guardado[1]
    try:
        resposta = requests.get(
            f"{emissor}/.well-known/openid-configuration", timeout=settings.GOVBR_TIMEOUT
        )
        resposta.raise_for_status()
        dados = resposta.json()
        encontrado = Provedor(
            issuer=dados["issuer"].rstrip("/"),
            authorization_endpoint=dados["authorization_endpoint"],
            token_endpoint=dados["token_endpoint"],
            userinfo_endpoint=dados["userinfo_endpoint"],
            jwks_uri=dados["jwks_uri"],
            end_session_endpoint=dados.get("end_session_endpoint")
            or settings.GOVBR_URL_LOGOUT
            or f"{emissor}/logout",
        )
    except (requests.RequestException, ValueError, KeyError, AttributeError) as erro:
        raise ProvedorIndisponivel(str(erro)) from erro
    if encontrado.issuer != emissor:
        raise ProvedorIndisponivel(
            f"O documento de descoberta declara outro emissor ({encontrado.issuer})."
        )
    _guardados[emissor] = (instante, encontrado)
    return encontrado


def esquecer() -> None:
    """Descarta os documentos guardados (troca de chaves ou de emissor)."""
    _guardados.clear()
