"""Documentos gerados em segundo plano (PDF) e seu ciclo de vida."""

from django.db import models
from django.utils import timezone


class TipoDocumento(models.TextChoices):
    ANEXO_EDITAL = "anexo_edital", "Anexo do edital"
    RESULTADO = "resultado", "Lista de resultado"
    COMPROVANTE = "comprovante", "Comprovante de inscrição"
    RELATORIO_ANUAL = "relatorio_anual", "Relatório anual de monitoramento"


class StatusDocumento(models.TextChoices):
    PENDENTE = "pendente", "Pendente"
    GERANDO = "gerando", "Gerando"
    PRONTO = "pronto", "Pronto"
    ERRO = "erro", "Erro"


class Documento(models.Model):
    """Um documento identificado pelo que contém (``chave``), gerado por uma tarefa."""

    tipo = models.CharField("tipo", max_length=20, choices=TipoDocumento.choices)
    chave = models.CharField(
        "chave", max_length=120, unique=True, help_text="Ex.: resultado:<id da versão>."
    )
    titulo = models.CharField("título", max_length=200)
    orgao = models.ForeignKey(
        "selecoes.Orgao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="documentos",
        verbose_name="órgão",
    )
    selecao = models.ForeignKey(
        "selecoes.Selecao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="documentos",
        verbose_name="seleção",
    )
    publico = models.BooleanField("público", default=False)
    status = models.CharField(
        "status", max_length=10, choices=StatusDocumento.choices, default="pendente"
    )
    progresso = models.PositiveSmallIntegerField("progresso (%)", default=0)
    mensagem_erro = models.TextField("mensagem de erro", blank=True)
    desatualizado = models.BooleanField("desatualizado", default=False)
    arquivo = models.FileField("arquivo", upload_to="documentos/%Y/%m/", blank=True)
    hash_arquivo = models.CharField("hash SHA-256 do arquivo", max_length=64, blank=True)
    solicitado_em = models.DateTimeField("solicitado em", default=timezone.now)
    gerado_em = models.DateTimeField("gerado em", null=True, blank=True)
    tentativas = models.PositiveSmallIntegerField("tentativas", default=0)

    class Meta:
        ordering = ["-solicitado_em"]
        verbose_name = "documento"
        verbose_name_plural = "documentos"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(progresso__lte=100), name="documento_progresso_ate_100"
            ),
            models.CheckConstraint(
                condition=models.Q(status__in=StatusDocumento.values),
                name="documento_status_valido",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.titulo} ({self.get_status_display()})"
