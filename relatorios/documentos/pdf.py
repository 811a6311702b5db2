"""Geração de PDF: o único módulo que importa o WeasyPrint (a junção das partes fica em
``juncao``, que só importa o pikepdf e roda num processo próprio).

Recebe HTML já renderizado (templates com autoescape) e devolve bytes. Nada aqui
lê o banco. O WeasyPrint só enxerga arquivos estáticos do próprio sistema e
URIs ``data:`` (``BuscadorSeguro``): nenhum ``file://``, nenhuma rede, nenhum
redirecionamento — um nome de candidato como ``<img src="file:///etc/passwd">``
não pode virar anexo nem requisição.
"""

from __future__ import annotations

import io
import logging
import mimetypes
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import weasyprint
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation

from relatorios.documentos import juncao
from relatorios.documentos.juncao import TEXTO_AMOSTRA  # noqa: F401 - usado por quem gera a amostra

logger = logging.getLogger(__name__)
# Uma linha de log por página diagramada afogaria o log dos workers.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

#: Endereço-base fictício dos documentos: caminhos relativos (``/static/…``) viram
#: ``https://documento.invalid/static/…``, que o buscador resolve no disco local.
BASE_URL = "https://documento.invalid/"
VARIANTE_PDF = "pdf/ua-1"
PRODUTOR = f"WeasyPrint {weasyprint.__version__}"


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
    """``juncao.juntar`` neste processo, em memória (os documentos curtos e os testes).

    O worker junta as partes num processo novo (``juncao.juntar_em_processo_novo``).
    """
    arquivo = io.BytesIO()
    paginas = juncao.juntar(
        partes,
        amostra_rodape=amostra_rodape,
        titulo=titulo,
        idioma=idioma,
        saida=arquivo,
        produtor=PRODUTOR,
    )
    return PdfGerado(conteudo=arquivo.getvalue(), paginas=paginas)
