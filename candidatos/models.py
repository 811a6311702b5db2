"""Inscrições com autodeclaração, avaliação, resultados e convocações."""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from selecoes.categorias import Categoria
from selecoes.imutavel import RegistroImutavel, somente_acrescimo
from selecoes.models import Selecao, VagaEstagio
from selecoes.validators import validar_cpf

__all__ = ["RegistroImutavel"]


class CorRaca(models.TextChoices):
    """Quesito cor ou raça do IBGE (art. 2º), mais a recusa em declarar."""

    BRANCA = "branca", "Branca"
    PRETA = "preta", "Preta"
    PARDA = "parda", "Parda"
    AMARELA = "amarela", "Amarela"
    INDIGENA = "indigena", "Indígena"
    NAO_DECLARADA = "nao_declarada", "Prefiro não declarar"

    @property
    def negra(self) -> bool:
        """Art. 2º: pretos ou pardos podem concorrer às vagas reservadas."""
        return self in (CorRaca.PRETA, CorRaca.PARDA)


class SituacaoInscricao(models.TextChoices):
    ATIVA = "ativa", "Ativa"
    SUBSTITUIDA = "substituida", "Substituída por nova inscrição"
    DESISTENTE = "desistente", "Desistente"
    ELIMINADA = "eliminada", "Eliminada"


class OrigemInscricao(models.TextChoices):
    ONLINE = "online", "Formulário on-line"
    IMPORTACAO = "importacao", "Importação de arquivo"


class InscricaoQuerySet(models.QuerySet["Inscricao"]):
    def vigentes(self) -> "InscricaoQuerySet":
        """Inscrições que contam (exclui as substituídas por outra do mesmo CPF)."""
        return self.exclude(situacao=SituacaoInscricao.SUBSTITUIDA)


