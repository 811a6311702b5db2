"""Caixa de saída das tarefas (outbox) e registro das mensagens enviadas."""

from django.db import models
from django.utils import timezone


class TarefaPendente(models.Model):
    """Tarefa Celery gravada na mesma transação da ação que a pediu (outbox).

    Depois do commit, o gancho manda a tarefa ao broker e apaga a linha; se o broker
    não aceitar, a linha fica e a varredura periódica (``selecoes.varrer_tarefas``)
    tenta de novo. Assim nenhuma mensagem ou documento se perde com o broker fora do
    ar, e a ação desfeita (rollback) não deixa tarefa nenhuma.
    """

    tarefa = models.CharField("tarefa", max_length=200)
    argumentos = models.JSONField("argumentos", default=list)
    criada_em = models.DateTimeField("criada em", default=timezone.now, db_index=True)
    tentativas = models.PositiveIntegerField("tentativas de envio ao broker", default=0)
    ultimo_erro = models.TextField("último erro", blank=True)

    class Meta:
        ordering = ["criada_em", "pk"]
        verbose_name = "tarefa pendente"
        verbose_name_plural = "tarefas pendentes"

    def __str__(self) -> str:
        return f"{self.tarefa}{tuple(self.argumentos)!r}"


class SituacaoMensagem(models.TextChoices):
    PENDENTE = "pendente", "Na fila"
    ENVIADA = "enviada", "Enviada"
    ERRO = "erro", "Falhou"


class Mensagem(models.Model):
    """Um e-mail que o sistema mandou (ou tentou mandar): para quem, qual modelo,
    a situação e o erro. O corpo fica guardado para o reenvio pelo RH."""

    orgao = models.ForeignKey(
        "selecoes.Orgao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="mensagens",
        verbose_name="órgão",
    )
    selecao = models.ForeignKey(
        "selecoes.Selecao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="mensagens",
        verbose_name="seleção",
    )
    inscricao_id = models.BigIntegerField("inscrição", null=True, blank=True, db_index=True)
    destinatario = models.EmailField("destinatário")
    assunto = models.CharField("assunto", max_length=300)
    modelo = models.CharField("modelo", max_length=100)
    corpo = models.TextField("texto")
    html = models.TextField("HTML", blank=True)
    situacao = models.CharField(
        "situação",
        max_length=10,
        choices=SituacaoMensagem.choices,
        default=SituacaoMensagem.PENDENTE,
    )
    erro = models.TextField("erro", blank=True)
    tentativas = models.PositiveIntegerField("tentativas", default=0)
    criada_em = models.DateTimeField("criada em", default=timezone.now, db_index=True)
    enviada_em = models.DateTimeField("enviada em", null=True, blank=True)

    class Meta:
        ordering = ["-criada_em", "-pk"]
        verbose_name = "mensagem"
        verbose_name_plural = "mensagens"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(situacao__in=SituacaoMensagem.values),
                name="mensagem_situacao_valida",
            ),
            models.CheckConstraint(
                condition=~models.Q(situacao="erro") | ~models.Q(erro=""),
                name="mensagem_erro_com_motivo",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.assunto} → {self.destinatario} ({self.get_situacao_display()})"
