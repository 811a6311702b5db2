"""Leituras das mensagens enviadas, sempre no escopo dos órgãos do usuário."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from selecoes import acesso, correio
from selecoes.models import Mensagem


def mensagens_do_usuario(usuario: acesso.Usuario, *, situacao: str = "") -> QuerySet[Mensagem]:
    """As mensagens dos órgãos do usuário; na caixa de saída local (desenvolvimento),
    também as sem órgão (ex.: redefinição de senha)."""
    if not usuario.is_authenticated:
        return Mensagem.objects.none()
    filtro = Q(orgao__in=acesso.orgaos_do_usuario(usuario))
    if correio.caixa_local():
        filtro |= Q(orgao__isnull=True)
    qs = Mensagem.objects.filter(filtro).select_related("orgao", "selecao")
    if situacao:
        qs = qs.filter(situacao=situacao)
    return qs.order_by("-criada_em", "-pk")
