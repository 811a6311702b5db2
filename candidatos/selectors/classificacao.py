"""Leituras da classificação e da convocação de uma vaga (tudo vem do motor).

``estado_vaga(vaga)`` é a porta de entrada para páginas do RH e páginas
públicas: classificação geral, listas de negros e de PcD, ordem de convocação
com a modalidade e a frase do motor, convocações vivas e quem chamar agora.

Fonte da classificação: depois do resultado final, a versão final mais recente
(o que foi publicado, com a situação viva de cada inscrição: desistências e
eliminações posteriores); antes dele, uma prévia calculada das avaliações.
"""

from __future__ import annotations

import json
import pickle
import re
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, overload

from django.db import connection

from candidatos.conteudo_resultado import ConteudoResultado, VagaPublicada
from candidatos.models import (
    Convocacao,
    Inscricao,
    Modalidade,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    TipoResultado,
    VagaDoResultado,
)
from candidatos.selectors.heteroidentificacao import categorias_perdidas
from candidatos.services.classificacao import (
    ClassificacaoVaga,
    Empate,
    ParametrosMotor,
    classificar_selecao,
    parametros_motor,
    resolver,
    situacao_motor,
)
from selecoes import cache, entradas
from selecoes.categorias import Categoria
from selecoes.models import Selecao, VagaEstagio
from selecoes.reserva import (
    Aplicabilidade,
    Candidato,
    EntradaInvalida,
    ResultadoVaga,
    explicar,
)
from selecoes.selectors.quadro import ChamadasDaSelecao, chamadas_da_selecao
from selecoes.vocabulario import ordenar

ROTULOS_MODALIDADE = dict(Modalidade.choices)
T = TypeVar("T")
OCUPAM_VAGA = [s.value for s in SituacaoConvocacao if s.ocupa_vaga]


def rotulo_modalidade(modalidade: str | None) -> str:
    return ROTULOS_MODALIDADE.get(modalidade or "", modalidade or "")


@dataclass(frozen=True)
class LinhaClassificacao:
    """Um classificado da vaga, com a frase do motor."""

    posicao: int
    numero: str
    nome: str
    nota_final: str
    listas: tuple[str, ...]
    situacao: str
    explicacao: str = ""
    modalidade: str | None = None
    inscricao_id: int | None = None

    @property
    def situacao_rotulo(self) -> str:
        return SituacaoInscricao(self.situacao).label

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_modalidade(self.modalidade)


@dataclass(frozen=True)
class ItemOrdem:
    """Uma posição da ordem de convocação do motor com k convocações."""

    ordem: int
    numero: str
    nome: str
    posicao: int
    modalidade: str
    modalidade_inicial: str
    explicacao: str
    inscricao_id: int | None
    convocacao: Convocacao | None = None

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_modalidade(self.modalidade)


@dataclass(frozen=True)
class ColunasClassificacao:
    """As linhas da classificação de uma vaga em colunas: compactas no cache e
    montadas uma a uma só quando lidas (a página mostra 100 de 100.000)."""

    posicao: tuple[int, ...]
    numero: tuple[str, ...]
    nome: tuple[str, ...]
    nota_final: tuple[str, ...]
    listas: tuple[tuple[str, ...], ...]
    situacao: tuple[str, ...]
    explicacao: tuple[str, ...]
    modalidade: tuple[str | None, ...]
    inscricao_id: tuple[int | None, ...]

    @classmethod
    def de_linhas(cls, linhas: Sequence[LinhaClassificacao]) -> ColunasClassificacao:
        return cls(
            posicao=tuple(x.posicao for x in linhas),
            numero=tuple(x.numero for x in linhas),
            nome=tuple(x.nome for x in linhas),
            nota_final=tuple(x.nota_final for x in linhas),
            listas=tuple(x.listas for x in linhas),
            situacao=tuple(x.situacao for x in linhas),
            explicacao=tuple(x.explicacao for x in linhas),
            modalidade=tuple(x.modalidade for x in linhas),
            inscricao_id=tuple(x.inscricao_id for x in linhas),
        )

    def linha(self, i: int) -> LinhaClassificacao:
        return LinhaClassificacao(
            posicao=self.posicao[i],
            numero=self.numero[i],
            nome=self.nome[i],
            nota_final=self.nota_final[i],
            listas=self.listas[i],
            situacao=self.situacao[i],
            explicacao=self.explicacao[i],
            modalidade=self.modalidade[i],
            inscricao_id=self.inscricao_id[i],
        )


