"""Categorias de reserva que o órgão acrescenta ao edital por ato próprio.

Negros (Decreto nº 9.427/2018, art. 1º) e pessoas com deficiência (Lei nº
11.788/2008, art. 17, § 5º) continuam nos campos da seleção; cada linha daqui é uma
categoria do órgão (indígenas, quilombolas, pessoas trans, minorias…), com o
percentual, a base legal que o edital cita, a pergunta de autodeclaração e, se
houver, o documento exigido. A precedência é negros, PcD e, depois, estas linhas na
ordem do edital (regras de reserva, § 3.2). Como as vagas, as linhas só mudam no
rascunho ou por retificação (nova versão, com motivo); depois de um resultado
publicado, fazem parte da base legal congelada (regras, § 8).
"""

from decimal import Decimal

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from selecoes.categorias import Categoria
from selecoes.models.selecao import Selecao

CATEGORIAS_DO_ORGAO = tuple(c for c in Categoria if c not in (Categoria.NEGROS, Categoria.PCD))
"""Códigos nacionais que uma linha pode ter: negros e PcD têm campos próprios."""

TAMANHO_MAXIMO_DOCUMENTO_MB = 10


class CategoriaEdital(models.Model):
    """Categoria de reserva do órgão declarada no edital (ato do órgão citado nele)."""

    selecao = models.ForeignKey(
        Selecao,
        on_delete=models.CASCADE,
        related_name="categorias_orgao",
        verbose_name="seleção",
    )
    categoria = models.CharField(
        "código nacional",
        max_length=20,
        choices=[(c.value, c.label) for c in CATEGORIAS_DO_ORGAO],
        help_text="Usado no monitoramento entre órgãos (Decreto nº 9.427/2018, art. 5º).",
    )
    nome = models.CharField(
        "nome no edital", max_length=120, help_text="Ex.: Pessoas trans; Indígenas."
    )
    percentual = models.DecimalField(
        "percentual",
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("100"))],
    )
    base_legal = models.CharField(
        "base legal",
        max_length=300,
        help_text="O ato do órgão que cria a reserva (ex.: Portaria MRE nº 649/2026). "
        "Aparece no anexo, no formulário, nas listas e nos PDFs.",
    )
    pergunta = models.CharField(
        "pergunta de autodeclaração",
        max_length=300,
        help_text="Ex.: Você se autodeclara indígena e deseja concorrer às vagas reservadas?",
    )
    ajuda = models.TextField("texto de ajuda", blank=True)
    lista_com_nomes = models.BooleanField(
        "lista pública",
        null=True,
        blank=True,
        choices=[
            (None, "Padrão da categoria (pessoas trans: só números de inscrição)"),
            (True, "Com nomes"),
            (False, "Só números de inscrição"),
        ],
        help_text="Só números: a própria pertença à categoria é dado sensível (LGPD, art. 11).",
    )
    documento_exigido = models.BooleanField("exige documento", default=False)
    documento_descricao = models.CharField(
        "documento exigido",
        max_length=200,
        blank=True,
        help_text="Ex.: Declaração da comunidade indígena, em PDF.",
    )
    documento_tamanho_max_mb = models.PositiveSmallIntegerField(
        "tamanho máximo do documento (MB)",
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(TAMANHO_MAXIMO_DOCUMENTO_MB)],
    )
    ordem = models.PositiveSmallIntegerField("ordem de precedência", default=0)

    class Meta:
        ordering = ["selecao", "ordem", "pk"]
        verbose_name = "categoria de reserva do órgão"
        verbose_name_plural = "categorias de reserva do órgão"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "categoria"], name="categoria_edital_unica_na_selecao"
            ),
            models.CheckConstraint(
                condition=models.Q(categoria__in=[c.value for c in CATEGORIAS_DO_ORGAO]),
                name="categoria_edital_codigo_do_orgao",
            ),
            models.CheckConstraint(
                condition=models.Q(percentual__gt=0, percentual__lte=100),
                name="categoria_edital_percentual_valido",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    documento_tamanho_max_mb__gte=1,
                    documento_tamanho_max_mb__lte=TAMANHO_MAXIMO_DOCUMENTO_MB,
                ),
                name="categoria_edital_tamanho_documento_valido",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nome} ({self.percentual}%)"

    @property
    def codigo(self) -> str:
        """O nome da categoria no motor (``selecoes.reserva``): o código nacional."""
        return self.categoria

    @property
    def definicao(self) -> Categoria:
        return Categoria(self.categoria)

    @property
    def publica_nomes(self) -> bool:
        """A lista pública traz nomes? Sem escolha no edital, vale a da categoria
        nacional (pessoas trans: só números; LGPD, art. 11)."""
        if self.lista_com_nomes is None:
            return self.definicao.lista_publica_com_nomes
        return self.lista_com_nomes
