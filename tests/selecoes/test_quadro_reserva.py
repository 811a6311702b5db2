"""Quadro de reserva do edital (art. 1º, §§ 1º a 3º; art. 3º; art. 7º) pelos seletores."""

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from selecoes import reserva
from selecoes.selectors import quadro_reserva, quadro_reserva_de_dados
from tests.factories import SelecaoFactory, VagaEstagioFactory

DEPOIS = dt.date(2024, 3, 1)
ANTES = dt.date(2018, 6, 28)

# Tabela do § 3º das regras: n = 1…20 → vagas reservadas a negros.
TABELA_NEGROS = [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6]


def _quadro(vagas, *, data=DEPOIS, pcd=False, explicita=None, posicoes=20):
    return quadro_reserva_de_dados(
        data_publicacao=data,
        vagas=vagas,
        reserva_pcd=pcd,
        percentual_pcd=Decimal("10"),
        sequencia_explicita=explicita,
        posicoes=posicoes,
    )


@pytest.mark.parametrize("n", range(1, 21))
def test_art1_par3_reservadas_por_vaga_seguem_a_tabela(n):
    quadro = _quadro([("A", n), ("OUTRA", 3)])
    assert quadro.linhas[0].reservadas == {"negros": TABELA_NEGROS[n - 1]}
    assert quadro.linhas[0].ampla == n - TABELA_NEGROS[n - 1]


def test_art1_sequencia_negros_nas_posicoes_do_documento():
    quadro = _quadro([("DIR", 5)])
    negros = [i for i, m in enumerate(quadro.linhas[0].sequencia, 1) if m == "negros"]
    assert negros == [2, 5, 9, 12, 15, 19]
    assert len(quadro.linhas[0].sequencia) == 20


def test_pcd_sequencia_com_precedencia_dos_negros():
    quadro = _quadro([("DIR", 10)], pcd=True, posicoes=30)
    seq = quadro.linhas[0].sequencia
    assert [i for i, m in enumerate(seq, 1) if m == "pcd"] == [6, 16, 26]
    assert quadro.categorias == ("negros", "pcd")
    assert quadro.linhas[0].reservadas == {"negros": 3, "pcd": 1}
    assert quadro.linhas[0].ampla == 6


def test_art7_edital_anterior_a_vigencia_nao_tem_reserva():
    quadro = _quadro([("DIR", 10)], data=ANTES)
    assert not quadro.aplicavel
    assert "art. 7º" in quadro.motivo
    assert quadro.linhas[0].reservadas == {"negros": 0}
    assert set(quadro.linhas[0].sequencia) == {"AC"}
    assert quadro.reservadas_esperadas_negros == 0
    assert "ampla concorrência" in quadro.regra_texto


def test_art1_par1_menos_de_tres_vagas_na_selecao_nao_tem_reserva():
    quadro = _quadro([("DIR", 1), ("ADM", 1)])
    assert not quadro.aplicavel
    assert "art. 1º, § 1º" in quadro.motivo
    assert quadro.total_reservadas == {"negros": 0}


def test_art1_par1_cadastro_de_reserva_aplica_a_reserva():
    quadro = _quadro([("DIR", 0), ("ADM", 0)])
    assert quadro.aplicavel
    assert quadro.total_vagas == 0
    assert quadro.somente_cadastro_reserva
    assert quadro.linhas[0].reservadas == {"negros": 0}
    assert quadro.linhas[0].sequencia[1] == "negros"


def test_fracionamento_vagas_unicas_geram_alerta_adc41():
    quadro = _quadro([(f"V{i}", 1) for i in range(6)])
    assert quadro.aplicavel
    assert quadro.total_reservadas == {"negros": 0}
    assert quadro.reservadas_esperadas_negros == 2
    assert "ADC 41" in quadro.alerta_fracionamento


def test_fracionamento_sem_alerta_quando_total_por_vaga_alcanca_o_da_selecao():
    quadro = _quadro([("DIR", 5), ("ADM", 3), ("TI", 2)])
    assert quadro.total_reservadas == {"negros": 4}
    assert quadro.reservadas_esperadas_negros == 3
    assert quadro.alerta_fracionamento is None


def test_sequencia_explicita_usada_e_descrita_no_texto():
    quadro = _quadro([("DIR", 10)], explicita={"negros": {"posicoes": [3, 8, 13], "intervalo": 5}})
    seq = quadro.linhas[0].sequencia
    assert [i for i, m in enumerate(seq, 1) if m == "negros"] == [3, 8, 13, 18]
    assert quadro.linhas[0].reservadas == {"negros": 2}
    assert "3ª, 8ª e 13ª" in quadro.regra_texto
    assert "de 5 em 5" in quadro.regra_texto


def test_sequencia_explicita_sem_categoria_declarada_e_recusada():
    with pytest.raises(reserva.EntradaInvalida) as erro:
        _quadro([("DIR", 10)], pcd=True, explicita={"negros": {"posicoes": [3]}})
    assert erro.value.campo == "pcd"


def test_quadro_da_selecao_salva_usa_as_vagas_do_banco(db):
    selecao = SelecaoFactory(reserva_pcd=False)
    VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=15)
    VagaEstagioFactory(selecao=selecao, codigo="ADM", vagas_ofertadas=0)
    quadro = quadro_reserva(selecao)
    assert [linha.vaga.codigo for linha in quadro.linhas] == ["ADM", "DIR"]
    por_codigo = {linha.vaga.codigo: linha for linha in quadro.linhas}
    # 15 vagas dão 5 (e não 4, como daria o round() do Python).
    assert por_codigo["DIR"].reservadas == {"negros": 5}
    assert por_codigo["ADM"].reservadas == {"negros": 0}
    assert quadro.total_vagas == 15
    assert quadro.reservadas_esperadas_negros == 5


@settings(deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=8))
def test_quadro_soma_e_esperado_sao_coerentes(ofertas):
    quadro = _quadro([(f"V{i}", n) for i, n in enumerate(ofertas)], posicoes=40)
    total = sum(ofertas)
    assert quadro.total_vagas == total
    assert quadro.total_reservadas["negros"] == sum(
        linha.reservadas["negros"] for linha in quadro.linhas
    )
    for linha, n in zip(quadro.linhas, ofertas, strict=True):
        assert linha.ampla + sum(linha.reservadas.values()) == n
        assert linha.reservadas["negros"] == linha.sequencia[:n].count("negros")
    esperado = (
        int((Decimal("0.3") * total).quantize(Decimal(1), rounding=ROUND_HALF_UP))
        if quadro.aplicavel
        else 0
    )
    assert quadro.reservadas_esperadas_negros == esperado
    assert (quadro.alerta_fracionamento is not None) == (
        quadro.total_reservadas["negros"] < esperado
    )
