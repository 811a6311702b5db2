"""Envios simultâneos do mesmo CPF com o código da inscrição anterior: uma substitui."""

import threading

import pytest
from django.db import connection

from candidatos.models import Inscricao, SituacaoInscricao
from candidatos.services.inscricoes import (
    ConfirmacaoSubstituicao,
    SubstituicaoNaoConfirmada,
    inscricao_registrar,
)
from tests.candidatos.inscricoes.test_servico import dados


# Trava consultiva do PostgreSQL; o SQLite serializa escritas com "database is locked".
@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_substituicao_simultanea_do_mesmo_cpf_deixa_uma_vigente(selecao, vaga, agora):
    """O código confirma uma substituição só: as outras encontram a nova inscrição,
    cujo código é outro, e são recusadas."""
    anterior = inscricao_registrar(selecao=selecao, dados=dados(vaga), agora=agora)
    confirmacao = ConfirmacaoSubstituicao(codigo_anterior=anterior.codigo_verificacao)
    barreira = threading.Barrier(4)
    erros, recusas = [], []

    def enviar(n):
        try:
            barreira.wait()
            inscricao_registrar(
                selecao=selecao,
                dados=dados(vaga, nome_civil=f"Envio {n}"),
                agora=agora,
                confirmacao=confirmacao,
            )
        except SubstituicaoNaoConfirmada as recusa:
            recusas.append(recusa)
        except Exception as erro:  # o teste reporta qualquer outra falha
            erros.append(erro)
        finally:
            connection.close()

    threads = [threading.Thread(target=enviar, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert erros == []
    assert len(recusas) == 3
    assert all(r.codigo_errado for r in recusas)
    inscricoes = Inscricao.objects.filter(selecao=selecao)
    assert inscricoes.count() == 2
    assert inscricoes.filter(situacao=SituacaoInscricao.ATIVA).count() == 1
    assert inscricoes.get(situacao=SituacaoInscricao.SUBSTITUIDA) == anterior
    assert inscricoes.get(situacao=SituacaoInscricao.ATIVA).substitui == anterior
