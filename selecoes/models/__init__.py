from selecoes.models.auditoria import RegistroAuditoria
from selecoes.models.categorias import CATEGORIAS_DO_ORGAO, CategoriaEdital
from selecoes.models.orgaos import Lotacao, Orgao, Papel
from selecoes.models.selecao import (
    UF,
    BaseReserva,
    CriterioAvaliacao,
    CriterioDesempate,
    NivelEnsino,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
    VersaoEdital,
    VersaoRegras,
)

__all__ = [
    "CATEGORIAS_DO_ORGAO",
    "UF",
    "BaseReserva",
    "CategoriaEdital",
    "CriterioAvaliacao",
    "CriterioDesempate",
    "Lotacao",
    "NivelEnsino",
    "Orgao",
    "Papel",
    "RegistroAuditoria",
    "Selecao",
    "SituacaoSelecao",
    "VagaEstagio",
    "VersaoEdital",
    "VersaoRegras",
]
