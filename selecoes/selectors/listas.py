"""Listas do RH e a linha do tempo de uma seleção (sempre no escopo do órgão)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from selecoes.acesso import Usuario, escopo
from selecoes.models import Selecao, SituacaoSelecao


def selecoes_do_usuario(
    usuario: Usuario,
    *,
    situacao: str = "",
    ano: int | None = None,
    texto: str = "",
) -> QuerySet[Selecao]:
    """Seleções dos órgãos do usuário, com filtros e totais de vagas."""
    qs = escopo(Selecao.objects.all(), usuario).select_related("orgao")
    if situacao:
        qs = qs.filter(situacao=situacao)
    if ano:
        qs = qs.filter(data_publicacao_edital__year=ano)
    if texto:
        qs = qs.filter(
            Q(titulo__icontains=texto)
            | Q(numero_edital__icontains=texto)
            | Q(descricao__icontains=texto)
            | Q(vagas__area__icontains=texto)
            | Q(vagas__codigo__iexact=texto)
        )
    # Subconsultas evitam que o filtro por vagas multiplique as somas.
    ids = qs.values("pk")
    return (
        Selecao.objects.filter(pk__in=ids)
        .select_related("orgao")
        .annotate(total_ofertadas=Sum("vagas__vagas_ofertadas"), num_vagas=Count("vagas"))
        .order_by("-data_publicacao_edital", "-pk")
    )


def anos_das_selecoes(usuario: Usuario) -> list[int]:
    datas = escopo(Selecao.objects.all(), usuario).dates("data_publicacao_edital", "year")
    return sorted({d.year for d in datas}, reverse=True)


# ---------------------------------------------------------------- linha do tempo


@dataclass(frozen=True)
class Fase:
    titulo: str
    estado: str
    """"concluida", "atual" ou "futura"."""
    detalhe: str = ""


ORDEM_SITUACOES = [s.value for s in SituacaoSelecao]


def _data_hora(valor: datetime) -> str:
    return f"{timezone.localtime(valor):%d/%m/%Y %H:%M}"


def fase_inscricoes(selecao: Selecao, agora: datetime) -> str:
    """ "antes", "abertas" ou "encerradas" — derivado das datas, nunca armazenado."""
    if agora < selecao.inscricoes_inicio:
        return "antes"
    if agora <= selecao.inscricoes_fim:
        return "abertas"
    return "encerradas"


def linha_do_tempo(selecao: Selecao, *, agora: datetime) -> list[Fase]:
    """As fases da seleção, do rascunho ao encerramento, com a atual destacada."""
    indice = ORDEM_SITUACOES.index(selecao.situacao)
    periodo = f"{_data_hora(selecao.inscricoes_inicio)} a {_data_hora(selecao.inscricoes_fim)}"
    inscricoes = fase_inscricoes(selecao, agora)

    def estado(posicao: int) -> str:
        if posicao < indice:
            return "concluida"
        return "atual" if posicao == indice else "futura"

    publicada = "Ainda não publicado."
    if selecao.publicada_em:
        publicada = f"Publicado em {_data_hora(selecao.publicada_em)}"
        if selecao.versao > 1:
            publicada += f"; {selecao.versao - 1} retificação(ões)"
        publicada += "."
    fases = [
        Fase("Rascunho", estado(0), "Cadastro das vagas, datas e quadro de reserva."),
        Fase("Edital publicado", "concluida" if indice >= 1 else "futura", publicada),
    ]
    # Publicado o edital, a fase segue as datas (as mesmas que o serviço de inscrição
    # consulta), não a situação: um resultado publicado com o prazo de inscrição
    # prorrogado ainda aceita inscrições, e a fase não está concluída.
    if indice == 0:
        estado_insc = "futura"
    elif inscricoes == "encerradas":
        estado_insc = "concluida"
    elif inscricoes == "abertas" or indice == 1:
        estado_insc = "atual"
    else:
        estado_insc = "futura"
    rotulo = {"antes": "agendadas", "abertas": "abertas", "encerradas": "encerradas"}[inscricoes]
    detalhe = f"{periodo} (horário de Brasília)"
    if indice >= 1:
        detalhe += f" — {rotulo}."
    fases.append(Fase("Inscrições", estado_insc, detalhe))
    fases += [
        Fase("Classificação", estado(2), "Avaliação, notas e desempate."),
        Fase("Resultado preliminar", estado(3), "Publicação e prazo de recursos."),
        Fase("Resultado final", estado(4), "Convocações pela sequência de reserva."),
        Fase("Encerrada", estado(5), f"Validade de {selecao.validade_meses} meses."),
    ]
    return fases


def proximo_passo(selecao: Selecao, *, agora: datetime, pendencias: Sequence[str] = ()) -> str:
    """O que o RH deve fazer agora, em uma frase."""
    if selecao.situacao == SituacaoSelecao.RASCUNHO:
        if pendencias:
            return "Corrija as pendências abaixo e publique o edital."
        return (
            "Confira o quadro de reserva e a prévia do anexo; estando corretos, publique o "
            "edital. Depois da publicação, vagas, reservas e datas só mudam por retificação."
        )
    if selecao.situacao == SituacaoSelecao.PUBLICADA:
        inscricoes = fase_inscricoes(selecao, agora)
        if inscricoes == "antes":
            abertura = _data_hora(selecao.inscricoes_inicio)
            return f"Divulgue o edital: as inscrições abrem em {abertura}."
        if inscricoes == "abertas":
            return (
                "Inscrições abertas até "
                f"{_data_hora(selecao.inscricoes_fim)}: acompanhe as inscrições recebidas."
            )
        return "Inscrições encerradas: registre as avaliações e inicie a classificação."
    return {
        SituacaoSelecao.EM_CLASSIFICACAO: (
            "Conclua as avaliações, resolva os empates e publique o resultado preliminar."
        ),
        SituacaoSelecao.RESULTADO_PRELIMINAR: ("Decida os recursos e publique o resultado final."),
        SituacaoSelecao.RESULTADO_FINAL: (
            "Convoque os candidatos pela sequência de reserva e registre as vagas que surgirem."
        ),
        SituacaoSelecao.ENCERRADA: "Seleção encerrada: consulte o histórico e os relatórios.",
    }[SituacaoSelecao(selecao.situacao)]
