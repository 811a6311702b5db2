"""URLs de mentira para provar que a varredura de escopo pega vazamentos."""

from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.generic import DetailView

from config import urls as config_urls
from selecoes import acesso
from selecoes.models import Selecao, VagaEstagio


def vazada(request: HttpRequest, selecao_id: int) -> HttpResponse:
    return HttpResponse(Selecao.objects.get(pk=selecao_id).titulo)


@acesso.rh_requerido
def protegida(request: HttpRequest, selecao_id: int) -> HttpResponse:
    selecao = acesso.obter_no_escopo(Selecao.objects.all(), request.user, pk=selecao_id)
    return HttpResponse(selecao.titulo)


@acesso.rh_requerido
def escreve_sem_checar(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Responde 404 ao intruso, mas só depois de escrever: o retrato do mundo acusa."""
    if request.method == "POST":
        Selecao.objects.filter(pk=selecao_id).update(titulo="Alterada por intruso")
    selecao = acesso.obter_no_escopo(Selecao.objects.all(), request.user, pk=selecao_id)
    return HttpResponse(selecao.titulo)


@acesso.rh_requerido
def vaga_protegida(request: HttpRequest, pk: int) -> HttpResponse:
    vaga = acesso.obter_no_escopo(
        VagaEstagio.objects.all(), request.user, caminho_orgao="selecao__orgao", pk=pk
    )
    return HttpResponse(vaga.codigo)


def vaga_vazada(request: HttpRequest, selecao_pk: int, vaga_pk: int) -> HttpResponse:
    return HttpResponse(VagaEstagio.objects.get(pk=vaga_pk, selecao_id=selecao_pk).codigo)


def desconhecida(request: HttpRequest, coisa_id: int) -> HttpResponse:
    return HttpResponse(status=404)


class DetalheProtegido(LoginRequiredMixin, DetailView):
    model = Selecao

    def get_queryset(self):
        return acesso.escopo(Selecao.objects.all(), self.request.user)

    def render_to_response(self, context, **response_kwargs):
        return HttpResponse(self.object.titulo)


class DetalheSemEscopo(DetailView):
    model = Selecao

    def render_to_response(self, context, **response_kwargs):
        return HttpResponse(self.object.titulo)


rotas = (
    [
        path("<int:selecao_id>/vazada/", vazada, name="vazada"),
        path("<int:selecao_id>/protegida/", protegida, name="protegida"),
        path("<int:selecao_id>/escreve/", escreve_sem_checar, name="escreve"),
        path("coisa/<int:coisa_id>/", desconhecida, name="desconhecida"),
        path("vaga/<int:pk>/", vaga_protegida, name="vaga"),
        path("<int:selecao_pk>/vagas/<int:vaga_pk>/", vaga_vazada, name="vaga_vazada"),
        path("<int:pk>/", DetalheProtegido.as_view(), name="detalhe"),
        path("<int:pk>/aberta/", DetalheSemEscopo.as_view(), name="aberta"),
    ],
    "sintetico",
)

# As rotas reais continuam (os templates as usam); o teste olha só o namespace "sintetico".
urlpatterns = [*config_urls.urlpatterns, path("rh/sintetico/", include(rotas))]
