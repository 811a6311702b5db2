"""Consultas de inscrições: lista pública de seleções, listas e histórico do RH.

As consultas do RH recebem a seleção já obtida pelo escopo (``selecoes.acesso``).
"""

import secrets
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import BooleanField, Case, Count, Exists, OuterRef, Q, QuerySet, Value, When

from candidatos.models import AcessoDadoSensivel, CorRaca, Inscricao
from candidatos.selectors.sensiveis import ocultar
from candidatos.services.inscricoes import normalizar_codigo
from selecoes.models import Orgao, RegistroAuditoria, Selecao, VagaEstagio
from selecoes.selectors.auditoria import FraseAuditoria, frase_auditoria
from selecoes.validators import formatar_cpf, mascarar_cpf, somente_digitos

OCULTO = "—"


# ---------------------------------------------------------------- público


@dataclass(frozen=True, slots=True)
class VagaDoEdital:
    """Uma vaga de estágio como o candidato a vê no formulário de inscrição: o quadro
    do edital e a opção do campo "Vaga de estágio"."""

    id: int
    codigo: str
    area: str
    curso: str
    nivel: str
    municipio: str
    uf: str
    ofertadas: int
    sem_cadastro_reserva: bool
    valor_bolsa: Decimal
    carga_horaria_semanal: int

    @property
    def rotulo(self) -> str:
        return f"{self.codigo} — {self.area} ({self.municipio}/{self.uf})"


_CAMPOS_VAGA_DO_EDITAL = (
    "id",
    "codigo",
    "area",
    "curso",
    "nivel",
    "municipio",
    "uf",
    "vagas_ofertadas",
    "sem_cadastro_reserva",
    "valor_bolsa",
    "carga_horaria_semanal",
)


def vagas_do_edital(*, selecao_id: int) -> list[VagaDoEdital]:
    """As vagas de estágio da seleção, na ordem do edital, só com o que o formulário
    público mostra (uma consulta, sem montar modelos: uma seleção nacional tem
    centenas de vagas, e o formulário é aberto por cada candidato no pico)."""
    linhas = VagaEstagio.objects.filter(selecao_id=selecao_id).values_list(*_CAMPOS_VAGA_DO_EDITAL)
    return [VagaDoEdital(*linha) for linha in linhas]


