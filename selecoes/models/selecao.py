"""Seleção (edital) e suas vagas de estágio."""

from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone

from selecoes import reserva
from selecoes.imutavel import RegistroImutavel, somente_acrescimo
from selecoes.models.orgaos import Orgao

# Teto por vaga de estágio (vagas ofertadas + surgidas). Muito acima de qualquer edital real
# (o CNU de 2024 ofertou 6.640 vagas ao todo) e abaixo do que faria o quadro da reserva,
# montado posição a posição, ocupar gigabytes.
MAX_VAGAS_POR_POSICAO = 10_000
MENSAGEM_MAX_VAGAS = "Vagas ofertadas: no máximo 10.000 por vaga de estágio."


class SituacaoSelecao(models.TextChoices):
    RASCUNHO = "rascunho", "Rascunho"
    PUBLICADA = "publicada", "Publicada"
    EM_CLASSIFICACAO = "em_classificacao", "Em classificação"
    RESULTADO_PRELIMINAR = "resultado_preliminar", "Resultado preliminar"
    RESULTADO_FINAL = "resultado_final", "Resultado final"
    ENCERRADA = "encerrada", "Encerrada"


class BaseReserva(models.TextChoices):
    """Base do cálculo das vagas reservadas (regras de reserva, § 3.1)."""

    SELECAO = reserva.BaseReserva.SELECAO.value, "Total da seleção (rateio pelos maiores restos)"
    VAGA = reserva.BaseReserva.VAGA.value, "Cada vaga de estágio sozinha"


class VersaoRegras(models.IntegerChoices):
    """Versão das regras de reserva em vigor quando o edital foi publicado (§ 8)."""

    V1 = 1, "Versão 1"
    V2 = 2, "Versão 2"


class CriterioDesempate(models.TextChoices):
    MAIOR_NOTA = "maior_nota", "Maior nota final"
    NOTA_CRITERIO = "nota_criterio", "Maior nota em um critério de avaliação"
    MAIOR_IDADE = "maior_idade", "Maior idade"
    DATA_INSCRICAO = "data_inscricao", "Data e hora de inscrição mais antigas"
    SORTEIO = "sorteio", "Sorteio público"


class NivelEnsino(models.TextChoices):
    MEDIO = "medio", "Ensino médio"
    TECNICO = "tecnico", "Educação profissional técnica"
    SUPERIOR = "superior", "Educação superior"
    POS_GRADUACAO = "pos_graduacao", "Pós-graduação"


class UF(models.TextChoices):
    AC = "AC", "Acre"
    AL = "AL", "Alagoas"
    AP = "AP", "Amapá"
    AM = "AM", "Amazonas"
    BA = "BA", "Bahia"
    CE = "CE", "Ceará"
    DF = "DF", "Distrito Federal"
    ES = "ES", "Espírito Santo"
    GO = "GO", "Goiás"
    MA = "MA", "Maranhão"
    MT = "MT", "Mato Grosso"
    MS = "MS", "Mato Grosso do Sul"
    MG = "MG", "Minas Gerais"
    PA = "PA", "Pará"
    PB = "PB", "Paraíba"
    PR = "PR", "Paraná"
    PE = "PE", "Pernambuco"
    PI = "PI", "Piauí"
    RJ = "RJ", "Rio de Janeiro"
    RN = "RN", "Rio Grande do Norte"
    RS = "RS", "Rio Grande do Sul"
    RO = "RO", "Rondônia"
    RR = "RR", "Roraima"
    SC = "SC", "Santa Catarina"
    SP = "SP", "São Paulo"
    SE = "SE", "Sergipe"
    TO = "TO", "Tocantins"


