"""Quem é convocado em uma vaga de estágio (art. 4º; art. 2º, parágrafo único).

Duas implementações do § 4 das regras:

- `alocacao_por_definicao`: a definição, literal, para um k (referência);
- `_Motor` / `ordem_convocacao`: a ordem de convocação construída de forma
  incremental, k = 1, 2, …, em tempo linear no tamanho da classificação.

Os testes de propriedade verificam que as duas coincidem em todo k.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import islice
from operator import attrgetter, eq, le

from .tipos import AC, REVERSAO, Candidato, Convocado, EntradaInvalida, Situacao


@dataclass(frozen=True)
class Classificacao:
    """Classificação de uma vaga: L (ativos, em ordem) e os retirados dela."""

    categorias: tuple[str, ...]
    """Categorias de reserva, em ordem de precedência."""
    ativos: tuple[Candidato, ...]
    """L: classificação sem desistentes nem eliminados (art. 4º, § 2º; art. 2º, p. ú.)."""
    retirados: tuple[Candidato, ...]
    elegiveis: tuple[tuple[int, ...], ...]
    """Para cada categoria, as posições em L (0, 1, …) de quem concorre a ela."""


def classificacao(candidatos: Sequence[Candidato], categorias: Sequence[str]) -> Classificacao:
    """Ordena a classificação e valida: inscrições únicas, classificação estrita
    (empate não resolvido é erro, nomeando os empatados), categorias declaradas.

    Uma passada por verificação, sem objetos intermediários por candidato: a
    classificação de 1.000.000 de candidatos custa frações de segundo.
    """
    categorias = tuple(categorias)
    declaradas = frozenset(categorias)
    ordenados = list(candidatos)
    posicoes = [c.classificacao for c in ordenados]
    if not all(map(le, posicoes, islice(posicoes, 1, None))):
        ordenados.sort(key=attrgetter("classificacao"))
        posicoes = [c.classificacao for c in ordenados]
    if any(map(eq, posicoes, islice(posicoes, 1, None))):
        i = next(i for i in range(len(posicoes) - 1) if posicoes[i] == posicoes[i + 1])
        a, b = ordenados[i], ordenados[i + 1]
        raise EntradaInvalida(
            "classificacao",
            f'as inscrições "{a.inscricao}" e "{b.inscricao}" estão empatadas na '
            f"{a.classificacao}ª posição; resolva o empate pelos critérios do edital.",
        )
    for grupo in {c.categorias for c in ordenados}:
        if not grupo <= declaradas:
            c = next(c for c in ordenados if c.categorias == grupo)
            estranha = sorted(grupo - declaradas)[0]
            raise EntradaInvalida(
                "categorias",
                f'a inscrição "{c.inscricao}" concorre à categoria "{estranha}", '
                "que não é uma reserva declarada.",
            )
    if len(set(map(attrgetter("inscricao"), ordenados))) != len(ordenados):
        vistas: set[str] = set()
        for c in ordenados:
            if c.inscricao in vistas:
                raise EntradaInvalida("inscricao", f'inscrição "{c.inscricao}" repetida.')
            vistas.add(c.inscricao)
    ativo = Situacao.ATIVO
    ativos = tuple(c for c in ordenados if c.situacao is ativo)
    retirados = tuple(c for c in ordenados if c.situacao is not ativo)
    return Classificacao(categorias, ativos, retirados, _elegiveis(ativos, categorias))


def _elegiveis(
    ativos: Sequence[Candidato], categorias: tuple[str, ...]
) -> tuple[tuple[int, ...], ...]:
    grupos = [c.categorias for c in ativos]
    return tuple(
        tuple(i for i, grupo in enumerate(grupos) if grupo and cat in grupo) for cat in categorias
    )


def restaurada(classif: Classificacao) -> Classificacao:
    """A mesma classificação com desistentes e eliminados de volta, como ativos:
    mostra que vagas eles ocupariam (para as explicações)."""
    voltam = [replace(c, situacao=Situacao.ATIVO) for c in classif.retirados]
    todos = tuple(sorted([*classif.ativos, *voltam], key=attrgetter("classificacao")))
    return Classificacao(classif.categorias, todos, (), _elegiveis(todos, classif.categorias))


def _codigos(sequencia: Sequence[str], categorias: tuple[str, ...], k: int) -> list[int]:
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise EntradaInvalida("convocacoes", "deve ser um inteiro maior ou igual a zero.")
    if k > len(sequencia):
        raise EntradaInvalida(
            "convocacoes", f"a sequência tem {len(sequencia)} posições; pediram {k}."
        )
    codigo = {AC: 0} | {c: i + 1 for i, c in enumerate(categorias)}
    try:
        return [codigo[s] for s in sequencia[:k]]
    except KeyError as erro:
        raise EntradaInvalida("sequencia", f"modalidade desconhecida: {erro.args[0]!r}.") from None


def alocacao_por_definicao(
    classif: Classificacao, sequencia: Sequence[str], k: int
) -> dict[str, str]:
    """§ 4 das regras, literal, para k convocações: inscrição → modalidade.

    1. AC: os a primeiros de L, elegíveis ou não (art. 4º, caput e § 1º);
    2. reserva: por precedência, os t_c primeiros elegíveis de L ainda não
       colocados (art. 4º, caput);
    3. reversão: cada vaga reservada vazia vai ao próximo de L ainda não
       colocado, em ordem de classificação (art. 4º, § 3º).
    """
    codigos = _codigos(sequencia, classif.categorias, k)
    L = classif.ativos
    a = codigos.count(0)
    colocado: dict[int, str] = dict.fromkeys(range(min(a, len(L))), AC)
    vazias = 0
    for c, categoria in enumerate(classif.categorias):
        faltam = codigos.count(c + 1)
        for i in classif.elegiveis[c]:
            if faltam == 0:
                break
            if i not in colocado:
                colocado[i] = categoria
                faltam -= 1
        vazias += faltam
    for i in range(len(L)):
        if vazias == 0:
            break
        if i not in colocado:
            colocado[i] = REVERSAO
            vazias -= 1
    return {L[i].inscricao: m for i, m in colocado.items()}


class _Motor:
    """Ordem de convocação incremental (§ 4 das regras).

    Estado por posição i de L: LIVRE, AC (0), categoria c (c + 1) ou REV.
    A cada nova posição da sequência exatamente um candidato entra (enquanto L
    durar); quem já estava pode mudar de modalidade (reserva → AC, art. 4º,
    § 1º), mas nunca sai. Cada ponteiro só avança: custo total linear.
    """

    def __init__(self, classif: Classificacao) -> None:
        n_cat = len(classif.categorias)
        self.m = len(classif.ativos)
        self.rev = n_cat + 1
        self.livre = n_cat + 2  # maior que todo código: "s > c" = disponível para c
        self.estado = [self.livre] * self.m
        self.elegiveis = classif.elegiveis
        self.ponteiro = [0] * n_cat
        self.a = 0
        self.k = 0
        self.t = [0] * n_cat
        self.vazias = [0] * n_cat
        self.rev_alvo = 0
        self.rev_n = 0
        self.rev_ponteiro = 0
        self.ordem: list[int] = []
        self.inicial: list[int] = []

    def avancar(self, codigos: Sequence[int]) -> None:
        estado = self.estado
        livre = self.livre
        ordem = self.ordem
        inicial = self.inicial
        t = self.t
        m = self.m
        a = self.a
        for codigo in codigos:
            if codigo == 0:
                if a < m:
                    x = a
                    a += 1
                    antes = estado[x]
                    estado[x] = 0
                    if antes == livre:
                        ordem.append(x)
                        inicial.append(0)
                    else:
                        self.a = a
                        self._liberou(antes)
            else:
                t[codigo - 1] += 1
                self.a = a
                self._preencher(codigo - 1)
        self.a = a
        self.k += len(codigos)

    def _liberou(self, antes: int) -> None:
        """Alguém deixou a reversão ou a reserva `antes` (foi para a AC ou para
        uma reserva de maior precedência): a vaga que ocupava é suprida."""
        if antes == self.rev:
            self.rev_n -= 1
            self._reverter()
        else:
            self._preencher(antes - 1)

    def _preencher(self, c: int) -> None:
        """Art. 4º, caput e § 2º: a vaga da categoria c vai ao próximo elegível
        de L fora da AC e das reservas de maior precedência; sem elegível, a
        vaga é revertida (art. 4º, § 3º)."""
        lista = self.elegiveis[c]
        p = self.ponteiro[c]
        estado = self.estado
        codigo = c + 1
        while p < len(lista):
            y = lista[p]
            p += 1
            antes = estado[y]
            if antes > codigo:
                estado[y] = codigo
                self.ponteiro[c] = p
                if antes == self.livre:
                    self.ordem.append(y)
                    self.inicial.append(codigo)
                else:
                    self._liberou(antes)
                return
        self.ponteiro[c] = p
        self.vazias[c] += 1
        self.rev_alvo += 1
        self._reverter()

    def _reverter(self) -> None:
        """Art. 4º, § 3º: vagas revertidas vão aos próximos de L ainda não colocados."""
        estado = self.estado
        j = self.rev_ponteiro
        while self.rev_n < self.rev_alvo:
            while j < self.m and estado[j] != self.livre:
                j += 1
            if j >= self.m:
                break
            estado[j] = self.rev
            self.rev_n += 1
            self.ordem.append(j)
            self.inicial.append(self.rev)
            j += 1
        self.rev_ponteiro = j


@dataclass(frozen=True)
class OrdemConvocacao:
    """Resultado da ordem de convocação com k convocações."""

    k: int
    convocados: tuple[Convocado, ...]
    """Em ordem de convocação; `modalidade` é a de agora (k)."""
    a: int
    """Posições de ampla concorrência entre as k primeiras."""
    t: tuple[int, ...]
    """Posições de cada categoria entre as k primeiras (precedência)."""
    vazias: tuple[int, ...]
    """Vagas de cada categoria revertidas por falta de elegíveis (art. 4º, § 3º)."""
    posicoes: tuple[int, ...] = ()
    """Posição em L (0, 1, …) de cada convocado, na mesma ordem de `convocados`."""


def _executar(classif: Classificacao, sequencia: Sequence[str], k: int) -> _Motor:
    motor = _Motor(classif)
    motor.avancar(_codigos(sequencia, classif.categorias, k))
    return motor


def _ordem(classif: Classificacao, motor: _Motor) -> OrdemConvocacao:
    nomes = (AC, *classif.categorias, REVERSAO)
    L = classif.ativos
    estado = motor.estado
    convocados = tuple(
        map(
            Convocado,
            [L[x].inscricao for x in motor.ordem],
            range(1, len(motor.ordem) + 1),
            [nomes[estado[x]] for x in motor.ordem],
            [nomes[i] for i in motor.inicial],
        )
    )
    return OrdemConvocacao(
        motor.k,
        convocados,
        motor.a,
        tuple(motor.t),
        tuple(motor.vazias),
        tuple(motor.ordem),
    )


def ordem_convocacao(
    classif: Classificacao, sequencia: Sequence[str], k: int | None = None
) -> OrdemConvocacao:
    """Ordem em que os candidatos aparecem pela primeira vez quando k cresce,
    com a modalidade da primeira convocação e a modalidade em k (art. 4º).

    `k` padrão: o comprimento da sequência. Construída em uma passada.
    """
    return _ordem(classif, _executar(classif, sequencia, len(sequencia) if k is None else k))


def alocar(
    candidatos: Sequence[Candidato],
    sequencia: Sequence[str],
    categorias: Sequence[str],
    k: int | None = None,
) -> tuple[Convocado, ...]:
    """Convocados de uma vaga com k convocações, em ordem de convocação, com a
    modalidade em k (art. 4º, caput, §§ 1º a 3º; art. 2º, parágrafo único)."""
    return ordem_convocacao(classificacao(candidatos, categorias), sequencia, k).convocados
