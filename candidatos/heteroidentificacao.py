"""Modelos da heteroidentificação dos candidatos (regras de reserva, § 1; issue 15).

Reexportados por ``candidatos.models``. A regra do edital está em
``selecoes.models.ConfirmacaoCategoria``; as comissões, em ``selecoes.models.Comissao``.

- ``SessaoHeteroidentificacao``: sessão de uma comissão (presencial ou por vídeo);
- ``ChamadoHeteroidentificacao``: um candidato chamado a confirmar uma categoria,
  com a sessão a que foi convocado e a presença;
- ``Parecer``: o parecer fundamentado de cada membro (somente de acréscimo);
- ``ImpedimentoMembro``: o impedimento ou a suspeição que um membro declara para um
  candidato, numa instância (somente de acréscimo; Lei nº 9.784/1999, arts. 18 a 21);
- ``DecisaoHeteroidentificacao``: a decisão pela regra do edital, na comissão, na
  recursal e a final (somente de acréscimo);
- ``PublicacaoHeteroidentificacao``: resultado preliminar ou final publicado, só
  com números de inscrição (somente de acréscimo);
- ``RecursoHeteroidentificacao``: recurso julgado pela comissão recursal;
- ``GravacaoSessao`` e ``AcessoGravacao``: gravação privada e cada acesso a ela.

Quem não é confirmado perde a categoria e continua na ampla concorrência; só a
declaração falsa provada no processo de eliminação elimina (Decreto nº
9.427/2018, art. 2º, parágrafo único).
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone

from selecoes.categorias import Categoria
from selecoes.imutavel import RegistroImutavel, somente_acrescimo
from selecoes.models import Comissao, MembroComissao, Selecao

EXTENSOES_GRAVACAO = (".mp4", ".webm", ".mkv", ".ogg", ".mp3", ".m4a", ".wav")
"""Áudio ou vídeo: as extensões aceitas para a gravação de uma sessão."""


class ModalidadeSessao(models.TextChoices):
    PRESENCIAL = "presencial", "Presencial"
    VIDEO = "video", "Por vídeo (link)"


class MotivoChamado(models.TextChoices):
    """Por que o candidato foi chamado (regra ``chamados`` do edital)."""

    TODOS = "todos", "Optou pela categoria"
    MULTIPLO_VAGAS = "multiplo_vagas", "Classificado até M × as vagas da categoria"
    CADASTRO_RESERVA = "cadastro_reserva", "Alcançado depois pelo cadastro de reserva"


class Presenca(models.TextChoices):
    PRESENTE = "presente", "Presente"
    AUSENTE = "ausente", "Ausente"


class ResultadoHeteroidentificacao(models.TextChoices):
    """Resultado da verificação de um candidato em uma categoria."""

    CONFIRMADA = "confirmada", "Autodeclaração confirmada"
    NAO_CONFIRMADA = "nao_confirmada", "Autodeclaração não confirmada"
    AUSENTE = "ausente", "Ausente"
    INDICIO_FRAUDE = "indicio_fraude", "Indício de fraude (processo de eliminação aberto)"


class VotoParecer(models.TextChoices):
    CONFIRMA = "confirma", "Confirma a autodeclaração"
    NAO_CONFIRMA = "nao_confirma", "Não confirma a autodeclaração"
    INDICIO_FRAUDE = "indicio_fraude", "Não confirma e vê indício de fraude"


class Instancia(models.TextChoices):
    COMISSAO = "comissao", "Comissão de heteroidentificação"
    RECURSAL = "recursal", "Comissão recursal"
    FINAL = "final", "Resultado final"


class TipoPublicacao(models.TextChoices):
    PRELIMINAR = "preliminar", "Resultado preliminar"
    FINAL = "final", "Resultado final"


class SituacaoRecursoHetero(models.TextChoices):
    PENDENTE = "pendente", "Aguardando a comissão recursal"
    JULGADO = "julgado", "Julgado"


class SessaoHeteroidentificacao(models.Model):
    """Sessão de uma comissão, presencial (local) ou por vídeo (link)."""

    selecao = models.ForeignKey(
        Selecao,
        on_delete=models.PROTECT,
        related_name="sessoes_heteroidentificacao",
        verbose_name="seleção",
    )
    comissao = models.ForeignKey(
        Comissao, on_delete=models.PROTECT, related_name="sessoes", verbose_name="comissão"
    )
    modalidade = models.CharField("modalidade", max_length=12, choices=ModalidadeSessao.choices)
    inicio = models.DateTimeField("data e hora")
    local = models.CharField("local", max_length=300, blank=True)
    link = models.URLField("link da sala de vídeo", max_length=500, blank=True)
    observacoes = models.TextField("observações", blank=True)
    criada_em = models.DateTimeField("criada em", default=timezone.now)
    criada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="criada por",
    )

    class Meta:
        ordering = ["selecao", "inicio", "pk"]
        verbose_name = "sessão de heteroidentificação"
        verbose_name_plural = "sessões de heteroidentificação"
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(modalidade="presencial") & ~models.Q(local=""))
                | (models.Q(modalidade="video") & ~models.Q(link="")),
                name="sessao_local_ou_link",
            ),
        ]

    def __str__(self) -> str:
        return f"Sessão de {timezone.localtime(self.inicio):%d/%m/%Y %H:%M} — {self.comissao.nome}"


class ChamadoHeteroidentificacao(models.Model):
    """Candidato chamado a confirmar a autodeclaração de uma categoria."""

    selecao = models.ForeignKey(
        Selecao,
        on_delete=models.PROTECT,
        related_name="chamados_heteroidentificacao",
        verbose_name="seleção",
    )
    inscricao = models.ForeignKey(
        "candidatos.Inscricao",
        on_delete=models.PROTECT,
        related_name="chamados_heteroidentificacao",
        verbose_name="inscrição",
    )
    categoria = models.CharField("categoria", max_length=20, choices=Categoria.choices)
    motivo = models.CharField("motivo do chamado", max_length=20, choices=MotivoChamado.choices)
    sessao = models.ForeignKey(
        SessaoHeteroidentificacao,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chamados",
        verbose_name="sessão",
    )
    presenca = models.CharField("presença", max_length=10, choices=Presenca.choices, blank=True)
    presenca_em = models.DateTimeField("presença registrada em", null=True, blank=True)
    convocacao = models.ForeignKey(
        "candidatos.Convocacao",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chamados_heteroidentificacao",
        verbose_name="convocação pendente de verificação",
    )
    chamado_em = models.DateTimeField("chamado em", default=timezone.now)

    class Meta:
        ordering = ["selecao", "categoria", "inscricao__numero"]
        verbose_name = "chamado à heteroidentificação"
        verbose_name_plural = "chamados à heteroidentificação"
        constraints = [
            models.UniqueConstraint(
                fields=["inscricao", "categoria"], name="chamado_um_por_inscricao_e_categoria"
            ),
            models.CheckConstraint(
                condition=models.Q(presenca="") | models.Q(sessao__isnull=False),
                name="chamado_presenca_exige_sessao",
            ),
            models.CheckConstraint(
                condition=models.Q(presenca__in=["", *Presenca.values]),
                name="chamado_presenca_valida",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.inscricao.numero} — {Categoria(self.categoria).label}"


class _SomenteAcrescimo(models.Model):
    """Base dos registros da heteroidentificação: gravados uma vez, nunca mudam."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise RegistroImutavel(
                f"{str(self._meta.verbose_name).capitalize()} não pode ser alterado(a): é "
                "somente de acréscimo."
            )
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel(
            f"{str(self._meta.verbose_name).capitalize()} não pode ser excluído(a): é somente de "
            "acréscimo."
        )