class Inscricao(models.Model):
    """Inscrição de um candidato em uma vaga de estágio, com autodeclaração (art. 2º)."""

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="inscricoes", verbose_name="seleção"
    )
    vaga = models.ForeignKey(
        VagaEstagio,
        on_delete=models.PROTECT,
        related_name="inscricoes",
        verbose_name="vaga de estágio",
    )
    numero = models.CharField("número de inscrição", max_length=20, unique=True)
    codigo_verificacao = models.CharField("código de verificação", max_length=16)
    nome_civil = models.CharField("nome civil", max_length=200)
    nome_social = models.CharField("nome social", max_length=200, blank=True)
    cpf = models.CharField("CPF", max_length=11, validators=[validar_cpf], db_index=True)
    data_nascimento = models.DateField("data de nascimento")
    email = models.EmailField("e-mail")
    telefone = models.CharField("telefone", max_length=20, blank=True)
    instituicao_ensino = models.CharField("instituição de ensino", max_length=200)
    curso = models.CharField("curso", max_length=200)
    periodo_curso = models.CharField("semestre/ano", max_length=30)
    cor_raca = models.CharField("cor/raça", max_length=15, choices=CorRaca.choices)
    concorre_negros = models.BooleanField(
        "concorre às vagas reservadas a candidatos negros", default=False
    )
    pcd = models.BooleanField("pessoa com deficiência", default=False)
    concorre_pcd = models.BooleanField(
        "concorre às vagas reservadas a pessoas com deficiência", default=False
    )
    laudo_pcd = models.FileField("laudo médico", upload_to="laudos/%Y/%m/", blank=True)
    concorre_categorias = models.JSONField(
        "concorre às vagas reservadas das categorias do órgão",
        default=list,
        blank=True,
        help_text='Códigos nacionais das categorias do edital, ex.: ["indigenas"].',
    )
    termo_aceito_em = models.DateTimeField("termo aceito em")
    situacao = models.CharField(
        "situação", max_length=15, choices=SituacaoInscricao.choices, default="ativa"
    )
    substitui = models.OneToOneField(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="substituida_por",
        verbose_name="substitui a inscrição",
    )
    origem = models.CharField(
        "origem", max_length=12, choices=OrigemInscricao.choices, default="online"
    )
    criada_em = models.DateTimeField("data/hora da inscrição", default=timezone.now)
    atualizada_em = models.DateTimeField("atualizada em", auto_now=True)

    objects = InscricaoQuerySet.as_manager()

    class Meta:
        ordering = ["selecao", "numero"]
        verbose_name = "inscrição"
        verbose_name_plural = "inscrições"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "cpf"],
                condition=~models.Q(situacao="substituida"),
                name="inscricao_uma_vigente_por_cpf",
            ),
            models.CheckConstraint(
                condition=models.Q(concorre_negros=False)
                | models.Q(cor_raca__in=["preta", "parda"]),
                name="inscricao_reserva_negros_exige_preta_ou_parda",
            ),
            models.CheckConstraint(
                condition=models.Q(concorre_pcd=False) | models.Q(pcd=True),
                name="inscricao_reserva_pcd_exige_declaracao",
            ),
            models.CheckConstraint(
                condition=models.Q(cpf__regex=r"^[0-9]{11}$"), name="inscricao_cpf_11_digitos"
            ),
            models.CheckConstraint(
                condition=models.Q(cor_raca__in=CorRaca.values), name="inscricao_cor_raca_valida"
            ),
            models.CheckConstraint(
                condition=models.Q(situacao__in=SituacaoInscricao.values),
                name="inscricao_situacao_valida",
            ),
        ]
        indexes = [models.Index(fields=["vaga", "situacao"], name="inscricao_vaga_situacao")]

    def __str__(self) -> str:
        return f"{self.numero} — {self.nome_exibicao}"

    @property
    def nome_exibicao(self) -> str:
        """Nome social, quando informado, em tudo o que é exibido (Decreto 8.727/2016)."""
        return self.nome_social or self.nome_civil

    @property
    def categorias(self) -> frozenset[str]:
        """Reservas a que concorre, nos nomes do motor (``negros``, ``pcd``)."""
        cats = set()
        if self.concorre_negros:
            cats.add(Categoria.NEGROS.value)
        if self.concorre_pcd:
            cats.add(Categoria.PCD.value)
        cats.update(self.concorre_categorias or ())
        return frozenset(cats)


class DocumentoCategoria(models.Model):
    """Documento que a categoria do órgão exige (ex.: declaração da comunidade).

    Dado sensível (LGPD, art. 11): gravado com nome aleatório fora de MEDIA_URL,
    baixado só pelo gestor, por uma view que registra o acesso, como o laudo.
    """

    inscricao = models.ForeignKey(
        Inscricao,
        on_delete=models.CASCADE,
        related_name="documentos_categoria",
        verbose_name="inscrição",
    )
    categoria = models.CharField("categoria", max_length=20, choices=Categoria.choices)
    arquivo = models.FileField("arquivo", upload_to="documentos_categoria/%Y/%m/")
    enviado_em = models.DateTimeField("enviado em", default=timezone.now)

    class Meta:
        ordering = ["inscricao", "categoria"]
        verbose_name = "documento de categoria de reserva"
        verbose_name_plural = "documentos de categoria de reserva"
        constraints = [
            models.UniqueConstraint(
                fields=["inscricao", "categoria"], name="documento_categoria_unico"
            )
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero} — {self.get_categoria_display()}"


class AcessoDadoSensivel(models.Model):
    """Cada exibição de dado sensível (cor/raça, deficiência, CPF) a uma pessoa."""

    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name="usuário",
    )
    inscricao = models.ForeignKey(
        Inscricao, on_delete=models.PROTECT, related_name="acessos", verbose_name="inscrição"
    )
    acessado_em = models.DateTimeField("quando", default=timezone.now)
    contexto = models.CharField("onde", max_length=100)

    class Meta:
        ordering = ["-acessado_em"]
        verbose_name = "acesso a dado sensível"
        verbose_name_plural = "acessos a dados sensíveis"

    def __str__(self) -> str:
        return f"{self.usuario} viu {self.inscricao.numero} em {self.acessado_em:%d/%m/%Y %H:%M}"


