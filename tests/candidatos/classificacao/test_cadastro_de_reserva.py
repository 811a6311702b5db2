"""Cadastro de reserva declarado por vaga de estágio (issue 21, item 10).

"3 vagas + cadastro de reserva" ou "3 vagas" (sem cadastro): o edital diz, o
quadro público e o anexo mostram, e a vaga sem cadastro não chama além das
ofertadas, salvo para suprir desistência ou eliminação (art. 4º, caput). Vaga com
0 ofertadas é cadastro de reserva por definição.
"""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao
from selecoes.models import Selecao, VagaEstagio
from selecoes.services import selecao_publicar
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.selecoes.formularios import edital_post

pytestmark = pytest.mark.django_db


def _publicada(orgao, alice, *, sem_cadastro, ofertadas=5):
    vaga = nova_vaga(orgao, ofertadas=ofertadas)
    VagaEstagio.objects.filter(pk=vaga.pk).update(sem_cadastro_reserva=sem_cadastro)
    vaga.refresh_from_db()
    ins = classificacao(vaga, "ABXCDYEZW")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    return vaga, ins


def _convocar(client, vaga, n):
    prazo = (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
    return client.post(
        reverse("classificacao:convocar", args=[vaga.pk]),
        {"quantidade": n, "prazo_resposta": prazo},
        follow=True,
    )


def _surgidas(client, vaga):
    return client.post(
        reverse("classificacao:vagas_surgidas", args=[vaga.pk]),
        {"quantidade": 1, "motivo": "Portaria 7"},
        follow=True,
    )


def test_vaga_sem_cadastro_de_reserva_nao_chama_alem_das_ofertadas(client, orgao, alice, bruno):
    vaga, _ = _publicada(orgao, alice, sem_cadastro=True)
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    resposta = _surgidas(client, vaga)
    vaga.refresh_from_db()
    assert vaga.vagas_surgidas == 0
    assert "não tem cadastro de reserva" in resposta.text
    assert Convocacao.objects.filter(vaga=vaga).count() == 5


def test_vaga_sem_cadastro_de_reserva_supre_desistencia(client, orgao, alice, bruno):
    vaga, ins = _publicada(orgao, alice, sem_cadastro=True)
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    a = Convocacao.objects.get(inscricao=ins["A"])
    client.post(
        reverse("classificacao:encerrar", args=[a.pk]),
        {"situacao": "nao_compareceu", "data": "2026-06-02", "motivo": "Não se apresentou."},
    )
    _convocar(client, vaga, 1)
    assert Convocacao.objects.filter(vaga=vaga).count() == 6


def test_vaga_com_cadastro_de_reserva_registra_vagas_surgidas(client, orgao, alice, bruno):
    vaga, _ = _publicada(orgao, alice, sem_cadastro=False)
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    _surgidas(client, vaga)
    vaga.refresh_from_db()
    assert vaga.vagas_surgidas == 1


def test_vaga_com_zero_ofertadas_e_cadastro_de_reserva_por_definicao(client, orgao, alice, bruno):
    vaga, _ = _publicada(orgao, alice, sem_cadastro=True, ofertadas=0)
    client.force_login(bruno)
    _surgidas(client, vaga)
    vaga.refresh_from_db()
    assert vaga.vagas_surgidas == 1


AGORA = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)


@time_machine.travel(AGORA, tick=False)
def test_edital_declara_cadastro_por_vaga_e_quadro_e_anexo_mostram(client, bruno, alice, orgao):
    client.force_login(bruno)
    client.post(
        reverse("selecoes:criar"),
        edital_post(
            orgao=orgao.pk,
            vagas=[
                {"codigo": "DIR", "vagas_ofertadas": "3"},
                {"codigo": "ADM", "vagas_ofertadas": "2", "sem_cadastro_reserva": "on"},
                {"codigo": "TI", "vagas_ofertadas": "0"},
            ],
        ),
    )
    selecao = Selecao.objects.get()
    assert dict(selecao.vagas.values_list("codigo", "sem_cadastro_reserva")) == {
        "DIR": False,
        "ADM": True,
        "TI": False,
    }
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    anexo = " ".join(client.get(reverse("selecoes:anexo", args=[selecao.pk])).text.split())
    publico = " ".join(client.get(reverse("publico:selecao", args=[selecao.pk])).text.split())
    for html in (anexo, publico):
        assert "3 + cadastro de reserva" in html
        assert "2 (sem cadastro de reserva)" in html
        assert "Somente cadastro de reserva" in html


def test_formulario_do_edital_oferece_o_cadastro_por_vaga(client, bruno, orgao):
    client.force_login(bruno)
    html = client.get(reverse("selecoes:criar")).text
    assert "Sem cadastro de reserva" in html
