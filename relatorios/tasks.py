"""Tarefas Celery dos documentos: adaptadores finos que recebem ids e chamam um serviço.

Todas são idempotentes (``acks_late``: uma tarefa reentregue depois da queda do
worker refaz o trabalho sem duplicar arquivo) e tentam de novo, com espera
crescente, diante de falhas passageiras de banco, rede ou armazenamento. Depois
da última tentativa, ou diante de um erro que não é passageiro, o documento
fica com status ``erro`` e a mensagem.
"""

from typing import Any

from celery import Task, shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as FalhaDoBroker

from relatorios.documentos import services

#: Banco, broker (ao enfileirar as partes ou a junção), rede e armazenamento.
FALHAS_PASSAGEIRAS = (
    OperationalError,
    InterfaceError,
    FalhaDoBroker,
    ConnectionError,
    TimeoutError,
)


class TarefaDocumento(Task):
    autoretry_for = FALHAS_PASSAGEIRAS
    retry_backoff = 2
    retry_backoff_max = 120
    retry_jitter = True
    max_retries = 5
    acks_late = True
    reject_on_worker_lost = True

    def on_failure(
        self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any
    ) -> None:
        documento_id, geracao = args[0], args[1]
        services.registrar_erro(
            documento_id=documento_id,
            geracao=geracao,
            mensagem=f"Falha ao gerar o documento ({type(exc).__name__}): {exc}",
        )


@shared_task(base=TarefaDocumento, name="relatorios.gerar_documento")
def gerar_documento(documento_id: int, geracao: int) -> None:
    services.gerar(documento_id=documento_id, geracao=geracao)


@shared_task(base=TarefaDocumento, name="relatorios.gerar_parte_documento")
def gerar_parte_documento(documento_id: int, geracao: int, indice: int) -> None:
    services.gerar_parte(documento_id=documento_id, geracao=geracao, indice=indice)


@shared_task(base=TarefaDocumento, name="relatorios.juntar_partes_documento")
def juntar_partes_documento(documento_id: int, geracao: int) -> None:
    services.juntar_partes(documento_id=documento_id, geracao=geracao)


@shared_task(name="relatorios.reenfileirar_documentos_parados", acks_late=True)
def reenfileirar_documentos_parados() -> list[int]:
    """Beat: documentos parados em "gerando" (worker morto) voltam à fila."""
    from django.utils import timezone

    return services.documentos_parados_reenfileirar(agora=timezone.now())
