"""Chromium do Debian (nunca baixado) dirigido pelo Playwright, com axe-core embutido."""

import os

import pytest
from django.core.cache import cache

from candidatos.selectors.publico.memoria import limpar_todas
from tests.servicos import CHROMIUM

ARGUMENTOS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(autouse=True)
def _cache_limpo():
    cache.clear()
    limpar_todas()
    yield
    cache.clear()
    limpar_todas()


@pytest.fixture(scope="session")
def navegador():
    from playwright.sync_api import sync_playwright

    # O Playwright síncrono mantém um laço asyncio na thread principal; o ORM dos
    # testes roda nela, fora de qualquer contexto assíncrono de verdade.
    anterior = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=ARGUMENTOS, headless=True
            )
            yield browser
            browser.close()
    finally:
        if anterior is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = anterior


@pytest.fixture
def pagina(navegador):
    contexto = navegador.new_context(locale="pt-BR", viewport={"width": 1280, "height": 900})
    pagina = contexto.new_page()
    pagina.set_default_timeout(15_000)
    yield pagina
    contexto.close()
