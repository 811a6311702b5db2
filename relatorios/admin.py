from django.contrib import admin

from relatorios.models import Documento
from relatorios.monitoramento import admin as admin_monitoramento  # noqa: F401  (registra perfil e empresas)


@admin.register(Documento)
class DocumentoAdmin(admin.ModelAdmin):
    list_display = ["titulo", "tipo", "status", "progresso", "gerado_em"]
    list_filter = ["tipo", "status"]
