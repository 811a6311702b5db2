from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from candidatos.models import (
    AnuncioSorteio,
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    ResultadoVersao,
    Sorteio,
)


@admin.register(Inscricao)
class InscricaoAdmin(admin.ModelAdmin):
    list_display = ["numero", "selecao", "vaga", "situacao"]
    list_filter = ["situacao"]
    search_fields = ["numero"]
    exclude = ["cpf", "cor_raca", "pcd", "laudo_pcd"]


admin.site.register(ResultadoVersao)
admin.site.register(Convocacao)
admin.site.register(ProcessoEliminacao)


class _SorteioSomenteLeitura(admin.ModelAdmin):
    """Regras, § 5: anúncio e sorteio são atos públicos, só de acréscimo, feitos pela
    tela do sorteio (gestor, auditoria); no admin, só consulta."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(AnuncioSorteio)
class AnuncioSorteioAdmin(_SorteioSomenteLeitura):
    list_display = ["vaga", "anunciado_em", "realizar_a_partir_de", "semente", "fonte_semente"]


@admin.register(Sorteio)
class SorteioAdmin(_SorteioSomenteLeitura):
    list_display = ["vaga", "realizado_em", "semente"]
