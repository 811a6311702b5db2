"""Páginas de erro em português: 404, 429 e 500 (sem depender do banco)."""

import pytest
from django.template.loader import render_to_string
from django.test import Client

from candidatos.selectors import publico as selectors


@pytest.mark.django_db
def test_404_em_portugues_com_caminhos_uteis(client):
    resposta = client.get("/publico/nao-existe/")
    html = resposta.content.decode()
    assert resposta.status_code == 404
    assert "Página não encontrada" in html
    assert 'href="/publico/selecoes/"' in html
    assert 'lang="pt-BR"' in html


def test_500_renderiza_sem_contexto_nem_banco():
    html = render_to_string("500.html")
    assert "Erro interno" in html
    assert 'lang="pt-BR"' in html
    assert "<h1>" in html


@pytest.mark.django_db
def test_500_de_verdade_usa_a_pagina_propria(monkeypatch):
    def falhar(**_):
        raise RuntimeError("banco fora do ar")

    monkeypatch.setattr(selectors, "selecoes_publicas", falhar)
    resposta = Client(raise_request_exception=False).get("/publico/selecoes/")
    assert resposta.status_code == 500
    assert "Algo deu errado do nosso lado" in resposta.content.decode()
    assert "banco fora do ar" not in resposta.content.decode()
