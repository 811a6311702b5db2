"""Admin só de consulta: inscrições, convocações, processos e resultados mudam pelas
telas, que passam pelos serviços e pela auditoria (``selecoes/admin.py``)."""

from django.contrib import admin

from candidatos.models import Convocacao, Inscricao, ProcessoEliminacao, ResultadoVersao
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
