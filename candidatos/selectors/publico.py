"""Leituras das páginas públicas: seleções publicadas, resultados e a situação do candidato.

Dos resultados sai somente o que o Decreto nº 9.427/2018 manda publicar (art. 1º,
§ 3º; art. 4º) e o que ``docs/resultado.md`` congela: número de inscrição, nome de
exibição e a pertença às listas. Nunca CPF, cor/raça, deficiência, e-mail ou data
de nascimento. O estado vivo (convocado, contratado, desistente, eliminado) vem das
tabelas e aparece sem motivos.
"""

from __future__ import annotations

import calendar
import hmac
import re
import threading
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    Inscricao,
    Modalidade,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    TipoResultado,
)
from relatorios.models import Documento, StatusDocumento
from selecoes.models import (
    CriterioDesempate,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
    VersaoEdital,
)
from selecoes.validators import cpf_valido, mascarar_cpf, somente_digitos

POR_PAGINA_RESULTADO = 50

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


@dataclass(frozen=True)
class DocumentoPublico:
    id: int
    titulo: str
    tipo: str
    gerado_em: datetime | None
    hash_arquivo: str
    desatualizado: bool
    url: str


def _url(nome: str, argumento: object, caminho: str) -> str:
    """URL nomeada quando a rota existe; senão, o caminho combinado entre as equipes."""
    try:
        return reverse(nome, args=[argumento])
    except NoReverseMatch:
        return caminho


def documentos_publicos(*, selecao: Selecao) -> list[DocumentoPublico]:
    """PDFs públicos e prontos da seleção (edital, anexos, listas de resultado)."""
    documentos = Documento.objects.filter(
        selecao=selecao, publico=True, status=StatusDocumento.PRONTO
    ).order_by("tipo", "-gerado_em", "-pk")
    return [
        DocumentoPublico(
            id=d.pk,
            titulo=d.titulo,
            tipo=d.get_tipo_display(),
            gerado_em=d.gerado_em,
            hash_arquivo=d.hash_arquivo,
            desatualizado=d.desatualizado,
            url=_url("documentos:baixar", d.pk, f"/documentos/{d.pk}/baixar/"),
        )
        for d in documentos
    ]


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


def somar_meses(dia: date, meses: int) -> date:
    mes = dia.month - 1 + meses
    ano, mes = dia.year + mes // 12, mes % 12 + 1
    return date(ano, mes, min(dia.day, calendar.monthrange(ano, mes)[1]))


