"""Convocação, respostas e desfechos (arts. 3º e 4º do Decreto nº 9.427/2018).

Toda ação sobre uma vaga trava a linha da ``VagaEstagio`` (``select_for_update``
dentro de ``transaction.atomic``) e recalcula o estado pelo motor dentro da
trava: dois servidores agindo ao mesmo tempo nunca chamam o mesmo candidato
duas vezes nem preenchem a mesma vaga duas vezes.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max

from candidatos.models import (
    Convocacao,
    Inscricao,
    SituacaoConvocacao,
    SituacaoInscricao,
)
from candidatos.selectors.classificacao import EstadoVaga, estado_vaga, rotulo_modalidade
from selecoes import auditoria
from selecoes.models import VagaEstagio

DESFECHOS_DE_DESISTENCIA = (
    SituacaoConvocacao.RECUSADA,
    SituacaoConvocacao.NAO_COMPARECEU,
    SituacaoConvocacao.DESISTIU,
)


class AcaoInvalida(ValidationError):
    """A ação não cabe no estado atual; a mensagem diz por quê."""


def travar_vaga(vaga_id: int) -> VagaEstagio:
    """Trava a vaga até o fim da transação (chame dentro de ``transaction.atomic``)."""
    return VagaEstagio.objects.select_for_update().select_related("selecao__orgao").get(pk=vaga_id)


def _retrato(c: Convocacao) -> dict[str, Any]:
    return {
        "situacao": c.situacao,
        "modalidade": c.modalidade,
        "ordem": c.ordem,
        "data_inicio": c.data_inicio.isoformat() if c.data_inicio else None,
        "numero_tce": c.numero_tce,
        "encerrada_em": c.encerrada_em.isoformat() if c.encerrada_em else None,
    }


def _registrar(
    acao: str,
    c: Convocacao,
    descricao: str,
    usuario: Any,
    antes: dict[str, Any] | None,
    motivo: str = "",
) -> None:
    auditoria.registrar(
        acao=acao,
        objeto=c,
        descricao=descricao,
        usuario=usuario,
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
        antes=antes,
        depois=_retrato(c),
        motivo=motivo,
    )


def convocar_proximos(
    *,
    vaga: VagaEstagio,
    quantidade: int,
    prazo_resposta: datetime,
    usuario: Any,
    agora: datetime,
) -> list[Convocacao]:
    """ "Convocar próximos N": os N primeiros da ordem do motor ainda não
    chamados, com a modalidade de agora (art. 3º; art. 4º, caput e §§ 1º a 3º).
    Cada um recebe um código de acesso aleatório para a página de resposta; o
    e-mail sai depois do commit.
    """
    from candidatos.services import mensagens

    if quantidade < 1:
        raise AcaoInvalida("Quantidade: informe ao menos 1 candidato.")
    if prazo_resposta <= agora:
        raise AcaoInvalida("Prazo para resposta: deve ser depois de agora.")
    with transaction.atomic():
        vaga = travar_vaga(vaga.pk)
        estado = estado_vaga(vaga)
        _exigir_convocavel(estado)
        if quantidade > len(estado.a_convocar):
            raise AcaoInvalida(
                f"Quantidade: só há {len(estado.a_convocar)} candidato(s) a convocar agora "
                f"nesta vaga ({estado.k} vaga(s) a preencher)."
            )
        proxima = (Convocacao.objects.filter(vaga=vaga).aggregate(m=Max("ordem"))["m"] or 0) + 1
        criadas = []
        for n, item in enumerate(estado.a_convocar[:quantidade]):
            c = Convocacao.objects.create(
                vaga=vaga,
                inscricao_id=item.inscricao_id,
                ordem=proxima + n,
                modalidade=item.modalidade,
                convocada_em=agora,
                convocada_por=usuario,
                prazo_resposta=prazo_resposta,
                token=secrets.token_urlsafe(32),
            )
            _registrar(
                "convocacao.criada",
                c,
                f"{c.ordem}ª convocação em {vaga.codigo}: {item.numero} "
                f"({rotulo_modalidade(item.modalidade)})",
                usuario,
                None,
                motivo=item.explicacao,
            )
            criadas.append(c)
        # A convocação já está gravada; se a fila cair, o erro vai ao log e o
        # e-mail pode ser reenviado pela tarefa (idempotente).
        for c in criadas:
            mensagens.convocacao_enfileirar(convocacao_id=c.pk)
    return criadas


def _exigir_convocavel(estado: EstadoVaga) -> None:
    if estado.fonte != "resultado_final":
        raise AcaoInvalida("A convocação começa depois da publicação do resultado final.")
    if estado.erro:
        raise AcaoInvalida(estado.erro)
    if estado.divergentes:
        numeros = ", ".join(c.inscricao.numero for c in estado.divergentes)
        raise AcaoInvalida(
            f"Há convocados que não estão mais na ordem do motor ({numeros}); "
            "resolva a divergência antes de novas convocações."
        )
    if not estado.a_convocar:
        raise AcaoInvalida(
            "Não há candidatos a convocar: todas as vagas a preencher já foram chamadas."
        )


def registrar_vagas_surgidas(
    *, vaga: VagaEstagio, quantidade: int, motivo: str, usuario: Any
) -> VagaEstagio:
    """Vagas surgidas na validade (cadastro de reserva) aumentam k: a sequência
    de convocação continua de onde parou (art. 3º; regras, § 4)."""
    if quantidade < 1:
        raise AcaoInvalida("Quantidade: informe ao menos 1 vaga surgida.")
    if not motivo.strip():
        raise AcaoInvalida("Motivo: informe o ato que criou as vagas.")
    with transaction.atomic():
        vaga = travar_vaga(vaga.pk)
        antes = vaga.vagas_surgidas
        vaga.vagas_surgidas = antes + quantidade
        vaga.save(update_fields=["vagas_surgidas"])
        auditoria.registrar(
            acao="vaga.vagas_surgidas",
            objeto=vaga,
            descricao=f"{quantidade} vaga(s) surgida(s) em {vaga.codigo}",
            usuario=usuario,
            selecao=vaga.selecao,
            antes={"vagas_surgidas": antes},
            depois={"vagas_surgidas": vaga.vagas_surgidas},
            motivo=motivo.strip(),
        )
    return vaga


def _obter_travada(convocacao: Convocacao) -> Convocacao:
    travar_vaga(convocacao.vaga_id)
    return Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(
        pk=convocacao.pk
    )


def registrar_ciencia(*, convocacao: Convocacao, agora: datetime) -> Convocacao:
    """O candidato declara, na página dedicada, que tomou ciência da convocação."""
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.ciente_em is None:
            c.ciente_em = agora
            c.save(update_fields=["ciente_em"])
            _registrar("convocacao.ciencia", c, f"Ciência de {c.inscricao.numero}", None, None)
    return c


def responder(*, convocacao: Convocacao, aceita: bool, agora: datetime) -> Convocacao:
    """Resposta do candidato: aceitar (aguarda contratação) ou recusar — a recusa é
    desistência (art. 4º, § 2º) e o motor chama o próximo pela mesma regra."""
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao != SituacaoConvocacao.AGUARDANDO:
            raise AcaoInvalida("Esta convocação já foi respondida.")
        if agora > c.prazo_resposta:
            raise AcaoInvalida("O prazo para responder terminou; procure o RH do órgão.")
        antes = _retrato(c)
        c.ciente_em = c.ciente_em or agora
        c.respondida_em = agora
        if aceita:
            c.situacao = SituacaoConvocacao.ACEITA
            c.save(update_fields=["ciente_em", "respondida_em", "situacao"])
            _registrar("convocacao.aceita", c, f"{c.inscricao.numero} aceitou", None, antes)
        else:
            _encerrar(c, SituacaoConvocacao.RECUSADA, agora.date(), "Recusada pelo candidato.")
            c.save()
            _registrar("convocacao.recusada", c, f"{c.inscricao.numero} recusou", None, antes)
            _tornar_desistente(c.inscricao, None, "Recusou a convocação.")
    return c


def registrar_contratacao(
    *,
    convocacao: Convocacao,
    data_inicio: date,
    numero_tce: str,
    usuario: Any,
) -> Convocacao:
    """Aceitou → contratado(a), com início do estágio e número do TCE."""
    if not numero_tce.strip():
        raise AcaoInvalida("Número do TCE: informe o número do termo de compromisso.")
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao not in (SituacaoConvocacao.AGUARDANDO, SituacaoConvocacao.ACEITA):
            raise AcaoInvalida(
                f"Não é possível contratar: a convocação está {c.get_situacao_display().lower()}."
            )
        if c.inscricao.situacao != SituacaoInscricao.ATIVA:
            raise AcaoInvalida("Não é possível contratar: a inscrição não está ativa.")
        antes = _retrato(c)
        c.situacao = SituacaoConvocacao.CONTRATADO
        c.data_inicio = data_inicio
        c.numero_tce = numero_tce.strip()
        c.save()
        _registrar(
            "convocacao.contratado",
            c,
            f"{c.inscricao.numero} contratado(a), TCE {c.numero_tce}",
            usuario,
            antes,
        )
    return c


def registrar_desistencia(
    *,
    convocacao: Convocacao,
    situacao: str,
    data: date,
    motivo: str,
    usuario: Any,
) -> Convocacao:
    """Recusou, não compareceu ou desistiu, em qualquer etapa (art. 4º, § 2º):
    a inscrição vira desistente e o motor, com o mesmo k, indica quem chamar
    para a vaga liberada — o próximo negro se ela era reservada, o próximo da
    classificação se era de ampla concorrência, reversão se não houver (§ 3º).
    """
    if situacao not in DESFECHOS_DE_DESISTENCIA:
        raise AcaoInvalida("Desfecho: escolha recusou, não compareceu ou desistiu.")
    if not motivo.strip():
        raise AcaoInvalida("Motivo: descreva o que aconteceu (ex.: e-mail do candidato).")
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao not in (
            SituacaoConvocacao.AGUARDANDO,
            SituacaoConvocacao.ACEITA,
            SituacaoConvocacao.CONTRATADO,
        ):
            raise AcaoInvalida(
                f"A convocação já está encerrada ({c.get_situacao_display().lower()})."
            )
        if situacao != SituacaoConvocacao.DESISTIU and c.situacao == SituacaoConvocacao.CONTRATADO:
            raise AcaoInvalida("Quem já foi contratado só pode desistir do estágio.")
        antes = _retrato(c)
        _encerrar(c, situacao, data, motivo.strip())
        c.save()
        _registrar(
            f"convocacao.{situacao}",
            c,
            f"{c.inscricao.numero}: {c.get_situacao_display().lower()}",
            usuario,
            antes,
            motivo=motivo.strip(),
        )
        _tornar_desistente(c.inscricao, usuario, motivo.strip())
    return c


def registrar_desistencia_inscricao(
    *, inscricao: Inscricao, motivo: str, usuario: Any
) -> Inscricao:
    """Desistência de quem ainda não foi convocado (art. 4º, § 2º): sai da
    classificação; a ordem do motor segue sem ele."""
    if not motivo.strip():
        raise AcaoInvalida("Motivo: descreva o pedido de desistência.")
    with transaction.atomic():
        travar_vaga(inscricao.vaga_id)
        inscricao = Inscricao.objects.select_related("selecao").get(pk=inscricao.pk)
        if inscricao.convocacoes.exists():
            raise AcaoInvalida(
                "Esta inscrição já foi convocada: registre a desistência na convocação."
            )
        if inscricao.situacao != SituacaoInscricao.ATIVA:
            raise AcaoInvalida("A inscrição não está ativa.")
        _tornar_desistente(inscricao, usuario, motivo.strip())
    return inscricao


def _encerrar(c: Convocacao, situacao: str, data: date, motivo: str) -> None:
    c.situacao = situacao
    c.encerrada_em = data
    c.motivo_encerramento = motivo


def _tornar_desistente(inscricao: Inscricao, usuario: Any, motivo: str) -> None:
    antes = inscricao.situacao
    inscricao.situacao = SituacaoInscricao.DESISTENTE
    inscricao.save(update_fields=["situacao", "atualizada_em"])
    auditoria.registrar(
        acao="inscricao.desistente",
        objeto=inscricao,
        descricao=f"{inscricao.numero} passou a desistente (art. 4º, § 2º)",
        usuario=usuario,
        selecao=inscricao.selecao,
        inscricao_id=inscricao.pk,
        antes={"situacao": antes},
        depois={"situacao": SituacaoInscricao.DESISTENTE},
        motivo=motivo,
    )
