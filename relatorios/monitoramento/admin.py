"""Admin do perfil de monitoramento (art. 5º) e do cadastro de empresas (art. 6º).

Importado por ``relatorios/admin.py``. Conceder o perfil de monitoramento é o
único caminho para ver os agregados de todos os órgãos.
"""

from django.contrib import admin

from relatorios.models import EmpresaTerceirizada, PerfilMonitoramento


@admin.register(PerfilMonitoramento)
class PerfilMonitoramentoAdmin(admin.ModelAdmin):
    list_display = ["usuario", "instituicao", "ativo", "criado_em"]
    list_filter = ["ativo"]
    search_fields = ["usuario__username", "usuario__email", "instituicao"]
    autocomplete_fields = ["usuario"]


@admin.register(EmpresaTerceirizada)
class EmpresaTerceirizadaAdmin(admin.ModelAdmin):
    list_display = ["razao_social", "cnpj", "orgao", "numero_contrato", "data_referencia"]
    list_filter = ["orgao", "porte"]
    search_fields = ["razao_social", "cnpj", "numero_contrato"]
    readonly_fields = ["criado_por", "criado_em", "atualizado_em"]
