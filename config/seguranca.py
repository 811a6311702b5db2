"""Cabeçalhos de segurança (CSP, Permissions-Policy) e bloqueio de login (django-axes).

O Django 5.2 não tem CSP embutida; este middleware a envia em toda resposta, em
produção e em desenvolvimento (para que violações apareçam cedo no console do
navegador). Sem ``'unsafe-inline'``: scripts em ``static/js/`` e estilos em
``static/css/``; nada de ``<script>`` embutido, ``style=`` ou ``onclick=``.
"""

import logging
from collections.abc import Callable
from datetime import timedelta
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from axes.backends import AxesStandaloneBackend
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from selecoes.rede import proxies_confiaveis

logger = logging.getLogger(__name__)

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
PERMISSIONS_POLICY = ", ".join(
    f"{recurso}=()"
    for recurso in (
        "accelerometer",
        "autoplay",
        "camera",
        "display-capture",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)
# Páginas técnicas do Django em DEBUG (erro 500 e 404 detalhados) usam estilos
# embutidos; sem esta exceção o desenvolvedor veria o erro sem formatação.
_STATUS_PAGINAS_TECNICAS = frozenset({404, 500})


class CabecalhosSegurancaMiddleware:
    """Acrescenta Content-Security-Policy e Permissions-Policy a toda resposta."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        resposta = self.get_response(request)
        if settings.DEBUG and resposta.status_code in _STATUS_PAGINAS_TECNICAS:
            return resposta
        resposta.headers.setdefault(
            "Content-Security-Policy", politica_de_conteudo(settings.GOVBR_ISSUER)
        )
        resposta.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return resposta


@lru_cache(maxsize=4)
def politica_de_conteudo(emissor_govbr: str) -> str:
    """A CSP; com o gov.br ligado, o botão "Sair" (formulário) pode seguir para a saída
    no provedor: o Chromium aplica ``form-action`` também ao redirecionamento."""
    if not emissor_govbr:
        return CONTENT_SECURITY_POLICY
    partes = urlsplit(emissor_govbr)
    origem = f"{partes.scheme}://{partes.netloc}"
    return CONTENT_SECURITY_POLICY.replace("form-action 'self'", f"form-action 'self' {origem}")


def anunciar_proxies() -> None:
    """Diz no log de início quais proxies são confiáveis (e, sem nenhum, que XFF é ignorado)."""
    redes = proxies_confiaveis()
    if redes:
        logger.info(
            "Proxies reversos confiáveis (X-Forwarded-For aceito só deles): %s",
            ", ".join(str(rede) for rede in redes),
        )
    else:
        logger.info(
            "Nenhum proxy reverso confiável (PROXIES_CONFIAVEIS vazio): X-Forwarded-For "
            "é ignorado e o IP do cliente é o da conexão."
        )


class BloqueioLoginBackend(AxesStandaloneBackend):
    """Recusa a autenticação de quem está bloqueado por tentativas demais (axes).

    Autenticações sem requisição HTTP (``manage.py shell``, comandos, o
    ``Client.login`` dos testes) não vêm da internet e não têm IP a bloquear:
    seguem para o ``ModelBackend``. Todo login pela web passa pela ``LoginView``,
    que entrega a requisição.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)


class SenhaBackend(ModelBackend):
    """Login por senha; com ``LOGIN_SENHA_RH`` desligado, só para quem não tem lotação.

    Ligado o gov.br, o órgão pode exigir que os servidores lotados entrem só por ele
    (com o nível mínimo da conta). O administrador sem lotação segue com a senha, e o
    bloqueio por tentativas (axes) vale igual. Sessões abertas por senha de quem tem
    lotação deixam de valer quando a opção é desligada (``get_user`` pergunta o mesmo).
    """

    def user_can_authenticate(self, user: Any) -> bool:
        if not super().user_can_authenticate(user):
            return False
        return bool(settings.LOGIN_SENHA_RH) or not user.lotacoes.exists()


# AccessAttempt.username do axes é varchar(255); o formulário de login do Django não
# limita o tamanho antes de autenticar, e um nome maior derrubaria o login com 500.
TAMANHO_MAXIMO_USUARIO = 255


def usuario_do_login(request: HttpRequest, credentials: dict[str, Any] | None = None) -> str | None:
    """Nome de usuário tentado, cortado no tamanho que o axes consegue guardar."""
    campo = settings.AXES_USERNAME_FORM_FIELD  # type: ignore[misc]
    if credentials:
        valor = credentials.get(campo)
    else:
        valor = getattr(request, "data", request.POST).get(campo)
    return None if valor is None else str(valor)[:TAMANHO_MAXIMO_USUARIO]


def resposta_bloqueio(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, Any] | None = None,
) -> HttpResponse:
    """Página de login com o aviso de bloqueio (HTTP 429), em vez da mensagem do axes."""
    espera: timedelta = settings.AXES_COOLOFF_TIME
    contexto = {
        "form": AuthenticationForm(request),
        "bloqueado": True,
        "minutos_bloqueio": int(espera.total_seconds() // 60),
        "tentativas_permitidas": settings.AXES_FAILURE_LIMIT,
    }
    resposta = render(request, "registration/login.html", contexto, status=429)
    resposta["Retry-After"] = str(int(espera.total_seconds()))
    return resposta
