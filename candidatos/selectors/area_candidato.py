"""Área do candidato: o que o próprio candidato pode fazer e acompanhar on-line.

Só é lida depois que o candidato provou ser quem é com o código de verificação do
comprovante (ou com o link enviado ao e-mail da inscrição): número e CPF não bastam.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone

from candidatos.models import (
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
    SituacaoRecurso,
    TipoResultado,
)
from selecoes.models import Selecao


def prazo_recurso_aberto(*, selecao: Selecao, agora: datetime) -> ResultadoVersao | None:
    """A versão preliminar vigente cujo prazo de recurso inclui ``agora``.

    O prazo é o publicado com o preliminar (``regras_publicacao``); publicado o
    resultado final, não há mais recurso contra o preliminar."""
    if ResultadoVersao.objects.filter(selecao=selecao, tipo=TipoResultado.FINAL).exists():
        return None
    preliminar = ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR)
    if preliminar is None or preliminar.recurso_inicio is None or preliminar.recurso_fim is None:
        return None
    if preliminar.recurso_inicio <= agora <= preliminar.recurso_fim:
        return preliminar
    return None


def decisoes_a_comunicar(*, selecao: Selecao) -> list[Recurso]:
    """Recursos decididos que a próxima versão publicada levará aos candidatos
    (``recursos.decisoes_comunicar``)."""
    return list(
        Recurso.objects.filter(selecao=selecao, comunicado_em__isnull=True)
        .exclude(situacao=SituacaoRecurso.PENDENTE)
        .select_related("inscricao")
        .order_by("decidido_em")
    )


@dataclass(frozen=True)
class Etapa:
    nome: str
    quando: datetime | date | None
    detalhe: str = ""


@dataclass(frozen=True)
class RecursoDoCandidato:
    pk: int
    protocolo: str
    assunto: str
    recebido_em: datetime
    anexos: tuple[str, ...]
    decisao: str  # vazio até a decisão ser comunicada com a publicação seguinte
    fundamentacao: str
    comunicado_em: datetime | None


@dataclass(frozen=True)
class ProcessoDoCandidato:
    pk: int
    situacao: str
    motivo: str
    prazo_defesa: date | None
    aceita_defesa: bool
    defesa: str
    anexos: tuple[str, ...]
    etapas: tuple[Etapa, ...]


@dataclass(frozen=True)
class AreaCandidato:
    inscricao_id: int
    numero: str
    email: str
    telefone: str
    prazo_recurso: ResultadoVersao | None
    pode_recorrer: bool
    recursos: tuple[RecursoDoCandidato, ...]
    processos: tuple[ProcessoDoCandidato, ...]
    pode_desistir: bool
    etapa_desistencia: str


def recurso_do_candidato(r: Recurso) -> RecursoDoCandidato:
    comunicado = r.comunicado_em is not None
    return RecursoDoCandidato(
        pk=r.pk,
        protocolo=r.protocolo or "",
        assunto=r.assunto,
        recebido_em=r.recebido_em,
        anexos=tuple(a.nome_original for a in r.anexos.all()),
        decisao=r.get_situacao_display() if comunicado else "",
        fundamentacao=r.fundamentacao if comunicado else "",
        comunicado_em=r.comunicado_em,
    )


def aceita_defesa(p: ProcessoEliminacao, hoje: date) -> bool:
    """Art. 2º, parágrafo único: defesa depois da notificação, até o prazo, uma vez."""
    return (
        p.situacao == SituacaoProcesso.AGUARDANDO_DEFESA
        and p.defesa_recebida_em is None
        and p.prazo_defesa is not None
        and hoje <= p.prazo_defesa
    )


def processo_do_candidato(p: ProcessoEliminacao, hoje: date) -> ProcessoDoCandidato:
    etapas = [Etapa("Processo aberto", p.aberto_em)]
    if p.notificado_em:
        prazo = f"prazo para defesa até {p.prazo_defesa:%d/%m/%Y}" if p.prazo_defesa else ""
        etapas.append(Etapa("Candidato(a) notificado(a)", p.notificado_em, prazo))
    if p.defesa_recebida_em:
        etapas.append(Etapa("Defesa recebida", p.defesa_recebida_em))
    if p.decidido_em:
        etapas.append(Etapa("Decisão", p.decidido_em, p.get_situacao_display()))
    if p.desligamento_em:
        etapas.append(Etapa("Desligamento", p.desligamento_em))
    return ProcessoDoCandidato(
        pk=p.pk,
        situacao=p.get_situacao_display(),
        motivo=p.motivo if p.notificado_em else "",
        prazo_defesa=p.prazo_defesa,
        aceita_defesa=aceita_defesa(p, hoje),
        defesa=p.defesa,
        anexos=tuple(a.nome_original for a in p.anexos_defesa.all()),
        etapas=tuple(etapas),
    )


def etapa_da_desistencia(inscricao: Inscricao) -> str:
    """Em que etapa a desistência acontece; vazio se não cabe (inscrição não ativa ou
    convocação já encerrada)."""
    if inscricao.situacao != SituacaoInscricao.ATIVA:
        return ""
    convocacao = inscricao.convocacoes.order_by("-convocada_em").first()
    if convocacao is None:
        return "antes da convocação"
    rotulos = {
        SituacaoConvocacao.AGUARDANDO: "convocação aguardando a sua resposta",
        SituacaoConvocacao.ACEITA: "depois de aceitar a vaga",
        SituacaoConvocacao.CONTRATADO: "durante o estágio (já contratado)",
    }
    return rotulos.get(SituacaoConvocacao(convocacao.situacao), "")


def area_do_candidato(*, inscricao_id: int, agora: datetime) -> AreaCandidato:
    inscricao = Inscricao.objects.select_related("selecao").get(pk=inscricao_id)
    hoje = timezone.localdate(agora)
    prazo = prazo_recurso_aberto(selecao=inscricao.selecao, agora=agora)
    recursos = tuple(
        recurso_do_candidato(r)
        for r in inscricao.recursos.prefetch_related("anexos").order_by("recebido_em")
    )
    pendente = inscricao.recursos.filter(situacao=SituacaoRecurso.PENDENTE).exists()
    processos = tuple(
        processo_do_candidato(p, hoje)
        for p in inscricao.processos_eliminacao.prefetch_related("anexos_defesa").order_by(
            "aberto_em"
        )
        if p.notificado_em is not None
    )
    etapa = etapa_da_desistencia(inscricao)
    return AreaCandidato(
        inscricao_id=inscricao.pk,
        numero=inscricao.numero,
        email=inscricao.email,
        telefone=inscricao.telefone,
        prazo_recurso=prazo,
        pode_recorrer=prazo is not None
        and inscricao.situacao == SituacaoInscricao.ATIVA
        and not pendente,
        recursos=recursos,
        processos=processos,
        pode_desistir=bool(etapa),
        etapa_desistencia=etapa,
    )
