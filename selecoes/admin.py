"""Admin: configuração (órgãos, lotações) editável; estado do domínio só para leitura.

Toda mudança de uma seleção, inscrição, convocação ou resultado passa pelas telas,
que chamam os serviços (transação, regras, auditoria). O admin não tem esse
caminho; por isso mostra esses modelos sem adicionar, editar nem excluir, e as
tabelas publicadas (versões do edital e de resultado, trilha de auditoria) são,
além disso, somente de acréscimo no banco (``selecoes/imutavel.py``).
"""

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from selecoes.models import (
    CriterioAvaliacao,
    Lotacao,
    Orgao,
    RegistroAuditoria,
    Selecao,
    VagaEstagio,
    VersaoEdital,
)


class SomenteLeituraAdmin(admin.ModelAdmin):
    """Consulta sem escrita: nem adicionar, nem editar, nem excluir (nem em lote)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SomenteLeituraInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


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


class VagaInline(SomenteLeituraInline):
    model = VagaEstagio


@admin.register(Selecao)
class SelecaoAdmin(SomenteLeituraAdmin):
    list_display = ["numero_edital", "titulo", "orgao", "situacao", "data_publicacao_edital"]
    list_filter = ["situacao", "orgao"]
    inlines = [VagaInline]


@admin.register(CriterioAvaliacao)
class CriterioAvaliacaoAdmin(SomenteLeituraAdmin):
    list_display = ["selecao", "codigo", "nome"]


@admin.register(VersaoEdital)
class VersaoEditalAdmin(SomenteLeituraAdmin):
    list_display = ["selecao", "numero", "publicada_em", "hash_conteudo"]


@admin.register(RegistroAuditoria)
class RegistroAuditoriaAdmin(SomenteLeituraAdmin):
    list_display = ["criado_em", "usuario_nome", "acao", "descricao", "sequencia"]
    list_filter = ["acao"]
