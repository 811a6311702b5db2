"""Propriedades do § 6 das regras, verificadas com Hypothesis (uma por item)."""

import io
import json
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from selecoes.reserva import (
    AC,
    RESERVA_NEGROS_PADRAO,
    REVERSAO,
    Candidato,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    Situacao,
    alocacao_por_definicao,
    arredondar,
    classificacao,
    ordem_convocacao,
    sequencia,
)
from selecoes.reserva.alocacao import alocacao_com_retirados, restaurada
from selecoes.reserva.cli import main

PROPRIEDADE = settings(max_examples=500, deadline=None)

NEGROS_PCD = (RESERVA_NEGROS_PADRAO, Reserva("pcd", Decimal(10)))


@st.composite
def cenarios(draw, maximo=30):
    """Uma vaga: reservas, classificação aleatória, sequência e k."""
    reservas = draw(
        st.sampled_from(
            [
                (RESERVA_NEGROS_PADRAO,),
                NEGROS_PCD,
                (Reserva("negros", Decimal("50")), Reserva("pcd", Decimal("25"))),
            ]
        )
    )
    nomes = [r.categoria for r in reservas]
    n = draw(st.integers(0, maximo))
    ordem = draw(st.permutations(range(1, n + 1)))
    candidatos = [
        Candidato(
            f"I{i:03d}",
            posicao,
            frozenset(draw(st.sets(st.sampled_from(nomes)))),
            draw(st.sampled_from([Situacao.ATIVO] * 4 + [Situacao.DESISTENTE, Situacao.ELIMINADO])),
        )
        for i, posicao in enumerate(ordem)
    ]
    k_max = draw(st.integers(0, maximo + 5))
    aplicavel = draw(st.booleans())
    usar_explicita = draw(st.booleans())
    explicita = None
    if usar_explicita:
        # Posições explícitas sem colisão: partições disjuntas de 1…40.
        livres = list(range(1, 41))
        itens = []
        for nome in nomes:
            escolhidas = sorted(draw(st.sets(st.sampled_from(livres), min_size=1, max_size=8)))
            livres = [p for p in livres if p not in escolhidas]
            itens.append(PosicoesReservadas(nome, tuple(escolhidas)))
        explicita = SequenciaExplicita(tuple(itens))
    seq = sequencia(reservas, k_max, aplicavel, explicita)
    return reservas, candidatos, seq


def _alocar(candidatos, nomes, seq, k):
    return alocacao_por_definicao(classificacao(candidatos, nomes), seq, k)


def _nomes(reservas):
    return tuple(r.categoria for r in reservas)


@PROPRIEDADE
@given(cenarios())
def test_propriedade_alocacao_monotona_e_do_tamanho_certo(cenario):
    """allocation(k) ⊆ allocation(k+1) e |allocation(k)| = min(k, |L|)."""
    reservas, candidatos, seq = cenario
    classif = classificacao(candidatos, _nomes(reservas))
    anterior: set[str] = set()
    for k in range(len(seq) + 1):
        atual = set(alocacao_por_definicao(classif, seq, k))
        assert anterior <= atual
        assert len(atual) == min(k, len(classif.ativos))
        anterior = atual


@PROPRIEDADE
@given(cenarios(), st.data())
def test_propriedade_retirar_convocado_nao_desloca_ninguem(cenario, data):
    """Retirar um convocado e recalcular com o mesmo k não desloca ninguém e
    acrescenta no máximo um (art. 4º, § 2º; art. 2º, parágrafo único)."""
    reservas, candidatos, seq = cenario
    nomes = _nomes(reservas)
    k = len(seq)
    antes = _alocar(candidatos, nomes, seq, k)
    if not antes:
        return
    sai = data.draw(st.sampled_from(sorted(antes)))
    situacao = data.draw(st.sampled_from([Situacao.DESISTENTE, Situacao.ELIMINADO]))
    depois_lista = [
        Candidato(c.inscricao, c.classificacao, c.categorias, situacao) if c.inscricao == sai else c
        for c in candidatos
    ]
    depois = _alocar(depois_lista, nomes, seq, k)
    restantes = set(antes) - {sai}
    assert restantes <= set(depois)
    assert len(set(depois) - restantes) <= 1
    assert sai not in depois


@PROPRIEDADE
@given(cenarios())
def test_propriedade_ninguem_duas_vezes_nem_fora_de_L(cenario):
    """Ninguém é convocado duas vezes; ninguém fora de L é convocado."""
    reservas, candidatos, seq = cenario
    classif = classificacao(candidatos, _nomes(reservas))
    L = {c.inscricao for c in classif.ativos}
    ordem = ordem_convocacao(classif, seq)
    inscricoes = [c.inscricao for c in ordem.convocados]
    assert len(inscricoes) == len(set(inscricoes))
    assert set(inscricoes) <= L
    assert [c.ordem for c in ordem.convocados] == list(range(1, len(inscricoes) + 1))


@PROPRIEDADE
@given(cenarios())
def test_propriedade_os_a_primeiros_de_L_sao_AC(cenario):
    """Um candidato entre os a primeiros de L é sempre AC (art. 4º, § 1º)."""
    reservas, candidatos, seq = cenario
    classif = classificacao(candidatos, _nomes(reservas))
    for k in range(len(seq) + 1):
        alocacao = alocacao_por_definicao(classif, seq, k)
        a = list(seq[:k]).count(AC)
        for c in classif.ativos[:a]:
            assert alocacao[c.inscricao] == AC


