"""Estado de um pedido de publicação de resultado (a barra de progresso do RH)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.core.cache import cache

from candidatos.models import ResultadoVersao
from candidatos.services.publicacao import chave_progresso
from selecoes.models import Selecao


def progresso_publicacao(chave: str | UUID) -> dict[str, Any] | None:
    """Estado do pedido no cache (fila, processando, concluida, erro)."""
    return cache.get(chave_progresso(chave))


def estado_publicacao(*, selecao: Selecao, chave: UUID) -> dict[str, Any] | None:
    """Estado do pedido ``chave`` da seleção; ``None`` se não é um pedido dela."""
    versao = ResultadoVersao.objects.filter(selecao=selecao, chave=chave).only("pk").first()
    if versao is not None:
        return {"estado": "concluida", "versao_id": versao.pk}
    estado = progresso_publicacao(chave)
    if estado is None or estado.get("selecao_id", selecao.pk) != selecao.pk:
        return None
    return estado
