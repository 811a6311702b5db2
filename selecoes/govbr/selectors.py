"""Leituras da tela de CPF dos servidores (sempre no escopo do gestor)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from selecoes import acesso
from selecoes.govbr.services import pode_registrar_cpf
from selecoes.models import CpfServidor, Lotacao, Papel
from selecoes.validators import mascarar_cpf


@dataclass(frozen=True)
class ServidorGerido:
    usuario_id: int
    nome: str
    usuario: str
    lotacoes: tuple[str, ...]
    cpf_mascarado: str
    pode_registrar: bool


def servidores_geridos(gestor: acesso.Usuario) -> tuple[ServidorGerido, ...]:
    """Usuários lotados nos órgãos em que ``gestor`` é gestor(a), com o CPF mascarado."""
    orgaos = acesso.orgaos_do_usuario(gestor, (Papel.GESTOR,))
    usuarios = (
        get_user_model()
        .objects.filter(lotacoes__orgao__in=orgaos)
        .distinct()
        .order_by("first_name", "username")
    )
    cpfs = dict(CpfServidor.objects.filter(usuario__in=usuarios).values_list("usuario_id", "cpf"))
    lotacoes: dict[int, list[str]] = {}
    for lotacao in Lotacao.objects.filter(usuario__in=usuarios).select_related("orgao"):
        lotacoes.setdefault(lotacao.usuario_id, []).append(
            f"{lotacao.get_papel_display()} em {lotacao.orgao.sigla}"
        )
    return tuple(
        ServidorGerido(
            usuario_id=u.pk,
            nome=u.get_full_name() or u.username,
            usuario=u.username,
            lotacoes=tuple(lotacoes.get(u.pk, ())),
            cpf_mascarado=mascarar_cpf(cpfs[u.pk]) if u.pk in cpfs else "",
            pode_registrar=pode_registrar_cpf(autor=gestor, usuario=u),  # type: ignore[arg-type]
        )
        for u in usuarios
    )
