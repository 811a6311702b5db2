"""Supressão de células pequenas (primária e secundária) e células exibíveis."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from typing import Any

from relatorios.monitoramento.indicadores.calculo import (
    Chave,
    Cubo,
    acrescentar_subtotal,
    percentual,
)
from relatorios.monitoramento.indicadores.definicoes import (
    CONTAGENS,
    EQUACOES_DO_ORGAO,
    INDICADORES,
    LIMITE_SUPRESSAO,
    OCULTO_NEGROS_NAO_OPTANTES,
    POR_CODIGO,
    SUBTOTAL,
    TOTAL,
)


class Estado(StrEnum):
    VISIVEL = "visivel"
    PRIMARIA = "primaria"
    """Contagem de 1 a 4 pessoas."""
    SECUNDARIA = "secundaria"
    """Omitida para que uma célula pequena não seja calculada por subtração."""


@dataclass(frozen=True, slots=True)
class Celula:
    valor: int | Decimal | None
    estado: Estado = Estado.VISIVEL

    @property
    def visivel(self) -> bool:
        return self.estado is Estado.VISIVEL

    @property
    def texto(self) -> str:
        if self.estado is Estado.PRIMARIA:
            return f"< {LIMITE_SUPRESSAO}"
        if self.estado is Estado.SECUNDARIA:
            return "X"
        if self.valor is None:
            return "—"
        if isinstance(self.valor, Decimal):
            return f"{self.valor}%".replace(".", ",")
        return f"{self.valor:,}".replace(",", ".")

    @property
    def exportavel(self) -> int | Decimal | str:
        """Valor para CSV/XLSX: o número quando visível, senão o mesmo símbolo da tela."""
        if not self.visivel:
            return self.texto
        return "" if self.valor is None else self.valor


def pequena(valor: int) -> bool:
    return 0 < valor < LIMITE_SUPRESSAO


@dataclass(frozen=True, slots=True)
class Equacao:
    """Igualdade linear entre células: quem conhece todas menos uma calcula a que falta."""

    partes: tuple[Any, ...]
    total: Any = None

    @property
    def membros(self) -> tuple[Any, ...]:
        return self.partes if self.total is None else (*self.partes, self.total)


@dataclass
class Supressao:
    primarias: set[Any] = field(default_factory=set)
    secundarias: set[Any] = field(default_factory=set)

    def estado(self, chave: Any) -> Estado:
        if chave in self.primarias:
            return Estado.PRIMARIA
        if chave in self.secundarias:
            return Estado.SECUNDARIA
        return Estado.VISIVEL


def suprimir(
    valores: Mapping[Any, int],
    sensiveis: Iterable[Any],
    equacoes: Sequence[Equacao],
    ocultas: Iterable[Any] = (),
) -> Supressao:
    """Supressão primária (1 a 4 pessoas) e secundária.

    Primária: toda célula ``sensivel`` com valor de 1 a 4. Secundária: nenhuma
    equação pode ter uma única incógnita que precise de proteção (célula suprimida,
    ou oculta com valor de 1 a 4) — do contrário ela sai por subtração. Quando isso
    ocorre, suprime-se mais uma célula da equação: a menor parte não nula; na falta,
    a menor parte; por último, o total. Repete até nenhuma equação violar a regra.

    Não é uma proteção contra combinações de várias equações (isso exigiria
    programação linear); ver ``docs/monitoramento.md``.
    """
    ocultas = set(ocultas)
    resultado = Supressao(primarias={k for k in sensiveis if pequena(valores.get(k, 0))})
    desconhecidas = resultado.primarias | ocultas
    por_celula: dict[Any, list[int]] = defaultdict(list)
    for indice, eq in enumerate(equacoes):
        for membro in eq.membros:
            por_celula[membro].append(indice)
    pendentes = list(range(len(equacoes)))
    while pendentes:
        eq = equacoes[pendentes.pop()]
        incognitas = [m for m in eq.membros if m in desconhecidas]
        if len(incognitas) != 1:
            continue
        unica = incognitas[0]
        if unica in ocultas and not pequena(valores.get(unica, 0)):
            continue
        escolhida = _escolher_secundaria(eq, valores, desconhecidas)
        if escolhida is None:
            continue
        resultado.secundarias.add(escolhida)
        desconhecidas.add(escolhida)
        pendentes.extend(por_celula[escolhida])
    return resultado


def _escolher_secundaria(eq: Equacao, valores: Mapping[Any, int], desconhecidas: set[Any]) -> Any:
    candidatas = [
        (0, valores.get(p, 0) == 0, valores.get(p, 0), i, p)
        for i, p in enumerate(eq.partes)
        if p not in desconhecidas
    ]
    if eq.total is not None and eq.total not in desconhecidas:
        candidatas.append((1, False, valores.get(eq.total, 0), 0, eq.total))
    return min(candidatas, key=lambda c: c[:4])[4] if candidatas else None


def equacoes_do_cubo(cubo: Cubo, subconjunto: Collection[int] = ()) -> list[Equacao]:
    """Por (ano, órgão): as partições de ``EQUACOES_DO_ORGAO``; por ano e indicador de
    pessoas: o consolidado é a soma dos órgãos (e o SUBTOTAL, a soma do ``subconjunto``)."""
    equacoes: list[Equacao] = []
    orgaos_por_ano: dict[int, list[int]] = defaultdict(list)
    for ano, orgao in cubo:
        if orgao is not TOTAL and orgao != SUBTOTAL:
            orgaos_por_ano[ano].append(orgao)
    for ano, orgao in sorted(cubo, key=_ordem_chave):
        for total, partes in EQUACOES_DO_ORGAO:
            equacoes.append(
                Equacao(
                    partes=tuple((ano, orgao, p) for p in partes),
                    total=None if total is None else (ano, orgao, total),
                )
            )
    pessoas = [c for c in CONTAGENS if POR_CODIGO[c].pessoas]
    for ano, orgaos in sorted(orgaos_por_ano.items()):
        somas: list[tuple[int | None, list[int]]] = [(TOTAL, sorted(orgaos))]
        if (ano, SUBTOTAL) in cubo:
            somas.append((SUBTOTAL, sorted(o for o in orgaos if o in subconjunto)))
        for chave_total, membros in somas:
            equacoes.extend(
                Equacao(
                    partes=tuple((ano, o, codigo) for o in membros),
                    total=(ano, chave_total, codigo),
                )
                for codigo in pessoas
            )
    return equacoes


def _ordem_chave(chave: Chave) -> tuple[int, int]:
    ano, orgao = chave
    return (ano, -2 if orgao is None else orgao)


Celulas = dict[tuple[int, int | None, str], Celula]


def celulas(cubo: Cubo, *, suprimir_pequenas: bool, subconjunto: Collection[int] = ()) -> Celulas:
    """Todas as células exibíveis (contagens e percentuais), com o estado de supressão.

    Com ``subconjunto`` (os órgãos de quem está lotado em mais de um), acrescenta a
    linha SUBTOTAL e a protege no mesmo cálculo do cubo inteiro, para que a tela
    dessa pessoa e a do monitoramento não se subtraiam.
    Percentual: omitido ("X") se o numerador ou o denominador estiver suprimido.
    """
    if len(subconjunto) > 1:
        cubo = acrescentar_subtotal(cubo, subconjunto)
    valores = {
        (ano, orgao, codigo): contagens.get(codigo, 0)
        for (ano, orgao), contagens in cubo.items()
        for codigo in (*CONTAGENS, OCULTO_NEGROS_NAO_OPTANTES)
    }
    if suprimir_pequenas:
        sensiveis = [k for k in valores if k[2] in POR_CODIGO and POR_CODIGO[k[2]].pessoas]
        ocultas = [k for k in valores if k[2] == OCULTO_NEGROS_NAO_OPTANTES]
        supressao = suprimir(valores, sensiveis, equacoes_do_cubo(cubo, subconjunto), ocultas)
    else:
        supressao = Supressao()
    resultado: Celulas = {}
    for (ano, orgao), contagens in cubo.items():
        for ind in INDICADORES:
            chave = (ano, orgao, ind.codigo)
            if ind.razao is None:
                resultado[chave] = Celula(contagens.get(ind.codigo, 0), supressao.estado(chave))
                continue
            num, den = ind.razao
            ocultos = {supressao.estado((ano, orgao, c)) for c in (num, den)} - {Estado.VISIVEL}
            valor = percentual(contagens.get(num, 0), contagens.get(den, 0))
            resultado[chave] = Celula(valor, Estado.SECUNDARIA if ocultos else Estado.VISIVEL)
    return resultado
