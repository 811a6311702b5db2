from django.contrib import admin

from selecoes.models import (
    CriterioAvaliacao,
    Lotacao,
    Orgao,
    RegistroAuditoria,
    Selecao,
    VagaEstagio,
    VersaoEdital,
)


class LotacaoInline(admin.TabularInline):
    model = Lotacao
    extra = 0


@admin.register(Orgao)
class OrgaoAdmin(admin.ModelAdmin):
    list_display = ["sigla", "nome", "cnpj"]
    search_fields = ["sigla", "nome", "cnpj"]
    inlines = [LotacaoInline]


@admin.register(Lotacao)
class LotacaoAdmin(admin.ModelAdmin):
    list_display = ["usuario", "orgao", "papel"]
    list_filter = ["papel", "orgao"]


class VagaInline(admin.TabularInline):
    model = VagaEstagio
    extra = 0

    def has_change_permission(self, request, obj=None) -> bool:
        return obj is None or not obj.publicada


@admin.register(Selecao)
class SelecaoAdmin(admin.ModelAdmin):
    list_display = ["numero_edital", "titulo", "orgao", "situacao", "data_publicacao_edital"]
    list_filter = ["situacao", "orgao"]
    inlines = [VagaInline]

    def has_change_permission(self, request, obj=None) -> bool:
        """Edital publicado só muda por retificação (nova versão com motivo)."""
        if obj is not None and obj.publicada:
            return False
        return super().has_change_permission(request, obj)


admin.site.register(CriterioAvaliacao)
admin.site.register(VersaoEdital)


@admin.register(RegistroAuditoria)
class RegistroAuditoriaAdmin(admin.ModelAdmin):
    list_display = ["criado_em", "usuario_nome", "acao", "descricao"]
    list_filter = ["acao"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
