from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from selecoes.acesso import lotacoes


def inicio(request: HttpRequest) -> HttpResponse:
    return render(request, "inicio.html")


@login_required
def painel(request: HttpRequest) -> HttpResponse:
    """Página inicial do RH: os órgãos e papéis do usuário."""
    return render(request, "rh/painel.html", {"lotacoes": lotacoes(request.user)})
