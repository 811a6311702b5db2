"""Regras puras da heteroidentificação: decisão pela regra do edital e lista de chamados."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import ResultadoHeteroidentificacao, VotoParecer
from candidatos.services.heteroidentificacao import regras
from selecoes.models import ChamadosConfirmacao, EfeitoAusencia, RegraDecisao

C, N, F = regras.CONFIRMA, regras.NAO_CONFIRMA, regras.INDICIO_FRAUDE


def test_regras_valores_sao_os_dos_modelos():
    assert {C, N, F} == set(VotoParecer.values)
    assert {regras.CONFIRMADA, regras.NAO_CONFIRMADA, regras.AUSENTE, F} == set(
        ResultadoHeteroidentificacao.values
    )
    assert {regras.MAIORIA, regras.UNANIMIDADE} == set(RegraDecisao.values)
    assert {regras.TODOS, regras.MULTIPLO_VAGAS} == set(ChamadosConfirmacao.values)
    assert regras.AMPLA_CONCORRENCIA == EfeitoAusencia.AMPLA_CONCORRENCIA


@pytest.mark.parametrize(
    ("votos", "regra", "esperado"),
    [
        pytest.param([C, C, C], "maioria", "confirmada", id="maioria_todos_confirmam"),
        pytest.param([C, C, N], "maioria", "confirmada", id="maioria_dois_confirmam"),
        pytest.param([C, N, N], "maioria", "nao_confirmada", id="maioria_dois_nao_confirmam"),
        pytest.param([C, N, F], "maioria", "nao_confirmada", id="maioria_fraude_minoritaria"),
        pytest.param([N, F, F], "maioria", "indicio_fraude", id="maioria_fraude_majoritaria"),
        pytest.param(
            [C, C, N, N], "maioria", "confirmada", id="maioria_empate_vale_autodeclaracao"
        ),
        pytest.param([C, N, N, F, F], "maioria", "nao_confirmada", id="maioria_cinco_membros"),
        pytest.param([N, N, N], "unanimidade", "nao_confirmada", id="unanimidade_todos_contra"),
        pytest.param([C, N, N], "unanimidade", "confirmada", id="unanimidade_um_confirma_basta"),
        pytest.param([N, F, F], "unanimidade", "nao_confirmada", id="unanimidade_fraude_parcial"),
        pytest.param([F, F, F], "unanimidade", "indicio_fraude", id="unanimidade_fraude_de_todos"),
    ],
)
def test_decisao_pela_regra_do_edital(votos, regra, esperado):
    assert regras.decidir(votos, regra).resultado == esperado


def test_decisao_ausente_nao_precisa_de_votos():
    decisao = regras.decidir([], "maioria", ausente=True)
    assert decisao.resultado == "ausente"
    assert decisao.votos == {C: 0, N: 0, F: 0}


@pytest.mark.parametrize(
    ("votos", "regra"),
    [([], "maioria"), (["talvez"], "maioria"), ([C], "sorteio")],
    ids=["sem_votos", "voto_desconhecido", "regra_desconhecida"],
)
def test_decisao_entrada_invalida(votos, regra):
    with pytest.raises(ValueError):  # noqa: PT011
        regras.decidir(votos, regra)


@pytest.mark.parametrize(
    ("resultado", "ausente_perde", "perde"),
    [
        ("confirmada", True, False),
        ("nao_confirmada", False, True),
        ("indicio_fraude", False, True),
        ("ausente", True, True),
        ("ausente", False, False),
    ],
)
def test_perde_categoria_por_resultado(resultado, ausente_perde, perde):
    assert regras.perde_categoria(resultado, ausente_perde=ausente_perde) is perde


OPTANTES = tuple("XYZWVUTS")


@pytest.mark.parametrize(
    ("regra", "vagas", "multiplo", "esperado"),
    [
        pytest.param("todos", 0, None, OPTANTES, id="todos_os_optantes"),
        pytest.param("multiplo_vagas", 2, 1, ("X", "Y"), id="m1_duas_vagas"),
        pytest.param("multiplo_vagas", 2, 2, ("X", "Y", "Z", "W"), id="m2_duas_vagas"),
        pytest.param("multiplo_vagas", 2, 3, tuple("XYZWVU"), id="m3_duas_vagas"),
        pytest.param("multiplo_vagas", 3, 5, OPTANTES, id="m_alem_dos_optantes"),
        pytest.param("multiplo_vagas", 0, 3, (), id="sem_vagas_da_categoria"),
    ],
)
def test_chamados_da_vaga_m_vezes_as_vagas(regra, vagas, multiplo, esperado):
    assert (
        regras.chamados_da_vaga(OPTANTES, regra=regra, vagas_categoria=vagas, multiplo=multiplo)
        == esperado
    )


@pytest.mark.parametrize(
    ("sequencia", "categoria", "vagas"),
    [
        (("AC", "negros", "AC", "AC", "negros"), "negros", 2),
        (("AC", "negros", "AC", "pcd", "negros", "AC", "AC"), "pcd", 1),
        (("AC", "AC"), "negros", 0),
    ],
)
def test_vagas_da_categoria_na_sequencia(sequencia, categoria, vagas):
    assert regras.vagas_da_categoria(sequencia, categoria) == vagas


@given(
    votos=st.lists(st.sampled_from([C, N, F]), min_size=3, max_size=9),
    regra=st.sampled_from(["maioria", "unanimidade"]),
)
@example(votos=[C, C, N, N], regra="maioria")
@example(votos=[F, F, F], regra="unanimidade")
def test_decisao_propriedades(votos, regra):
    """Mais um voto que confirma nunca piora o resultado; a unanimidade nunca deixa de
    confirmar quando a maioria confirma; fraude só com não confirmação."""
    decisao = regras.decidir(votos, regra)
    com_mais_um = regras.decidir([*votos, C], regra)
    ordem = {"confirmada": 0, "nao_confirmada": 1, "indicio_fraude": 2}
    assert ordem[com_mais_um.resultado] <= ordem[decisao.resultado]
    if regras.decidir(votos, "maioria").resultado == "confirmada":
        assert regras.decidir(votos, "unanimidade").resultado == "confirmada"
    assert sum(decisao.votos.values()) == len(votos)


@given(
    n=st.integers(min_value=0, max_value=12),
    vagas=st.integers(min_value=0, max_value=5),
    multiplo=st.integers(min_value=1, max_value=5),
)
@example(n=8, vagas=2, multiplo=3)
def test_chamados_sao_prefixo_da_ordem(n, vagas, multiplo):
    optantes = [f"I{i}" for i in range(n)]
    chamados = regras.chamados_da_vaga(
        optantes, regra="multiplo_vagas", vagas_categoria=vagas, multiplo=multiplo
    )
    assert list(chamados) == optantes[: len(chamados)]
    assert len(chamados) == min(n, multiplo * vagas)