class SituacaoAvaliacao(models.TextChoices):
    PENDENTE = "pendente", "Pendente"
    APROVADO = "aprovado", "Aprovado(a)"
    REPROVADO = "reprovado", "Reprovado(a)"
    AUSENTE = "ausente", "Ausente"


class Avaliacao(models.Model):
    """Notas e situação de uma inscrição na avaliação do edital."""

    inscricao = models.OneToOneField(
        Inscricao, on_delete=models.CASCADE, related_name="avaliacao", verbose_name="inscrição"
    )
    situacao = models.CharField(
        "situação", max_length=10, choices=SituacaoAvaliacao.choices, default="pendente"
    )
    notas = models.JSONField(
        "notas por critério", default=dict, blank=True, help_text='{"<código>": "8.50"}'
    )
    nota_final = models.DecimalField(
        "nota final", max_digits=8, decimal_places=3, null=True, blank=True
    )
    atualizada_em = models.DateTimeField("atualizada em", auto_now=True)
    atualizada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="atualizada por",
    )

    class Meta:
        verbose_name = "avaliação"
        verbose_name_plural = "avaliações"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(situacao__in=SituacaoAvaliacao.values),
                name="avaliacao_situacao_valida",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero}: {self.get_situacao_display()} ({self.nota_final})"


