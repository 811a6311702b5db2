from django.urls import include, path

from tests.provedor_govbr import views

urlpatterns = [
    path("entrar/", views.Entrar.as_view(), name="login"),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("confiabilidades/v3/contas/<str:cpf>/niveis", views.Niveis.as_view()),
]
