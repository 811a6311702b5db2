"""Aritmética dos indicadores (sem banco): reserva, contagens, percentuais e supressão."""

import dataclasses
from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from relatorios.monitoramento.aprendizes import calcular_cota
from relatorios.monitoramento.indicadores import (
    TOTAL,
    Celula,
    ContratoEmpresa,
    Dados,
    Equacao,
    Estado,
    GrupoConvocacoes,
    GrupoInscricoes,
    SelecaoDados,
    VagaDados,
    celulas,
    montar_cubo,
    motivo_sem_reserva,
    percentual,
    reservadas_por_vaga,
    suprimir,
    tabela_indicadores,
    tabela_resumo,
)


def _selecao(data, *ofertadas, **kw):
    vagas = tuple(VagaDados(f"V{i}", n) for i, n in enumerate(ofertadas))
    return SelecaoDados(orgao_id=1, data_publicacao=data, vagas=vagas, **kw)


@pytest.mark.parametrize(
    ("data", "ofertadas", "versao", "motivo"),
    [
        (date(2018, 6, 28), (5,), 2, "art7"),
        (date(2018, 6, 28), (2,), 2, "art7"),  # o Decreto inteiro não se aplica
        # Versão 2 (regras, § 2): com N < 3 a reserva vale para as vagas que surgirem.
        (date(2018, 6, 29), (2,), 2, None),
        (date(2024, 3, 1), (1, 1), 2, None),
        # Versão 1 (regras, § 8): N = 1, 2 nunca tinham reserva.
        (date(2018, 6, 29), (2,), 1, "art1"),
        (date(2024, 3, 1), (1, 1), 1, "art1"),
        (date(2024, 3, 1), (1, 1, 1), 2, None),  # N conta na seleção (art. 1º, § 1º)
        (date(2024, 3, 1), (0,), 1, None),  # só cadastro de reserva
        (date(2018, 6, 29), (3,), 2, None),
    ],
)
def test_aplicabilidade_motivo_sem_reserva(data, ofertadas, versao, motivo):
    selecao = dataclasses.replace(_selecao(data, *ofertadas), versao_regras=versao)
    assert motivo_sem_reserva(selecao) == motivo


@pytest.mark.parametrize(
    ("ofertadas", "kw", "negros", "pcd"),
    [
        ((5,), {}, 2, 0),  # posições 2 e 5
        ((15,), {}, 5, 0),  # 4,5 → 5 (art. 1º, § 2º)
        ((6,), {"reserva_pcd": True}, 2, 1),  # PcD na 6ª
        ((2,), {}, 0, 0),  # N < 3
        (
            (10,),
            {"sequencia_explicita": {"negros": {"posicoes": [3, 8, 13], "intervalo": 5}}},
            2,
            0,
        ),
        # sequência explícita sem a categoria PcD declarada: vale o arredondamento
        ((10,), {"reserva_pcd": True, "sequencia_explicita": {"negros": {"posicoes": [1]}}}, 3, 1),
    ],
)
def test_reserva_quadro_do_edital_pelo_motor(ofertadas, kw, negros, pcd):
    s = _selecao(date(2024, 3, 1), *ofertadas, **kw)
    reservadas = reservadas_por_vaga(s)["V0"]
    assert reservadas.get("negros", 0) == negros
    assert reservadas.get("pcd", 0) == pcd


def test_contagens_convocacoes_reversao_desligamento_e_negros_em_ac():
    g = [
        # (modalidade, situação, concorre_negros, pessoa_negra, assinou_tce, total)
        ("AC", "contratado", False, False, True, 4),
        ("AC", "contratado", True, True, True, 1),  # negro alcançado na AC
        ("negros", "contratado", True, True, True, 2),
        ("negros", "desligado", True, True, True, 1),  # contratado e depois desligado
        ("negros", "desistiu", True, True, False, 1),
        ("reversao", "contratado", False, False, True, 1),
        ("pcd", "recusada", False, True, False, 1),
        ("AC", "aguardando", False, False, False, 2),
        ("negros", "eliminado", True, False, True, 1),  # eliminado depois de contratado
    ]
    dados = Dados(convocacoes=[GrupoConvocacoes(2026, 7, *linha) for linha in g])
    c = montar_cubo(dados)[(2026, 7)]
    assert c["convocacoes"] == 14
    assert (c["convocacoes_AC"], c["convocacoes_negros"], c["convocacoes_pcd"]) == (7, 5, 1)
    assert c["convocacoes_reversao"] == 1
    assert c["negros_em_ac"] == 1
    assert (c["desistencias"], c["desistencias_negros"], c["desistencias_pcd"]) == (2, 1, 1)
    assert c["contratacoes"] == 10
    assert (c["contratacoes_AC"], c["contratacoes_negros"], c["contratacoes_reversao"]) == (5, 4, 1)
    assert c["desligamentos"] == 2
    assert c["contratacoes_pessoas_negras"] == 4
    assert c["contratacoes_pessoas_nao_negras"] == 6


