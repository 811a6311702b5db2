"""Entrada do(a) candidato(a) pelo gov.br: registro na trilha de cada seleção."""

from __future__ import annotations

from django.db import transaction

from candidatos.models import Inscricao
from selecoes import auditoria


def entrada_candidato_registrar(*, cpf: str) -> list[int]:
    """Um registro na cadeia de cada seleção em que o CPF tem inscrição, pelo id
    interno da inscrição (o CPF não vai para a trilha). Devolve os ids."""
    inscricoes = list(
        Inscricao.objects.filter(cpf=cpf).select_related("selecao__orgao").order_by("pk")
    )
    with transaction.atomic():
        for inscricao in inscricoes:
            auditoria.registrar(
                acao="govbr.entrada_candidato",
                objeto=inscricao,
                selecao=inscricao.selecao,
                inscricao_id=inscricao.pk,
                descricao=(
                    f"Entrada pelo gov.br do(a) titular da inscrição nº interno {inscricao.pk}"
                ),
            )
    return [inscricao.pk for inscricao in inscricoes]
