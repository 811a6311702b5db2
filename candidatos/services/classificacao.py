"""Classificação de uma vaga de estágio: nota final, desempate, sorteio e motor.

Regras puras (sem banco) no topo; adaptadores ORM ↔ motor embaixo. Toda
modalidade e todo número que o RH vê vêm do motor (``selecoes.reserva``):
aqui só se converte linhas em ``Candidato`` e se chama ``resolver_vaga``.

Nota final (documentada no edital): média ponderada pelos pesos dos critérios,
Σ(nota × peso) / Σ peso, com as notas na escala de cada critério, calculada em
``Decimal`` e quantizada em milésimos (três casas, como ``Avaliacao.nota_final``)
com o arredondamento bancário padrão do ``Decimal`` — o arredondamento "meio
para cima" é reservado ao que o decreto manda arredondar (art. 1º, § 2º).
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from django.db import transaction
from django.db.models import QuerySet

from candidatos.models import (
    Avaliacao,
    Inscricao,
    SituacaoAvaliacao,
    SituacaoInscricao,
    Sorteio,
)
from selecoes import auditoria
from selecoes.models import CriterioAvaliacao, CriterioDesempate, Selecao, VagaEstagio
from selecoes.reserva import (
    Aplicabilidade,
    Candidato,
    Reserva,
    ResultadoVaga,
    SequenciaExplicita,
    Situacao,
    aplicabilidade,
    resolver_vaga,
)
from selecoes.selectors.quadro import reservas_da_selecao, sequencia_explicita_do_json

MILESIMO = Decimal("0.001")

# ---------------------------------------------------------------------------
# Nota final
# ---------------------------------------------------------------------------


def calcular_nota_final(
    notas: Mapping[str, Decimal], pesos: Sequence[tuple[str, Decimal]]
) -> Decimal | None:
    """Média ponderada Σ(nota × peso) / Σ peso, em milésimos; ``None`` se falta nota."""
    if not pesos or any(notas.get(codigo) is None for codigo, _ in pesos):
        return None
    soma = sum((notas[codigo] * peso for codigo, peso in pesos), Decimal(0))
    total = sum((peso for _, peso in pesos), Decimal(0))
    return (soma / total).quantize(MILESIMO, rounding=ROUND_HALF_EVEN)


# ---------------------------------------------------------------------------
# Ordenação e desempate (art. 4º, caput: "de acordo com a sua classificação")
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Concorrente:
    """Um aprovado de uma vaga, com o que os critérios de desempate usam."""

    inscricao_id: int
    numero: str
    nome: str
    nota_final: Decimal
    notas: Mapping[str, Decimal]
    data_nascimento: date
    inscrita_em: datetime
    categorias: frozenset[str] = frozenset()
    situacao: str = SituacaoInscricao.ATIVA


@dataclass(frozen=True)
class Empate:
    """Aprovados que nenhum critério do edital separa; bloqueia a publicação (§ 5)."""

    vaga_codigo: str
    concorrentes: tuple[Concorrente, ...]
    edital_preve_sorteio: bool

    @property
    def mensagem(self) -> str:
        nomes = ", ".join(f"{c.numero} ({c.nome})" for c in self.concorrentes)
        nota = self.concorrentes[0].nota_final
        texto = (
            f"Empate não resolvido na vaga {self.vaga_codigo}: {nomes}, com nota final "
            f"{nota} e iguais em todos os critérios de desempate do edital."
        )
        if self.edital_preve_sorteio:
            return texto + " Realize o sorteio público previsto no edital."
        return texto + (
            " O edital não prevê sorteio: revise as notas ou retifique os critérios de "
            "desempate do edital."
        )


def _chave_criterio(
    criterio: Mapping[str, Any], ordem_sorteio: Mapping[str, int]
) -> Callable[[Concorrente], tuple[int, Any]]:
    """Chave crescente de um critério: menor = mais bem classificado."""
    nome = criterio.get("criterio")
    if nome == CriterioDesempate.MAIOR_NOTA:
        return lambda c: (0, -c.nota_final)
    if nome == CriterioDesempate.NOTA_CRITERIO:
        codigo = str(criterio.get("parametro") or "")
        return lambda c: (0, -c.notas.get(codigo, Decimal(0)))
    if nome == CriterioDesempate.MAIOR_IDADE:
        return lambda c: (0, c.data_nascimento)  # nascido antes = mais velho
    if nome == CriterioDesempate.DATA_INSCRICAO:
        return lambda c: (0, c.inscrita_em)
    if nome == CriterioDesempate.SORTEIO:
        # Fora do sorteio: todos iguais entre si e depois dos sorteados.
        return lambda c: (0, ordem_sorteio[c.numero]) if c.numero in ordem_sorteio else (1, 0)
    raise ValueError(f"Critério de desempate desconhecido: {nome!r}.")


def ordenar(
    concorrentes: Sequence[Concorrente],
    criterios: Sequence[Mapping[str, Any]],
    *,
    ordem_sorteio: Sequence[str] = (),
    vaga_codigo: str = "",
) -> tuple[tuple[Concorrente, ...], tuple[Empate, ...]]:
    """Classificação estrita: nota final decrescente e, no empate, os critérios
    do edital na ordem publicada (``Selecao.criterios_desempate``):

    - ``maior_nota``: maior nota final; ``nota_criterio``: maior nota no critério
      ``parametro``; ``maior_idade``: data de nascimento mais antiga;
      ``data_inscricao``: inscrição mais antiga; ``sorteio``: posição no sorteio
      público registrado (``ordem_sorteio``, números de inscrição).

    Devolve os concorrentes ordenados e os grupos ainda empatados, que impedem a
    publicação (regras, § 5). Entre empatados a ordem devolvida é só provisória
    (número de inscrição), nunca uma decisão.
    """
    posicao_sorteio = {numero: i for i, numero in enumerate(ordem_sorteio)}
    chaves = [_chave_criterio(c, posicao_sorteio) for c in criterios]
    # Chave calculada uma vez por concorrente (a ordenação de 100 mil é o caso comum).
    decorados = sorted(
        ((-c.nota_final, *(f(c) for f in chaves)), c.numero, c) for c in concorrentes
    )
    ordenados = tuple(c for _, _, c in decorados)
    preve_sorteio = any(c.get("criterio") == CriterioDesempate.SORTEIO for c in criterios)
    empates: list[Empate] = []
    inicio = 0
    for fim in range(1, len(decorados) + 1):
        if fim < len(decorados) and decorados[fim][0] == decorados[inicio][0]:
            continue
        if fim - inicio > 1:
            empates.append(Empate(vaga_codigo, ordenados[inicio:fim], preve_sorteio))
        inicio = fim
    return ordenados, tuple(empates)


# ---------------------------------------------------------------------------
# Sorteio público reproduzível
# ---------------------------------------------------------------------------


def ordem_do_sorteio(semente: str, numeros: Sequence[str]) -> list[str]:
    """Ordem sorteada, reproduzível por qualquer pessoa a partir da semente.

    Algoritmo publicado: para cada número de inscrição, calcula-se o SHA-256
    (hexadecimal) do texto ``"<semente>:<número de inscrição>"`` em UTF-8; a
    ordem sorteada é a dos números por esse hash, crescente. Em Python::

        sorted(numeros, key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest())
    """
    return sorted(
        numeros,
        key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest(),
    )


# ---------------------------------------------------------------------------
# Seleção → entradas do motor
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ParametrosMotor:
    """O que o motor precisa da seleção: aplicabilidade, reservas e sequência."""

    aplicacao: Aplicabilidade
    reservas: tuple[Reserva, ...]
    explicita: SequenciaExplicita | None

    @property
    def categorias(self) -> frozenset[str]:
        return frozenset(r.categoria for r in self.reservas)


def parametros_motor(
    selecao: Selecao, vagas: Sequence[VagaEstagio] | None = None
) -> ParametrosMotor:
    """Art. 1º (negros, 30%), Lei 11.788/2008, art. 17, § 5º (PcD, opcional),
    art. 3º (sequência explícita do edital), art. 7º e art. 1º, § 1º
    (aplicabilidade sobre o total de vagas ofertadas na seleção).

    Usa as mesmas conversões do quadro de reserva do edital, para que a
    convocação siga exatamente o que foi publicado.
    """
    reservas = tuple(
        reservas_da_selecao(reserva_pcd=selecao.reserva_pcd, percentual_pcd=selecao.percentual_pcd)
    )
    explicita = sequencia_explicita_do_json(
        selecao.sequencia_explicita, [r.categoria for r in reservas]
    )
    vagas = list(selecao.vagas.all()) if vagas is None else vagas
    total = sum(v.vagas_ofertadas for v in vagas)
    return ParametrosMotor(
        aplicabilidade(selecao.data_publicacao_edital, total), reservas, explicita
    )


def categorias_da_inscricao(
    concorre_negros: bool, concorre_pcd: bool, declaradas: frozenset[str]
) -> frozenset[str]:
    """Art. 2º e art. 4º, caput: as reservas a que a inscrição concorre."""
    cats = set()
    if concorre_negros:
        cats.add("negros")
    if concorre_pcd:
        cats.add("pcd")
    return frozenset(cats) & declaradas


_SITUACAO_MOTOR = {
    SituacaoInscricao.ATIVA: Situacao.ATIVO,
    SituacaoInscricao.DESISTENTE: Situacao.DESISTENTE,
    SituacaoInscricao.ELIMINADA: Situacao.ELIMINADO,
}


def situacao_motor(situacao_inscricao: str) -> Situacao:
    return _SITUACAO_MOTOR[SituacaoInscricao(situacao_inscricao)]


def resolver(
    *,
    vaga: VagaEstagio,
    parametros: ParametrosMotor,
    candidatos: Sequence[Candidato],
) -> ResultadoVaga:
    """Chama o motor com k = vagas ofertadas + surgidas (regras, § 4)."""
    return resolver_vaga(
        candidatos=candidatos,
        aplicacao=parametros.aplicacao,
        ofertadas=vaga.vagas_ofertadas,
        convocacoes=vaga.vagas_a_preencher,
        reservas=parametros.reservas,
        explicita=parametros.explicita,
        codigo=vaga.codigo,
    )


# ---------------------------------------------------------------------------
# Classificação a partir do banco
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClassificacaoVaga:
    """Aprovados de uma vaga em ordem, com os empates que restam."""

    vaga: VagaEstagio
    ordenados: tuple[Concorrente, ...]
    empates: tuple[Empate, ...]
    retirados_ids: frozenset[int] = field(default_factory=frozenset)

    @property
    def ativos(self) -> tuple[Concorrente, ...]:
        return tuple(c for c in self.ordenados if c.situacao == SituacaoInscricao.ATIVA)

    def candidatos_motor(self, *, incluir_retirados: bool = True) -> list[Candidato]:
        """``Candidato`` do motor com a posição na classificação (1, 2, …)."""
        fonte = self.ordenados if incluir_retirados else self.ativos
        return [
            Candidato(c.numero, i, c.categorias, situacao_motor(c.situacao))
            for i, c in enumerate(fonte, 1)
        ]


def ultimo_sorteio_por_vaga(selecao: Selecao) -> dict[int, Sorteio]:
    """O sorteio mais recente de cada vaga (o que vale para o desempate)."""
    sorteios: dict[int, Sorteio] = {}
    for s in Sorteio.objects.filter(selecao=selecao, vaga__isnull=False).order_by("realizado_em"):
        sorteios[s.vaga_id] = s  # type: ignore[index]
    return sorteios


def _concorrentes_da_selecao(
    selecao: Selecao,
    declaradas: frozenset[str],
    vaga_ids: Sequence[int] | None = None,
) -> dict[int, list[Concorrente]]:
    """Aprovados por vaga, numa consulta (inscrições substituídas não contam).

    As notas por critério só são lidas se algum critério de desempate as usa.
    """
    filtro: dict[str, Any] = {
        "inscricao__selecao": selecao,
        "situacao": SituacaoAvaliacao.APROVADO,
        "nota_final__isnull": False,
    }
    if vaga_ids is not None:
        filtro["inscricao__vaga_id__in"] = list(vaga_ids)
    com_notas = any(
        c.get("criterio") == CriterioDesempate.NOTA_CRITERIO
        for c in selecao.criterios_desempate or []
    )
    campos = [
        "inscricao_id",
        "inscricao__vaga_id",
        "inscricao__numero",
        "inscricao__nome_civil",
        "inscricao__nome_social",
        "nota_final",
        "inscricao__data_nascimento",
        "inscricao__criada_em",
        "inscricao__concorre_negros",
        "inscricao__concorre_pcd",
        "inscricao__situacao",
    ]
    if com_notas:
        campos.append("notas")
    linhas = (
        Avaliacao.objects.filter(**filtro)
        .exclude(inscricao__situacao=SituacaoInscricao.SUBSTITUIDA)
        .values_list(*campos)
    )
    categorias_de = {
        (negros, pcd): categorias_da_inscricao(negros, pcd, declaradas)
        for negros in (False, True)
        for pcd in (False, True)
    }
    sem_notas: Mapping[str, Decimal] = {}
    por_vaga: dict[int, list[Concorrente]] = defaultdict(list)
    for linha in linhas:
        notas = (
            {k: Decimal(str(v)) for k, v in (linha[11] or {}).items() if v not in ("", None)}
            if com_notas
            else sem_notas
        )
        por_vaga[linha[1]].append(
            Concorrente(
                inscricao_id=linha[0],
                numero=linha[2],
                nome=linha[4] or linha[3],
                nota_final=linha[5],
                notas=notas,
                data_nascimento=linha[6],
                inscrita_em=linha[7],
                categorias=categorias_de[(linha[8], linha[9])],
                situacao=linha[10],
            )
        )
    return por_vaga


def classificar_selecao(
    selecao: Selecao,
    *,
    vagas: Sequence[VagaEstagio] | None = None,
    parametros: ParametrosMotor | None = None,
) -> dict[int, ClassificacaoVaga]:
    """Classificação de cada vaga da seleção (chave: id da vaga).

    Eliminados (art. 2º, parágrafo único) ficam fora; desistentes ficam, na sua
    posição, para o motor explicar a vaga que liberaram (art. 4º, § 2º); os
    empates são calculados só entre quem ainda concorre.
    """
    vagas = list(selecao.vagas.all()) if vagas is None else list(vagas)
    parametros = parametros or parametros_motor(selecao)
    por_vaga = _concorrentes_da_selecao(selecao, parametros.categorias, [v.pk for v in vagas])
    sorteios = ultimo_sorteio_por_vaga(selecao)
    criterios = selecao.criterios_desempate or []
    resultado: dict[int, ClassificacaoVaga] = {}
    for vaga in vagas:
        concorrentes = [
            c for c in por_vaga.get(vaga.pk, []) if c.situacao != SituacaoInscricao.ELIMINADA
        ]
        sorteio = sorteios.get(vaga.pk)
        ordenados, empates = ordenar(
            concorrentes,
            criterios,
            ordem_sorteio=sorteio.resultado if sorteio else (),
            vaga_codigo=vaga.codigo,
        )
        resultado[vaga.pk] = ClassificacaoVaga(vaga, ordenados, _so_ativos(empates))
    return resultado


def _so_ativos(empates: Sequence[Empate]) -> tuple[Empate, ...]:
    """Empate com quem já desistiu não altera a convocação: não bloqueia."""
    filtrados = []
    for e in empates:
        ativos = tuple(c for c in e.concorrentes if c.situacao == SituacaoInscricao.ATIVA)
        if len(ativos) > 1:
            filtrados.append(Empate(e.vaga_codigo, ativos, e.edital_preve_sorteio))
    return tuple(filtrados)


def classificar_vaga(vaga: VagaEstagio) -> ClassificacaoVaga:
    return classificar_selecao(vaga.selecao, vagas=[vaga])[vaga.pk]


def pesos_da_selecao(selecao: Selecao) -> list[tuple[str, Decimal]]:
    return [(c.codigo, c.peso) for c in CriterioAvaliacao.objects.filter(selecao=selecao)]


# ---------------------------------------------------------------------------
# Escrita: avaliações e sorteio
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class LinhaAvaliacao:
    """Avaliação de uma inscrição como digitada (grade ou planilha), já validada."""

    inscricao_id: int
    situacao: str
    notas: Mapping[str, Decimal | None]
    nota_final: Decimal | None = None
    """Só quando o edital não tem critérios: a nota final é digitada."""

    def to_json(self) -> list[Any]:
        """Forma serializável (sessão entre a prévia e a confirmação da planilha)."""
        return [
            self.inscricao_id,
            self.situacao,
            {k: None if v is None else str(v) for k, v in self.notas.items()},
            None if self.nota_final is None else str(self.nota_final),
        ]

    @classmethod
    def from_json(cls, dados: Sequence[Any]) -> LinhaAvaliacao:
        inscricao_id, situacao, notas, nota_final = dados
        return cls(
            int(inscricao_id),
            str(situacao),
            {k: None if v is None else Decimal(v) for k, v in notas.items()},
            None if nota_final is None else Decimal(nota_final),
        )


def _texto_notas(notas: Mapping[str, Decimal | None]) -> dict[str, str]:
    return {k: str(v) for k, v in notas.items() if v is not None}


def salvar_avaliacoes(
    *,
    selecao: Selecao,
    linhas: Sequence[LinhaAvaliacao],
    usuario: Any,
    origem: str = "grade",
) -> int:
    """Grava as avaliações (tudo ou nada), recalcula a nota final e audita cada
    mudança. Trava as vagas envolvidas (``select_for_update``) para não cruzar
    com uma convocação em curso. Devolve quantas avaliações mudaram.
    """
    pesos = pesos_da_selecao(selecao)
    ids = [linha.inscricao_id for linha in linhas]
    with transaction.atomic():
        inscricoes = {
            i.pk: i
            for i in Inscricao.objects.filter(selecao=selecao, pk__in=ids).select_related(
                "avaliacao"
            )
        }
        if len(inscricoes) != len(set(ids)):
            raise ValueError("Inscrição fora desta seleção.")
        vaga_ids = sorted({i.vaga_id for i in inscricoes.values()})
        list(VagaEstagio.objects.select_for_update().filter(pk__in=vaga_ids).order_by("pk"))
        mudaram = 0
        for linha in linhas:
            inscricao = inscricoes[linha.inscricao_id]
            notas = _texto_notas(linha.notas)
            if pesos:
                nota_final = calcular_nota_final(
                    {k: v for k, v in linha.notas.items() if v is not None}, pesos
                )
            else:
                nota_final = linha.nota_final
            avaliacao = getattr(inscricao, "avaliacao", None)
            antes = _retrato(avaliacao) if avaliacao else None
            if avaliacao is None:
                avaliacao = Avaliacao(inscricao=inscricao)
            avaliacao.situacao = linha.situacao
            avaliacao.notas = notas
            avaliacao.nota_final = nota_final
            depois = _retrato(avaliacao)
            if antes == depois:
                continue
            avaliacao.atualizada_por = usuario
            avaliacao.save()
            mudaram += 1
            auditoria.registrar(
                acao="avaliacao.alterada" if antes else "avaliacao.registrada",
                objeto=avaliacao,
                descricao=f"Avaliação de {inscricao.numero} ({origem})",
                usuario=usuario,
                selecao=selecao,
                inscricao_id=inscricao.pk,
                antes=antes,
                depois=depois,
            )
    return mudaram


def _retrato(avaliacao: Avaliacao) -> dict[str, Any]:
    return {
        "situacao": avaliacao.situacao,
        "notas": dict(avaliacao.notas or {}),
        "nota_final": None if avaliacao.nota_final is None else f"{avaliacao.nota_final:.3f}",
    }


def realizar_sorteio(
    *,
    vaga: VagaEstagio,
    semente: str,
    usuario: Any,
    agora: datetime,
    descricao: str = "",
) -> Sorteio:
    """Sorteio público entre os empatados da vaga, registrado com semente e data
    (regras, § 5). Só cabe se o edital o prevê e se há empate a desfazer.
    """
    selecao = vaga.selecao
    criterios = selecao.criterios_desempate or []
    if not any(c.get("criterio") == CriterioDesempate.SORTEIO for c in criterios):
        raise ValueError(
            "O edital desta seleção não prevê sorteio entre os critérios de desempate."
        )
    with transaction.atomic():
        VagaEstagio.objects.select_for_update().get(pk=vaga.pk)
        classif = _classificar_sem_sorteio(vaga)
        if not classif.empates:
            raise ValueError(f"Não há empate a desfazer na vaga {vaga.codigo}.")
        numeros = [c.numero for e in classif.empates for c in e.concorrentes]
        sorteio = Sorteio.objects.create(
            selecao=selecao,
            vaga=vaga,
            semente=semente,
            realizado_em=agora,
            realizado_por=usuario,
            descricao=descricao,
            resultado=ordem_do_sorteio(semente, numeros),
        )
        auditoria.registrar(
            acao="sorteio.realizado",
            objeto=sorteio,
            descricao=f"Sorteio público de desempate na vaga {vaga.codigo}",
            usuario=usuario,
            selecao=selecao,
            depois={"semente": semente, "resultado": sorteio.resultado},
        )
    return sorteio


def _classificar_sem_sorteio(vaga: VagaEstagio) -> ClassificacaoVaga:
    """Empates pelos critérios que o edital lista antes do sorteio: entre eles
    (e só entre eles) o sorteio decide."""
    selecao = vaga.selecao
    parametros = parametros_motor(selecao)
    concorrentes = [
        c
        for c in _concorrentes_da_selecao(selecao, parametros.categorias, [vaga.pk]).get(
            vaga.pk, []
        )
        if c.situacao != SituacaoInscricao.ELIMINADA
    ]
    criterios: list[Mapping[str, Any]] = []
    for criterio in selecao.criterios_desempate or []:
        if criterio.get("criterio") == CriterioDesempate.SORTEIO:
            break
        criterios.append(criterio)
    ordenados, empates = ordenar(concorrentes, criterios, vaga_codigo=vaga.codigo)
    return ClassificacaoVaga(vaga, ordenados, _so_ativos(empates))


def inscricoes_da_vaga(vaga: VagaEstagio) -> QuerySet[Inscricao]:
    """Inscrições vigentes da vaga, para a grade de notas."""
    return (
        Inscricao.objects.vigentes()
        .filter(vaga=vaga)
        .exclude(situacao=SituacaoInscricao.ELIMINADA)
        .select_related("avaliacao")
        .order_by("numero")
    )
