"""Dados de demonstração: idempotentes e com distribuição plausível de declarações."""

import pytest

from candidatos.demo import EDITAL_DEMO, popular_inscricoes
from candidatos.models import Inscricao, SituacaoInscricao
from selecoes.models import Selecao


@pytest.mark.django_db
def test_demo_sem_selecao_cria_a_propria_e_e_idempotente():
    criadas = popular_inscricoes()
    assert Selecao.objects.filter(numero_edital=EDITAL_DEMO).count() == 1
    assert 300 <= criadas <= 400
    assert popular_inscricoes() == 0
    assert Inscricao.objects.count() == criadas


@pytest.mark.django_db
def test_demo_distribuicao_plausivel_das_declaracoes():
    popular_inscricoes()
    vigentes = Inscricao.objects.vigentes()
    total = vigentes.count()
    negras = vigentes.filter(cor_raca__in=["preta", "parda"])
    optantes = negras.filter(concorre_negros=True).count()
    assert 0.45 <= negras.count() / total <= 0.65  # IBGE 2022: 55,5% pretos e pardos
    assert 0.30 <= optantes / negras.count() <= 0.50
    assert not vigentes.exclude(cor_raca__in=["preta", "parda"]).filter(concorre_negros=True)
    assert vigentes.filter(cor_raca="nao_declarada").exists()
    assert Inscricao.objects.filter(situacao=SituacaoInscricao.SUBSTITUIDA).count() == 3
    assert len(set(vigentes.values_list("vaga", flat=True))) == 4
    assert not vigentes.filter(concorre_pcd=True, laudo_pcd="").exists()


@pytest.mark.django_db
def test_demo_usa_selecao_publicada_existente(selecao):
    popular_inscricoes()
    assert not Selecao.objects.filter(numero_edital=EDITAL_DEMO).exists()
    assert selecao.inscricoes.count() > 0
