"""Regras puras da autodeclaração e dos códigos (sem banco)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from candidatos.models import CorRaca
from candidatos.services.inscricoes import (
    ALFABETO_CODIGO,
    erros_autodeclaracao,
    formatar_codigo,
    formatar_numero,
    gerar_codigos_verificacao,
    normalizar_codigo,
)

NEGRAS = {CorRaca.PRETA, CorRaca.PARDA}


@pytest.mark.parametrize("cor", list(CorRaca))
def test_reserva_negros_opcao_conforme_cor(cor):
    erros = erros_autodeclaracao(
        cor_raca=cor, concorre_negros=True, pcd=False, concorre_pcd=False, reserva_pcd=True
    )
    assert ("concorre_negros" in erros) is (cor not in NEGRAS)


@pytest.mark.parametrize("cor", list(CorRaca))
def test_reserva_negros_sem_opcao_qualquer_cor_e_aceita(cor):
    assert not erros_autodeclaracao(
        cor_raca=cor, concorre_negros=False, pcd=False, concorre_pcd=False, reserva_pcd=True
    )


def test_reserva_negros_nao_declarada_tem_mensagem_propria():
    erros = erros_autodeclaracao(
        cor_raca=CorRaca.NAO_DECLARADA,
        concorre_negros=True,
        pcd=False,
        concorre_pcd=False,
        reserva_pcd=False,
    )
    assert "prefere não declarar" in erros["concorre_negros"]


@pytest.mark.parametrize(
    ("pcd", "concorre_pcd", "reserva_pcd", "campo"),
    [
        (True, True, True, None),
        (True, False, True, None),
        (False, False, True, None),
        (False, True, True, "concorre_pcd"),
        (True, False, False, "pcd"),
        (False, True, False, "pcd"),
        (False, False, False, None),
    ],
)
def test_reserva_pcd_coerencia(pcd, concorre_pcd, reserva_pcd, campo):
    erros = erros_autodeclaracao(
        cor_raca=CorRaca.BRANCA,
        concorre_negros=False,
        pcd=pcd,
        concorre_pcd=concorre_pcd,
        reserva_pcd=reserva_pcd,
    )
    assert list(erros) == ([campo] if campo else [])


def test_cor_raca_fora_do_ibge_e_recusada():
    erros = erros_autodeclaracao(
        cor_raca="morena", concorre_negros=True, pcd=False, concorre_pcd=False, reserva_pcd=True
    )
    assert list(erros) == ["cor_raca"]


@given(
    cor=st.sampled_from(list(CorRaca)),
    concorre_negros=st.booleans(),
    pcd=st.booleans(),
    concorre_pcd=st.booleans(),
    reserva_pcd=st.booleans(),
)
def test_autodeclaracao_sem_erro_respeita_as_restricoes_do_banco(
    cor, concorre_negros, pcd, concorre_pcd, reserva_pcd
):
    """Sem erro ⇒ as CheckConstraints de Inscricao valem (art. 2º; Lei 11.788, art. 17)."""
    erros = erros_autodeclaracao(
        cor_raca=cor,
        concorre_negros=concorre_negros,
        pcd=pcd,
        concorre_pcd=concorre_pcd,
        reserva_pcd=reserva_pcd,
    )
    if not erros:
        assert not concorre_negros or cor in NEGRAS
        assert not concorre_pcd or pcd
        assert reserva_pcd or not (pcd or concorre_pcd)


def test_codigos_de_verificacao_aleatorios_e_sem_ambiguidade():
    codigos = gerar_codigos_verificacao(5000)
    assert len(set(codigos)) == 5000
    assert all(len(c) == 12 and set(c) <= set(ALFABETO_CODIGO) for c in codigos)
    assert not set("01IO") & set(ALFABETO_CODIGO)


@given(st.text(alphabet=ALFABETO_CODIGO, min_size=12, max_size=12))
def test_codigo_formatado_volta_ao_original(codigo):
    formatado = formatar_codigo(codigo)
    assert formatado.count("-") == 2
    assert normalizar_codigo(formatado.lower()) == codigo


@pytest.mark.parametrize(
    ("ano", "sequencial", "numero"),
    [(2026, 1, "2026-0000001"), (2026, 1234567, "2026-1234567"), (2027, 12345678, "2027-12345678")],
)
def test_numero_de_inscricao_legivel(ano, sequencial, numero):
    assert formatar_numero(ano, sequencial) == numero
