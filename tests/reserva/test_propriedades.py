"""Propriedades do § 6 das regras (versão 2), verificadas com Hypothesis (uma por item).

O número de exemplos vem do perfil do Hypothesis (`HYPOTHESIS_PROFILE`), nunca daqui.
"""

import io
import json
from datetime import date
from decimal import Decimal

from hypothesis import example, given, settings
from hypothesis import strategies as st

from selecoes.reserva import (
    AC,
    RESERVA_NEGROS_PADRAO,
    REVERSAO,
    BaseReserva,
    Candidato,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    Situacao,
    alocacao_por_definicao,
    aplicabilidade,
    arredondar,
    classificacao,
    explicar,
    ordem_convocacao,
    resolver_vaga,
    sequencia,
    sequencia_linha,
    tabela_reserva,
)
from selecoes.reserva.alocacao import alocacao_com_retirados, restaurada
from selecoes.reserva.cli import main

PROPRIEDADE = settings(deadline=None)

NEGROS_PCD = (RESERVA_NEGROS_PADRAO, Reserva("pcd", Decimal(10)))
CONJUNTOS_DE_RESERVAS = [
    (RESERVA_NEGROS_PADRAO,),
    NEGROS_PCD,
    (Reserva("negros", Decimal("50")), Reserva("pcd", Decimal("25"))),
    (
        RESERVA_NEGROS_PADRAO,
        Reserva("pcd", Decimal(10)),
        Reserva("indigenas", Decimal(5)),
        Reserva("quilombolas", Decimal(3)),
        Reserva("trans", Decimal(2)),
    ),
    (Reserva("negros", Decimal(60)), Reserva("pcd", Decimal(40))),
]


def _selecao(reservas, ofertadas):
    aplicacao = aplicabilidade(date(2024, 3, 1), sum(ofertadas))
    vagas = [(f"V{i}", n) for i, n in enumerate(ofertadas)]
    return reservas, tabela_reserva(reservas, vagas, aplicacao)


DEZ_VAGAS_DE_UMA = _selecao((RESERVA_NEGROS_PADRAO,), [1] * 10)
IBGE_COM_PCD = _selecao(NEGROS_PCD, [8, 1, 1])
DUAS_VAGAS_DE_UMA = _selecao((RESERVA_NEGROS_PADRAO,), [1, 1])


@st.composite
def selecoes(draw, max_vagas=8, max_ofertadas=20):
    """Uma seleção: reservas, vagas de estágio (n_i), versão, base e o quadro."""
    reservas = draw(st.sampled_from(CONJUNTOS_DE_RESERVAS))
    ofertadas = draw(st.lists(st.integers(0, max_ofertadas), min_size=1, max_size=max_vagas))
    versao = draw(st.sampled_from([1, 2, 2]))
    base = None if versao == 1 else draw(st.sampled_from([None, "selecao", "vaga"]))
    publicacao = draw(st.sampled_from([date(2024, 3, 1)] * 5 + [date(2018, 6, 28)]))
    aplicacao = aplicabilidade(publicacao, sum(ofertadas), versao)
    vagas = [(f"V{i}", n) for i, n in enumerate(ofertadas)]
    return reservas, tabela_reserva(reservas, vagas, aplicacao, None, base)


@st.composite
def cenarios(draw, maximo=30):
    """Uma vaga de uma seleção: reservas, classificação aleatória, sequência e k.

    A sequência vem do quadro da seleção (versões 1 e 2, bases `selecao` e
    `vaga`, sequência explícita), ou, às vezes, da regra padrão sozinha.
    """
    reservas, tabela = draw(selecoes(max_ofertadas=maximo))
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
    origem = draw(st.sampled_from(["quadro", "quadro", "padrao", "explicita"]))
    if origem == "quadro":
        linha = draw(st.sampled_from(tabela.linhas))
        return reservas, candidatos, sequencia_linha(tabela, linha, k_max)
    explicita = None
    if origem == "explicita":
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


def _proporcional(reserva, n):
    return reserva.percentual / 100 * n


@PROPRIEDADE
@given(st.lists(st.integers(0, 60), min_size=1, max_size=6), st.sampled_from([None, "vaga"]))
@example([15], None)
def test_propriedade_negros_arredondamento_de_30_por_cento(ofertadas, base):
    """Só negros, vaga cuja contagem do quadro é o próprio arredondamento, reserva
    aplicável às ofertadas: as s primeiras posições têm arredondar(0,3 × s)
    reservadas, para todo s (regras, § 6)."""
    vagas = [(f"V{i}", n) for i, n in enumerate(ofertadas)]
    aplicacao = aplicabilidade(date(2024, 3, 1), sum(ofertadas))
    tabela = tabela_reserva((RESERVA_NEGROS_PADRAO,), vagas, aplicacao, None, base)
    for linha in tabela.linhas:
        proprio = arredondar(Decimal("0.3") * linha.ofertadas)
        if not aplicacao.nas_ofertadas or linha.quantidade("negros") != proprio:
            continue
        seq = sequencia_linha(tabela, linha, linha.ofertadas + 40)
        for m in range(len(seq) + 1):
            assert seq[:m].count("negros") == arredondar(Decimal("0.3") * m)


