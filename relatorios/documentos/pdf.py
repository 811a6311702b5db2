"""Geração de PDF: o único módulo que importa o WeasyPrint (e o pikepdf, da junção).

Recebe HTML já renderizado (templates com autoescape) e devolve bytes. Nada aqui
lê o banco. O WeasyPrint só enxerga arquivos estáticos do próprio sistema e
URIs ``data:`` (``BuscadorSeguro``): nenhum ``file://``, nenhuma rede, nenhum
redirecionamento — um nome de candidato como ``<img src="file:///etc/passwd">``
não pode virar anexo nem requisição.
"""

from __future__ import annotations

import io
import logging
import math
import mimetypes
import re
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pikepdf
import weasyprint
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from pypdf import PdfReader

logger = logging.getLogger(__name__)
# Uma linha de log por página diagramada afogaria o log dos workers.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

#: Endereço-base fictício dos documentos: caminhos relativos (``/static/…``) viram
#: ``https://documento.invalid/static/…``, que o buscador resolve no disco local.
BASE_URL = "https://documento.invalid/"
VARIANTE_PDF = "pdf/ua-1"


class UrlRecusada(ValueError):
    """O documento pediu um recurso fora dos estáticos do sistema."""


class BuscadorSeguro(weasyprint.URLFetcher):
    """Buscador de recursos do WeasyPrint: estáticos do sistema e ``data:``, nada mais.

    Guarda o que foi pedido e o que foi recusado, para auditoria e testes.
    """

    def __init__(self) -> None:
        # De propósito sem chamar a base: nenhum handler de rede, arquivo ou
        # redirecionamento é instalado; só ``fetch`` abaixo responde.
        self._fail_on_errors = False
        self.pedidas: list[str] = []
        self.recusadas: list[str] = []

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:
        self.pedidas.append(url)
        try:
            if url.startswith("data:"):
                return self._data(url)
            return self._estatico(url)
        except UrlRecusada:
            self.recusadas.append(url)
            logger.warning("PDF: recurso recusado: %.200s", url)
            raise

    def _data(self, url: str) -> Any:
        # Só o decodificador de ``data:`` do urllib, sem opener: não há rede nem arquivo.
        pedido = urllib.request.Request(url)  # noqa: S310 - url começa com "data:"
        resposta = urllib.request.DataHandler().data_open(pedido)
        return weasyprint.urls.URLFetcherResponse(
            url, resposta.read(), {"Content-Type": resposta.headers.get_content_type()}
        )

    def _estatico(self, url: str) -> Any:
        caminho = caminho_estatico(url)
        if caminho is None:
            raise UrlRecusada(f"Recurso fora dos arquivos estáticos do sistema: {url[:200]}")
        tipo = mimetypes.guess_type(caminho.name)[0] or "application/octet-stream"
        return weasyprint.urls.URLFetcherResponse(url, caminho.read_bytes(), {"Content-Type": tipo})

    def open(self, *args: Any, **kwargs: Any) -> Any:
        raise UrlRecusada("O buscador de PDF não abre URLs arbitrárias.")


def caminho_estatico(url: str) -> Path | None:
    """Arquivo local de um estático do sistema (``/static/x`` no endereço-base), ou None."""
    partes = urlsplit(url)
    prefixos = []
    base = urlsplit(BASE_URL)
    if (partes.scheme, partes.netloc) == (base.scheme, base.netloc):
        prefixos.append("/" + settings.STATIC_URL.lstrip("/"))
    statico = urlsplit(settings.STATIC_URL)
    if statico.scheme and (partes.scheme, partes.netloc) == (statico.scheme, statico.netloc):
        prefixos.append(statico.path)
    caminho = unquote(partes.path)
    for prefixo in prefixos:
        if not caminho.startswith(prefixo):
            continue
        relativo = caminho.removeprefix(prefixo)
        if not relativo or relativo.startswith("/") or ".." in relativo.split("/"):
            return None
        try:
            encontrado = finders.find(relativo)
        except SuspiciousFileOperation:
            return None
        if isinstance(encontrado, str):
            return Path(encontrado)
    return None


@dataclass(frozen=True)
class PdfGerado:
    conteudo: bytes
    paginas: int


def renderizar(
    html: str,
    *,
    folhas: Sequence[str] = (),
    buscador: BuscadorSeguro | None = None,
    ao_paginar: Callable[[int], None] | None = None,
) -> PdfGerado:
    """HTML → PDF marcado (PDF/UA-1); título e idioma vêm de ``<title>`` e ``<html lang>``.

    ``folhas``: folhas de estilo (texto CSS). ``ao_paginar`` recebe o número de
    páginas depois da diagramação, antes de escrever o arquivo.
    """
    buscador = buscador or BuscadorSeguro()
    documento = weasyprint.HTML(string=html, base_url=BASE_URL, url_fetcher=buscador).render(
        stylesheets=[
            weasyprint.CSS(string=css, base_url=BASE_URL, url_fetcher=buscador) for css in folhas
        ],
        pdf_variant=VARIANTE_PDF,
    )
    if ao_paginar is not None:
        ao_paginar(len(documento.pages))
    conteudo = documento.write_pdf(pdf_variant=VARIANTE_PDF, pdf_identifier=b"documento")
    return PdfGerado(conteudo=conteudo, paginas=len(documento.pages))


