"""Versões publicadas de resultado (docs/resultado.md), busca e estado vivo.

Dos resultados sai somente o que o Decreto nº 9.427/2018 manda publicar (art. 1º,
§ 3º; art. 4º): número de inscrição, nome de exibição e a pertença às listas. O
estado vivo (convocado, contratado, desistente, eliminado) vem das tabelas, sem motivos.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from candidatos.conteudo_resultado import (
    CategoriaPublicada,
    ConteudoResultado,
    Convocado,
    ForaDoResultado,
    ReservaDoResultado,
    SelecaoDoResultado,
    SorteioPublicado,
    VagaPublicada,
)
from candidatos.models import (
    Convocacao,
    Inscricao,
    Modalidade,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    TipoResultado,
)
from candidatos.selectors.publico.memoria import MemoriaLocal
from selecoes import cache as cache_compartilhado
from selecoes.categorias import ORDEM_PADRAO, Categoria
from selecoes.models import CategoriaEdital, SituacaoSelecao, VagaEstagio
from selecoes.sigilo import codigo_lista
from selecoes.validators import cpf_valido

POR_PAGINA_RESULTADO = 50

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
    **{c.value: c.titulo_lista for c in ORDEM_PADRAO},
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
    sigilosa: bool = False
    """``inscricao`` traz o código de lista, não o número (``selecoes.sigilo``)."""

    @property
    def rotulo_listas(self) -> str:
        return ", ".join(ROTULOS_LISTAS_RESERVA.get(lista, lista) for lista in self.listas)


ROTULOS_LISTAS_RESERVA = {c.value: c.label for c in Categoria}
"""Rótulo nacional de cada lista; o título das listas do órgão vem do edital."""


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
    sorteios: tuple[SorteioPublicado, ...] = ()
    titulos: Mapping[str, str] = field(default_factory=lambda: LISTAS)
    """Lista → título: as de ``LISTAS`` e as das categorias do órgão do edital."""
    bases_legais: Mapping[str, str] = field(default_factory=dict)
    """Categoria do órgão → ato que cria a reserva, mostrado com a lista."""
    so_numeros: frozenset[str] = frozenset()
    """Listas publicadas só com números de inscrição (LGPD, art. 11)."""

    @property
    def listas_disponiveis(self) -> list[tuple[str, str]]:
        """PcD só aparece quando a seleção reserva para PcD (Lei 11.788/2008, art. 17, § 5º)."""
        return [
            (chave, rotulo)
            for chave, rotulo in self.titulos.items()
            if chave != Categoria.PCD or self.reservadas.get(chave) or self.linhas[chave]
        ]


@dataclass(frozen=True)
class ResultadoPublicado:
    versao_id: int
    selecao: SelecaoDoResultado
    reserva: ReservaDoResultado
    vagas: dict[str, VagaResultado] = field(default_factory=dict)
    sem_avaliacao: tuple[ForaDoResultado, ...] = ()

    @property
    def tem_listas_sem_nomes(self) -> bool:
        """Há categoria cuja lista sai só pelos códigos de lista (LGPD, art. 11)."""
        return any(vaga.so_numeros for vaga in self.vagas.values())

    @property
    def sorteios(self) -> list[tuple[VagaResultado, SorteioPublicado]]:
        return [(vaga, s) for vaga in self.vagas.values() for s in vaga.sorteios]


def normalizar(texto: str) -> str:
    """Minúsculas sem acentos, para buscar "jose" e achar "José"."""
    sem_acento = unicodedata.normalize("NFKD", texto).encode("ascii", "ignore").decode()
    return " ".join(sem_acento.casefold().split())


ROTULOS_MODALIDADE = dict(Modalidade.choices)


def _vaga_do_conteudo(
    dados: VagaPublicada,
    categorias_orgao: tuple[CategoriaPublicada, ...] = (),
) -> VagaResultado:
    """A vaga como a página pública a mostra. Numa categoria cuja lista é sem nomes
    (pessoas trans, por padrão; LGPD, art. 11), nada liga a pertença a um nome: a
    lista e a convocação nessa modalidade trazem só o código de lista
    (``selecoes.sigilo``), sem número de inscrição, posição geral, nota ou situação
    (que se cruzariam com a classificação geral), e a classificação geral não cita a
    lista entre as do candidato. A busca por número ou nome não acha ninguém nelas."""
    so_numeros = frozenset(c.codigo for c in categorias_orgao if not c.lista_com_nomes)
    por_inscricao = {c.inscricao: c for c in dados.classificacao}

    def publicas(listas: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(x for x in listas if x not in so_numeros) if so_numeros else listas

    geral = tuple(
        LinhaLista(
            posicao=c.posicao,
            classificacao=c.posicao,
            inscricao=c.inscricao,
            nome=c.nome,
            nota_final=c.nota_final,
            listas=publicas(c.listas),
            modalidade="",
            busca=normalizar(c.nome),
        )
        for c in dados.classificacao
    )

    def lista_sigilosa(categoria: str, numeros: tuple[str, ...]) -> tuple[LinhaLista, ...]:
        return tuple(
            LinhaLista(
                posicao=indice,
                classificacao=None,
                inscricao=codigo_lista(numero, categoria),
                nome="",
                nota_final="",
                listas=(),
                modalidade="",
                busca="",
                sigilosa=True,
            )
            for indice, numero in enumerate(numeros, start=1)
        )

    def lista(numeros: tuple[str, ...]) -> tuple[LinhaLista, ...]:
        linhas = []
        for indice, numero in enumerate(numeros, start=1):
            c = por_inscricao.get(numero)
            nome = c.nome if c else ""
            linhas.append(
                LinhaLista(
                    posicao=indice,
                    classificacao=c.posicao if c else None,
                    inscricao=numero,
                    nome=nome,
                    nota_final=c.nota_final if c else "",
                    listas=publicas(c.listas) if c else (),
                    modalidade="",
                    busca=normalizar(nome),
                )
            )
        return tuple(linhas)

    def convocado(c: Convocado) -> LinhaLista:
        classificado = por_inscricao.get(c.inscricao)
        if c.modalidade in so_numeros:
            return LinhaLista(
                posicao=c.ordem,
                classificacao=None,
                inscricao=codigo_lista(c.inscricao, c.modalidade),
                nome="",
                nota_final="",
                listas=(),
                modalidade=ROTULOS_MODALIDADE.get(c.modalidade, c.modalidade),
                busca="",
                sigilosa=True,
            )
        return LinhaLista(
            posicao=c.ordem,
            classificacao=classificado.posicao if classificado else None,
            inscricao=c.inscricao,
            nome=c.nome,
            nota_final=classificado.nota_final if classificado else "",
            listas=publicas(classificado.listas) if classificado else (),
            modalidade=ROTULOS_MODALIDADE.get(c.modalidade, c.modalidade),
            busca=normalizar(c.nome),
        )

    titulos = {
        "classificacao": LISTAS["classificacao"],
        **{c.value: c.titulo_lista for c in ORDEM_PADRAO},
        **{c.codigo: f"Lista de {c.nome[0].lower()}{c.nome[1:]}" for c in categorias_orgao},
        "convocacao": LISTAS["convocacao"],
    }

    return VagaResultado(
        codigo=dados.codigo,
        area=dados.area,
        municipio=dados.municipio,
        uf=dados.uf,
        ofertadas=dados.ofertadas,
        reservadas=dict(dados.reservadas),
        linhas={
            "classificacao": geral,
            **{c.value: lista(dados.lista(c)) for c in ORDEM_PADRAO},
            **{
                c.codigo: lista(dados.lista(c.codigo))
                if c.lista_com_nomes
                else lista_sigilosa(c.codigo, dados.lista(c.codigo))
                for c in categorias_orgao
            },
            "convocacao": tuple(convocado(c) for c in dados.convocacao),
        },
        explicacoes=dict(dados.explicacoes),
        sorteios=dados.sorteios_publicados,
        titulos=titulos if categorias_orgao else LISTAS,
        bases_legais={c.codigo: c.base_legal for c in categorias_orgao},
        so_numeros=so_numeros,
    )


def interpretar_conteudo(versao_id: int, conteudo: Mapping[str, Any]) -> ResultadoPublicado:
    """O conteúdo publicado (docs/resultado.md), lido pelo esquema único."""
    dados = ConteudoResultado.from_json(conteudo)
    return ResultadoPublicado(
        versao_id=versao_id,
        selecao=dados.selecao,
        reserva=dados.reserva,
        vagas={v.codigo: _vaga_do_conteudo(v, dados.categorias_orgao) for v in dados.vagas},
        sem_avaliacao=dados.fora,
    )


# Versões publicadas são imutáveis e o hash identifica o conteúdo: podem ficar no processo.
_versoes_interpretadas: MemoriaLocal[ResultadoPublicado] = MemoriaLocal(capacidade=8)


def resultado_publicado(versao: VersaoResumo) -> ResultadoPublicado:
    """O conteúdo da versão, interpretado uma vez por processo (alguns MB com 10.000 candidatos)."""

    def carregar() -> ResultadoPublicado:
        conteudo = ResultadoVersao.objects.values_list("conteudo", flat=True).get(pk=versao.id)
        return interpretar_conteudo(versao.id, conteudo)

    return _versoes_interpretadas.obter_ou_calcular((versao.id, versao.hash_conteudo), carregar)


_CPF_FORMATADO = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")


def parece_cpf(termo: str) -> bool:
    """A busca pública nunca aceita CPF (nem deixa o CPF na URL e nos registros)."""
    termo = termo.strip()
    return bool(_CPF_FORMATADO.fullmatch(termo)) or (
        termo.isdigit() and len(termo) == 11 and cpf_valido(termo)
    )


def buscar(linhas: tuple[LinhaLista, ...], termo: str) -> tuple[LinhaLista, ...]:
    """Busca por nome (sem acentos, qualquer parte) ou por número de inscrição; numa
    linha sem nomes, só pelo código de lista inteiro (o número não a acha)."""
    termo = termo.strip()
    if not termo:
        return linhas
    if any(caractere.isdigit() for caractere in termo):
        numero = termo.upper()
        return tuple(
            linha
            for linha in linhas
            if (numero == linha.inscricao if linha.sigilosa else numero in linha.inscricao.upper())
        )
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


_PELA_CONVOCACAO: dict[str, str] = {
    SituacaoConvocacao.AGUARDANDO: SituacaoPublica.CONVOCADO,
    SituacaoConvocacao.ACEITA: SituacaoPublica.CONVOCADO,
    SituacaoConvocacao.CONTRATADO: SituacaoPublica.CONTRATADO,
    SituacaoConvocacao.RECUSADA: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.NAO_COMPARECEU: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.DESISTIU: SituacaoPublica.DESISTENTE,
    SituacaoConvocacao.ELIMINADO: SituacaoPublica.ELIMINADO,
    SituacaoConvocacao.DESLIGADO: SituacaoPublica.DESLIGADO,
}
_PELA_INSCRICAO: dict[str, str] = {
    SituacaoInscricao.DESISTENTE: SituacaoPublica.DESISTENTE,
    SituacaoInscricao.ELIMINADA: SituacaoPublica.ELIMINADO,
}


def situacao_publica(*, convocacao: str | None = None, inscricao: str | None = None) -> str:
    """Eliminação e desistência da inscrição prevalecem sobre a convocação."""
    return _PELA_INSCRICAO.get(inscricao or "") or _PELA_CONVOCACAO.get(convocacao or "", "")


def modalidades_sem_nomes(*, selecao_id: int) -> frozenset[str]:
    """Categorias do órgão da seleção cuja lista pública é sem nomes (LGPD, art. 11)."""
    categorias = CategoriaEdital.objects.filter(selecao_id=selecao_id)
    return frozenset(c.categoria for c in categorias if not c.publica_nomes)


def situacoes_atuais(*, selecao_id: int) -> dict[str, dict[str, str]]:
    """Vaga → número de inscrição → estado público atual, em poucas consultas pequenas.

    Só as inscrições convocadas, desistentes ou eliminadas (poucas), mesmo quando
    as classificações têm milhares de candidatos. A convocação numa vaga de
    categoria sem nomes não entra (LGPD, art. 11): "Convocado(a)" ao lado do nome,
    sem o nome na ordem de convocação, revelaria a categoria; ela aparece só com o
    código de lista (``convocacoes.chamadas_da_vaga``).
    """
    convocacoes = (
        Convocacao.objects.filter(vaga__selecao_id=selecao_id)
        .exclude(modalidade__in=modalidades_sem_nomes(selecao_id=selecao_id))
        .order_by()
        .values_list("vaga__codigo", "inscricao__numero", "situacao")
    )
    inscricoes = (
        Inscricao.objects.filter(selecao_id=selecao_id, situacao__in=list(_PELA_INSCRICAO))
        .order_by()
        .values_list("vaga__codigo", "numero", "situacao")
    )
    por_numero: dict[tuple[str, str], dict[str, str]] = {}
    for codigo, numero, situacao in convocacoes:
        por_numero.setdefault((codigo, numero), {})["convocacao"] = situacao
    for codigo, numero, situacao in inscricoes:
        por_numero.setdefault((codigo, numero), {})["inscricao"] = situacao
    resultado: dict[str, dict[str, str]] = {}
    for (codigo, numero), estados in sorted(por_numero.items()):
        if rotulo := situacao_publica(**estados):
            resultado.setdefault(codigo, {})[numero] = rotulo
    return resultado


# Quanto tempo, no máximo, uma página de resultado demora a mostrar o que mudou sem
# avançar a geração da seleção (gravação por fora dos serviços) ou sem o Redis; o que
# os serviços mudam aparece no pedido seguinte, em qualquer nó (``estado_publico``).
VALIDADE_ESTADO_SEGUNDOS = 2.0


@dataclass(frozen=True)
class EstadoPublico:
    """O que decide se uma página de resultado guardada ainda vale.

    ``impressoes`` resume, por vaga, o estado vivo; com os ids das versões exibida e
    vigente, forma a impressão que acompanha cada página em cache.
    """

    versoes: tuple[VersaoResumo, ...]
    vigente: VersaoResumo | None
    situacoes: dict[str, dict[str, str]]
    impressoes: dict[str, str]

    def impressao(self, escolhida: VersaoResumo, codigo: str) -> str:
        vigente = self.vigente.id if self.vigente else ""
        return (
            f"{escolhida.id}:{escolhida.hash_conteudo}:{vigente}:{self.impressoes.get(codigo, '')}"
        )


def calcular_estado_publico(*, selecao_id: int, agora: datetime) -> EstadoPublico:
    situacoes = situacoes_atuais(selecao_id=selecao_id)
    versoes = versoes_resultado(selecao_id=selecao_id, agora=agora)
    # Vagas surgidas mudam a modalidade atual das convocações sem mudar nenhum estado.
    surgidas = dict(
        VagaEstagio.objects.filter(selecao_id=selecao_id, vagas_surgidas__gt=0)
        .order_by()
        .values_list("codigo", "vagas_surgidas")
    )
    return EstadoPublico(
        versoes=tuple(versoes),
        vigente=versao_vigente(versoes),
        situacoes=situacoes,
        impressoes={
            codigo: hashlib.sha256(
                repr((sorted(situacoes.get(codigo, {}).items()), surgidas.get(codigo, 0))).encode()
            ).hexdigest()[:16]
            for codigo in sorted({*situacoes, *surgidas})
        },
    )


_estados: MemoriaLocal[EstadoPublico] = MemoriaLocal(capacidade=256)


def nome_geracao(selecao_id: int) -> str:
    """A geração do estado público da seleção no cache compartilhado (todos os nós)."""
    return f"publico:selecao:{selecao_id}"


def estado_publico(*, selecao_id: int, agora: datetime) -> EstadoPublico:
    """Versões publicadas e estado vivo da seleção, relidos do banco a cada poucos segundos.

    Duas consultas pequenas por seleção e por processo a cada
    ``VALIDADE_ESTADO_SEGUNDOS``, por maior que seja o tráfego. Cada processo guarda
    o estado sob a geração da seleção, lida no Redis a cada pedido: publicar um
    resultado, mudar uma convocação ou uma inscrição avança a geração depois do
    commit (``candidatos.services.estado_publico``), e o pedido seguinte, em
    qualquer nó, já refaz o estado. Sem o Redis, vale só a validade curta.
    """
    geracao = cache_compartilhado.geracao(nome_geracao(selecao_id))
    return _estados.obter_ou_calcular(
        (selecao_id, geracao),
        lambda: calcular_estado_publico(selecao_id=selecao_id, agora=agora),
        VALIDADE_ESTADO_SEGUNDOS,
    )
