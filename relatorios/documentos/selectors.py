"""Leituras dos documentos em PDF: por chave, os de uma seleção (RH) e os públicos e prontos."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Q, QuerySet
from django.urls import reverse

from relatorios.models import Documento, StatusDocumento, TipoDocumento


@dataclass(frozen=True)
class DocumentoPublico:
    id: int
    titulo: str
    tipo: str
    gerado_em: datetime | None
    hash_arquivo: str
    desatualizado: bool
    url: str


def _publico(documento: Documento) -> DocumentoPublico:
    return DocumentoPublico(
        id=documento.pk,
        titulo=documento.titulo,
        tipo=documento.get_tipo_display(),
        gerado_em=documento.gerado_em,
        hash_arquivo=documento.hash_arquivo,
        desatualizado=documento.desatualizado,
        url=reverse("documentos:arquivo", args=[documento.pk]),
    )


def _prontos() -> QuerySet[Documento]:
    return Documento.objects.filter(publico=True, status=StatusDocumento.PRONTO)


def documentos_publicos(*, selecao_id: int) -> list[DocumentoPublico]:
    """PDFs públicos e prontos da seleção (edital, anexos, listas de resultado)."""
    documentos = _prontos().filter(selecao_id=selecao_id).order_by("tipo", "-gerado_em", "-pk")
    return [_publico(d) for d in documentos]


def pdf_do_resultado(*, versao_id: int) -> DocumentoPublico | None:
    """O PDF de uma versão de resultado, quando já gerado (chave ``resultado:<id>``)."""
    documento = _prontos().filter(chave=f"resultado:{versao_id}").first()
    return _publico(documento) if documento else None


def documento_por_chave(chave: str) -> Documento | None:
    """O documento da chave única (``anexo_edital:<id>``, ``resultado:<id>``, …), se já pedido."""
    return Documento.objects.filter(chave=chave).first()


def documentos_da_selecao(*, selecao_id: int) -> dict[str, Documento]:
    """Documentos de uma seleção para o RH, por chave (sem os comprovantes)."""
    return {
        d.chave: d
        for d in Documento.objects.filter(selecao_id=selecao_id).exclude(
            tipo=TipoDocumento.COMPROVANTE
        )
    }


@dataclass(frozen=True)
class ProgressoDocumentos:
    """Quantos PDFs de uma versão de resultado (o da versão e o de cada vaga) estão prontos."""

    total: int
    prontos: int
    erros: int

    @property
    def concluido(self) -> bool:
        return self.prontos + self.erros >= self.total

    @property
    def texto(self) -> str:
        texto = f"{self.prontos} de {self.total} documento{'s' if self.total != 1 else ''} pronto"
        texto += "s" if self.prontos != 1 else ""
        if self.erros:
            texto += f"; {self.erros} com erro"
        return texto + "."


def _documentos_da_versao(versao_id: int) -> QuerySet[Documento]:
    return Documento.objects.filter(
        Q(chave=f"resultado:{versao_id}") | Q(chave__startswith=f"resultado:{versao_id}:vaga:")
    )


def progresso_da_versao(*, versao_id: int) -> ProgressoDocumentos:
    """Contagem numa consulta; "pronto" é o arquivo em dia (o que o público recebe)."""
    contagem = _documentos_da_versao(versao_id).aggregate(
        total=Count("pk"),
        prontos=Count("pk", filter=Q(status=StatusDocumento.PRONTO, desatualizado=False)),
        erros=Count("pk", filter=Q(status=StatusDocumento.ERRO)),
    )
    return ProgressoDocumentos(**contagem)
