"""Trilha de auditoria: toda mudança de estado, somente acréscimo."""

from django.conf import settings
from django.db import models
from django.utils import timezone


class RegistroAuditoria(models.Model):
    criado_em = models.DateTimeField("quando", default=timezone.now, db_index=True)
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

    class Meta:
        ordering = ["-criado_em", "-pk"]
        verbose_name = "registro de auditoria"
        verbose_name_plural = "registros de auditoria"

    def __str__(self) -> str:
        return f"{self.criado_em:%d/%m/%Y %H:%M} — {self.acao} — {self.descricao}"
