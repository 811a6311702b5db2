"""Leituras do monitoramento (art. 5º) e do cadastro de empresas (art. 6º).

Quem vê o quê (``docs/monitoramento.md``):

- perfil de monitoramento ativo: agregados de todos os órgãos, sempre com
  supressão de células pequenas, nunca dados de uma pessoa;
- gestor(a) e auditor(a): o mesmo relatório restrito aos seus órgãos; sem
  supressão só quando é gestor(a) de todos eles (já vê os dados individuais);
- operador(a): não acessa o painel de monitoramento (necessidade, LGPD art. 6º,
  III), mas edita o cadastro de empresas do seu órgão.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import (
    BooleanField,
    Case,
    Count,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.functions import ExtractYear
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoProcesso,
    TipoResultado,
)
from candidatos.selectors.classificacao import modalidades_atuais
from relatorios.documentos.construtores import Conteudo
from relatorios.models import Documento, EmpresaTerceirizada, PerfilMonitoramento, TipoDocumento
from relatorios.monitoramento.aprendizes import (
    BASE_LEGAL,
    EmpresaCandidata,
    calcular_cota,
)
from relatorios.monitoramento.indicadores import (
    LIMITE_SUPRESSAO,
    SUBTOTAL,
    TOTAL,
    ContratoEmpresa,
    Dados,
    GrupoConvocacoes,
    GrupoInscricoes,
    SelecaoDados,
    VagaDados,
    celulas,
    montar_cubo,
    orgaos_do_ano,
)
from relatorios.monitoramento.indicadores.painel import Painel
from selecoes import acesso
from selecoes.models import (
    UF,
    CategoriaEdital,
    NivelEnsino,
    Orgao,
    Papel,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
)

PAPEIS_PAINEL = (Papel.GESTOR, Papel.AUDITOR)
MENSAGEM_SEM_PAINEL = (
    f"O painel de monitoramento é para {acesso.papeis_por_extenso(PAPEIS_PAINEL)} de um "
    "órgão e para a equipe de monitoramento, com o perfil de monitoramento "
    "(Decreto nº 9.427/2018, art. 5º)."
)


@dataclass(frozen=True)
class EscopoMonitoramento:
    orgaos: tuple[Orgao, ...]
    suprimir: bool
    """Células de 1 a 4 pessoas viram "< 5" (e as que as revelariam, "X")."""
    monitoramento: bool
    """Perfil do art. 5º: vê todos os órgãos."""

    @property
    def orgao_ids(self) -> list[int]:
        return [o.pk for o in self.orgaos]

    @property
    def siglas(self) -> dict[int, str]:
        return {o.pk: o.sigla for o in self.orgaos}


def tem_perfil_monitoramento(usuario: acesso.Usuario) -> bool:
    return (
        usuario.is_authenticated
        and PerfilMonitoramento.objects.filter(usuario=usuario, ativo=True).exists()
    )


def ve_painel_monitoramento(usuario: acesso.Usuario) -> bool:
    """Quem ``escopo_monitoramento`` deixa entrar (o menu pergunta a mesma coisa)."""
    return (
        tem_perfil_monitoramento(usuario)
        or acesso.orgaos_do_usuario(usuario, PAPEIS_PAINEL).exists()
    )


def escopo_monitoramento(usuario: acesso.Usuario) -> EscopoMonitoramento:
    """Órgãos cujos agregados o usuário vê, e se há supressão; 403 para os demais."""
    if tem_perfil_monitoramento(usuario):
        return EscopoMonitoramento(tuple(Orgao.objects.all()), suprimir=True, monitoramento=True)
    orgaos = tuple(acesso.orgaos_do_usuario(usuario, PAPEIS_PAINEL).order_by("sigla"))
    if not orgaos:
        raise PermissionDenied(MENSAGEM_SEM_PAINEL)
    gestor_de = set(acesso.orgaos_do_usuario(usuario, (Papel.GESTOR,)).values_list("pk", flat=True))
    return EscopoMonitoramento(
        orgaos, suprimir=not {o.pk for o in orgaos} <= gestor_de, monitoramento=False
    )


Ids = Sequence[int] | None
"""Órgãos a consultar; ``None`` = todos."""


def _dos_orgaos(caminho: str, orgao_ids: Ids) -> Q:
    return Q() if orgao_ids is None else Q(**{f"{caminho}__in": list(orgao_ids)})


def _filtro_vaga(prefixo: str, nivel: str, uf: str) -> Q:
    q = Q()
    if nivel:
        q &= Q(**{f"{prefixo}nivel": nivel})
    if uf:
        q &= Q(**{f"{prefixo}uf": uf})
    return q


def _selecoes(orgao_ids: Ids, nivel: str, uf: str) -> list[SelecaoDados]:
    selecoes = Selecao.objects.publicadas().filter(_dos_orgaos("orgao_id", orgao_ids))
    vagas_por_selecao: dict[int, list[VagaDados]] = {}
    filtro = _filtro_vaga("", nivel, uf)
    no_filtro = (
        Case(When(filtro, then=Value(True)), default=Value(False)) if filtro else Value(True)
    )
    vagas = (
        VagaEstagio.objects.filter(selecao__in=selecoes)
        .annotate(no_filtro=no_filtro)
        .order_by("selecao_id", "ordem", "codigo")
        .values_list("selecao_id", "codigo", "vagas_ofertadas", "no_filtro")
    )
    for selecao_id, codigo, ofertadas, no_filtro in vagas:
        vagas_por_selecao.setdefault(selecao_id, []).append(
            VagaDados(codigo, ofertadas, bool(no_filtro))
        )
    outras: dict[int, list[tuple[str, Decimal]]] = {}
    for selecao_id, categoria, percentual in (
        CategoriaEdital.objects.filter(selecao__in=selecoes)
        .order_by("selecao_id", "ordem", "pk")
        .values_list("selecao_id", "categoria", "percentual")
    ):
        outras.setdefault(selecao_id, []).append((categoria, percentual))
    linhas = selecoes.order_by().values_list(
        "pk",
        "orgao_id",
        "data_publicacao_edital",
        "reserva_pcd",
        "percentual_pcd",
        "sequencia_explicita",
        "versao_regras",
        "base_reserva",
        "percentual_negros",
    )
    return [
        SelecaoDados(
            orgao_id=orgao_id,
            data_publicacao=data,
            vagas=tuple(vagas_por_selecao.get(pk, ())),
            reserva_pcd=reserva_pcd,
            percentual_pcd=percentual_pcd,
            sequencia_explicita=explicita,
            versao_regras=versao,
            base_reserva=base,
            percentual_negros=negros,
            outras=tuple(outras.get(pk, ())),
        )
        for pk, orgao_id, data, reserva_pcd, percentual_pcd, explicita, versao, base, negros in (
            linhas
        )
    ]


def _inscricoes(orgao_ids: Ids, nivel: str, uf: str) -> list[GrupoInscricoes]:
    linhas = (
        Inscricao.objects.vigentes()
        .filter(_dos_orgaos("selecao__orgao_id", orgao_ids))
        .exclude(selecao__situacao=SituacaoSelecao.RASCUNHO)
        .filter(_filtro_vaga("vaga__", nivel, uf))
        .values(
            "cor_raca",
            "concorre_negros",
            "concorre_pcd",
            "concorre_categorias",
            ano=ExtractYear("selecao__data_publicacao_edital"),
            orgao_id=F("selecao__orgao_id"),
        )
        .annotate(
            total=Count("pk"),
            aprovados=Count("pk", filter=Q(avaliacao__situacao=SituacaoAvaliacao.APROVADO)),
        )
        .order_by()
    )
    return [
        GrupoInscricoes(
            ano=linha["ano"],
            orgao_id=linha["orgao_id"],
            cor_raca=linha["cor_raca"],
            concorre_negros=linha["concorre_negros"],
            concorre_pcd=linha["concorre_pcd"],
            total=linha["total"],
            aprovados=linha["aprovados"],
            concorre_categorias=tuple(linha["concorre_categorias"] or ()),
        )
        for linha in linhas
    ]


def _convocacoes(orgao_ids: Ids, nivel: str, uf: str) -> list[GrupoConvocacoes]:
    """Uma linha por convocação, contada pela modalidade atual (art. 4º, § 1º; regras,
    § 4), não pela registrada na chamada."""
    negra = Q(inscricao__cor_raca__in=["preta", "parda"])
    tce = Q(data_inicio__isnull=False) & ~Q(numero_tce="")
    linhas = list(
        Convocacao.objects.filter(_dos_orgaos("vaga__selecao__orgao_id", orgao_ids))
        .exclude(vaga__selecao__situacao=SituacaoSelecao.RASCUNHO)
        .filter(_filtro_vaga("vaga__", nivel, uf))
        .values(
            "pk",
            "vaga_id",
            "modalidade",
            "situacao",
            ano=ExtractYear("vaga__selecao__data_publicacao_edital"),
            orgao_id=F("vaga__selecao__orgao_id"),
            concorre_negros=F("inscricao__concorre_negros"),
            pessoa_negra=Case(When(negra, then=Value(True)), default=Value(False)),
            assinou_tce=Case(
                When(tce, then=Value(True)), default=Value(False), output_field=BooleanField()
            ),
            tem_final=Exists(
                ResultadoVersao.objects.filter(
                    selecao=OuterRef("vaga__selecao"), tipo=TipoResultado.FINAL
                )
            ),
        )
        .order_by()
    )
    # Sem resultado final não há ordem do motor a seguir: vale a modalidade registrada.
    atuais = modalidades_atuais(
        (linha["pk"], linha["vaga_id"], linha["modalidade"])
        for linha in linhas
        if linha["tem_final"]
    )
    grupos: Counter[tuple[Any, ...]] = Counter()
    for original in linhas:
        linha: dict[str, Any] = dict(original)
        pk, _vaga, _final = linha.pop("pk"), linha.pop("vaga_id"), linha.pop("tem_final")
        linha["modalidade"] = atuais.get(pk, linha["modalidade"])
        grupos[tuple(sorted(linha.items()))] += 1
    return [GrupoConvocacoes(**dict(chave), total=total) for chave, total in grupos.items()]


def _eliminacoes(orgao_ids: Ids, nivel: str, uf: str) -> list[tuple[int, int, int]]:
    """Art. 2º, parágrafo único: processos procedentes, uma vez por inscrição."""
    linhas = (
        ProcessoEliminacao.objects.filter(situacao=SituacaoProcesso.PROCEDENTE)
        .filter(_dos_orgaos("inscricao__selecao__orgao_id", orgao_ids))
        .filter(_filtro_vaga("inscricao__vaga__", nivel, uf))
        .values(
            ano=ExtractYear("inscricao__selecao__data_publicacao_edital"),
            orgao=F("inscricao__selecao__orgao_id"),
        )
        .annotate(total=Count("inscricao", distinct=True))
        .order_by()
    )
    return [(l["ano"], l["orgao"], l["total"]) for l in linhas]  # noqa: E741


def _contratos(orgao_ids: Ids) -> list[ContratoEmpresa]:
    """Art. 6º: cada contrato conta uma vez por ano, pela comprovação mais recente."""
    linhas = (
        EmpresaTerceirizada.objects.com_contrato()
        .filter(_dos_orgaos("orgao_id", orgao_ids))
        .order_by("data_referencia")
        .values_list(
            "orgao_id",
            "cnpj",
            "numero_contrato",
            "data_referencia",
            "empregados_formacao",
            "aprendizes",
            "porte",
        )
    )
    ultimos: dict[tuple[int, str, str, int], ContratoEmpresa] = {}
    for orgao_id, cnpj, numero, data, base, aprendizes, porte in linhas:
        cota = calcular_cota(base=base, aprendizes=aprendizes, porte=porte)
        ultimos[(orgao_id, cnpj, numero, data.year)] = ContratoEmpresa(data.year, orgao_id, cota)
    return list(ultimos.values())


def dados_indicadores(*, orgao_ids: Ids, nivel: str = "", uf: str = "") -> Dados:
    """Tudo o que os indicadores precisam em seis consultas agregadas (nenhuma por linha),
    mais o motor das vagas com resultado final e alguma convocação fora da ampla
    concorrência (a modalidade atual, art. 4º, § 1º).

    Os contratos do art. 6º não têm nível nem UF: o filtro não se aplica a eles.
    """
    ids = None if orgao_ids is None else list(orgao_ids)
    return Dados(
        selecoes=_selecoes(ids, nivel, uf),
        inscricoes=_inscricoes(ids, nivel, uf),
        convocacoes=_convocacoes(ids, nivel, uf),
        eliminacoes=_eliminacoes(ids, nivel, uf),
        contratos=_contratos(ids),
        filtrado=bool(nivel or uf),
    )


def anos_com_dados(orgao_ids: Sequence[int]) -> list[int]:
    """Anos de publicação de editais (e de comprovações do art. 6º), do mais recente."""
    editais = (
        Selecao.objects.publicadas()
        .filter(orgao_id__in=orgao_ids)
        .annotate(ano=ExtractYear("data_publicacao_edital"))
        .values_list("ano", flat=True)
        .distinct()
    )
    contratos = (
        EmpresaTerceirizada.objects.filter(orgao_id__in=orgao_ids)
        .annotate(ano=ExtractYear("data_referencia"))
        .values_list("ano", flat=True)
        .distinct()
    )
    return sorted(set(editais) | set(contratos), reverse=True)


def empresas_no_escopo(
    usuario: acesso.Usuario, papeis: Sequence[Papel] = acesso.PAPEIS_RH
) -> QuerySet[EmpresaTerceirizada]:
    """Cadastro do art. 6º, só dos órgãos do usuário (objeto de outro órgão → 404)."""
    return acesso.escopo(
        EmpresaTerceirizada.objects.select_related("orgao"), usuario, papeis=papeis
    )


def candidatas(empresas: Sequence[EmpresaTerceirizada]) -> list[EmpresaCandidata]:
    return [
        EmpresaCandidata(
            identificador=e.pk,
            cnpj=e.cnpj,
            razao_social=e.razao_social,
            cota=e.cota,
            data_referencia=e.data_referencia,
        )
        for e in empresas
    ]


def ano_padrao(anos: Sequence[int], hoje: date) -> int:
    """O ano mais recente com dados; sem dados, o ano corrente."""
    return anos[0] if anos else hoje.year


def painel_monitoramento(
    *,
    escopo: EscopoMonitoramento,
    ano: int | None = None,
    orgao: Orgao | None = None,
    nivel: str = "",
    uf: str = "",
    suprimir: bool | None = None,
    hoje: date,
) -> Painel:
    """Indicadores de todos os anos do escopo (a supressão é calculada sobre o escopo
    inteiro, e só depois se escolhe o órgão exibido, para que telas diferentes nunca
    se subtraiam)."""
    anos = anos_com_dados(escopo.orgao_ids)
    ano = ano if ano in anos else ano_padrao(anos, hoje)
    suprimir = escopo.suprimir if suprimir is None else suprimir
    # Com supressão, o cálculo é sempre sobre todos os órgãos: o padrão de células
    # omitidas de um órgão é o mesmo em qualquer tela ou documento (ver a doc).
    global_ = suprimir and not escopo.monitoramento
    ids = None if (escopo.monitoramento or global_) else escopo.orgao_ids
    cubo = montar_cubo(dados_indicadores(orgao_ids=ids, nivel=nivel, uf=uf))
    if global_:
        proprios = escopo.orgao_ids
        chave_total: int | None = SUBTOTAL if len(proprios) > 1 else proprios[0]
    else:
        chave_total = TOTAL
    visiveis = set(escopo.orgao_ids)
    return Painel(
        escopo=escopo,
        ano=ano,
        anos=tuple(sorted(set(anos) | {ano})),
        orgao=orgao,
        nivel=nivel,
        uf=uf,
        suprimir=suprimir,
        cels=celulas(
            cubo,
            suprimir_pequenas=suprimir,
            subconjunto=escopo.orgao_ids if chave_total == SUBTOTAL else (),
        ),
        orgaos_do_ano=tuple(
            sorted(
                (o for o in orgaos_do_ano(cubo, ano) if o in visiveis),
                key=lambda o: escopo.siglas.get(o, ""),
            )
        ),
        chave_total=chave_total,
    )


def contexto_relatorio_anual(
    *,
    orgao_ids: Sequence[int] | None,
    ano: int,
    orgao_id: int | None = None,
    nivel: str = "",
    uf: str = "",
    hoje: date,
) -> dict[str, object]:
    """Contexto do template ``relatorios/pdf/relatorio_anual.html`` (art. 5º).

    Recebe só valores simples (a tarefa do PDF não tem usuário): ``orgao_ids=None``
    é o consolidado de todos os órgãos (perfil de monitoramento). O relatório é um
    documento que circula: a supressão de células pequenas vale sempre.
    """
    orgaos = Orgao.objects.order_by("sigla")
    if orgao_ids is not None:
        orgaos = orgaos.filter(pk__in=orgao_ids)
    escopo = EscopoMonitoramento(tuple(orgaos), suprimir=True, monitoramento=orgao_ids is None)
    orgao = next((o for o in escopo.orgaos if o.pk == orgao_id), None)
    painel = painel_monitoramento(
        escopo=escopo, ano=ano, orgao=orgao, nivel=nivel, uf=uf, suprimir=True, hoje=hoje
    )
    return {
        "painel": painel,
        "resumo": painel.resumo(),
        "graficos": painel.graficos(),
        "titulo": f"Relatório anual de monitoramento da reserva de vagas — {painel.ano}",
        "gerado_em": hoje,
        "limite": LIMITE_SUPRESSAO,
        "nivel_rotulo": NivelEnsino(nivel).label if nivel else "",
        "uf_rotulo": UF(uf).label if uf else "",
        "base_legal_art6": BASE_LEGAL,
    }


def documento_relatorio_anual(documento: Documento) -> Conteudo:
    """Construtor do tipo ``relatorio_anual`` no registro de ``relatorios.documentos.construtores``.

    ``documento.parametros``: ``ano``, ``orgao_ids`` (``None`` = todos os órgãos),
    ``orgao_id`` (órgão exibido ou ``None``), ``nivel`` e ``uf``.
    """
    p = documento.parametros
    contexto = contexto_relatorio_anual(
        orgao_ids=p.get("orgao_ids"),
        ano=int(p["ano"]),
        orgao_id=p.get("orgao_id"),
        nivel=p.get("nivel", ""),
        uf=p.get("uf", ""),
        hoje=timezone.localdate(),
    )
    return Conteudo(
        template="relatorios/pdf/relatorio_anual.html",
        titulo=documento.titulo,
        contexto=contexto,
    )


def relatorios_anuais(escopo: EscopoMonitoramento) -> QuerySet[Documento]:
    """PDFs do relatório anual que o usuário pode abrir (os mais recentes primeiro)."""
    documentos = Documento.objects.filter(tipo=TipoDocumento.RELATORIO_ANUAL)
    if not escopo.monitoramento:
        documentos = documentos.filter(orgao_id__in=escopo.orgao_ids)
    return documentos.select_related("orgao").order_by("-solicitado_em")


def orgao_do_relatorio_anual(painel: Painel, usuario: acesso.Usuario) -> Orgao | None:
    """O órgão do PDF; ``None`` = todos (só o monitoramento). Levanta ``ValueError``
    com a explicação quando o usuário não pode pedir este relatório."""
    if painel.escopo.monitoramento:
        return painel.orgao
    orgao = painel.orgao or (painel.escopo.orgaos[0] if len(painel.escopo.orgaos) == 1 else None)
    if orgao is None:
        raise ValueError("Escolha um órgão no filtro para gerar o relatório anual em PDF.")
    if acesso.papel_no_orgao(usuario, orgao) is not Papel.GESTOR:
        raise ValueError("Somente gestores e a equipe de monitoramento geram o relatório em PDF.")
    return orgao


def pode_gerar_relatorio(painel: Painel, usuario: acesso.Usuario) -> bool:
    try:
        orgao_do_relatorio_anual(painel, usuario)
    except ValueError:
        return False
    return True
