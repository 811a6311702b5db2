"""Enfileiramento de tarefas Celery depois do commit, sem que um broker fora do ar vire 500.

``enfileirar_apos_commit`` grava a tarefa na caixa de saída (``TarefaPendente``)
dentro da transação da ação: se a ação for desfeita, a tarefa também some; se for
confirmada, o gancho de ``transaction.on_commit`` manda a tarefa ao broker e apaga a
linha. Se o broker não aceitar, o erro vai ao log, a resposta segue normal e a linha
fica para a varredura periódica (``varrer``, rodada pelo Celery beat), que tenta de
novo até o broker voltar. Ganchos são funções com nome: o Django registra
``func.__qualname__`` quando um gancho ``robust`` falha, e ``functools.partial`` não
o tem (a falha do log viraria a falha da página).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from celery import Task, current_app
from django.conf import settings
from django.db import transaction
from kombu.exceptions import KombuError
from redis.exceptions import RedisError

from selecoes.models import TarefaPendente

logger = logging.getLogger(__name__)

# Broker recusando ou fora do ar: o Celery os embrulha em kombu.OperationalError.
ERROS_DO_BROKER: tuple[type[BaseException], ...] = (KombuError, RedisError, OSError)


def enfileirar(tarefa: Task, *args: Any, envio: Callable[..., Any] | None = None) -> bool:
    """Manda a tarefa ao broker; False (e o erro no log) se ele não aceitar.

    ``envio`` substitui ``tarefa.apply_async`` quando quem pede tem o seu próprio jeito
    de enfileirar (recebe os mesmos ``args``)."""
    try:
        if envio is None:
            tarefa.apply_async(args=args)
        else:
            envio(*args)
    except ERROS_DO_BROKER:
        logger.exception("Broker indisponível: tarefa %s%r não foi enfileirada.", tarefa.name, args)
        return False
    return True


def enfileirar_apos_commit(
    tarefa: Task, *args: Any, envio: Callable[..., Any] | None = None
) -> None:
    """Grava a tarefa na caixa de saída agora (na transação atual) e a manda ao
    broker quando (e se) a transação for confirmada."""
    pendente = TarefaPendente.objects.create(tarefa=tarefa.name, argumentos=list(args))

    def enfileirar_tarefa() -> None:
        if enfileirar(tarefa, *args, envio=envio):
            TarefaPendente.objects.filter(pk=pendente.pk).delete()

    transaction.on_commit(enfileirar_tarefa, robust=True)


def enfileirar_varias_apos_commit(
    tarefa: Task, lista: Sequence[Sequence[Any]], *, envio: Callable[..., Any] | None = None
) -> None:
    """``enfileirar_apos_commit`` para muitas chamadas da mesma tarefa (os 300 PDFs por
    vaga de uma seleção nacional): uma inserção na caixa de saída e, depois do commit,
    uma remoção para as que o broker aceitou; as outras ficam para a varredura."""
    pendentes = TarefaPendente.objects.bulk_create(
        TarefaPendente(tarefa=tarefa.name, argumentos=list(args)) for args in lista
    )

    def enfileirar_tarefas() -> None:
        enviadas = []
        for pendente, args in zip(pendentes, lista, strict=True):
            if not enfileirar(tarefa, *args, envio=envio):
                break  # broker fora: as seguintes falhariam igual
            enviadas.append(pendente.pk)
        TarefaPendente.objects.filter(pk__in=enviadas).delete()

    transaction.on_commit(enfileirar_tarefas, robust=True)


def varrer(*, agora: datetime, limite: int = 500) -> int:
    """Manda de novo ao broker as tarefas que ficaram na caixa de saída.

    Só as mais velhas que ``FILA_REENVIO_SEGUNDOS`` (o gancho do commit ainda pode
    estar rodando para as recentes). ``skip_locked``: duas varreduras ao mesmo tempo,
    em nós diferentes, pegam linhas diferentes. Para no primeiro erro do broker (ele
    está fora; as seguintes falhariam igual). Devolve quantas foram enfileiradas.
    """
    corte = agora - timedelta(seconds=settings.FILA_REENVIO_SEGUNDOS)
    enviadas = 0
    with transaction.atomic():
        linhas = list(
            TarefaPendente.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(criada_em__lt=corte)
            .order_by("criada_em", "pk")[:limite]
        )
        for linha in linhas:
            try:
                current_app.send_task(linha.tarefa, args=linha.argumentos, retry=False)
            except ERROS_DO_BROKER as erro:
                TarefaPendente.objects.filter(pk=linha.pk).update(
                    tentativas=linha.tentativas + 1, ultimo_erro=f"{type(erro).__name__}: {erro}"
                )
                logger.warning(
                    "Broker ainda indisponível: %d tarefa(s) seguem na caixa de saída.",
                    len(linhas) - enviadas,
                )
                break
            linha.delete()
            enviadas += 1
    if enviadas:
        logger.info("Caixa de saída: %d tarefa(s) reenfileirada(s).", enviadas)
    return enviadas
