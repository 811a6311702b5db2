"""Importação grande com worker Celery real: a tela enfileira, o worker analisa e,
confirmada a prévia, grava; a página de andamento acompanha os dois passos.

O worker roda numa thread com conexão própria; por isso ``transaction=True``.
"""

import datetime as dt
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from config.celery import app
from tests.candidatos.inscricoes.test_importacao import csv, enviar, linha

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.worker,
    pytest.mark.postgresql,
]


def test_worker_analisa_importacao_grande_e_a_pagina_mostra_a_previa(
    client, bruno, selecao, settings
):
    settings.IMPORTACAO_ASSINCRONA_KB = 0
    momento = timezone.localtime(selecao.inscricoes_inicio + dt.timedelta(hours=1))
    conteudo = csv([linha(momento, n) for n in range(300)] + [linha(momento, 999, cpf="999")])
    client.force_login(bruno)
    andamento = reverse("inscricoes:importar_andamento", args=[selecao.pk])
    progresso = reverse("inscricoes:importar_andamento_json", args=[selecao.pk])

    def esperar(estado: str) -> None:
        fim = time.monotonic() + 90
        while client.get(progresso).json()["estado"] != estado:
            assert time.monotonic() < fim, "Tempo esgotado esperando o worker."
            time.sleep(0.2)

    with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
        resposta = enviar(client, selecao, conteudo)
        assert resposta["Location"] == andamento
        esperar("concluida")
        pagina = client.get(andamento)
        assert pagina.status_code == 200
        previa = pagina.context["previa"]
        assert previa.total_linhas == 301
        assert previa.a_criar == 300
        assert "CPF inválido" in pagina.content.decode()
        assert not Inscricao.objects.exists()

        resposta = client.post(
            reverse("inscricoes:importar_confirmar", args=[selecao.pk]),
            {"sha256": previa.sha256, "acao": "somente_validas"},
        )
        assert resposta["Location"] == andamento
        esperar("gravada")
    resposta = client.get(andamento)
    assert resposta["Location"] == reverse("inscricoes:lista", args=[selecao.pk])
    assert Inscricao.objects.filter(selecao=selecao).count() == 300
