from django.conf import settings
from django.http import HttpRequest

from selecoes.govbr import descoberta, sessao


def sistema(request: HttpRequest) -> dict[str, object]:
    return {
        "SISTEMA_NOME": settings.SISTEMA_NOME,
        # Entrar com gov.br: botão só com o provedor configurado (selecoes/govbr).
        "govbr_ativo": descoberta.configurado(),
        "cidadao_govbr": sessao.cidadao(request),
        "login_senha_rh": settings.LOGIN_SENHA_RH,
    }