class SelecaoQuerySet(models.QuerySet["Selecao"]):
    def publicadas(self) -> "SelecaoQuerySet":
        return self.exclude(situacao=SituacaoSelecao.RASCUNHO)

    def com_inscricoes_abertas(self, agora: datetime) -> "SelecaoQuerySet":
        return self.publicadas().filter(inscricoes_inicio__lte=agora, inscricoes_fim__gte=agora)

    def travar(self, pk: int) -> "Selecao":
        """A seleção ``pk`` com a sua linha travada até o fim da transação, e o órgão já
        lido. Trava só a linha da seleção (``FOR UPDATE OF``): o JOIN do órgão, sem
        ``of``, travaria também a linha do órgão, e toda gravação que o referencia (a
        trilha de auditoria de qualquer seleção dele, e com ela cada inscrição on-line)
        esperaria o fim da transação."""
        return self.select_for_update(of=("self",)).select_related("orgao").get(pk=pk)


class Selecao(models.Model):
    """Seleção pública de estagiários, publicada por um edital.

    A reserva de 30% aos negros (Decreto 9.427/2018, art. 1º) é sempre aplicada
    quando cabível; a reserva a pessoas com deficiência (Lei 11.788/2008, art. 17,
    § 5º) é opcional por seleção.
    """

    orgao = models.ForeignKey(
        Orgao, on_delete=models.PROTECT, related_name="selecoes", verbose_name="órgão"
    )
    titulo = models.CharField("título", max_length=200)
    numero_edital = models.CharField("número do edital", max_length=40)
    data_publicacao_edital = models.DateField(
        "data de publicação do edital",
        help_text="Data de publicação no DOU; decide a aplicação do Decreto (art. 7º).",
    )
    inscricoes_inicio = models.DateTimeField("início das inscrições")
    inscricoes_fim = models.DateTimeField("fim das inscrições")
    validade_meses = models.PositiveSmallIntegerField(
        "validade (meses)",
        default=12,
        validators=[MinValueValidator(1), MaxValueValidator(48)],
    )
    descricao = models.TextField("descrição", blank=True)
    requisitos = models.TextField("requisitos gerais", blank=True)
    percentual_negros = models.DecimalField(
        "percentual negros",
        max_digits=5,
        decimal_places=2,
        default=Decimal("30"),
        validators=[MinValueValidator(Decimal("30")), MaxValueValidator(Decimal("100"))],
        help_text="Decreto nº 9.427/2018, art. 1º: no mínimo 30% das vagas.",
    )
    reserva_pcd = models.BooleanField(
        "reserva a pessoas com deficiência",
        default=True,
        help_text="Lei nº 11.788/2008, art. 17, § 5º: 10% das vagas.",
    )
    percentual_pcd = models.DecimalField(
        "percentual PcD",
        max_digits=5,
        decimal_places=2,
        default=Decimal("10"),
        validators=[MinValueValidator(Decimal("0.01")), MaxValueValidator(Decimal("70"))],
    )
    sequencia_explicita = models.JSONField(
        "sequência explícita de vagas reservadas",
        null=True,
        blank=True,
        help_text='Ex.: {"negros": {"posicoes": [3, 8, 13], "intervalo": 5}}.',
    )
    base_reserva = models.CharField(
        "base da reserva",
        max_length=10,
        choices=BaseReserva.choices,
        default=BaseReserva.SELECAO,
        help_text=(
            "Total da seleção: 30% de todas as vagas, rateado entre as vagas de estágio "
            "(art. 1º, caput; STF, ADC 41). Cada vaga: cada vaga de estágio arredonda "
            "sozinha. Com sequência explícita, vale cada vaga."
        ),
    )
    versao_regras = models.PositiveSmallIntegerField(
        "versão das regras de reserva",
        choices=VersaoRegras.choices,
        default=reserva.VERSAO_ATUAL,
        editable=False,
        help_text="Fixada na publicação no sistema; nenhuma retificação a muda (regras, § 8).",
    )
    criterios_desempate = models.JSONField(
        "critérios de desempate",
        default=list,
        blank=True,
        help_text='Lista ordenada: [{"criterio": "maior_nota"}, '
        '{"criterio": "nota_criterio", "parametro": "<código do critério>"}, ...].',
    )
    prazos_em_dias_uteis = models.BooleanField(
        "prazos em dias úteis",
        default=False,
        help_text="Desmarcado: os prazos do edital contam dias corridos. Marcado: só dias "
        "úteis (sem sábados, domingos e feriados nacionais).",
    )
    prazo_resposta_dias = models.PositiveSmallIntegerField(
        "prazo para responder à convocação (dias)",
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(60)],
        help_text="Usado quando o sistema convoca sozinho o próximo candidato.",
    )
    convocacao_automatica = models.BooleanField(
        "convocar o próximo automaticamente",
        default=False,
        help_text="Quando o prazo de resposta vence sem resposta (não compareceu), o sistema "
        "convoca o próximo da ordem. Desmarcado: o RH é avisado e confirma a convocação.",
    )
    situacao = models.CharField(
        "situação", max_length=25, choices=SituacaoSelecao.choices, default="rascunho"
    )
    versao = models.PositiveIntegerField(
        "versão do edital", default=0, help_text="0 = nunca publicado; 1 = original."
    )
    publicada_em = models.DateTimeField("publicada em", null=True, blank=True)
    criado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="criada por",
    )
    criado_em = models.DateTimeField("criada em", auto_now_add=True)
    atualizado_em = models.DateTimeField("atualizada em", auto_now=True)

    objects = SelecaoQuerySet.as_manager()

    class Meta:
        ordering = ["-data_publicacao_edital", "-pk"]
        verbose_name = "seleção"
        verbose_name_plural = "seleções"
        constraints = [
            models.UniqueConstraint(
                fields=["orgao", "numero_edital"], name="selecao_edital_unico_no_orgao"
            ),
            models.CheckConstraint(
                condition=models.Q(inscricoes_fim__gt=models.F("inscricoes_inicio")),
                name="selecao_inscricoes_em_ordem",
            ),
            models.CheckConstraint(
                condition=models.Q(percentual_pcd__gt=0, percentual_pcd__lte=70),
                name="selecao_percentual_pcd_valido",
            ),
            models.CheckConstraint(
                condition=models.Q(percentual_negros__gte=30, percentual_negros__lte=100),
                name="selecao_percentual_negros_minimo_legal",
            ),
            models.CheckConstraint(
                condition=models.Q(situacao__in=SituacaoSelecao.values),
                name="selecao_situacao_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(base_reserva__in=BaseReserva.values),
                name="selecao_base_reserva_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(versao_regras__in=VersaoRegras.values),
                name="selecao_versao_regras_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(prazo_resposta_dias__gte=1, prazo_resposta_dias__lte=60),
                name="selecao_prazo_resposta_valido",
            ),
        ]

    def __str__(self) -> str:
        return f"Edital {self.numero_edital} — {self.titulo}"

    def inscricoes_abertas(self, agora: datetime | None = None) -> bool:
        """Derivado das datas (nunca armazenado) e só para editais publicados."""
        agora = agora or timezone.now()
        return (
            self.situacao != SituacaoSelecao.RASCUNHO
            and self.inscricoes_inicio <= agora <= self.inscricoes_fim
        )

    @property
    def publicada(self) -> bool:
        return self.situacao != SituacaoSelecao.RASCUNHO

    @property
    def base_para_motor(self) -> str | None:
        """`base_reserva` como o motor a recebe: nenhuma na versão 1 (que arredonda
        cada vaga) nem com sequência explícita (que implica a base vaga, § 7)."""
        if self.versao_regras == VersaoRegras.V1 or self.sequencia_explicita:
            return None
        return self.base_reserva

    @property
    def total_vagas_ofertadas(self) -> int:
        return sum(v.vagas_ofertadas for v in self.vagas.all())