@PROPRIEDADE
@given(cenarios())
def test_propriedade_reservadas_por_elegiveis_em_ordem(cenario):
    """Vagas reservadas são ocupadas por elegíveis, na ordem da classificação:
    nenhum elegível livre (fora da AC e das reservas de maior precedência) está
    mais bem classificado que um ocupante da reserva."""
    reservas, candidatos, seq = cenario
    nomes = _nomes(reservas)
    classif = classificacao(candidatos, nomes)
    for k in range(len(seq) + 1):
        alocacao = alocacao_por_definicao(classif, seq, k)
        for n, nome in enumerate(nomes):
            ocupantes = [c for c in classif.ativos if alocacao.get(c.inscricao) == nome]
            assert all(nome in c.categorias for c in ocupantes)
            assert len(ocupantes) <= list(seq[:k]).count(nome)
            if not ocupantes:
                continue
            pior = max(c.classificacao for c in ocupantes)
            anteriores = set(nomes[:n]) | {AC}
            for c in classif.ativos:
                if nome in c.categorias and c.classificacao < pior:
                    assert alocacao.get(c.inscricao) in anteriores | {nome}


@PROPRIEDADE
@given(cenarios())
def test_propriedade_reversao_so_sem_elegiveis(cenario):
    """`reversao` só ocorre quando não resta elegível livre da categoria (art. 4º, § 3º)."""
    reservas, candidatos, seq = cenario
    nomes = _nomes(reservas)
    classif = classificacao(candidatos, nomes)
    for k in range(len(seq) + 1):
        alocacao = alocacao_por_definicao(classif, seq, k)
        if REVERSAO not in alocacao.values():
            continue
        vazias = [
            nome
            for nome in nomes
            if list(alocacao.values()).count(nome) < list(seq[:k]).count(nome)
        ]
        assert vazias
        for nome in vazias:
            for c in classif.ativos:
                if nome in c.categorias:
                    assert c.inscricao in alocacao
                    assert alocacao[c.inscricao] != REVERSAO


@PROPRIEDADE
@given(st.integers(0, 3000))
def test_propriedade_negros_arredondamento_de_30_por_cento(n):
    """Só negros: as n primeiras posições têm arredondar(0,3 * n) reservadas."""
    seq = sequencia((RESERVA_NEGROS_PADRAO,), n, True)
    for m in {n, n // 2, n // 3}:
        assert seq[:m].count("negros") == arredondar(Decimal("0.3") * m)


@PROPRIEDADE
@given(
    st.decimals(min_value=Decimal("0.01"), max_value=Decimal(100), places=2),
    st.integers(0, 400),
)
def test_propriedade_uma_categoria_segue_o_arredondamento_do_decreto(percentual, n):
    """Para qualquer percentual, as n primeiras posições têm arredondar(p/100 * n)
    reservadas (o laço em aritmética inteira coincide com Decimal ROUND_HALF_UP)."""
    reserva = Reserva("negros", percentual)
    seq = sequencia((reserva,), n, True)
    for m in range(n + 1):
        assert seq[:m].count("negros") == arredondar(percentual / 100 * m)


@PROPRIEDADE
@given(cenarios())
def test_propriedade_ordem_incremental_igual_a_definicao(cenario):
    """A ordem incremental coincide, em cada k, com a definição do § 4."""
    reservas, candidatos, seq = cenario
    classif = classificacao(candidatos, _nomes(reservas))
    for k in range(len(seq) + 1):
        ordem = ordem_convocacao(classif, seq, k)
        obtida = {c.inscricao: c.modalidade for c in ordem.convocados}
        assert obtida == alocacao_por_definicao(classif, seq, k)
        if k:
            anterior = ordem_convocacao(classif, seq, k - 1)
            prefixo = [c.inscricao for c in ordem.convocados[: len(anterior.convocados)]]
            assert prefixo == [c.inscricao for c in anterior.convocados]


@PROPRIEDADE
@given(cenarios())
def test_propriedade_hipotese_com_retirados_pelo_prefixo(cenario):
    """O atalho pelo prefixo dá a mesma alocação que a classificação restaurada inteira."""
    reservas, candidatos, seq = cenario
    classif = classificacao(candidatos, _nomes(reservas))
    for k in range(len(seq) + 1):
        ordem = ordem_convocacao(classif, seq, k)
        esperado = alocacao_por_definicao(restaurada(classif), seq, k)
        assert alocacao_com_retirados(classif, seq, ordem) == esperado


def _documento(reservas, candidatos, seq):
    return {
        "edital": {"data_publicacao": "2024-03-01"},
        "reservas": [{"categoria": r.categoria, "percentual": str(r.percentual)} for r in reservas],
        "vagas": [{"codigo": "V1", "ofertadas": len(seq), "convocacoes": len(seq)}],
        "candidatos": [
            {
                "inscricao": c.inscricao,
                "vaga": "V1",
                "classificacao": c.classificacao,
                "categorias": sorted(c.categorias),
                "situacao": c.situacao.value,
            }
            for c in candidatos
        ],
    }


def _executar(documento):
    saida, erro = io.StringIO(), io.StringIO()
    status = main(["-"], io.StringIO(json.dumps(documento)), saida, erro)
    return status, saida.getvalue(), erro.getvalue()


@PROPRIEDADE
@given(cenarios(maximo=20), st.randoms(use_true_random=False))
def test_propriedade_mesma_entrada_mesmos_bytes(cenario, aleatorio):
    """A mesma entrada dá sempre a mesma saída, byte a byte — também com os
    candidatos listados em outra ordem."""
    reservas, candidatos, seq = cenario
    documento = _documento(reservas, candidatos, seq)
    primeira = _executar(documento)
    assert primeira[0] == 0
    assert primeira[2] == ""
    assert _executar(documento) == primeira
    aleatorio.shuffle(documento["candidatos"])
    assert _executar(documento) == primeira
