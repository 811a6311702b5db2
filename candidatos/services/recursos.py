"""Recursos contra o resultado preliminar: registro, decisão fundamentada e aviso.

Registrado pelo RH (recebido por outro canal) ou interposto pelo próprio
candidato na área do candidato; a decisão é de quem edita a seleção, sempre
fundamentada, e só chega ao candidato com a publicação seguinte do resultado
(o deferimento muda notas na grade, e o resultado só muda por nova versão).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from candidatos.models import (
    Inscricao,
    OrigemRecurso,
    Recurso,
    ResultadoVersao,
    SituacaoInscricao,
    SituacaoRecurso,
)
from candidatos.selectors.area_candidato import prazo_recurso_aberto
from candidatos.services.anexos import MAXIMO_ANEXOS, anexos_gravar
from selecoes import auditoria
from selecoes.models import Selecao

CANAL_AREA = "Pela área do candidato, com o código de verificação do comprovante."
RECURSOS_PENDENTES_POR_INSCRICAO = 1
_ALFABETO_PROTOCOLO = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


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
                Recurso.objects.select_for_update(of=("self",))
                .select_related("inscricao")
                .get(pk=recurso.pk, selecao=selecao)
            )
            if recurso.situacao != SituacaoRecurso.PENDENTE:
                raise RecursoJaDecidido("Recurso já decidido não se altera.")
            if recurso.origem == OrigemRecurso.ONLINE:
                raise RecursoJaDecidido(
                    "Recurso interposto pelo candidato não se altera: o texto é dele."
                )
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


def _protocolo(agora: datetime) -> str:
    aleatorio = "".join(secrets.choice(_ALFABETO_PROTOCOLO) for _ in range(8))
    return f"REC-{timezone.localtime(agora):%Y}-{aleatorio}"


def recurso_interpor(
    *,
    inscricao: Inscricao,
    assunto: str,
    texto: str,
    anexos: Sequence[UploadedFile],
    agora: datetime,
) -> Recurso:
    """O candidato recorre do resultado preliminar, dentro do prazo publicado com ele.

    Recebe protocolo; os PDFs vão ao armazenamento privado. Um recurso pendente por
    inscrição (o texto pode trazer todos os pontos). Confirmação ao e-mail da
    inscrição e aviso ao RH, depois do commit.
    """
    from candidatos.services import mensagens

    if not assunto.strip():
        raise ValidationError("Assunto: diga em poucas palavras do que você recorre.")
    if not texto.strip():
        raise ValidationError("Texto do recurso: explique os motivos do recurso.")
    if len(anexos) > MAXIMO_ANEXOS:
        raise ValidationError(f"Anexos: envie no máximo {MAXIMO_ANEXOS} arquivos PDF.")
    with transaction.atomic():
        inscricao = (
            Inscricao.objects.select_for_update(of=("self",))
            .select_related("selecao__orgao", "vaga")
            .get(pk=inscricao.pk)
        )
        if inscricao.situacao != SituacaoInscricao.ATIVA:
            raise ValidationError(
                f"Recurso: a inscrição está {inscricao.get_situacao_display().lower()}."
            )
        versao = prazo_recurso_aberto(selecao=inscricao.selecao, agora=agora)
        if versao is None:
            raise ValidationError("Recurso: o prazo de recurso não está aberto.")
        pendentes = Recurso.objects.filter(
            inscricao=inscricao, situacao=SituacaoRecurso.PENDENTE
        ).count()
        if pendentes >= RECURSOS_PENDENTES_POR_INSCRICAO:
            raise ValidationError(
                "Recurso: você já tem um recurso aguardando decisão nesta seleção."
            )
        recurso = Recurso(
            selecao=inscricao.selecao,
            inscricao=inscricao,
            assunto=assunto.strip()[:200],
            texto=texto.strip(),
            recebido_em=agora,
            origem=OrigemRecurso.ONLINE,
            versao=versao,
        )
        for _tentativa in range(5):
            recurso.protocolo = _protocolo(agora)
            try:
                with transaction.atomic():
                    recurso.save()
                break
            except IntegrityError:
                recurso.pk = None
        else:
            raise ValidationError("Recurso: não foi possível gerar o protocolo; tente de novo.")
        gravados = anexos_gravar(arquivos=anexos, agora=agora, recurso=recurso)
        auditoria.registrar(
            acao="recurso.interposto",
            objeto=recurso,
            descricao=f"Recurso {recurso.protocolo} de {inscricao.numero} (área do candidato)",
            selecao=inscricao.selecao,
            inscricao_id=inscricao.pk,
            depois={
                **_retrato(recurso),
                "protocolo": recurso.protocolo,
                "versao": versao.pk,
                "anexos": [{"nome": a.nome_original, "sha256": a.sha256} for a in gravados],
            },
            motivo=CANAL_AREA,
        )
        contexto = {
            "recurso": recurso,
            "inscricao": inscricao,
            "selecao": inscricao.selecao,
            "versao": versao,
            "anexos": gravados,
        }
        mensagens.texto_enfileirar(
            modelo="recurso_recebido", contexto=contexto, para=inscricao.email
        )
        mensagens.rh_avisar(
            orgao_id=inscricao.selecao.orgao_id, modelo="rh_recurso_recebido", contexto=contexto
        )
    return recurso


def decisoes_comunicar(*, versao_id: int) -> list[Recurso]:
    """Nova versão de resultado publicada: as decisões de recurso tomadas até ela
    chegam aos candidatos (e-mail e "Minha situação"), uma vez cada uma.

    Assinante do evento ``resultado_publicado``; seguro se rodar duas vezes (a
    marca ``comunicado_em`` é conferida com a linha travada)."""
    from candidatos.services import mensagens

    versao = ResultadoVersao.objects.select_related("selecao__orgao").filter(pk=versao_id).first()
    if versao is None:
        return []
    comunicados = []
    with transaction.atomic():
        decididos = (
            Recurso.objects.select_for_update(of=("self",))
            .select_related("inscricao")
            .filter(
                selecao=versao.selecao,
                comunicado_em__isnull=True,
                decidido_em__isnull=False,
                decidido_em__lte=versao.publicado_em,
            )
            .exclude(situacao=SituacaoRecurso.PENDENTE)
        )
        for r in decididos:
            r.comunicado_em = versao.publicado_em
            r.save(update_fields=["comunicado_em"])
            auditoria.registrar(
                acao="recurso.comunicado",
                objeto=r,
                descricao=(
                    f"Decisão do recurso de {r.inscricao.numero} comunicada com a "
                    f"{versao.get_tipo_display().lower()} v{versao.numero}"
                ),
                selecao=versao.selecao,
                inscricao_id=r.inscricao_id,
                depois={"situacao": r.situacao, "versao": versao.pk},
            )
            mensagens.texto_enfileirar(
                modelo="recurso_decidido",
                contexto={
                    "recurso": r,
                    "inscricao": r.inscricao,
                    "selecao": versao.selecao,
                    "versao": versao,
                },
                para=r.inscricao.email,
            )
            comunicados.append(r)
    return comunicados
