from selecoes.models.auditoria import RegistroAuditoria
from selecoes.models.orgaos import Lotacao, Orgao, Papel
from selecoes.models.selecao import (
    UF,
    CriterioAvaliacao,
    CriterioDesempate,
    NivelEnsino,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
    VersaoEdital,
)

__all__ = [
    "UF",
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
]
