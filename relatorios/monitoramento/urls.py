"""Monitoramento anual (art. 5º) e cadastro de empresas do art. 6º: /monitoramento/."""

from django.urls import path

from relatorios.monitoramento import views

app_name = "monitoramento"
urlpatterns = [
    path("", views.painel, name="painel"),
    path(
        "exportar/<slug:tabela>.<slug:formato>",
        views.exportar,
        name="exportar",
    ),
    path("relatorio-anual/", views.relatorio_anual, name="relatorio_anual"),
    path("relatorio-anual/gerar/", views.relatorio_anual_gerar, name="relatorio_anual_gerar"),
    path(
        "relatorio-anual/<int:pk>/",
        views.relatorio_anual_documento,
        name="relatorio_anual_documento",
    ),
    path(
        "relatorio-anual/<int:pk>/progresso/",
        views.relatorio_anual_progresso,
        name="relatorio_anual_progresso",
    ),
    path(
        "relatorio-anual/<int:pk>/arquivo/",
        views.relatorio_anual_arquivo,
        name="relatorio_anual_arquivo",
    ),
    path("empresas/", views.EmpresaListView.as_view(), name="empresas"),
    path("empresas/nova/", views.empresa_nova, name="empresa_nova"),
    path("empresas/priorizacao/", views.priorizacao, name="priorizacao"),
    path("empresas/<int:pk>/", views.EmpresaDetailView.as_view(), name="empresa"),
    path("empresas/<int:pk>/editar/", views.empresa_editar, name="empresa_editar"),
    path("empresas/<int:pk>/excluir/", views.empresa_excluir, name="empresa_excluir"),
    path("empresas/<int:pk>/comprovante/", views.empresa_comprovante, name="empresa_comprovante"),
]
