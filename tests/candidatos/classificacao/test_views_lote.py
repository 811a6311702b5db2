"""Telas das ações em lote: quem pode (gestor e operador), escolhas só do próprio
órgão, erro claro sem nada gravado, resumo do que foi feito e do que falhou."""

import datetime as dt
import uuid

import pytest
import time_machine
from django.urls import reverse

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("_no_dia")]

CONVOCAR = reverse("classificacao:lote_convocar")
CONVOCACOES = reverse("classificacao:lote_convocacoes")
PRAZO = "2026-06-06T18:00"


@pytest.fixture
def _no_dia():
    with time_machine.travel(AGORA, tick=False):
        yield


def _vagas(orgao, usuario, *codigos):
    vagas = []
    for codigo in codigos:
        vaga = nova_vaga(orgao, ofertadas=2, codigo=codigo)
        classificacao(vaga, "ABC", negros="")
        publicar_final(vaga.selecao, usuario)
        vagas.append(vaga)
    return vagas


def _dados_convocar(vagas, quantidades, chave=None):
    dados = {
        "vagas": [v.pk for v in vagas],
        "prazo_resposta": PRAZO,
        "chave": chave or uuid.uuid4(),
    }
    for v, q in zip(vagas, quantidades, strict=True):
        dados[f"quantidade_{v.pk}"] = q
    return dados


def test_gestor_convoca_em_lote_e_ve_o_resumo(client, orgao, alice):
    v1, v2 = _vagas(orgao, alice, "V1", "V2")
    client.force_login(alice)
    resposta = client.post(CONVOCAR, _dados_convocar([v1, v2], [2, 3]))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Convocação em lote: resumo" in html
    assert "1 feito(s), 1 com falha" in html
    assert "V1-A, V1-B" in html
    assert "só há 2 candidato(s) a convocar agora" in html
    assert Convocacao.objects.filter(vaga=v1).count() == 2
    assert Convocacao.objects.filter(vaga=v2).count() == 0


def test_reenviar_o_mesmo_formulario_nao_convoca_de_novo(client, orgao, bruno, alice):
    (v1,) = _vagas(orgao, alice, "V1")
    client.force_login(bruno)
    dados = _dados_convocar([v1], [1])
    client.post(CONVOCAR, dados)
    html = client.post(CONVOCAR, dados).content.decode()
    assert "Já convocados por este mesmo pedido" in html
    assert Convocacao.objects.count() == 1


def test_auditor_recebe_403_e_nada_muda(client, orgao, alice, carla):
    (v1,) = _vagas(orgao, alice, "V1")
    client.force_login(carla)
    assert client.post(CONVOCAR, _dados_convocar([v1], [1])).status_code == 403
    assert client.get(reverse("classificacao:lote", args=[v1.selecao_id])).status_code == 403
    assert Convocacao.objects.count() == 0


def test_vaga_de_outro_orgao_e_escolha_invalida(client, orgao, alice, diego):
    (v1,) = _vagas(orgao, alice, "V1")
    client.force_login(diego)
    resposta = client.post(CONVOCAR, _dados_convocar([v1], [1]))
    assert resposta.status_code == 400
    assert "Vagas: uma das vagas marcadas não está entre as suas." in resposta.content.decode()
    assert Convocacao.objects.count() == 0


@pytest.mark.parametrize(
    ("quantidade", "trecho"),
    [("", "Quantos convocar na vaga V1"), ("0", "de 1 a 500"), ("abc", "número inteiro")],
)
def test_quantidade_invalida_nomeia_a_vaga_e_nada_grava(client, orgao, alice, quantidade, trecho):
    v1, v2 = _vagas(orgao, alice, "V1", "V2")
    client.force_login(alice)
    resposta = client.post(CONVOCAR, _dados_convocar([v1, v2], [quantidade, 1]))
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert trecho in html
    assert "Nada foi gravado" in html
    assert Convocacao.objects.count() == 0


def test_prazo_no_passado_e_recusado(client, orgao, alice):
    (v1,) = _vagas(orgao, alice, "V1")
    client.force_login(alice)
    dados = _dados_convocar([v1], [1]) | {"prazo_resposta": "2026-05-01T10:00"}
    resposta = client.post(CONVOCAR, dados)
    assert resposta.status_code == 400
    assert "Prazo para resposta: O prazo para resposta deve ser depois de agora." in (
        resposta.content.decode()
    )


