"""Heteroidentificação no edital e comissões do órgão (regras de reserva, § 1).

O decreto só exige a autodeclaração (Decreto nº 9.427/2018, art. 2º); o órgão que
a confirma por comissão diz no edital, por categoria, como, quando e quem é
chamado (``ConfirmacaoCategoria``). Como as categorias do órgão, essas linhas só
mudam no rascunho ou por retificação (nova versão, com motivo) e, depois de um
resultado publicado, fazem parte da base legal congelada (regras, § 8).

As comissões (``Comissao``) são do órgão, não do edital: a mesma comissão serve a
várias seleções. A recursal tem membros diferentes dos da comissão que julgou (o
recurso é revisto por outras pessoas; Lei nº 9.784/1999, art. 18, I, por analogia).
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from selecoes.categorias import Categoria
from selecoes.models.orgaos import Orgao
from selecoes.models.selecao import Selecao

MINIMO_MEMBROS = 3
"""Membros de uma comissão (titulares em exercício), no mínimo."""

MULTIPLO_MAXIMO = 20
PRAZO_RECURSO_MAXIMO_DIAS = 30


class TipoConfirmacao(models.TextChoices):
    """Como a autodeclaração é confirmada."""

    FENOTIPICA = "fenotipica", "Fenotípica (características da pessoa, presencial ou por vídeo)"
    DOCUMENTAL = "documental", "Documental (ex.: declaração da comunidade ou associação)"


class MomentoConfirmacao(models.TextChoices):
    """Quando a comissão verifica (issue 15, item 4)."""

    APOS_PRELIMINAR = "apos_preliminar", "Depois do resultado preliminar, antes do final"


class ChamadosConfirmacao(models.TextChoices):
    """Quem é chamado à verificação."""

    TODOS = "todos", "Todos os que optaram pela categoria"
    MULTIPLO_VAGAS = (
        "multiplo_vagas",
        "Por vaga de estágio, os optantes classificados até M × as vagas da categoria",
    )


class RegraDecisao(models.TextChoices):
    """Como a comissão decide, com os pareceres dos membros."""

    MAIORIA = "maioria", "Maioria dos membros (empate: vale a autodeclaração)"
    UNANIMIDADE = (
        "unanimidade",
        "Não confirmação só por unanimidade (na dúvida, vale a autodeclaração)",
    )


class EfeitoAusencia(models.TextChoices):
    """O que vale para quem não comparece à sessão."""

    AMPLA_CONCORRENCIA = (
        "ampla_concorrencia",
        "Perde a categoria e continua na ampla concorrência",
    )
    MANTEM_CATEGORIA = "mantem_categoria", "Mantém a autodeclaração (continua na categoria)"


class ConfirmacaoCategoria(models.Model):
    """Regra de heteroidentificação que o edital fixa para uma categoria de reserva.

    Regras de reserva, § 1: quem não é confirmado perde a elegibilidade da
    categoria e fica na ampla concorrência; só a declaração falsa provada em
    processo elimina (art. 2º, parágrafo único).
    """

    selecao = models.ForeignKey(
        Selecao,
        on_delete=models.CASCADE,
        related_name="confirmacoes",
        verbose_name="seleção",
    )
    categoria = models.CharField("categoria", max_length=20, choices=Categoria.choices)
    tipo = models.CharField(
        "tipo de verificação",
        max_length=12,
        choices=TipoConfirmacao.choices,
        default=TipoConfirmacao.FENOTIPICA,
    )
    momento = models.CharField(
        "quando",
        max_length=20,
        choices=MomentoConfirmacao.choices,
        default=MomentoConfirmacao.APOS_PRELIMINAR,
    )
    chamados = models.CharField(
        "quem é chamado",
        max_length=16,
        choices=ChamadosConfirmacao.choices,
        default=ChamadosConfirmacao.TODOS,
    )
    multiplo = models.PositiveSmallIntegerField(
        "múltiplo das vagas (M)",
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MULTIPLO_MAXIMO)],
        help_text="Chama, em cada vaga de estágio, os optantes classificados até M vezes "
        "as vagas da categoria entre as primeiras max(ofertadas, a preencher).",
    )
    regra_decisao = models.CharField(
        "regra de decisão",
        max_length=12,
        choices=RegraDecisao.choices,
        default=RegraDecisao.MAIORIA,
    )
    ausente = models.CharField(
        "o que vale para quem falta",
        max_length=20,
        choices=EfeitoAusencia.choices,
        default=EfeitoAusencia.AMPLA_CONCORRENCIA,
    )
    item_edital = models.CharField(
        "item do edital",
        max_length=60,
        help_text="Citado na explicação ao candidato (ex.: item 3.2.16).",
    )
    prazo_recurso_dias = models.PositiveSmallIntegerField(
        "prazo de recurso (dias)",
        default=2,
        validators=[MinValueValidator(1), MaxValueValidator(PRAZO_RECURSO_MAXIMO_DIAS)],
    )
    ordem = models.PositiveSmallIntegerField("ordem", default=0)

    class Meta:
        ordering = ["selecao", "ordem", "pk"]
        verbose_name = "heteroidentificação da categoria"
        verbose_name_plural = "heteroidentificações das categorias"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "categoria"], name="confirmacao_uma_por_categoria"
            ),
            models.CheckConstraint(
                condition=models.Q(categoria__in=Categoria.values),
                name="confirmacao_categoria_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(tipo__in=TipoConfirmacao.values),
                name="confirmacao_tipo_valido",
            ),
            models.CheckConstraint(
                condition=models.Q(momento__in=MomentoConfirmacao.values),
                name="confirmacao_momento_valido",
            ),
            models.CheckConstraint(
                condition=models.Q(regra_decisao__in=RegraDecisao.values),
                name="confirmacao_regra_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(ausente__in=EfeitoAusencia.values),
                name="confirmacao_ausente_valido",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(
                        chamados=ChamadosConfirmacao.MULTIPLO_VAGAS,
                        multiplo__gte=1,
                        multiplo__lte=MULTIPLO_MAXIMO,
                    )
                    | models.Q(chamados=ChamadosConfirmacao.TODOS, multiplo__isnull=True)
                ),
                name="confirmacao_multiplo_so_por_vaga",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    prazo_recurso_dias__gte=1, prazo_recurso_dias__lte=PRAZO_RECURSO_MAXIMO_DIAS
                ),
                name="confirmacao_prazo_recurso_valido",
            ),
        ]

    def __str__(self) -> str:
        return f"Heteroidentificação de {Categoria(self.categoria).label} ({self.item_edital})"

    @property
    def ausente_perde_categoria(self) -> bool:
        return self.ausente == EfeitoAusencia.AMPLA_CONCORRENCIA


class TipoComissao(models.TextChoices):
    HETEROIDENTIFICACAO = "heteroidentificacao", "Comissão de heteroidentificação"
    RECURSAL = "recursal", "Comissão recursal"


class Comissao(models.Model):
    """Comissão do órgão que confirma autodeclarações (ou julga os recursos)."""

    orgao = models.ForeignKey(
        Orgao, on_delete=models.PROTECT, related_name="comissoes", verbose_name="órgão"
    )
    nome = models.CharField("nome", max_length=120)
    tipo = models.CharField("tipo", max_length=20, choices=TipoComissao.choices)
    ato_designacao = models.CharField(
        "ato de designação",
        max_length=200,
        blank=True,
        help_text="Ex.: Portaria nº 12/2026, que designa os membros.",
    )
    ativa = models.BooleanField("ativa", default=True)
    criada_em = models.DateTimeField("criada em", default=timezone.now)

    class Meta:
        ordering = ["orgao", "tipo", "nome"]
        verbose_name = "comissão"
        verbose_name_plural = "comissões"
        constraints = [
            models.UniqueConstraint(fields=["orgao", "nome"], name="comissao_nome_unico_no_orgao"),
            models.CheckConstraint(
                condition=models.Q(tipo__in=TipoComissao.values), name="comissao_tipo_valido"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nome} ({self.get_tipo_display().lower()})"

    @property
    def recursal(self) -> bool:
        return self.tipo == TipoComissao.RECURSAL


class MembroComissao(models.Model):
    """Membro de uma comissão, ligado a um usuário lotado no órgão da comissão.

    Um assento, opcional, é da sociedade civil (ex.: JF-AL 2022). Quem já deu
    parecer não sai da tabela: deixa de estar em exercício (``ativo``).
    """

    comissao = models.ForeignKey(
        Comissao, on_delete=models.CASCADE, related_name="membros", verbose_name="comissão"
    )
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="membros_comissao",
        verbose_name="usuário",
    )
    nome = models.CharField("nome", max_length=200)
    sociedade_civil = models.BooleanField("assento da sociedade civil", default=False)
    ativo = models.BooleanField("em exercício", default=True)
    incluido_em = models.DateTimeField("incluído em", default=timezone.now)

    class Meta:
        ordering = ["comissao", "nome", "pk"]
        verbose_name = "membro de comissão"
        verbose_name_plural = "membros de comissão"
        constraints = [
            models.UniqueConstraint(
                fields=["comissao", "usuario"], name="membro_uma_vez_por_comissao"
            ),
            models.UniqueConstraint(
                fields=["comissao"],
                condition=models.Q(sociedade_civil=True, ativo=True),
                name="comissao_um_assento_sociedade_civil",
            ),
        ]

    def __str__(self) -> str:
        extra = " (sociedade civil)" if self.sociedade_civil else ""
        return f"{self.nome}{extra} — {self.comissao.nome}"
