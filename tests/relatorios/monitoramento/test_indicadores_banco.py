"""Indicadores calculados no banco sobre o conjunto construído (respostas conhecidas)."""

import datetime as dt
from decimal import Decimal

import pytest

from relatorios.monitoramento import selectors
from relatorios.monitoramento.indicadores import TOTAL, celulas, montar_cubo

pytestmark = pytest.mark.django_db

HOJE = dt.date(2026, 11, 30)

ESPERADO_MIR_2026 = {
    "selecoes": 2,
    "selecoes_com_reserva": 1,
    "selecoes_sem_reserva_art1": 1,  # S2: 2 vagas
    "selecoes_sem_reserva_art7": 0,
    "vagas_estagio": 3,
    "vagas_ofertadas": 10,
    "reservadas_negros": 3,  # DIR 2 (posições 2 e 5) + ADM 1
    "reservadas_pcd": 0,  # PcD só na 6ª posição
    "inscricoes": 14,  # sem a substituída e sem o rascunho
    "inscricoes_branca": 5,
    "inscricoes_preta": 3,
    "inscricoes_parda": 3,
    "inscricoes_amarela": 1,
    "inscricoes_indigena": 1,
    "inscricoes_nao_declarada": 1,
    "optantes_negros": 5,
    "optantes_pcd": 1,
    "aprovados": 13,
    "aprovados_negros": 5,
    "aprovados_pcd": 1,
    "convocacoes": 10,
    "convocacoes_AC": 6,
    "convocacoes_negros": 3,
    "convocacoes_pcd": 0,
    "convocacoes_reversao": 1,  # C, no lugar de Y
    "negros_em_ac": 1,  # X (Rita é preta mas não optou)
    "desistencias": 1,
    "desistencias_negros": 1,
    "eliminacoes_declaracao_falsa": 1,  # o processo improcedente não conta
    "desligamentos": 1,  # B, contratado e depois desligado
    "contratacoes": 8,  # B conta: foi contratado
    "contratacoes_AC": 5,
    "contratacoes_negros": 2,
    "contratacoes_reversao": 1,
    "contratacoes_pessoas_negras": 3,
    "contratacoes_pessoas_nao_negras": 5,
    "contratos": 3,  # o contrato 01/2026 conta uma vez; a empresa sem contrato, nenhuma
    "contratos_comprovam": 1,
    "contratos_dispensadas": 1,
    "contratos_nao_cumprem": 1,  # a comprovação mais recente do 01/2026 tem 4 de 5
}


@pytest.fixture
def cubo(dados, orgao, outro_orgao):
    return montar_cubo(selectors.dados_indicadores(orgao_ids=[orgao.pk, outro_orgao.pk]))


def test_indicadores_mir_2026(cubo, orgao):
    obtido = {codigo: cubo[(2026, orgao.pk)][codigo] for codigo in ESPERADO_MIR_2026}
    assert obtido == ESPERADO_MIR_2026


def test_indicadores_percentuais_e_consolidado(cubo, orgao, outro_orgao):
    cels = celulas(cubo, suprimir_pequenas=False)
    assert cels[(2026, orgao.pk, "percentual_negros_contratacoes")].valor == Decimal("37.5")
    assert cels[(2026, outro_orgao.pk, "percentual_negros_contratacoes")].valor == Decimal("33.3")
    assert cubo[(2026, TOTAL)]["contratacoes"] == 11
    assert cubo[(2026, TOTAL)]["contratacoes_pessoas_negras"] == 4
    assert cels[(2026, TOTAL, "percentual_negros_contratacoes")].valor == Decimal("36.4")
    assert cels[(2026, orgao.pk, "percentual_contratos_comprovam")].valor == Decimal("33.3")
    assert cubo[(2026, TOTAL)]["inscricoes"] == 20
    assert cubo[(2026, outro_orgao.pk)]["aprovados"] == 5


def test_indicadores_selecao_art7_em_2018(cubo, orgao):
    c = cubo[(2018, orgao.pk)]
    assert (c["selecoes"], c["selecoes_sem_reserva_art7"], c["reservadas_negros"]) == (1, 1, 0)
    assert (c["inscricoes"], c["contratacoes"]) == (2, 1)


@pytest.mark.parametrize(
    ("filtro", "selecoes", "vagas", "inscricoes", "contratacoes"),
    [
        ({"nivel": "medio"}, 1, 3, 3, 2),
        ({"uf": "SP"}, 1, 3, 3, 2),
        ({"nivel": "superior", "uf": "DF"}, 2, 7, 11, 6),
        ({"nivel": "pos_graduacao"}, 0, 0, 0, 0),
    ],
)
def test_indicadores_filtro_nivel_uf(
    dados, orgao, filtro, selecoes, vagas, inscricoes, contratacoes
):
    c = montar_cubo(selectors.dados_indicadores(orgao_ids=[orgao.pk], **filtro)).get(
        (2026, orgao.pk), {}
    )
    assert c.get("selecoes", 0) == selecoes
    assert c.get("vagas_ofertadas", 0) == vagas
    assert c.get("inscricoes", 0) == inscricoes
    assert c.get("contratacoes", 0) == contratacoes


def test_indicadores_filtro_mantem_reserva_da_selecao_inteira(dados, orgao):
    """ADM sozinha tem 3 vagas, mas a reserva vem do total N = 8 de S1 (art. 1º, § 1º)."""
    c = montar_cubo(selectors.dados_indicadores(orgao_ids=[orgao.pk], nivel="medio"))
    assert c[(2026, orgao.pk)]["reservadas_negros"] == 1
    assert c[(2026, orgao.pk)]["selecoes_com_reserva"] == 1


def test_indicadores_poucas_consultas(dados, orgao, outro_orgao, django_assert_max_num_queries):
    escopo = selectors.EscopoMonitoramento((orgao, outro_orgao), suprimir=True, monitoramento=True)
    # Uma consulta a mais, constante: as categorias de reserva do órgão dos editais.
    with django_assert_max_num_queries(9):
        painel = selectors.painel_monitoramento(escopo=escopo, hoje=HOJE)
    assert painel.ano == 2026
    assert painel.anos == (2018, 2026)


def test_anos_com_dados_inclui_contratos(dados, orgao):
    assert selectors.anos_com_dados([orgao.pk]) == [2026, 2018]
