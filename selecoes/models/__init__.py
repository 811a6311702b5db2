from selecoes.models.auditoria import RegistroAuditoria
from selecoes.models.categorias import CATEGORIAS_DO_ORGAO, CategoriaEdital
from selecoes.models.entradas import VersaoEntradas
from selecoes.models.fila import Mensagem, SituacaoMensagem, TarefaPendente
from selecoes.models.orgaos import CpfServidor, Lotacao, Orgao, Papel
from selecoes.models.selecao import (
    CASAS_DECIMAIS_MAXIMO,
    CASAS_DECIMAIS_PADRAO,
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
    casas_da_nota_final,
)

__all__ = [
    "CASAS_DECIMAIS_MAXIMO",
    "CASAS_DECIMAIS_PADRAO",
    "CATEGORIAS_DO_ORGAO",
    "UF",
    "BaseReserva",
    "CategoriaEdital",
    "CpfServidor",
    "CriterioAvaliacao",
    "CriterioDesempate",
    "Lotacao",
    "Mensagem",
    "NivelEnsino",
    "Orgao",
    "Papel",
    "RegistroAuditoria",
    "Selecao",
    "SituacaoMensagem",
    "SituacaoSelecao",
    "TarefaPendente",
    "VagaEstagio",
    "VersaoEdital",
    "VersaoEntradas",
    "VersaoRegras",
    "casas_da_nota_final",
]
