"""Gráficos SVG gerados no servidor (sem JavaScript, também no PDF).

Acessibilidade: cada SVG tem ``role="img"``, ``<title>`` e ``<desc>`` ligados por
``aria-labelledby``; o valor de cada barra está escrito ao lado dela (a cor nunca
é a única pista) e o template põe ao lado a tabela com os mesmos números.
Sem atributos ``style`` nem scripts: compatível com CSP sem 'unsafe-inline'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

COR_BARRA = "#1351b4"
# Séries de um gráfico agrupado: azul, laranja e verde escuros (contraste ≥ 4,5:1
# com o branco) e, além da cor, um padrão de preenchimento diferente em cada uma.
CORES_SERIES = ("#1351b4", "#a64b00", "#14703b")
COR_META = "#b3261e"
COR_TEXTO = "#1b1b1b"
COR_EIXO = "#6b6b6b"

LARGURA = 640
ALTURA_LINHA = 28
MARGEM_ROTULO = 150
MARGEM_VALOR = 90


@dataclass(frozen=True, slots=True)
class Barra:
    rotulo: str
    valor: Decimal | int | None
    """``None``: sem dado ou suprimido (nenhuma barra desenhada)."""
    texto: str
    """O que se lê ao lado da barra ("33,3%", "< 5", "X", "sem contratações")."""


@dataclass(frozen=True, slots=True)
class Grafico:
    identificador: str
    titulo: str
    descricao: str
    barras: tuple[Barra, ...]
    svg: SafeString
    vazio: str = ""
    """Sem nenhum valor para desenhar: a tela mostra esta frase no lugar do SVG."""
    series: tuple[str, ...] = ()
    """Nomes das séries de um gráfico agrupado (a legenda e as colunas da tabela)."""
    grupos: tuple[tuple[str, tuple[Barra, ...]], ...] = ()
    """Rótulo do grupo (ex.: o ano) → uma barra por série."""


def _numero(valor: Decimal | int | float) -> str:
    return f"{float(valor):.1f}".rstrip("0").rstrip(".")


def _maximo(barras: Sequence[Barra], meta: Decimal | None) -> Decimal:
    valores = [Decimal(b.valor) for b in barras if b.valor is not None]
    if meta is not None:
        valores.append(meta)
    return max([*valores, Decimal(1)])


def _cabecalho(ident: str, titulo: str, descricao: str, largura: int, altura: int) -> str:
    i = escape(ident)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="grafico" role="img" '
        f'aria-labelledby="{i}-titulo {i}-desc" viewBox="0 0 {largura} {altura}" '
        f'width="100%" preserveAspectRatio="xMinYMin meet" font-family="sans-serif" '
        f'font-size="13">'
        f'<title id="{i}-titulo">{escape(titulo)}</title>'
        f'<desc id="{i}-desc">{escape(descricao)}</desc>'
    )


def barras_horizontais(
    *,
    identificador: str,
    titulo: str,
    descricao: str,
    barras: Sequence[Barra],
    meta: Decimal | None = None,
    rotulo_meta: str = "",
    maximo: Decimal | None = None,
) -> Grafico:
    """Uma barra por item (ex.: por órgão), com a linha tracejada da meta."""
    topo = 8
    altura = topo + ALTURA_LINHA * max(len(barras), 1) + (28 if meta is not None else 8)
    area = LARGURA - MARGEM_ROTULO - MARGEM_VALOR
    escala = area / float(maximo or _maximo(barras, meta))
    partes = [_cabecalho(identificador, titulo, descricao, LARGURA, altura)]
    for n, barra in enumerate(barras):
        y = topo + n * ALTURA_LINHA
        meio = y + ALTURA_LINHA / 2 + 4
        partes.append(
            f'<text x="{MARGEM_ROTULO - 8}" y="{meio:.0f}" text-anchor="end" '
            f'fill="{COR_TEXTO}">{escape(barra.rotulo)}</text>'
        )
        largura = 0.0 if barra.valor is None else float(barra.valor) * escala
        if largura > 0:
            partes.append(
                f'<rect x="{MARGEM_ROTULO}" y="{y + 5}" width="{largura:.1f}" '
                f'height="{ALTURA_LINHA - 10}" fill="{COR_BARRA}"/>'
            )
        partes.append(
            f'<text x="{MARGEM_ROTULO + largura + 6:.1f}" y="{meio:.0f}" '
            f'fill="{COR_TEXTO}">{escape(barra.texto)}</text>'
        )
    fim = topo + ALTURA_LINHA * max(len(barras), 1)
    partes.append(
        f'<line x1="{MARGEM_ROTULO}" y1="{topo}" x2="{MARGEM_ROTULO}" y2="{fim}" '
        f'stroke="{COR_EIXO}"/>'
    )
    if meta is not None:
        x = MARGEM_ROTULO + float(meta) * escala
        partes.append(
            f'<line x1="{x:.1f}" y1="{topo}" x2="{x:.1f}" y2="{fim}" stroke="{COR_META}" '
            f'stroke-width="2" stroke-dasharray="6 4"/>'
            f'<text x="{x:.1f}" y="{fim + 18}" text-anchor="middle" fill="{COR_META}">'
            f"{escape(rotulo_meta or _numero(meta))}</text>"
        )
    partes.append("</svg>")
    return Grafico(identificador, titulo, descricao, tuple(barras), mark_safe("".join(partes)))  # noqa: S308


def colunas(
    *,
    identificador: str,
    titulo: str,
    descricao: str,
    barras: Sequence[Barra],
    meta: Decimal | None = None,
    rotulo_meta: str = "",
) -> Grafico:
    """Uma coluna por item (ex.: por ano, em ordem cronológica), com a linha da meta."""
    altura, base, topo, esquerda = 260, 220, 24, 80
    passo = (LARGURA - esquerda - 10) / max(len(barras), 1)
    escala = (base - topo) / float(_maximo(barras, meta))
    partes = [_cabecalho(identificador, titulo, descricao, LARGURA, altura)]
    partes.append(
        f'<line x1="{esquerda}" y1="{base}" x2="{LARGURA - 10}" y2="{base}" stroke="{COR_EIXO}"/>'
    )
    for n, barra in enumerate(barras):
        centro = esquerda + passo * n + passo / 2
        largura = min(passo * 0.6, 70)
        altura_barra = 0.0 if barra.valor is None else float(barra.valor) * escala
        if altura_barra > 0:
            partes.append(
                f'<rect x="{centro - largura / 2:.1f}" y="{base - altura_barra:.1f}" '
                f'width="{largura:.1f}" height="{altura_barra:.1f}" fill="{COR_BARRA}"/>'
            )
        partes.append(
            f'<text x="{centro:.1f}" y="{base - altura_barra - 6:.1f}" text-anchor="middle" '
            f'fill="{COR_TEXTO}">{escape(barra.texto)}</text>'
            f'<text x="{centro:.1f}" y="{base + 18}" text-anchor="middle" '
            f'fill="{COR_TEXTO}">{escape(barra.rotulo)}</text>'
        )
    if meta is not None:
        y = base - float(meta) * escala
        partes.append(
            f'<line x1="{esquerda}" y1="{y:.1f}" x2="{LARGURA - 10}" y2="{y:.1f}" '
            f'stroke="{COR_META}" stroke-width="2" stroke-dasharray="6 4"/>'
            f'<text x="{esquerda - 4}" y="{y + 4:.1f}" text-anchor="end" fill="{COR_META}">'
            f"{escape(rotulo_meta or _numero(meta))}</text>"
        )
    partes.append("</svg>")
    return Grafico(identificador, titulo, descricao, tuple(barras), mark_safe("".join(partes)))  # noqa: S308


@dataclass(frozen=True, slots=True)
class Grupo:
    rotulo: str
    barras: tuple[Barra, ...]
    """Uma por série, na ordem de ``series``."""


def colunas_agrupadas(
    *,
    identificador: str,
    titulo: str,
    descricao: str,
    series: Sequence[str],
    grupos: Sequence[Grupo],
) -> Grafico:
    """Colunas lado a lado, uma por série, em cada grupo (ex.: por ano), com legenda.

    Grupo sem nenhum valor continua no eixo, com o seu texto ("sem dados"): um ano
    sem edital é informação, não um buraco a esconder.
    """
    topo = 14 + 18 * len(series) + 12
    base, esquerda, direita = topo + 190, 40, 10
    altura = base + 30
    todas = [b for g in grupos for b in g.barras]
    escala = (base - topo) / float(_maximo(todas, None))
    passo = (LARGURA - esquerda - direita) / max(len(grupos), 1)
    largura = min(passo * 0.8 / max(len(series), 1), 40)
    partes = [_cabecalho(identificador, titulo, descricao, LARGURA, altura)]
    for n, nome in enumerate(series):
        y = 6 + 18 * n
        partes.append(
            f'<rect x="{esquerda}" y="{y}" width="14" height="14" fill="{CORES_SERIES[n % 3]}"/>'
            f'<text x="{esquerda + 20}" y="{y + 12}" fill="{COR_TEXTO}">{escape(nome)}</text>'
        )
    partes.append(
        f'<line x1="{esquerda}" y1="{base}" x2="{LARGURA - direita}" y2="{base}" '
        f'stroke="{COR_EIXO}"/>'
    )
    for n, grupo in enumerate(grupos):
        centro = esquerda + passo * n + passo / 2
        inicio = centro - largura * len(grupo.barras) / 2
        valores = [b for b in grupo.barras if b.valor is not None]
        for m, barra in enumerate(grupo.barras):
            x = inicio + largura * m
            h = 0.0 if barra.valor is None else float(barra.valor) * escala
            if h > 0:
                partes.append(
                    f'<rect x="{x + 1:.1f}" y="{base - h:.1f}" width="{largura - 2:.1f}" '
                    f'height="{h:.1f}" fill="{CORES_SERIES[m % 3]}"/>'
                )
            if barra.valor is not None:
                partes.append(
                    f'<text x="{x + largura / 2:.1f}" y="{base - h - 4:.1f}" '
                    f'text-anchor="middle" font-size="11" fill="{COR_TEXTO}">'
                    f"{escape(barra.texto)}</text>"
                )
        if not valores:
            texto = grupo.barras[0].texto if grupo.barras else "sem dados"
            partes.append(
                f'<text x="{centro:.1f}" y="{base - 6}" text-anchor="middle" font-size="11" '
                f'fill="{COR_EIXO}">{escape(texto)}</text>'
            )
        partes.append(
            f'<text x="{centro:.1f}" y="{base + 18}" text-anchor="middle" '
            f'fill="{COR_TEXTO}">{escape(grupo.rotulo)}</text>'
        )
    partes.append("</svg>")
    barras = tuple(
        Barra(f"{g.rotulo} — {nome}", b.valor, b.texto)
        for g in grupos
        for nome, b in zip(series, g.barras, strict=True)
    )
    return Grafico(
        identificador,
        titulo,
        descricao,
        barras,
        mark_safe("".join(partes)),  # noqa: S308
        series=tuple(series),
        grupos=tuple((g.rotulo, g.barras) for g in grupos),
    )
