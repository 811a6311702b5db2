"""Leituras de seleções (sempre no escopo do órgão): quadro de reserva, listas e versões."""

from selecoes.selectors.listas import (
    Fase,
    anos_das_selecoes,
    fase_inscricoes,
    linha_do_tempo,
    proximo_passo,
    selecoes_do_usuario,
)
from selecoes.selectors.quadro import (
    CATEGORIA_NEGROS,
    CATEGORIA_PCD,
    PERCENTUAL_NEGROS,
    ROTULOS_MODALIDADE,
    SIGLAS_MODALIDADE,
    ChamadasDaSelecao,
    LinhaQuadro,
    QuadroReserva,
    chamadas_da_selecao,
    quadro_reserva,
    quadro_reserva_de_dados,
    reservas_da_selecao,
    sequencia_explicita_do_json,
    tabela_da_selecao,
)
from selecoes.selectors.versoes import (
    Diferenca,
    anexo_de_conteudo,
    comparar_conteudos,
    criterios_desempate_legiveis,
)

__all__ = [
    "CATEGORIA_NEGROS",
    "CATEGORIA_PCD",
    "PERCENTUAL_NEGROS",
    "ROTULOS_MODALIDADE",
    "SIGLAS_MODALIDADE",
    "ChamadasDaSelecao",
    "Diferenca",
    "Fase",
    "LinhaQuadro",
    "QuadroReserva",
    "anexo_de_conteudo",
    "anos_das_selecoes",
    "chamadas_da_selecao",
    "comparar_conteudos",
    "criterios_desempate_legiveis",
    "fase_inscricoes",
    "linha_do_tempo",
    "proximo_passo",
    "quadro_reserva",
    "quadro_reserva_de_dados",
    "reservas_da_selecao",
    "selecoes_do_usuario",
    "sequencia_explicita_do_json",
    "tabela_da_selecao",
]
