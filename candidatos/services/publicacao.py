"""Pedido de publicação de resultado: a fila e o progresso que o RH acompanha.

A tela só traduz o formulário; o pedido (reserva atômica da chave no cache,
argumentos da tarefa e enfileiramento depois do commit) e a execução (a versão
montada pelo serviço de resultado, com o progresso no cache) ficam aqui. O estado
que a barra de progresso lê está em ``candidatos/selectors/publicacao.py``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction

from candidatos.models import ResultadoVersao
from candidatos.services import resultado
from selecoes import acesso, filas
from selecoes.models import Selecao

PROGRESSO_TTL = 6 * 3600

ERRO_FILA = "A fila de publicação está indisponível no momento; peça a publicação de novo."


def chave_progresso(chave: str | UUID) -> str:
    return f"publicacao:{chave}"


def _marcar_progresso(chave: str | UUID, **dados: Any) -> None:
    atual = cache.get(chave_progresso(chave)) or {}
    cache.set(chave_progresso(chave), atual | dados, PROGRESSO_TTL)


def _reservar_pedido(chave: str | UUID, **dados: Any) -> bool:
    """Registra o pedido ``chave`` só se ainda não existe (atômico no cache):
    ``False`` quando é um clique repetido do mesmo formulário."""
    return bool(
        cache.add(chave_progresso(chave), {"estado": "fila", "feitos": 0} | dados, PROGRESSO_TTL)
    )


def publicacao_solicitar(
    *,
    selecao: Selecao,
    tipo: str,
    usuario: acesso.Usuario,
    motivo: str,
    chave: UUID,
    agora: datetime,
    recurso_inicio: datetime | None = None,
    recurso_fim: datetime | None = None,
    sem_avaliacao: dict[str, str] | None = None,
) -> bool:
    """Pede a publicação da versão ``tipo``; ``False`` se o pedido ``chave`` já existe.

    Um clique duplo (ou um reenvio do formulário) leva ao mesmo pedido, nunca a uma
    segunda tarefa. A tarefa vai à fila depois do commit; se o broker a recusar, o
    pedido fica com estado ``erro`` e a mensagem, e o RH pode pedir de novo.
    """
    if not _reservar_pedido(chave, selecao_id=selecao.pk, total=selecao.vagas.count()):
        return False
    from candidatos import tasks

    argumentos = (
        selecao.pk,
        tipo,
        usuario.pk if usuario.is_authenticated else None,
        motivo,
        recurso_inicio.isoformat() if recurso_inicio else None,
        recurso_fim.isoformat() if recurso_fim else None,
        str(chave),
        agora.isoformat(),
        sem_avaliacao,
    )

    def enfileirar_publicacao() -> None:
        if not filas.enfileirar(tasks.publicar_resultado, *argumentos):
            _marcar_progresso(chave, estado="erro", mensagens=[ERRO_FILA])

    transaction.on_commit(enfileirar_publicacao, robust=True)
    return True


def publicacao_executar(
    *,
    selecao_id: int,
    tipo: str,
    usuario_id: int | None,
    motivo: str,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    chave: str,
    agora: datetime,
    sem_avaliacao: dict[str, str] | None = None,
) -> int | None:
    """Publica a versão pedida; o progresso fica no cache para a barra do RH.

    As regras já foram conferidas no formulário; o serviço as confere de novo sob a
    trava (o estado pode ter mudado enquanto o pedido esperava na fila). Idempotente:
    um pedido já publicado devolve a mesma versão.
    """
    feita = ResultadoVersao.objects.filter(chave=chave).values_list("pk", flat=True).first()
    if feita is not None:
        _marcar_progresso(chave, estado="concluida", versao_id=feita)
        return feita
    usuario = get_user_model().objects.filter(pk=usuario_id).first() if usuario_id else None
    _marcar_progresso(chave, estado="processando", feitos=0)

    def progresso(feitos: int, total: int) -> None:
        _marcar_progresso(chave, estado="processando", feitos=feitos, total=total)

    try:
        versao = resultado.resultado_publicar(
            selecao=Selecao.objects.get(pk=selecao_id),
            tipo=tipo,
            usuario=usuario,
            motivo=motivo,
            recurso_inicio=recurso_inicio,
            recurso_fim=recurso_fim,
            agora=agora,
            chave=UUID(chave),
            progresso=progresso,
            sem_avaliacao=sem_avaliacao,
        )
    except ValidationError as erro:
        _marcar_progresso(chave, estado="erro", mensagens=list(erro.messages))
        return None
    _marcar_progresso(chave, estado="concluida", versao_id=versao.pk)
    return versao.pk
