"""Dados de demonstração das seleções: idempotentes e cobrindo os casos do decreto."""

from selecoes.demo import popular_orgaos_e_usuarios, popular_selecoes
from selecoes.models import Selecao, SituacaoSelecao, VersaoEdital
from selecoes.selectors import quadro_reserva


def test_demo_selecoes_idempotente_e_representativa(db):
    popular_orgaos_e_usuarios()
    primeiras = popular_selecoes()
    segundas = popular_selecoes()
    assert [s.pk for s in primeiras] == [s.pk for s in segundas]
    assert Selecao.objects.count() == len(primeiras) >= 4

    quadros = {s.numero_edital + s.orgao.sigla: quadro_reserva(s) for s in primeiras}
    com_pcd = quadros["1/2026MIR"]
    assert com_pcd.aplicavel
    assert com_pcd.categorias == ("negros", "pcd")
    cadastro = quadros["2/2026MIR"]
    assert cadastro.aplicavel
    assert cadastro.somente_cadastro_reserva
    antiga = quadros["3/2018MIR"]
    assert not antiga.aplicavel
    assert "art. 7º" in antiga.motivo
    assert quadros["4/2026MIR"].base == "vaga"
    assert "total da seleção" in quadros["4/2026MIR"].alerta_fracionamento
    nacional = quadros["5/2026MIR"]
    assert nacional.base == "selecao"
    assert len(nacional.linhas) == 27
    # Regras, § 3.1: 30% de 45 = 13,5 → 14 e 10% de 45 = 4,5 → 5, rateados.
    assert nacional.total_reservadas == {"negros": 14, "pcd": 5}
    assert nacional.rateio
    assert nacional.alerta_fracionamento is None
    assert Selecao.objects.get(numero_edital="5/2026").versao_regras == 2
    assert Selecao.objects.get(numero_edital="3/2018").situacao == SituacaoSelecao.ENCERRADA
    assert VersaoEdital.objects.filter(selecao__numero_edital="1/2026").count() == 2
