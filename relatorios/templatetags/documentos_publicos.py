"""Os PDFs públicos nas páginas públicas de ``candidatos`` (``templates/publico/``).

As páginas públicas são montadas por ``candidatos``, que fica abaixo de
``relatorios`` nas camadas (docs/arquitetura.md) e não conhece os documentos: o
template pede a lista por estas tags, e a dependência fica de cima para baixo.
"""

from __future__ import annotations

from django import template

from relatorios.documentos import selectors
from relatorios.documentos.selectors import DocumentoPublico

register = template.Library()


@register.simple_tag
def documentos_da_selecao(selecao_id: int) -> list[DocumentoPublico]:
    return selectors.documentos_publicos(selecao_id=selecao_id)


@register.simple_tag
def pdf_da_versao(versao_id: int | None) -> DocumentoPublico | None:
    return selectors.pdf_do_resultado(versao_id=versao_id) if versao_id else None
