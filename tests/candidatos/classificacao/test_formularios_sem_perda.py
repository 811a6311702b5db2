"""Formulários do RH que não perdem trabalho nem aceitam o impossível (issue 21, item 6)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Recurso
from tests.candidatos.classificacao.factories import classificacao, nova_vaga

pytestmark = pytest.mark.django_db


def _recurso(client, vaga, ins, recebido_em):
    return client.post(
        reverse("classificacao:recurso_novo", args=[vaga.selecao.pk]),
        {
            "inscricao": ins["B"].pk,
            "assunto": "Revisão da prova",
            "texto": "Questão 3 anulada.",
            "recebido_em": recebido_em.strftime("%Y-%m-%dT%H:%M"),
        },
    )


def test_recurso_recebido_no_futuro_e_recusado(client, bruno, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(bruno)
    resposta = _recurso(client, vaga, ins, timezone.localtime() + dt.timedelta(days=1))
    assert resposta.status_code == 200
    assert "Recebido em: não pode ser depois de agora" in resposta.text
    assert not Recurso.objects.exists()


def test_recurso_recebido_agora_e_aceito(client, bruno, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(bruno)
    resposta = _recurso(client, vaga, ins, timezone.localtime())
    assert resposta.status_code == 302
    assert Recurso.objects.count() == 1
