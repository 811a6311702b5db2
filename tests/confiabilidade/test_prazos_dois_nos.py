"""Dois nós rodando a mesma rodada de prazos ao mesmo tempo (dois beats por engano, ou
a tarefa entregue duas vezes): o resultado é o de uma rodada só (PostgreSQL real)."""

import datetime as dt
import threading

import pytest
from django.db import connection

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from candidatos.services import prazos
from selecoes.models import Mensagem, RegistroAuditoria
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga, publicar_final

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]

NOS = 4


def test_prazos_rodada_simultanea_em_varios_nos_vale_uma_vez(orgao, alice, bruno):
    vagas = []
    for codigo in ("DIR", "ADM"):
        vaga = nova_vaga(orgao, codigo=codigo, ofertadas=2)
        vaga.selecao.convocacao_automatica = True
        vaga.selecao.inscricoes_fim = AGORA - dt.timedelta(days=4)
        vaga.selecao.save()
        classificacao(vaga, "ABXCDYEZ")
        publicar_final(vaga.selecao, alice, agora=AGORA + dt.timedelta(minutes=1))
        servico.proximos_convocar(
            vaga=vaga,
            quantidade=2,
            prazo_resposta=AGORA + dt.timedelta(days=2),
            usuario=alice,
            agora=AGORA + dt.timedelta(minutes=2),
        )
        vagas.append(vaga)
    depois = AGORA + dt.timedelta(days=2, minutes=1)
    barreira = threading.Barrier(NOS)
    resumos: list[prazos.Resumo] = []
    erros: list[BaseException] = []

    def no():
        try:
            barreira.wait(10)
            resumos.append(prazos.vencer_prazos(agora=depois))
        except BaseException as erro:
            erros.append(erro)
        finally:
            connection.close()

    fios = [threading.Thread(target=no) for _ in range(NOS)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join(60)

    assert erros == []
    assert sum(len(r.nao_compareceram) for r in resumos) == 4
    assert sum(len(r.convocadas) for r in resumos) == 4  # 2 por vaga, não 2 por nó
    for vaga in vagas:
        situacoes = list(
            Convocacao.objects.filter(vaga=vaga)
            .order_by("ordem")
            .values_list("situacao", flat=True)
        )
        assert (
            situacoes
            == [SituacaoConvocacao.NAO_COMPARECEU] * 2 + [SituacaoConvocacao.AGUARDANDO] * 2
        )
    assert RegistroAuditoria.objects.filter(acao="convocacao.nao_compareceu").count() == 4
    # Fim das inscrições de cada seleção anunciado uma vez, em algum dos nós.
    assert RegistroAuditoria.objects.filter(acao=prazos.ACAO_INSCRICOES_ENCERRADAS).count() == 2
    # Um aviso por vaga (não compareceu + convocação automática) para cada um dos dois.
    avisos = Mensagem.objects.filter(modelo="aviso_rh", assunto__startswith="Convocação")
    assert avisos.count() == 2 * 2