@PROPRIEDADE
@given(selecoes(max_vagas=30))
@example(DEZ_VAGAS_DE_UMA)
@example(IBGE_COM_PCD)
def test_propriedade_base_selecao_soma_o_total_da_selecao(selecao):
    """Base selecao: o quadro soma arredondar(p_c × N) por categoria (salvo vaga
    que não coube em nenhuma) e cada r_{c,i} fica a menos de 1 de p_c × n_i, salvo
    quando o espaço forçou (regras, §§ 3.1 e 6)."""
    reservas, tabela = selecao
    if tabela.base is not BaseReserva.SELECAO or not tabela.aplicacao.nas_ofertadas:
        return
    totais = dict(tabela.total_reservadas)
    perdidas = dict(tabela.perdidas)
    for categoria, esperado in tabela.reservadas_na_selecao:
        assert totais[categoria] + perdidas[categoria] == esperado
    cheia = any(
        sum(r for _, r in linha.reservadas) == linha.ofertadas > 0 for linha in tabela.linhas
    )
    if len(reservas) == 1 or not cheia:
        for linha in tabela.linhas:
            for reserva in reservas:
                diferenca = linha.quantidade(reserva.categoria) - _proporcional(
                    reserva, linha.ofertadas
                )
                assert abs(diferenca) < 1


@PROPRIEDADE
@given(selecoes())
def test_propriedade_cada_categoria_tem_a_contagem_do_quadro(selecao):
    """Toda categoria tem exatamente r_{c,i} posições entre as n_i primeiras da vaga
    i, e as reservadas de uma vaga nunca passam de n_i (regras, §§ 3.1, 3.2 e 6)."""
    _, tabela = selecao
    for linha in tabela.linhas:
        seq = sequencia_linha(tabela, linha, linha.ofertadas + 10)
        assert sum(r for _, r in linha.reservadas) <= linha.ofertadas
        for categoria, r in linha.reservadas:
            assert seq[: linha.ofertadas].count(categoria) == r


@PROPRIEDADE
@given(selecoes(max_ofertadas=2))
@example(DUAS_VAGAS_DE_UMA)
def test_propriedade_com_n_menor_que_3_ofertadas_sao_ac(selecao):
    """Com N < 3, nenhuma posição ofertada é reservada, e a posição s > n_i só é
    reservada se N − n_i + s ≥ 3 (regras, §§ 2 e 6)."""
    _, tabela = selecao
    total = tabela.total_vagas
    if total >= 3:
        return
    for linha in tabela.linhas:
        seq = sequencia_linha(tabela, linha, linha.ofertadas + 10)
        if tabela.versao == 1:
            continue
        for s, modalidade in enumerate(seq, 1):
            if modalidade != AC:
                assert s > linha.ofertadas
                assert total - linha.ofertadas + s >= 3


@PROPRIEDADE
@given(selecoes(), st.integers(0, 30))
def test_propriedade_sequencia_mais_longa_estende_a_curta(selecao, extra):
    """A sequência de uma vaga com m posições é prefixo da de m + extra (art. 3º)."""
    _, tabela = selecao
    for linha in tabela.linhas:
        longa = sequencia_linha(tabela, linha, linha.ofertadas + extra + 5)
        for m in (0, linha.ofertadas // 2, linha.ofertadas, linha.ofertadas + extra):
            assert sequencia_linha(tabela, linha, m) == longa[:m]


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


@PROPRIEDADE
@given(cenarios(), st.booleans(), st.integers(0, 10))
def test_propriedade_toda_pessoa_tem_explicacao_coerente(cenario, aplica, ofertadas):
    """Cada candidato da vaga recebe uma frase que cita o decreto, coerente com a alocação."""
    reservas, candidatos, seq = cenario
    publicacao = date(2024, 1, 1) if aplica else date(2018, 6, 28)
    resultado = resolver_vaga(
        candidatos=candidatos,
        aplicacao=aplicabilidade(publicacao, ofertadas),
        ofertadas=ofertadas,
        convocacoes=len(seq),
        reservas=reservas,
    )
    explicacoes = explicar(resultado)
    ordem = sorted(candidatos, key=lambda c: c.classificacao)
    assert [e.inscricao for e in explicacoes] == [c.inscricao for c in ordem]
    modalidades = {c.inscricao: c.modalidade for c in resultado.ordem.convocados}
    for e in explicacoes:
        assert e.convocado == (e.inscricao in modalidades)
        assert e.modalidade == modalidades.get(e.inscricao)
        assert "art. " in e.texto
        assert e.texto.startswith(
            ("Convocado(a)", "Não convocado(a)", "Desistente", "Eliminado(a)")
        )
    somente = explicar(resultado, somente_convocados=True)
    assert [e.inscricao for e in somente] == [c.inscricao for c in resultado.ordem.convocados]


def _documento(reservas, candidatos, seq, edital=None, outras=()):
    return {
        "edital": {"data_publicacao": "2024-03-01", **(edital or {})},
        "reservas": [{"categoria": r.categoria, "percentual": str(r.percentual)} for r in reservas],
        "vagas": [
            {"codigo": "V1", "ofertadas": len(seq), "convocacoes": len(seq)},
            *({"codigo": f"O{i}", "ofertadas": n} for i, n in enumerate(outras)),
        ],
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
@given(
    cenarios(maximo=20),
    st.randoms(use_true_random=False),
    st.sampled_from([{}, {"versao_regras": 1}, {"base_reserva": "vaga"}, {"versao_regras": 2}]),
    st.lists(st.integers(0, 6), max_size=4),
)
def test_propriedade_mesma_entrada_mesmos_bytes(cenario, aleatorio, edital, outras):
    """A mesma entrada dá sempre a mesma saída, byte a byte — também com os
    candidatos listados em outra ordem, nas duas versões e nas duas bases."""
    reservas, candidatos, seq = cenario
    documento = _documento(reservas, candidatos, seq, edital, outras)
    primeira = _executar(documento)
    assert primeira[0] == 0
    assert primeira[2] == ""
    assert _executar(documento) == primeira
    aleatorio.shuffle(documento["candidatos"])
    assert _executar(documento) == primeira
