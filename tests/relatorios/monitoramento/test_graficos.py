"""Gráficos SVG: acessíveis, sem estilo inline e com o texto escapado."""

import re
from decimal import Decimal

import pytest

from relatorios.monitoramento.graficos import Barra, barras_horizontais, colunas

BARRAS = [
    Barra("MIR", Decimal("37.5"), "37,5%"),
    Barra("<script>", None, "X (suprimido)"),
    Barra("IFD", Decimal("10"), "10,0%"),
]


@pytest.mark.parametrize("desenhar", [barras_horizontais, colunas])
def test_grafico_acessivel_e_seguro(desenhar):
    g = desenhar(
        identificador="g1",
        titulo="Pessoas negras & contratadas",
        descricao="Um valor por órgão.",
        barras=BARRAS,
        meta=Decimal(30),
        rotulo_meta="meta 30%",
    )
    svg = str(g.svg)
    assert svg.startswith("<svg ")
    assert 'role="img"' in svg
    assert 'aria-labelledby="g1-titulo g1-desc"' in svg
    assert '<title id="g1-titulo">Pessoas negras &amp; contratadas</title>' in svg
    assert '<desc id="g1-desc">Um valor por órgão.</desc>' in svg
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "style=" not in svg
    assert svg.count("<rect") == 2  # a barra suprimida não é desenhada
    assert "X (suprimido)" in svg
    assert "meta 30%" in svg
    assert 'stroke-dasharray="6 4"' in svg


def test_grafico_barras_proporcionais():
    g = barras_horizontais(
        identificador="g2",
        titulo="t",
        descricao="d",
        barras=[Barra("A", 50, "50"), Barra("B", 25, "25")],
        maximo=Decimal(100),
    )
    larguras = [float(w) for w in re.findall(r'<rect [^>]*width="([\d.]+)"', str(g.svg))]
    assert larguras[0] == pytest.approx(2 * larguras[1])


def test_grafico_sem_barras_nao_quebra():
    g = colunas(identificador="g3", titulo="t", descricao="d", barras=[])
    assert "<rect" not in str(g.svg)
    assert str(g.svg).endswith("</svg>")
