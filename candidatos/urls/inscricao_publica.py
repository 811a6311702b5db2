from django.urls import path

from candidatos.views import inscricao_publica as views

app_name = "inscricao_publica"
urlpatterns = [
    path("", views.lista, name="lista"),
    path("selecao/<int:selecao_id>/", views.formulario, name="formulario"),
    path("comprovante/", views.consultar, name="consultar"),
    path("comprovante/<str:numero>/<str:codigo>/", views.comprovante, name="comprovante"),
]
