"""Candidato e RH ao mesmo tempo (PostgreSQL real, travas de linha)."""

import datetime as dt

import pytest
from django.utils import timezone

from candidatos.models import Recurso, TipoResultado
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao, recursos, resultado
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.candidatos.classificacao.test_concorrencia import _em_paralelo

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]


def test_dois_envios_do_mesmo_recurso_gravam_um_so(orgao, alice):
    agora = timezone.now()
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")["A"]
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=1),
        recurso_fim=agora + dt.timedelta(days=2),
        agora=agora - dt.timedelta(days=1),
    )

    def enviar():
        return recursos.recurso_interpor(
            inscricao=ins, assunto="Nota", texto="Revisão", anexos=[], agora=timezone.now()
        )

    saidas = _em_paralelo(enviar, enviar, enviar)
    assert Recurso.objects.filter(inscricao=ins).count() == 1
    assert sum(isinstance(s, Recurso) for s in saidas) == 1


def test_desistencia_do_candidato_e_convocacao_do_rh_nunca_passam_de_k(orgao, alice):
    vaga = nova_vaga(orgao, ofertadas=2)
    ins = classificacao(vaga, "ABXCDYE")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=2,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )

    def desistir():
        return convocacao.desistencia_pelo_candidato(
            inscricao=ins["A"], motivo="", agora=timezone.now()
        )

    def chamar():
        return convocacao.proximos_convocar(
            vaga=vaga,
            quantidade=1,
            prazo_resposta=timezone.now() + dt.timedelta(days=5),
            usuario=alice,
            agora=timezone.now(),
        )

    saidas = _em_paralelo(desistir, chamar)
    assert not isinstance(saidas[0], Exception), saidas[0]
    estado = estado_vaga(vaga)
    assert estado.vagas_ocupadas <= estado.k == 2
    chamados = [c.inscricao_id for c in estado.convocacoes]
    assert len(chamados) == len(set(chamados))
    # Se o RH chamou antes da desistência, a vaga liberada espera o próximo pedido.
    assert estado.vagas_ocupadas + len(estado.a_convocar[:1]) == 2
