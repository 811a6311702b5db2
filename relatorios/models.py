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


class DocumentoQuerySet(models.QuerySet["Documento"]):
    def prontos(self) -> "DocumentoQuerySet":
        """Com arquivo gerado e em dia com os dados (servíveis ao público)."""
        return self.filter(status=StatusDocumento.PRONTO, desatualizado=False)


class Documento(models.Model):
    """Um documento identificado pelo que contém (``chave``), gerado por uma tarefa.

    O tipo decide, pelo registro em ``relatorios.documentos``, qual template e
    contexto o geram a partir de ``selecao``/``parametros``. Cada pedido de
    (re)geração incrementa ``geracao``; uma tarefa de geração antiga que termine
    depois de uma nova é descartada.
    """

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
    parametros = models.JSONField(
        "parâmetros",
        default=dict,
        blank=True,
        help_text='O que o tipo precisa para montar o documento. Ex.: {"versao": 12}.',
    )
    geracao = models.PositiveIntegerField(
        "geração", default=0, help_text="Incrementada a cada pedido de (re)geração."
    )
    paginas = models.PositiveIntegerField("páginas", default=0)
    partes_total = models.PositiveSmallIntegerField(
        "partes", default=0, help_text="Documentos longos são gerados em partes paralelas."
    )
    partes_prontas = models.JSONField(
        "partes prontas",
        default=dict,
        blank=True,
        help_text='Páginas de cada parte já gerada: {"0": 210, "1": 198}.',
    )

    objects = DocumentoQuerySet.as_manager()

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
            models.CheckConstraint(
                condition=~models.Q(status="erro") | ~models.Q(mensagem_erro=""),
                name="documento_erro_com_mensagem",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="pronto") | ~models.Q(arquivo=""),
                name="documento_pronto_com_arquivo",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.titulo} ({self.get_status_display()})"
