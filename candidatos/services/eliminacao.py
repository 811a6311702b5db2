"""Eliminação por declaração falsa (art. 2º, parágrafo único): um processo.

Abertura (motivo, evidências) → notificação do candidato com prazo de defesa →
defesa registrada (ou prazo vencido) → decisão de um gestor, com documento e
fundamentação. Procedente: a inscrição é eliminada e sai de toda lista; quem
já tinha sido convocado perde a convocação e quem já estava contratado é
desligado imediatamente, com data; o motor supre a vaga pela mesma regra.
Improcedente: nada muda. Cada passo é datado e auditado.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
)
from candidatos.services.convocacao import travar_vaga
from selecoes import acesso, auditoria, eventos
from selecoes.models import Papel

EM_CURSO = (SituacaoProcesso.ABERTO, SituacaoProcesso.AGUARDANDO_DEFESA)


class EtapaInvalida(ValidationError):
    """O passo pedido não cabe na situação do processo."""


def _retrato(p: ProcessoEliminacao) -> dict[str, Any]:
    return {
        "situacao": p.situacao,
        "notificado_em": p.notificado_em.isoformat() if p.notificado_em else None,
        "prazo_defesa": p.prazo_defesa.isoformat() if p.prazo_defesa else None,
        "defesa_recebida_em": p.defesa_recebida_em.isoformat() if p.defesa_recebida_em else None,
        "decidido_em": p.decidido_em.isoformat() if p.decidido_em else None,
        "desligamento_em": p.desligamento_em.isoformat() if p.desligamento_em else None,
    }


def _registrar(
    acao: str, p: ProcessoEliminacao, descricao: str, usuario: Any, antes: Any, motivo: str = ""
) -> None:
    auditoria.registrar(
        acao=acao,
        objeto=p,
        descricao=descricao,
        usuario=usuario,
        selecao=p.inscricao.selecao,
        inscricao_id=p.inscricao_id,
        antes=antes,
        depois=_retrato(p),
        motivo=motivo,
    )


def _travado(processo: ProcessoEliminacao) -> ProcessoEliminacao:
    travar_vaga(processo.inscricao.vaga_id)
    return (
        ProcessoEliminacao.objects.select_for_update(of=("self",))
        .select_related("inscricao__selecao__orgao")
        .get(pk=processo.pk)
    )


def processo_abrir(
    *,
    inscricao: Inscricao,
    motivo: str,
    evidencias: str,
    arquivo: UploadedFile | None,
    usuario: Any,
    agora: datetime,
) -> ProcessoEliminacao:
    """Abre a apuração; a inscrição segue concorrendo até a decisão."""
    if not motivo.strip():
        raise EtapaInvalida("Motivo: descreva o indício de declaração falsa.")
    if inscricao.situacao == SituacaoInscricao.ELIMINADA:
        raise EtapaInvalida("A inscrição já está eliminada.")
    try:
        with transaction.atomic():
            p = ProcessoEliminacao(
                inscricao=inscricao,
                aberto_em=agora,
                aberto_por=usuario,
                motivo=motivo.strip(),
                evidencias=evidencias.strip(),
            )
            if arquivo is not None:
                p.arquivo_evidencias = arquivo
            p.save()
            _registrar(
                "eliminacao.aberto",
                p,
                f"Processo de eliminação aberto para {inscricao.numero} (art. 2º, p. ú.)",
                usuario,
                None,
                motivo=p.motivo,
            )
    except IntegrityError as erro:
        raise EtapaInvalida("Já há um processo em curso para esta inscrição.") from erro
    return p


def candidato_notificar(
    *, processo: ProcessoEliminacao, prazo_defesa: date, usuario: Any, agora: datetime
) -> ProcessoEliminacao:
    """Notifica o candidato por e-mail, com o prazo para defesa (contraditório)."""
    from candidatos.services import mensagens

    if prazo_defesa <= timezone.localdate(agora):
        raise EtapaInvalida("Prazo para defesa: deve ser uma data futura.")
    with transaction.atomic():
        p = _travado(processo)
        if p.situacao not in EM_CURSO:
            raise EtapaInvalida("O processo já foi decidido.")
        antes = _retrato(p)
        p.situacao = SituacaoProcesso.AGUARDANDO_DEFESA
        p.notificado_em = agora
        p.prazo_defesa = prazo_defesa
        p.save(update_fields=["situacao", "notificado_em", "prazo_defesa"])
        _registrar(
            "eliminacao.notificado",
            p,
            f"{p.inscricao.numero} notificado(a); defesa até {prazo_defesa:%d/%m/%Y}",
            usuario,
            antes,
        )
        mensagens.processo_eliminacao_enfileirar(processo_id=p.pk)
    return p


def defesa_registrar(
    *, processo: ProcessoEliminacao, defesa: str, usuario: Any, agora: datetime
) -> ProcessoEliminacao:
    """Registra a defesa recebida do candidato."""
    if not defesa.strip():
        raise EtapaInvalida("Defesa: transcreva ou resuma a defesa recebida.")
    with transaction.atomic():
        p = _travado(processo)
        if p.situacao != SituacaoProcesso.AGUARDANDO_DEFESA:
            raise EtapaInvalida("Notifique o candidato antes de registrar a defesa.")
        if p.defesa_pelo_candidato:
            raise EtapaInvalida(
                "Defesa: o candidato já enviou a defesa pela área do candidato; o texto dele "
                "não se altera."
            )
        antes = _retrato(p)
        p.defesa = defesa.strip()
        p.defesa_recebida_em = agora
        p.save(update_fields=["defesa", "defesa_recebida_em"])
        _registrar(
            "eliminacao.defesa", p, f"Defesa de {p.inscricao.numero} registrada", usuario, antes
        )
    return p


def processo_decidir(
    *,
    processo: ProcessoEliminacao,
    procedente: bool,
    fundamentacao: str,
    documento: UploadedFile,
    usuario: Any,
    agora: datetime,
) -> ProcessoEliminacao:
    """Decisão de um gestor, com documento e fundamentação.

    Procedente (art. 2º, parágrafo único): inscrição eliminada; convocação em
    curso encerrada como ``eliminado``; contratação encerrada como
    ``desligado`` na data da decisão. Improcedente: nada muda.
    """
    if not fundamentacao.strip():
        raise EtapaInvalida("Fundamentação: explique a decisão.")
    if not documento:
        raise EtapaInvalida("Documento da decisão: anexe o documento assinado.")
    with transaction.atomic():
        p = _travado(processo)
        inscricao = p.inscricao
        if acesso.papel_no_orgao(usuario, inscricao.selecao.orgao_id) is not Papel.GESTOR:
            raise PermissionDenied("Só um gestor do órgão decide a eliminação.")
        if p.situacao != SituacaoProcesso.AGUARDANDO_DEFESA:
            raise EtapaInvalida("Notifique o candidato e aguarde a defesa antes de decidir.")
        hoje = timezone.localdate(agora)
        if p.defesa_recebida_em is None and p.prazo_defesa and hoje <= p.prazo_defesa:
            raise EtapaInvalida(
                f"Aguarde o prazo de defesa (até {p.prazo_defesa:%d/%m/%Y}) ou registre a defesa."
            )
        antes = _retrato(p)
        p.situacao = SituacaoProcesso.PROCEDENTE if procedente else SituacaoProcesso.IMPROCEDENTE
        p.decidido_em = agora
        p.decidido_por = usuario
        p.fundamentacao = fundamentacao.strip()
        p.documento_decisao = documento
        if procedente:
            p.desligamento_em = _eliminar(inscricao, hoje, p.fundamentacao, usuario)
        p.save()
        _registrar(
            f"eliminacao.{p.situacao}",
            p,
            f"Processo de {inscricao.numero} decidido: {p.get_situacao_display()}",
            usuario,
            antes,
            motivo=p.fundamentacao,
        )
    return p


def _eliminar(inscricao: Inscricao, hoje: date, motivo: str, usuario: Any) -> date | None:
    """Tira a inscrição de toda lista e encerra a convocação; devolve a data do
    desligamento, se já estava contratado(a)."""
    antes = inscricao.situacao
    inscricao.situacao = SituacaoInscricao.ELIMINADA
    inscricao.save(update_fields=["situacao", "atualizada_em"])
    eventos.emitir(eventos.Evento.INSCRICAO_ELIMINADA, inscricao_ids=[inscricao.pk])
    auditoria.registrar(
        acao="inscricao.eliminada",
        objeto=inscricao,
        descricao=f"{inscricao.numero} eliminado(a) por declaração falsa (art. 2º, p. ú.)",
        usuario=usuario,
        selecao=inscricao.selecao,
        inscricao_id=inscricao.pk,
        antes={"situacao": antes},
        depois={"situacao": SituacaoInscricao.ELIMINADA},
        motivo=motivo,
    )
    desligamento = None
    vivas = Convocacao.objects.filter(
        inscricao=inscricao,
        situacao__in=[s.value for s in SituacaoConvocacao if s.ocupa_vaga],
    )
    for c in vivas:
        situacao_antes = c.situacao
        if c.situacao == SituacaoConvocacao.CONTRATADO:
            c.situacao = SituacaoConvocacao.DESLIGADO
            desligamento = hoje
        else:
            c.situacao = SituacaoConvocacao.ELIMINADO
        c.encerrada_em = hoje
        c.motivo_encerramento = (
            f"Eliminação por declaração falsa (art. 2º, parágrafo único). {motivo}"
        )
        c.save(update_fields=["situacao", "encerrada_em", "motivo_encerramento"])
        auditoria.registrar(
            acao=f"convocacao.{c.situacao}",
            objeto=c,
            descricao=f"{inscricao.numero}: {c.get_situacao_display().lower()} em {hoje:%d/%m/%Y}",
            usuario=usuario,
            selecao=inscricao.selecao,
            inscricao_id=inscricao.pk,
            antes={"situacao": situacao_antes},
            depois={"situacao": c.situacao, "encerrada_em": hoje.isoformat()},
            motivo=motivo,
        )
    return desligamento


CANAL_AREA = "Pela área do candidato, com o código de verificação do comprovante."


def defesa_pelo_candidato(
    *,
    processo: ProcessoEliminacao,
    defesa: str,
    anexos: Sequence[UploadedFile],
    agora: datetime,
) -> ProcessoEliminacao:
    """Defesa enviada pelo próprio candidato (art. 2º, parágrafo único: contraditório
    e ampla defesa), depois da notificação e até o fim do prazo, uma vez, com PDFs.

    O RH é avisado e o candidato recebe a confirmação por e-mail."""
    from candidatos.selectors.area_candidato import aceita_defesa
    from candidatos.services import mensagens
    from candidatos.services.anexos import MAXIMO_ANEXOS, anexos_gravar

    if not defesa.strip():
        raise EtapaInvalida("Defesa: escreva a sua defesa.")
    if len(anexos) > MAXIMO_ANEXOS:
        raise EtapaInvalida(f"Anexos: envie no máximo {MAXIMO_ANEXOS} arquivos PDF.")
    with transaction.atomic():
        p = _travado(processo)
        hoje = timezone.localdate(agora)
        if not aceita_defesa(p, hoje):
            if p.defesa_recebida_em is not None:
                raise EtapaInvalida("Defesa: a sua defesa já foi recebida.")
            raise EtapaInvalida("Defesa: o prazo para defesa não está aberto.")
        antes = _retrato(p)
        p.defesa = defesa.strip()
        p.defesa_recebida_em = agora
        p.defesa_pelo_candidato = True
        p.save(update_fields=["defesa", "defesa_recebida_em", "defesa_pelo_candidato"])
        gravados = anexos_gravar(arquivos=anexos, agora=agora, processo=p)
        auditoria.registrar(
            acao="eliminacao.defesa",
            objeto=p,
            descricao=f"Defesa de {p.inscricao.numero} enviada pela área do candidato",
            selecao=p.inscricao.selecao,
            inscricao_id=p.inscricao_id,
            antes=antes,
            depois={
                **_retrato(p),
                "anexos": [{"nome": a.nome_original, "sha256": a.sha256} for a in gravados],
            },
            motivo=CANAL_AREA,
        )
        contexto = {
            "processo": p,
            "inscricao": p.inscricao,
            "selecao": p.inscricao.selecao,
            "anexos": gravados,
            "quando": timezone.localtime(agora),
        }
        mensagens.texto_enfileirar(
            modelo="defesa_recebida", contexto=contexto, para=p.inscricao.email
        )
        mensagens.rh_avisar(
            orgao_id=p.inscricao.selecao.orgao_id, modelo="rh_defesa_recebida", contexto=contexto
        )
    return p