def selecoes_com_inscricoes(
    *,
    agora: datetime,
    orgao: Orgao | None = None,
    uf: str = "",
    municipio: str = "",
    nivel: str = "",
    area: str = "",
) -> QuerySet[Selecao]:
    """Seleções publicadas com inscrições abertas ou ainda por abrir, de todos os órgãos.

    Os filtros de vaga valem para uma mesma vaga (UF, município, nível e área juntos).
    """
    vagas = VagaEstagio.objects.filter(selecao=OuterRef("pk"))
    if uf:
        vagas = vagas.filter(uf=uf)
    if municipio:
        vagas = vagas.filter(municipio__icontains=municipio)
    if nivel:
        vagas = vagas.filter(nivel=nivel)
    if area:
        vagas = vagas.filter(Q(area__icontains=area) | Q(curso__icontains=area))
    selecoes = (
        Selecao.objects.publicadas()
        .filter(inscricoes_fim__gte=agora)
        .filter(Exists(vagas))
        .select_related("orgao")
        .prefetch_related("vagas")
        .annotate(
            aberta=Case(
                When(inscricoes_inicio__lte=agora, then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            )
        )
        .order_by("-aberta", "inscricoes_fim", "inscricoes_inicio", "pk")
    )
    if orgao is not None:
        selecoes = selecoes.filter(orgao=orgao)
    return selecoes


def inscricao_por_comprovante(*, numero: str, codigo: str) -> Inscricao | None:
    """Inscrição pelo número + código de verificação (comparação em tempo constante)."""
    if "\x00" in numero:  # vem da URL; o PostgreSQL recusa NUL em texto (seria HTTP 500)
        return None
    # O número é único: sem a ordenação padrão (seleção, número), que o ORM montaria a
    # cada consulta de comprovante.
    inscricao = (
        Inscricao.objects.select_related("selecao__orgao", "vaga", "substituida_por")
        .filter(numero=numero.strip())
        .order_by("pk")
        .first()
    )
    if inscricao is None:
        return None
    # Em bytes: compare_digest recusa (TypeError) texto com caractere não ASCII.
    codigo_informado = normalizar_codigo(codigo).encode()
    if not secrets.compare_digest(inscricao.codigo_verificacao.encode(), codigo_informado):
        return None
    return inscricao


# ---------------------------------------------------------------- RH


def inscricoes_da_selecao(
    *,
    selecao: Selecao,
    q: str = "",
    vaga: VagaEstagio | None = None,
    concorre_negros: bool | None = None,
    concorre_pcd: bool | None = None,
    situacao: str = "",
) -> QuerySet[Inscricao]:
    """Inscrições da seleção; por padrão só as vigentes (sem as substituídas)."""
    inscricoes = Inscricao.objects.filter(selecao=selecao).select_related("vaga")
    if situacao == "":
        inscricoes = inscricoes.vigentes()
    elif situacao != "todas":
        inscricoes = inscricoes.filter(situacao=situacao)
    if vaga is not None:
        inscricoes = inscricoes.filter(vaga=vaga)
    if concorre_negros is not None:
        inscricoes = inscricoes.filter(concorre_negros=concorre_negros)
    if concorre_pcd is not None:
        inscricoes = inscricoes.filter(concorre_pcd=concorre_pcd)
    q = q.strip()
    if q:
        busca = Q(nome_civil__icontains=q) | Q(nome_social__icontains=q) | Q(numero__icontains=q)
        if len(somente_digitos(q)) == 11:
            busca |= Q(cpf=somente_digitos(q))
        inscricoes = inscricoes.filter(busca)
    return inscricoes.order_by("numero")


@dataclass(frozen=True)
class ContagemVaga:
    vaga: VagaEstagio
    total: int
    negros: int
    pcd: int


@dataclass(frozen=True)
class Contagens:
    """Inscrições vigentes por vaga e por categoria (todos concorrem na AC, art. 4º)."""

    por_vaga: list[ContagemVaga]
    total: int
    negros: int
    pcd: int


def contagens_da_selecao(*, selecao: Selecao) -> Contagens:
    linhas = (
        Inscricao.objects.vigentes()
        .filter(selecao=selecao)
        .values("vaga_id")
        .annotate(
            total=Count("id"),
            negros=Count("id", filter=Q(concorre_negros=True)),
            pcd=Count("id", filter=Q(concorre_pcd=True)),
        )
        .order_by()
    )
    por_id = {linha["vaga_id"]: linha for linha in linhas}
    vazia = {"total": 0, "negros": 0, "pcd": 0}
    por_vaga = [
        ContagemVaga(
            vaga=v,
            total=por_id.get(v.pk, vazia)["total"],
            negros=por_id.get(v.pk, vazia)["negros"],
            pcd=por_id.get(v.pk, vazia)["pcd"],
        )
        for v in selecao.vagas.all()
    ]
    return Contagens(
        por_vaga=por_vaga,
        total=sum(c.total for c in por_vaga),
        negros=sum(c.negros for c in por_vaga),
        pcd=sum(c.pcd for c in por_vaga),
    )


@dataclass(frozen=True)
class Historico:
    versoes: list[Inscricao]  # da mais antiga à mais recente, incluindo a consultada
    registros: QuerySet[RegistroAuditoria]
    acessos: QuerySet[AcessoDadoSensivel]
    ve_sensiveis: bool

    @property
    def frases(self) -> list[FraseAuditoria]:
        """Os registros em frases (quem, quando em Brasília, antes → depois), com as
        escolhas sensíveis ocultas para quem não é gestor."""
        mascara = None if self.ve_sensiveis else ocultar
        return [frase_auditoria(r, mascara=mascara) for r in self.registros]


def historico_da_inscricao(*, inscricao: Inscricao, ve_sensiveis: bool) -> Historico:
    """Cadeia de substituições do mesmo CPF na seleção e os registros de auditoria."""
    versoes = list(
        Inscricao.objects.filter(selecao_id=inscricao.selecao_id, cpf=inscricao.cpf)
        .select_related("vaga", "substitui")
        .order_by("criada_em", "pk")
    )
    ids = [v.pk for v in versoes]
    return Historico(
        versoes=versoes,
        registros=RegistroAuditoria.objects.filter(inscricao_id__in=ids).order_by(
            "-criado_em", "-pk"
        ),
        acessos=AcessoDadoSensivel.objects.filter(inscricao=inscricao).select_related("usuario")[
            :50
        ],
        ve_sensiveis=ve_sensiveis,
    )


@dataclass(frozen=True)
class DadosSensiveisExibidos:
    """O que cada papel vê: gestor vê tudo; operador e auditor, mascarado."""

    completos: bool
    cpf: str
    cor_raca: str
    pcd: str
    categorias_orgao: tuple[tuple[Any, bool, Any], ...] = ()
    """(categoria do edital, concorre?, documento ou None), só para o gestor."""


def formatar_telefone(digitos: str) -> str:
    """(61) 99999-0000 ou (61) 3333-0000; outro formato fica como está."""
    if len(digitos) == 11:
        return f"({digitos[:2]}) {digitos[2:7]}-{digitos[7:]}"
    if len(digitos) == 10:
        return f"({digitos[:2]}) {digitos[2:6]}-{digitos[6:]}"
    return digitos


def dados_sensiveis(
    inscricao: Inscricao, *, ve_sensiveis: bool, com_categorias: bool = False
) -> DadosSensiveisExibidos:
    """Cor/raça, deficiência e CPF completo só para gestores (LGPD, art. 11)."""
    if not ve_sensiveis:
        return DadosSensiveisExibidos(
            completos=False, cpf=mascarar_cpf(inscricao.cpf), cor_raca=OCULTO, pcd=OCULTO
        )
    documentos = (
        {d.categoria: d for d in inscricao.documentos_categoria.all()} if com_categorias else {}
    )
    return DadosSensiveisExibidos(
        completos=True,
        cpf=formatar_cpf(inscricao.cpf),
        cor_raca=CorRaca(inscricao.cor_raca).label,
        pcd="Sim" if inscricao.pcd else "Não",
        categorias_orgao=tuple(
            (c, c.categoria in (inscricao.concorre_categorias or ()), documentos.get(c.categoria))
            for c in (inscricao.selecao.categorias_orgao.all() if com_categorias else ())
        ),
    )
