"""Pedidos simultâneos na heteroidentificação (PostgreSQL real, travas de linha): a
mesma decisão apurada duas vezes e o mesmo resultado final publicado duas vezes
gravam uma vez só."""

import datetime as dt
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from candidatos.models import DecisaoHeteroidentificacao, Instancia, PublicacaoHeteroidentificacao
from candidatos.services import heteroidentificacao as hetero
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import (
    comissao,
    julgar,
    montado,
    sessao,
    verificar,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]

VEZES = 4


def _juntos(funcao):
    barreira = threading.Barrier(VEZES)
    saidas: list[object] = []

    def rodar():
        try:
            barreira.wait()
            saidas.append(funcao())
        except ValidationError as erro:
            saidas.append(erro)
        finally:
            connection.close()

    threads = [threading.Thread(target=rodar) for _ in range(VEZES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return saidas


def test_concorrencia_decisao_apurada_uma_vez(orgao, alice):
    _vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    s = sessao(chamados[0].selecao, julgadora, alice)
    alvo = chamados[0]
    hetero.chamados_convocar(sessao=s, chamados=[alvo], usuario=alice)
    hetero.presenca_registrar(chamado=alvo, presenca="presente", usuario=alice, agora=AGORA)
    julgar(alvo, julgadora, ["confirma"] * 3, alice)

    saidas = _juntos(lambda: hetero.decisao_apurar(chamado=alvo, usuario=alice, agora=AGORA))

    assert sum(isinstance(s, DecisaoHeteroidentificacao) for s in saidas) == 1
    assert all(
        "já foi apurada" in " ".join(s.messages) for s in saidas if isinstance(s, ValidationError)
    )
    assert (
        DecisaoHeteroidentificacao.objects.filter(
            chamado=alvo, instancia=Instancia.COMISSAO
        ).count()
        == 1
    )


def test_concorrencia_resultado_final_publicado_uma_vez(orgao, alice):
    vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    depois = AGORA + dt.timedelta(days=10)

    saidas = _juntos(
        lambda: hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=depois)
    )

    assert sum(isinstance(s, PublicacaoHeteroidentificacao) for s in saidas) == 1
    assert (
        PublicacaoHeteroidentificacao.objects.filter(selecao=vaga.selecao, tipo="final").count()
        == 1
    )
    assert DecisaoHeteroidentificacao.objects.filter(
        chamado__selecao=vaga.selecao, instancia=Instancia.FINAL
    ).count() == len(chamados)
