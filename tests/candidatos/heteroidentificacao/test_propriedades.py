"""Propriedade: quem não é confirmado nunca ocupa vaga da categoria e continua na ampla
concorrência, na mesma posição (regras de reserva, § 1)."""

import itertools
from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import (
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    Instancia,
    MotivoChamado,
)
from candidatos.selectors.classificacao import estado_vaga
from tests.candidatos.classificacao.factories import aprovar, inscrever, nova_vaga
from tests.candidatos.heteroidentificacao.cenario import regra

pytestmark = pytest.mark.django_db

_codigos = itertools.count(1)


@st.composite
def cenarios(draw):
    n = draw(st.integers(min_value=3, max_value=10))
    negros = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    resultados = [
        draw(st.sampled_from(["confirmada", "nao_confirmada", "ausente", "indicio_fraude"]))
        if negro
        else None
        for negro in negros
    ]
    ofertadas = draw(st.integers(min_value=3, max_value=6))
    return ofertadas, list(zip(negros, resultados, strict=True))


@given(cenario=cenarios())
@example(cenario=(5, [(False, None), (True, "nao_confirmada"), (True, "confirmada")] * 3))
def test_nao_confirmado_nunca_ocupa_vaga_da_categoria_e_continua_na_ac(orgao, cenario):
    ofertadas, linhas = cenario
    codigo = f"P{next(_codigos)}"
    vaga = nova_vaga(orgao, ofertadas=ofertadas, codigo=codigo)
    regra(vaga.selecao)
    perdem = set()
    for i, (negro, resultado) in enumerate(linhas):
        inscricao = inscrever(vaga, f"{codigo}-{i:02d}", negro=negro)
        aprovar(inscricao, Decimal(100 - i))
        if resultado is None:
            continue
        chamado = ChamadoHeteroidentificacao.objects.create(
            selecao=vaga.selecao,
            inscricao=inscricao,
            categoria="negros",
            motivo=MotivoChamado.TODOS,
        )
        DecisaoHeteroidentificacao.objects.create(
            chamado=chamado, instancia=Instancia.FINAL, resultado=resultado, regra="maioria"
        )
        if resultado != "confirmada":
            perdem.add(inscricao.numero)

    estado = estado_vaga(vaga, previa=True)
    posicoes = {linha.numero: linha.posicao for linha in estado.classificacao}
    assert len(posicoes) == len(linhas)
    for i in range(len(linhas)):
        assert posicoes[f"{codigo}-{i:02d}"] == i + 1
    for item in estado.ordem:
        if item.numero in perdem:
            assert item.modalidade != "negros"
            assert item.modalidade_inicial != "negros"
    for linha in estado.classificacao:
        if linha.numero in perdem:
            assert "negros" not in linha.listas
