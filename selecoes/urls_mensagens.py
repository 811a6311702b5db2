from django.urls import path

from selecoes import views_mensagens

app_name = "mensagens"
urlpatterns = [
    path("", views_mensagens.lista, name="lista"),
    path("<int:pk>/", views_mensagens.detalhe, name="detalhe"),
    path("<int:pk>/reenviar/", views_mensagens.reenviar, name="reenviar"),
]