def cronograma(
    *,
    selecao: Selecao,
    versoes_edital: list[VersaoEdital],
    versoes_resultado: list[VersaoResumo],
    agora: datetime,
) -> list[Fase]:
    """Fases da seleção com datas, da publicação do edital ao fim da validade."""
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
    for tipo in (TipoResultado.PRELIMINAR, TipoResultado.FINAL):
        do_tipo = [v for v in versoes_resultado if v.tipo == tipo]
        if not do_tipo:
            fases.append((f"{tipo.label} (a publicar)", None, None, ""))
        for versao in do_tipo:
            fases.append((f"Publicação: {versao.rotulo}", versao.publicado_em, None, versao.motivo))
            if versao.recurso_inicio and versao.recurso_fim:
                fases.append(
                    (
                        f"Prazo de recurso — {versao.rotulo}",
                        versao.recurso_inicio,
                        versao.recurso_fim,
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
    datadas = [f for f in fases if f[1] is not None]
    sem_data = [f for f in fases if f[1] is None]
    datadas.sort(key=lambda f: _como_datahora(f[1]))  # type: ignore[arg-type]
    return [
        Fase(nome, inicio, fim, _situacao_fase(inicio, fim, agora), detalhe)
        for nome, inicio, fim, detalhe in datadas + sem_data
    ]


# --------------------------------------------------------------------------- resultados


@dataclass(frozen=True)
class VersaoResumo:
    """Uma versão publicada de resultado, sem o conteúdo (que é grande)."""

    id: int
    tipo: str
    numero: int
    publicado_em: datetime
    motivo: str
    recurso_inicio: datetime | None
    recurso_fim: datetime | None
    hash_conteudo: str

    @property
    def slug(self) -> str:
        return f"{self.tipo}-{self.numero}"

    @property
    def rotulo(self) -> str:
        return f"{TipoResultado(self.tipo).label}, versão {self.numero}"


_CAMPOS_VERSAO = (
    "id",
    "tipo",
    "numero",
    "publicado_em",
    "motivo",
    "recurso_inicio",
    "recurso_fim",
    "hash_conteudo",
)


def versoes_resultado(*, selecao_id: int, agora: datetime) -> list[VersaoResumo]:
    """Histórico de versões publicadas (preliminar e finais), da mais antiga à mais nova."""
    linhas = (
        ResultadoVersao.objects.filter(selecao_id=selecao_id, publicado_em__lte=agora)
        .exclude(selecao__situacao=SituacaoSelecao.RASCUNHO)
        .order_by("publicado_em", "pk")
        .values_list(*_CAMPOS_VERSAO)
    )
    return [VersaoResumo(*linha) for linha in linhas]


def versao_vigente(versoes: list[VersaoResumo]) -> VersaoResumo | None:
    """A que vale agora: a última final; sem final, a última preliminar."""
    finais = [v for v in versoes if v.tipo == TipoResultado.FINAL]
    candidatas = finais or versoes
    return max(candidatas, key=lambda v: (v.publicado_em, v.numero), default=None)


def versao_pelo_slug(versoes: list[VersaoResumo], slug: str) -> VersaoResumo | None:
    if slug == "atual":
        return versao_vigente(versoes)
    return next((v for v in versoes if v.slug == slug), None)


LISTAS = {
    "classificacao": "Classificação geral",
    "negros": "Lista de candidatos negros",
    "pcd": "Lista de pessoas com deficiência",
    "convocacao": "Ordem de convocação",
}


@dataclass(frozen=True, slots=True)
class LinhaLista:
    posicao: int
    classificacao: int | None
    inscricao: str
    nome: str
    nota_final: str
    listas: tuple[str, ...]
    modalidade: str
    busca: str

    @property
    def rotulo_listas(self) -> str:
        return ", ".join(ROTULOS_LISTAS_RESERVA.get(lista, lista) for lista in self.listas)


ROTULOS_LISTAS_RESERVA = {"negros": "Candidatos negros", "pcd": "Pessoas com deficiência"}


@dataclass(frozen=True)
class VagaResultado:
    codigo: str
    area: str
    municipio: str
    uf: str
    ofertadas: int
    reservadas: dict[str, int]
    linhas: dict[str, tuple[LinhaLista, ...]]
    explicacoes: dict[str, str]

    @property
    def listas_disponiveis(self) -> list[tuple[str, str]]:
        """PcD só aparece quando a seleção reserva para PcD (Lei 11.788/2008, art. 17, § 5º)."""
        return [
            (chave, rotulo)
            for chave, rotulo in LISTAS.items()
            if chave != "pcd" or "pcd" in self.reservadas or self.linhas["pcd"]
        ]


@dataclass(frozen=True)
class ResultadoPublicado:
    versao_id: int
    selecao: dict[str, Any]
    reserva: dict[str, Any]
    vagas: dict[str, VagaResultado] = field(default_factory=dict)


def normalizar(texto: str) -> str:
    """Minúsculas sem acentos, para buscar "jose" e achar "José"."""
    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    return " ".join(sem_acento.casefold().split())


ROTULOS_MODALIDADE = dict(Modalidade.choices)


def _vaga_do_conteudo(dados: dict[str, Any]) -> VagaResultado:
    classificacao = dados.get("classificacao", [])
    por_inscricao: dict[str, dict[str, Any]] = {c["inscricao"]: c for c in classificacao}
    geral = tuple(
        LinhaLista(
            posicao=c["posicao"],
            classificacao=c["posicao"],
            inscricao=c["inscricao"],
            nome=c["nome"],
            nota_final=c.get("nota_final") or "",
            listas=tuple(c.get("listas", ())),
            modalidade="",
            busca=normalizar(c["nome"]),
        )
        for c in classificacao
    )

    def lista(numeros: list[str]) -> tuple[LinhaLista, ...]:
        linhas = []
        for indice, numero in enumerate(numeros, start=1):
            c = por_inscricao.get(numero, {})
            nome = c.get("nome", "")
            linhas.append(
                LinhaLista(
                    posicao=indice,
                    classificacao=c.get("posicao"),
                    inscricao=numero,
                    nome=nome,
                    nota_final=c.get("nota_final") or "",
                    listas=tuple(c.get("listas", ())),
                    modalidade="",
                    busca=normalizar(nome),
                )
            )
        return tuple(linhas)

    convocacao = tuple(
        LinhaLista(
            posicao=c["ordem"],
            classificacao=por_inscricao.get(c["inscricao"], {}).get("posicao"),
            inscricao=c["inscricao"],
            nome=c["nome"],
            nota_final=por_inscricao.get(c["inscricao"], {}).get("nota_final") or "",
            listas=tuple(por_inscricao.get(c["inscricao"], {}).get("listas", ())),
            modalidade=ROTULOS_MODALIDADE.get(c["modalidade"], c["modalidade"]),
            busca=normalizar(c["nome"]),
        )
        for c in dados.get("convocacao", [])
    )
    return VagaResultado(
        codigo=dados["codigo"],
        area=dados.get("area", ""),
        municipio=dados.get("municipio", ""),
        uf=dados.get("uf", ""),
        ofertadas=int(dados.get("ofertadas", 0)),
        reservadas={k: int(v) for k, v in (dados.get("reservadas") or {}).items()},
        linhas={
            "classificacao": geral,
            "negros": lista(dados.get("lista_negros", [])),
            "pcd": lista(dados.get("lista_pcd", [])),
            "convocacao": convocacao,
        },
        explicacoes=dict(dados.get("explicacoes", {})),
    )


def interpretar_conteudo(versao_id: int, conteudo: dict[str, Any]) -> ResultadoPublicado:
    return ResultadoPublicado(
        versao_id=versao_id,
        selecao=dict(conteudo.get("selecao", {})),
        reserva=dict(conteudo.get("reserva", {})),
        vagas={v["codigo"]: _vaga_do_conteudo(v) for v in conteudo.get("vagas", [])},
    )


class _MemoriaDeVersoes:
    """Versões já interpretadas neste processo: o conteúdo é imutável e o hash o identifica."""

    def __init__(self, capacidade: int = 8) -> None:
        self._itens: OrderedDict[tuple[int, str], ResultadoPublicado] = OrderedDict()
        self._capacidade = capacidade
        self._trava = threading.Lock()

    def obter(self, versao: VersaoResumo) -> ResultadoPublicado:
        chave = (versao.id, versao.hash_conteudo)
        with self._trava:
            if chave in self._itens:
                self._itens.move_to_end(chave)
                return self._itens[chave]
        conteudo = ResultadoVersao.objects.values_list("conteudo", flat=True).get(pk=versao.id)
        resultado = interpretar_conteudo(versao.id, conteudo)
        with self._trava:
            self._itens[chave] = resultado
            while len(self._itens) > self._capacidade:
                self._itens.popitem(last=False)
        return resultado


_memoria = _MemoriaDeVersoes()


def resultado_publicado(versao: VersaoResumo) -> ResultadoPublicado:
    return _memoria.obter(versao)


_CPF_FORMATADO = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")


def parece_cpf(termo: str) -> bool:
    """A busca pública nunca aceita CPF (nem deixa o CPF na URL e nos registros)."""
    termo = termo.strip()
    return bool(_CPF_FORMATADO.fullmatch(termo)) or (
        termo.isdigit() and len(termo) == 11 and cpf_valido(termo)
    )


def buscar(linhas: tuple[LinhaLista, ...], termo: str) -> tuple[LinhaLista, ...]:
    """Busca por nome (sem acentos, qualquer parte) ou por número de inscrição."""
    termo = termo.strip()
    if not termo:
        return linhas
    if any(caractere.isdigit() for caractere in termo):
        numero = termo.upper()
        return tuple(linha for linha in linhas if numero in linha.inscricao.upper())
    alvo = normalizar(termo)
    return tuple(linha for linha in linhas if alvo in linha.busca)


# --------------------------------------------------------------------------- estado vivo


class SituacaoPublica:
    """Rótulos públicos do estado atual: sem motivos (arts. 2º, parágrafo único, e 4º, § 2º)."""

    CONVOCADO = "Convocado(a)"
    CONTRATADO = "Contratado(a)"
    DESISTENTE = "Desistente"
    ELIMINADO = "Eliminado(a)"
    DESLIGADO = "Desligado(a)"


_PELA_CONVOCACAO = {
    SituacaoConvocacao.AGUARDANDO: SituacaoPublica.CONVOCADO,
    SituacaoConvocacao.ACEITA: SituacaoPublica.CONVOCADO,
    SituacaoConvocacao.CONTRATADO: SituacaoPublica.CONTRATADO,
    SituacaoConvocacao.RECUSADA: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.NAO_COMPARECEU: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.DESISTIU: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.ELIMINADO: SituacaoPublica.ELIMINADO,
    SituacaoConvocacao.DESLIGADO: SituacaoPublica.DESLIGADO,
}
_PELA_INSCRICAO = {
    SituacaoInscricao.DESISTENTE: SituacaoPublica.DESISTENTE,
    SituacaoInscricao.ELIMINADA: SituacaoPublica.ELIMINADO,
}


def situacao_publica(*, convocacao: str | None, inscricao: str | None) -> str:
    """Eliminação e desistência da inscrição prevalecem sobre a convocação."""
    if inscricao in _PELA_INSCRICAO:
        return _PELA_INSCRICAO[inscricao]  # type: ignore[index]
    if convocacao in _PELA_CONVOCACAO:
        return _PELA_CONVOCACAO[convocacao]  # type: ignore[index]
    return ""


def situacoes_atuais(*, selecao_id: int, codigo: str) -> dict[str, str]:
    """Número de inscrição → estado público atual, numa só ida ao banco.

    Só as inscrições convocadas, desistentes ou eliminadas da vaga (poucas), mesmo
    quando a classificação tem milhares de candidatos.
    """
    convocacoes = Convocacao.objects.filter(
        vaga__selecao_id=selecao_id, vaga__codigo=codigo
    ).values_list("inscricao__numero", "situacao", Value("c"))
    inscricoes = Inscricao.objects.filter(
        vaga__selecao_id=selecao_id,
        vaga__codigo=codigo,
        situacao__in=list(_PELA_INSCRICAO),
    ).values_list("numero", "situacao", Value("i"))
    por_numero: dict[str, dict[str, str]] = {}
    for numero, situacao, origem in convocacoes.union(inscricoes, all=True):
        por_numero.setdefault(numero, {})[origem] = situacao
    resultado = {}
    for numero, estados in por_numero.items():
        rotulo = situacao_publica(convocacao=estados.get("c"), inscricao=estados.get("i"))
        if rotulo:
            resultado[numero] = rotulo
    return resultado


# --------------------------------------------------------------------------- minha situação

_CPF_FICTICIO = b"00000000000"
_CODIGO_FICTICIO = b"----------------"


def localizar_inscricao(*, numero: str, cpf: str = "", codigo: str = "") -> int | None:
    """Id da inscrição quando número e CPF (ou código de verificação) conferem.

    "Não existe" e "CPF errado" fazem o mesmo trabalho — uma consulta e duas
    comparações em tempo constante — e dão a mesma resposta.
    """
    registro = (
        Inscricao.objects.filter(numero=numero.strip().upper())
        .values_list("pk", "cpf", "codigo_verificacao")
        .first()
    )
    pk, cpf_real, codigo_real = (
        (registro[0], registro[1].encode(), registro[2].upper().encode())
        if registro
        else (None, _CPF_FICTICIO, _CODIGO_FICTICIO)
    )
    cpf_confere = hmac.compare_digest(somente_digitos(cpf).encode(), cpf_real)
    codigo_confere = hmac.compare_digest(codigo.strip().upper().encode(), codigo_real)
    informou = bool(cpf) or bool(codigo)
    confere = informou and (cpf_confere or not cpf) and (codigo_confere or not codigo)
    return pk if pk is not None and confere else None


@dataclass(frozen=True)
class PosicaoNaVersao:
    versao: VersaoResumo
    vigente: bool
    classificacao: int | None
    nota_final: str
    lista_negros: int | None
    lista_pcd: int | None
    convocacao: int | None
    modalidade: str
    explicacao: str
    url: str


@dataclass(frozen=True)
class ConvocacaoDoCandidato:
    ordem: int
    modalidade: str
    convocada_em: datetime
    prazo_resposta: datetime
    situacao: str
    respondida_em: datetime | None
    aberta: bool
    url: str


@dataclass(frozen=True)
class SituacaoCandidato:
    numero: str
    nome: str
    cpf_mascarado: str
    selecao: Selecao
    vaga: VagaEstagio
    situacao_inscricao: str
    situacao_atual: str
    concorre: tuple[str, ...]
    posicoes: tuple[PosicaoNaVersao, ...]
    convocacoes: tuple[ConvocacaoDoCandidato, ...]
    substituida_por: str = ""


def _posicao(linhas: tuple[LinhaLista, ...], numero: str) -> LinhaLista | None:
    return next((linha for linha in linhas if linha.inscricao == numero), None)


def situacao_do_candidato(*, inscricao_id: int, agora: datetime) -> SituacaoCandidato:
    """Tudo o que o próprio candidato pode ver: posições, modalidade, frase do motor."""
    inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga").get(pk=inscricao_id)
    versoes = versoes_resultado(selecao_id=inscricao.selecao_id, agora=agora)
    vigente = versao_vigente(versoes)
    posicoes = []
    for versao in reversed(versoes):
        vaga = resultado_publicado(versao).vagas.get(inscricao.vaga.codigo)
        if vaga is None:
            continue
        geral = _posicao(vaga.linhas["classificacao"], inscricao.numero)
        convocado = _posicao(vaga.linhas["convocacao"], inscricao.numero)
        negros = _posicao(vaga.linhas["negros"], inscricao.numero)
        pcd = _posicao(vaga.linhas["pcd"], inscricao.numero)
        posicoes.append(
            PosicaoNaVersao(
                versao=versao,
                vigente=versao == vigente,
                classificacao=geral.posicao if geral else None,
                nota_final=geral.nota_final if geral else "",
                lista_negros=negros.posicao if negros else None,
                lista_pcd=pcd.posicao if pcd else None,
                convocacao=convocado.posicao if convocado else None,
                modalidade=convocado.modalidade if convocado else "",
                explicacao=vaga.explicacoes.get(inscricao.numero, ""),
                url=reverse(
                    "publico:resultado_vaga",
                    args=[inscricao.selecao_id, versao.slug, vaga.codigo, "classificacao"],
                ),
            )
        )
    convocacoes = tuple(
        ConvocacaoDoCandidato(
            ordem=c.ordem,
            modalidade=c.get_modalidade_display(),
            convocada_em=c.convocada_em,
            prazo_resposta=c.prazo_resposta,
            situacao=c.get_situacao_display(),
            respondida_em=c.respondida_em,
            aberta=c.situacao == SituacaoConvocacao.AGUARDANDO and c.prazo_resposta >= agora,
            url=_url("convocacao_publica:detalhe", c.token, f"/convocacao/{c.token}/"),
        )
        for c in inscricao.convocacoes.order_by("convocada_em")
    )
    ultima = inscricao.convocacoes.order_by("-convocada_em").first()
    concorre = ["Ampla concorrência"]
    if inscricao.concorre_negros:
        concorre.append("Vagas reservadas a candidatos negros (Decreto nº 9.427/2018)")
    if inscricao.concorre_pcd:
        concorre.append("Vagas reservadas a pessoas com deficiência")
    substituta = Inscricao.objects.filter(substitui=inscricao).values_list("numero", flat=True)
    return SituacaoCandidato(
        numero=inscricao.numero,
        nome=inscricao.nome_exibicao,
        cpf_mascarado=mascarar_cpf(inscricao.cpf),
        selecao=inscricao.selecao,
        vaga=inscricao.vaga,
        situacao_inscricao=inscricao.get_situacao_display(),
        situacao_atual=situacao_publica(
            convocacao=ultima.situacao if ultima else None, inscricao=inscricao.situacao
        ),
        concorre=tuple(concorre),
        posicoes=tuple(posicoes),
        convocacoes=convocacoes,
        substituida_por=substituta.first() or "",
    )
