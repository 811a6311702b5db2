"""Eventos de domínio: o serviço dono da mudança avisa, uma vez, depois do commit.

Quem muda os dados (``selecoes``, ``candidatos``) não conhece quem reage
(``relatorios``): o serviço chama ``emitir`` uma vez por ação do usuário e os
assinantes, registrados em ``AppConfig.ready``, rodam depois do commit com os ids
da mudança. Em vez de ``post_save``, que dispara a cada linha gravada e não vê
``.update()`` nem gravações em lote.

Um assinante que falha vai para o log (``robust=True``) e nunca desfaz a ação de
quem emitiu; se o processo cair entre o commit e a reação, as páginas pedem o
documento que faltar.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from enum import StrEnum
from functools import partial
from typing import Any

from django.db import transaction

Assinante = Callable[..., Any]


class Evento(StrEnum):
    """O que aconteceu, com os argumentos (só ids) que cada evento leva."""

    RASCUNHO_ALTERADO = "rascunho_alterado"  # selecao_id
    EDITAL_PUBLICADO = "edital_publicado"  # selecao_id
    EDITAL_RETIFICADO = "edital_retificado"  # selecao_id
    RESULTADO_PUBLICADO = "resultado_publicado"  # versao_id
    INSCRICAO_SUBSTITUIDA = "inscricao_substituida"  # inscricao_ids (as substituídas)
    INSCRICAO_DESISTENTE = "inscricao_desistente"  # inscricao_ids
    INSCRICAO_ELIMINADA = "inscricao_eliminada"  # inscricao_ids
    # selecao_id; um por convocação registrada (convocar 3 emite 3) e nas vagas surgidas
    CONVOCACAO_ALTERADA = "convocacao_alterada"
    # selecao_id; o resultado final da heteroidentificação muda as entradas do motor
    HETEROIDENTIFICACAO_FINAL = "heteroidentificacao_final"


_assinantes: dict[Evento, list[Assinante]] = defaultdict(list)


def assinar(evento: Evento, assinante: Assinante) -> None:
    """Registra ``assinante`` (idempotente: registrar de novo não duplica)."""
    if assinante not in _assinantes[evento]:
        _assinantes[evento].append(assinante)


def assinantes(evento: Evento) -> tuple[Assinante, ...]:
    return tuple(_assinantes[evento])


def emitir(evento: Evento, **dados: Any) -> None:
    """Agenda cada assinante de ``evento`` para depois do commit da transação atual.

    Fora de transação, roda já (``on_commit`` executa na hora). Se a transação é
    desfeita, nada roda.
    """
    evento = Evento(evento)
    for assinante in _assinantes[evento]:
        transaction.on_commit(partial(assinante, **dados), robust=True)
