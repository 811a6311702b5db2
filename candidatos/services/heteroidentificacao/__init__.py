"""Serviços da heteroidentificação (issue 15, itens 4 a 7; regras de reserva, § 1).

Cada serviço grava numa transação, sob a trava da seleção ou do chamado, e escreve
o registro de auditoria. As telas do RH e as da comissão chamam estes nomes.
"""

from candidatos.services.heteroidentificacao.candidato import (
    recursal_da_selecao,
    recurso_pelo_candidato,
    sessao_avisar,
)
from candidatos.services.heteroidentificacao.chamados import (
    chamados_calcular,
    chamados_convocar,
    chamados_montar,
    convocacao_exigir_verificacao,
    convocacao_pendente_verificacao,
    presenca_registrar,
    resultado_final_de,
    sessao_agendar,
)
from candidatos.services.heteroidentificacao.comissoes import (
    comissao_atualizar,
    comissao_criar,
    exigir_membros_diferentes,
    exigir_quorum,
    membro_desligar,
    membro_incluir,
)
from candidatos.services.heteroidentificacao.gravacoes import (
    gravacao_abrir,
    gravacao_enviar,
)
from candidatos.services.heteroidentificacao.julgamento import (
    decisao_apurar,
    impedimento_declarar,
    membros_que_faltam,
    parecer_registrar,
    recurso_julgar,
    recurso_receber,
)
from candidatos.services.heteroidentificacao.publicacao import (
    Pendente,
    pendentes_do_final,
    prazo_recurso_padrao,
    resultado_final_publicar,
    resultado_preliminar_publicar,
)

__all__ = [
    "Pendente",
    "chamados_calcular",
    "chamados_convocar",
    "chamados_montar",
    "comissao_atualizar",
    "comissao_criar",
    "convocacao_exigir_verificacao",
    "convocacao_pendente_verificacao",
    "decisao_apurar",
    "exigir_membros_diferentes",
    "exigir_quorum",
    "gravacao_abrir",
    "gravacao_enviar",
    "impedimento_declarar",
    "membro_desligar",
    "membro_incluir",
    "membros_que_faltam",
    "parecer_registrar",
    "pendentes_do_final",
    "prazo_recurso_padrao",
    "presenca_registrar",
    "recursal_da_selecao",
    "recurso_julgar",
    "recurso_pelo_candidato",
    "recurso_receber",
    "resultado_final_de",
    "resultado_final_publicar",
    "resultado_preliminar_publicar",
    "sessao_agendar",
    "sessao_avisar",
]
