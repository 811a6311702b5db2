"""Linhas da página de pendências: o que espera o RH, com a ação que o papel permite."""

from __future__ import annotations

from datetime import date, datetime

from django.urls import reverse

from candidatos.models import ProcessoEliminacao, SituacaoProcesso
from candidatos.selectors.classificacao import estado_vaga
from candidatos.selectors.pendencias.consultas import (
    convocacoes_vencidas,
    processos_pendentes,
    recursos_pendentes,
    vagas_a_suprir,
)
from candidatos.selectors.pendencias.tipos import (
    Acao,
    Pendencia,
    TipoPendencia,
    edita,
    rotulo_selecao,
)
from selecoes import acesso
from selecoes.models import Papel

# --- linhas da página --------------------------------------------------------------


def _linhas_convocacoes(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    vencidas = (
        convocacoes_vencidas(usuario, agora=agora)
        .filter(vaga__selecao__orgao_id=orgao_id)
        .select_related("inscricao", "vaga__selecao")
        .order_by("prazo_resposta", "pk")
    )
    return [
        Pendencia(
            tipo=TipoPendencia.CONVOCACAO_VENCIDA,
            objeto_id=c.pk,
            selecao_id=c.vaga.selecao_id,
            selecao=rotulo_selecao(c.vaga.selecao),
            descricao=f"{c.inscricao.numero} — {c.inscricao.nome_exibicao} (vaga {c.vaga.codigo})",
            quando=c.prazo_resposta,
            situacao="Sem resposta até o prazo",
            acao=Acao(
                "Registrar o desfecho" if edita(papel) else "Ver convocação",
                reverse("classificacao:convocacao", args=[c.pk]),
                edita(papel),
            ),
        )
        for c in vencidas
    ]


def _linhas_vagas(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    """Cada vaga liberada com quem o motor manda chamar agora (a mesma conta da
    página da vaga); esgotada a classificação, a linha diz que não há quem chamar."""
    linhas = []
    for v in vagas_a_suprir(usuario, agora=agora):
        if v.selecao.orgao_id != orgao_id:
            continue
        livres = v.vagas_ofertadas + v.vagas_surgidas - v.ocupadas  # type: ignore[attr-defined]
        estado = estado_vaga(v)
        proximos = [item.numero for item in estado.a_convocar]
        if estado.erro or estado.divergentes:
            situacao = "Resolva na página da vaga antes de convocar: " + (
                estado.erro or "há convocados fora da ordem do motor."
            )
        elif proximos:
            situacao = (
                f"{livres} vaga(s) liberada(s) sem ocupante; a convocar: {', '.join(proximos)}"
            )
        else:
            situacao = f"{livres} vaga(s) sem ocupante e classificação esgotada: ninguém a convocar"
        convocavel = estado.pode_convocar and not estado.divergentes
        linhas.append(
            Pendencia(
                tipo=TipoPendencia.VAGA_A_SUPRIR,
                objeto_id=v.pk,
                selecao_id=v.selecao_id,
                selecao=rotulo_selecao(v.selecao),
                descricao=f"Vaga {v.codigo} — {v.area} ({v.municipio}/{v.uf})",
                quando=None,
                situacao=situacao,
                acao=Acao(
                    "Convocar o próximo" if edita(papel) and convocavel else "Ver a vaga",
                    reverse("classificacao:vaga", args=[v.pk]),
                    edita(papel) and convocavel,
                ),
                quantidade=len(proximos) if convocavel else 0,
            )
        )
    return linhas


def _linhas_recursos(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None
) -> list[Pendencia]:
    recursos = (
        recursos_pendentes(usuario)
        .filter(selecao__orgao_id=orgao_id)
        .select_related("inscricao", "selecao")
        .order_by("recebido_em", "pk")
    )
    return [
        Pendencia(
            tipo=TipoPendencia.RECURSO,
            objeto_id=r.pk,
            selecao_id=r.selecao_id,
            selecao=rotulo_selecao(r.selecao),
            descricao=f"{r.inscricao.numero} — {r.inscricao.nome_exibicao}: {r.assunto}",
            quando=r.recebido_em,
            situacao="Recebido, sem decisão",
            acao=(
                Acao("Decidir", reverse("classificacao:recurso_decidir", args=[r.pk]), True)
                if edita(papel)
                else Acao(
                    "Ver recursos", reverse("classificacao:recursos", args=[r.selecao_id]), False
                )
            ),
        )
        for r in recursos
    ]


def _acao_processo(p: ProcessoEliminacao, papel: Papel | None) -> Acao:
    url = reverse("classificacao:processo", args=[p.pk])
    if p.situacao == SituacaoProcesso.ABERTO:
        return Acao("Notificar o candidato", url, True) if edita(papel) else Acao("Ver", url, False)
    if papel is Papel.GESTOR:
        return Acao("Decidir", url, True)
    return Acao("Ver (decisão do gestor)", url, False)


def _linhas_processos(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    processos = (
        processos_pendentes(usuario, agora=agora)
        .filter(inscricao__selecao__orgao_id=orgao_id)
        .select_related("inscricao__selecao")
        .order_by("aberto_em", "pk")
    )
    linhas = []
    for p in processos:
        quando: datetime | date | None
        if p.situacao == SituacaoProcesso.ABERTO:
            situacao, quando = "Aberto: notificar o candidato", p.aberto_em
        elif p.defesa_recebida_em is not None:
            situacao, quando = "Defesa recebida: aguardando decisão", p.defesa_recebida_em
        else:
            situacao, quando = "Prazo de defesa encerrado: aguardando decisão", p.prazo_defesa
        linhas.append(
            Pendencia(
                tipo=TipoPendencia.PROCESSO,
                objeto_id=p.pk,
                selecao_id=p.inscricao.selecao_id,
                selecao=rotulo_selecao(p.inscricao.selecao),
                descricao=f"{p.inscricao.numero} — {p.inscricao.nome_exibicao}",
                quando=quando,
                situacao=situacao,
                acao=_acao_processo(p, papel),
            )
        )
    return linhas


def pendencias_do_orgao(
    usuario: acesso.Usuario, *, orgao_id: int, agora: datetime
) -> dict[TipoPendencia, list[Pendencia]]:
    """As pendências de candidatos do órgão, por tipo, com a ação de cada uma conforme
    o papel: auditor(a) só vê; operador(a) não decide eliminação (só gestor)."""
    papel = acesso.papel_no_orgao(usuario, orgao_id)
    if papel is None:
        return {}
    return {
        TipoPendencia.CONVOCACAO_VENCIDA: _linhas_convocacoes(usuario, orgao_id, papel, agora),
        TipoPendencia.VAGA_A_SUPRIR: _linhas_vagas(usuario, orgao_id, papel, agora),
        TipoPendencia.RECURSO: _linhas_recursos(usuario, orgao_id, papel),
        TipoPendencia.PROCESSO: _linhas_processos(usuario, orgao_id, papel, agora),
    }
