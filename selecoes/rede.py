"""IP de quem faz o pedido, atrás (ou não) de proxies reversos confiáveis.

Usado pelo bloqueio de login (django-axes, ``AXES_CLIENT_IP_CALLABLE``) e pelos
limites de tentativas (``selecoes.limites``): um só lugar decide o IP do cliente.
"""

from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest


@lru_cache(maxsize=8)
def _redes_confiaveis(enderecos: tuple[str, ...]) -> tuple[IPv4Network | IPv6Network, ...]:
    try:
        return tuple(ip_network(endereco, strict=False) for endereco in enderecos)
    except ValueError as erro:
        raise ImproperlyConfigured(f"PROXIES_CONFIAVEIS inválido: {erro}") from erro


def proxies_confiaveis() -> tuple[IPv4Network | IPv6Network, ...]:
    """Redes dos proxies reversos configurados por endereço (``PROXIES_CONFIAVEIS``)."""
    return _redes_confiaveis(tuple(getattr(settings, "PROXIES_CONFIAVEIS", ())))


def _confiavel(endereco: str, redes: tuple[IPv4Network | IPv6Network, ...]) -> bool:
    try:
        ip = ip_address(endereco)
    except ValueError:
        return False
    return any(ip in rede for rede in redes)


def ip_do_cliente(request: HttpRequest) -> str:
    """IP de quem faz o pedido: bloqueio de login (axes) e limites de tentativas.

    O único lugar que decide o IP do cliente. Sem ``PROXIES_CONFIAVEIS`` (o padrão),
    vale a ponta da conexão (``REMOTE_ADDR``) e ``X-Forwarded-For`` é ignorado: quem
    fala direto com o gunicorn escreve o cabeçalho que quiser. Quando a conexão vem
    de um proxy configurado por endereço, vale o endereço mais à direita de
    ``X-Forwarded-For`` que não é de um proxy confiável — o que o proxy mais externo
    viu; os da esquerda foram escritos pelo próprio cliente.
    """
    remoto = request.META.get("REMOTE_ADDR", "")
    redes = proxies_confiaveis()
    if not redes or not _confiavel(remoto, redes):
        return remoto
    cadeia = [
        parte.strip()
        for parte in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if parte.strip()
    ]
    for endereco in reversed(cadeia):
        if not _confiavel(endereco, redes):
            return endereco if _valido(endereco) else remoto
    return cadeia[0] if cadeia else remoto


def _valido(endereco: str) -> bool:
    try:
        ip_address(endereco)
    except ValueError:
        return False
    return True