class Linhas(Sequence[LinhaClassificacao]):
    """Uma lista da vaga (classificação geral, negros, PcD, eliminados…): os
    índices das suas linhas nas colunas; cada linha é montada quando lida."""

    __slots__ = ("_colunas", "_indices")

    def __init__(self, colunas: ColunasClassificacao, indices: Sequence[int]) -> None:
        self._colunas = colunas
        self._indices = indices

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, i: int) -> LinhaClassificacao: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[LinhaClassificacao, ...]: ...

    def __getitem__(self, i: int | slice) -> LinhaClassificacao | tuple[LinhaClassificacao, ...]:
        if isinstance(i, slice):
            return tuple(self._colunas.linha(j) for j in self._indices[i])
        return self._colunas.linha(self._indices[i])

    def __iter__(self) -> Iterator[LinhaClassificacao]:
        return (self._colunas.linha(j) for j in self._indices)

    def __eq__(self, outro: object) -> bool:
        if isinstance(outro, Sequence) and not isinstance(outro, str):
            return tuple(self) == tuple(outro)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Linhas({len(self)} linha(s))"

    def da_inscricao(self, inscricao_id: int) -> LinhaClassificacao | None:
        """A linha da inscrição nesta lista, sem montar as outras."""
        ids = self._colunas.inscricao_id
        for j in self._indices:
            if ids[j] == inscricao_id:
                return self._colunas.linha(j)
        return None


SEM_LINHAS = ColunasClassificacao((), (), (), (), (), (), (), (), ())


@dataclass(frozen=True)
class ItemMotor:
    """Uma posição da ordem de convocação do motor, sem a convocação feita."""

    ordem: int
    numero: str
    nome: str
    posicao: int
    modalidade: str
    modalidade_inicial: str
    explicacao: str
    inscricao_id: int | None


