"""Quem entrou pelo gov.br nesta sessão.

O candidato não é usuário do sistema: a sessão guarda só o CPF (para achar as
inscrições) e o primeiro nome (para a saudação). O servidor do RH entra como o seu
usuário, pelo backend abaixo. Nos dois casos o token de identidade fica na sessão
para a saída no gov.br (``id_token_hint``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from selecoes.validators import mascarar_cpf

CHAVE_CIDADAO = "govbr_cidadao"
CHAVE_ID_TOKEN = "govbr_id_token"  # noqa: S105 (nome da chave na sessão)


@dataclass(frozen=True)
class CidadaoGovBr:
    cpf: str
    primeiro_nome: str

    @property
    def cpf_mascarado(self) -> str:
        return mascarar_cpf(self.cpf)


def cidadao(request: HttpRequest) -> CidadaoGovBr | None:
    dados = request.session.get(CHAVE_CIDADAO) if hasattr(request, "session") else None
    if not isinstance(dados, dict) or not dados.get("cpf"):
        return None
    return CidadaoGovBr(cpf=dados["cpf"], primeiro_nome=dados.get("primeiro_nome", ""))


def abrir_cidadao(request: HttpRequest, *, cpf: str, nome: str, id_token: str) -> None:
    # Sessão nova: um identificador fixado por terceiro antes da entrada não vale depois.
    request.session.cycle_key()
    request.session[CHAVE_CIDADAO] = {"cpf": cpf, "primeiro_nome": (nome.split() or [""])[0]}
    request.session[CHAVE_ID_TOKEN] = id_token


def guardar_id_token(request: HttpRequest, id_token: str) -> None:
    request.session[CHAVE_ID_TOKEN] = id_token


def id_token(request: HttpRequest) -> str:
    return str(request.session.get(CHAVE_ID_TOKEN) or "")


class SessaoGovBrBackend(ModelBackend):
    """Mantém a sessão de quem o retorno do gov.br fez entrar; nunca autentica senha."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: object,
    ) -> None:
        return None
