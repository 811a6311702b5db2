"""Dois envios simultâneos do mesmo CPF: uma vigente, a outra no histórico."""

import threading

import pytest
from django.db import connection

from candidatos.models import Inscricao, SituacaoInscricao
from candidatos.services.inscricoes import inscricao_registrar
from tests.candidatos.inscricoes.test_servico import dados


# Trava consultiva do PostgreSQL; o SQLite serializa escritas com "database is locked".
@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_substituicao_simultanea_do_mesmo_cpf_deixa_uma_vigente(selecao, vaga, agora):
    barreira = threading.Barrier(4)
    erros = []

    def enviar(n):
        try:
            barreira.wait()
            inscricao_registrar(
                selecao=selecao, dados=dados(vaga, nome_civil=f"Envio {n}"), agora=agora
            )
        except Exception as erro:  # o teste reporta qualquer falha
            erros.append(erro)
        finally:
            connection.close()

    threads = [threading.Thread(target=enviar, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert erros == []
    inscricoes = Inscricao.objects.filter(selecao=selecao)
    assert inscricoes.count() == 4
    assert inscricoes.filter(situacao=SituacaoInscricao.ATIVA).count() == 1
    assert inscricoes.filter(situacao=SituacaoInscricao.SUBSTITUIDA).count() == 3
    # a cadeia de substituições é linear: cada substituída aponta para uma só nova
    substituidas = set(inscricoes.exclude(substitui=None).values_list("substitui", flat=True))
    assert len(substituidas) == 3
