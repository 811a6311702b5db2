"""Cria as tabelas, as contas do arquivo e o cliente (o sistema) no provedor local."""

import os
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from oauth2_provider.models import Application

from tests.provedor_govbr.contas import contas


class Command(BaseCommand):
    help = "Prepara o provedor gov.br local (idempotente)."

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", verbosity=0, interactive=False)
        User = get_user_model()
        for login, dados in contas().items():
            usuario, _ = User.objects.get_or_create(username=login)
            usuario.set_password(dados["senha"])
            usuario.save()
        Application.objects.filter(client_id=os.environ["PROVEDOR_CLIENT_ID"]).delete()
        Application.objects.create(
            name="Seleções de Estágio (local)",
            client_id=os.environ["PROVEDOR_CLIENT_ID"],
            client_secret=os.environ["PROVEDOR_CLIENT_SECRET"],
            client_type=Application.CLIENT_CONFIDENTIAL,
            authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
            redirect_uris=os.environ["PROVEDOR_REDIRECT_URIS"],
            post_logout_redirect_uris=os.environ["PROVEDOR_LOGOUT_URIS"],
            algorithm=Application.RS256_ALGORITHM,
            skip_authorization=True,
        )
