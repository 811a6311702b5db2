"""Monitoramento (art. 5º) com as categorias do órgão: o quadro e as convocações de
cada categoria nacional entram no cubo, com a supressão de números pequenos."""

from datetime import date
from decimal import Decimal

import pytest

from relatorios.monitoramento.indicadores import (
    Dados,
    Estado,
    GrupoConvocacoes,
    GrupoInscricoes,
    SelecaoDados,
    VagaDados,
    celulas,
    montar_cubo,
)
from relatorios.monitoramento.indicadores.definicoes import (
    CATEGORIAS_DO_ORGAO,
    POR_CODIGO,
    TOTAL,
)


def test_cubo_conta_reservadas_e_convocacoes_de_cada_categoria_do_orgao():
    itamaraty = SelecaoDados(
        orgao_id=1,
        data_publicacao=date(2026, 3, 2),
        vagas=(VagaDados("BSB", 20),),
        reserva_pcd=True,
        outras=(("indigenas", Decimal(5)), ("quilombolas", Decimal(3)), ("trans", Decimal(2))),
    )
    dados = Dados(
        selecoes=[itamaraty],
        convocacoes=[
            GrupoConvocacoes(2026, 1, "AC", "contratado", False, False, True, 17),
            GrupoConvocacoes(2026, 1, "indigenas", "contratado", False, False, True, 1),
            GrupoConvocacoes(2026, 1, "quilombolas", "aguardando", False, False, False, 2),
        ],
    )
    abertas = celulas(montar_cubo(dados), suprimir_pequenas=False)
    # round_half_up(p × 20): indígenas 1, quilombolas 0,6 → 1, trans 0,4 → 0.
    assert abertas[(2026, 1, "reservadas_indigenas")].texto == "1"
    assert abertas[(2026, 1, "reservadas_quilombolas")].texto == "1"
    assert abertas[(2026, 1, "reservadas_trans")].texto == "0"
    assert abertas[(2026, 1, "reservadas_negros")].texto == "6"
    assert abertas[(2026, 1, "convocacoes_indigenas")].texto == "1"
    assert abertas[(2026, 1, "convocacoes")].texto == "20"
    suprimidas = celulas(montar_cubo(dados), suprimir_pequenas=True)
    # Uma pessoa indígena contratada: a célula e a que a entregaria por subtração saem.
    assert suprimidas[(2026, 1, "contratacoes_indigenas")].estado is Estado.PRIMARIA
    assert suprimidas[(2026, 1, "convocacoes_quilombolas")].texto == "< 5"
    assert suprimidas[(2026, 1, "contratacoes_AC")].texto == "X"
    # O quadro do edital não conta pessoas: não é suprimido.
    assert suprimidas[(2026, 1, "reservadas_indigenas")].texto == "1"


def _dados_inscricoes(*grupos):
    selecao = SelecaoDados(
        orgao_id=1,
        data_publicacao=date(2026, 3, 2),
        vagas=(VagaDados("BSB", 20),),
        outras=(("indigenas", Decimal(5)), ("trans", Decimal(2))),
    )
    return Dados(selecoes=[selecao], inscricoes=list(grupos))


# (ano, órgão, cor, negros, PcD, total, aprovados, categorias do órgão)
_I = GrupoInscricoes