def test_contagens_convocacao_sem_efeito_nao_conta_como_convocacao_e_tem_linha_propria():
    """Regras, § 1: a convocação pela reserva que a heteroidentificação não confirmou não
    produz efeito; quem a teve volta à ampla concorrência e pode ser chamado de novo. Ela
    não entra nas convocações (nem na da categoria), só na linha própria."""
    g = [
        ("negros", "sem_efeito", True, True, False, 2),
        ("AC", "contratado", True, True, True, 1),  # chamado de novo, pela ampla
        ("negros", "contratado", True, True, True, 3),
    ]
    dados = Dados(convocacoes=[GrupoConvocacoes(2026, 7, *linha) for linha in g])
    c = montar_cubo(dados)[(2026, 7)]
    assert c["convocacoes"] == 4
    assert (c["convocacoes_AC"], c["convocacoes_negros"]) == (1, 3)
    assert c["convocacoes_sem_efeito"] == 2
    assert c["desistencias"] == 0
    assert c["contratacoes"] == 4


def test_contagens_inscricoes_e_consolidado():
    dados = Dados(
        inscricoes=[
            GrupoInscricoes(2026, 1, "preta", True, False, 6, 3),
            GrupoInscricoes(2026, 1, "parda", False, False, 2, 1),
            GrupoInscricoes(2026, 1, "branca", False, True, 9, 4),
            GrupoInscricoes(2026, 2, "nao_declarada", False, False, 3, 0),
        ],
        contratos=[
            ContratoEmpresa(2026, 1, calcular_cota(base=20, aprendizes=1, porte="demais")),
            ContratoEmpresa(2026, 2, calcular_cota(base=20, aprendizes=0, porte="me")),
            ContratoEmpresa(2026, 2, calcular_cota(base=20, aprendizes=0, porte="demais")),
        ],
    )
    cubo = montar_cubo(dados)
    um, total = cubo[(2026, 1)], cubo[(2026, TOTAL)]
    assert (um["inscricoes"], um["optantes_negros"], um["optantes_pcd"]) == (17, 6, 9)
    assert (um["aprovados"], um["aprovados_negros"], um["aprovados_pcd"]) == (8, 3, 4)
    assert total["inscricoes"] == 20
    assert total["inscricoes_nao_declarada"] == 3
    assert (total["contratos"], total["contratos_comprovam"]) == (3, 1)
    assert (total["contratos_dispensadas"], total["contratos_nao_cumprem"]) == (1, 1)


@pytest.mark.parametrize(
    ("parte", "todo", "esperado"),
    [(3, 10, Decimal("30.0")), (1, 3, Decimal("33.3")), (2, 3, Decimal("66.7")), (1, 0, None)],
)
def test_percentual_uma_casa(parte, todo, esperado):
    assert percentual(parte, todo) == esperado


def test_supressao_primaria_e_secundaria_em_uma_particao():
    valores = {"t": 10, "a": 3, "b": 7}
    s = suprimir(valores, ["t", "a", "b"], [Equacao(partes=("a", "b"), total="t")])
    assert s.primarias == {"a"}
    assert s.secundarias == {"b"}  # senão a = t − b


def test_supressao_duas_pequenas_dispensam_secundaria():
    valores = {"t": 10, "a": 3, "b": 2, "c": 5}
    s = suprimir(valores, list(valores), [Equacao(partes=("a", "b", "c"), total="t")])
    assert s.primarias == {"a", "b"}
    assert s.secundarias == set()


def test_supressao_secundaria_prefere_menor_parte_nao_nula():
    valores = {"t": 30, "a": 4, "b": 0, "c": 20, "d": 6}
    s = suprimir(valores, list(valores), [Equacao(partes=("a", "b", "c", "d"), total="t")])
    assert s.secundarias == {"d"}


def test_supressao_celula_oculta_pequena_protegida():
    # pretas + pardas = optantes + não optantes (oculta, 2 pessoas)
    valores = {"preta": 10, "parda": 5, "optantes": 13, "oculta": 2}
    eq = Equacao(partes=("preta", "parda", "optantes", "oculta"))
    s = suprimir(valores, ["preta", "parda", "optantes"], [eq], ocultas=["oculta"])
    assert s.primarias == set()
    assert s.secundarias == {"parda"}
    valores["oculta"] = 7
    assert suprimir(valores, ["preta", "parda", "optantes"], [eq], ["oculta"]).secundarias == set()


