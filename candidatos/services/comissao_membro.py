"""O que o membro de comissão de heteroidentificação registra pelas suas telas.

Presença e parecer passam pelos serviços da heteroidentificação
(``candidatos.services.heteroidentificacao``); aqui ficam só as regras do membro
(issue 15, item 8): quem registra é o próprio membro, em exercício na comissão que
julga, e cada exibição do candidato à comissão fica registrada (LGPD, art. 37).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from candidatos.models import (
    AcessoDadoSensivel,
    ChamadoHeteroidentificacao,
    ImpedimentoMembro,
    Instancia,
    Parecer,
    Presenca,
    RecursoHeteroidentificacao,
    SessaoHeteroidentificacao,
    SituacaoRecursoHetero,
)
from candidatos.services.heteroidentificacao import chamados as servico_chamados
from candidatos.services.heteroidentificacao import julgamento
from selecoes.models import MembroComissao


def acessos_comissao_registrar(
    *, usuario: User, inscricao_ids: Iterable[int], contexto: str, agora: datetime
) -> int:
    """Cada exibição de candidato à comissão: nome e categoria declarada são dado
    sensível (LGPD, arts. 11 e 37), como no RH (``inscricoes.acessos_registrar``)."""
    acessos = [
        AcessoDadoSensivel(
            usuario=usuario, inscricao_id=pk, acessado_em=agora, contexto=contexto[:100]
        )
        for pk in inscricao_ids
    ]
    AcessoDadoSensivel.objects.bulk_create(acessos)
    return len(acessos)


def pode_registrar_presenca(*, sessao: SessaoHeteroidentificacao, agora: datetime) -> bool:
    """A presença é da sessão: o membro a registra a partir do horário marcado."""
    return agora >= sessao.inicio


def pode_dar_parecer(*, chamado: ChamadoHeteroidentificacao, instancia: str) -> bool:
    """Na comissão, de quem compareceu; na recursal, enquanto o recurso está pendente."""
    if instancia == Instancia.RECURSAL:
        return RecursoHeteroidentificacao.objects.filter(
            chamado=chamado, situacao=SituacaoRecursoHetero.PENDENTE
        ).exists()
    return chamado.presenca == Presenca.PRESENTE


def _exigir_proprio(membro: MembroComissao, usuario: User) -> None:
    """Ninguém registra em nome de um membro: nem o RH, nem outro membro."""
    if membro.usuario_id != usuario.pk or not membro.ativo:
        raise ValidationError(
            f"Membro: só {membro.nome} registra o próprio parecer e a presença que anota."
        )


@transaction.atomic
def presenca_registrar(
    *,
    chamado: ChamadoHeteroidentificacao,
    membro: MembroComissao,
    presenca: str,
    usuario: User,
    agora: datetime,
) -> ChamadoHeteroidentificacao:
    """Presença registrada por um membro em exercício da comissão da sessão, a partir
    do horário da sessão; antes do primeiro parecer, como pelo RH
    (``chamados.presenca_registrar``, issue 15, item 5)."""
    _exigir_proprio(membro, usuario)
    sessao = (
        SessaoHeteroidentificacao.objects.filter(chamados=chamado.pk).first()
        if chamado.pk
        else None
    )
    if sessao is None or membro.comissao_id != sessao.comissao_id:
        raise ValidationError(f"Presença: {membro.nome} não é membro da comissão desta sessão.")
    if not pode_registrar_presenca(sessao=sessao, agora=agora):
        raise ValidationError(
            "Presença: a sessão ainda não começou; registre a presença a partir do horário marcado."
        )
    return servico_chamados.presenca_registrar(
        chamado=chamado, presenca=presenca, usuario=usuario, agora=agora
    )


@transaction.atomic
def parecer_registrar(
    *,
    chamado: ChamadoHeteroidentificacao,
    membro: MembroComissao,
    instancia: str,
    voto: str,
    fundamentacao: str,
    usuario: User,
    agora: datetime,
) -> Parecer:
    """O parecer fundamentado do próprio membro; um só, que não muda depois
    (``Parecer`` é somente de acréscimo; issue 15, item 6)."""
    _exigir_proprio(membro, usuario)
    return julgamento.parecer_registrar(
        membro=membro,
        chamado=chamado,
        voto=voto,
        fundamentacao=fundamentacao,
        usuario=usuario,
        agora=agora,
        instancia=instancia,
    )


def impedimento_declarar(
    *,
    chamado: ChamadoHeteroidentificacao,
    membro: MembroComissao,
    instancia: str,
    motivo: str,
    usuario: User,
    agora: datetime,
) -> ImpedimentoMembro:
    """O impedimento ou a suspeição que o próprio membro comunica (Lei nº 9.784/1999,
    art. 19); quem está na tela declara só por si."""
    return julgamento.impedimento_declarar(
        chamado=chamado,
        membro=membro,
        instancia=instancia,
        motivo=motivo,
        usuario=usuario,
        agora=agora,
    )


def pode_declarar_impedimento(*, chamado: ChamadoHeteroidentificacao, instancia: str) -> bool:
    """Na comissão, do convocado à sessão; na recursal, enquanto o recurso está pendente."""
    if instancia == Instancia.RECURSAL:
        return pode_dar_parecer(chamado=chamado, instancia=instancia)
    return chamado.sessao_id is not None
