"""Versão 2 das regras de reserva: base da reserva, rateio pelos maiores restos,
vagas que surgem contam para o limiar, alvo espalhado e regra de colisão (§§ 2, 3.1,
3.2 e 8). Um teste por cenário legal, sem banco de dados."""

from datetime import date
from decimal import Decimal

import pytest

from selecoes.reserva import (
    RESERVA_NEGROS_PADRAO,
    BaseReserva,
    Candidato,
    EntradaInvalida,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    aplicabilidade,
    explicar,
    ratear,
    resolver_vaga,
    sequencia_linha,
    sequencia_vaga,
    tabela_reserva,
)

NEGROS = (RESERVA_NEGROS_PADRAO,)
PCD = Reserva("pcd", Decimal(10))
NEGROS_PCD = (RESERVA_NEGROS_PADRAO, PCD)
HOJE = date(2024, 3, 1)


def _tabela(reservas, vagas, base=None, versao=2, explicita=None):
    aplicacao = aplicabilidade(HOJE, sum(n for _, n in vagas), versao)
    return tabela_reserva(reservas, vagas, aplicacao, explicita, base)


def _posicoes(seq, categoria):
    return [i for i, m in enumerate(seq, 1) if m == categoria]


def test_rateio_dez_vagas_de_uma_reserva_as_tres_primeiras():
    """Regras, § 3.1: 10 vagas de 1 → R = 3, as três primeiras na ordem do edital."""
    tabela = _tabela(NEGROS, [(f"V{i}", 1) for i in range(10)])
    assert [linha.quantidade("negros") for linha in tabela.linhas] == [1, 1, 1] + [0] * 7
    assert tabela.base is BaseReserva.SELECAO


def test_rateio_ibge_8_1_1_tudo_na_vaga_de_8():
    """Regras, § 3.1: 8 + 1 + 1 → as 3 na vaga de 8 (restos 0,4; 0,3; 0,3)."""
    tabela = _tabela(NEGROS_PCD, [("A", 8), ("B", 1), ("C", 1)])
    assert [dict(linha.reservadas) for linha in tabela.linhas] == [
        {"negros": 3, "pcd": 1},
        {"negros": 0, "pcd": 0},
        {"negros": 0, "pcd": 0},
    ]
    assert tabela.linhas[0].restos == (("negros", 1), ("pcd", 1))
    assert tabela.linhas[0].espalhadas == frozenset({"negros"})


def test_rateio_empate_de_resto_vai_a_vaga_com_mais_vagas():
    por_categoria, perdidas = ratear(NEGROS, [1, 11, 1])
    assert por_categoria == [[0, 4, 0]]
    assert perdidas == [0]


def test_rateio_vaga_que_nao_cabe_vai_a_outra_e_a_que_nao_cabe_em_nenhuma_se_perde():
    n70 = (Reserva("negros", Decimal(70)), Reserva("pcd", Decimal(30)))
    assert ratear(n70, [1, 1, 1, 1]) == ([[1, 1, 1, 0], [0, 0, 0, 1]], [0, 0])
    metade = (Reserva("negros", Decimal(50)), Reserva("pcd", Decimal(50)))
    assert ratear(metade, [1, 1, 1]) == ([[1, 1, 0], [0, 0, 1]], [0, 1])
    tabela = _tabela(metade, [("A", 1), ("B", 1), ("C", 1)])
    assert tabela.perdidas == (("negros", 0), ("pcd", 1))
    assert any("não couberam" in aviso for aviso in tabela.avisos)


def test_rateio_acima_do_teto_quando_so_ha_espaco_la():
    """Regras, § 3.1: "primeiro até o teto, depois em qualquer uma"."""
    reservas = (Reserva("negros", Decimal(30)), Reserva("pcd", Decimal(50)))
    # negros: R = 2 em [1, 4] → 0,3 e 1,2 → [1, 1]. PcD: R = 3; 0,5 e 2,0 → pisos
    # [0, 2]; a vaga do resto iria à de 1 (sem espaço); a de 4 já está no teto (2),
    # mas é a única com espaço → [0, 3].
    assert ratear(reservas, [1, 4]) == ([[1, 1], [0, 3]], [0, 0])


