"""Monitoramento (art. 5º) com as categorias do órgão: o quadro e as convocações de
cada categoria nacional entram no cubo, com a supressão de números pequenos."""

from datetime import date
from decimal import Decimal

from relatorios.monitoramento.indicadores import (
    Dados,
    Estado,
    GrupoConvocacoes,
    SelecaoDados,
    VagaDados,
    celulas,
    montar_cubo,
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
