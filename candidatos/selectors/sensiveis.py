"""Escolhas sensíveis da inscrição diante de cada papel do RH (LGPD, art. 11).

Cor/raça, deficiência, laudo e as opções pelas vagas reservadas revelam dado de
saúde ou origem racial: só o gestor os vê, e cada exibição fica registrada
(``AcessoDadoSensivel``). Operador e auditor trabalham sem eles — nas listas, no
detalhe e na trilha de auditoria. A modalidade em que uma convocação foi feita
continua visível a todos: ela é publicada (art. 4º do Decreto nº 9.427/2018).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from selecoes.models import RegistroAuditoria

OCULTO = "(oculto: dado sensível)"
CHAVES_SENSIVEIS = frozenset(
    {
        "cor_raca",
        "pcd",
        "concorre_negros",
        "concorre_pcd",
        "laudo_pcd",
        "laudo",
        "categorias",
        "concorre_categorias",
        "documentos_categoria",
    }
)


def _tem_sensivel(valor: Any) -> bool:
    if isinstance(valor, Mapping):
        return any(c in CHAVES_SENSIVEIS or _tem_sensivel(v) for c, v in valor.items())
    if isinstance(valor, list):
        return any(_tem_sensivel(v) for v in valor)
    return False


def ocultar(valor: Any) -> Any:
    """Cópia do valor (JSON da auditoria) com as chaves sensíveis trocadas por OCULTO."""
    if isinstance(valor, Mapping):
        return {c: OCULTO if c in CHAVES_SENSIVEIS else ocultar(v) for c, v in valor.items()}
    if isinstance(valor, list):
        return [ocultar(v) for v in valor]
    return valor


@dataclass(frozen=True)
class RegistroExibido:
    registro: RegistroAuditoria
    antes: Any
    depois: Any


def registros_exibidos(
    registros: Iterable[RegistroAuditoria], *, ve_sensiveis: bool
) -> list[RegistroExibido]:
    """Registros de auditoria como o papel pode vê-los."""
    if ve_sensiveis:
        return [RegistroExibido(r, r.antes, r.depois) for r in registros]
    return [RegistroExibido(r, ocultar(r.antes), ocultar(r.depois)) for r in registros]


def inscricoes_com_sensiveis(registros: Iterable[RegistroAuditoria]) -> set[int]:
    """Inscrições cujos registros exibidos trazem alguma escolha sensível."""
    return {
        r.inscricao_id
        for r in registros
        if r.inscricao_id and (_tem_sensivel(r.antes) or _tem_sensivel(r.depois))
    }
