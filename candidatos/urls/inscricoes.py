from django.urls import path

from candidatos.views import inscricoes as views

app_name = "inscricoes"
urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("selecao/<int:selecao_id>/", views.lista, name="lista"),
    path("selecao/<int:selecao_id>/importar/", views.importar, name="importar"),
    path(
        "selecao/<int:selecao_id>/importar/confirmar/",
        views.importar_confirmar,
        name="importar_confirmar",
    ),
    path(
        "selecao/<int:selecao_id>/importar/andamento/",
        views.importar_andamento,
        name="importar_andamento",
    ),
    path(
        "selecao/<int:selecao_id>/importar/andamento.json",
        views.importar_andamento_json,
        name="importar_andamento_json",
    ),
    path(
        "selecao/<int:selecao_id>/importar/erros.csv",
        views.importar_erros,
        name="importar_erros",
    ),
    path(
        "selecao/<int:selecao_id>/importar/modelo.<str:formato>",
        views.modelo_importacao,
        name="modelo_importacao",
    ),
    path("<int:pk>/", views.detalhe, name="detalhe"),
    path("<int:pk>/laudo/", views.laudo, name="laudo"),
    path(
        "<int:pk>/documento/<slug:categoria>/",
        views.documento_categoria,
        name="documento_categoria",
    ),
]
