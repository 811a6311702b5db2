"""Acesso à área do candidato pelo e-mail da inscrição, para quem não tem o código.

Quem informa número e CPF só pode pedir que um link seja enviado ao e-mail já
cadastrado: o link chega ao titular, nunca a quem pediu. O link vale por
``VALIDADE_LINK`` e só enquanto o e-mail da inscrição for o mesmo (trocado o
contato, os links antigos morrem); no máximo ``LINKS_POR_DIA`` por inscrição.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from selecoes import auditoria
from selecoes.limites import registrar_tentativa

SALT_PEDIDO = "candidatos.area.pedido"
SALT_LINK = "candidatos.area.link"
VALIDADE_PEDIDO = 10 * 60
VALIDADE_LINK = 60 * 60
LINKS_POR_DIA = 3


def _impressao_email(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()[:16]


def pedido_assinar(*, inscricao_id: int) -> str:
    """Valor do formulário "receber o link por e-mail", dado a quem consultou com o CPF
    (no HTML vai este valor, nunca o CPF digitado)."""
    return signing.dumps({"i": inscricao_id}, salt=SALT_PEDIDO)


def pedido_conferir(valor: str) -> int | None:
    try:
        dados = signing.loads(valor, salt=SALT_PEDIDO, max_age=VALIDADE_PEDIDO)
    except signing.BadSignature:
        return None
    return dados.get("i") if isinstance(dados, dict) and isinstance(dados.get("i"), int) else None


def link_conferir(valor: str) -> int | None:
    """A inscrição do link, se ele é válido e o e-mail da inscrição não mudou."""
    try:
        dados = signing.loads(valor, salt=SALT_LINK, max_age=VALIDADE_LINK)
    except signing.BadSignature:
        return None
    if not isinstance(dados, dict) or not isinstance(dados.get("i"), int):
        return None
    email = Inscricao.objects.filter(pk=dados["i"]).values_list("email", flat=True).first()
    if email is None or dados.get("e") != _impressao_email(email):
        return None
    return int(dados["i"])


def link_enviar(*, inscricao_id: int, agora: datetime) -> bool:
    """Envia ao e-mail da inscrição o link de acesso; ``False`` se passou do teto diário."""
    from candidatos.services import mensagens

    inscricao = Inscricao.objects.select_related("selecao__orgao").get(pk=inscricao_id)
    if registrar_tentativa(
        f"area_link:{inscricao.pk}", limite=LINKS_POR_DIA, janela_segundos=24 * 60 * 60
    ):
        return False
    valor = signing.dumps(
        {"i": inscricao.pk, "e": _impressao_email(inscricao.email)}, salt=SALT_LINK
    )
    link = settings.SITE_URL + reverse("publico:area_acesso", args=[valor])
    with transaction.atomic():
        auditoria.registrar(
            acao="area_candidato.link_enviado",
            objeto=inscricao,
            descricao=f"Link de acesso à área do candidato enviado a {inscricao.numero}",
            selecao=inscricao.selecao,
            inscricao_id=inscricao.pk,
        )
        mensagens.texto_enfileirar(
            modelo="area_link",
            contexto={
                "inscricao": inscricao,
                "selecao": inscricao.selecao,
                "link": link,
                "validade_minutos": VALIDADE_LINK // 60,
                "quando": timezone.localtime(agora),
            },
            para=inscricao.email,
        )
    return True
