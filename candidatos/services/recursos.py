"""Recursos contra o resultado preliminar: registro, decisão fundamentada e aviso.

Registrado pelo RH (recebido por outro canal) ou interposto pelo próprio
candidato na área do candidato; a decisão é de quem edita a seleção, sempre
fundamentada, e só chega ao candidato com a publicação seguinte do resultado
(o deferimento muda notas na grade, e o resultado só muda por nova versão).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from candidatos.models import Inscricao, Recurso, SituacaoRecurso
from selecoes import auditoria
from selecoes.models import Selecao


class RecursoJaDecidido(ValidationError):
    """Recurso decidido não se altera nem se decide de novo."""


def _retrato(r: Recurso) -> dict[str, Any]:
    return {
        "inscricao": r.inscricao.numero,
        "assunto": r.assunto,
        "situacao": r.situacao,
        "recebido_em": r.recebido_em.isoformat(),
    }


def recurso_registrar(
    *,
    selecao: Selecao,
    inscricao: Inscricao,
    assunto: str,
    texto: str,
    recebido_em: datetime,
    usuario: Any,
    recurso: Recurso | None = None,
) -> Recurso:
    """Registra (ou corrige, enquanto pendente) um recurso recebido pelo RH."""
    with transaction.atomic():
        antes = None
        if recurso is not None:
            recurso = (
                Recurso.objects.select_for_update()
                .select_related("inscricao")
                .get(pk=recurso.pk, selecao=selecao)
            )
            if recurso.situacao != SituacaoRecurso.PENDENTE:
                raise RecursoJaDecidido("Recurso já decidido não se altera.")
            antes = _retrato(recurso)
        else:
            recurso = Recurso(selecao=selecao)
        recurso.inscricao = inscricao
        recurso.assunto = assunto.strip()
        recurso.texto = texto.strip()
        recurso.recebido_em = recebido_em
        recurso.save()
        auditoria.registrar(
            acao="recurso.alterado" if antes else "recurso.registrado",
            objeto=recurso,
            descricao=f"Recurso de {inscricao.numero}: {recurso.assunto}",
            usuario=usuario,
            selecao=selecao,
            inscricao_id=inscricao.pk,
            antes=antes,
            depois=_retrato(recurso),
        )
    return recurso


def recurso_decidir(
    *, recurso: Recurso, situacao: str, fundamentacao: str, usuario: Any, agora: datetime
) -> Recurso:
    """Decisão fundamentada (deferido ou indeferido), uma vez só.

    Deferido, a mudança de nota se faz na grade e entra na próxima versão publicada
    do resultado; a decisão chega ao candidato com essa publicação
    (``decisoes_comunicar``)."""
    if situacao not in (SituacaoRecurso.DEFERIDO, SituacaoRecurso.INDEFERIDO):
        raise ValidationError("Decisão: escolha deferido ou indeferido.")
    if not fundamentacao.strip():
        raise ValidationError("Fundamentação: explique a decisão.")
    with transaction.atomic():
        r = (
            Recurso.objects.select_for_update(of=("self",))
            .select_related("inscricao", "selecao__orgao")
            .get(pk=recurso.pk)
        )
        if r.situacao != SituacaoRecurso.PENDENTE:
            raise RecursoJaDecidido("Este recurso já foi decidido.")
        r.situacao = situacao
        r.fundamentacao = fundamentacao.strip()
        r.decidido_em = agora
        r.decidido_por = usuario
        r.save()
        auditoria.registrar(
            acao=f"recurso.{r.situacao}",
            objeto=r,
            descricao=f"Recurso de {r.inscricao.numero}: {r.get_situacao_display()}",
            usuario=usuario,
            selecao=r.selecao,
            inscricao_id=r.inscricao_id,
            antes={"situacao": SituacaoRecurso.PENDENTE},
            depois={"situacao": r.situacao},
            motivo=r.fundamentacao,
        )
    return r
