"""Dados de demonstração da fundação: órgãos e um usuário por papel."""

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from selecoes.models import Lotacao, Orgao, Papel


@dataclass(frozen=True)
class LoginDemo:
    usuario: str
    senha: str
    descricao: str


ORGAOS = [
    ("Ministério da Igualdade Racial", "MIR", "45404722000140"),
    ("Instituto Federal de Demonstração", "IFD", "11222333000181"),
]

USUARIOS = [
    ("gestora", "Gestora de RH", "MIR", Papel.GESTOR),
    ("operador", "Operador de RH", "MIR", Papel.OPERADOR),
    ("auditora", "Auditora", "MIR", Papel.AUDITOR),
    ("gestor.ifd", "Gestor de RH do IFD", "IFD", Papel.GESTOR),
]


def popular_orgaos_e_usuarios() -> list[LoginDemo]:
    """Cria (ou reaproveita) os órgãos e usuários; idempotente."""
    User = get_user_model()
    orgaos = {}
    for nome, sigla, cnpj in ORGAOS:
        orgaos[sigla], _ = Orgao.objects.get_or_create(
            sigla=sigla, defaults={"nome": nome, "cnpj": cnpj}
        )
    logins = []
    for username, nome, sigla, papel in USUARIOS:
        senha = f"demo-{username}-2026"
        usuario, criado = User.objects.get_or_create(
            username=username,
            defaults={"first_name": nome, "email": f"{username}@exemplo.gov.br"},
        )
        if criado:
            usuario.set_password(senha)
            usuario.save()
        Lotacao.objects.get_or_create(
            usuario=usuario, orgao=orgaos[sigla], defaults={"papel": papel}
        )
        logins.append(LoginDemo(username, senha, f"{papel.label} — {sigla}"))
    admin, criado = User.objects.get_or_create(
        username="admin", defaults={"is_staff": True, "is_superuser": True}
    )
    if criado:
        admin.set_password("demo-admin-2026")
        admin.save()
    logins.append(LoginDemo("admin", "demo-admin-2026", "Superusuário (somente /admin/)"))
    return logins
