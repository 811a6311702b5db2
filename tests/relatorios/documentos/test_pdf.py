"""relatorios/pdf.py: buscador seguro, PDF marcado e junção com numeração."""

import io

import pytest
from pypdf import PdfReader

from relatorios import pdf
from tests.relatorios.documentos.conftest import paginas_pdf

HTML_MALICIOSO = """<!doctype html><html lang="pt-BR"><head><title>Ataque</title>
<link rel="attachment" href="file:///etc/passwd">
<link rel="stylesheet" href="http://169.254.169.254/latest/meta-data/">
</head><body><p>Nome</p>
<img src="file:///etc/passwd" alt="">
<img src="http://169.254.169.254/latest/meta-data/iam" alt="">
<a rel="attachment" href="file:///etc/shadow">anexo</a>
<img src="/static/../../../../etc/passwd" alt="">
<div style="background: url('https://exemplo.com/rastreio.png')">x</div>
</body></html>"""


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/passwd",
        "http://169.254.169.254/latest/meta-data/",
        "https://exemplo.com/imagem.png",
        "ftp://exemplo.com/x",
        "https://documento.invalid/etc/passwd",
        "https://documento.invalid/static/../../etc/passwd",
        "https://documento.invalid/static/%2e%2e/%2e%2e/etc/passwd",
        "https://documento.invalid/static/nao-existe.css",
        "https://documento.invalid/static//etc/passwd",
    ],
)
def test_buscador_recusa_o_que_nao_e_estatico_nem_data(url):
    buscador = pdf.BuscadorSeguro()
    with pytest.raises(pdf.UrlRecusada):
        buscador.fetch(url)
    assert buscador.recusadas == [url]


def test_buscador_entrega_estatico_do_sistema_e_data_uri():
    buscador = pdf.BuscadorSeguro()
    css = buscador.fetch("https://documento.invalid/static/css/impressao.css")
    assert b"@media" in css.read() or css.content_type == "text/css"
    dado = buscador.fetch("data:text/plain;base64,b2zDoQ==")
    assert dado.read() == "olá".encode()
    assert buscador.recusadas == []


def test_buscador_nao_tem_handlers_de_rede_nem_redirecionamento():
    buscador = pdf.BuscadorSeguro()
    with pytest.raises(pdf.UrlRecusada):
        buscador.open("http://169.254.169.254/")


def test_renderizar_html_malicioso_nao_anexa_nem_busca_nada():
    """Defesa em profundidade: mesmo HTML cru (sem autoescape) não lê arquivo nem rede."""
    buscador = pdf.BuscadorSeguro()
    gerado = pdf.renderizar(HTML_MALICIOSO, buscador=buscador)
    assert pdf.anexos(gerado.conteudo) == []
    assert b"/EmbeddedFile" not in gerado.conteudo
    assert b"root:" not in gerado.conteudo
    assert set(buscador.pedidas) == set(buscador.recusadas)
    assert "file:///etc/passwd" in buscador.recusadas
    assert "http://169.254.169.254/latest/meta-data/iam" in buscador.recusadas


def test_pdf_marcado_com_titulo_e_idioma():
    html = (
        '<html lang="pt-BR"><head><title>Lista de ação</title></head>'
        "<body><h1>Olá</h1></body></html>"
    )
    leitor = PdfReader(io.BytesIO(pdf.renderizar(html).conteudo))
    raiz = leitor.trailer["/Root"]
    assert raiz["/Lang"] == "pt-BR"
    assert raiz["/MarkInfo"]["/Marked"]
    assert "/StructTreeRoot" in raiz
    assert leitor.metadata.title == "Lista de ação"


def test_renderizar_e_deterministico():
    html = '<html lang="pt-BR"><head><title>T</title></head><body><p>Igual</p></body></html>'
    assert pdf.renderizar(html).conteudo == pdf.renderizar(html).conteudo


def _parte(texto: str, paginas: int) -> bytes:
    corpo = "".join(
        f'<p style="break-before: page">{texto} {i}</p>' if i else f"<p>{texto} {i}</p>"
        for i in range(paginas)
    )
    return pdf.renderizar(f'<html lang="pt-BR"><body>{corpo}</body></html>').conteudo


def _numeracao(total: int) -> bytes:
    css = '@page { @bottom-right { content: "Página " counter(page) " de " counter(pages) } }'
    corpo = "".join(
        '<div style="break-before: page"></div>' if i else "<div></div>" for i in range(total)
    )
    return pdf.renderizar(f'<html lang="pt-BR"><body>{corpo}</body></html>', folhas=[css]).conteudo


def test_juntar_une_em_ordem_e_numera_x_de_y():
    partes = [_parte("Alfa", 2), _parte("Beta", 3), _parte("Gama", 1)]
    junto = pdf.juntar(partes, numeracao=_numeracao, titulo="Resultado final")
    textos = paginas_pdf(junto.conteudo)
    assert junto.paginas == len(textos) == 6
    esperados = ["Alfa 0", "Alfa 1", "Beta 0", "Beta 1", "Beta 2", "Gama 0"]
    for numero, (texto, esperado) in enumerate(zip(textos, esperados, strict=True), 1):
        assert esperado in texto
        assert f"Página {numero} de 6" in texto
    leitor = PdfReader(io.BytesIO(junto.conteudo))
    assert leitor.metadata.title == "Resultado final"
    assert leitor.trailer["/Root"]["/Lang"] == "pt-BR"


def test_juntar_recusa_numeracao_com_paginas_a_menos():
    with pytest.raises(ValueError, match="numeração"):
        pdf.juntar([_parte("A", 2)], numeracao=lambda _total: _numeracao(1), titulo="T")
