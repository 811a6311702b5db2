"""Regras puras: nota final, desempate e sorteio (sem banco)."""

import datetime as dt
import hashlib
import itertools
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from candidatos.models import SituacaoInscricao
from candidatos.services.desempate import (
    SITUACAO_ATIVA,
    Concorrente,
    Criterio,
    calcular_nota_final,
    ordem_do_sorteio,
    ordenar,
)
from selecoes.models import CriterioDesempate

D = Decimal


def test_codigos_das_regras_puras_sao_os_dos_modelos():
    assert {c.value for c in Criterio} == set(CriterioDesempate.values)
    assert SITUACAO_ATIVA == SituacaoInscricao.ATIVA


@pytest.mark.parametrize(
    ("notas", "pesos", "esperado"),
    [
        ({"prova": D(8)}, [("prova", D(1))], D("8.000")),
        ({"prova": D(8), "curriculo": D(6)}, [("prova", D(2)), ("curriculo", D(1))], D("7.333")),
        (
            {"prova": D("9.5"), "curriculo": D("7.25")},
            [("prova", D(1)), ("curriculo", D(1))],
            D("8.375"),
        ),
        # Milésimos com arredondamento bancário: 2/3 → 0,667; 0,0005 → 0,000 (par).
        ({"a": D(0), "b": D(2)}, [("a", D(2)), ("b", D(1))], D("0.667")),
        ({"a": D("0.001"), "b": D(0)}, [("a", D(1)), ("b", D(1))], D("0.000")),
        ({"prova": D(8)}, [("prova", D(1)), ("curriculo", D(1))], None),
        ({}, [], None),
    ],
)
def test_nota_final_media_ponderada(notas, pesos, esperado):
    assert calcular_nota_final(notas, pesos) == esperado


def _c(numero, nota="8", nascimento=(2000, 1, 1), inscrita=(2026, 3, 3, 10), **notas):
    return Concorrente(
        inscricao_id=hash(numero),
        numero=numero,
        nome=f"Nome {numero}",
        nota_final=D(nota),
        notas={k: D(v) for k, v in notas.items()},
        data_nascimento=dt.date(*nascimento),
        inscrita_em=dt.datetime(*inscrita, tzinfo=dt.UTC),
    )


@pytest.mark.parametrize(
    ("criterios", "concorrentes", "ordem", "empatados"),
    [
        ([], [_c("B", "7"), _c("A", "9")], ["A", "B"], []),
        (
            [{"criterio": "maior_idade"}],
            [_c("A", nascimento=(2001, 1, 1)), _c("B", nascimento=(1999, 5, 5))],
            ["B", "A"],
            [],
        ),
        (
            [{"criterio": "nota_criterio", "parametro": "prova"}],
            [_c("A", prova="6"), _c("B", prova="9")],
            ["B", "A"],
            [],
        ),
        (
            [{"criterio": "data_inscricao"}],
            [_c("A", inscrita=(2026, 3, 4, 9)), _c("B", inscrita=(2026, 3, 3, 23))],
            ["B", "A"],
            [],
        ),
        (
            [{"criterio": "maior_idade"}, {"criterio": "data_inscricao"}],
            [_c("A", inscrita=(2026, 3, 4, 9)), _c("B", inscrita=(2026, 3, 3, 23))],
            ["B", "A"],
            [],
        ),
        (
            [{"criterio": "maior_idade"}],
            [_c("A"), _c("B"), _c("C", "9")],
            ["C", "A", "B"],
            [["A", "B"]],
        ),
        ([{"criterio": "sorteio"}], [_c("A"), _c("B")], ["A", "B"], [["A", "B"]]),
    ],
)
def test_desempate_pelos_criterios_do_edital(criterios, concorrentes, ordem, empatados):
    ordenados, empates = ordenar(concorrentes, criterios, vaga_codigo="DIR")
    assert [c.numero for c in ordenados] == ordem
    assert [[c.numero for c in e.concorrentes] for e in empates] == empatados


def test_empate_nomeia_os_candidatos_e_indica_o_sorteio():
    _, empates = ordenar(
        [_c("2026-01"), _c("2026-02")], [{"criterio": "sorteio"}], vaga_codigo="DIR-BSB"
    )
    mensagem = empates[0].mensagem
    assert "2026-01 (Nome 2026-01)" in mensagem
    assert "2026-02 (Nome 2026-02)" in mensagem
    assert "vaga DIR-BSB" in mensagem
    assert "sorteio público" in mensagem


