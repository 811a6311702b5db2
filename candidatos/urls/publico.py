"""Páginas públicas, sem login: /publico/…"""

from django.urls import path, register_converter
from django.views.generic import RedirectView

from candidatos.views import area_candidato as area
from candidatos.views import heteroidentificacao_publica, minhas_inscricoes
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
    path(
        "selecoes/<int:pk>/heteroidentificacao/",
        heteroidentificacao_publica.resultado,
        name="heteroidentificacao",
    ),
    path("minha-situacao/", views.minha_situacao, name="minha_situacao"),
    path(
        "minha-situacao/gov-br/<str:numero>/",
        minhas_inscricoes.minha_situacao_govbr,
        name="minha_situacao_govbr",
    ),
    path("minhas-inscricoes/", minhas_inscricoes.minhas_inscricoes, name="minhas_inscricoes"),
    path("minha-situacao/sair/", area.area_sair, name="area_sair"),
    path("minha-situacao/link/", area.link_pedir, name="area_link"),
    path("minha-situacao/acesso/<str:valor>/", area.link_acessar, name="area_acesso"),
    path("minha-situacao/recurso/", area.recurso_novo, name="area_recurso_novo"),
    path("minha-situacao/recurso/<int:pk>/", area.recurso, name="area_recurso"),
    path("minha-situacao/eliminacao/<int:pk>/", area.processo, name="area_processo"),
    path("minha-situacao/desistencia/", area.desistencia, name="area_desistencia"),
    path("minha-situacao/contato/", area.contato_alterar, name="area_contato"),
]