@dataclass(frozen=True)
class NucleoVaga:
    """O que o motor diz de uma vaga: classificação, listas e ordem de convocação.

    Depende só das entradas da seleção (``selecoes.entradas``): é guardado em
    cache sob (vaga, marca das entradas). As convocações feitas (que mudam a cada
    clique) são juntadas depois, sempre do banco.
    """

    fonte: str
    versao_id: int | None
    colunas: ColunasClassificacao
    classificados: tuple[int, ...]
    """Índices de quem está nas listas (art. 2º, parágrafo único: sem os eliminados)."""
    eliminados: tuple[int, ...] = ()
    listas: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Categoria → índices (art. 4º, caput: lista de negros; PcD; as do órgão)."""
    ordem: tuple[ItemMotor, ...] = ()
    sequencia: tuple[str, ...] = ()
    reservadas: dict[str, int] = field(default_factory=dict)
    empates: tuple[Empate, ...] = ()
    erro: str = ""
    desatualizada: bool = False

    @property
    def resolvido(self) -> bool:
        """O motor rodou (sem empate nem entrada inválida)."""
        return not self.erro


@dataclass(frozen=True)
class EstadoVaga:
    """Tudo o que a página de uma vaga mostra; nada aqui é calculado fora do motor."""

    vaga: VagaEstagio
    fonte: str
    """``"resultado_final"`` (versão publicada) ou ``"previa"`` (antes do final)."""
    versao: ResultadoVersao | None
    aplicacao: Aplicabilidade | None
    k: int
    sequencia: tuple[str, ...] = ()
    reservadas: dict[str, int] = field(default_factory=dict)
    classificacao: Linhas = field(default_factory=lambda: Linhas(SEM_LINHAS, ()))
    ordem: tuple[ItemOrdem, ...] = ()
    convocacoes: tuple[Convocacao, ...] = ()
    a_convocar: tuple[ItemOrdem, ...] = ()
    divergentes: tuple[Convocacao, ...] = ()
    eliminados: Linhas = field(default_factory=lambda: Linhas(SEM_LINHAS, ()))
    """Fora de toda lista (art. 2º, parágrafo único); só para o processo e o histórico."""
    empates: tuple[Empate, ...] = ()
    erro: str = ""
    desatualizada: bool = False
    listas_por_categoria: dict[str, Linhas] = field(default_factory=dict)

    @property
    def lista_negros(self) -> Linhas:
        """Art. 4º, caput: aprovados que concorrem às vagas reservadas a negros."""
        return self.lista(Categoria.NEGROS)

    @property
    def lista_pcd(self) -> Linhas:
        return self.lista(Categoria.PCD)

    def lista(self, categoria: str) -> Linhas:
        """Aprovados que concorrem às vagas da categoria (também as do órgão)."""
        return self.listas_por_categoria.get(categoria) or Linhas(SEM_LINHAS, ())

    def linha_da_inscricao(self, inscricao_id: int) -> LinhaClassificacao | None:
        """A linha da inscrição na classificação ou entre os eliminados."""
        return self.classificacao.da_inscricao(inscricao_id) or self.eliminados.da_inscricao(
            inscricao_id
        )

    @property
    def convocacoes_vivas(self) -> tuple[Convocacao, ...]:
        """Convocações que ocupam vaga: aguardando resposta, aceitas e contratações."""
        return tuple(c for c in self.convocacoes if c.situacao in OCUPAM_VAGA)

    @property
    def vagas_ocupadas(self) -> int:
        return len(self.convocacoes_vivas)

    @property
    def pode_convocar(self) -> bool:
        return self.fonte == "resultado_final" and not self.erro and bool(self.a_convocar)

    @property
    def sequencia_rotulada(self) -> list[tuple[int, str]]:
        return [(i, rotulo_modalidade(m)) for i, m in enumerate(self.sequencia, 1)]


def _colunas_da_versao(
    publicados: Sequence[tuple[int, str, str, str, tuple[str, ...]]],
    situacoes: dict[str, tuple[int, str]],
) -> ColunasClassificacao:
    """A classificação publicada com a situação viva de cada inscrição."""
    fora = (None, SituacaoInscricao.ATIVA.value)
    vivas = [situacoes.get(c[1], fora) for c in publicados]
    vazio = ("",) * len(publicados)
    return ColunasClassificacao(
        posicao=tuple(c[0] for c in publicados),
        numero=tuple(c[1] for c in publicados),
        nome=tuple(c[2] for c in publicados),
        nota_final=tuple(c[3] for c in publicados),
        listas=tuple(c[4] for c in publicados),
        situacao=tuple(v[1] for v in vivas),
        explicacao=vazio,
        modalidade=(None,) * len(publicados),
        inscricao_id=tuple(v[0] for v in vivas),
    )


def _linhas_da_previa(classif: ClassificacaoVaga) -> list[LinhaClassificacao]:
    return [
        LinhaClassificacao(
            posicao=i,
            numero=c.numero,
            nome=c.nome,
            nota_final=f"{c.nota_final:.3f}",
            listas=ordenar(c.categorias),
            situacao=c.situacao,
            inscricao_id=c.inscricao_id,
        )
        for i, c in enumerate(classif.ordenados, 1)
    ]


def codigo_na_versao(versao_id: int, vaga_id: int) -> str | None:
    """O código com que a vaga foi publicada nessa versão, pelo id permanente
    (o código de hoje pode ser outro; art. 4º: cada vaga tem a sua classificação)."""
    return (
        VagaDoResultado.objects.filter(versao_id=versao_id, vaga_id=vaga_id)
        .values_list("codigo", flat=True)
        .first()
    )


def _conteudo_da_vaga(versao: ResultadoVersao, vaga: VagaEstagio) -> VagaPublicada:
    """A vaga na versão, pelo vínculo permanente; vazia se a versão não a tem."""
    codigo = codigo_na_versao(versao.pk, vaga.pk)
    publicada = None
    if codigo is not None:
        publicada = ConteudoResultado.vaga_do_json(versao.conteudo, codigo)
    return publicada or VagaPublicada(codigo=codigo or "")


def _classificados_publicados(
    versao: ResultadoVersao, vaga: VagaEstagio
) -> list[tuple[int, str, str, str, tuple[str, ...]]]:
    """(posição, inscrição, nome, nota final, listas) da vaga na versão, na ordem
    publicada. No PostgreSQL, o próprio banco tira do conteúdo só esta vaga e só
    estes campos: numa seleção nacional o conteúdo inteiro tem dezenas de MB, e
    decodificá-lo no Python custava segundos."""
    if connection.vendor != "postgresql":
        return [
            (c.posicao, c.inscricao, c.nome, c.nota_final, c.listas)
            for c in _conteudo_da_vaga(versao, vaga).classificacao
        ]
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (item ->> 'posicao')::int, item ->> 'inscricao', item ->> 'nome', "
            "coalesce(item ->> 'nota_final', ''), coalesce(item -> 'listas', '[]')::text "
            "FROM candidatos_vagadoresultado vr "
            "JOIN candidatos_resultadoversao r ON r.id = vr.versao_id "
            "CROSS JOIN LATERAL jsonb_array_elements(r.conteudo -> 'vagas') vaga "
            "CROSS JOIN LATERAL jsonb_array_elements(vaga -> 'classificacao') "
            "WITH ORDINALITY AS c(item, n) "
            "WHERE vr.versao_id = %s AND vr.vaga_id = %s AND vaga ->> 'codigo' = vr.codigo "
            "ORDER BY c.n",
            [versao.pk, vaga.pk],
        )
        linhas = cursor.fetchall()
    listas: dict[str, tuple[str, ...]] = {}
    return [
        (
            posicao,
            numero,
            nome,
            nota,
            listas[texto]
            if texto in listas
            else listas.setdefault(texto, tuple(json.loads(texto))),
        )
        for posicao, numero, nome, nota, texto in linhas
    ]


# --- cache do motor -----------------------------------------------------------

FORMATO_CACHE = 1
"""Muda quando a forma do que é guardado muda (o que já estava guardado deixa de valer)."""
VALIDADE_CACHE = 24 * 60 * 60
"""Só libera memória: uma marca nova já invalida o que foi guardado sob a anterior."""


LINHAS_NA_MEMORIA = 250_000
"""Teto de linhas de classificação guardadas na memória de cada processo."""

_memoria: OrderedDict[str, Any] = OrderedDict()
_trava_memoria = threading.Lock()


MAXIMO_NO_REDIS = 16 * 1024 * 1024
"""Bytes (comprimidos) acima dos quais o núcleo fica só na memória do processo: um
valor enorme estouraria o tempo limite do Redis e desligaria o cache por 30 s."""


def _comprimir(valor: Any) -> Any:
    """O núcleo de uma vaga grande vai ao Redis comprimido (as frases do motor se
    repetem muito); o resto, como está."""
    if not isinstance(valor, NucleoVaga):
        return valor
    return ("zlib", zlib.compress(pickle.dumps(valor, protocol=5), 1))


def _descomprimir(valor: Any) -> Any:
    if isinstance(valor, tuple) and len(valor) == 2 and valor[0] == "zlib":
        # Escrito por _comprimir neste mesmo cache, como todo valor que o Django guarda.
        return pickle.loads(zlib.decompress(valor[1]))  # noqa: S301
    return valor


def _peso(valor: Any) -> int:
    return len(valor.colunas.numero) + 1 if isinstance(valor, NucleoVaga) else 1


def _guardado(chave: str, tipo: type[T]) -> T | None:
    """Da memória do processo ou do Redis. A chave tem a marca das entradas: o que
    está guardado sob ela nunca fica velho, em nenhum dos dois lugares."""
    with _trava_memoria:
        valor = _memoria.get(chave)
        if valor is not None:
            _memoria.move_to_end(chave)
    if valor is None:
        valor = _descomprimir(cache.obter(chave))
        if isinstance(valor, tipo):
            _lembrar(chave, valor)
    return valor if isinstance(valor, tipo) else None


def _lembrar(chave: str, valor: Any) -> None:
    with _trava_memoria:
        _memoria[chave] = valor
        _memoria.move_to_end(chave)
        total = sum(_peso(v) for v in _memoria.values())
        while len(_memoria) > 1 and total > LINHAS_NA_MEMORIA:
            _chave, antigo = _memoria.popitem(last=False)
            total -= _peso(antigo)


def esquecer_memoria() -> None:
    """Esvazia a memória deste processo (o Redis fica como está)."""
    with _trava_memoria:
        _memoria.clear()


def _guardar(valores: dict[str, Any]) -> None:
    no_redis = {}
    for chave, valor in valores.items():
        _lembrar(chave, valor)
        comprimido = _comprimir(valor)
        if not isinstance(comprimido, tuple) or len(comprimido[1]) <= MAXIMO_NO_REDIS:
            no_redis[chave] = comprimido
    cache.guardar_varios(no_redis, VALIDADE_CACHE)


def _da_selecao(
    nome: str, selecao: Selecao, marca: str | None, tipo: type[T], calcular: Callable[[], T]
) -> T:
    """O que depende da seleção inteira, calculado uma vez por marca das entradas."""
    chave = f"motor:{FORMATO_CACHE}:{nome}:{selecao.pk}:{marca}"
    if marca is None:
        return calcular()
    if (guardado := _guardado(chave, tipo)) is not None:
        return guardado

    def calcular_e_guardar() -> T:
        valor = calcular()
        _guardar({chave: valor})
        return valor

    return cache.calcular_uma_vez(chave, lambda: _guardado(chave, tipo), calcular_e_guardar)


def parametros_em_cache(selecao: Selecao, marca: str | None) -> ParametrosMotor:
    """Aplicabilidade, quadro e rateio da seleção inteira (art. 1º, §§ 1º a 3º; art. 7º),
    calculados uma vez por marca das entradas; sem marca, calculados agora."""
    return _da_selecao(
        "parametros", selecao, marca, ParametrosMotor, lambda: parametros_motor(selecao)
    )


def chamadas_em_cache(selecao: Selecao) -> ChamadasDaSelecao:
    """Convocações reservadas até agora na seleção inteira (art. 1º, § 1º; art. 3º),
    uma vez por marca das entradas."""
    return _da_selecao(
        "chamadas",
        selecao,
        entradas.marca(selecao.pk),
        ChamadasDaSelecao,
        lambda: chamadas_da_selecao(selecao),
    )


def _versao_final(selecao: Selecao) -> ResultadoVersao | None:
    """A versão final vigente, sem o conteúdo (lido só quando a vaga é recalculada)."""
    return (
        ResultadoVersao.objects.filter(selecao=selecao, tipo=TipoResultado.FINAL)
        .defer("conteudo")
        .order_by("-numero")
        .first()
    )


def estado_vaga(
    vaga: VagaEstagio,
    *,
    parametros: ParametrosMotor | None = None,
    previa: bool = False,
) -> EstadoVaga:
    """Estado completo de uma vaga: da versão final mais recente ou, se não há
    (ou com ``previa=True``), das avaliações atuais.

    O que vem do motor sai do cache quando as entradas da seleção não mudaram
    desde o cálculo (``selecoes.entradas``); as convocações vêm sempre do banco.
    """
    selecao: Selecao = vaga.selecao
    marca = entradas.marca(selecao.pk)
    parametros = parametros or parametros_em_cache(selecao, marca)
    versao = None if previa else _versao_final(selecao)
    convocacoes = tuple(
        Convocacao.objects.filter(vaga=vaga).select_related("inscricao").order_by("ordem")
    )
    nucleo = nucleo_vaga(vaga, parametros=parametros, versao=versao, marca=marca)
    return _montar(vaga, parametros, versao, nucleo, convocacoes)


def nucleo_vaga(
    vaga: VagaEstagio,
    *,
    parametros: ParametrosMotor,
    versao: ResultadoVersao | None,
    marca: str | None,
) -> NucleoVaga:
    """O núcleo da vaga guardado sob (vaga, marca); calculado se não há ou se o
    cache está fora (nunca 500). O k e a versão entram na chave: uma instância de
    vaga diferente da gravada nunca lê o núcleo de outra."""
    chave = (
        f"motor:{FORMATO_CACHE}:vaga:{vaga.pk}:{marca}:{vaga.vagas_ofertadas}:"
        f"{vaga.vagas_surgidas}:{versao.pk if versao else 'previa'}"
    )
    if marca is None:
        return _calcular_nucleo(vaga, parametros, versao)[0]
    if (guardado := _guardado(chave, NucleoVaga)) is not None:
        return guardado

    chave_resumo = _chave_resumo(vaga.pk, marca)

    def calcular_e_guardar() -> NucleoVaga:
        nucleo, atual = _calcular_nucleo(vaga, parametros, versao)
        _guardar({chave: nucleo, chave_resumo: ResumoVaga.de(atual)})
        return nucleo

    # Duas pessoas abrindo a mesma vaga grande logo depois de uma mudança: um cálculo só.
    return cache.calcular_uma_vez(chave, lambda: _guardado(chave, NucleoVaga), calcular_e_guardar)


@dataclass(frozen=True)
class ResumoVaga:
    """Uma vaga no painel da seleção: aprovados que concorrem e empates (regras, § 5)."""

    ativos: int
    empates: tuple[Empate, ...]

    @classmethod
    def de(cls, classificacao: ClassificacaoVaga) -> ResumoVaga:
        return cls(len(classificacao.ativos), classificacao.empates)


def _chave_resumo(vaga_id: int, marca: str) -> str:
    return f"motor:{FORMATO_CACHE}:resumo:{vaga_id}:{marca}"


def resumos_das_vagas(selecao: Selecao, vagas: Sequence[VagaEstagio]) -> dict[int, ResumoVaga]:
    """O resumo de cada vaga pedida (o painel pede as da página), guardado sob
    (vaga, marca das entradas); só as que faltam no cache são classificadas."""
    marca = entradas.marca(selecao.pk)
    chaves = {v.pk: _chave_resumo(v.pk, marca) for v in vagas} if marca else {}
    with _trava_memoria:
        guardados = {c: _memoria[c] for c in chaves.values() if c in _memoria}
    guardados |= cache.obter_varios([c for c in chaves.values() if c not in guardados])
    resumos = {
        pk: guardados[chave]
        for pk, chave in chaves.items()
        if isinstance(guardados.get(chave), ResumoVaga)
    }
    faltam = [v for v in vagas if v.pk not in resumos]
    if faltam:
        parametros = parametros_em_cache(selecao, marca)
        calculados = {
            pk: ResumoVaga.de(c)
            for pk, c in classificar_selecao(selecao, vagas=faltam, parametros=parametros).items()
        }
        if marca:
            _guardar({chaves[pk]: resumo for pk, resumo in calculados.items()})
        resumos |= calculados
    return resumos


def _indices(colunas: ColunasClassificacao) -> dict[str, Any]:
    eliminada = SituacaoInscricao.ELIMINADA.value
    classificados = tuple(i for i, x in enumerate(colunas.situacao) if x != eliminada)
    listas = colunas.listas
    categorias = sorted({c for ls in set(listas) for c in ls})
    return {
        "classificados": classificados,
        "listas": {c: tuple(i for i in classificados if c in listas[i]) for c in categorias},
    }


def _calcular_nucleo(
    vaga: VagaEstagio, parametros: ParametrosMotor, versao: ResultadoVersao | None
) -> tuple[NucleoVaga, ClassificacaoVaga]:
    selecao: Selecao = vaga.selecao
    atual = classificar_selecao(selecao, vagas=[vaga], parametros=parametros)[vaga.pk]
    if versao is not None:
        publicados = _classificados_publicados(versao, vaga)
        numeros = {c[1] for c in publicados}
        # Só inscrições desta vaga: um número de outra vaga nunca é convocado aqui.
        situacoes = {
            numero: (pk, situacao)
            for pk, numero, situacao in Inscricao.objects.filter(vaga=vaga).values_list(
                "pk", "numero", "situacao"
            )
            if numero in numeros
        }
        colunas = _colunas_da_versao(publicados, situacoes)
        fonte = "resultado_final"
        ativa = SituacaoInscricao.ATIVA.value
        publicados_ativos = [
            n for n, x in zip(colunas.numero, colunas.situacao, strict=True) if x == ativa
        ]
        desatualizada = publicados_ativos != [c.numero for c in atual.ativos]
        empates: tuple[Empate, ...] = ()
    else:
        colunas = ColunasClassificacao.de_linhas(_linhas_da_previa(atual))
        fonte = "previa"
        desatualizada = False
        empates = atual.empates
    base: dict[str, Any] = {
        "fonte": fonte,
        "versao_id": versao.pk if versao else None,
        "desatualizada": desatualizada,
        "empates": empates,
    }
    if empates:
        erro = " ".join(e.mensagem for e in empates)
        return NucleoVaga(**base, colunas=colunas, **_indices(colunas), erro=erro), atual
    declaradas = parametros.categorias
    categorias_de = {ls: frozenset(ls) & declaradas for ls in set(colunas.listas)}
    perdidas = _perdidas_depois_da_versao(selecao, versao)
    candidatos = [
        Candidato(
            numero,
            posicao,
            categorias_de[listas] - perdidas[inscricao_id]
            if inscricao_id is not None and inscricao_id in perdidas
            else categorias_de[listas],
            situacao_motor(situacao),
        )
        for numero, posicao, listas, situacao, inscricao_id in zip(
            colunas.numero,
            colunas.posicao,
            colunas.listas,
            colunas.situacao,
            colunas.inscricao_id,
            strict=True,
        )
    ]
    try:
        resultado = resolver(vaga=vaga, parametros=parametros, candidatos=candidatos)
    except EntradaInvalida as erro:
        return NucleoVaga(**base, colunas=colunas, **_indices(colunas), erro=str(erro)), atual
    return _resolvido(base, colunas, resultado), atual


def _perdidas_depois_da_versao(
    selecao: Selecao, versao: ResultadoVersao | None
) -> dict[int, frozenset[str]]:
    """Regras de reserva, § 1: quem não foi confirmado pela heteroidentificação perde a
    categoria e fica na ampla concorrência; para o motor, não é elegível.

    Na prévia, as categorias perdidas já saíram da entrada
    (``_concorrentes_da_selecao``). Na versão publicada, as listas são as do documento,
    que não muda; a decisão final tomada depois (quem foi alcançado pelo cadastro de
    reserva e verificado antes de a convocação valer; issue 15, item 4) é registrada e
    auditada e muda as chamadas sem nova versão, como a desistência e a eliminação.
    """
    if versao is None:
        return {}
    return categorias_perdidas(selecao.pk)


def _resolvido(
    base: dict[str, Any], colunas: ColunasClassificacao, resultado: ResultadoVaga
) -> NucleoVaga:
    explicacoes = {e.inscricao: e for e in explicar(resultado)}
    colunas = replace(
        colunas,
        explicacao=tuple(
            e.texto if (e := explicacoes.get(n)) is not None else "" for n in colunas.numero
        ),
        modalidade=tuple(
            e.modalidade if (e := explicacoes.get(n)) is not None else None for n in colunas.numero
        ),
    )
    indice = {n: i for i, n in enumerate(colunas.numero)}
    ordem = tuple(
        ItemMotor(
            ordem=c.ordem,
            numero=c.inscricao,
            nome=colunas.nome[indice[c.inscricao]],
            posicao=colunas.posicao[indice[c.inscricao]],
            modalidade=c.modalidade,
            modalidade_inicial=c.modalidade_inicial,
            explicacao=explicacoes[c.inscricao].texto,
            inscricao_id=colunas.inscricao_id[indice[c.inscricao]],
        )
        for c in resultado.ordem.convocados
    )
    eliminada = SituacaoInscricao.ELIMINADA.value
    return NucleoVaga(
        **base,
        colunas=colunas,
        **_indices(colunas),
        eliminados=tuple(i for i, x in enumerate(colunas.situacao) if x == eliminada),
        ordem=ordem,
        sequencia=resultado.sequencia,
        reservadas=dict(resultado.reservadas),
    )


def _montar(
    vaga: VagaEstagio,
    parametros: ParametrosMotor,
    versao: ResultadoVersao | None,
    nucleo: NucleoVaga,
    convocacoes: Sequence[Convocacao],
) -> EstadoVaga:
    """Art. 2º, parágrafo único (regras, § 4): o eliminado sai de toda lista — a
    classificação geral e as listas de negros e de PcD, que dela derivam. O motor
    continua recebendo-o (como eliminado), para recalcular com o mesmo k."""
    colunas = nucleo.colunas
    base: dict[str, Any] = {
        "vaga": vaga,
        "versao": versao,
        "aplicacao": parametros.aplicacao,
        "k": vaga.vagas_a_preencher,
        "convocacoes": tuple(convocacoes),
        "fonte": nucleo.fonte,
        "desatualizada": nucleo.desatualizada,
        "empates": nucleo.empates,
        "erro": nucleo.erro,
        "classificacao": Linhas(colunas, nucleo.classificados),
        "listas_por_categoria": {c: Linhas(colunas, ix) for c, ix in nucleo.listas.items()},
    }
    if not nucleo.resolvido:
        return EstadoVaga(**base)
    # A convocação sem efeito (heteroidentificação; regras, § 1) não prende o candidato à
    # ordem: ele continua na ampla concorrência e, alcançado por ela, é chamado de novo.
    sem_efeito = SituacaoConvocacao.SEM_EFEITO.value
    convocacao_de = {c.inscricao.numero: c for c in convocacoes if c.situacao != sem_efeito}
    ordem = tuple(
        ItemOrdem(
            ordem=m.ordem,
            numero=m.numero,
            nome=m.nome,
            posicao=m.posicao,
            modalidade=m.modalidade,
            modalidade_inicial=m.modalidade_inicial,
            explicacao=m.explicacao,
            inscricao_id=m.inscricao_id,
            convocacao=convocacao_de.get(m.numero),
        )
        for m in nucleo.ordem
    )
    alocados = {item.numero for item in ordem}
    return EstadoVaga(
        **base,
        sequencia=nucleo.sequencia,
        reservadas=dict(nucleo.reservadas),
        eliminados=Linhas(colunas, nucleo.eliminados),
        ordem=ordem,
        a_convocar=tuple(item for item in ordem if item.convocacao is None),
        divergentes=tuple(
            c
            for c in convocacoes
            if c.situacao in OCUPAM_VAGA and c.inscricao.numero not in alocados
        ),
    )


def modalidades_atuais(convocacoes: Iterable[tuple[int, int, str]]) -> dict[int, str]:
    """Id da convocação → modalidade atual, a que relatórios e indicadores contam
    (art. 4º, § 1º; regras, § 4: "o histórico guarda a modalidade da chamada, os
    relatórios usam a atual").

    ``convocacoes``: ``(id, vaga_id, modalidade registrada na chamada)``. A atual é
    a do motor com o k de hoje: o candidato negro chamado numa vaga reservada e
    depois alcançado pela ampla concorrência conta como AC. Quem já saiu da ordem
    (desistiu, foi eliminado) fica com a modalidade da chamada. Chamada em AC
    continua AC (as vagas de AC só crescem com k e quem está entre os primeiros
    ``a`` da lista é sempre AC, regras § 6), então só as vagas com alguma chamada
    de outra modalidade passam pelo motor.
    """
    linhas = list(convocacoes)
    atuais = {pk: modalidade for pk, _vaga, modalidade in linhas}
    vagas = sorted({vaga for _pk, vaga, modalidade in linhas if modalidade != Modalidade.AC})
    for vaga in VagaEstagio.objects.filter(pk__in=vagas).select_related("selecao__orgao"):
        estado = estado_vaga(vaga)
        if estado.fonte != "resultado_final":
            continue
        for item in estado.ordem:
            if item.convocacao is not None and item.convocacao.pk in atuais:
                atuais[item.convocacao.pk] = item.modalidade
    return atuais


# secrets.token_urlsafe: letras, dígitos, "-" e "_" (e nada de NUL, que o PostgreSQL recusa).
TOKEN_VALIDO = re.compile(r"[A-Za-z0-9_-]{1,64}")


def convocacao_por_token(token: str) -> Convocacao | None:
    """A convocação do link enviado ao candidato (página dedicada)."""
    if not TOKEN_VALIDO.fullmatch(token):
        return None
    return (
        Convocacao.objects.select_related("inscricao", "vaga", "vaga__selecao__orgao")
        .filter(token=token)
        .first()
    )
