"""Fábricas e atalhos para cenários de classificação e convocação."""

import datetime as dt
from decimal import Decimal

from django.utils import timezone

from candidatos.models import Avaliacao, CorRaca, SituacaoAvaliacao, TipoResultado
from candidatos.services import resultado
from selecoes.models import CriterioAvaliacao, SituacaoSelecao
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory

AGORA = dt.datetime(2026, 6, 1, 10, 0, tzinfo=dt.UTC)


def nova_vaga(
    orgao,
    *,
    ofertadas=5,
    pcd=False,
    criterios=None,
    desempate=None,
    codigo="DIR",
    inscricoes_fim=AGORA - dt.timedelta(days=10),
):
    """Uma seleção publicada com uma vaga; por padrão, só a reserva de negros e
    inscrições já encerradas (o resultado só sai depois delas)."""
    selecao = SelecaoFactory(
        orgao=orgao,
        inscricoes_inicio=inscricoes_fim - dt.timedelta(days=20),
        inscricoes_fim=inscricoes_fim,
        reserva_pcd=pcd,
        situacao=SituacaoSelecao.PUBLICADA,
        criterios_desempate=desempate
        if desempate is not None
        else [{"criterio": "maior_nota"}, {"criterio": "maior_idade"}],
    )
    for ordem, (cod, peso) in enumerate(criterios or []):
        CriterioAvaliacao.objects.create(
            selecao=selecao, codigo=cod, nome=cod.title(), peso=Decimal(peso), ordem=ordem
        )
    return VagaEstagioFactory(selecao=selecao, codigo=codigo, vagas_ofertadas=ofertadas)


def inscrever(vaga, numero, *, negro=False, pcd=False, nascimento=dt.date(2003, 5, 17), **extra):
    return InscricaoFactory(
        vaga=vaga,
        numero=numero,
        nome_civil=extra.pop("nome", f"Candidato {numero}"),
        cor_raca=CorRaca.PARDA if negro else CorRaca.BRANCA,
        concorre_negros=negro,
        pcd=pcd,
        concorre_pcd=pcd,
        data_nascimento=nascimento,
        **extra,
    )


def aprovar(inscricao, nota, notas=None):
    return Avaliacao.objects.update_or_create(
        inscricao=inscricao,
        defaults={
            "situacao": SituacaoAvaliacao.APROVADO,
            "nota_final": Decimal(nota),
            "notas": notas or {},
        },
    )[0]


def classificacao(vaga, letras, negros="XYZW", pcd=""):
    """Aprovados em ordem a partir de letras (notas decrescentes); maiúsculas em
    ``negros`` concorrem à reserva de negros, em ``pcd`` à de PcD."""
    inscricoes = {}
    for i, letra in enumerate(letras):
        ins = inscrever(vaga, f"{vaga.codigo}-{letra}", negro=letra in negros, pcd=letra in pcd)
        aprovar(ins, Decimal(100 - i))
        inscricoes[letra] = ins
    return inscricoes


def publicar_final(selecao, usuario, *, agora=AGORA):
    """Preliminar com prazo de recurso encerrado e, em seguida, o final."""
    resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=usuario,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=3),
        recurso_fim=agora - dt.timedelta(days=1),
        agora=agora - dt.timedelta(days=3),
    )
    return resultado.resultado_publicar(
        selecao=selecao, tipo=TipoResultado.FINAL, usuario=usuario, motivo="", agora=agora
    )


def prazo(agora=AGORA):
    return agora + dt.timedelta(days=5)


def agora_local():
    return timezone.localtime(AGORA)
