"""Cota de aprendizes e prioridade de contratação (Decreto nº 9.427/2018, art. 6º).

Regras puras (sem Django, sem banco). O art. 6º do Decreto manda a administração
federal priorizar a contratação de serviços em regime de execução indireta
prestados por empresas que comprovem o emprego da cota de aprendizes do art. 429
da CLT em relação aos trabalhadores cujas funções demandem formação profissional.

Textos aplicados:

- CLT (Decreto-Lei nº 5.452/1943), art. 429, caput: os estabelecimentos "são
  obrigados a empregar e matricular nos cursos dos Serviços Nacionais de
  Aprendizagem número de aprendizes equivalente a cinco por cento, no mínimo, e
  quinze por cento, no máximo, dos trabalhadores existentes em cada
  estabelecimento, cujas funções demandem formação profissional".
- CLT, art. 429, § 1º: "As frações de unidade, no cálculo da percentagem de que
  trata o caput, darão lugar à admissão de um aprendiz."
- Lei Complementar nº 123/2006, art. 51, III: as microempresas e as empresas de
  pequeno porte são dispensadas "de empregar e matricular seus aprendizes nos
  cursos dos Serviços Nacionais de Aprendizagem".

Leitura adotada pelo sistema (e mostrada aos usuários):

- mínimo = 5% da base arredondado **para cima** (§ 1º: qualquer fração dá lugar a
  um aprendiz), em aritmética inteira: ``ceil(5 × base / 100)``;
- máximo = 15% da base arredondado **para baixo** (o máximo é um teto: uma fração
  não autoriza ultrapassá-lo), mas nunca menor que o mínimo — do contrário o § 1º
  obrigaria a violar o teto (base 1: 15% = 0,15; o mínimo é 1 e o máximo também);
- a empresa **cumpre** a cota quando mínimo ≤ aprendizes ≤ máximo;
- ME e EPP são **dispensadas** (LC 123/2006, art. 51, III); se mesmo assim
  empregam aprendizes dentro da faixa, também comprovam o emprego da cota.

Não modelado: a exceção do § 1º-A (entidade sem fins lucrativos de educação
profissional, a quem o limite máximo não se aplica).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum

PERCENTUAL_MINIMO = 5
"""CLT, art. 429, caput: cinco por cento, no mínimo."""

PERCENTUAL_MAXIMO = 15
"""CLT, art. 429, caput: quinze por cento, no máximo."""

BASE_LEGAL = (
    "Decreto nº 9.427/2018, art. 6º: a administração pública federal direta, autárquica "
    "e fundacional priorizará a contratação de serviços sob o regime de execução indireta "
    "prestados por empresas que comprovem o emprego da cota de aprendizes de que trata o "
    "art. 429 da CLT.",
    "CLT, art. 429, caput: aprendizes equivalentes a 5%, no mínimo, e 15%, no máximo, dos "
    "trabalhadores de cada estabelecimento cujas funções demandem formação profissional.",
    "CLT, art. 429, § 1º: as frações de unidade, no cálculo da percentagem, darão lugar à "
    "admissão de um aprendiz (o sistema arredonda o mínimo para cima; o máximo, que é um "
    "teto, para baixo, sem ficar abaixo do mínimo).",
    "Lei Complementar nº 123/2006, art. 51, III: microempresas e empresas de pequeno porte "
    "são dispensadas de empregar e matricular aprendizes.",
)


class Porte(StrEnum):
    """Porte da empresa (LC 123/2006, art. 3º)."""

    ME = "me"
    EPP = "epp"
    DEMAIS = "demais"

    @property
    def dispensada(self) -> bool:
        """LC 123/2006, art. 51, III: ME e EPP não são obrigadas à cota."""
        return self in (Porte.ME, Porte.EPP)


class SituacaoCota(StrEnum):
    CUMPRE = "cumpre"
    ABAIXO_DO_MINIMO = "abaixo_do_minimo"
    ACIMA_DO_MAXIMO = "acima_do_maximo"
    DISPENSADA = "dispensada"

    @property
    def rotulo(self) -> str:
        return ROTULOS_SITUACAO[self]


ROTULOS_SITUACAO = {
    SituacaoCota.CUMPRE: "Cumpre a cota (CLT, art. 429)",
    SituacaoCota.ABAIXO_DO_MINIMO: "Não cumpre: abaixo do mínimo de 5%",
    SituacaoCota.ACIMA_DO_MAXIMO: "Não cumpre: acima do máximo de 15%",
    SituacaoCota.DISPENSADA: "Dispensada (ME/EPP — LC 123/2006, art. 51, III)",
}


# Grupos da priorização do art. 6º: 1 vem antes de 2, que vem antes de 3.
PRIORIDADE_COMPROVA = 1
PRIORIDADE_DISPENSADA = 2
PRIORIDADE_NAO_CUMPRE = 3

ROTULOS_PRIORIDADE = {
    PRIORIDADE_COMPROVA: "1 — comprova o emprego da cota (art. 6º)",
    PRIORIDADE_DISPENSADA: "2 — dispensada da cota (ME/EPP), sem comprovar emprego",
    PRIORIDADE_NAO_CUMPRE: "3 — não cumpre a cota",
}


def _validar_contagem(valor: int, campo: str) -> None:
    if isinstance(valor, bool) or not isinstance(valor, int) or valor < 0:
        raise ValueError(f"{campo}: informe um número inteiro maior ou igual a zero.")


def cota_minima(base: int) -> int:
    """CLT, art. 429, caput e § 1º: 5% da base; qualquer fração dá lugar a um aprendiz."""
    _validar_contagem(base, "base")
    return -(-base * PERCENTUAL_MINIMO // 100)


def cota_maxima(base: int) -> int:
    """CLT, art. 429, caput: 15% da base, arredondado para baixo (é um teto), e nunca
    menor que a cota mínima do § 1º.
    """
    _validar_contagem(base, "base")
    return max(base * PERCENTUAL_MAXIMO // 100, cota_minima(base))


@dataclass(frozen=True, slots=True)
class Cota:
    """Resultado do cálculo da cota de uma empresa (CLT, art. 429)."""

    base: int
    aprendizes: int
    minimo: int
    maximo: int
    dispensada: bool
    situacao: SituacaoCota

    @property
    def comprova_cota(self) -> bool:
        """Aprendizes dentro da faixa [mínimo, máximo] (art. 6º do Decreto: "comprovem")."""
        return self.minimo <= self.aprendizes <= self.maximo

    @property
    def prioridade(self) -> int:
        """Grupo do art. 6º: comprova (1), dispensada sem comprovar (2), não cumpre (3).

        A dispensa da LC 123/2006 torna lícito não empregar aprendizes, por isso a
        ME/EPP fica à frente de quem descumpre a obrigação, mas atrás de quem comprova.
        """
        if self.comprova_cota:
            return PRIORIDADE_COMPROVA
        if self.dispensada:
            return PRIORIDADE_DISPENSADA
        return PRIORIDADE_NAO_CUMPRE

    @property
    def faltam(self) -> int:
        """Aprendizes que faltam para o mínimo (0 se já alcançado)."""
        return max(self.minimo - self.aprendizes, 0)

    @property
    def excedente(self) -> int:
        """Aprendizes além do mínimo (negativo quando falta)."""
        return self.aprendizes - self.minimo

    @property
    def percentual(self) -> Decimal:
        """Aprendizes sobre a base, em %, com uma casa (0 quando a base é zero)."""
        if self.base == 0:
            return Decimal(0)
        return (Decimal(self.aprendizes * 100) / Decimal(self.base)).quantize(Decimal("0.1"))


def calcular_cota(*, base: int, aprendizes: int, porte: Porte | str) -> Cota:
    """Cota de aprendizes (CLT, art. 429, caput e § 1º) e situação da empresa.

    ``base``: trabalhadores do estabelecimento cujas funções demandam formação
    profissional. ME e EPP: situação ``dispensada`` (LC 123/2006, art. 51, III).
    """
    _validar_contagem(base, "base")
    _validar_contagem(aprendizes, "aprendizes")
    porte = Porte(porte)
    minimo, maximo = cota_minima(base), cota_maxima(base)
    if porte.dispensada:
        situacao = SituacaoCota.DISPENSADA
    elif aprendizes < minimo:
        situacao = SituacaoCota.ABAIXO_DO_MINIMO
    elif aprendizes > maximo:
        situacao = SituacaoCota.ACIMA_DO_MAXIMO
    else:
        situacao = SituacaoCota.CUMPRE
    return Cota(base, aprendizes, minimo, maximo, porte.dispensada, situacao)


class CriterioPriorizacao(StrEnum):
    """Critérios de desempate que o servidor escolhe dentro de cada grupo do art. 6º."""

    MAIOR_PERCENTUAL = "maior_percentual"
    MAIOR_EXCEDENTE = "maior_excedente"
    REFERENCIA_RECENTE = "referencia_recente"
    RAZAO_SOCIAL = "razao_social"

    @property
    def rotulo(self) -> str:
        return ROTULOS_CRITERIO[self]


ROTULOS_CRITERIO = {
    CriterioPriorizacao.MAIOR_PERCENTUAL: "Maior percentual de aprendizes sobre a base",
    CriterioPriorizacao.MAIOR_EXCEDENTE: "Mais aprendizes além do mínimo legal",
    CriterioPriorizacao.REFERENCIA_RECENTE: "Comprovação mais recente (data de referência)",
    CriterioPriorizacao.RAZAO_SOCIAL: "Razão social (ordem alfabética)",
}


@dataclass(frozen=True, slots=True)
class EmpresaCandidata:
    """Empresa que disputa uma contratação, com os dados da comprovação."""

    identificador: int
    cnpj: str
    razao_social: str
    cota: Cota
    data_referencia: date


def _chave_criterio(criterio: CriterioPriorizacao) -> Callable[[EmpresaCandidata], object]:
    if criterio is CriterioPriorizacao.MAIOR_PERCENTUAL:
        return lambda e: -e.cota.percentual
    if criterio is CriterioPriorizacao.MAIOR_EXCEDENTE:
        return lambda e: -e.cota.excedente
    if criterio is CriterioPriorizacao.REFERENCIA_RECENTE:
        return lambda e: -e.data_referencia.toordinal()
    return lambda e: e.razao_social.casefold()


def priorizar(
    empresas: Sequence[EmpresaCandidata], criterios: Sequence[CriterioPriorizacao | str] = ()
) -> list[EmpresaCandidata]:
    """Art. 6º do Decreto: quem comprova a cota vem primeiro; depois as dispensadas
    (LC 123/2006, art. 51, III); por último quem não cumpre. Dentro de cada grupo,
    os ``criterios`` escolhidos pelo servidor, na ordem dada; por fim o CNPJ, para
    que a mesma entrada dê sempre a mesma ordem.
    """
    escolhidos = [CriterioPriorizacao(c) for c in dict.fromkeys(criterios)]
    chaves = [_chave_criterio(c) for c in escolhidos]
    return sorted(
        empresas,
        key=lambda e: (e.cota.prioridade, *(chave(e) for chave in chaves), e.cnpj),
    )
