"""Versão 2 das regras nas telas e documentos: seleção nacional de vagas pequenas
(rateio do total, regras § 3.1), convocações reservadas da seleção (§ 3.2), anexo
em HTML e PDF com versão e base (§ 8)."""

import datetime as dt
import types

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from relatorios.documentos.construtores import anexo_edital
from selecoes.models import Selecao
from selecoes.selectors import chamadas_da_selecao
from selecoes.services import selecao_publicar
from tests.factories import SelecaoFactory, VagaEstagioFactory

AGORA = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def nacional(orgao, alice):
    """Dez vagas de estágio de 1 vaga, negros 30%, base selecao: R = 3."""
    selecao = SelecaoFactory(
        orgao=orgao,
        numero_edital="9/2026",
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
        reserva_pcd=False,
    )
    for i in range(10):
        VagaEstagioFactory(selecao=selecao, codigo=f"UF{i}", vagas_ofertadas=1, ordem=i)
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    selecao.refresh_from_db()
    return selecao


def test_chamadas_da_selecao_dez_vagas_de_uma(nacional):
    """Regras, § 3.2: 10 vagas de 1; com a 2ª convocação em cada, 10 de 20 reservadas."""
    resumo = chamadas_da_selecao(nacional)
    assert (resumo.chamadas, resumo.reservadas, resumo.esperadas) == (
        10,
        {"negros": 3},
        {"negros": 3},
    )
    nacional.vagas.update(vagas_surgidas=1)
    resumo = chamadas_da_selecao(nacional)
    assert (resumo.chamadas, resumo.reservadas, resumo.esperadas) == (
        20,
        {"negros": 10},
        {"negros": 6},
    )
    assert "§ 3.2" in resumo.texto


def test_chamadas_da_selecao_versao_1_sem_reserva(nacional):
    Selecao.objects.filter(pk=nacional.pk).update(versao_regras=1, base_reserva="vaga")
    nacional.refresh_from_db()
    assert chamadas_da_selecao(nacional).reservadas == {"negros": 0}


def test_pagina_publica_mostra_rateio_versao_e_chamadas(client, nacional):
    resposta = client.get(reverse("publico:selecao", args=[nacional.pk]))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "versão 2 das regras de reserva" in html
    assert "maiores restos" in html
    assert "UF0 (30% de 1 = 0,3)" in html
    assert 'class="chamadas-reservadas" data-chamadas="10"' in html
    quadro = resposta.context["quadro"]
    assert quadro.total_reservadas == {"negros": 3}


def test_anexo_html_da_versao_publicada_tem_versao_e_base(client, alice, nacional):
    client.force_login(alice)
    resposta = client.get(reverse("selecoes:anexo", args=[nacional.pk]) + "?versao=1")
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert 'data-versao-regras="2"' in html
    assert 'data-base="selecao"' in html
    assert "dá 3" in html


def test_anexo_pdf_tem_versao_base_e_rateio(nacional):
    conteudo = anexo_edital(types.SimpleNamespace(selecao_id=nacional.pk, titulo="Anexo"))
    html = render_to_string(conteudo.template, conteudo.contexto)
    assert "versão 2 das regras de reserva" in html
    assert "Base da reserva: o total da seleção" in html
    assert "UF2 (30% de 1 = 0,3)" in html


def test_pagina_do_rh_da_vaga_mostra_chamadas_da_selecao(client, alice, nacional):
    client.force_login(alice)
    vaga = nacional.vagas.get(codigo="UF0")
    resposta = client.get(reverse("classificacao:vaga", args=[vaga.pk]))
    assert resposta.status_code == 200
    assert 'class="small chamadas-reservadas" data-chamadas="10"' in resposta.content.decode()
