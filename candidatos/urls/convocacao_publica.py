from django.urls import path

from candidatos.views import convocacao_publica as views

app_name = "convocacao_publica"
urlpatterns = [
    path("<str:token>/", views.detalhe, name="detalhe"),
    path("<str:token>/ciente/", views.ciente, name="ciente"),
    path("<str:token>/responder/", views.responder, name="responder"),
    path("<str:token>/recusar/", views.recusar, name="recusar"),
    path("<str:token>/recusar/link/", views.recusar_link, name="recusar_link"),
    path(
        "<str:token>/recusar/<str:assinatura>/",
        views.recusar_confirmar,
        name="recusar_confirmar",
    ),
]