def test_empate_sem_sorteio_no_edital_pede_retificacao():
    _, empates = ordenar([_c("A"), _c("B")], [{"criterio": "maior_idade"}])
    assert "não prevê sorteio" in empates[0].mensagem


def test_sorteio_desempata_so_quem_esta_na_ordem_sorteada():
    concorrentes = [_c("A"), _c("B"), _c("C")]
    ordenados, empates = ordenar(
        concorrentes, [{"criterio": "sorteio"}], ordem_sorteio=["C", "A", "B"]
    )
    assert [c.numero for c in ordenados] == ["C", "A", "B"]
    assert empates == ()
    _, empates = ordenar(concorrentes, [{"criterio": "sorteio"}], ordem_sorteio=["B"])
    assert [[c.numero for c in e.concorrentes] for e in empates] == [["A", "C"]]


def test_sorteio_reproduzivel_por_qualquer_pessoa_a_partir_da_semente():
    """Reimplementa o algoritmo publicado, sem o código do sistema."""
    semente = "Loteria Federal 5.912: 04321"
    numeros = [f"2026{n:06d}" for n in range(1, 40)]

    def publicado(semente, numeros):
        return sorted(numeros, key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest())

    assert ordem_do_sorteio(semente, numeros) == publicado(semente, numeros)
    assert ordem_do_sorteio(semente, list(reversed(numeros))) == publicado(semente, numeros)


@given(
    st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=30, unique=True),
    st.text(max_size=20),
)
def test_sorteio_e_permutacao_deterministica(numeros, semente):
    ordem = ordem_do_sorteio(semente, numeros)
    assert sorted(ordem) == sorted(numeros)
    assert ordem == ordem_do_sorteio(semente, sorted(numeros))


notas_st = st.decimals(min_value=0, max_value=10, places=1)


@given(
    st.lists(
        st.tuples(notas_st, st.dates(dt.date(1960, 1, 1), dt.date(2008, 1, 1))),
        min_size=1,
        max_size=25,
    )
)
def test_ordenacao_e_permutacao_com_nota_decrescente_e_empates_reais(dados):
    concorrentes = [
        Concorrente(i, f"N{i:03d}", "x", nota, {}, nasc, dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
        for i, (nota, nasc) in enumerate(dados)
    ]
    ordenados, empates = ordenar(concorrentes, [{"criterio": "maior_idade"}])
    assert sorted(c.numero for c in ordenados) == sorted(c.numero for c in concorrentes)
    assert all(a.nota_final >= b.nota_final for a, b in itertools.pairwise(ordenados))
    for a, b in itertools.pairwise(ordenados):
        if a.nota_final == b.nota_final:
            assert a.data_nascimento <= b.data_nascimento
    for e in empates:
        assert len({(c.nota_final, c.data_nascimento) for c in e.concorrentes}) == 1
    empatados = sum(len(e.concorrentes) for e in empates)
    chaves = [(c.nota_final, c.data_nascimento) for c in concorrentes]
    assert empatados == sum(1 for k in chaves if chaves.count(k) > 1)


def test_sorteio_nao_decide_empate_novo_com_quem_nao_foi_sorteado():
    """Um sorteio desfaz o empate que sorteou, não um empate novo: C empatou
    depois (recurso deferido) com A e B, já sorteados; o empate é outro."""
    concorrentes = [_c("A"), _c("B"), _c("C")]
    criterios = [{"criterio": "sorteio"}]
    _, empates = ordenar(concorrentes, criterios, sorteios=[["B", "A"]])
    assert [[c.numero for c in e.concorrentes] for e in empates] == [["B", "A", "C"]]
    ordenados, empates = ordenar(concorrentes, criterios, sorteios=[["B", "A"], ["C", "A", "B"]])
    assert [c.numero for c in ordenados] == ["C", "A", "B"]
    assert empates == ()
    # Empates diferentes, cada um com o seu sorteio, convivem.
    outros = [_c("A"), _c("B"), _c("D", "9"), _c("E", "9")]
    ordenados, empates = ordenar(outros, criterios, sorteios=[["B", "A"], ["E", "D"]])
    assert [c.numero for c in ordenados] == ["E", "D", "B", "A"]
    assert empates == ()
