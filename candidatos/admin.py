from django.contrib import admin

from candidatos.models import Convocacao, Inscricao, ProcessoEliminacao, ResultadoVersao


@admin.register(Inscricao)
class InscricaoAdmin(admin.ModelAdmin):
    list_display = ["numero", "selecao", "vaga", "situacao"]
    list_filter = ["situacao"]
    search_fields = ["numero"]
    exclude = ["cpf", "cor_raca", "pcd", "laudo_pcd"]


admin.site.register(ResultadoVersao)
admin.site.register(Convocacao)
admin.site.register(ProcessoEliminacao)
