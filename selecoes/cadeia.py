"""Encadeamento da trilha de auditoria por hash (sem Django: usado também pela migração).

Cada registro guarda o hash do anterior da mesma cadeia e o próprio hash, o
SHA-256 de ``hash_anterior`` + ``"\\n"`` + o conteúdo canônico abaixo. Cadeias:
uma por seleção; registros sem seleção encadeiam por órgão; sem seleção nem
órgão, numa cadeia global. Apagar, reescrever ou intercalar um registro quebra a
cadeia dali em diante (``manage.py verificar_auditoria``).

``usuario_id`` fica fora de propósito: passa a NULL quando o usuário é excluído
(``on_delete=SET_NULL``, permitido pelo gatilho); o nome fica em ``usuario_nome``.
"""

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from selecoes.canonico import serializar

HASH_INICIAL = "0" * 64

CAMPOS = (
    "sequencia",
    "criado_em",
    "usuario_nome",
    "orgao_id",
    "selecao_id",
    "inscricao_id",
    "acao",
    "objeto_tipo",
    "objeto_id",
    "descricao",
    "antes",
    "depois",
    "motivo",
)


def _instante(valor: dt.datetime) -> str:
    return valor.astimezone(dt.UTC).isoformat(timespec="microseconds")


def conteudo_canonico(campos: Mapping[str, Any]) -> bytes:
    """Forma canônica (``selecoes.canonico``) dos ``CAMPOS`` de um registro."""
    dados = {nome: campos[nome] for nome in CAMPOS}
    dados["criado_em"] = _instante(dados["criado_em"])
    return serializar(dados)


def hash_registro(hash_anterior: str, campos: Mapping[str, Any]) -> str:
    return hashlib.sha256(hash_anterior.encode() + b"\n" + conteudo_canonico(campos)).hexdigest()


def normalizar_json(valor: Any) -> Any:
    """O valor como o banco o devolve (o hash é calculado antes do INSERT)."""
    return None if valor is None else json.loads(json.dumps(valor))
