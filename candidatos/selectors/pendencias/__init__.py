"""Pendências do RH de um órgão: o que espera uma ação e os prazos que vencem.

Cada tipo de pendência é uma consulta escopada pelo ``selecoes.acesso.escopo``
(o servidor só vê os órgãos em que está lotado) e some quando resolvida:

- convocação com o prazo de resposta vencido e ainda aberta (art. 4º, § 2º:
  quem não responde é tratado como desistente);
- vaga com recusa, desistência ou eliminação e ainda sem o próximo chamado
  (art. 4º, caput e §§ 2º e 3º; regras, § 4: a vaga liberada é suprida com o
  mesmo k, dentro da validade);
- recurso aguardando decisão;
- processo de eliminação (art. 2º, parágrafo único) a notificar ou com a defesa
  recebida (ou o prazo encerrado) aguardando decisão.

Nada aqui mostra cor/raça, deficiência, CPF, modalidade de reserva ou o texto
de um recurso ou de um processo: só número, nome de exibição e a etapa.
"""

from candidatos.selectors.pendencias.consultas import (
    contagens,
    contar_por_orgao,
    convocacoes_editaveis,
    convocacoes_vencidas,
    filtro_processos,
    filtro_vencidas,
    processos_pendentes,
    recursos_pendentes,
    vagas_a_suprir,
    vagas_editaveis,
)
from candidatos.selectors.pendencias.linhas import pendencias_do_orgao
from candidatos.selectors.pendencias.prazos import prazos_proximos
from candidatos.selectors.pendencias.tipos import (
    JANELA_PRAZOS,
    Acao,
    Pendencia,
    Prazo,
    TipoPendencia,
)

__all__ = [
    "JANELA_PRAZOS",
    "Acao",
    "Pendencia",
    "Prazo",
    "TipoPendencia",
    "contagens",
    "contar_por_orgao",
    "convocacoes_editaveis",
    "convocacoes_vencidas",
    "filtro_processos",
    "filtro_vencidas",
    "pendencias_do_orgao",
    "prazos_proximos",
    "processos_pendentes",
    "recursos_pendentes",
    "vagas_a_suprir",
    "vagas_editaveis",
]
