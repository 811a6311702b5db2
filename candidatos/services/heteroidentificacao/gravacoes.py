"""Gravações das sessões (issue 15, item 7): privadas, com cada acesso registrado.

O arquivo vai ao armazenamento privado com nome gerado (nunca o enviado) e só sai
por ``gravacao_abrir``, que registra quem abriu e quando (LGPD, arts. 11 e 37). A
retenção (``candidatos.services.retencao``) apaga o arquivo com os demais dados
pessoais da inscrição.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import IO, Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction

from candidatos.heteroidentificacao import EXTENSOES_GRAVACAO
from candidatos.models import (
    AcessoGravacao,
    ChamadoHeteroidentificacao,
    GravacaoSessao,
    SessaoHeteroidentificacao,
)
from selecoes import auditoria

TAMANHO_MAXIMO = 2 * 1024**3
EXTENSOES = EXTENSOES_GRAVACAO


def _sha256(arquivo: UploadedFile) -> str:
    resumo = hashlib.sha256()
    arquivo.seek(0)
    for bloco in arquivo.chunks():
        resumo.update(bloco)
    arquivo.seek(0)
    return resumo.hexdigest()


@transaction.atomic
def gravacao_enviar(
    *,
    sessao: SessaoHeteroidentificacao,
    arquivo: UploadedFile | None,
    usuario: Any,
    agora: datetime,
    chamado: ChamadoHeteroidentificacao | None = None,
) -> GravacaoSessao:
    """Guarda a gravação (opcional) da sessão, ou da verificação de um candidato."""
    erros = []
    nome = (getattr(arquivo, "name", "") or "").lower()
    if arquivo is None:
        erros.append("Arquivo: escolha a gravação.")
    elif not nome.endswith(EXTENSOES):
        erros.append("Arquivo: envie áudio ou vídeo (" + ", ".join(EXTENSOES) + ").")
    elif (arquivo.size or 0) > TAMANHO_MAXIMO:
        erros.append("Arquivo: no máximo 2 GB.")
    if chamado is not None and chamado.sessao_id != sessao.pk:
        erros.append("Chamado: o candidato não foi convocado a esta sessão.")
    if erros:
        raise ValidationError(erros)
    assert arquivo is not None  # noqa: S101 — conferido acima
    gravacao = GravacaoSessao(
        sessao=sessao,
        chamado=chamado,
        nome_original=(arquivo.name or "gravacao")[-200:],
        tamanho=arquivo.size or 0,
        sha256=_sha256(arquivo),
        enviada_em=agora,
        enviada_por=usuario if getattr(usuario, "is_authenticated", False) else None,
    )
    extensao = nome[nome.rfind(".") :]
    gravacao.arquivo.save(f"sessao-{sessao.pk}{extensao}", arquivo, save=False)
    gravacao.save()
    auditoria.registrar(
        acao="heteroidentificacao.gravacao_enviada",
        objeto=gravacao,
        descricao=f"Gravação enviada para a {sessao}",
        usuario=usuario,
        selecao=sessao.selecao,
        inscricao_id=chamado.inscricao_id if chamado else None,
        depois={"tamanho": gravacao.tamanho, "sha256": gravacao.sha256},
    )
    return gravacao


@transaction.atomic
def gravacao_abrir(
    *, gravacao: GravacaoSessao, usuario: Any, agora: datetime, contexto: str
) -> IO[bytes]:
    """Abre o arquivo para quem pode vê-lo, registrando o acesso (antes de ler)."""
    if not gravacao.arquivo:
        raise ValidationError("Gravação: o arquivo foi apagado pela retenção de dados.")
    AcessoGravacao.objects.create(
        gravacao=gravacao, usuario=usuario, acessado_em=agora, contexto=contexto[:100]
    )
    auditoria.registrar(
        acao="heteroidentificacao.gravacao_acessada",
        objeto=gravacao,
        descricao=f"Gravação aberta: {gravacao.nome_original}",
        usuario=usuario,
        selecao=gravacao.sessao.selecao,
        inscricao_id=gravacao.chamado.inscricao_id if gravacao.chamado else None,
    )
    return gravacao.arquivo.open("rb")