class Parecer(_SomenteAcrescimo):
    """Parecer fundamentado de um membro sobre um candidato chamado."""

    chamado = models.ForeignKey(
        ChamadoHeteroidentificacao,
        on_delete=models.PROTECT,
        related_name="pareceres",
        verbose_name="chamado",
    )
    membro = models.ForeignKey(
        MembroComissao, on_delete=models.PROTECT, related_name="pareceres", verbose_name="membro"
    )
    instancia = models.CharField(
        "instância", max_length=10, choices=Instancia.choices, default=Instancia.COMISSAO
    )
    voto = models.CharField("voto", max_length=16, choices=VotoParecer.choices)
    fundamentacao = models.TextField("fundamentação")
    registrado_em = models.DateTimeField("registrado em", default=timezone.now)
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="registrado por",
    )

    class Meta:
        ordering = ["chamado", "instancia", "registrado_em", "pk"]
        verbose_name = "parecer de membro"
        verbose_name_plural = "pareceres de membros"
        constraints = [
            models.UniqueConstraint(
                fields=["chamado", "membro", "instancia"], name="parecer_um_por_membro"
            ),
            models.CheckConstraint(
                condition=~models.Q(fundamentacao=""), name="parecer_fundamentado"
            ),
            models.CheckConstraint(
                condition=models.Q(voto__in=VotoParecer.values), name="parecer_voto_valido"
            ),
            models.CheckConstraint(
                condition=models.Q(instancia__in=["comissao", "recursal"]),
                name="parecer_instancia_valida",
            ),
        ]
        triggers = somente_acrescimo(
            "O parecer de um membro da comissão", desvinculaveis=("registrado_por_id",)
        )

    def __str__(self) -> str:
        return f"Parecer de {self.membro.nome} sobre {self.chamado}: {self.get_voto_display()}"


