"""Entrada no provedor local e a API de confiabilidades no formato do gov.br."""

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, JsonResponse
from oauth2_provider.views.generic import ScopedProtectedResourceView

from tests.provedor_govbr.contas import conta


class Entrar(auth_views.LoginView):
    template_name = "provedor/entrar.html"


class Niveis(ScopedProtectedResourceView):
    """``GET /confiabilidades/v3/contas/<cpf>/niveis?response-type=ids``."""

    required_scopes = ["govbr_confiabilidades"]

    def get(self, request: HttpRequest, cpf: str) -> JsonResponse:
        dados = conta(request.resource_owner.username)
        if dados.get("sub", request.resource_owner.username) != cpf:
            return JsonResponse({"erro": "O token não é desta conta."}, status=403)
        nivel = int(dados.get("nivel", 1))
        return JsonResponse(
            [{"id": str(n), "dataAtualizacao": "2026-01-01 00:00:00"} for n in range(1, nivel + 1)],
            safe=False,
        )
