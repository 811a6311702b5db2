"""Demonstração dos documentos: anexos dos editais publicados e listas de resultado."""

from candidatos.models import ResultadoVersao
from relatorios.documentos import services
from relatorios.models import Documento
from selecoes.models import Selecao


def popular_documentos() -> list[Documento]:
    """Pede (uma vez) os PDFs públicos da demonstração; o worker os gera. Idempotente."""
    pedidos = [
        services.anexo_edital_solicitar(selecao=selecao)
        for selecao in Selecao.objects.publicadas().select_related("orgao")
    ]
    pedidos += [
        services.resultado_solicitar(versao=versao)
        for versao in ResultadoVersao.objects.select_related("selecao__orgao")
    ]
    return pedidos
