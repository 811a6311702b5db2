"""Registro dos tipos de documento: cada tipo sabe montar template + contexto.

Um *construtor* recebe o ``Documento`` (com ``selecao``, ``orgao`` e
``parametros``) e devolve um ``Conteudo``: o template em
``templates/relatorios/pdf/``, o contexto e, para documentos longos, as
``partes`` (contextos parciais gerados em paralelo e unidos depois).

Para acrescentar um tipo (ex.: o relatório anual do monitoramento):

1. escreva, no seu módulo, ``def relatorio_anual(documento: Documento) -> Conteudo``
   lendo o que precisar de ``documento.parametros`` (ex.: ``{"ano": 2026}``);
2. crie o template ``templates/relatorios/pdf/relatorio_anual.html`` estendendo
   ``relatorios/pdf/base.html`` (cabeçalho, rodapé, numeração e estilo prontos);
3. acrescente UMA linha a ``CONSTRUTORES`` abaixo, com o caminho da função;
4. peça o documento com ``relatorios.documentos.services.documento_solicitar(...)``
   (chave única, ex.: ``f"relatorio_anual:{orgao.pk}:{ano}"``) e ligue para
   ``reverse("documentos:detalhe", args=[documento.pk])``: barra de progresso e
   download já funcionam. Para refazer quando os dados mudarem, chame
   ``services.documento_regenerar(documento=..., motivo=...)``.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from django.utils.module_loading import import_string

from candidatos.conteudo_resultado import (
    CategoriaPublicada,
    Classificado,
    ConteudoResultado,
    Convocado,
    VagaPublicada,
)
from relatorios.models import TipoDocumento
from selecoes.categorias import Categoria
from selecoes.sigilo import codigo_lista
from selecoes.templatetags.formatos import CASAS_NOTA, nota

if TYPE_CHECKING:
    from relatorios.models import Documento


@dataclass(frozen=True)
class Conteudo:
    """O que um construtor devolve: como renderizar um documento."""

    template: str
    titulo: str
    contexto: Mapping[str, Any] = field(default_factory=dict)
    #: Se houver mais de uma, cada parte (mesclada ao ``contexto``) é gerada por
    #: uma tarefa e as partes são unidas, com a numeração de páginas refeita.
    partes: Sequence[Mapping[str, Any]] = ()


Construtor = Callable[["Documento"], Conteudo]

#: tipo → caminho da função construtora. Um tipo novo = uma linha aqui.
CONSTRUTORES: dict[str, str] = {
    TipoDocumento.ANEXO_EDITAL: "relatorios.documentos.construtores.anexo_edital",
    TipoDocumento.RESULTADO: "relatorios.documentos.construtores.lista_resultado",
    TipoDocumento.COMPROVANTE: "relatorios.documentos.construtores.comprovante_inscricao",
    TipoDocumento.RELATORIO_ANUAL: "relatorios.monitoramento.selectors.documento_relatorio_anual",
}


@cache
def construtor(tipo: str) -> Construtor:
    try:
        caminho = CONSTRUTORES[tipo]
    except KeyError:
        raise LookupError(
            f"Nenhum construtor registrado para o tipo de documento {tipo!r} "
            "(veja relatorios.documentos.construtores.CONSTRUTORES)."
        ) from None
    return import_string(caminho)


def construir(documento: Documento) -> Conteudo:
    return construtor(documento.tipo)(documento)


# --- Anexo do edital ------------------------------------------------------------------


def anexo_edital(documento: Documento) -> Conteudo:
    """Anexo do edital: quadro de vagas e reservas (art. 1º, § 3º), regra e desempate."""
    from selecoes.models import CriterioAvaliacao, CriterioDesempate, Selecao
    from selecoes.selectors import quadro_reserva

    selecao = Selecao.objects.select_related("orgao").get(pk=documento.selecao_id)  # type: ignore[misc]
    quadro = quadro_reserva(selecao, posicoes=30)
    versao = selecao.versoes.order_by("-numero").first()
    nomes_criterios = dict(
        CriterioAvaliacao.objects.filter(selecao=selecao).values_list("codigo", "nome")
    )
    desempate = []
    for item in selecao.criterios_desempate or []:
        rotulo = CriterioDesempate(item["criterio"]).label
        if item.get("parametro"):
            rotulo += f": {nomes_criterios.get(item['parametro'], item['parametro'])}"
        desempate.append(rotulo)
    return Conteudo(
        template="relatorios/pdf/anexo_edital.html",
        titulo=documento.titulo,
        contexto={
            "selecao": selecao,
            "orgao": selecao.orgao,
            "versao": versao,
            "quadro": quadro,
            "linhas": [_linha_anexo(linha, quadro.categorias) for linha in quadro.linhas],
            "totais_reservadas": [quadro.total_reservadas.get(c, 0) for c in quadro.categorias],
            "categorias_orgao": list(selecao.categorias_orgao.all()),
            "desempate": desempate,
            "mudancas_rateio": ((versao.conteudo or {}).get("reserva") or {}).get(
                "mudancas_rateio", []
            )
            if versao
            else [],
        },
    )


def _linha_anexo(linha: Any, categorias: Sequence[str]) -> dict[str, Any]:
    """Uma vaga do quadro, com as posições reservadas de cada categoria nas 30 primeiras."""
    posicoes = {c: [i for i, cat in enumerate(linha.sequencia, 1) if cat == c] for c in categorias}
    return {
        "vaga": linha.vaga,
        "reservadas": [linha.reservadas.get(c, 0) for c in categorias],
        "ampla": linha.ampla,
        "posicoes": [", ".join(f"{p}ª" for p in posicoes[c]) or "—" for c in categorias],
    }


# --- Listas de resultado --------------------------------------------------------------

#: Colunas do texto monoespaçado das listas (A4 com margens de 15 mm, 8,5 pt).
LARGURA_LINHA = 96
LINHAS_POR_BLOCO = 25
#: Acima disto, a lista é gerada em partes paralelas de até ``LINHAS_POR_PARTE`` linhas.
#: O WeasyPrint gasta ~0,5 ms de CPU por linha (diagramação, desenho glifo a glifo,
#: marcação PDF/UA), num processo só: 5.000 aprovados (≈ 6.700 linhas) levam ~3,3 s
#: num processo e ~2 s em duas partes nos 2 processos do worker, junção incluída
#: (docs/desempenho.md). Partes menores também limitam a memória de cada processo.
LIMITE_UMA_PARTE = 4_000
LINHAS_POR_PARTE = 8_000
#: Partes do mesmo tamanho, em múltiplo dos processos do worker (Procfile: 2),
#: para nenhum processo ficar sozinho na última rodada.
PARTES_MULTIPLO = 2

ROTULOS_MODALIDADE = {
    "AC": "Ampla concorrência",
    **{c.value: f"Reserva — {c.curto}" for c in Categoria},
    "reversao": "Reversão (art. 4º, § 3º)",
}


@dataclass(frozen=True)
class Lista:
    """Uma lista de uma vaga, já em linhas de texto alinhadas em colunas."""

    chave: str
    titulo: str
    descricao: str
    cabecalho: str
    linhas: tuple[str, ...]
    vazia: str
    continuacao: bool = False

    @property
    def blocos(self) -> list[str]:
        """Linhas agrupadas: poucos blocos grandes diagramam muito mais rápido."""
        return [
            "\n".join(self.linhas[i : i + LINHAS_POR_BLOCO])
            for i in range(0, len(self.linhas), LINHAS_POR_BLOCO)
        ]


@dataclass(frozen=True)
class Secao:
    """Uma vaga de estágio e suas listas."""

    vaga: Mapping[str, Any]
    listas: tuple[Lista, ...]
    continuacao: bool = False
    #: ``SorteioPublicado`` da vaga (regras, § 5), impressos antes das listas.
    sorteios: tuple[Any, ...] = ()


def lista_resultado(documento: Documento) -> Conteudo:
    """Resultado preliminar ou final de uma seleção, uma seção por vaga (art. 1º, § 3º; art. 4º).

    Lê somente o conteúdo congelado da versão (docs/resultado.md), que já traz
    apenas número de inscrição e nome de exibição; confere o hash publicado —
    salvo numa versão cujos nomes a retenção anonimizou (``anonimizado_em``): lá
    o hash é o do documento original, e o gatilho do banco só deixou trocar os
    nomes por ``[anonimizado]``. Traz também os sorteios de desempate de cada vaga
    e as inscrições sem avaliação com o motivo (número e motivo, nada mais).

    Com ``parametros["vaga"]``, só a seção dessa vaga (o PDF de uma vaga); as
    inscrições sem avaliação, que não são de uma vaga, ficam no PDF da versão.
    """
    from candidatos.models import ResultadoVersao
    from relatorios.documentos import leitura_resultado as leitura
    from selecoes.models import CriterioAvaliacao

    versao = (
        ResultadoVersao.objects.select_related("selecao__orgao")
        .defer("conteudo")
        .get(pk=documento.parametros["versao"])
    )
    guardado = leitura.conteudo_verificado(versao)
    conteudo = guardado.cabecalho
    sem_nomes = bool(documento.parametros.get("sem_nomes"))
    vaga = documento.parametros.get("vaga")
    if vaga is not None and vaga not in guardado.codigos:
        raise LookupError(f"A vaga {vaga!r} não está na versão {versao.pk}.")
    casas = CriterioAvaliacao.casas_nota_final(versao.selecao_id)
    # Uma vaga do banco por vez: só as linhas de texto das listas ficam na memória.
    vagas = leitura.vagas_guardadas(versao.pk, vaga)
    secoes = (
        secoes_sem_nomes(conteudo, vagas)
        if sem_nomes
        else [secao_da_vaga(v, conteudo, opcionais=guardado.opcionais, casas=casas) for v in vagas]
    )
    total = contar_linhas(secoes)
    partes = []
    if total > LIMITE_UMA_PARTE:
        quantas = math.ceil(total / LINHAS_POR_PARTE)
        quantas += -quantas % PARTES_MULTIPLO
        partes = dividir(secoes, math.ceil(total / quantas))
    return Conteudo(
        template="relatorios/pdf/resultado.html",
        titulo=documento.titulo,
        contexto={
            "versao": versao,
            "selecao": versao.selecao,
            "orgao": versao.selecao.orgao,
            "reserva": conteudo.reserva,
            "secoes": secoes,
            "sem_avaliacao": () if sem_nomes or vaga is not None else conteudo.fora,
            "sem_nomes": sem_nomes,
            "primeira_parte": True,
        },
        partes=[
            {"secoes": parte, "primeira_parte": indice == 0} for indice, parte in enumerate(partes)
        ],
    )


def secoes_resultado(
    conteudo: ConteudoResultado,
    *,
    casas: int = CASAS_NOTA,
    vagas: Sequence[str] | None = None,
) -> list[Secao]:
    """As seções do PDF a partir do conteúdo de uma versão (docs/resultado.md).

    ``casas``: as da nota final (``selecoes.models.casas_da_nota_final``), as mesmas
    das páginas HTML. ``vagas``: só as seções destes códigos (o PDF de uma vaga traz
    as mesmas listas que a seção da vaga no PDF da versão).

    A lista de negros sai sempre (art. 1º, § 3º); a de cada outra categoria, se
    alguma vaga a reserva ou a publicou (a de PcD só quando o edital reserva).
    """
    from relatorios.documentos.leitura_resultado import opcionais

    categorias = opcionais(conteudo.vagas)
    return [
        secao_da_vaga(vaga, conteudo, opcionais=categorias, casas=casas)
        for vaga in conteudo.vagas
        if vagas is None or vaga.codigo in vagas
    ]


def secao_da_vaga(
    vaga: VagaPublicada,
    conteudo: ConteudoResultado,
    *,
    opcionais: Sequence[Categoria],
    casas: int = CASAS_NOTA,
) -> Secao:
    """A seção de uma vaga: classificação, listas de reserva e ordem de convocação.

    ``conteudo``: dele vêm só as categorias do órgão (as vagas podem não estar nele).
    """
    por_numero = {linha.inscricao: linha for linha in vaga.classificacao}
    listas = [_classificacao(vaga.classificacao, casas)]
    for categoria in (Categoria.NEGROS, *opcionais):
        listas.append(_lista_reserva(categoria, vaga.lista(categoria), por_numero))
    for do_orgao in conteudo.categorias_orgao:
        listas.append(_lista_do_orgao(do_orgao, vaga.lista(do_orgao.codigo), por_numero))
    listas.append(_convocacao(vaga.convocacao, conteudo.so_numeros))
    return Secao(vaga=_dados_vaga(vaga), listas=tuple(listas), sorteios=vaga.sorteios_publicados)


def secoes_sem_nomes(
    conteudo: ConteudoResultado, vagas: Iterable[VagaPublicada] | None = None
) -> list[Secao]:
    """O documento próprio das listas sem nomes (LGPD, art. 11; ``selecoes.sigilo``).

    Só os códigos de lista: a lista de cada categoria sem nomes e as posições da
    ordem de convocação nas vagas dela. Nada aqui traz nome, número de inscrição,
    nota ou posição geral, e o documento do resultado não traz os códigos: nenhum
    documento público tem ao mesmo tempo o nome e o código de alguém.
    """
    categorias = [c for c in conteudo.categorias_orgao if not c.lista_com_nomes]
    secoes = []
    for vaga in conteudo.vagas if vagas is None else vagas:
        listas = [_lista_codigos(c, vaga.lista(c.codigo)) for c in categorias]
        listas.append(_convocacao_codigos(vaga.convocacao, conteudo.so_numeros))
        secoes.append(Secao(vaga=_dados_vaga(vaga), listas=tuple(listas)))
    return secoes


def _titulo_do_orgao(categoria: CategoriaPublicada) -> str:
    return f"Lista de {categoria.nome[0].lower()}{categoria.nome[1:]}"


def _lista_codigos(categoria: CategoriaPublicada, numeros: Sequence[str]) -> Lista:
    valores = [
        (f"{ordem}º", codigo_lista(n, categoria.codigo)) for ordem, n in enumerate(numeros, 1)
    ]
    cabecalho, *corpo = _colunas(valores, ("Ordem", "Código de lista"), ">")
    return Lista(
        chave=categoria.codigo,
        titulo=_titulo_do_orgao(categoria),
        descricao=(
            f"Aprovados que concorrem às vagas reservadas a {categoria.nome.lower()}, na ordem "
            f"da classificação ({categoria.base_legal}), pelo código de lista de cada um: "
            "cada candidato vê o seu no comprovante de inscrição e em “Minha situação” "
            "(Lei nº 13.709/2018, art. 11)."
        ),
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhum aprovado nesta lista.",
    )


def _convocacao_codigos(linhas: Sequence[Convocado], so_numeros: frozenset[str]) -> Lista:
    valores = [
        (
            f"{linha.ordem}ª",
            ROTULOS_MODALIDADE.get(linha.modalidade, linha.modalidade),
            codigo_lista(linha.inscricao, linha.modalidade),
        )
        for linha in linhas
        if linha.modalidade in so_numeros
    ]
    cabecalho, *corpo = _colunas(valores, ("Ordem", "Modalidade", "Código de lista"), "><")
    return Lista(
        chave="convocacao",
        titulo="Ordem de convocação nas vagas destas listas",
        descricao=(
            "Posições da ordem de convocação (arts. 3º e 4º do Decreto nº 9.427/2018) "
            "preenchidas por estas listas, com o código de lista de quem é chamado."
        ),
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhuma convocação prevista nas vagas destas listas nesta versão.",
    )


def _dados_vaga(vaga: VagaPublicada) -> dict[str, Any]:
    return {
        "codigo": vaga.codigo,
        "area": vaga.area,
        "municipio": vaga.municipio,
        "uf": vaga.uf,
        "ofertadas": vaga.ofertadas,
        "reservadas_negros": vaga.reservadas.get(Categoria.NEGROS, 0),
        "reservadas_pcd": vaga.reservadas.get(Categoria.PCD),
    }


def _colunas(
    valores: Sequence[tuple[str, ...]], cabecalho: tuple[str, ...], alinhamento: str
) -> list[str]:
    """Alinha colunas em texto monoespaçado; a última (o nome) quebra com recuo.

    ``alinhamento``: ``>`` (à direita) ou ``<`` para cada coluna antes do nome.
    """
    larguras = [
        max(len(cabecalho[i]), *(len(v[i]) for v in valores)) if valores else len(cabecalho[i])
        for i in range(len(cabecalho) - 1)
    ]
    recuo = sum(larguras) + 2 * len(larguras)
    largura_nome = max(LARGURA_LINHA - recuo, 20)

    def linha(campos: tuple[str, ...]) -> str:
        prefixo = "".join(
            f"{c:{a}{w}}  " for c, a, w in zip(campos[:-1], alinhamento, larguras, strict=True)
        )
        partes = textwrap.wrap(campos[-1], largura_nome, break_on_hyphens=False) or [""]
        return "\n".join([prefixo + partes[0], *(" " * recuo + p for p in partes[1:])])

    return [linha(cabecalho).rstrip(), *(linha(v) for v in valores)]


def _nota(valor: Any, casas: int = CASAS_NOTA) -> str:
    """Mesmo formato das páginas HTML (filtro ``nota``): "9,25", nunca "9.250"."""
    return nota(valor, casas) or ("—" if valor in (None, "") else str(valor))


def _classificacao(linhas: Sequence[Classificado], casas: int = CASAS_NOTA) -> Lista:
    valores = [
        (f"{linha.posicao}º", linha.inscricao, _nota(linha.nota_final, casas), linha.nome)
        for linha in linhas
    ]
    cabecalho, *corpo = _colunas(valores, ("Posição", "Inscrição", "Nota", "Nome"), ">>>")
    return Lista(
        chave="classificacao",
        titulo="Classificação geral",
        descricao="Todos os aprovados, na ordem de classificação (após o desempate).",
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhum candidato aprovado nesta vaga.",
    )


def _lista_reserva(
    categoria: Categoria, numeros: Sequence[str], por_numero: Mapping[str, Classificado]
) -> Lista:
    valores = [
        (f"{ordem}º", f"{por_numero[n].posicao}º", n, por_numero[n].nome)
        for ordem, n in enumerate(numeros, 1)
    ]
    cabecalho, *corpo = _colunas(valores, ("Ordem", "Geral", "Inscrição", "Nome"), ">>>")
    return Lista(
        chave=categoria.value,
        titulo=categoria.titulo_lista,
        descricao=categoria.descricao_lista,
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhum aprovado nesta lista.",
    )


def _lista_do_orgao(
    categoria: CategoriaPublicada, numeros: Sequence[str], por_numero: Mapping[str, Classificado]
) -> Lista:
    """Lista de uma categoria do órgão, com a base legal do edital. A lista sem nomes
    (LGPD, art. 11) não entra neste documento, que tem os nomes: sai no documento
    próprio, pelos códigos de lista (``secoes_sem_nomes``)."""
    titulo = _titulo_do_orgao(categoria)
    descricao = (
        f"Aprovados que concorrem às vagas reservadas a {categoria.nome.lower()}, na ordem da "
        f"classificação ({categoria.base_legal})."
    )
    if not categoria.lista_com_nomes:
        return Lista(
            chave=categoria.codigo,
            titulo=titulo,
            descricao=descricao,
            cabecalho="",
            linhas=(),
            vazia=(
                f"{len(numeros)} aprovado(s). Lista publicada sem nomes nem números de "
                "inscrição, pelo código de lista de cada candidato, no documento "
                "“listas sem nomes” desta versão e na página pública da vaga "
                "(Lei nº 13.709/2018, art. 11)."
            ),
        )
    valores_nomes = [
        (f"{ordem}º", f"{por_numero[n].posicao}º", n, por_numero[n].nome)
        for ordem, n in enumerate(numeros, 1)
    ]
    cabecalho, *corpo = _colunas(valores_nomes, ("Ordem", "Geral", "Inscrição", "Nome"), ">>>")
    return Lista(
        chave=categoria.codigo,
        titulo=titulo,
        descricao=descricao,
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhum aprovado nesta lista.",
    )


def _convocacao(linhas: Sequence[Convocado], so_numeros: frozenset[str] = frozenset()) -> Lista:
    """Arts. 3º e 4º. Numa vaga de lista sem nomes, nem nome nem número: quem é
    chamado nela aparece pelo código de lista no documento próprio (LGPD, art. 11)."""
    valores = [
        (
            f"{linha.ordem}ª",
            "—" if linha.modalidade in so_numeros else linha.inscricao,
            ROTULOS_MODALIDADE.get(linha.modalidade, linha.modalidade),
            "(código de lista no documento “listas sem nomes”)"
            if linha.modalidade in so_numeros
            else linha.nome,
        )
        for linha in linhas
    ]
    cabecalho, *corpo = _colunas(valores, ("Ordem", "Inscrição", "Modalidade", "Nome"), "><<")
    return Lista(
        chave="convocacao",
        titulo="Ordem de convocação",
        descricao=(
            "Ordem em que os candidatos são chamados para as vagas a preencher, com a "
            "modalidade de cada vaga (arts. 3º e 4º do Decreto nº 9.427/2018)."
        ),
        cabecalho=cabecalho,
        linhas=tuple(corpo),
        vazia="Nenhuma convocação prevista nesta versão.",
    )


def contar_linhas(secoes: Sequence[Secao]) -> int:
    return sum(len(lista.linhas) for secao in secoes for lista in secao.listas)


def dividir(secoes: Sequence[Secao], linhas_por_parte: int) -> list[list[Secao]]:
    """Divide as seções em partes de até ``linhas_por_parte`` linhas, mantendo a ordem.

    Uma seção ou lista cortada continua na parte seguinte, marcada como continuação.
    """
    partes: list[list[Secao]] = [[]]
    ocupadas = 0
    for secao in secoes:
        listas: list[Lista] = []
        secao_continua = False
        for lista in secao.listas:
            resto, lista_continua = lista.linhas, False
            while True:
                if resto and ocupadas >= linhas_por_parte:
                    if listas:
                        partes[-1].append(
                            replace(secao, listas=tuple(listas), continuacao=secao_continua)
                        )
                    partes.append([])
                    secao_continua = secao_continua or bool(listas)
                    listas, ocupadas = [], 0
                livre = linhas_por_parte - ocupadas
                listas.append(replace(lista, linhas=resto[:livre], continuacao=lista_continua))
                ocupadas += len(resto[:livre])
                resto, lista_continua = resto[livre:], True
                if not resto:
                    break
        partes[-1].append(replace(secao, listas=tuple(listas), continuacao=secao_continua))
    return partes


# --- Comprovante de inscrição ---------------------------------------------------------


def mascarar_cpf(cpf: str) -> str:
    """``***.456.789-**``: o meio do CPF, suficiente para o candidato se reconhecer."""
    return f"***.{cpf[3:6]}.{cpf[6:9]}-**" if len(cpf) == 11 else "***"


def comprovante_inscricao(documento: Documento) -> Conteudo:
    """Comprovante da inscrição: identificação, vaga, data, opções e o que substituiu.

    A via do candidato prova a opção pelas vagas reservadas (Decreto nº
    9.427/2018, art. 1º: concorre quem se autodeclara e opta), e nunca a cor/raça
    declarada, que é dado sensível (LGPD, art. 11) e não é preciso para a prova.

    A via do RH (``parametros["via"] == "rh"``) não traz o código: com ele se age
    pelo candidato (issue 16, item 3). É um arquivo só, que qualquer papel do
    órgão baixa; como só a gestão vê dados sensíveis (``Papel.ve_dados_sensiveis``),
    essa via não traz nem a cor/raça nem as opções de reserva; a ficha da
    inscrição no sistema as mostra, a cor/raça somente à gestão.

    A inscrição que substitui outra diz qual substituiu (vale a mais recente do
    CPF na seleção), em todas as vias.
    """
    from candidatos.models import Inscricao

    inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga", "substitui").get(
        pk=documento.parametros["inscricao"]
    )
    substituta = Inscricao.objects.filter(substitui=inscricao).only("numero").first()
    return Conteudo(
        template="relatorios/pdf/comprovante.html",
        titulo=documento.titulo,
        contexto={
            "inscricao": inscricao,
            "selecao": inscricao.selecao,
            "orgao": inscricao.selecao.orgao,
            "vaga": inscricao.vaga,
            "cpf_mascarado": mascarar_cpf(inscricao.cpf),
            "substituta": substituta,
            "substituida": inscricao.substitui,
            "via_rh": documento.parametros.get("via") == "rh",
        },
    )