def juntar(
    partes: Sequence[bytes],
    *,
    amostra_rodape: bytes,
    titulo: str,
    idioma: str = "pt-BR",
) -> PdfGerado:
    """Une partes geradas em paralelo e carimba "Página x de y" em cada página.

    As partes são geradas sem numeração (cada uma só conhece as próprias
    páginas). ``amostra_rodape`` é um PDF de uma página, feito com a mesma folha
    de estilo, cujo rodapé numerado diz ``TEXTO_AMOSTRA``: dele vêm a fonte
    (embutida), o tamanho, a cor e a posição do carimbo — a geometria fica só no
    CSS. As árvores de marcação das partes viram uma só (PDF/UA). A junção usa
    o pikepdf (qpdf): dezenas de milhares de objetos marcados em ~1 s.
    """
    carimbo = _Carimbo.da_amostra(amostra_rodape)
    saida = pikepdf.Pdf.new()
    arvore = _ArvoreUnida(saida)
    for parte in partes:
        origem = pikepdf.Pdf.open(io.BytesIO(parte))
        inicio = len(saida.pages)
        saida.pages.extend(origem.pages)
        arvore.acrescentar(origem, inicio)
    arvore.concluir()
    total = len(saida.pages)
    with pikepdf.Pdf.open(io.BytesIO(amostra_rodape)) as amostra:
        fonte = saida.copy_foreign(amostra.pages[0].Resources.Font[carimbo.fonte])
    for numero, pagina in enumerate(saida.pages, 1):
        carimbo.aplicar(saida, pagina, fonte, f"Página {numero} de {total}")
    with pikepdf.Pdf.open(io.BytesIO(partes[0])) as primeira:
        if "/Metadata" in primeira.Root:
            saida.Root.Metadata = saida.copy_foreign(primeira.Root.Metadata)
    saida.Root.Lang = pikepdf.String(idioma)
    saida.Root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
    saida.docinfo[pikepdf.Name.Title] = titulo
    saida.docinfo[pikepdf.Name.Producer] = f"WeasyPrint {weasyprint.__version__}"
    arquivo = io.BytesIO()
    saida.save(
        arquivo,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
        deterministic_id=True,
    )
    return PdfGerado(conteudo=arquivo.getvalue(), paginas=total)


#: O que o rodapé da amostra diz: todos os caracteres que um carimbo pode usar.
TEXTO_AMOSTRA = "Página 0123456789 de"


@dataclass(frozen=True)
class _Carimbo:
    """Fonte, tamanho, cor e canto direito (x, linha de base y) do rodapé numerado."""

    fonte: str  # nome do recurso de fonte na página de amostra
    tamanho: float
    cor: tuple[float, float, float]
    direita: float
    base: float
    glifos: dict[str, tuple[str, float]]  # caractere → (código hex, largura em 1/1000)

    @classmethod
    def da_amostra(cls, amostra: bytes) -> _Carimbo:
        pagina = PdfReader(io.BytesIO(amostra)).pages[0]
        achados: list[tuple[list[float], list[float], Any, float]] = []

        def visitar(texto: str, cm: list[float], tm: list[float], fonte: Any, tamanho: float):
            if texto.strip() == TEXTO_AMOSTRA:
                achados.append((cm, tm, fonte, tamanho))

        pagina.extract_text(visitor_text=visitar)
        if len(achados) != 1:
            raise ValueError(f"A amostra do rodapé deve conter {TEXTO_AMOSTRA!r} numa linha só.")
        cm, tm, fonte, tamanho = achados[0]
        nome = next(n for n, r in pagina["/Resources"]["/Font"].items() if r.get_object() == fonte)  # type: ignore[index]
        glifos = _glifos(fonte)
        escala = math.hypot(cm[0], cm[1])
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        largura = sum(glifos[c][1] for c in TEXTO_AMOSTRA) / 1000 * tamanho * escala
        conteudo = pagina.get_contents().get_data()  # type: ignore[union-attr]
        cor = re.search(
            rb"([0-9.]+) ([0-9.]+) ([0-9.]+) rg\s+BT[^E]*?" + re.escape(nome.encode()), conteudo
        )
        return cls(
            fonte=nome,
            tamanho=tamanho * escala,
            cor=(float(cor[1]), float(cor[2]), float(cor[3])) if cor else (0.0, 0.0, 0.0),
            direita=x + largura,
            base=y,
            glifos=glifos,
        )

    def aplicar(self, pdf: pikepdf.Pdf, pagina: pikepdf.Page, fonte: Any, texto: str) -> None:
        """Desenha ``texto`` alinhado à direita, como artefato (não é conteúdo lido)."""
        codigos = "".join(self.glifos[c][0] for c in texto)
        largura = sum(self.glifos[c][1] for c in texto) / 1000 * self.tamanho
        r, g, b = self.cor
        recursos = pagina.obj.Resources
        if "/Font" not in recursos:
            recursos.Font = pikepdf.Dictionary()
        recursos.Font.FNumeracao = fonte
        pagina.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        pagina.contents_add(
            pdf.make_stream(
                (
                    f"\nQ\n/Artifact BMC\nq {r:g} {g:g} {b:g} rg BT "
                    f"/FNumeracao {self.tamanho:.3f} Tf 1 0 0 1 {self.direita - largura:.3f} "
                    f"{self.base:.3f} Tm <{codigos}> Tj ET Q\nEMC\n"
                ).encode()
            )
        )