class AnuncioSorteio(models.Model):
    """Anúncio público de um sorteio de desempate (regras, § 5), feito por gestor
    antes de o sorteio acontecer: os empatados, a semente (ou a fonte pública
    futura que a dará, ex.: um resultado da Loteria Federal) e o momento a partir
    do qual se sorteia. Quem anuncia não escolhe depois a semente que lhe convém.
    """

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="anuncios_sorteio", verbose_name="seleção"
    )
    vaga = models.ForeignKey(
        VagaEstagio,
        on_delete=models.PROTECT,
        related_name="anuncios_sorteio",
        verbose_name="vaga de estágio",
    )
    empatados = models.JSONField(
        "empatados", default=list, help_text="Números de inscrição empatados, em ordem crescente."
    )
    semente = models.CharField(
        "semente",
        max_length=64,
        blank=True,
        help_text="Publicada já no anúncio; em branco, a fonte pública dará a semente.",
    )
    fonte_semente = models.CharField(
        "fonte pública da semente",
        max_length=300,
        blank=True,
        help_text="Ex.: 1º prêmio da Loteria Federal da extração de 03/06/2026.",
    )
    realizar_a_partir_de = models.DateTimeField("sorteio a partir de")
    descricao = models.TextField("descrição do ato público", blank=True)
    anunciado_em = models.DateTimeField("anunciado em")
    anunciado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="anunciado por",
    )

    class Meta:
        ordering = ["vaga", "anunciado_em"]
        verbose_name = "anúncio de sorteio"
        verbose_name_plural = "anúncios de sorteio"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(semente="") | ~models.Q(fonte_semente=""),
                name="anuncio_sorteio_semente_ou_fonte",
            ),
            models.CheckConstraint(
                condition=models.Q(realizar_a_partir_de__gt=models.F("anunciado_em")),
                name="anuncio_sorteio_antes_do_sorteio",
            ),
        ]
        triggers = somente_acrescimo("Um anúncio de sorteio", desvinculaveis=("anunciado_por_id",))

    def __str__(self) -> str:
        return f"Anúncio de sorteio {self.pk} (vaga {self.vaga_id}, {', '.join(self.empatados)})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Um anúncio publicado não se altera: é o que torna o sorteio verificável."""
        if not self._state.adding:
            raise RegistroImutavel("Um anúncio de sorteio não pode ser alterado.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("Um anúncio de sorteio não pode ser excluído.")


class Sorteio(models.Model):
    """Sorteio público de desempate, reproduzível pela semente registrada.

    Realizado uma vez por anúncio (``anuncio`` é único). Os sorteios anteriores
    ao anúncio obrigatório ficam sem ``anuncio`` e continuam valendo como
    registrados.
    """

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="sorteios", verbose_name="seleção"
    )
    vaga = models.ForeignKey(
        VagaEstagio,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sorteios",
        verbose_name="vaga de estágio",
    )
    anuncio = models.OneToOneField(
        AnuncioSorteio,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sorteio",
        verbose_name="anúncio",
    )
    semente = models.CharField("semente", max_length=64)
    realizado_em = models.DateTimeField("realizado em", default=timezone.now)
    realizado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="realizado por",
    )
    descricao = models.TextField("descrição", blank=True)
    resultado = models.JSONField(
        "resultado", default=list, help_text="Números de inscrição na ordem sorteada."
    )

    class Meta:
        ordering = ["selecao", "realizado_em"]
        verbose_name = "sorteio"
        verbose_name_plural = "sorteios"
        triggers = somente_acrescimo(
            "Um sorteio de desempate", desvinculaveis=("realizado_por_id",)
        )

    def __str__(self) -> str:
        return f"Sorteio {self.pk} ({self.selecao.numero_edital}, semente {self.semente})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Um sorteio público registrado não se altera: repetir é registrar outro."""
        if not self._state.adding:
            raise RegistroImutavel("Um sorteio registrado não pode ser alterado.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("Um sorteio registrado não pode ser excluído.")


class TipoResultado(models.TextChoices):
    PRELIMINAR = "preliminar", "Resultado preliminar"
    FINAL = "final", "Resultado final"


class ResultadoVersaoQuerySet(models.QuerySet["ResultadoVersao"]):
    def vigente(self, selecao: Selecao, tipo: str) -> "ResultadoVersao | None":
        """A versão mais recente do ``tipo`` na seleção, ou ``None``."""
        return self.filter(selecao=selecao, tipo=tipo).order_by("-numero").first()


class ResultadoVersao(models.Model):
    """Versão publicada e imutável de um resultado (conteúdo congelado + hash).

    O formato de ``conteudo`` está em ``docs/resultado.md``. Uma linha nunca é
    alterada nem excluída (``save``/``delete`` recusam; no PostgreSQL, os gatilhos
    de ``selecoes/imutavel.py``): qualquer mudança posterior é uma nova versão com
    motivo. Única escrita posterior: a anonimização da retenção (LGPD, art. 16),
    que troca os nomes do conteúdo por ``[anonimizado]`` e marca ``anonimizado_em``;
    ``hash_conteudo`` continua sendo o do conteúdo publicado.
    """

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="resultados", verbose_name="seleção"
    )
    tipo = models.CharField("tipo", max_length=10, choices=TipoResultado.choices)
    numero = models.PositiveIntegerField("versão")
    publicado_em = models.DateTimeField("publicado em", default=timezone.now)
    publicado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="publicado por",
    )
    motivo = models.TextField("motivo da nova versão", blank=True)
    recurso_inicio = models.DateTimeField("início do prazo de recurso", null=True, blank=True)
    recurso_fim = models.DateTimeField("fim do prazo de recurso", null=True, blank=True)
    conteudo = models.JSONField("conteúdo")
    hash_conteudo = models.CharField("hash SHA-256 do conteúdo", max_length=64)
    chave = models.UUIDField(
        "chave do pedido de publicação",
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="Torna a tarefa de publicação idempotente: o mesmo pedido não gera duas versões.",
    )
    anonimizado_em = models.DateTimeField(
        "nomes anonimizados em", null=True, blank=True, editable=False
    )

    objects = ResultadoVersaoQuerySet.as_manager()

    class Meta:
        ordering = ["selecao", "tipo", "numero"]
        verbose_name = "versão de resultado"
        verbose_name_plural = "versões de resultado"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "tipo", "numero"], name="resultado_versao_unica"
            ),
            models.CheckConstraint(
                condition=models.Q(numero=1) | ~models.Q(motivo=""),
                name="resultado_nova_versao_exige_motivo",
            ),
            models.CheckConstraint(
                condition=models.Q(recurso_fim__isnull=True)
                | models.Q(recurso_fim__gt=models.F("recurso_inicio")),
                name="resultado_prazo_recurso_em_ordem",
            ),
        ]
        triggers = somente_acrescimo(
            "Uma versão publicada de resultado",
            desvinculaveis=("publicado_por_id",),
            anonimizavel="conteudo",
        )

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} v{self.numero} — {self.selecao.numero_edital}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RegistroImutavel(
                "Uma versão publicada de resultado não pode ser alterada: publique uma nova "
                "versão, com o motivo."
            )
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("Uma versão publicada de resultado não pode ser excluída.")


