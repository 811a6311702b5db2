"""Páginas públicas, sem login: /publico/…"""

from django.urls import path, register_converter
from django.views.generic import RedirectView

from candidatos.views import publico as views
from selecoes.vocabulario import CODIGOS


class VersaoConverter:
    """``atual``, ``preliminar-1``, ``final-2``…"""

    regex = r"atual|(?:preliminar|final)-[1-9][0-9]{0,5}"

    def to_python(self, valor: str) -> str:
        return valor

    def to_url(self, valor: str) -> str:
        return valor


class ListaConverter:
    """A classificação, a convocação e uma lista por categoria nacional de reserva."""

    regex = "|".join(("classificacao", *CODIGOS, "convocacao"))

    def to_python(self, valor: str) -> str:
        return valor

    def to_url(self, valor: str) -> str:
        return valor


register_converter(VersaoConverter, "versao")
register_converter(ListaConverter, "lista")

app_name = "publico"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="publico:selecoes"), name="raiz"),
    path("selecoes/", views.selecoes, name="selecoes"),
    path("selecoes/<int:pk>/", views.selecao, name="selecao"),
    path("selecoes/<int:pk>/resultados/", views.resultados, name="resultados"),
    path("selecoes/<int:pk>/resultados/<versao:versao>/", views.resultados, name="resultados"),
    path(
        "selecoes/<int:pk>/resultados/<versao:versao>/<str:codigo>/",
        views.resultado_vaga,
        name="resultado_vaga",
    ),
    path(
        "selecoes/<int:pk>/resultados/<versao:versao>/<str:codigo>/<lista:lista>/",
        views.resultado_vaga,
        name="resultado_vaga",
    ),
    path("minha-situacao/", views.minha_situacao, name="minha_situacao"),
]
