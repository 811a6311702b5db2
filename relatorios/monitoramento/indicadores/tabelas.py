"""Tabelas (tela, PDF e planilhas) montadas a partir das células."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from relatorios.monitoramento.indicadores.calculo import Chave
from relatorios.monitoramento.indicadores.definicoes import INDICADORES, POR_CODIGO, TOTAL
from relatorios.monitoramento.indicadores.supressao import Celula, Celulas

COLUNAS_RESUMO = (
    "selecoes",
    "selecoes_com_reserva",
    "vagas_ofertadas",
    "reservadas_negros",
    "inscricoes",
    "optantes_negros",
    "convocacoes",
    "negros_em_ac",
    "convocacoes_reversao",
    "contratacoes",
    "contratacoes_pessoas_negras",
    "percentual_negros_contratacoes",
    "percentual_contratos_comprovam",
)
"""Colunas das tabelas por órgão e por ano (todas as demais vão nas exportações)."""


@dataclass(frozen=True, slots=True)
class LinhaTabela:
    rotulo: str
    celulas: tuple[Celula, ...]
    grupo: str = ""
    total: bool = False


@dataclass(frozen=True, slots=True)
class Tabela:
    legenda: str
    cabecalho_linha: str
    colunas: tuple[str, ...]
    linhas: tuple[LinhaTabela, ...]

    def para_planilha(self) -> tuple[list[str], list[list[object]]]:
        """Cabeçalho e linhas para ``escrever_csv``/``escrever_xlsx`` (células suprimidas
        saem com o mesmo símbolo da tela)."""
        com_grupo = any(linha.grupo for linha in self.linhas)
        cabecalho = [*(["Grupo"] if com_grupo else []), self.cabecalho_linha, *self.colunas]
        linhas: list[list[object]] = [
            [*([linha.grupo] if com_grupo else []), linha.rotulo]
            + [c.exportavel for c in linha.celulas]
            for linha in self.linhas
        ]
        return cabecalho, linhas


Coluna = tuple[str, int, int | None]
"""(rótulo, ano, órgão ou TOTAL)."""


def _celula(cels: Celulas, ano: int, orgao: int | None, codigo: str) -> Celula:
    vazia = Celula(None) if POR_CODIGO[codigo].percentual else Celula(0)
    return cels.get((ano, orgao, codigo), vazia)


def tabela_indicadores(
    cels: Celulas, colunas: Sequence[Coluna], legenda: str, codigos: Sequence[str] | None = None
) -> Tabela:
    """Uma linha por indicador (com o grupo), uma coluna por (ano, órgão)."""
    linhas = tuple(
        LinhaTabela(
            rotulo=POR_CODIGO[codigo].rotulo,
            grupo=POR_CODIGO[codigo].grupo.value,
            celulas=tuple(_celula(cels, ano, orgao, codigo) for _, ano, orgao in colunas),
        )
        for codigo in (codigos or [i.codigo for i in INDICADORES])
    )
    return Tabela(legenda, "Indicador", tuple(r for r, _, _ in colunas), linhas)


def tabela_resumo(
    cels: Celulas,
    linhas: Sequence[Coluna],
    legenda: str,
    cabecalho_linha: str,
    codigos: Sequence[str] = COLUNAS_RESUMO,
    *,
    total_na_ultima: bool = False,
) -> Tabela:
    """Uma linha por (ano, órgão), uma coluna por indicador; a última linha pode ser
    a de total (em destaque)."""
    ultima = len(linhas) - 1
    return Tabela(
        legenda,
        cabecalho_linha,
        tuple(POR_CODIGO[c].rotulo for c in codigos),
        tuple(
            LinhaTabela(
                rotulo=rotulo,
                celulas=tuple(_celula(cels, ano, orgao, c) for c in codigos),
                total=total_na_ultima and n == ultima,
            )
            for n, (rotulo, ano, orgao) in enumerate(linhas)
        ),
    )


def anos_do_cubo(cubo: Mapping[Chave, Any]) -> list[int]:
    return sorted({ano for ano, _ in cubo})


def orgaos_do_ano(cubo: Mapping[Chave, Any], ano: int) -> list[int]:
    return sorted(o for a, o in cubo if a == ano and o is not TOTAL)
