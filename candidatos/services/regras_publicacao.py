"""Regras de publicação de um resultado, numa fonte só (docs/resultado.md):
o formulário as confere antes de enfileirar a tarefa e o serviço, de novo, sob a
trava da seleção. O tempo é argumento (``agora``), nunca lido aqui.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone

from candidatos.models import (
    ChamadoHeteroidentificacao,
    Inscricao,
    Instancia,
    MotivoChamado,
    Recurso,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoInscricao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.services.classificacao import Empate, classificar_selecao
from selecoes.models import Selecao


class PublicacaoInvalida(ValidationError):
    """A publicação não pode ser feita agora; a mensagem diz por quê, em português."""


class EmpateNaoResolvido(PublicacaoInvalida):
    """Regras, § 5: a classificação precisa ser estrita para publicar."""

    def __init__(self, empates: list[Empate]) -> None:
        self.empates = empates
        super().__init__([e.mensagem for e in empates])


@dataclass(frozen=True)
class Problema:
    """Uma regra de publicação violada; ``campo`` é o do formulário (ou ``None``)."""

    campo: str | None
    mensagem: str


@dataclass(frozen=True)
class SemAvaliacao:
    """Inscrição que concorre mas não tem nota final (avaliação pendente)."""

    inscricao_id: int
    numero: str
    nome: str

    @property
    def campo(self) -> str:
        return f"pendente_{self.inscricao_id}"


def inscricoes_sem_avaliacao(selecao: Selecao) -> list[SemAvaliacao]:
    """Inscrições vigentes e ativas sem avaliação, pendentes ou aprovadas sem nota
    final: sem um motivo explícito, sumiriam do resultado sem uma palavra."""
    sem_nota = (
        Q(avaliacao__isnull=True)
        | Q(avaliacao__situacao=SituacaoAvaliacao.PENDENTE)
        | Q(avaliacao__situacao=SituacaoAvaliacao.APROVADO, avaliacao__nota_final__isnull=True)
    )
    linhas = (
        Inscricao.objects.vigentes()
        .filter(sem_nota, selecao=selecao, situacao=SituacaoInscricao.ATIVA)
        .order_by("numero")
        .values_list("pk", "numero", "nome_social", "nome_civil")
    )
    return [SemAvaliacao(pk, numero, social or civil) for pk, numero, social, civil in linhas]


def _local(momento: datetime) -> str:
    return f"{timezone.localtime(momento):%d/%m/%Y às %H:%M}"


def _problemas_prazo_recurso(
    *,
    anterior: ResultadoVersao | None,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    agora: datetime,
) -> list[Problema]:
    """Prazo de recurso do preliminar; aberto, só se prorroga (nunca se encurta)."""
    problemas = []
    if recurso_inicio is None:
        problemas.append(Problema("recurso_inicio", "Informe o início do prazo de recurso."))
    if recurso_fim is None:
        problemas.append(Problema("recurso_fim", "Informe o fim do prazo de recurso."))
    if recurso_inicio is None or recurso_fim is None:
        return problemas
    if recurso_fim <= recurso_inicio:
        return [Problema("recurso_fim", "O fim do prazo deve ser depois do início.")]
    if anterior is None or anterior.recurso_inicio is None or anterior.recurso_fim is None:
        return []
    if not anterior.recurso_inicio <= agora < anterior.recurso_fim:
        return []
    if recurso_inicio > agora:
        problemas.append(
            Problema(
                "recurso_inicio",
                "O prazo de recurso já está aberto: o início não pode ser adiado para depois "
                "de agora (o prazo ficaria fechado no meio).",
            )
        )
    if recurso_fim < anterior.recurso_fim:
        problemas.append(
            Problema(
                "recurso_fim",
                f"O prazo de recurso já está aberto e termina em {_local(anterior.recurso_fim)}: "
                "pode ser prorrogado, nunca encurtado. Informe um fim igual ou posterior.",
            )
        )
    return problemas


def problemas_publicacao(
    *,
    selecao: Selecao,
    tipo: str,
    motivo: str,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    agora: datetime,
    sem_avaliacao: Mapping[str, str] | None = None,
    empates: Sequence[Empate] | None = None,
) -> list[Problema]:
    """Todas as regras de publicação, numa fonte só: o formulário as confere
    antes de enfileirar e o serviço, de novo, sob a trava da seleção.

    - inscrições encerradas (ninguém inscrito a tempo fica fora do resultado);
    - nova versão com motivo; preliminar com prazo de recurso que, aberto, só se
      prorroga; final depois do prazo e sem recurso pendente;
    - todo candidato sem avaliação nomeado, com motivo explícito;
    - classificação estrita (regras, § 5).
    """
    if tipo not in TipoResultado.values:
        return [Problema("tipo", f"Tipo de resultado desconhecido: {tipo}.")]
    problemas: list[Problema] = []
    if agora <= selecao.inscricoes_fim:
        problemas.append(
            Problema(
                None,
                f"As inscrições só terminam em {_local(selecao.inscricoes_fim)}: o resultado só "
                "pode ser publicado depois do fim das inscrições.",
            )
        )
    anterior = ResultadoVersao.objects.vigente(selecao, tipo)
    if anterior is not None and not motivo.strip():
        problemas.append(
            Problema(
                "motivo",
                "Motivo: informe por que esta nova versão substitui a anterior "
                "(ex.: recurso deferido, decisão judicial).",
            )
        )
    if tipo == TipoResultado.PRELIMINAR:
        problemas += _problemas_prazo_recurso(
            anterior=anterior, recurso_inicio=recurso_inicio, recurso_fim=recurso_fim, agora=agora
        )
    else:
        problemas += _problemas_final(selecao=selecao, primeira=anterior is None, agora=agora)
    justificativas = sem_avaliacao or {}
    for p in inscricoes_sem_avaliacao(selecao):
        if not justificativas.get(p.numero, "").strip():
            problemas.append(
                Problema(
                    p.campo,
                    f"{p.numero} ({p.nome}) está sem avaliação: registre a nota na grade ou "
                    "informe o motivo de ficar fora do resultado.",
                )
            )
    if empates is None:
        empates = [e for c in classificar_selecao(selecao).values() for e in c.empates]
    problemas += [Problema(None, e.mensagem) for e in empates]
    return problemas


def _problemas_final(*, selecao: Selecao, primeira: bool, agora: datetime) -> list[Problema]:
    preliminar = ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR)
    if preliminar is None:
        return [Problema(None, "Publique primeiro o resultado preliminar, com o prazo de recurso.")]
    problemas = []
    if primeira and preliminar.recurso_fim and agora < preliminar.recurso_fim:
        problemas.append(
            Problema(
                None,
                "O prazo de recurso do resultado preliminar só termina em "
                f"{_local(preliminar.recurso_fim)}.",
            )
        )
    pendentes = Recurso.objects.filter(selecao=selecao, situacao=SituacaoRecurso.PENDENTE)
    if pendentes.exists():
        numeros = ", ".join(pendentes.values_list("inscricao__numero", flat=True)[:10])
        problemas.append(
            Problema(
                None,
                f"Há recursos pendentes de decisão (inscrições {numeros}); decida-os antes do "
                "resultado final.",
            )
        )
    problemas += _problemas_heteroidentificacao(selecao, agora)
    return problemas


def _lista_nao_montada(selecao: Selecao) -> list[Problema]:
    """O edital prevê a heteroidentificação e ninguém foi chamado: se há quem deveria
    ser, o final espera a lista (a mensagem nomeia os primeiros)."""
    from candidatos.services.heteroidentificacao import chamados_calcular
    from selecoes.models import ConfirmacaoCategoria

    if not ConfirmacaoCategoria.objects.filter(selecao=selecao).exists():
        return []
    if ChamadoHeteroidentificacao.objects.filter(selecao=selecao).exists():
        return []
    devidos = chamados_calcular(selecao)
    if not devidos:
        return []
    numeros = Inscricao.objects.filter(pk__in=[d[0] for d in devidos[:10]]).values_list(
        "numero", flat=True
    )
    return [
        Problema(
            None,
            "Heteroidentificação: o edital a prevê e a lista de chamados não foi montada "
            f"(ex.: {', '.join(sorted(numeros))}). Monte a lista e publique o resultado final "
            "da heteroidentificação antes do resultado final da seleção.",
        )
    ]


def _problemas_heteroidentificacao(selecao: Selecao, agora: datetime) -> list[Problema]:
    """Issue 15, item 7: o resultado final da seleção espera o resultado final da
    heteroidentificação de cada chamado (a mensagem nomeia quem falta)."""
    from candidatos.services.heteroidentificacao import pendentes_do_final

    pendentes = pendentes_do_final(selecao, agora=agora, so_do_resultado=True)
    chamados_sem_final = (
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao)
        .exclude(motivo=MotivoChamado.CADASTRO_RESERVA)
        .exclude(decisoes__instancia=Instancia.FINAL)
    )
    if not pendentes and not chamados_sem_final.exists():
        return _lista_nao_montada(selecao)
    nomes = [p.mensagem for p in pendentes] or [
        f"{c.inscricao.numero}: resultado final da heteroidentificação não publicado"
        for c in chamados_sem_final.select_related("inscricao")[:10]
    ]
    return [
        Problema(
            None,
            "Heteroidentificação sem resultado final — " + "; ".join(nomes[:10]) + ". Publique "
            "o resultado final da heteroidentificação antes do resultado final da seleção.",
        )
    ]


def validar_publicacao(
    *,
    selecao: Selecao,
    tipo: str,
    motivo: str,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    agora: datetime,
    sem_avaliacao: Mapping[str, str] | None = None,
    empates: Sequence[Empate] | None = None,
) -> None:
    """``problemas_publicacao`` como exceção: ``EmpateNaoResolvido`` se só os
    empates impedem; ``PublicacaoInvalida`` com todas as mensagens, senão."""
    problemas = problemas_publicacao(
        selecao=selecao,
        tipo=tipo,
        motivo=motivo,
        recurso_inicio=recurso_inicio,
        recurso_fim=recurso_fim,
        agora=agora,
        sem_avaliacao=sem_avaliacao,
        empates=empates,
    )
    if not problemas:
        return
    mensagens_empate = {e.mensagem for e in empates or []}
    if empates and all(p.mensagem in mensagens_empate for p in problemas):
        raise EmpateNaoResolvido(list(empates))
    raise PublicacaoInvalida([p.mensagem for p in problemas])
