"""Marca das entradas do motor de cada seleção (``selecoes.entradas``)."""

import uuid

from django.db import models

from selecoes.models.selecao import Selecao


class VersaoEntradas(models.Model):
    """Marca aleatória trocada pelos gatilhos do banco a cada mudança das entradas do
    motor da seleção (arts. 1º a 4º do Decreto nº 9.427/2018); chave do cache do motor.

    Só os gatilhos escrevem aqui. Sem chave estrangeira no banco: a marca de uma
    seleção excluída não prende a exclusão e nunca volta a ser lida.
    """

    selecao = models.OneToOneField(
        Selecao,
        primary_key=True,
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
        verbose_name="seleção",
    )
    marca = models.UUIDField("marca", default=uuid.uuid4)
    alteracoes = models.BigIntegerField("alterações", default=0)

    class Meta:
        verbose_name = "versão das entradas do motor"
        verbose_name_plural = "versões das entradas do motor"

    def __str__(self) -> str:
        return f"Seleção {self.selecao_id}: {self.alteracoes} alteração(ões)"