def test_base_vaga_limita_ao_espaco_em_ordem_de_precedencia():
    metade = (Reserva("negros", Decimal(50)), Reserva("pcd", Decimal(50)))
    tabela = _tabela(metade, [("V", 1), ("W", 2)], base="vaga")
    v, w = tabela.linhas
    assert dict(v.reservadas) == {"negros": 1, "pcd": 0}
    assert dict(w.reservadas) == {"negros": 1, "pcd": 1}
    assert v.espalhadas == frozenset({"pcd"})
    assert sequencia_linha(tabela, v, 2) == ("negros", "pcd")


def test_sequencia_espalhada_na_vaga_do_rateio():
    """Regras, § 3.2: r = 3 em 8 vagas → alvo arredondar(3 s / 8): 2ª, 4ª e 7ª."""
    tabela = _tabela(NEGROS, [("A", 8), ("B", 1), ("C", 1)])
    seq = sequencia_vaga(tabela, "A", 12)
    assert _posicoes(seq[:8], "negros") == [2, 4, 7]
    # Depois das ofertadas, alvo padrão: 9ª arredondar(2,7) = 3 = dadas;
    # 12ª arredondar(3,6) = 4 → negros.
    assert _posicoes(seq, "negros") == [2, 4, 7, 12]


def test_colisao_15_vagas_pcd_na_6a_e_na_14a():
    """Regras, § 3.2: negros 2, 5, 9, 12, 15; PcD 6 e 14, não 6 e 16."""
    tabela = _tabela(NEGROS_PCD, [("V", 15)])
    seq = sequencia_vaga(tabela, "V", 30)
    assert _posicoes(seq[:15], "negros") == [2, 5, 9, 12, 15]
    assert _posicoes(seq[:15], "pcd") == [6, 14]
    assert tabela.linhas[0].colisoes == (("pcd", 14),)
    assert _posicoes(seq, "pcd") == [6, 14, 26]


def test_colisao_5_vagas_exemplo_do_par7():
    tabela = _tabela(NEGROS_PCD, [("DIR", 5)])
    assert sequencia_vaga(tabela, "DIR", 7) == (
        "AC",
        "negros",
        "AC",
        "pcd",
        "negros",
        "AC",
        "AC",
    )


def test_colisao_nao_existe_na_versao_1():
    tabela = _tabela(NEGROS_PCD, [("V", 15)], versao=1)
    assert _posicoes(sequencia_vaga(tabela, "V", 16), "pcd") == [6, 16]
    assert dict(tabela.linhas[0].reservadas) == {"negros": 5, "pcd": 1}


@pytest.mark.parametrize(
    ("vagas", "inicios"),
    [
        ([("V", 0)], [3]),
        ([("V", 1)], [3]),
        ([("V", 2)], [3]),
        ([("A", 1), ("B", 1)], [2, 2]),
        ([("A", 2), ("B", 0)], [3, 1]),
        ([("A", 1), ("B", 0)], [3, 2]),
        ([("A", 3), ("B", 0)], [1, 1]),
    ],
)
def test_limiar_conta_as_vagas_que_surgem(vagas, inicios):
    """Regras, § 2: a posição s > n_i está sob a reserva sse N − n_i + s ≥ 3."""
    tabela = _tabela(NEGROS, vagas)
    assert [linha.inicio for linha in tabela.linhas] == inicios
    for linha in tabela.linhas:
        seq = sequencia_linha(tabela, linha, 10)
        assert set(seq[: linha.inicio - 1]) <= {"AC"}


def test_limiar_n0_primeira_reservada_e_a_3a():
    tabela = _tabela(NEGROS, [("V", 0)])
    assert _posicoes(sequencia_vaga(tabela, "V", 6), "negros") == [3, 5]


def test_limiar_versao_1_n0_desde_a_1a_e_n2_nunca():
    assert _posicoes(sequencia_vaga(_tabela(NEGROS, [("V", 0)], versao=1), "V", 6), "negros") == [
        2,
        5,
    ]
    assert set(sequencia_vaga(_tabela(NEGROS, [("V", 2)], versao=1), "V", 10)) == {"AC"}


def test_dez_vagas_de_uma_com_segunda_convocacao_tem_dez_de_vinte():
    """Regras, § 3.2: cada vaga arredonda sozinha as que surgem (10 de 20)."""
    tabela = _tabela(NEGROS, [(f"V{i}", 1) for i in range(10)])
    seqs = [sequencia_linha(tabela, linha, 2) for linha in tabela.linhas]
    assert sum(s.count("negros") for s in seqs) == 10


