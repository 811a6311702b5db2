from django.conf import settings
from django.http import HttpRequest


def sistema(request: HttpRequest) -> dict[str, object]:
    return {"SISTEMA_NOME": settings.SISTEMA_NOME}
