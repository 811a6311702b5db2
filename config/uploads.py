"""Limite de tamanho dos envios, antes de qualquer byte ir para o disco (issue 18, item 7).

Duas barreiras: o ``LimiteEnvioMiddleware`` recusa (HTTP 413) pelo ``Content-Length``
sem ler o corpo; o ``LimiteUploadHandler``, primeiro da lista de handlers do Django,
conta os bytes de cada arquivo enquanto chegam e interrompe a leitura
(``StopUpload``) quando um passa do limite — nada além disso é gravado em ``/tmp``.
O público (sem login) só envia o laudo médico (5 MB); o RH envia planilhas e
documentos (até 20 MB).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.files.uploadhandler import FileUploadHandler, StopUpload
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

logger = logging.getLogger(__name__)

MB = 1024 * 1024
# Folga para os campos de texto e as fronteiras do multipart.
FOLGA_FORMULARIO = 1 * MB


def limite_arquivo(request: HttpRequest) -> int:
    """Maior arquivo aceito neste pedido, em bytes."""
    usuario = getattr(request, "user", None)
    if usuario is not None and usuario.is_authenticated:
        return settings.UPLOAD_MAXIMO_MB * MB
    return settings.UPLOAD_MAXIMO_ANONIMO_MB * MB


def limite_corpo(request: HttpRequest) -> int:
    return limite_arquivo(request) + FOLGA_FORMULARIO


class LimiteEnvioMiddleware:
    """Recusa o pedido cujo ``Content-Length`` passa do limite, sem ler o corpo."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            tamanho = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            tamanho = 0
        limite = limite_corpo(request)
        if tamanho > limite:
            logger.warning("Envio recusado pelo tamanho: %d bytes (limite %d).", tamanho, limite)
            resposta = render(request, "413.html", {"limite_mb": limite // MB}, status=413)
            # O corpo não lido não pode ser tomado pelo próximo pedido da conexão.
            resposta["Connection"] = "close"
            return resposta
        return self.get_response(request)


class LimiteUploadHandler(FileUploadHandler):
    """Conta os bytes de cada arquivo e interrompe a leitura além do limite."""

    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.limite = (
            limite_arquivo(request) if request is not None else settings.UPLOAD_MAXIMO_MB * MB
        )
        self.recebidos = 0

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self.recebidos = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes:
        self.recebidos += len(raw_data)
        if self.recebidos > self.limite:
            logger.warning("Arquivo interrompido durante o envio: passou de %d bytes.", self.limite)
            raise StopUpload(connection_reset=True)
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None
