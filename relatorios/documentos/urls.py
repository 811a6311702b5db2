from django.urls import path

from relatorios.documentos import views

app_name = "documentos"
urlpatterns = [
    # RH
    path("<int:pk>/", views.detalhe, name="detalhe"),
    path("<int:pk>/regenerar/", views.regenerar, name="regenerar"),
    path("selecao/<int:selecao_pk>/", views.da_selecao, name="selecao"),
    path("selecao/<int:selecao_pk>/anexo/", views.gerar_anexo, name="gerar_anexo"),
    path("resultado/<int:versao_pk>/gerar/", views.gerar_resultado, name="gerar_resultado"),
    path(
        "resultado/<int:versao_pk>/progresso/",
        views.progresso_versao,
        name="progresso_versao",
    ),
    path(
        "inscricao/<int:inscricao_pk>/comprovante/",
        views.gerar_comprovante,
        name="gerar_comprovante",
    ),
    # Download e progresso (público ou RH, conforme o documento)
    path("<int:pk>/arquivo/", views.arquivo, name="arquivo"),
    path("<int:pk>/progresso/", views.progresso, name="progresso"),
    # Públicos
    path("edital/<int:selecao_pk>/anexo/", views.anexo_publico, name="anexo_publico"),
    path("resultado/<int:versao_pk>/", views.resultado_publico, name="resultado_publico"),
    path(
        "resultado/<int:versao_pk>/sem-nomes/",
        views.resultado_sem_nomes_publico,
        name="resultado_sem_nomes",
    ),
    path(
        "selecao/<int:selecao_pk>/resultado/<str:tipo>/",
        views.resultado_atual,
        name="resultado_atual",
    ),
    # Candidato
    path("comprovante/", views.comprovante, name="comprovante"),
    path(
        "comprovante/<str:numero>/<str:codigo>/",
        views.comprovante_baixar,
        name="comprovante_baixar",
    ),
    path(
        "comprovante/<str:numero>/<str:codigo>/progresso/",
        views.comprovante_progresso,
        name="comprovante_progresso",
    ),
]
