"""relatorios/documentos/pdf.py: buscador seguro, PDF marcado e junção com numeração."""

import io
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from pypdf import PdfReader

from relatorios.documentos import pdf
from tests.relatorios.documentos.conftest import anexos, paginas_pdf, posicoes_texto

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
    assert css.read() == Path(finders.find("css/impressao.css")).read_bytes()
    assert css.content_type == "text/css"
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
    assert anexos(gerado.conteudo) == []
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


ESTILO_RODAPE = """@page {{ size: A4; margin: 20mm 15mm;
  @bottom-right {{ {conteudo} width: {largura}; text-align: right; font-size: 7.5pt;
                   font-family: "DejaVu Sans"; color: #333; vertical-align: top }} }}"""
NUMERADO = ESTILO_RODAPE.format(
    conteudo='content: "Página " counter(page) " de " counter(pages);', largura="20%"
)
AMOSTRA = ESTILO_RODAPE.format(conteudo=f'content: "{pdf.TEXTO_AMOSTRA}";', largura="60%")


def _parte(texto: str, paginas: int, folha: str = "") -> bytes:
    corpo = "".join(
        f'<p style="break-before: page">{texto} {i}</p>' if i else f"<p>{texto} {i}</p>"
        for i in range(paginas)
    )
    html = f'<html lang="pt-BR"><head><title>Parte</title></head><body>{corpo}</body></html>'
    return pdf.renderizar(html, folhas=[folha] if folha else []).conteudo


def _amostra() -> bytes:
    return pdf.renderizar('<html lang="pt-BR"><body></body></html>', folhas=[AMOSTRA]).conteudo


def test_juntar_une_em_ordem_e_numera_x_de_y():
    partes = [_parte("Alfa", 2), _parte("Beta", 3), _parte("Gama", 1)]
    junto = pdf.juntar(partes, amostra_rodape=_amostra(), titulo="Resultado final")
    textos = paginas_pdf(junto.conteudo)
    assert junto.paginas == len(textos) == 6
    esperados = ["Alfa 0", "Alfa 1", "Beta 0", "Beta 1", "Beta 2", "Gama 0"]
    for numero, (texto, esperado) in enumerate(zip(textos, esperados, strict=True), 1):
        assert esperado in texto
        assert f"Página {numero} de 6" in texto
    leitor = PdfReader(io.BytesIO(junto.conteudo))
    assert leitor.metadata.title == "Resultado final"
    assert leitor.trailer["/Root"]["/Lang"] == "pt-BR"


def test_juntar_carimba_onde_o_css_numeraria():
    """O carimbo cai na mesma posição do rodapé que o CSS desenha num documento só."""
    com_css = _parte("Texto", 12, NUMERADO)
    carimbado = pdf.juntar(
        [_parte("Texto", 5), _parte("Texto", 7)], amostra_rodape=_amostra(), titulo="T"
    )
    esperado = posicoes_texto(com_css, "Página")
    obtido = posicoes_texto(carimbado.conteudo, "Página")
    assert [t for t, _x, _y in obtido] == [t for t, _x, _y in esperado]
    for (_t, x1, y1), (_t2, x2, y2) in zip(obtido, esperado, strict=True):
        assert abs(x1 - x2) < 0.6
        assert abs(y1 - y2) < 0.6


def test_juntar_mantem_o_pdf_marcado_com_uma_arvore_de_estrutura():
    partes = [_parte("Alfa", 2), _parte("Beta", 3)]
    junto = pdf.juntar(partes, amostra_rodape=_amostra(), titulo="T")
    leitor = PdfReader(io.BytesIO(junto.conteudo))
    raiz = leitor.trailer["/Root"]
    assert raiz["/MarkInfo"]["/Marked"]
    arvore = raiz["/StructTreeRoot"].get_object()
    [documento] = [k.get_object() for k in arvore["/K"]]
    assert documento["/S"] == "/Document"
    paragrafos = [k.get_object() for k in documento["/K"]]
    assert len(paragrafos) == 5
    assert all(p["/P"].get_object() == documento for p in paragrafos)
    chaves = [int(p["/StructParents"]) for p in leitor.pages]
    assert len(set(chaves)) == len(chaves) == 5
    numeros = arvore["/ParentTree"].get_object()["/Nums"]
    assert sorted(int(numeros[i]) for i in range(0, len(numeros), 2)) == sorted(chaves)
    # Cada página aponta, pela árvore de pais, para o parágrafo com o seu texto.
    for pagina, chave in zip(leitor.pages, chaves, strict=True):
        indice = [int(numeros[i]) for i in range(0, len(numeros), 2)].index(chave)
        elementos = numeros[2 * indice + 1]
        elementos = elementos if isinstance(elementos, list) else [elementos]
        assert all(e.get_object()["/Pg"].get_object() == pagina.get_object() for e in elementos)


def test_juntar_exige_amostra_com_o_texto_do_rodape():
    vazia = pdf.renderizar('<html lang="pt-BR"><body></body></html>').conteudo
    with pytest.raises(ValueError, match="amostra"):
        pdf.juntar([_parte("A", 2)], amostra_rodape=vazia, titulo="T")


def test_anexos_detecta_arquivo_embutido():
    """Garante que a verificação usada nos testes de segurança enxerga um anexo."""
    from pypdf import PdfWriter

    escritor = PdfWriter()
    escritor.add_blank_page(width=200, height=200)
    escritor.add_attachment("passwd", b"root:x:0:0")
    saida = io.BytesIO()
    escritor.write(saida)
    assert anexos(saida.getvalue()) == ["passwd"]