MOTIVO_IMPEDIMENTO_MAXIMO = 1000
"""Tamanho máximo do motivo do impedimento ou da suspeição."""


class ImpedimentoMembro(_SomenteAcrescimo):
    """Impedimento ou suspeição de um membro para um candidato, numa instância.

    Lei nº 9.784/1999, arts. 18 a 21: quem tem interesse na matéria, parentesco até o
    3º grau, amizade íntima ou inimizade notória com o candidato não atua no caso, e o
    próprio impedido comunica (art. 19). Declarado, o membro não dá parecer nesse
    chamado e instância, e a decisão sai com os demais em exercício. O motivo é dado
    pessoal sensível: só o próprio membro e os gestores o veem.
    """

    chamado = models.ForeignKey(
        ChamadoHeteroidentificacao,
        on_delete=models.PROTECT,
        related_name="impedimentos",
        verbose_name="chamado",
    )
    membro = models.ForeignKey(
        MembroComissao,
        on_delete=models.PROTECT,
        related_name="impedimentos",
        verbose_name="membro",
    )
    instancia = models.CharField(
        "instância", max_length=10, choices=Instancia.choices, default=Instancia.COMISSAO
    )
    motivo = models.TextField("motivo", max_length=MOTIVO_IMPEDIMENTO_MAXIMO)
    registrado_em = models.DateTimeField("registrado em", default=timezone.now)
    registrado_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="registrado por",
    )

    class Meta:
        ordering = ["chamado", "instancia", "registrado_em", "pk"]
        verbose_name = "impedimento ou suspeição de membro"
        verbose_name_plural = "impedimentos ou suspeições de membros"
        constraints = [
            models.UniqueConstraint(
                fields=["chamado", "membro", "instancia"], name="impedimento_um_por_membro"
            ),
            models.CheckConstraint(condition=~models.Q(motivo=""), name="impedimento_com_motivo"),
            models.CheckConstraint(
                condition=models.Q(instancia__in=["comissao", "recursal"]),
                name="impedimento_instancia_valida",
            ),
        ]
        triggers = somente_acrescimo(
            "O impedimento ou a suspeição de um membro", desvinculaveis=("registrado_por_id",)
        )

    def __str__(self) -> str:
        return (
            f"Impedimento de {self.membro.nome} em {self.chamado} ({self.get_instancia_display()})"
        )


