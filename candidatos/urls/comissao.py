from django.urls import path

from candidatos.views import comissao as views

app_name = "comissao"
urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("sessao/<int:pk>/", views.sessao, name="sessao"),
    path("chamado/<int:pk>/", views.parecer, name="parecer"),
    path("chamado/<int:pk>/presenca/", views.presenca, name="presenca"),
    path("chamado/<int:pk>/impedimento/", views.impedimento, name="impedimento"),
    path("chamado/<int:pk>/documento/", views.documento, name="documento"),
    path("recurso/<int:pk>/", views.recurso, name="recurso"),
    path("recurso/<int:pk>/impedimento/", views.impedimento_recurso, name="impedimento_recurso"),
    path("recurso/<int:pk>/documento/", views.documento_recurso, name="documento_recurso"),
]