class VagaDoResultado(models.Model):
    """Vínculo permanente entre uma vaga do conteúdo publicado e a ``VagaEstagio``.

    O conteúdo de uma versão nomeia a vaga pelo código que ela tinha ao ser
    publicada; o código é editável, o id não. Toda leitura do resultado de uma
    vaga passa por este vínculo (gravado junto com a versão; as versões anteriores
    a ele foram vinculadas pela migração 0003, pelas inscrições classificadas).
    Guardado à parte para que os bytes publicados, e portanto o hash, não mudem.
    """

    versao = models.ForeignKey(
        ResultadoVersao,
        on_delete=models.PROTECT,
        related_name="vagas_vinculadas",
        verbose_name="versão de resultado",
    )
    vaga = models.ForeignKey(
        VagaEstagio, on_delete=models.PROTECT, related_name="+", verbose_name="vaga de estágio"
    )
    codigo = models.CharField("código na versão publicada", max_length=20)

    class Meta:
        ordering = ["versao", "codigo"]
        verbose_name = "vaga de uma versão de resultado"
        verbose_name_plural = "vagas das versões de resultado"
        constraints = [
            models.UniqueConstraint(fields=["versao", "vaga"], name="vaga_do_resultado_unica"),
            models.UniqueConstraint(fields=["versao", "codigo"], name="codigo_do_resultado_unico"),
        ]
        triggers = somente_acrescimo("O vínculo de uma versão de resultado com a vaga")

    def __str__(self) -> str:
        return f"{self.versao} — {self.codigo}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RegistroImutavel("O vínculo de uma versão publicada não pode ser alterado.")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("O vínculo de uma versão publicada não pode ser excluído.")


class SituacaoRecurso(models.TextChoices):
    PENDENTE = "pendente", "Pendente"
    DEFERIDO = "deferido", "Deferido"
    INDEFERIDO = "indeferido", "Indeferido"


class OrigemRecurso(models.TextChoices):
    RH = "rh", "Registrado pelo RH"
    ONLINE = "online", "Interposto pelo candidato (área do candidato)"


class Recurso(models.Model):
    """Recurso contra o resultado preliminar, registrado pelo RH ou interposto on-line."""

    selecao = models.ForeignKey(
        Selecao, on_delete=models.PROTECT, related_name="recursos", verbose_name="seleção"
    )
    inscricao = models.ForeignKey(
        Inscricao, on_delete=models.PROTECT, related_name="recursos", verbose_name="inscrição"
    )
    assunto = models.CharField("assunto", max_length=200)
    texto = models.TextField("texto do recurso")
    recebido_em = models.DateTimeField("recebido em", default=timezone.now)
    situacao = models.CharField(
        "decisão", max_length=10, choices=SituacaoRecurso.choices, default="pendente"
    )
    fundamentacao = models.TextField("fundamentação da decisão", blank=True)
    decidido_em = models.DateTimeField("decidido em", null=True, blank=True)
    decidido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="decidido por",
    )
    protocolo = models.CharField(
        "protocolo", max_length=20, unique=True, null=True, blank=True, editable=False
    )
    origem = models.CharField(
        "origem", max_length=10, choices=OrigemRecurso.choices, default=OrigemRecurso.RH
    )
    versao = models.ForeignKey(
        "ResultadoVersao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="recursos",
        verbose_name="versão contestada",
    )
    comunicado_em = models.DateTimeField(
        "decisão comunicada ao candidato em", null=True, blank=True, editable=False
    )

    class Meta:
        ordering = ["selecao", "recebido_em"]
        verbose_name = "recurso"
        verbose_name_plural = "recursos"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(situacao="pendente") | ~models.Q(fundamentacao=""),
                name="recurso_decisao_fundamentada",
            ),
            models.CheckConstraint(
                condition=models.Q(origem__in=OrigemRecurso.values),
                name="recurso_origem_valida",
            ),
        ]

    def __str__(self) -> str:
        return f"Recurso de {self.inscricao.numero}: {self.assunto}"


