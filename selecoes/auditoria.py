"""Registro de auditoria de toda mudança de estado (quem, quando, o quê, antes → depois)."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Model

from selecoes.models import Orgao, RegistroAuditoria, Selecao


def registrar(
    *,
    acao: str,
    objeto: Model,
    descricao: str,
    usuario: AbstractBaseUser | AnonymousUser | None = None,
    orgao: Orgao | None = None,
    selecao: Selecao | None = None,
    inscricao_id: int | None = None,
    antes: dict[str, Any] | None = None,
    depois: dict[str, Any] | None = None,
    motivo: str = "",
) -> RegistroAuditoria:
    """Acrescenta um registro; chame dentro da mesma transação da mudança."""
    autenticado = usuario is not None and usuario.is_authenticated
    if orgao is None and selecao is not None:
        orgao = selecao.orgao
    return RegistroAuditoria.objects.create(
        usuario=usuario if autenticado else None,
        usuario_nome=usuario.get_username() if autenticado else "",
        orgao=orgao,
        selecao=selecao,
        inscricao_id=inscricao_id,
        acao=acao,
        objeto_tipo=objeto._meta.label,
        objeto_id=str(objeto.pk or ""),
        descricao=descricao[:300],
        antes=antes,
        depois=depois,
        motivo=motivo,
    )
