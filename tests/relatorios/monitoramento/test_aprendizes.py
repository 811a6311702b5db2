"""Cota de aprendizes (CLT, art. 429) e priorização do art. 6º — sem banco."""

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from relatorios.models import PorteEmpresa
from relatorios.monitoramento.aprendizes import (
    PRIORIDADE_COMPROVA,
    PRIORIDADE_DISPENSADA,
    PRIORIDADE_NAO_CUMPRE,
    CriterioPriorizacao,
    EmpresaCandidata,
    Porte,
    SituacaoCota,
    calcular_cota,
    cota_maxima,
    cota_minima,
    priorizar,
)

# base → (mínimo, máximo). Mínimo: 5% com qualquer fração para cima (§ 1º);
# máximo: 15% para baixo, nunca abaixo do mínimo.
CASOS_COTA = [
    (0, 0, 0),
    (1, 1, 1),  # 0,05 → 1; 0,15 → 0, elevado ao mínimo
    (6, 1, 1),  # 0,30 → 1; 0,90 → 0 → 1
    (7, 1, 1),  # 0,35 → 1; 1,05 → 1
    (13, 1, 1),  # 1,95 → 1
    (14, 1, 2),  # 2,10 → 2
    (19, 1, 2),  # 0,95 → 1
    (20, 1, 3),  # exatamente 1,00 → 1; 3,00 → 3
    (21, 2, 3),  # 1,05 → 2 (fração mínima dá um aprendiz); 3,15 → 3
    (39, 2, 5),  # 1,95 → 2; 5,85 → 5
    (40, 2, 6),  # 2,00 → 2
    (41, 3, 6),  # 2,05 → 3; 6,15 → 6
    (99, 5, 14),  # 4,95 → 5; 14,85 → 14
    (100, 5, 15),
    (101, 6, 15),  # 5,05 → 6; 15,15 → 15
    (1000, 50, 150),
    (1001, 51, 150),
]


@pytest.mark.parametrize(("base", "minimo", "maximo"), CASOS_COTA)
def test_cota_art429_arredondamento(base, minimo, maximo):
    assert cota_minima(base) == minimo
    assert cota_maxima(base) == maximo


@pytest.mark.parametrize(
    ("base", "aprendizes", "porte", "situacao", "prioridade"),
    [
        (20, 0, "demais", SituacaoCota.ABAIXO_DO_MINIMO, PRIORIDADE_NAO_CUMPRE),
        (20, 1, "demais", SituacaoCota.CUMPRE, PRIORIDADE_COMPROVA),
        (20, 3, "demais", SituacaoCota.CUMPRE, PRIORIDADE_COMPROVA),
        (20, 4, "demais", SituacaoCota.ACIMA_DO_MAXIMO, PRIORIDADE_NAO_CUMPRE),
        (21, 1, "demais", SituacaoCota.ABAIXO_DO_MINIMO, PRIORIDADE_NAO_CUMPRE),
        (21, 2, "demais", SituacaoCota.CUMPRE, PRIORIDADE_COMPROVA),
        (1, 1, "demais", SituacaoCota.CUMPRE, PRIORIDADE_COMPROVA),
        (0, 0, "demais", SituacaoCota.CUMPRE, PRIORIDADE_COMPROVA),
        (0, 1, "demais", SituacaoCota.ACIMA_DO_MAXIMO, PRIORIDADE_NAO_CUMPRE),
        (50, 0, "me", SituacaoCota.DISPENSADA, PRIORIDADE_DISPENSADA),
        (50, 0, "epp", SituacaoCota.DISPENSADA, PRIORIDADE_DISPENSADA),
        (50, 3, "epp", SituacaoCota.DISPENSADA, PRIORIDADE_COMPROVA),
        (50, 20, "me", SituacaoCota.DISPENSADA, PRIORIDADE_DISPENSADA),
    ],
)
def test_cota_situacao_e_prioridade(base, aprendizes, porte, situacao, prioridade):
    cota = calcular_cota(base=base, aprendizes=aprendizes, porte=porte)
    assert cota.situacao is situacao
    assert cota.prioridade == prioridade


def test_cota_percentual_e_faltam():
    cota = calcular_cota(base=41, aprendizes=1, porte=Porte.DEMAIS)
    assert cota.faltam == 2
    assert cota.excedente == -2
    assert cota.percentual == Decimal("2.4")
    assert calcular_cota(base=0, aprendizes=0, porte="demais").percentual == Decimal(0)


@pytest.mark.parametrize(("base", "aprendizes"), [(-1, 0), (1, -1), (True, 0), (1.5, 0)])
def test_cota_entrada_invalida(base, aprendizes):
    with pytest.raises(ValueError, match="inteiro maior ou igual a zero"):
        calcular_cota(base=base, aprendizes=aprendizes, porte="demais")


def test_porte_do_modelo_igual_ao_da_regra():
    assert set(PorteEmpresa.values) == {p.value for p in Porte}


@given(st.integers(min_value=0, max_value=100_000))
def test_cota_propriedades(base):
    minimo, maximo = cota_minima(base), cota_maxima(base)
    assert minimo * 100 >= base * 5 > (minimo - 1) * 100  # menor inteiro ≥ 5%
    assert minimo <= maximo
    assert maximo * 100 <= base * 15 or maximo == minimo
    assert cota_minima(base + 1) >= minimo


def _empresa(ident, nome, base, aprendizes, porte="demais", ref=date(2026, 1, 31)):
    return EmpresaCandidata(
        identificador=ident,
        cnpj=f"{ident:014d}",
        razao_social=nome,
        cota=calcular_cota(base=base, aprendizes=aprendizes, porte=porte),
        data_referencia=ref,
    )


def test_priorizacao_art6_quem_comprova_vem_primeiro():
    nao_cumpre = _empresa(1, "Alfa", 100, 0)
    dispensada = _empresa(2, "Beta", 100, 0, porte="me")
    cumpre = _empresa(3, "Gama", 100, 5)
    assert priorizar([nao_cumpre, dispensada, cumpre]) == [cumpre, dispensada, nao_cumpre]


@pytest.mark.parametrize(
    ("criterios", "esperado"),
    [
        ([], ["Alfa", "Beta", "Gama"]),  # só o CNPJ desempata
        ([CriterioPriorizacao.MAIOR_PERCENTUAL], ["Gama", "Beta", "Alfa"]),
        (["maior_excedente"], ["Beta", "Gama", "Alfa"]),
        (["referencia_recente", "razao_social"], ["Alfa", "Gama", "Beta"]),
        (["referencia_recente", "maior_percentual"], ["Gama", "Alfa", "Beta"]),
        (["razao_social"], ["Alfa", "Beta", "Gama"]),
    ],
)
def test_priorizacao_art6_criterios_do_servidor(criterios, esperado):
    empresas = [
        _empresa(1, "Alfa", 100, 5, ref=date(2026, 1, 1)),  # 5,0%, excedente 0
        _empresa(2, "Beta", 200, 12, ref=date(2025, 1, 1)),  # 6,0%, excedente 2
        _empresa(3, "Gama", 20, 3, ref=date(2026, 1, 1)),  # 15,0%, excedente 2
    ]
    assert [e.razao_social for e in priorizar(empresas, criterios)] == esperado