class Modalidade(models.TextChoices):
    """Modalidade de uma vaga na convocação (nomes do motor de reserva)."""

    AC = "AC", "Ampla concorrência"
    NEGROS = Categoria.NEGROS.value, Categoria.NEGROS.rotulo_modalidade
    PCD = Categoria.PCD.value, Categoria.PCD.rotulo_modalidade
    INDIGENAS = Categoria.INDIGENAS.value, Categoria.INDIGENAS.rotulo_modalidade
    QUILOMBOLAS = Categoria.QUILOMBOLAS.value, Categoria.QUILOMBOLAS.rotulo_modalidade
    TRANS = Categoria.TRANS.value, Categoria.TRANS.rotulo_modalidade
    MINORIAS = Categoria.MINORIAS.value, Categoria.MINORIAS.rotulo_modalidade
    OUTRA = Categoria.OUTRA.value, Categoria.OUTRA.rotulo_modalidade
    REVERSAO = "reversao", "Revertida para a ampla concorrência (art. 4º, § 3º)"


class SituacaoConvocacao(models.TextChoices):
    AGUARDANDO = "aguardando", "Aguardando resposta"
    ACEITA = "aceita", "Aceita (aguardando contratação)"
    CONTRATADO = "contratado", "Contratado(a)"
    RECUSADA = "recusada", "Recusada"
    NAO_COMPARECEU = "nao_compareceu", "Não compareceu"
    DESISTIU = "desistiu", "Desistiu"
    ELIMINADO = "eliminado", "Eliminado(a) (art. 2º, parágrafo único)"
    DESLIGADO = "desligado", "Desligado(a)"
    SEM_EFEITO = "sem_efeito", "Sem efeito (heteroidentificação não confirmou)"
    """Regras de reserva, § 1 (issue 15, item 4): convocado pelo cadastro de reserva numa
    vaga da categoria e não confirmado; a inscrição fica na ampla concorrência."""

    @property
    def ocupa_vaga(self) -> bool:
        return self in (
            SituacaoConvocacao.AGUARDANDO,
            SituacaoConvocacao.ACEITA,
            SituacaoConvocacao.CONTRATADO,
        )


