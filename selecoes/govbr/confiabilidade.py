"""Nível da conta gov.br (bronze, prata, ouro): o único adaptador que o lê.

O gov.br informa os níveis da conta pela API de confiabilidades, não no token:
``GET {GOVBR_URL_CONFIABILIDADES}/contas/{cpf}/niveis?response-type=ids`` com o
token de acesso (escopo ``govbr_confiabilidades``), que responde uma lista de
objetos com ``id`` "1" (bronze), "2" (prata) ou "3" (ouro). O provedor local de
desenvolvimento serve a mesma forma. O nível da conta é o maior da lista.
"""

from __future__ import annotations

from enum import IntEnum

import requests
from django.conf import settings


class Nivel(IntEnum):
    BRONZE = 1
    PRATA = 2
    OURO = 3

    @property
    def rotulo(self) -> str:
        return self.name.capitalize()

    @classmethod
    def do_nome(cls, nome: str) -> Nivel:
        """ "prata" → Nivel.PRATA (configuração GOVBR_NIVEL_MINIMO_RH)."""
        try:
            return cls[nome.strip().upper()]
        except KeyError as erro:
            raise ValueError(
                f"Nível gov.br desconhecido: {nome!r} (use bronze, prata ou ouro)."
            ) from erro


class NivelIndisponivel(Exception):
    """A API de confiabilidades não respondeu ou respondeu fora da forma esperada."""


def nivel_minimo_rh() -> Nivel:
    return Nivel.do_nome(settings.GOVBR_NIVEL_MINIMO_RH)


def interpretar(dados: object) -> Nivel | None:
    """Maior nível de uma resposta da API; ``None`` se a lista não traz nenhum conhecido."""
    if not isinstance(dados, list):
        raise NivelIndisponivel("A resposta de níveis não é uma lista.")
    niveis = []
    for item in dados:
        identificador = str(item.get("id", "")) if isinstance(item, dict) else ""
        if identificador in {"1", "2", "3"}:
            niveis.append(Nivel(int(identificador)))
    return max(niveis) if niveis else None


def nivel_da_conta(*, cpf: str, access_token: str) -> Nivel | None:
    try:
        resposta = requests.get(
            f"{settings.GOVBR_URL_CONFIABILIDADES}/contas/{cpf}/niveis",
            params={"response-type": "ids"},
            headers={"Authorization": f"Bearer {access_token}", "Accept": "application/json"},
            timeout=settings.GOVBR_TIMEOUT,
        )
        resposta.raise_for_status()
        dados = resposta.json()
    except (requests.RequestException, ValueError) as erro:
        raise NivelIndisponivel(str(erro)) from erro
    return interpretar(dados)
