from django.contrib import admin

from relatorios import admin_monitoramento  # noqa: F401  (registra perfil e empresas)
from relatorios.models import Documento


@admin.register(Documento)
class DocumentoAdmin(admin.ModelAdmin):
    list_display = ["titulo", "tipo", "status", "progresso", "gerado_em"]
    list_filter = ["tipo", "status"]