class Convocacao(models.Model):
    """Chamada de um candidato para uma vaga (arts. 3º e 4º)."""

    vaga = models.ForeignKey(
        VagaEstagio,
        on_delete=models.PROTECT,
        related_name="convocacoes",
        verbose_name="vaga de estágio",
    )
    inscricao = models.ForeignKey(
        Inscricao, on_delete=models.PROTECT, related_name="convocacoes", verbose_name="inscrição"
    )
    ordem = models.PositiveIntegerField("ordem de convocação")
    modalidade = models.CharField(
        "modalidade na convocação", max_length=20, choices=Modalidade.choices
    )
    convocada_em = models.DateTimeField("convocada em", default=timezone.now)
    convocada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="convocada por",
    )
    prazo_resposta = models.DateTimeField("prazo para resposta")
    token = models.CharField("código de acesso", max_length=64, unique=True)
    ciente_em = models.DateTimeField("ciência em", null=True, blank=True)
    respondida_em = models.DateTimeField("respondida em", null=True, blank=True)
    situacao = models.CharField(
        "situação", max_length=15, choices=SituacaoConvocacao.choices, default="aguardando"
    )
    data_inicio = models.DateField("início do estágio", null=True, blank=True)
    numero_tce = models.CharField("número do TCE", max_length=40, blank=True)
    encerrada_em = models.DateField("encerrada/desligada em", null=True, blank=True)
    motivo_encerramento = models.TextField("motivo", blank=True)
    pedido = models.ForeignKey(
        "PedidoConvocacao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="convocacoes",
        verbose_name="pedido de convocação",
    )

    class Meta:
        ordering = ["vaga", "ordem"]
        verbose_name = "convocação"
        verbose_name_plural = "convocações"
        constraints = [
            # Regras, § 1: a convocação sem efeito (heteroidentificação) não conta; quem a
            # teve continua na ampla concorrência e pode ser alcançado de novo por ela.
            models.UniqueConstraint(
                fields=["inscricao"],
                condition=~models.Q(situacao="sem_efeito"),
                name="convocacao_uma_por_inscricao",
            ),
            models.UniqueConstraint(fields=["vaga", "ordem"], name="convocacao_ordem_unica"),
            models.CheckConstraint(
                condition=models.Q(modalidade__in=Modalidade.values),
                name="convocacao_modalidade_valida",
            ),
            models.CheckConstraint(
                condition=models.Q(situacao__in=SituacaoConvocacao.values),
                name="convocacao_situacao_valida",
            ),
            models.CheckConstraint(
                condition=~models.Q(situacao="contratado")
                | (models.Q(data_inicio__isnull=False) & ~models.Q(numero_tce="")),
                name="convocacao_contratacao_com_tce",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.ordem}ª convocação em {self.vaga.codigo}: {self.inscricao.numero}"


class PedidoConvocacao(models.Model):
    """Um pedido "Convocar próximos N", identificado pela chave gerada ao exibir o
    formulário: repetido (clique duplo, reenvio), não chama mais ninguém."""

    chave = models.UUIDField("chave do pedido", unique=True, editable=False)
    vaga = models.ForeignKey(
        VagaEstagio, on_delete=models.PROTECT, related_name="+", verbose_name="vaga de estágio"
    )
    quantidade = models.PositiveIntegerField("quantidade pedida")
    feito_em = models.DateTimeField("feito em", default=timezone.now)
    feito_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="feito por",
    )

    class Meta:
        ordering = ["-feito_em"]
        verbose_name = "pedido de convocação"
        verbose_name_plural = "pedidos de convocação"

    def __str__(self) -> str:
        return f"Convocar {self.quantidade} em {self.vaga.codigo} ({self.chave})"


class SituacaoProcesso(models.TextChoices):
    ABERTO = "aberto", "Aberto"
    AGUARDANDO_DEFESA = "aguardando_defesa", "Candidato notificado — prazo de defesa"
    PROCEDENTE = "procedente", "Procedente: candidato eliminado"
    IMPROCEDENTE = "improcedente", "Improcedente: nada muda"