class DecisaoHeteroidentificacao(_SomenteAcrescimo):
    """Decisão pela regra do edital: da comissão, da recursal ou a final."""

    chamado = models.ForeignKey(
        ChamadoHeteroidentificacao,
        on_delete=models.PROTECT,
        related_name="decisoes",
        verbose_name="chamado",
    )
    instancia = models.CharField("instância", max_length=10, choices=Instancia.choices)
    resultado = models.CharField(
        "resultado", max_length=16, choices=ResultadoHeteroidentificacao.choices
    )
    regra = models.CharField("regra aplicada", max_length=12)
    votos = models.JSONField("votos", default=dict, help_text="Contagem dos votos por tipo.")
    comissao = models.ForeignKey(
        Comissao,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="comissão",
    )
    decidida_em = models.DateTimeField("decidida em", default=timezone.now)
    decidida_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="registrada por",
    )

    class Meta:
        ordering = ["chamado", "decidida_em", "pk"]
        verbose_name = "decisão de heteroidentificação"
        verbose_name_plural = "decisões de heteroidentificação"
        constraints = [
            models.UniqueConstraint(
                fields=["chamado", "instancia"], name="decisao_uma_por_instancia"
            ),
            models.CheckConstraint(
                condition=models.Q(resultado__in=ResultadoHeteroidentificacao.values),
                name="decisao_resultado_valido",
            ),
            models.CheckConstraint(
                condition=models.Q(instancia__in=Instancia.values),
                name="decisao_instancia_valida",
            ),
        ]
        triggers = somente_acrescimo(
            "A decisão de heteroidentificação", desvinculaveis=("decidida_por_id",)
        )

    def __str__(self) -> str:
        return f"{self.chamado} — {self.get_instancia_display()}: {self.get_resultado_display()}"


class PublicacaoHeteroidentificacao(_SomenteAcrescimo):
    """Resultado da heteroidentificação publicado, só por número de inscrição.

    ``conteudo``: ``{"itens": [{"inscricao", "categoria", "resultado"}]}``, sem nomes
    nem dado sensível além do próprio resultado (LGPD, art. 11).
    """

    selecao = models.ForeignKey(
        Selecao,
        on_delete=models.PROTECT,
        related_name="publicacoes_heteroidentificacao",
        verbose_name="seleção",
    )
    tipo = models.CharField("tipo", max_length=10, choices=TipoPublicacao.choices)
    numero = models.PositiveIntegerField("versão")
    motivo = models.TextField("motivo da nova versão", blank=True)
    conteudo = models.JSONField("conteúdo")
    hash_conteudo = models.CharField("hash SHA-256 do conteúdo", max_length=64)
    recurso_fim = models.DateTimeField("fim do prazo de recurso", null=True, blank=True)
    publicada_em = models.DateTimeField("publicada em", default=timezone.now)
    publicada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="publicada por",
    )

    class Meta:
        ordering = ["selecao", "tipo", "numero"]
        verbose_name = "resultado de heteroidentificação publicado"
        verbose_name_plural = "resultados de heteroidentificação publicados"
        constraints = [
            models.UniqueConstraint(
                fields=["selecao", "tipo", "numero"], name="publicacao_hetero_versao_unica"
            ),
            models.CheckConstraint(
                condition=models.Q(numero=1) | ~models.Q(motivo=""),
                name="publicacao_hetero_nova_versao_com_motivo",
            ),
            models.CheckConstraint(
                condition=models.Q(tipo="final") | models.Q(recurso_fim__isnull=False),
                name="publicacao_hetero_preliminar_com_prazo",
            ),
        ]
        triggers = somente_acrescimo(
            "O resultado publicado da heteroidentificação", desvinculaveis=("publicada_por_id",)
        )

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} da heteroidentificação, versão {self.numero}"


