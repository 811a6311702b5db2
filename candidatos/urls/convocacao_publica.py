from django.urls import path  # noqa: F401

app_name = "convocacao_publica"
urlpatterns: list = []
