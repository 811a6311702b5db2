"""Fixtures dos documentos: mídia temporária e fila de tarefas registrada em memória."""

import io
from collections.abc import Callable
from functools import partial

import pytest
from django.core.cache import cache
from pypdf import PdfReader
from pypdf.generic import ArrayObject

from relatorios.documentos import leitura_resultado, services


@pytest.fixture(autouse=True)
def midia(settings, tmp_path):
    """Arquivos gerados em pasta temporária; limites de tentativa zerados."""
    settings.MEDIA_ROOT = tmp_path / "midia"
    cache.clear()
    leitura_resultado._VERIFICADO.clear()
    return settings.MEDIA_ROOT


class Fila:
    """Substitui o envio ao broker: guarda as tarefas e as executa quando pedido."""

    def __init__(self) -> None:
        self.tarefas: list[partial] = []

    def executar(self, capturar_on_commit: Callable) -> int:
        """Roda as tarefas (e as que elas enfileirarem) até esvaziar; devolve quantas."""
        feitas = 0
        while self.tarefas:
            tarefa = self.tarefas.pop(0)
            with capturar_on_commit(execute=True):
                tarefa()
            feitas += 1
        return feitas


@pytest.fixture
def fila(monkeypatch):
    """As tarefas vão para uma lista em memória em vez do broker."""
    fila = Fila()

    def gerar(documento_id, geracao):
        fila.tarefas.append(partial(services.gerar, documento_id=documento_id, geracao=geracao))

    def partes(documento_id, geracao, total):
        fila.tarefas.extend(
            partial(services.gerar_parte, documento_id=documento_id, geracao=geracao, indice=i)
            for i in range(total)
        )

    def juncao(documento_id, geracao):
        fila.tarefas.append(
            partial(services.juntar_partes, documento_id=documento_id, geracao=geracao)
        )

    monkeypatch.setattr(services, "_enfileirar", gerar)
    monkeypatch.setattr(services, "_enfileirar_partes", partes)
    monkeypatch.setattr(services, "_enfileirar_juncao", juncao)
    return fila


def paginas_pdf(conteudo: bytes) -> list[str]:
    """Texto de cada página (pypdf), com espaços normalizados."""
    leitor = PdfReader(io.BytesIO(conteudo))
    return [" ".join((pagina.extract_text() or "").split()) for pagina in leitor.pages]


def texto_pdf(conteudo: bytes) -> str:
    return "\n".join(paginas_pdf(conteudo))


def ler_arquivo(documento) -> bytes:
    documento.refresh_from_db()
    with documento.arquivo.open("rb") as arquivo:
        return arquivo.read()


def posicoes_texto(conteudo: bytes, prefixo: str) -> list[tuple[str, float, float]]:
    """(texto, x, y) em pontos de cada trecho de texto que começa com ``prefixo``."""
    achados = []

    def visitar(texto, cm, tm, _fonte, _tamanho):
        if texto.strip().startswith(prefixo):
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            achados.append((texto.strip(), round(x, 1), round(y, 1)))

    for pagina in PdfReader(io.BytesIO(conteudo)).pages:
        pagina.extract_text(visitor_text=visitar)
    return achados


def anexos(conteudo: bytes) -> list[str]:
    """Nomes dos arquivos embutidos num PDF (anexos do documento e de anotações)."""
    leitor = PdfReader(io.BytesIO(conteudo))
    nomes = list(leitor.attachments)
    for pagina in leitor.pages:
        for anotacao in pagina.get("/Annots", ArrayObject()) or []:
            objeto = anotacao.get_object()
            if objeto.get("/Subtype") == "/FileAttachment":
                nomes.append(str(objeto.get("/FS", {}).get("/F", "?")))
    return nomes
