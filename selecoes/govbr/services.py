"""Escritas da entrada pelo gov.br: CPF do servidor e registros de entrada na auditoria."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from selecoes import auditoria
from selecoes.models import CpfServidor, Lotacao, Papel
from selecoes.validators import mascarar_cpf, somente_digitos, validar_cpf


def pode_registrar_cpf(*, autor: User, usuario: User) -> bool:
    """Superusuário, ou gestor(a) de todos os órgãos em que ``usuario`` está lotado.

    Quem registra um CPF decide quem entra como aquele usuário: o(a) gestor(a) de um
    órgão não pode abrir, por esse caminho, a lotação do usuário em outro órgão.
    """
    if getattr(autor, "is_superuser", False):
        return True
    orgaos = set(Lotacao.objects.filter(usuario=usuario).values_list("orgao_id", flat=True))
    geridos = set(
        Lotacao.objects.filter(usuario=autor, papel=Papel.GESTOR).values_list("orgao_id", flat=True)
    )
    return bool(orgaos) and orgaos <= geridos


def cpf_servidor_registrar(*, autor: User, usuario: User, cpf: str) -> CpfServidor:
    """Grava (ou troca) o CPF do usuário do RH, com registro de auditoria."""
    if not pode_registrar_cpf(autor=autor, usuario=usuario):
        raise PermissionDenied(
            "Só o(a) gestor(a) de todos os órgãos em que este usuário está lotado "
            "(ou o administrador) registra o CPF dele."
        )
    cpf = somente_digitos(cpf)
    try:
        validar_cpf(cpf)
    except ValidationError as erro:
        raise ValidationError({"cpf": erro.messages}) from erro
    with transaction.atomic():
        outro = CpfServidor.objects.filter(cpf=cpf).exclude(usuario=usuario).exists()
        if outro:
            raise ValidationError({"cpf": ["CPF: este CPF já está registrado para outro usuário."]})
        anterior = CpfServidor.objects.filter(usuario=usuario).first()
        registro, _ = CpfServidor.objects.update_or_create(usuario=usuario, defaults={"cpf": cpf})
        for lotacao in Lotacao.objects.filter(usuario=usuario).select_related("orgao"):
            auditoria.registrar(
                acao="govbr.cpf_registrado",
                objeto=registro,
                usuario=autor,
                orgao=lotacao.orgao,
                descricao=f"CPF do usuário nº {usuario.pk} registrado para entrar com gov.br",
                antes={"cpf": mascarar_cpf(anterior.cpf)} if anterior else None,
                depois={"cpf": mascarar_cpf(cpf)},
            )
    return registro


def entrada_servidor_registrar(*, usuario: User) -> None:
    """Entrada de servidor(a) pelo gov.br, pelo id interno do usuário (nunca o CPF)."""
    with transaction.atomic():
        auditoria.registrar(
            acao="govbr.entrada_rh",
            objeto=usuario,
            usuario=usuario,
            descricao=f"Entrada pelo gov.br do usuário nº {usuario.pk}",
        )
