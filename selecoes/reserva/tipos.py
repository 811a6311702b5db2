"""Tipos de entrada e saída do motor de reserva (Decreto nº 9.427/2018).

Todos são dataclasses congeladas e validadas na construção: um valor inválido
levanta `EntradaInvalida`, com o nome do campo e uma mensagem em português que
a linha de comando e os formulários mostram sem alteração.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

AC = "AC"
"""Modalidade de ampla concorrência."""

REVERSAO = "reversao"
"""Modalidade de vaga reservada revertida à ampla concorrência (art. 4º, § 3º)."""

MODALIDADES_FIXAS = frozenset({AC, REVERSAO})

_NOME_CATEGORIA = re.compile(r"^[a-z][a-z0-9_]*$")

ROTULOS_CATEGORIA = {
    "negros": "candidatos negros",
    "pcd": "pessoas com deficiência",
    # Categorias que os órgãos acrescentam por ato próprio (código nacional).
    "indigenas": "indígenas",
    "quilombolas": "quilombolas",
    "trans": "pessoas trans",
    "minorias": "minorias",
    "outra": "outra categoria do órgão",
}


def rotulo_categoria(categoria: str) -> str:
    """Nome da categoria para frases em português ("candidatos negros")."""
    return ROTULOS_CATEGORIA.get(categoria, f'candidatos da categoria "{categoria}"')


class EntradaInvalida(ValueError):
    """Entrada rejeitada pelo motor; `campo` nomeia o dado incorreto."""

    def __init__(self, campo: str, mensagem: str) -> None:
        super().__init__(f'Erro no campo "{campo}": {mensagem}')
        self.campo = campo
        self.mensagem = mensagem

    def prefixar(self, prefixo: str) -> EntradaInvalida:
        """Mesma mensagem, com o campo qualificado (`candidatos[3]` + `classificacao`)."""
        campo = f"{prefixo}.{self.campo}" if self.campo else prefixo
        return EntradaInvalida(campo, self.mensagem)


class Situacao(StrEnum):
    """Situação do candidato na classificação de uma vaga."""

    ATIVO = "ativo"
    DESISTENTE = "desistente"  # art. 4º, § 2º
    ELIMINADO = "eliminado"  # art. 2º, parágrafo único


def validar_categoria(nome: object, campo: str = "categoria") -> str:
    """Nomes de categoria são identificadores minúsculos e não colidem com modalidades."""
    if not isinstance(nome, str) or not _NOME_CATEGORIA.match(nome):
        raise EntradaInvalida(
            campo,
            "o nome da categoria deve ser um texto em letras minúsculas, sem acentos nem "
            'espaços (por exemplo "negros" ou "pcd").',
        )
    if nome in MODALIDADES_FIXAS:
        raise EntradaInvalida(campo, f'"{nome}" é nome de modalidade, não de categoria.')
    return nome


@dataclass(frozen=True, slots=True)
class Reserva:
    """Categoria com vagas reservadas e seu percentual (art. 1º, caput: negros, 30%)."""

    categoria: str
    percentual: Decimal

    def __post_init__(self) -> None:
        validar_categoria(self.categoria)
        p = self.percentual
        if isinstance(p, bool) or not isinstance(p, Decimal) or not p.is_finite():
            raise EntradaInvalida("percentual", "o percentual deve ser um número decimal.")
        if not Decimal(0) < p <= Decimal(100):
            raise EntradaInvalida(
                "percentual",
                f"o percentual deve ser maior que 0 e no máximo 100; veio {p}.",
            )


RESERVA_NEGROS_PADRAO = Reserva("negros", Decimal("30"))
"""Art. 1º, caput: trinta por cento das vagas reservadas aos negros."""


def validar_reservas(reservas: tuple[Reserva, ...]) -> tuple[Reserva, ...]:
    """A ordem das reservas é a precedência; nomes únicos e soma dos percentuais ≤ 100."""
    if not reservas:
        raise EntradaInvalida("reservas", "declare ao menos uma categoria de reserva.")
    vistos: set[str] = set()
    for i, r in enumerate(reservas):
        if r.categoria in vistos:
            raise EntradaInvalida(
                f"reservas[{i}].categoria",
                f'categoria "{r.categoria}" declarada duas vezes.',
            )
        vistos.add(r.categoria)
    soma = sum((r.percentual for r in reservas), Decimal(0))
    if soma > 100:
        raise EntradaInvalida(
            "reservas", f"a soma dos percentuais ({soma}) passa de 100; o máximo é 100."
        )
    return reservas


@dataclass(frozen=True, slots=True)
class Candidato:
    """Candidato aprovado na classificação de uma vaga de estágio.

    `categorias` são as reservas a que concorre (art. 2º: autodeclaração preta ou
    parda e opção na inscrição); concorre a elas e à ampla concorrência ao mesmo
    tempo (art. 4º, caput).
    """

    inscricao: str
    classificacao: int
    categorias: frozenset[str] = frozenset()
    situacao: Situacao = Situacao.ATIVO

    def __post_init__(self) -> None:
        if not isinstance(self.inscricao, str) or not self.inscricao:
            raise EntradaInvalida("inscricao", "a inscrição deve ser um texto não vazio.")
        c = self.classificacao
        if isinstance(c, bool) or not isinstance(c, int) or c < 1:
            raise EntradaInvalida(
                "classificacao",
                f"a classificação deve ser um número inteiro positivo; veio {c!r}.",
            )
        if not isinstance(self.categorias, frozenset):
            if isinstance(self.categorias, str) or not isinstance(
                self.categorias, (set, list, tuple)
            ):
                raise EntradaInvalida("categorias", "informe as categorias como um conjunto.")
            object.__setattr__(self, "categorias", frozenset(self.categorias))
        if not isinstance(self.situacao, Situacao):
            # Aceita o valor de um TextChoices do Django ("ativo", …).
            try:
                object.__setattr__(self, "situacao", Situacao(self.situacao))
            except ValueError:
                raise EntradaInvalida(
                    "situacao", "a situação deve ser ativo, desistente ou eliminado."
                ) from None


@dataclass(frozen=True, slots=True)
class PosicoesReservadas:
    """Posições reservadas a uma categoria publicadas no edital ("3ª, 8ª, 13ª…").

    `intervalo`, se houver, continua a série depois da última posição listada
    ("e assim sucessivamente de 5 em 5").
    """

    categoria: str
    posicoes: tuple[int, ...]
    intervalo: int | None = None

    def __post_init__(self) -> None:
        validar_categoria(self.categoria, "categoria")
        if not self.posicoes:
            raise EntradaInvalida("posicoes", "informe ao menos uma posição reservada.")
        anterior = 0
        for i, p in enumerate(self.posicoes):
            if isinstance(p, bool) or not isinstance(p, int) or p < 1:
                raise EntradaInvalida(
                    f"posicoes[{i}]",
                    f"a posição deve ser um inteiro positivo; veio {p!r}.",
                )
            if p <= anterior:
                raise EntradaInvalida(
                    f"posicoes[{i}]",
                    f"as posições devem ser estritamente crescentes ({anterior} e depois {p}).",
                )
            anterior = p
        iv = self.intervalo
        if iv is not None and (isinstance(iv, bool) or not isinstance(iv, int) or iv < 1):
            raise EntradaInvalida(
                "intervalo", f"o intervalo deve ser um inteiro positivo; veio {iv!r}."
            )

    def contem(self, posicao: int) -> bool:
        """A posição (1, 2, …) é reservada a esta categoria?"""
        ultima = self.posicoes[-1]
        if posicao <= ultima:
            return posicao in self.posicoes
        return self.intervalo is not None and (posicao - ultima) % self.intervalo == 0


def _progressoes_se_cruzam(a: PosicoesReservadas, b: PosicoesReservadas) -> int | None:
    """Primeira posição das duas séries infinitas em comum, se existir.

    Resolve x ≡ ua (mod ia), x ≡ ub (mod ib), x > max(ua, ub) pelo teorema chinês
    do resto: se há solução, há infinitas, e basta procurar no primeiro período.
    """
    if a.intervalo is None or b.intervalo is None:
        return None
    ua, ia, ub, ib = a.posicoes[-1], a.intervalo, b.posicoes[-1], b.intervalo
    inicio = max(ua, ub) + 1
    # ia * ib é um período comum; procurar na série de passo maior é suficiente.
    passo, base, outro_passo, outra_base = (ia, ua, ib, ub) if ia >= ib else (ib, ub, ia, ua)
    x = base + passo * max(1, -(-(inicio - base) // passo))
    for _ in range(outro_passo):
        if (x - outra_base) % outro_passo == 0:
            return x
        x += passo
    return None


@dataclass(frozen=True, slots=True)
class SequenciaExplicita:
    """Posições reservadas explícitas de um edital, por categoria (art. 3º).

    Valida que nenhuma posição seja reivindicada por duas categorias, nem nas
    posições listadas nem na continuação infinita pelos intervalos.
    """

    itens: tuple[PosicoesReservadas, ...]

    def __post_init__(self) -> None:
        vistos: set[str] = set()
        for item in self.itens:
            if item.categoria in vistos:
                raise EntradaInvalida(item.categoria, "categoria repetida.")
            vistos.add(item.categoria)
        for i, a in enumerate(self.itens):
            for b in self.itens[i + 1 :]:
                colisao = self._colisao(a, b)
                if colisao is not None:
                    raise EntradaInvalida(
                        b.categoria,
                        f"a {colisao}ª posição é reivindicada por duas categorias "
                        f'("{a.categoria}" e "{b.categoria}").',
                    )

    @staticmethod
    def _colisao(a: PosicoesReservadas, b: PosicoesReservadas) -> int | None:
        candidatas = [p for p in a.posicoes if b.contem(p)]
        candidatas += [p for p in b.posicoes if a.contem(p)]
        cruzamento = _progressoes_se_cruzam(a, b)
        if cruzamento is not None:
            candidatas.append(cruzamento)
        return min(candidatas) if candidatas else None

    def categorias(self) -> tuple[str, ...]:
        return tuple(item.categoria for item in self.itens)


VERSOES_REGRAS = (1, 2)
"""Versões das regras de reserva (regras, § 8); a 2 vale para editais novos."""

VERSAO_ATUAL = 2


def validar_versao(versao: object, campo: str = "versao_regras") -> int:
    """Regras, § 8: um edital é calculado pela versão em vigor quando publicado."""
    if isinstance(versao, bool) or not isinstance(versao, int) or versao not in VERSOES_REGRAS:
        raise EntradaInvalida(campo, f"a versão das regras deve ser 1 ou 2; veio {versao!s}.")
    return versao


class BaseReserva(StrEnum):
    """Base do cálculo das vagas reservadas (regras, § 3.1; art. 1º, caput e § 3º)."""

    SELECAO = "selecao"
    """Total da seleção, rateado entre as vagas de estágio pelos maiores restos."""
    VAGA = "vaga"
    """Cada vaga de estágio arredondada sozinha."""


@dataclass(frozen=True, slots=True)
class Aplicabilidade:
    """Se a reserva se aplica à seleção e por quê (art. 1º, § 1º; art. 7º).

    `aplicavel`: na versão 2, o edital está no alcance temporal do decreto
    (art. 7º), e a reserva vale para alguma vaga agora ou quando surgirem; na
    versão 1, N ≥ 3 ou N = 0 dentro do art. 7º. `nas_ofertadas`: vale para as
    vagas oferecidas (N ≥ 3). `total_vagas` é N (regras, § 2).
    """

    aplicavel: bool
    motivo: str
    nas_ofertadas: bool | None = None
    """`None` (construção abreviada): igual a `aplicavel`."""
    total_vagas: int | None = None
    versao: int = VERSAO_ATUAL

    def __post_init__(self) -> None:
        validar_versao(self.versao, "versao")
        if self.nas_ofertadas is None:
            object.__setattr__(self, "nas_ofertadas", self.aplicavel)

    def inicio(self, ofertadas: int) -> int | None:
        """Primeira posição (1, 2, …) da vaga de estágio sob a reserva; `None`: nenhuma.

        Regras, § 2 (art. 1º, § 1º): com N ≥ 3, desde a 1ª; com N < 3 (versão 2),
        a posição s > n_i está sob a reserva sse N − n_i + s ≥ 3, isto é, a partir
        de s = 3 − N + n_i. Na versão 1, N = 0 aplicava desde a 1ª e N = 1, 2 nunca.
        """
        if not self.aplicavel:
            return None
        if self.nas_ofertadas or self.versao == 1 or self.total_vagas is None:
            return 1
        return 3 - self.total_vagas + ofertadas


@dataclass(frozen=True, slots=True)
class Convocado:
    """Um candidato convocado: ordem de convocação e modalidade."""

    inscricao: str
    ordem: int
    modalidade: str
    """Modalidade com k convocações (AC, categoria ou `reversao`)."""
    modalidade_inicial: str
    """Modalidade sob a qual foi chamado pela primeira vez (histórico)."""


@dataclass(frozen=True, slots=True)
class Explicacao:
    """Frase que explica a situação de um candidato em uma vaga."""

    inscricao: str
    convocado: bool
    modalidade: str | None
    texto: str


@dataclass(frozen=True)
class LinhaTabela:
    """Vagas reservadas de uma vaga de estágio (art. 1º, § 3º)."""

    codigo: str
    ofertadas: int
    reservadas: tuple[tuple[str, int], ...]
    inicio: int | None = 1
    """Primeira posição sob a reserva (regras, § 2); `None`: nenhuma."""
    proprio: tuple[tuple[str, int], ...] = ()
    """Por categoria, arredondar(p_c × n_i): o arredondamento da vaga sozinha."""
    piso: tuple[tuple[str, int], ...] = ()
    """Por categoria, a parte inteira de p_c × n_i (rateio, regras § 3.1)."""
    colisoes: tuple[tuple[str, int], ...] = ()
    """Posições antecipadas pela regra de colisão (regras, § 3.2): (categoria, posição)."""

    def quantidade(self, categoria: str) -> int:
        return dict(self.reservadas).get(categoria, 0)

    @property
    def espalhadas(self) -> frozenset[str]:
        """Regras, § 3.2: categorias cuja contagem difere do próprio arredondamento."""
        proprio = dict(self.proprio)
        return frozenset(c for c, r in self.reservadas if c in proprio and proprio[c] != r)

    @property
    def restos(self) -> tuple[tuple[str, int], ...]:
        """Por categoria, as vagas além da parte inteira (as do rateio pelos restos)."""
        piso = dict(self.piso)
        return tuple((c, r - piso[c]) for c, r in self.reservadas if c in piso and r > piso[c])


@dataclass(frozen=True)
class TabelaReserva:
    """Quadro de reserva do edital: por vaga de estágio e total da seleção."""

    linhas: tuple[LinhaTabela, ...]
    total_vagas: int
    total_reservadas: tuple[tuple[str, int], ...]
    """Soma, por categoria, das vagas reservadas das vagas de estágio."""
    reservadas_na_selecao: tuple[tuple[str, int], ...]
    """Arredondamento do percentual sobre o total N da seleção (art. 1º, § 2º)."""
    avisos: tuple[str, ...] = field(default=())
    base: BaseReserva = BaseReserva.VAGA
    versao: int = VERSAO_ATUAL
    perdidas: tuple[tuple[str, int], ...] = ()
    """Vagas do total da seleção que não couberam em nenhuma vaga de estágio (§ 3.1)."""
    aplicacao: Aplicabilidade | None = None
    reservas: tuple[Reserva, ...] = ()
    explicita: SequenciaExplicita | None = None

    def linha(self, codigo: str) -> LinhaTabela:
        for linha in self.linhas:
            if linha.codigo == codigo:
                return linha
        raise EntradaInvalida("codigo", f'a vaga "{codigo}" não está no quadro de reserva.')
