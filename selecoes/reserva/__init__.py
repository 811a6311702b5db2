"""Motor de reserva de vagas do Decreto nº 9.427/2018 (estágio na administração
pública federal). Biblioteca padrão apenas; veja docs/motor.md.
"""

from .alocacao import (
    Classificacao,
    OrdemConvocacao,
    alocacao_por_definicao,
    alocar,
    classificacao,
    ordem_convocacao,
)
from .aplicabilidade import DATA_VIGENCIA, MINIMO_VAGAS, aplicabilidade, arredondar
from .explicacao import explicar
from .sequencia import (
    ratear,
    reservadas,
    sequencia,
    sequencia_linha,
    sequencia_vaga,
    tabela_reserva,
)
from .tipos import (
    AC,
    RESERVA_NEGROS_PADRAO,
    REVERSAO,
    VERSAO_ATUAL,
    VERSOES_REGRAS,
    Aplicabilidade,
    BaseReserva,
    Candidato,
    Convocado,
    EntradaInvalida,
    Explicacao,
    LinhaTabela,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    Situacao,
    TabelaReserva,
    rotulo_categoria,
)
from .vaga import ResultadoVaga, resolver_vaga

__all__ = [
    "AC",
    "DATA_VIGENCIA",
    "MINIMO_VAGAS",
    "RESERVA_NEGROS_PADRAO",
    "REVERSAO",
    "VERSAO_ATUAL",
    "VERSOES_REGRAS",
    "Aplicabilidade",
    "BaseReserva",
    "Candidato",
    "Classificacao",
    "Convocado",
    "EntradaInvalida",
    "Explicacao",
    "LinhaTabela",
    "OrdemConvocacao",
    "PosicoesReservadas",
    "Reserva",
    "ResultadoVaga",
    "SequenciaExplicita",
    "Situacao",
    "TabelaReserva",
    "alocacao_por_definicao",
    "alocar",
    "aplicabilidade",
    "arredondar",
    "classificacao",
    "explicar",
    "ordem_convocacao",
    "ratear",
    "reservadas",
    "resolver_vaga",
    "rotulo_categoria",
    "sequencia",
    "sequencia_linha",
    "sequencia_vaga",
    "tabela_reserva",
]