@pytest.mark.parametrize(
    ("grupos", "esperado_aberto", "esperado_suprimido"),
    [
        pytest.param(
            [
                _I(2026, 1, "branca", False, False, 30, 12),
                _I(2026, 1, "parda", True, False, 8, 5, ("indigenas",)),
                _I(2026, 1, "branca", False, False, 7, 6, ("indigenas", "trans")),
            ],
            {
                "optantes_indigenas": "15",
                "aprovados_indigenas": "11",
                "optantes_trans": "7",
                "aprovados_trans": "6",
                "optantes_quilombolas": "0",
                "aprovados_quilombolas": "0",
                "optantes_negros": "8",
                "aprovados_negros": "5",
            },
            {"optantes_indigenas": "15", "optantes_trans": "7", "aprovados_trans": "6"},
            id="cada-categoria-conta-quem-optou-e-os-aprovados-da-lista",
        ),
        pytest.param(
            [
                _I(2026, 1, "branca", False, False, 40, 20),
                _I(2026, 1, "branca", False, False, 3, 1, ("trans",)),
            ],
            {"optantes_trans": "3", "aprovados_trans": "1"},
            {"optantes_trans": "< 5", "aprovados_trans": "< 5"},
            id="numeros-pequenos-suprimidos",
        ),
        pytest.param(
            [_I(2026, 1, "preta", True, False, 12, 9)],
            {"optantes_trans": "0", "aprovados_trans": "0"},
            {"optantes_trans": "0", "aprovados_trans": "0"},
            id="zero-nao-e-suprimido",
        ),
    ],
)
def test_cubo_conta_optantes_e_aprovados_de_cada_categoria_do_orgao(
    grupos, esperado_aberto, esperado_suprimido
):
    """Art. 5º: como para negros (``optantes_negros``, ``aprovados_negros``), quem optou
    pela reserva da categoria e os aprovados na lista dela (aprovados que optaram)."""
    cubo = montar_cubo(_dados_inscricoes(*grupos))
    abertas = celulas(cubo, suprimir_pequenas=False)
    suprimidas = celulas(cubo, suprimir_pequenas=True)
    for codigo, texto in esperado_aberto.items():
        assert abertas[(2026, 1, codigo)].texto == texto, codigo
        assert abertas[(2026, TOTAL, codigo)].texto == texto, codigo
    for codigo, texto in esperado_suprimido.items():
        assert suprimidas[(2026, 1, codigo)].texto == texto, codigo


def test_indicadores_de_opcao_e_aprovacao_de_cada_categoria_no_catalogo():
    for codigo in CATEGORIAS_DO_ORGAO:
        assert POR_CODIGO[f"optantes_{codigo}"].pessoas
        assert POR_CODIGO[f"aprovados_{codigo}"].pessoas
    assert (
        POR_CODIGO["optantes_trans"].rotulo == "Optaram pela reserva a pessoas trans (ato do órgão)"
    )


@pytest.mark.django_db
def test_consulta_do_banco_agrupa_as_opcoes_das_categorias_do_orgao(orgao):
    """A opção vem de ``Inscricao.concorre_categorias`` (lista em JSON), agregada no banco."""
    from candidatos.models import SituacaoAvaliacao
    from relatorios.monitoramento import selectors
    from tests.factories import (
        AvaliacaoFactory,
        CategoriaEditalFactory,
        InscricaoFactory,
        SelecaoFactory,
        VagaEstagioFactory,
    )

    selecao = SelecaoFactory(orgao=orgao, situacao="publicada")
    vaga = VagaEstagioFactory(selecao=selecao, vagas_ofertadas=20)
    CategoriaEditalFactory(selecao=selecao, categoria="trans", nome="Pessoas trans", percentual=2)
    CategoriaEditalFactory(selecao=selecao, categoria="indigenas", nome="Indígenas", ordem=1)
    opcoes = [["trans"], ["indigenas", "trans"], ["trans", "indigenas"], [], ["indigenas"]]
    for i, categorias in enumerate(opcoes):
        inscricao = InscricaoFactory(vaga=vaga, concorre_categorias=categorias)
        if i < 3:
            AvaliacaoFactory(inscricao=inscricao, situacao=SituacaoAvaliacao.APROVADO)
    cubo = montar_cubo(selectors.dados_indicadores(orgao_ids=[orgao.pk]))
    ano = selecao.data_publicacao_edital.year
    linha = cubo[(ano, orgao.pk)]
    assert (linha["optantes_trans"], linha["aprovados_trans"]) == (3, 3)
    assert (linha["optantes_indigenas"], linha["aprovados_indigenas"]) == (3, 2)
    assert linha["inscricoes"] == 5