def _convocadas(orgao, alice):
    (v1,) = _vagas(orgao, alice, "V1")
    return servico.proximos_convocar(
        vaga=v1,
        quantidade=2,
        prazo_resposta=AGORA + dt.timedelta(days=5),
        usuario=alice,
        agora=AGORA,
    )


def test_nao_comparecimento_em_lote_pela_tela(client, orgao, alice, bruno):
    c1, c2 = _convocadas(orgao, alice)
    client.force_login(bruno)
    resposta = client.post(
        CONVOCACOES,
        {
            "convocacoes": [c1.pk, c2.pk],
            "acao": "nao_compareceu",
            "data": "2026-06-07",
            "motivo": "Sem resposta no prazo.",
            "chave": uuid.uuid4(),
        },
    )
    assert resposta.status_code == 200
    assert "2 feito(s), 0 com falha" in resposta.content.decode()
    assert set(Convocacao.objects.values_list("situacao", flat=True)) == {
        SituacaoConvocacao.NAO_COMPARECEU
    }


def test_nao_comparecimento_sem_motivo_nomeia_o_campo(client, orgao, alice):
    c1, _ = _convocadas(orgao, alice)
    client.force_login(alice)
    resposta = client.post(
        CONVOCACOES,
        {"convocacoes": [c1.pk], "acao": "nao_compareceu", "data": "", "chave": uuid.uuid4()},
    )
    assert resposta.status_code == 400
    html = resposta.content.decode()
    assert "Motivo / registro: descreva o que aconteceu" in html
    assert "Data do não comparecimento: informe a data." in html
    assert Convocacao.objects.get(pk=c1.pk).situacao == SituacaoConvocacao.AGUARDANDO


def test_convocacao_de_outro_orgao_e_escolha_invalida(client, orgao, alice, diego):
    c1, _ = _convocadas(orgao, alice)
    client.force_login(diego)
    resposta = client.post(
        CONVOCACOES, {"convocacoes": [c1.pk], "acao": "reenviar", "chave": uuid.uuid4()}
    )
    assert resposta.status_code == 400
    assert "Convocações: uma das marcadas não está entre as suas." in resposta.content.decode()


def test_pagina_de_lote_da_selecao(client, orgao, alice):
    (v1,) = _vagas(orgao, alice, "V1")
    client.force_login(alice)
    resposta = client.get(reverse("classificacao:lote", args=[v1.selecao_id]))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "2: V1-A, V1-B" in html
    assert f'name="quantidade_{v1.pk}"' in html


def test_reenvio_pela_tela_manda_o_aviso(
    client, orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    from django.core import mail

    c1, c2 = _convocadas(orgao, alice)
    mail.outbox.clear()
    client.force_login(alice)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            CONVOCACOES, {"convocacoes": [c1.pk, c2.pk], "acao": "reenviar", "chave": uuid.uuid4()}
        )
    assert resposta.status_code == 200
    assert "2 feito(s), 0 com falha" in resposta.content.decode()
    assert sorted(m.to[0] for m in mail.outbox) == sorted([c1.inscricao.email, c2.inscricao.email])


def test_operador_num_orgao_e_auditor_noutro_so_age_no_seu(client, orgao, alice, bruno, diego):
    from selecoes.models import Papel
    from tests.factories import LotacaoFactory

    (v1,) = _vagas(orgao, alice, "V1")
    (v2,) = _vagas(diego.lotacoes.get().orgao, diego, "V2")
    LotacaoFactory(usuario=bruno, orgao=v2.selecao.orgao, papel=Papel.AUDITOR)
    client.force_login(bruno)
    resposta = client.post(CONVOCAR, _dados_convocar([v1, v2], [1, 1]))
    assert resposta.status_code == 400
    assert Convocacao.objects.count() == 0
    assert client.post(CONVOCAR, _dados_convocar([v1], [1])).status_code == 200
    assert Convocacao.objects.filter(vaga=v1).count() == 1


def test_lote_grande_demais_e_recusado_sem_gravar(client, orgao, alice, monkeypatch):
    from candidatos.forms import lote as formularios

    monkeypatch.setattr(formularios, "MAXIMO_VAGAS", 1)
    v1, v2 = _vagas(orgao, alice, "V1", "V2")
    client.force_login(alice)
    resposta = client.post(CONVOCAR, _dados_convocar([v1, v2], [1, 1]))
    assert resposta.status_code == 400
    assert "Vagas: marque até 1 por envio" in resposta.content.decode()
    assert Convocacao.objects.count() == 0