class RecursoHeteroidentificacao(models.Model):
    """Recurso contra o resultado preliminar, julgado pela comissão recursal."""

    chamado = models.OneToOneField(
        ChamadoHeteroidentificacao,
        on_delete=models.PROTECT,
        related_name="recurso",
        verbose_name="chamado",
    )
    razoes = models.TextField("razões do recurso")
    recebido_em = models.DateTimeField("recebido em", default=timezone.now)
    recebido_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="registrado por",
    )
    comissao_recursal = models.ForeignKey(
        Comissao,
        on_delete=models.PROTECT,
        related_name="recursos_heteroidentificacao",
        verbose_name="comissão recursal",
    )
    situacao = models.CharField(
        "situação",
        max_length=10,
        choices=SituacaoRecursoHetero.choices,
        default=SituacaoRecursoHetero.PENDENTE,
    )
    julgado_em = models.DateTimeField("julgado em", null=True, blank=True)

    class Meta:
        ordering = ["recebido_em", "pk"]
        verbose_name = "recurso de heteroidentificação"
        verbose_name_plural = "recursos de heteroidentificação"
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(razoes=""), name="recurso_hetero_com_razoes"
            ),
            models.CheckConstraint(
                condition=models.Q(situacao="pendente") | models.Q(julgado_em__isnull=False),
                name="recurso_hetero_julgado_com_data",
            ),
        ]

    def __str__(self) -> str:
        return f"Recurso de {self.chamado}"


class GravacaoSessao(models.Model):
    """Gravação (opcional) da verificação de um candidato: arquivo privado.

    Fica no armazenamento privado, fora de MEDIA_URL, como ``sessao-<id>`` (o
    nome enviado fica só em ``nome_original``); só sai pela view do RH, para
    gestores, com cada acesso registrado (``AcessoGravacao``); a retenção apaga o
    arquivo com os demais dados pessoais (LGPD, arts. 11, 15 e 16).
    """

    sessao = models.ForeignKey(
        SessaoHeteroidentificacao,
        on_delete=models.PROTECT,
        related_name="gravacoes",
        verbose_name="sessão",
    )
    chamado = models.ForeignKey(
        ChamadoHeteroidentificacao,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="gravacoes",
        verbose_name="chamado",
    )
    arquivo = models.FileField("arquivo", upload_to="gravacoes/%Y/%m/", blank=True)
    nome_original = models.CharField("nome do arquivo enviado", max_length=200)
    tamanho = models.PositiveBigIntegerField("tamanho (bytes)")
    sha256 = models.CharField("SHA-256", max_length=64)
    enviada_em = models.DateTimeField("enviada em", default=timezone.now)
    enviada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="enviada por",
    )
    apagada_em = models.DateTimeField("apagada pela retenção em", null=True, blank=True)

    class Meta:
        ordering = ["sessao", "enviada_em", "pk"]
        verbose_name = "gravação de sessão"
        verbose_name_plural = "gravações de sessão"

    def __str__(self) -> str:
        return f"Gravação {self.nome_original} — {self.sessao}"


class AcessoGravacao(_SomenteAcrescimo):
    """Cada vez que alguém baixa ou assiste a uma gravação."""

    gravacao = models.ForeignKey(
        GravacaoSessao, on_delete=models.PROTECT, related_name="acessos", verbose_name="gravação"
    )
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name="usuário",
    )
    acessado_em = models.DateTimeField("quando", default=timezone.now)
    contexto = models.CharField("onde", max_length=100)

    class Meta:
        ordering = ["-acessado_em"]
        verbose_name = "acesso a gravação"
        verbose_name_plural = "acessos a gravações"
        triggers = somente_acrescimo("O registro de acesso a uma gravação")

    def __str__(self) -> str:
        return f"{self.usuario} acessou {self.gravacao.nome_original}"
