"""Código de lista: o pseudônimo de uma inscrição numa lista publicada sem nomes.

Lei nº 13.709/2018 (LGPD), art. 11: numa categoria cuja pertença é dado sensível
(pessoas trans, por padrão), nenhuma página ou PDF público pode ligar um nome à
categoria. O número de inscrição não serve: ele aparece com o nome na
classificação geral. A lista da categoria e a ordem de convocação nas vagas dela
mostram, no lugar, o código de lista de cada (inscrição, categoria): um HMAC-SHA256
com o segredo do servidor (``SIGILO_LISTAS_SEGREDO``), estável (o mesmo em toda
versão, página e PDF) e impossível de calcular a partir do número ou do CPF sem o
segredo. O próprio candidato o vê no comprovante e em "Minha situação"; o RH, na
ficha da inscrição (docs/resultado.md, "Sigilo das listas sem nomes").
"""

from __future__ import annotations

import hashlib
import hmac

from django.conf import settings

ALFABETO = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Base 32 de Crockford: sem I, L, O e U, que se confundem ao ditar ou copiar."""

CARACTERES = 8
"""40 bits: colisão improvável (menos de 1 em 10.000 com 10.000 inscritos numa lista)."""


def calcular_codigo(*, segredo: str, inscricao: str, categoria: str) -> str:
    """O código de lista de ``inscricao`` na lista de ``categoria`` (``"7K3Q-X9MA"``)."""
    mensagem = f"codigo-lista:{categoria}:{inscricao}".encode()
    resumo = hmac.new(segredo.encode(), mensagem, hashlib.sha256).digest()
    valor = int.from_bytes(resumo[:5], "big")
    letras = "".join(ALFABETO[(valor >> (5 * i)) & 31] for i in reversed(range(CARACTERES)))
    return f"{letras[:4]}-{letras[4:]}"


def codigo_lista(inscricao: str, categoria: str) -> str:
    """O código com o segredo do servidor (``settings.SIGILO_LISTAS_SEGREDO``)."""
    return calcular_codigo(
        segredo=settings.SIGILO_LISTAS_SEGREDO, inscricao=inscricao, categoria=categoria
    )
