"""Admin só de consulta: inscrições, convocações, processos, resultados e sorteios mudam
pelas telas, que passam pelos serviços e pela auditoria (``selecoes/admin.py``)."""

from django.contrib import admin

from candidatos.models import (
    AnuncioSorteio,
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    ResultadoVersao,
    Sorteio,
)
from selecoes.admin import SomenteLeituraAdmin


@admin.register(Inscricao)
class InscricaoAdmin(SomenteLeituraAdmin):
    list_display = ["numero", "selecao", "vaga", "situacao"]
    list_filter = ["situacao"]
    search_fields = ["numero"]
    exclude = ["cpf", "cor_raca", "pcd", "laudo_pcd", "codigo_verificacao"]


@admin.register(ResultadoVersao)
class ResultadoVersaoAdmin(SomenteLeituraAdmin):
    list_display = ["selecao", "tipo", "numero", "publicado_em", "hash_conteudo"]
    exclude = ["conteudo"]


@admin.register(Convocacao)
class ConvocacaoAdmin(SomenteLeituraAdmin):
    list_display = ["inscricao", "vaga", "modalidade", "situacao"]
    exclude = ["token"]


@admin.register(ProcessoEliminacao)
class ProcessoEliminacaoAdmin(SomenteLeituraAdmin):
    list_display = ["inscricao", "situacao"]


@admin.register(AnuncioSorteio)
class AnuncioSorteioAdmin(SomenteLeituraAdmin):
    """Regras, § 5: anúncio e sorteio são atos públicos, feitos pela tela do sorteio."""

    list_display = ["vaga", "anunciado_em", "realizar_a_partir_de", "semente", "fonte_semente"]


@admin.register(Sorteio)
class SorteioAdmin(SomenteLeituraAdmin):
    list_display = ["vaga", "realizado_em", "semente"]
