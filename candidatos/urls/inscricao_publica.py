from django.urls import path  # noqa: F401

app_name = "inscricao_publica"
urlpatterns: list = []