def test_supressao_em_cadeia_entre_orgao_e_consolidado():
    # Órgão 1 tem 3 contratações: a célula consolidada 3 + 20 = 23 entregaria o 20,
    # e a partição do órgão 2 (20 = 12 + 8) precisa de uma segunda célula.
    valores = {("1", "t"): 3, ("2", "t"): 20, ("T", "t"): 23, ("2", "a"): 12, ("2", "b"): 8}
    eqs = [
        Equacao(partes=(("1", "t"), ("2", "t")), total=("T", "t")),
        Equacao(partes=(("2", "a"), ("2", "b")), total=("2", "t")),
    ]
    s = suprimir(valores, list(valores), eqs)
    assert s.primarias == {("1", "t")}
    assert s.secundarias == {("2", "t"), ("2", "b")}


@given(
    st.lists(st.integers(min_value=0, max_value=12), min_size=2, max_size=6),
    st.lists(st.integers(min_value=0, max_value=12), min_size=2, max_size=6),
)
def test_supressao_nenhuma_equacao_com_uma_so_incognita_protegida(linha1, linha2):
    """Tabela 2 × n com totais de linha e de coluna (a forma das telas)."""
    n = min(len(linha1), len(linha2))
    valores = {}
    for j in range(n):
        valores[(0, j)], valores[(1, j)] = linha1[j], linha2[j]
        valores[("T", j)] = linha1[j] + linha2[j]
    for i, linha in ((0, linha1), (1, linha2)):
        valores[(i, "T")] = sum(linha[:n])
    valores[("T", "T")] = valores[(0, "T")] + valores[(1, "T")]
    eqs = [Equacao(tuple((i, j) for j in range(n)), (i, "T")) for i in (0, 1, "T")]
    eqs += [Equacao(((0, j), (1, j)), ("T", j)) for j in [*range(n), "T"]]
    s = suprimir(valores, list(valores), eqs)
    escondidas = s.primarias | s.secundarias
    assert {k for k, v in valores.items() if 0 < v < 5} == s.primarias
    for eq in eqs:
        assert sum(m in escondidas for m in eq.membros) != 1


def test_celulas_percentual_omitido_quando_numerador_suprimido():
    dados = Dados(
        convocacoes=[
            GrupoConvocacoes(2026, 1, "AC", "contratado", False, False, True, 7),
            GrupoConvocacoes(2026, 1, "negros", "contratado", True, True, True, 3),
        ]
    )
    cels = celulas(montar_cubo(dados), suprimir_pequenas=True)
    assert cels[(2026, 1, "contratacoes_pessoas_negras")].texto == "< 5"
    assert cels[(2026, 1, "percentual_negros_contratacoes")].estado is Estado.SECUNDARIA
    # 10 = 3 + 7 nas duas partições: as partes grandes saem, o total fica
    assert cels[(2026, 1, "contratacoes_pessoas_nao_negras")].texto == "X"
    assert cels[(2026, 1, "contratacoes_AC")].texto == "X"
    assert cels[(2026, 1, "contratacoes")].texto == "10"
    abertas = celulas(montar_cubo(dados), suprimir_pequenas=False)
    assert abertas[(2026, 1, "percentual_negros_contratacoes")].texto == "30,0%"


@pytest.mark.parametrize(
    ("celula", "texto", "exportavel"),
    [
        (Celula(3, Estado.PRIMARIA), "< 5", "< 5"),
        (Celula(40, Estado.SECUNDARIA), "X", "X"),
        (Celula(12345), "12.345", 12345),
        (Celula(Decimal("33.3")), "33,3%", Decimal("33.3")),
        (Celula(None), "—", ""),
    ],
)
def test_celula_texto_e_exportacao(celula, texto, exportavel):
    assert celula.texto == texto
    assert celula.exportavel == exportavel


def test_tabelas_para_planilha():
    dados = Dados(selecoes=[_selecao(date(2026, 3, 2), 5)])
    cels = celulas(montar_cubo(dados), suprimir_pequenas=True)
    tabela = tabela_indicadores(cels, [("Total", 2026, TOTAL)], "Indicadores", ["selecoes"])
    assert tabela.para_planilha() == (
        ["Grupo", "Indicador", "Total"],
        [["Seleções e vagas", "Seleções com edital publicado no ano", 1]],
    )
    resumo = tabela_resumo(
        cels,
        [("Total", 2026, TOTAL)],
        "Por órgão",
        "Órgão",
        ["vagas_ofertadas"],
        total_na_ultima=True,
    )
    assert resumo.para_planilha() == (["Órgão", "Vagas oferecidas"], [["Total", 5]])
    assert resumo.linhas[0].total


@pytest.mark.parametrize(
    ("versao", "base", "total"), [(2, "selecao", 3), (2, "vaga", 0), (1, "selecao", 0)]
)
def test_reservadas_por_vaga_segue_versao_e_base_do_edital(versao, base, total):
    """Regras, §§ 3.1 e 8: dez vagas de 1 reservam 3 na base selecao da versão 2."""
    selecao = dataclasses.replace(
        _selecao(date(2024, 3, 1), *([1] * 10)), versao_regras=versao, base_reserva=base
    )
    quadro = reservadas_por_vaga(selecao)
    assert sum(r["negros"] for r in quadro.values()) == total
