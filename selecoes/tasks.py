"""Tarefas de infraestrutura: adaptadores finos que recebem ids e chamam um serviço."""

from celery import shared_task
from django.core.cache import cache
from django.utils import timezone

CHAVE_BATIMENTO = "celery:batimento"


@shared_task(name="selecoes.registrar_batimento")
def registrar_batimento(marcador: str) -> str:
    """Prova de vida dos workers: grava no cache o marcador e a hora em que rodou."""
    cache.set(CHAVE_BATIMENTO, {"marcador": marcador, "em": timezone.now().isoformat()}, 3600)
    return marcador


@shared_task(name="selecoes.enviar_mensagem", acks_late=True)
def enviar_mensagem(mensagem_id: int) -> bool:
    """Envia a mensagem registrada (``selecoes/correio.py``); a já enviada não sai de novo."""
    from selecoes import correio

    return correio.mensagem_enviar(mensagem_id=mensagem_id)


@shared_task(name="selecoes.enviar_email", acks_late=True)
def enviar_email(
    assunto: str, corpo: str, destinatarios: list[str], html: str | None = None
) -> None:
    """Mensagem já montada que estava na fila antes do registro das mensagens: é
    registrada e enviada agora (uma por destinatário)."""
    from selecoes import correio

    for para in destinatarios:
        correio.mensagem_enviar_agora(
            modelo="texto", para=para, assunto=assunto, corpo=corpo, html=html or ""
        )


@shared_task(name="selecoes.varrer_tarefas", acks_late=True)
def varrer_tarefas() -> int:
    """Beat: manda de novo ao broker o que ficou na caixa de saída (``selecoes/filas.py``)."""
    from selecoes import filas

    return filas.varrer(agora=timezone.now())
