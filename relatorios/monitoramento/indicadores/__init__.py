"""Indicadores do acompanhamento anual da reserva (Decreto nº 9.427/2018, art. 5º).

Cálculo puro: recebe linhas já agregadas pelo banco (``relatorios.monitoramento.selectors``) e
devolve o "cubo" ano × órgão × indicador, a supressão de células pequenas e as
tabelas. Nada aqui consulta o banco; tudo é testado sem ele.

O ano de cada número é o da publicação do edital da seleção
(``Selecao.data_publicacao_edital``); para os contratos do art. 6º, o ano da data
de referência da comprovação. As escolhas de contagem e de supressão estão em
``docs/monitoramento.md``.
"""

from relatorios.monitoramento.indicadores.calculo import (
    Chave,
    ContratoEmpresa,
    Cubo,
    Dados,
    GrupoConvocacoes,
    GrupoInscricoes,
    SelecaoDados,
    VagaDados,
    acrescentar_subtotal,
    montar_cubo,
    motivo_sem_reserva,
    percentual,
    reservadas_por_vaga,
)
from relatorios.monitoramento.indicadores.definicoes import (
    CORES,
    INDICADORES,
    LIMITE_SUPRESSAO,
    META_NEGROS,
    MODALIDADES,
    POR_CODIGO,
    SUBTOTAL,
    TOTAL,
    Grupo,
    Indicador,
)
from relatorios.monitoramento.indicadores.supressao import (
    Celula,
    Celulas,
    Equacao,
    Estado,
    Supressao,
    celulas,
    equacoes_do_cubo,
    suprimir,
)
from relatorios.monitoramento.indicadores.tabelas import (
    COLUNAS_RESUMO,
    LinhaTabela,
    Tabela,
    anos_do_cubo,
    orgaos_do_ano,
    tabela_indicadores,
    tabela_resumo,
)

__all__ = [
    "COLUNAS_RESUMO",
    "CORES",
    "INDICADORES",
    "LIMITE_SUPRESSAO",
    "META_NEGROS",
    "MODALIDADES",
    "POR_CODIGO",
    "SUBTOTAL",
    "TOTAL",
    "Celula",
    "Celulas",
    "Chave",
    "ContratoEmpresa",
    "Cubo",
    "Dados",
    "Equacao",
    "Estado",
    "Grupo",
    "GrupoConvocacoes",
    "GrupoInscricoes",
    "Indicador",
    "LinhaTabela",
    "SelecaoDados",
    "Supressao",
    "Tabela",
    "VagaDados",
    "acrescentar_subtotal",
    "anos_do_cubo",
    "celulas",
    "equacoes_do_cubo",
    "montar_cubo",
    "motivo_sem_reserva",
    "orgaos_do_ano",
    "percentual",
    "reservadas_por_vaga",
    "suprimir",
    "tabela_indicadores",
    "tabela_resumo",
]