def test_explicita_com_n_menor_que_3_vale_so_de_onde_a_reserva_comeca():
    explicita = SequenciaExplicita((PosicoesReservadas("negros", (2, 5), 3),))
    tabela = _tabela(NEGROS, [("V", 2)], explicita=explicita)
    assert tabela.base is BaseReserva.VAGA
    assert _posicoes(sequencia_vaga(tabela, "V", 9), "negros") == [5, 8]


@pytest.mark.parametrize(
    ("base", "versao", "explicita", "trecho"),
    [
        ("nacional", 2, None, "desconhecida"),
        ("selecao", 1, None, "versão 2"),
        ("vaga", 1, None, "versão 2"),
        ("selecao", 2, SequenciaExplicita((PosicoesReservadas("negros", (3,)),)), "implica"),
    ],
)
def test_base_reserva_invalida_e_erro(base, versao, explicita, trecho):
    with pytest.raises(EntradaInvalida) as erro:
        _tabela(NEGROS, [("V", 3)], base=base, versao=versao, explicita=explicita)
    assert erro.value.campo == "base_reserva"
    assert trecho in erro.value.mensagem


def test_versao_desconhecida_e_erro():
    with pytest.raises(EntradaInvalida) as erro:
        aplicabilidade(HOJE, 3, 3)
    assert erro.value.campo == "versao_regras"


def test_resolver_vaga_usa_o_quadro_da_selecao():
    """Com base selecao, a vaga de 1 só tem reserva porque o quadro da seleção a deu."""
    tabela = _tabela(NEGROS, [(f"V{i}", 1) for i in range(10)])
    candidatos = [Candidato("A", 1), Candidato("X", 2, frozenset({"negros"}))]
    r = resolver_vaga(
        candidatos=candidatos,
        aplicacao=tabela.aplicacao,
        ofertadas=1,
        codigo="V0",
        tabela=tabela,
    )
    assert [(c.inscricao, c.modalidade) for c in r.ordem.convocados] == [("X", "negros")]
    r = resolver_vaga(
        candidatos=candidatos, aplicacao=tabela.aplicacao, ofertadas=1, codigo="V5", tabela=tabela
    )
    assert [(c.inscricao, c.modalidade) for c in r.ordem.convocados] == [("A", "AC")]


def test_resolver_vaga_rejeita_ofertadas_diferentes_do_quadro():
    tabela = _tabela(NEGROS, [("V", 5)])
    with pytest.raises(EntradaInvalida):
        resolver_vaga(
            candidatos=[], aplicacao=tabela.aplicacao, ofertadas=4, codigo="V", tabela=tabela
        )


def test_explicacao_vaga_do_rateio_cita_o_paragrafo_e_a_secao():
    tabela = _tabela(NEGROS, [(f"V{i}", 1) for i in range(10)])
    r = resolver_vaga(
        candidatos=[Candidato("X", 1, frozenset({"negros"}))],
        aplicacao=tabela.aplicacao,
        ofertadas=1,
        codigo="V0",
        tabela=tabela,
    )
    texto = explicar(r)[0].texto
    assert "rateio" in texto
    assert "§ 3.1" in texto
    assert "art. 1º, caput" in texto


def test_explicacao_reserva_que_comeca_na_3a_vaga_da_selecao():
    tabela = _tabela(NEGROS, [("V", 2)])
    r = resolver_vaga(
        candidatos=[Candidato("A", 1), Candidato("B", 2), Candidato("X", 3, frozenset({"negros"}))],
        aplicacao=tabela.aplicacao,
        ofertadas=2,
        convocacoes=3,
        codigo="V",
        tabela=tabela,
    )
    texto = {e.inscricao: e.texto for e in explicar(r)}["X"]
    assert "3ª vaga da seleção" in texto
    assert "§ 2" in texto
    assert "art. 1º, § 1º" in texto


def test_explicacao_vaga_antecipada_pela_colisao():
    tabela = _tabela(NEGROS_PCD, [("V", 15)])
    candidatos = [Candidato(f"C{i:02d}", i) for i in range(1, 16)] + [
        Candidato("P", 16, frozenset({"pcd"})),
        Candidato("Q", 17, frozenset({"pcd"})),
    ]
    r = resolver_vaga(
        candidatos=candidatos, aplicacao=tabela.aplicacao, ofertadas=15, codigo="V", tabela=tabela
    )
    texto = {e.inscricao: e.texto for e in explicar(r)}["Q"]
    assert "colisão" in texto
    assert "14ª" in texto
    assert "§ 3.2" in texto