class VagaEstagio(models.Model):
    """Uma vaga de estágio (área/curso/local) com classificação própria."""

    selecao = models.ForeignKey(
        Selecao, on_delete=models.CASCADE, related_name="vagas", verbose_name="seleção"
    )
    codigo = models.CharField("código", max_length=20)
    area = models.CharField("área", max_length=120)
    curso = models.CharField("curso", max_length=120, blank=True)
    nivel = models.CharField("nível", max_length=15, choices=NivelEnsino.choices)
    municipio = models.CharField("município", max_length=100)
    uf = models.CharField("UF", max_length=2, choices=UF.choices)
    carga_horaria_semanal = models.PositiveSmallIntegerField(
        "carga horária semanal (h)",
        default=20,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text="Lei nº 11.788/2008, art. 10: até 30 horas semanais.",
    )
    valor_bolsa = models.DecimalField("valor da bolsa (R$)", max_digits=10, decimal_places=2)
    auxilio_transporte = models.DecimalField(
        "auxílio-transporte (R$)", max_digits=10, decimal_places=2, default=Decimal("0")
    )
    vagas_ofertadas = models.PositiveIntegerField(
        "vagas ofertadas",
        help_text="0 = somente cadastro de reserva.",
        validators=[MaxValueValidator(MAX_VAGAS_POR_POSICAO, message=MENSAGEM_MAX_VAGAS)],
    )
    sem_cadastro_reserva = models.BooleanField(
        "sem cadastro de reserva",
        default=False,
        help_text="Marcado: só as vagas ofertadas, sem chamar além delas (salvo para suprir "
        "desistência ou eliminação). 0 vagas ofertadas é sempre cadastro de reserva.",
    )
    vagas_surgidas = models.PositiveIntegerField(
        "vagas surgidas na validade",
        default=0,
        help_text="Vagas que surgiram depois do edital (cadastro de reserva).",
    )
    requisitos = models.TextField("requisitos", blank=True)
    ordem = models.PositiveSmallIntegerField("ordem", default=0)

    class Meta:
        ordering = ["selecao", "ordem", "codigo"]
        verbose_name = "vaga de estágio"
        verbose_name_plural = "vagas de estágio"
        constraints = [
            models.UniqueConstraint(fields=["selecao", "codigo"], name="vaga_codigo_unico"),
            models.CheckConstraint(
                condition=models.Q(valor_bolsa__gte=0, auxilio_transporte__gte=0),
                name="vaga_valores_nao_negativos",
            ),
            models.CheckConstraint(
                condition=models.Q(carga_horaria_semanal__gte=1, carga_horaria_semanal__lte=30),
                name="vaga_carga_horaria_legal",
            ),
            models.CheckConstraint(
                condition=models.Q(nivel__in=NivelEnsino.values), name="vaga_nivel_valido"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.codigo} — {self.area} ({self.municipio}/{self.uf})"

    @property
    def tem_cadastro_reserva(self) -> bool:
        """Cadastro de reserva: vagas surgidas na validade chamam os seguintes da ordem.

        O edital é a lei da seleção: a vaga o declara (``sem_cadastro_reserva``);
        com 0 ofertadas a vaga é somente cadastro de reserva, por definição.
        """
        return self.vagas_ofertadas == 0 or not self.sem_cadastro_reserva

    @property
    def vagas_a_preencher(self) -> int:
        """k do motor: vagas ofertadas mais as surgidas durante a validade."""
        return self.vagas_ofertadas + self.vagas_surgidas


CASAS_DECIMAIS_PADRAO = 2
CASAS_DECIMAIS_MAXIMO = 4


CASAS_NOTA_FINAL_GUARDADA = 3
"""A nota final é guardada em milésimos (`Avaliacao.nota_final`, 3 casas)."""


def casas_da_nota_final(casas_dos_criterios: Iterable[int]) -> int:
    """Casas da nota final: as do critério mais fino (a média ponderada não tem mais
    precisão declarada do que ele), no máximo as 3 com que é guardada; sem
    critérios, o padrão de 2.

    O filtro ``nota`` nunca esconde algarismo significativo: a média "8,567" de
    critérios com 1 casa continua "8,567" (foi ela que decidiu a ordem).
    """
    return min(max(casas_dos_criterios, default=CASAS_DECIMAIS_PADRAO), CASAS_NOTA_FINAL_GUARDADA)


class CriterioAvaliacao(models.Model):
    """Critério de avaliação do edital (ex.: prova, análise curricular).

    `casas_decimais` é parte do que o edital declara: a nota do critério é digitada
    e publicada com essas casas (regras de reserva, § 8: base legal congelada).
    """

    selecao = models.ForeignKey(
        Selecao, on_delete=models.CASCADE, related_name="criterios", verbose_name="seleção"
    )
    codigo = models.SlugField("código", max_length=30)
    nome = models.CharField("nome", max_length=120)
    peso = models.DecimalField(
        "peso",
        max_digits=5,
        decimal_places=2,
        default=Decimal("1"),
        validators=[MinValueValidator(Decimal("0.01"))],
    )
    nota_maxima = models.DecimalField(
        "nota máxima", max_digits=7, decimal_places=2, default=Decimal("10")
    )
    casas_decimais = models.PositiveSmallIntegerField(
        "casas decimais da nota",
        default=CASAS_DECIMAIS_PADRAO,
        validators=[
            MinValueValidator(0, "Casas decimais da nota: use de 0 a 4."),
            MaxValueValidator(CASAS_DECIMAIS_MAXIMO, "Casas decimais da nota: use de 0 a 4."),
        ],
        help_text="Com quantas casas a nota deste critério é digitada e publicada (0 a 4).",
    )
    ordem = models.PositiveSmallIntegerField("ordem", default=0)

    class Meta:
        ordering = ["selecao", "ordem", "codigo"]
        verbose_name = "critério de avaliação"
        verbose_name_plural = "critérios de avaliação"
        constraints = [
            models.UniqueConstraint(fields=["selecao", "codigo"], name="criterio_codigo_unico"),
            models.CheckConstraint(
                condition=models.Q(peso__gt=0, nota_maxima__gt=0), name="criterio_valores_positivos"
            ),
            models.CheckConstraint(
                condition=models.Q(casas_decimais__lte=CASAS_DECIMAIS_MAXIMO),
                name="criterio_casas_decimais_ate_4",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.nome} (peso {self.peso})"

    @classmethod
    def casas_nota_final(cls, selecao_id: int) -> int:
        """Casas com que a nota final da seleção é impressa (`casas_da_nota_final`)."""
        return casas_da_nota_final(
            cls.objects.filter(selecao_id=selecao_id).values_list("casas_decimais", flat=True)
        )


class VersaoEdital(models.Model):
    """Versão publicada do edital: a original (1) e cada retificação (2, 3, …).

    O conteúdo é um retrato imutável do que os candidatos leram; nada publicado
    é alterado em silêncio.
    """

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="versoes", verbose_name="seleção"
    )
    numero = models.PositiveIntegerField("número")
    motivo = models.TextField("motivo da retificação", blank=True)
    data_retificacao = models.DateField("data da retificação", null=True, blank=True)
    publicada_em = models.DateTimeField("publicada em", default=timezone.now)
    publicada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="publicada por",
    )
    conteudo = models.JSONField("conteúdo")
    hash_conteudo = models.CharField("hash SHA-256 do conteúdo", max_length=64)

    class Meta:
        ordering = ["selecao", "numero"]
        verbose_name = "versão do edital"
        verbose_name_plural = "versões do edital"
        constraints = [
            models.UniqueConstraint(fields=["selecao", "numero"], name="versao_edital_unica"),
            models.CheckConstraint(
                condition=models.Q(numero=1) | ~models.Q(motivo=""),
                name="retificacao_exige_motivo",
            ),
        ]
        triggers = somente_acrescimo(
            "Uma versão publicada do edital", desvinculaveis=("publicada_por_id",)
        )

    def __str__(self) -> str:
        return f"{self.selecao} — versão {self.numero}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RegistroImutavel(
                "Uma versão publicada do edital não pode ser alterada: publique uma "
                "retificação, com o motivo."
            )
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("Uma versão publicada do edital não pode ser excluída.")
