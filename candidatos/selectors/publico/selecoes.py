"""Seleções publicadas e cronograma."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from candidatos.models import AnuncioSorteio, TipoResultado
from selecoes.calendario import somar_meses
from selecoes.models import CriterioDesempate, Selecao, VagaEstagio, VersaoEdital

if TYPE_CHECKING:
    from candidatos.selectors.publico.resultados import VersaoResumo

# --------------------------------------------------------------------------- seleções


@dataclass(frozen=True)
class FiltrosSelecoes:
    """Filtros da lista pública de seleções (todos opcionais)."""

    q: str = ""
    orgao: str = ""
    uf: str = ""
    municipio: str = ""
    nivel: str = ""
    area: str = ""
    situacao: str = ""


INSCRICOES_ABERTAS = "inscricoes_abertas"


def selecoes_publicas(*, filtros: FiltrosSelecoes, agora: datetime) -> QuerySet[Selecao]:
    """Seleções publicadas (de todos os órgãos), filtradas; rascunhos nunca aparecem."""
    vagas = VagaEstagio.objects.filter(selecao=OuterRef("pk"))
    total = (
        vagas.order_by().values("selecao").annotate(total=Sum("vagas_ofertadas")).values("total")
    )
    qs = (
        Selecao.objects.publicadas()
        .select_related("orgao")
        .annotate(total_ofertadas=Coalesce(Subquery(total), Value(0)))
    )
    if filtros.orgao:
        qs = qs.filter(orgao__sigla=filtros.orgao)
    if filtros.situacao == INSCRICOES_ABERTAS:
        qs = qs.filter(inscricoes_inicio__lte=agora, inscricoes_fim__gte=agora)
    elif filtros.situacao:
        qs = qs.filter(situacao=filtros.situacao)
    # As condições de vaga valem para uma mesma vaga (ex.: Direito em Brasília/DF).
    condicoes_vaga = Q()
    if filtros.uf:
        condicoes_vaga &= Q(uf=filtros.uf)
    if filtros.municipio:
        condicoes_vaga &= Q(municipio__icontains=filtros.municipio)
    if filtros.nivel:
        condicoes_vaga &= Q(nivel=filtros.nivel)
    if filtros.area:
        condicoes_vaga &= Q(area__icontains=filtros.area) | Q(curso__icontains=filtros.area)
    if condicoes_vaga:
        qs = qs.filter(Exists(vagas.filter(condicoes_vaga)))
    if filtros.q:
        termo = filtros.q
        qs = qs.filter(
            Q(titulo__icontains=termo)
            | Q(numero_edital__icontains=termo)
            | Q(descricao__icontains=termo)
            | Q(orgao__nome__icontains=termo)
            | Q(orgao__sigla__iexact=termo)
            | Exists(
                vagas.filter(
                    Q(area__icontains=termo)
                    | Q(curso__icontains=termo)
                    | Q(municipio__icontains=termo)
                    | Q(codigo__iexact=termo)
                )
            )
        )
    return qs


def selecoes_com_inscricoes_abertas(*, agora: datetime, limite: int = 6) -> list[Selecao]:
    filtros = FiltrosSelecoes(situacao=INSCRICOES_ABERTAS)
    return list(selecoes_publicas(filtros=filtros, agora=agora).order_by("inscricoes_fim")[:limite])


def selecao_publicada(*, pk: int) -> Selecao | None:
    return Selecao.objects.publicadas().select_related("orgao").filter(pk=pk).first()


def criterios_desempate(*, selecao: Selecao) -> list[str]:
    """Critérios de desempate do edital, na ordem, em português."""
    nomes = dict(CriterioDesempate.choices)
    criterios = {c.codigo: c.nome for c in selecao.criterios.all()}
    textos = []
    for item in selecao.criterios_desempate or []:
        texto = nomes.get(item.get("criterio"), str(item.get("criterio")))
        if item.get("parametro"):
            texto += f" ({criterios.get(item['parametro'], item['parametro'])})"
        textos.append(texto)
    return textos


def versoes_do_edital(*, selecao: Selecao) -> list[VersaoEdital]:
    """Edital original e retificações, na ordem (nada publicado muda em silêncio)."""
    return list(
        selecao.versoes.defer("conteudo")
        .order_by("numero")
        .only("numero", "motivo", "data_retificacao", "publicada_em", "hash_conteudo", "selecao")
    )


# --------------------------------------------------------------------------- cronograma


class SituacaoFase:
    CONCLUIDA = "Concluída"
    EM_ANDAMENTO = "Em andamento"
    PREVISTA = "Prevista"


@dataclass(frozen=True)
class Fase:
    nome: str
    inicio: date | datetime | None
    fim: date | datetime | None = None
    situacao: str = SituacaoFase.PREVISTA
    detalhe: str = ""

    @property
    def com_hora(self) -> bool:
        return isinstance(self.inicio, datetime)


def _como_datahora(valor: date | datetime, *, fim: bool = False) -> datetime:
    if isinstance(valor, datetime):
        return valor
    hora = datetime.max.time() if fim else datetime.min.time()
    return timezone.make_aware(datetime.combine(valor, hora))


def _situacao_fase(inicio: date | datetime | None, fim: date | datetime | None, agora: datetime):
    if inicio is None:
        return SituacaoFase.PREVISTA
    if _como_datahora(inicio) > agora:
        return SituacaoFase.PREVISTA
    if fim is not None and _como_datahora(fim, fim=True) >= agora:
        return SituacaoFase.EM_ANDAMENTO
    return SituacaoFase.CONCLUIDA


def anuncios_sorteio(*, selecao: Selecao) -> list[AnuncioSorteio]:
    """Sorteios de desempate anunciados (regras, § 5): públicos antes de acontecer."""
    return list(
        AnuncioSorteio.objects.filter(selecao=selecao)
        .select_related("vaga")
        .order_by("realizar_a_partir_de", "pk")
    )


def _detalhe_anuncio(anuncio: AnuncioSorteio) -> str:
    semente = (
        f"semente publicada: {anuncio.semente}"
        if anuncio.semente
        else f"semente: {anuncio.fonte_semente}"
    )
    return f"Empatados: {', '.join(anuncio.empatados)}; {semente}."


def cronograma(
    *,
    selecao: Selecao,
    versoes_edital: list[VersaoEdital],
    versoes_resultado: list[VersaoResumo],
    agora: datetime,
    anuncios: Sequence[AnuncioSorteio] = (),
) -> list[Fase]:
    """Fases da seleção com datas, da publicação do edital ao fim da validade,
    com os sorteios de desempate anunciados (semente pública antes do sorteio)."""
    fases: list[tuple[str, date | datetime | None, date | datetime | None, str]] = [
        ("Publicação do edital", selecao.data_publicacao_edital, None, ""),
    ]
    for versao in versoes_edital:
        if versao.numero > 1:
            quando = versao.data_retificacao or timezone.localdate(versao.publicada_em)
            fases.append(
                (f"Retificação nº {versao.numero - 1} do edital", quando, None, versao.motivo)
            )
    fases.append(("Inscrições", selecao.inscricoes_inicio, selecao.inscricoes_fim, ""))
    for anuncio in anuncios:
        fases.append(
            (
                f"Sorteio de desempate — vaga {anuncio.vaga.codigo}",
                anuncio.realizar_a_partir_de,
                None,
                _detalhe_anuncio(anuncio),
            )
        )
    for tipo in (TipoResultado.PRELIMINAR, TipoResultado.FINAL):
        do_tipo = [v for v in versoes_resultado if v.tipo == tipo]
        if not do_tipo:
            fases.append((f"{tipo.label} (a publicar)", None, None, ""))
        for publicada in do_tipo:
            fases.append(
                (f"Publicação: {publicada.rotulo}", publicada.publicado_em, None, publicada.motivo)
            )
            if publicada.recurso_inicio and publicada.recurso_fim:
                fases.append(
                    (
                        f"Prazo de recurso — {publicada.rotulo}",
                        publicada.recurso_inicio,
                        publicada.recurso_fim,
                        "",
                    )
                )
    finais = [v for v in versoes_resultado if v.tipo == TipoResultado.FINAL]
    if finais:
        inicio_validade = timezone.localdate(finais[0].publicado_em)
        fases.append(
            (
                "Validade da seleção",
                inicio_validade,
                somar_meses(inicio_validade, selecao.validade_meses),
                f"{selecao.validade_meses} meses a partir do resultado final",
            )
        )
    datadas = sorted(
        ((nome, inicio, fim, detalhe) for nome, inicio, fim, detalhe in fases if inicio),
        key=lambda fase: _como_datahora(fase[1]),
    )
    sem_data = [fase for fase in fases if fase[1] is None]
    return [
        Fase(nome, inicio, fim, _situacao_fase(inicio, fim, agora), detalhe)
        for nome, inicio, fim, detalhe in [*datadas, *sem_data]
    ]
