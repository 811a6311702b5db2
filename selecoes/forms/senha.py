"""Recuperação de senha do RH: e-mail pelo worker e no máximo algumas mensagens por conta."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.models import User
from django.template.loader import render_to_string

from selecoes import correio
from selecoes.limites import registrar_tentativa

logger = logging.getLogger(__name__)

# Por endereço pedido, exista ou não a conta: a página de "enviado" é a mesma.
EMAILS_POR_CONTA = 3
JANELA_CONTA_SEGUNDOS = 3600


class RecuperacaoSenhaForm(PasswordResetForm):
    """Formulário do Django com dois ajustes: limite por conta e envio assíncrono."""

    def get_users(self, email: str) -> Iterator[User]:
        if registrar_tentativa(
            f"senha:conta:{email.strip().lower()[:254]}",
            limite=EMAILS_POR_CONTA,
            janela_segundos=JANELA_CONTA_SEGUNDOS,
        ):
            logger.warning("Recuperação de senha: limite de e-mails por conta atingido.")
            return iter(())
        return iter(super().get_users(email))

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        assunto = "".join(render_to_string(subject_template_name, context).splitlines())
        corpo = render_to_string(email_template_name, context)
        html = (
            render_to_string(html_email_template_name, context)
            if html_email_template_name
            else None
        )
        correio.mensagem_enfileirar(
            modelo="recuperacao_senha", para=to_email, assunto=assunto, corpo=corpo, html=html or ""
        )
