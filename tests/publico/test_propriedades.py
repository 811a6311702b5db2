"""Propriedades da busca pública, da detecção de CPF e da validade (Hypothesis, sem banco)."""

import datetime as dt

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from candidatos.selectors.publico import LinhaLista, buscar, normalizar, parece_cpf
from selecoes.calendario import somar_meses
from selecoes.validators import formatar_cpf
from tests.factories import gerar_cpf

# Sem prazo por exemplo: a CI roda em máquinas compartilhadas e lentas.
sem_prazo = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

nomes = st.text(alphabet="abcçdeéêfghiíjlmnoóõpqrstuúvxzÁÉÍÓÚÇ ", min_size=1, max_size=30)


@st.composite
def listas(draw):
    nomes_sorteados = draw(st.lists(nomes, max_size=40))
    return tuple(
        LinhaLista(
            posicao=n,
            classificacao=n,
            inscricao=f"2026{n:06d}",
            nome=nome,
            nota_final="",
            listas=(),
            modalidade="",
            busca=normalizar(nome),
        )
        for n, nome in enumerate(nomes_sorteados, start=1)
    )


@sem_prazo
@given(listas(), st.text(max_size=12))
def test_busca_devolve_sublista_na_mesma_ordem(linhas, termo):
    achadas = buscar(linhas, termo)
    posicoes = [linha.posicao for linha in achadas]
    assert posicoes == sorted(posicoes)
    assert set(achadas) <= set(linhas)


@sem_prazo
@given(listas())
def test_busca_vazia_devolve_tudo(linhas):
    assert buscar(linhas, "   ") == linhas


@sem_prazo
@given(listas(), st.data())
def test_busca_acha_qualquer_trecho_do_nome_sem_acento(linhas, data):
    if not linhas:
        return
    alvo = data.draw(st.sampled_from(linhas))
    if not alvo.busca:
        return
    inicio = data.draw(st.integers(0, len(alvo.busca) - 1))
    trecho = alvo.busca[inicio : inicio + 5].strip()
    if trecho:
        assert alvo in buscar(linhas, trecho.upper())


@sem_prazo
@given(st.integers(min_value=0, max_value=10**6))
def test_cpf_valido_nunca_passa_pela_busca(semente):
    cpf = gerar_cpf(semente)
    assert parece_cpf(cpf)
    assert parece_cpf(formatar_cpf(cpf))


@sem_prazo
@given(nomes)
def test_nome_nunca_parece_cpf(nome):
    assert not parece_cpf(nome)


@sem_prazo
@given(st.dates(min_value=dt.date(2018, 6, 29), max_value=dt.date(2090, 1, 1)), st.integers(1, 48))
def test_validade_cai_no_mes_certo_sem_passar_do_dia(dia, meses):
    fim = somar_meses(dia, meses)
    assert (fim.year - dia.year) * 12 + fim.month - dia.month == meses
    assert fim.day <= dia.day
