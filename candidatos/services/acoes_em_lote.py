"""Ações em lote do RH: convocar em várias vagas, registrar vários não
comparecimentos, reenviar avisos de convocação.

Cada item é a ação individual de sempre (o mesmo serviço, as mesmas regras e a
mesma trilha), cada um na sua transação e sob a trava da sua vaga: a falha de um
não desfaz os outros e vira uma linha do resumo com o motivo. Repetir o mesmo
envio (clique duplo, recarregar a página) não chama nem avisa ninguém duas vezes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any
from uuid import UUID, uuid5

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from candidatos.models import Convocacao, PedidoConvocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from selecoes import auditoria
from selecoes.filas import enfileirar_apos_commit
from selecoes.models import RegistroAuditoria, VagaEstagio

INTERVALO_REENVIO = timedelta(hours=1)
ACAO_REENVIO = "convocacao.aviso_reenviado"


@dataclass(frozen=True)
class ItemLote:
    rotulo: str
    ok: bool
    mensagem: str
    numeros: tuple[str, ...] = ()
    """Inscrições convocadas (na convocação em lote)."""
    repetido: bool = False
    """Já feito por este mesmo pedido: nada mudou agora."""


@dataclass(frozen=True)
class ResumoLote:
    titulo: str
    itens: tuple[ItemLote, ...]

    @property
    def feitos(self) -> tuple[ItemLote, ...]:
        return tuple(i for i in self.itens if i.ok)

    @property
    def falhas(self) -> tuple[ItemLote, ...]:
        return tuple(i for i in self.itens if not i.ok)


def _mensagem(erro: ValidationError) -> str:
    return " ".join(erro.messages)


def chave_da_vaga(chave: UUID, vaga_id: int) -> UUID:
    """A chave do pedido de cada vaga, derivada da chave do lote: o mesmo lote
    repetido reencontra, vaga a vaga, o pedido já atendido."""
    return uuid5(chave, f"vaga:{vaga_id}")


def convocar_em_lote(
    *,
    pedidos: Sequence[tuple[VagaEstagio, int]],
    prazo_resposta: datetime,
    usuario: Any,
    agora: datetime,
    chave: UUID,
) -> ResumoLote:
    """ "Convocar próximos N" em várias vagas (arts. 3º e 4º): cada vaga pelo
    ``proximos_convocar`` de sempre, com a sua trava e a sua transação, e um
    registro de auditoria do lote por vaga atendida."""
    itens = []
    for vaga, quantidade in pedidos:
        rotulo = f"Vaga {vaga.codigo} — edital {vaga.selecao.numero_edital}"
        chave_vaga = chave_da_vaga(chave, vaga.pk)
        try:
            with transaction.atomic():
                travada = servico.travar_vaga(vaga.pk)
                repetido = PedidoConvocacao.objects.filter(chave=chave_vaga).exists()
                criadas = servico.proximos_convocar(
                    vaga=travada,
                    quantidade=quantidade,
                    prazo_resposta=prazo_resposta,
                    usuario=usuario,
                    agora=agora,
                    chave=chave_vaga,
                )
                numeros = tuple(c.inscricao.numero for c in criadas)
                if not repetido:
                    auditoria.registrar(
                        acao="convocacao.lote",
                        objeto=travada,
                        descricao=f"Convocação em lote: {len(criadas)} em {travada.codigo} "
                        f"({', '.join(numeros)})",
                        usuario=usuario,
                        selecao=travada.selecao,
                        depois={
                            "lote": str(chave),
                            "pedido": str(chave_vaga),
                            "quantidade": quantidade,
                            "convocados": list(numeros),
                            "prazo_resposta": prazo_resposta.isoformat(),
                        },
                    )
        except ValidationError as erro:
            itens.append(ItemLote(rotulo, False, _mensagem(erro)))
            continue
        mensagem = (
            "Já convocados por este mesmo pedido; ninguém foi chamado de novo."
            if repetido
            else f"{len(criadas)} convocado(s). E-mails em envio."
        )
        itens.append(ItemLote(rotulo, True, mensagem, numeros, repetido))
    return ResumoLote("Convocação em lote", tuple(itens))


def nao_comparecimento_em_lote(
    *, convocacoes: Sequence[Convocacao], data: date, motivo: str, usuario: Any
) -> ResumoLote:
    """Não comparecimento (art. 4º, § 2º: é desistência) de várias convocações,
    cada uma por ``desistencia_registrar``; a já registrada assim conta como feita."""
    if not motivo.strip():
        raise servico.AcaoInvalida("Motivo: descreva o que aconteceu (ex.: prazo vencido).")
    itens = []
    for c in convocacoes:
        rotulo = f"{c.inscricao.numero} (vaga {c.vaga.codigo})"
        try:
            servico.desistencia_registrar(
                convocacao=c,
                situacao=SituacaoConvocacao.NAO_COMPARECEU,
                data=data,
                motivo=motivo,
                usuario=usuario,
            )
        except ValidationError as erro:
            atual = Convocacao.objects.filter(pk=c.pk).values_list("situacao", flat=True).first()
            if atual == SituacaoConvocacao.NAO_COMPARECEU:
                itens.append(ItemLote(rotulo, True, "Já estava registrado.", repetido=True))
            else:
                itens.append(ItemLote(rotulo, False, _mensagem(erro)))
            continue
        itens.append(ItemLote(rotulo, True, "Não comparecimento registrado; a vaga foi liberada."))
    return ResumoLote("Não comparecimento em lote", tuple(itens))


def _ultimo_reenvio(c: Convocacao) -> RegistroAuditoria | None:
    return (
        RegistroAuditoria.objects.filter(
            objeto_tipo=c._meta.label, objeto_id=str(c.pk), acao=ACAO_REENVIO
        )
        .order_by("-criado_em", "-pk")
        .first()
    )


def avisos_reenviar(
    *, convocacoes: Sequence[Convocacao], usuario: Any, agora: datetime, chave: UUID
) -> ResumoLote:
    """Reenvia o e-mail da convocação (a mesma página dedicada e o mesmo prazo) a
    quem ainda não respondeu. No máximo um reenvio por hora a cada candidato; o
    mesmo envio repetido (``chave``) não manda outro e-mail."""
    from candidatos import tasks

    itens = []
    for convocacao in convocacoes:
        with transaction.atomic():
            servico.travar_vaga(convocacao.vaga_id)
            c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(
                pk=convocacao.pk
            )
            rotulo = f"{c.inscricao.numero} (vaga {c.vaga.codigo})"
            ultimo = _ultimo_reenvio(c)
            if ultimo is not None and (ultimo.depois or {}).get("lote") == str(chave):
                itens.append(ItemLote(rotulo, True, "Já reenviado neste pedido.", repetido=True))
                continue
            if c.situacao != SituacaoConvocacao.AGUARDANDO:
                itens.append(
                    ItemLote(
                        rotulo, False, f"A convocação está {c.get_situacao_display().lower()}."
                    )
                )
                continue
            if c.prazo_resposta < agora:
                itens.append(
                    ItemLote(
                        rotulo,
                        False,
                        "O prazo para resposta já passou: registre o desfecho ou convoque de novo.",
                    )
                )
                continue
            if ultimo is not None and ultimo.criado_em > agora - INTERVALO_REENVIO:
                quando = timezone.localtime(ultimo.criado_em)
                itens.append(
                    ItemLote(
                        rotulo,
                        False,
                        f"Aviso já reenviado às {quando:%H:%M}; aguarde uma hora para reenviar.",
                    )
                )
                continue
            registro = auditoria.registrar(
                acao=ACAO_REENVIO,
                objeto=c,
                descricao=f"Reenvio do aviso de convocação a {c.inscricao.numero} pedido pelo RH",
                usuario=usuario,
                selecao=c.vaga.selecao,
                inscricao_id=c.inscricao_id,
                depois={"lote": str(chave)},
            )
            enfileirar_apos_commit(tasks.reenviar_email_convocacao, c.pk, registro.pk)
        itens.append(ItemLote(rotulo, True, "Aviso reenviado ao e-mail da inscrição."))
    return ResumoLote("Reenvio de avisos de convocação", tuple(itens))
