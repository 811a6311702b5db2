"""Documentos gerados em segundo plano (PDF) e seu ciclo de vida."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from relatorios.monitoramento.aprendizes import Cota, calcular_cota
from selecoes.validators import (
    CNPJ_REGEX,
    MENSAGEM_CNPJ_FORMATO,
    formatar_cnpj,
    validar_cnpj,
)


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

    O tipo decide, pelo registro em ``relatorios.documentos.construtores``, qual template e
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


class PerfilMonitoramento(models.Model):
    """Usuário do acompanhamento e da avaliação anual (Decreto 9.427/2018, art. 5º).

    Não é lotado em órgão: vê os agregados de todos os órgãos, nunca dados de
    uma pessoa, e sempre com supressão de células pequenas.
    """

    usuario = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="perfil_monitoramento",
        verbose_name="usuário",
    )
    instituicao = models.CharField(
        "instituição",
        max_length=200,
        help_text="Ex.: Secretaria Nacional de Políticas de Promoção da Igualdade Racial.",
    )
    ativo = models.BooleanField("ativo", default=True)
    criado_em = models.DateTimeField("criado em", default=timezone.now)

    class Meta:
        ordering = ["usuario__username"]
        verbose_name = "perfil de monitoramento"
        verbose_name_plural = "perfis de monitoramento"

    def __str__(self) -> str:
        return f"{self.usuario} — monitoramento ({self.instituicao})"


class PorteEmpresa(models.TextChoices):
    """Porte da empresa (LC 123/2006, art. 3º); ME e EPP são dispensadas da cota (art. 51, III)."""

    ME = "me", "Microempresa (ME)"
    EPP = "epp", "Empresa de pequeno porte (EPP)"
    DEMAIS = "demais", "Demais empresas"


class EmpresaTerceirizadaQuerySet(models.QuerySet["EmpresaTerceirizada"]):
    def com_contrato(self) -> "EmpresaTerceirizadaQuerySet":
        return self.exclude(numero_contrato="")


class EmpresaTerceirizada(models.Model):
    """Empresa que presta (ou disputa) serviço em execução indireta ao órgão, com a
    comprovação da cota de aprendizes (Decreto 9.427/2018, art. 6º; CLT, art. 429).
    """

    orgao = models.ForeignKey(
        "selecoes.Orgao",
        on_delete=models.PROTECT,
        related_name="empresas_terceirizadas",
        verbose_name="órgão",
    )
    cnpj = models.CharField(
        "CNPJ",
        max_length=14,
        validators=[validar_cnpj],
        help_text="Os 14 caracteres, sem pontuação, letras em maiúsculas.",
    )
    razao_social = models.CharField("razão social", max_length=200)
    porte = models.CharField("porte", max_length=6, choices=PorteEmpresa.choices)
    numero_contrato = models.CharField(
        "número do contrato",
        max_length=40,
        blank=True,
        help_text="Em branco para empresa que disputa uma contratação e ainda não tem contrato.",
    )
    objeto_contrato = models.TextField(
        "objeto do contrato",
        help_text="Serviço prestado ou disputado (ex.: limpeza e conservação).",
    )
    empregados_formacao = models.PositiveIntegerField(
        "empregados em funções que demandam formação profissional",
        help_text="Base de cálculo da cota (CLT, art. 429, caput).",
    )
    aprendizes = models.PositiveIntegerField("aprendizes contratados")
    data_referencia = models.DateField("data de referência")
    comprovante = models.FileField(
        "documento comprobatório",
        upload_to="aprendizes/%Y/",
        help_text="PDF ou imagem que comprova o número de empregados e de aprendizes.",
    )
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="cadastrada por",
    )
    criado_em = models.DateTimeField("cadastrada em", default=timezone.now)
    atualizado_em = models.DateTimeField("atualizada em", auto_now=True)

    objects = EmpresaTerceirizadaQuerySet.as_manager()

    class Meta:
        ordering = ["orgao", "razao_social", "-data_referencia"]
        verbose_name = "empresa terceirizada (art. 6º)"
        verbose_name_plural = "empresas terceirizadas (art. 6º)"
        constraints = [
            models.UniqueConstraint(
                fields=["orgao", "cnpj", "numero_contrato", "data_referencia"],
                name="empresa_comprovacao_unica",
            ),
            models.CheckConstraint(
                condition=models.Q(cnpj__regex=CNPJ_REGEX),
                name="empresa_cnpj_formato",
                violation_error_message=MENSAGEM_CNPJ_FORMATO,
            ),
            models.CheckConstraint(
                condition=models.Q(porte__in=PorteEmpresa.values), name="empresa_porte_valido"
            ),
        ]

    def __str__(self) -> str:
        contrato = f"contrato {self.numero_contrato}" if self.numero_contrato else "sem contrato"
        return f"{self.razao_social} ({contrato})"

    @property
    def cnpj_formatado(self) -> str:
        return formatar_cnpj(self.cnpj)

    @property
    def cota(self) -> Cota:
        """CLT, art. 429: faixa da cota e situação (ver ``relatorios.monitoramento.aprendizes``)."""
        return calcular_cota(
            base=self.empregados_formacao, aprendizes=self.aprendizes, porte=self.porte
        )
