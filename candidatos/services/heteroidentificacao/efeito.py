"""O resultado final da verificação de quem foi convocado pelo cadastro de reserva
(issue 15, item 4: verificado antes de a convocação valer; regras de reserva, § 1).

- *Não confirmada*, *indício de fraude* e *ausente* (quando o edital diz que ausente
  perde): a convocação numa vaga da categoria fica **sem efeito**, sob a trava da
  vaga como toda mudança de convocação; a inscrição continua ativa, na ampla
  concorrência; o candidato é avisado pela caixa de saída; a vaga volta a ter uma
  chamada a fazer (o próximo da lista da categoria, ou a reversão, pelo motor). Com
  ``convocacao_automatica`` o próximo é chamado na hora, como no não comparecimento;
  senão a vaga aparece nas pendências do RH (vaga liberada aguardando a próxima
  convocação). O RH é avisado nos dois casos.
- *Confirmada* (ou ausente que mantém a categoria): a convocação segue e a
  contratação deixa de ser recusada.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    ChamadoHeteroidentificacao,
    Convocacao,
    ResultadoHeteroidentificacao,
    SituacaoConvocacao,
)
from candidatos.services.heteroidentificacao import regras
from selecoes import auditoria
from selecoes.categorias import Categoria
from selecoes.models import ConfirmacaoCategoria

NA_FRASE = {
    ResultadoHeteroidentificacao.CONFIRMADA: "confirmada",
    ResultadoHeteroidentificacao.NAO_CONFIRMADA: "não confirmada",
    ResultadoHeteroidentificacao.AUSENTE: "ausente",
    ResultadoHeteroidentificacao.INDICIO_FRAUDE: "não confirmada, com indício de declaração falsa",
}


def convocacoes_aplicar_verificacao(
    *, chamados: list[ChamadoHeteroidentificacao], usuario: Any, agora: datetime
) -> list[Convocacao]:
    """Aplica o resultado final de cada chamado ligado a uma convocação; devolve as que
    ficaram sem efeito. Chame dentro da transação que gravou os resultados finais,
    depois de gravá-los todos (o motor os lê ao indicar o próximo)."""
    sem_efeito: list[tuple[Convocacao, str]] = []
    for chamado in sorted(chamados, key=lambda c: (c.convocacao_id or 0, c.pk)):
        if chamado.convocacao_id is None:
            continue
        saida = _aplicar(chamado, usuario, agora)
        if saida is not None:
            sem_efeito.append(saida)
    # O próximo só depois de todas encerradas: uma convocação ainda viva de quem já
    # perdeu a categoria estaria fora da ordem do motor e seguraria a vaga.
    por_vaga: dict[int, list[tuple[Convocacao, str]]] = defaultdict(list)
    for c, motivo in sem_efeito:
        por_vaga[c.vaga_id].append((c, motivo))
    for encerradas in por_vaga.values():
        _chamar_os_proximos(encerradas, agora)
    return [c for c, _motivo in sem_efeito]


def _aplicar(
    chamado: ChamadoHeteroidentificacao, usuario: Any, agora: datetime
) -> tuple[Convocacao, str] | None:
    from candidatos.services import convocacao as servico
    from candidatos.services.heteroidentificacao.chamados import resultado_final_de

    assert chamado.convocacao_id is not None  # noqa: S101 — conferido por quem chama
    resultado = resultado_final_de(chamado)
    if resultado is None:
        return None
    vaga_id = Convocacao.objects.values_list("vaga_id", flat=True).get(pk=chamado.convocacao_id)
    vaga = servico.travar_vaga(vaga_id)
    c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(
        pk=chamado.convocacao_id
    )
    regra = ConfirmacaoCategoria.objects.get(
        selecao_id=chamado.selecao_id, categoria=chamado.categoria
    )
    perde = regras.perde_categoria(resultado, ausente_perde=regra.ausente_perde_categoria)
    nome = Categoria(chamado.categoria).label
    ocupa = SituacaoConvocacao(c.situacao).ocupa_vaga and c.modalidade == chamado.categoria
    if not perde or not ocupa:
        auditoria.registrar(
            acao="heteroidentificacao.convocacao_liberada",
            objeto=chamado,
            descricao=f"Convocação de {c.inscricao.numero} liberada pela heteroidentificação "
            f"({nome}: {NA_FRASE[ResultadoHeteroidentificacao(resultado)]})",
            usuario=usuario,
            selecao=vaga.selecao,
            inscricao_id=c.inscricao_id,
            depois={"convocacao": c.pk, "resultado": resultado, "perde_categoria": perde},
        )
        return None
    rotulo_resultado = NA_FRASE[ResultadoHeteroidentificacao(resultado)]
    motivo = (
        f"Sem efeito: convocado(a) pelo cadastro de reserva numa vaga reservada ({nome}), "
        f"a heteroidentificação teve resultado final {rotulo_resultado}; pelo edital "
        f"({regra.item_edital}), perde a categoria e continua na ampla concorrência "
        "(regras de reserva, § 1)."
    )
    servico.convocacao_encerrar(
        convocacao=c,
        situacao=SituacaoConvocacao.SEM_EFEITO,
        data=timezone.localdate(agora),
        motivo=motivo,
        descricao=f"{c.inscricao.numero}: convocação sem efeito (heteroidentificação, {nome})",
        usuario=usuario,
    )
    _avisar_candidato(c, chamado, resultado, regra.item_edital)
    return c, motivo


def _avisar_candidato(
    c: Convocacao, chamado: ChamadoHeteroidentificacao, resultado: str, item_edital: str
) -> None:
    from candidatos.services import mensagens

    if not c.inscricao.email:
        return
    contexto = {
        "convocacao": c,
        "inscricao": c.inscricao,
        "selecao": c.vaga.selecao,
        "vaga": c.vaga,
        "categoria": Categoria(chamado.categoria).label,
        "resultado": NA_FRASE[ResultadoHeteroidentificacao(resultado)],
        "item_edital": item_edital,
        "fraude": resultado == ResultadoHeteroidentificacao.INDICIO_FRAUDE,
    }
    mensagens.texto_enfileirar(
        modelo="convocacao_sem_efeito", contexto=contexto, para=c.inscricao.email
    )


def _chamar_os_proximos(encerradas: list[tuple[Convocacao, str]], agora: datetime) -> None:
    """Como no não comparecimento (``candidatos.services.prazos``): o edital diz se os
    próximos são convocados na hora ou se o RH confirma; o RH é avisado nos dois casos."""
    from candidatos.services import convocacao as servico
    from candidatos.services import prazos

    vaga = servico.travar_vaga(encerradas[0][0].vaga_id)
    selecao = vaga.selecao
    linhas = [f"- {c.inscricao.numero}: {motivo}" for c, motivo in encerradas]
    if selecao.convocacao_automatica:
        linhas += prazos.substitutos_convocar(vaga=vaga, quantidade=len(encerradas), agora=agora)
    else:
        linhas.append(
            "O edital pede que o RH confirme a convocação do próximo: abra a vaga "
            "e use “Convocar próximos” (a vaga está nas pendências)."
        )
    prazos.aviso_rh_enfileirar(
        selecao=selecao,
        titulo=f"Convocação sem efeito na vaga {vaga.codigo} (heteroidentificação)",
        linhas=linhas,
        link=reverse("classificacao:vaga", args=[vaga.pk]),
    )
