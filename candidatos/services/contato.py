"""Dados de contato (e-mail, telefone) corrigidos pelo próprio candidato.

Nada da inscrição muda além do contato. O e-mail ANTERIOR é avisado: é o canal que
protege a inscrição (links de confirmação, convocação), e quem o troca sem ser o
titular seria visto por ele. A auditoria guarda os endereços mascarados.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from candidatos.models import Inscricao, SituacaoInscricao
from selecoes import auditoria

CANAL_AREA = "Pela área do candidato, com o código de verificação do comprovante."


def mascarar_email(email: str) -> str:
    """``maria.silva@exemplo.com`` → ``m***@exemplo.com``."""
    usuario, _, dominio = email.partition("@")
    return f"{usuario[:1]}***@{dominio}" if dominio else "***"


def mascarar_telefone(telefone: str) -> str:
    return f"***{telefone[-4:]}" if telefone else ""


def contato_atualizar(
    *, inscricao: Inscricao, email: str, telefone: str, agora: datetime
) -> Inscricao:
    """Troca e-mail e telefone; avisa o e-mail anterior e confirma no novo."""
    from candidatos.services import mensagens

    email = email.strip().lower()
    telefone = telefone.strip()
    try:
        validate_email(email)
    except ValidationError as erro:
        raise ValidationError("E-mail: informe um endereço de e-mail válido.") from erro
    if len(telefone) > 20:
        raise ValidationError("Telefone: use no máximo 20 caracteres.")
    with transaction.atomic():
        inscricao = (
            Inscricao.objects.select_for_update(of=("self",))
            .select_related("selecao__orgao")
            .get(pk=inscricao.pk)
        )
        if inscricao.situacao == SituacaoInscricao.SUBSTITUIDA:
            raise ValidationError(
                "Contato: esta inscrição foi substituída; corrija o contato na inscrição nova."
            )
        anterior, telefone_anterior = inscricao.email, inscricao.telefone
        if (anterior, telefone_anterior) == (email, telefone):
            raise ValidationError("Contato: nada mudou (e-mail e telefone iguais aos atuais).")
        inscricao.email = email
        inscricao.telefone = telefone
        inscricao.save(update_fields=["email", "telefone", "atualizada_em"])
        auditoria.registrar(
            acao="inscricao.contato",
            objeto=inscricao,
            descricao=f"Contato de {inscricao.numero} corrigido pelo candidato",
            selecao=inscricao.selecao,
            inscricao_id=inscricao.pk,
            antes={
                "email": mascarar_email(anterior),
                "telefone": mascarar_telefone(telefone_anterior),
            },
            depois={"email": mascarar_email(email), "telefone": mascarar_telefone(telefone)},
            motivo=CANAL_AREA,
        )
        contexto = {
            "inscricao": inscricao,
            "selecao": inscricao.selecao,
            "email_mudou": anterior != email,
            "novo_email": mascarar_email(email),
            "telefone_mudou": telefone_anterior != telefone,
            "quando": timezone.localtime(agora),
        }
        mensagens.texto_enfileirar(modelo="contato_alterado", contexto=contexto, para=anterior)
        if anterior != email:
            mensagens.texto_enfileirar(modelo="contato_alterado", contexto=contexto, para=email)
    return inscricao
