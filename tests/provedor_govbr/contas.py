"""Contas do provedor local, lidas do arquivo JSON ``PROVEDOR_CONTAS``.

Cada conta: ``login`` (o CPF, que vira o ``sub``), ``senha``, ``nome``, ``email``,
``nivel`` (1 bronze, 2 prata, 3 ouro) e, só em testes, ``sub`` (outro identificador
no lugar do CPF) e ``token`` ("vencido" ou "adulterado").
"""

import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any


@lru_cache(maxsize=1)
def contas() -> dict[str, dict[str, Any]]:
    dados = json.loads(Path(os.environ["PROVEDOR_CONTAS"]).read_text(encoding="utf-8"))
    return {conta["login"]: conta for conta in dados}


def conta(login: str) -> dict[str, Any]:
    return contas().get(login, {})
