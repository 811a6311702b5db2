"""Dois servidores ao mesmo tempo na mesma vaga (PostgreSQL real, travas de linha)."""

import threading

import pytest
from django.db import connection

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    prazo,
    publicar_final,
)

# Travas de linha do PostgreSQL (SELECT … FOR UPDATE).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]


def _em_paralelo(*acoes):
    """Roda as ações em threads liberadas juntas; devolve (resultado | exceção) de cada uma."""
    barreira = threading.Barrier(len(acoes))
    saidas = [None] * len(acoes)

    def rodar(i, acao):
        try:
            barreira.wait()
            saidas[i] = acao()
        except Exception as erro:
            saidas[i] = erro
        finally:
            connection.close()

    threads = [threading.Thread(target=rodar, args=(i, a)) for i, a in enumerate(acoes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return saidas


def _convocar(vaga, usuario, n):
    return lambda: servico.proximos_convocar(
        vaga=vaga, quantidade=n, prazo_resposta=prazo(), usuario=usuario, agora=AGORA
    )


def test_concorrencia_dois_servidores_nunca_chamam_o_mesmo_candidato(orgao, alice, bruno):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCDYEZW")
    publicar_final(vaga.selecao, alice)
    saidas = _em_paralelo(
        _convocar(vaga, alice, 3), _convocar(vaga, bruno, 3), _convocar(vaga, bruno, 2)
    )
    sucessos = [s for s in saidas if isinstance(s, list)]
    erros = [s for s in saidas if isinstance(s, Exception)]
    assert all(isinstance(e, servico.AcaoInvalida) for e in erros), erros
    chamados = [c.inscricao_id for lote in sucessos for c in lote]
    assert len(chamados) == len(set(chamados))
    assert Convocacao.objects.filter(vaga=vaga).count() == len(chamados) <= 5
    ordens = sorted(Convocacao.objects.filter(vaga=vaga).values_list("ordem", flat=True))
    assert ordens == list(range(1, len(ordens) + 1))


def test_concorrencia_vaga_liberada_e_preenchida_uma_vez_so(orgao, alice, bruno):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCDYEZW")
    publicar_final(vaga.selecao, alice)
    criadas = _convocar(vaga, alice, 5)()
    y = next(c for c in criadas if c.inscricao.numero.endswith("-Y"))

    def desistir(usuario):
        return lambda: servico.desistencia_registrar(
            convocacao=y,
            situacao=SituacaoConvocacao.RECUSADA,
            data=AGORA.date(),
            motivo="Recusou.",
            usuario=usuario,
        )

    saidas = _em_paralelo(desistir(alice), desistir(bruno))
    assert sum(isinstance(s, Convocacao) for s in saidas) == 1
    assert sum(isinstance(s, servico.AcaoInvalida) for s in saidas) == 1
    saidas = _em_paralelo(_convocar(vaga, alice, 1), _convocar(vaga, bruno, 1))
    assert sum(isinstance(s, list) for s in saidas) == 1
    assert sum(isinstance(s, servico.AcaoInvalida) for s in saidas) == 1
    vivas = Convocacao.objects.filter(
        vaga=vaga, situacao__in=[s.value for s in SituacaoConvocacao if s.ocupa_vaga]
    )
    assert vivas.count() == 5
    assert vivas.filter(inscricao__numero="DIR-W", modalidade="negros").exists()