class ProcessoEliminacao(models.Model):
    """Apuração de declaração falsa (art. 2º, parágrafo único)."""

    inscricao = models.ForeignKey(
        Inscricao,
        on_delete=models.PROTECT,
        related_name="processos_eliminacao",
        verbose_name="inscrição",
    )
    situacao = models.CharField(
        "situação", max_length=20, choices=SituacaoProcesso.choices, default="aberto"
    )
    aberto_em = models.DateTimeField("aberto em", default=timezone.now)
    aberto_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name="aberto por",
    )
    motivo = models.TextField("motivo")
    evidencias = models.TextField("evidências", blank=True)
    arquivo_evidencias = models.FileField(
        "arquivo de evidências", upload_to="processos/%Y/", blank=True
    )
    notificado_em = models.DateTimeField("candidato notificado em", null=True, blank=True)
    prazo_defesa = models.DateField("prazo para defesa", null=True, blank=True)
    defesa = models.TextField("defesa do candidato", blank=True)
    defesa_recebida_em = models.DateTimeField("defesa recebida em", null=True, blank=True)
    defesa_pelo_candidato = models.BooleanField(
        "defesa enviada pelo candidato (área do candidato)", default=False, editable=False
    )
    decidido_em = models.DateTimeField("decidido em", null=True, blank=True)
    decidido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="decidido por",
    )
    documento_decisao = models.FileField(
        "documento da decisão", upload_to="processos/%Y/", blank=True
    )
    fundamentacao = models.TextField("fundamentação", blank=True)
    desligamento_em = models.DateField("desligamento em", null=True, blank=True)

    class Meta:
        ordering = ["-aberto_em"]
        verbose_name = "processo de eliminação"
        verbose_name_plural = "processos de eliminação"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(situacao__in=["aberto", "aguardando_defesa"])
                | (
                    models.Q(decidido_em__isnull=False)
                    & ~models.Q(fundamentacao="")
                    & ~models.Q(documento_decisao="")
                ),
                name="processo_decisao_completa",
            ),
            models.UniqueConstraint(
                fields=["inscricao"],
                condition=models.Q(situacao__in=["aberto", "aguardando_defesa"]),
                name="processo_um_em_curso_por_inscricao",
            ),
        ]

    def __str__(self) -> str:
        return f"Processo {self.pk} — {self.inscricao.numero} ({self.get_situacao_display()})"


class AnexoCandidato(models.Model):
    """PDF enviado pelo candidato com um recurso ou com a defesa num processo de
    eliminação. Fica no armazenamento privado: só sai pela view do RH, para gestores,
    com o acesso registrado."""

    recurso = models.ForeignKey(
        Recurso,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="anexos",
        verbose_name="recurso",
    )
    processo = models.ForeignKey(
        ProcessoEliminacao,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="anexos_defesa",
        verbose_name="processo de eliminação",
    )
    arquivo = models.FileField("arquivo", upload_to="anexos/%Y/%m/")
    nome_original = models.CharField("nome do arquivo enviado", max_length=200)
    tamanho = models.PositiveIntegerField("tamanho (bytes)")
    sha256 = models.CharField("SHA-256", max_length=64)
    enviado_em = models.DateTimeField("enviado em", default=timezone.now)

    class Meta:
        ordering = ["enviado_em", "pk"]
        verbose_name = "anexo do candidato"
        verbose_name_plural = "anexos do candidato"
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(recurso__isnull=False) & models.Q(processo__isnull=True))
                | (models.Q(recurso__isnull=True) & models.Q(processo__isnull=False)),
                name="anexo_de_recurso_ou_de_defesa",
            ),
        ]

    def __str__(self) -> str:
        return self.nome_original


# Heteroidentificação (issue 15): modelos num módulo próprio, reexportados aqui.
from candidatos.heteroidentificacao import (  # noqa: E402
    AcessoGravacao,
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    GravacaoSessao,
    ImpedimentoMembro,
    Instancia,
    ModalidadeSessao,
    MotivoChamado,
    Parecer,
    Presenca,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    ResultadoHeteroidentificacao,
    SessaoHeteroidentificacao,
    SituacaoRecursoHetero,
    TipoPublicacao,
    VotoParecer,
)

__all__ += [
    "AcessoGravacao",
    "ChamadoHeteroidentificacao",
    "DecisaoHeteroidentificacao",
    "GravacaoSessao",
    "ImpedimentoMembro",
    "Instancia",
    "ModalidadeSessao",
    "MotivoChamado",
    "Parecer",
    "Presenca",
    "PublicacaoHeteroidentificacao",
    "RecursoHeteroidentificacao",
    "ResultadoHeteroidentificacao",
    "SessaoHeteroidentificacao",
    "SituacaoRecursoHetero",
    "TipoPublicacao",
    "VotoParecer",
]
