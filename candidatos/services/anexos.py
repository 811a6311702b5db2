"""Anexos em PDF do candidato (recurso, defesa): gravados no armazenamento privado.

A validação (PDF pelos bytes, tamanho) é do formulário (``validar_pdf``); aqui só se
grava, com o nome enviado, o tamanho e o SHA-256 do conteúdo, dentro da transação
de quem anexa.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import datetime

from django.core.files.uploadedfile import UploadedFile

from candidatos.models import AnexoCandidato, ProcessoEliminacao, Recurso

MAXIMO_ANEXOS = 3


def _sha256(arquivo: UploadedFile) -> str:
    resumo = hashlib.sha256()
    arquivo.seek(0)
    for bloco in arquivo.chunks():
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()


def anexos_gravar(
    *,
    arquivos: Sequence[UploadedFile],
    agora: datetime,
    recurso: Recurso | None = None,
    processo: ProcessoEliminacao | None = None,
) -> list[AnexoCandidato]:
    """Um ``AnexoCandidato`` por arquivo; o nome no disco é gerado, nunca o enviado."""
    gravados = []
    for n, arquivo in enumerate(arquivos, start=1):
        anexo = AnexoCandidato(
            recurso=recurso,
            processo=processo,
            nome_original=(arquivo.name or f"anexo-{n}.pdf")[-200:],
            tamanho=arquivo.size or 0,
            sha256=_sha256(arquivo),
            enviado_em=agora,
        )
        dono = f"recurso-{recurso.pk}" if recurso else f"defesa-{processo.pk if processo else 0}"
        anexo.arquivo.save(f"{dono}-{n}.pdf", arquivo, save=False)
        anexo.save()
        gravados.append(anexo)
    return gravados
