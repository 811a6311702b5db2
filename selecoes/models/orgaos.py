"""Órgãos da administração pública federal e a lotação de seus servidores de RH."""

from django.conf import settings
from django.db import models

from selecoes.validators import (
    CNPJ_REGEX,
    MENSAGEM_CNPJ_FORMATO,
    formatar_cnpj,
    mascarar_cpf,
    validar_cnpj,
    validar_cpf,
)


class Papel(models.TextChoices):
    """Papel de um usuário em um órgão: os três do RH e o de membro de comissão de
    heteroidentificação, que não abre as telas do RH (issue 15, item 8)."""

    GESTOR = "gestor", "Gestor(a)"
    OPERADOR = "operador", "Operador(a)"
    AUDITOR = "auditor", "Auditor(a)"
    COMISSAO = "comissao", "Membro de comissão"

    @property
    def do_rh(self) -> bool:
        """Abre as telas do RH. O membro de comissão vê só os candidatos chamados às
        sessões da sua comissão, e só o que a verificação precisa (LGPD, art. 6º, III)."""
        return self is not Papel.COMISSAO

    @property
    def ve_dados_sensiveis(self) -> bool:
        """Cor/raça, deficiência e CPF completo: somente gestores (LGPD, art. 11)."""
        return self is Papel.GESTOR

    @property
    def pode_editar(self) -> bool:
        return self in (Papel.GESTOR, Papel.OPERADOR)


class Orgao(models.Model):
    nome = models.CharField("nome", max_length=200)
    sigla = models.CharField("sigla", max_length=30, unique=True)
    cnpj = models.CharField(
        "CNPJ",
        max_length=14,
        unique=True,
        validators=[validar_cnpj],
        help_text="Os 14 caracteres, sem pontuação, letras em maiúsculas.",
    )

    class Meta:
        ordering = ["sigla"]
        verbose_name = "órgão"
        verbose_name_plural = "órgãos"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cnpj__regex=CNPJ_REGEX),
                name="orgao_cnpj_formato",
                violation_error_message=MENSAGEM_CNPJ_FORMATO,
            )
        ]

    def __str__(self) -> str:
        return f"{self.sigla} — {self.nome}"

    @property
    def cnpj_formatado(self) -> str:
        return formatar_cnpj(self.cnpj)


class Lotacao(models.Model):
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="lotacoes",
        verbose_name="usuário",
    )
    orgao = models.ForeignKey(
        Orgao, on_delete=models.CASCADE, related_name="lotacoes", verbose_name="órgão"
    )
    papel = models.CharField("papel", max_length=10, choices=Papel.choices)

    class Meta:
        ordering = ["orgao__sigla", "usuario__username"]
        verbose_name = "lotação"
        verbose_name_plural = "lotações"
        constraints = [
            models.UniqueConstraint(fields=["usuario", "orgao"], name="lotacao_unica_por_orgao"),
            models.CheckConstraint(
                condition=models.Q(papel__in=Papel.values), name="lotacao_papel_valido"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.usuario} — {self.get_papel_display()} em {self.orgao.sigla}"


class CpfServidor(models.Model):
    """CPF de um usuário do RH: liga a conta gov.br (``sub``) ao usuário e às lotações.

    Registrado por um(a) gestor(a) do órgão ou pelo administrador; um CPF pertence a
    um só usuário. Sem lotação, entrar pelo gov.br não abre o RH.
    """

    usuario = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="cpf_servidor",
        verbose_name="usuário",
    )
    cpf = models.CharField(
        "CPF",
        max_length=11,
        unique=True,
        validators=[validar_cpf],
        help_text="Os 11 dígitos, sem pontuação.",
    )

    class Meta:
        ordering = ["usuario__username"]
        verbose_name = "CPF de servidor(a)"
        verbose_name_plural = "CPFs de servidores"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(cpf__regex=r"^[0-9]{11}$"), name="cpf_servidor_11_digitos"
            )
        ]

    def __str__(self) -> str:
        return f"{self.usuario} — CPF {mascarar_cpf(self.cpf)}"
