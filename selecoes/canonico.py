"""Forma canônica dos documentos publicados e o hash que a cobre (docs/resultado.md).

Uma definição só, sem Django: o conteúdo de uma versão de resultado
(``candidatos.ResultadoVersao``), o retrato do edital (``selecoes.VersaoEdital``)
e cada registro da trilha de auditoria (``selecoes.cadeia``) são guardados e
conferidos por estes bytes. JSON com chaves ordenadas, sem espaços, sem escapar
acentos, em UTF-8: os mesmos bytes que o sistema sempre publicou, de modo que
toda versão já publicada continua conferindo.
"""

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any


def serializar(valor: Any) -> bytes:
    """Os bytes canônicos de ``valor`` (um documento JSON já em tipos nativos)."""
    return json.dumps(valor, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(
        "utf-8"
    )


def hash_bytes(canonico: bytes) -> str:
    """SHA-256 hexadecimal de bytes já canônicos (os que vão ao banco)."""
    return hashlib.sha256(canonico).hexdigest()


def hash_conteudo(conteudo: Any) -> str:
    """SHA-256 da forma canônica: o ``hash_conteudo`` publicado de uma versão."""
    return hash_bytes(serializar(conteudo))


def confere(conteudo: Any, hash_publicado: str) -> bool:
    """O conteúdo guardado ainda é o publicado (mesmos bytes canônicos)?"""
    return hash_conteudo(conteudo) == hash_publicado


def hash_em_partes(topo: Mapping[str, Any], chave: str, itens: Iterable[Any]) -> str:
    """O mesmo que ``hash_conteudo({**topo, chave: list(itens)})``, lendo ``itens`` um a um.

    A forma canônica de um objeto é a das suas chaves em ordem, e a de uma lista, a
    dos itens em ordem: o hash de um documento grande (as vagas de uma seleção
    nacional, dezenas de MB) sai sem montá-lo inteiro na memória.
    """
    soma = hashlib.sha256(b"{")
    for indice, nome in enumerate(sorted([*topo, chave])):
        soma.update(b"," if indice else b"")
        soma.update(serializar(nome) + b":")
        if nome != chave:
            soma.update(serializar(topo[nome]))
            continue
        soma.update(b"[")
        for posicao, item in enumerate(itens):
            soma.update(b"," if posicao else b"")
            soma.update(serializar(item))
        soma.update(b"]")
    soma.update(b"}")
    return soma.hexdigest()
