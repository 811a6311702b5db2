"""Trilha de auditoria: toda mudança de estado, somente acréscimo e encadeada por hash."""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from selecoes.imutavel import RegistroImutavel, somente_acrescimo


class RegistroAuditoria(models.Model):
    """Um fato da trilha; escrito só por ``selecoes.auditoria.registrar``.

    Quando e quem vêm do servidor (relógio e usuário da requisição), nunca de
    entrada. ``sequencia``/``hash_anterior``/``hash`` formam a cadeia da seleção
    (``selecoes/cadeia.py``), conferida por ``manage.py verificar_auditoria``.
    """

    criado_em = models.DateTimeField("quando", default=timezone.now, db_index=True, editable=False)
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="usuário",
    )
    usuario_nome = models.CharField("nome do usuário", max_length=150, blank=True)
    orgao = models.ForeignKey(
        "selecoes.Orgao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="órgão",
    )
    selecao = models.ForeignKey(
        "selecoes.Selecao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="auditoria",
        verbose_name="seleção",
    )
    # Sem chave estrangeira de propósito: o registro sobrevive a qualquer objeto.
    inscricao_id = models.BigIntegerField("inscrição", null=True, blank=True, db_index=True)
    acao = models.CharField("ação", max_length=60)
    objeto_tipo = models.CharField("tipo do objeto", max_length=60)
    objeto_id = models.CharField("id do objeto", max_length=40, blank=True)
    descricao = models.CharField("descrição", max_length=300)
    antes = models.JSONField("antes", null=True, blank=True)
    depois = models.JSONField("depois", null=True, blank=True)
    motivo = models.TextField("motivo", blank=True)
    sequencia = models.PositiveBigIntegerField("nº na cadeia", editable=False)
    hash_anterior = models.CharField("hash do registro anterior", max_length=64, editable=False)
    hash = models.CharField("hash do registro", max_length=64, editable=False)

    class Meta:
        ordering = ["-criado_em", "-pk"]
        verbose_name = "registro de auditoria"
        verbose_name_plural = "registros de auditoria"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "sequencia"],
                condition=models.Q(selecao__isnull=False),
                name="auditoria_cadeia_da_selecao",
            ),
            models.UniqueConstraint(
                fields=["orgao", "sequencia"],
                condition=models.Q(selecao__isnull=True, orgao__isnull=False),
                name="auditoria_cadeia_do_orgao",
            ),
            models.UniqueConstraint(
                fields=["sequencia"],
                condition=models.Q(selecao__isnull=True, orgao__isnull=True),
                name="auditoria_cadeia_global",
            ),
        ]
        triggers = somente_acrescimo("A trilha de auditoria", desvinculaveis=("usuario_id",))

    def __str__(self) -> str:
        return f"{self.criado_em:%d/%m/%Y %H:%M} — {self.acao} — {self.descricao}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RegistroImutavel("A trilha de auditoria é somente de acréscimo.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("A trilha de auditoria é somente de acréscimo.")