def _glifos(fonte: Any) -> dict[str, tuple[str, float]]:
    """Caractere → (código do glifo em hex, largura) de uma fonte Type0 Identity-H."""
    cmap = fonte["/ToUnicode"].get_object().get_data().decode("latin-1")
    codigos: dict[str, str] = {}
    for origem, destino in re.findall(r"<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4})>", cmap):
        codigos.setdefault(chr(int(destino, 16)), origem)
    descendente = fonte["/DescendantFonts"][0].get_object()
    larguras: dict[int, float] = {}
    lista = list(descendente.get("/W", []))
    i = 0
    while i < len(lista):
        inicio = int(lista[i])
        if isinstance(lista[i + 1], list):
            for deslocamento, largura in enumerate(lista[i + 1]):
                larguras[inicio + deslocamento] = float(largura)
            i += 2
        else:
            for codigo in range(inicio, int(lista[i + 1]) + 1):
                larguras[codigo] = float(lista[i + 2])
            i += 3
    padrao = float(descendente.get("/DW", 1000))
    return {c: (h, larguras.get(int(h, 16), padrao)) for c, h in codigos.items()}


class _ArvoreUnida:
    """Uma árvore de marcação (PDF/UA) para o documento unido.

    ``pages.extend`` copia as páginas mas não a estrutura. Cada elemento filho
    do ``/Document`` de cada parte passa a filho de um ``/Document`` novo, e as
    chaves da árvore de pais (``/StructParents`` das páginas) são deslocadas
    para não colidir entre partes. O qpdf reaproveita, para as referências
    ``/Pg`` dos elementos, as páginas já copiadas da mesma parte.
    """

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self.pdf = pdf
        self.filhos = pikepdf.Array()
        self.documento = pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, K=self.filhos)
        )
        self.numeros = pikepdf.Array()
        self.deslocamento = 0

    def acrescentar(self, origem: pikepdf.Pdf, inicio: int) -> None:
        raiz = origem.Root.get("/StructTreeRoot")
        if raiz is None:
            raise ValueError("Toda parte deve ser um PDF marcado (PDF/UA).")
        for indice, pagina in enumerate(origem.pages):
            if "/StructParents" in pagina.obj:
                destino = self.pdf.pages[inicio + indice].obj
                destino.StructParents = int(pagina.obj.StructParents) + self.deslocamento
        for elemento in _elementos_raiz(raiz):
            copia = self.pdf.copy_foreign(elemento)
            copia.P = self.documento
            self.filhos.append(copia)
        maior = -1
        for chave, valor in _numeros(raiz.ParentTree):
            self.numeros.append(chave + self.deslocamento)
            self.numeros.append(self._copiar(valor))
            maior = max(maior, chave)
        self.deslocamento += maior + 1

    def _copiar(self, valor: Any) -> Any:
        if isinstance(valor, pikepdf.Object) and valor.is_indirect:
            return self.pdf.copy_foreign(valor)
        return pikepdf.Array([self._copiar(item) for item in valor])

    def concluir(self) -> None:
        arvore = self.pdf.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.StructTreeRoot,
                K=pikepdf.Array([self.documento]),
                ParentTree=self.pdf.make_indirect(pikepdf.Dictionary(Nums=self.numeros)),
                ParentTreeNextKey=self.deslocamento,
            )
        )
        self.documento.P = arvore
        self.pdf.Root.StructTreeRoot = arvore
        self.pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)


def _elementos_raiz(raiz: Any) -> list[Any]:
    """Os filhos do(s) elemento(s) ``/Document`` de uma árvore de marcação."""
    topo = raiz.K
    elementos: list[Any] = []
    for elemento in topo if isinstance(topo, pikepdf.Array) else [topo]:
        if elemento.get("/S") == pikepdf.Name.Document:
            filhos = elemento.get("/K", pikepdf.Array())
            elementos.extend(filhos if isinstance(filhos, pikepdf.Array) else [filhos])
        else:
            elementos.append(elemento)
    return elementos


def _numeros(arvore: Any) -> list[tuple[int, Any]]:
    """Entradas (chave, valor) de uma árvore de números, descendo por ``/Kids``."""
    nums = arvore.get("/Nums", pikepdf.Array())
    pares = [(int(nums[i]), nums[i + 1]) for i in range(0, len(nums), 2)]
    for filho in arvore.get("/Kids", pikepdf.Array()):
        pares.extend(_numeros(filho))
    return pares
