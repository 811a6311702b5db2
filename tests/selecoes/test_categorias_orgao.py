"""Categorias de reserva do órgão no edital: os quatro editais reais, de ponta a ponta.

Cada caso declara as categorias como o órgão as publicou, passa pelo serviço
(rascunho → publicação) e confere o quadro de reserva e a sequência de convocação
contra a conta feita à mão pelas regras de reserva (§§ 3.1, 3.2 e 7).
"""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from hypothesis import example, given
from hypothesis import strategies as st

from selecoes.selectors import quadro_reserva, reservas_de, tabela_da_selecao
from selecoes.services import (
    dados_da_selecao,
    rascunho_atualizar,
    selecao_publicar,
    selecao_retificar,
)
from tests.factories import SelecaoFactory, VagaEstagioFactory

AGORA = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def _categoria(categoria, nome, percentual, base_legal, **extra):
    return {
        "id": None,
        "categoria": categoria,
        "nome": nome,
        "percentual": Decimal(percentual),
        "base_legal": base_legal,
        "pergunta": f"Você deseja concorrer às vagas reservadas a {nome.lower()}?",
        "ajuda": "",
        "lista_com_nomes": None,
        "documento_exigido": False,
        "documento_descricao": "",
        "documento_tamanho_max_mb": 5,
        **extra,
    }


def _edital(orgao, alice, vagas, *, reserva_pcd, categorias, sequencia=None, **campos):
    selecao = SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
        reserva_pcd=reserva_pcd,
    )
    for codigo, n in vagas:
        VagaEstagioFactory(selecao=selecao, codigo=codigo, vagas_ofertadas=n)
    dados = dados_da_selecao(selecao)
    dados = dataclasses.replace(
        dados,
        selecao={**dados.selecao, "sequencia_explicita": sequencia, **campos},
        categorias=categorias,
    )
    rascunho_atualizar(selecao=selecao, usuario=alice, dados=dados)
    versao = selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    selecao.refresh_from_db()
    return selecao, versao


def _posicoes(sequencia, categoria):
    return [n for n, m in enumerate(sequencia, 1) if m == categoria]


def test_edital_mpu_minorias_com_sequencia_explicita(orgao, alice):
    """MPU (Portaria PGR nº 155/2011): PcD na 10ª, 20ª, 30ª; minorias na seguinte."""
    selecao, versao = _edital(
        orgao,
        alice,
        [("BSB", 12)],
        reserva_pcd=True,
        categorias=[_categoria("minorias", "Minorias", "10", "Portaria PGR nº 155/2011")],
        sequencia={
            "negros": {"posicoes": [3, 6, 9, 13, 16, 19, 23, 26, 29]},
            "pcd": {"posicoes": [10, 20, 30]},
            "minorias": {"posicoes": [11, 21, 31]},
        },
    )
    assert [r.categoria for r in reservas_de(selecao)] == ["negros", "pcd", "minorias"]
    tabela = tabela_da_selecao(selecao)
    (linha,) = tabela.linhas
    # Entre as 12 ofertadas: negros 3ª, 6ª, 9ª; PcD 10ª; minorias 11ª (§ 7: base vaga).
    assert dict(linha.reservadas) == {"negros": 3, "pcd": 1, "minorias": 1}
    quadro = quadro_reserva(selecao, posicoes=30)
    seq = quadro.linhas[0].sequencia
    assert _posicoes(seq, "pcd") == [10, 20, 30]
    assert _posicoes(seq, "minorias") == [11, 21]
    assert quadro.base == "vaga"
    assert "minorias, a 11ª, 21ª e 31ª" in quadro.regra_texto
    assert versao.conteudo["categorias_orgao"][0]["base_legal"] == "Portaria PGR nº 155/2011"
    assert versao.conteudo["reserva"]["categorias"] == ["negros", "pcd", "minorias"]


def test_edital_itamaraty_indigenas_quilombolas_trans(orgao, alice):
    """Itamaraty (Portaria MRE nº 649/2026): negros 30, PcD 10, indígenas 5,
    quilombolas 3, pessoas trans 2; uma vaga de estágio com 20 vagas."""
    base = "Portaria MRE nº 649/2026"
    selecao, _ = _edital(
        orgao,
        alice,
        [("BSB", 20)],
        reserva_pcd=True,
        categorias=[
            _categoria("indigenas", "Indígenas", "5", base),
            _categoria("quilombolas", "Quilombolas", "3", base),
            _categoria("trans", "Pessoas trans", "2", base),
        ],
    )
    (linha,) = tabela_da_selecao(selecao).linhas
    # round_half_up(p × 20): 6; 2; 1,0 → 1; 0,6 → 1; 0,4 → 0.
    assert dict(linha.reservadas) == {
        "negros": 6,
        "pcd": 2,
        "indigenas": 1,
        "quilombolas": 1,
        "trans": 0,
    }
    seq = quadro_reserva(selecao, posicoes=30).linhas[0].sequencia
    assert _posicoes(seq, "negros") == [2, 5, 9, 12, 15, 19, 22, 25, 29]
    assert _posicoes(seq, "pcd") == [6, 16, 26]
    # 10ª: indígenas, round_half_up(0,05 × 10) = 1; 17ª: quilombolas, 0,51 → 1.
    assert _posicoes(seq, "indigenas") == [10, 30]
    assert _posicoes(seq, "quilombolas") == [17]
    # 25ª: trans empata com negros (precedência); 26ª com PcD; fica com a 27ª.
    assert _posicoes(seq, "trans") == [27]
    trans = selecao.categorias_orgao.get(categoria="trans")
    assert trans.publica_nomes is False
    assert selecao.categorias_orgao.get(categoria="indigenas").publica_nomes is True


def test_edital_dpu_pessoas_trans_sem_pcd(orgao, alice):
    """DPU (Res. CSDPU nº 173/2020 e 222/2024): negros 30% e pessoas trans 2%."""
    selecao, _ = _edital(
        orgao,
        alice,
        [("DF", 10), ("SP", 5)],
        reserva_pcd=False,
        categorias=[_categoria("trans", "Pessoas trans", "2", "Res. CSDPU nº 222/2024")],
    )
    tabela = tabela_da_selecao(selecao)
    # N = 15: negros round_half_up(4,5) = 5 → 3 + 1 pelos pisos, o resto vai a SP
    # (fração 0,5 contra 0,0); trans round_half_up(0,3) = 0.
    assert {linha.codigo: dict(linha.reservadas) for linha in tabela.linhas} == {
        "DF": {"negros": 3, "trans": 0},
        "SP": {"negros": 2, "trans": 0},
    }
    # Vagas que surgem: a 26ª convocação de cada vaga é a primeira de pessoas trans.
    seq = quadro_reserva(selecao, posicoes=30).linhas[0].sequencia
    assert _posicoes(seq, "trans") == [26]


def test_edital_trf_indigenas_tres_por_cento(orgao, alice):
    """TRF: negros 30, PcD 10, indígenas 3; três vagas de estágio (10, 8, 4)."""
    selecao, _ = _edital(
        orgao,
        alice,
        [("REC", 10), ("FOR", 8), ("NAT", 4)],
        reserva_pcd=True,
        categorias=[_categoria("indigenas", "Indígenas", "3", "Resolução do TRF")],
    )
    tabela = tabela_da_selecao(selecao)
    # N = 22. Negros: 7 = pisos 3+2+1, o resto a FOR (0,4). PcD: 2 = piso 1 (REC),
    # o resto a FOR (0,8). Indígenas: round_half_up(0,66) = 1, a REC (0,3).
    assert {linha.codigo: dict(linha.reservadas) for linha in tabela.linhas} == {
        "REC": {"negros": 3, "pcd": 1, "indigenas": 1},
        "FOR": {"negros": 3, "pcd": 1, "indigenas": 0},
        "NAT": {"negros": 1, "pcd": 0, "indigenas": 0},
    }
    assert dict(tabela.total_reservadas) == {"negros": 7, "pcd": 2, "indigenas": 1}


def test_edital_sem_categorias_do_orgao_calcula_como_antes(orgao, alice):
    _, versao = _edital(orgao, alice, [("DIR", 10), ("ADM", 3)], reserva_pcd=True, categorias=[])
    assert "categorias_orgao" not in versao.conteudo
    vagas = {v["codigo"]: v["reservadas"] for v in versao.conteudo["reserva"]["vagas"]}
    assert vagas["DIR"] == {"negros": 3, "pcd": 1}


def test_percentual_negros_acima_do_minimo_entra_no_motor(orgao, alice):
    selecao, _ = _edital(
        orgao,
        alice,
        [("BSB", 10)],
        reserva_pcd=False,
        categorias=[],
        percentual_negros=Decimal("40"),
    )
    (linha,) = tabela_da_selecao(selecao).linhas
    assert dict(linha.reservadas) == {"negros": 4}


def test_publicacao_recusa_soma_acima_de_100(orgao, alice):
    with pytest.raises(ValidationError) as erro:
        _edital(
            orgao,
            alice,
            [("BSB", 10)],
            reserva_pcd=True,
            categorias=[_categoria("minorias", "Minorias", "61", "Portaria")],
        )
    assert any("Categorias de reserva" in m and "100" in m for m in erro.value.messages)


def test_retificacao_muda_categoria_com_nova_versao_e_motivo(orgao, alice):
    selecao, _ = _edital(
        orgao,
        alice,
        [("BSB", 20)],
        reserva_pcd=False,
        categorias=[_categoria("indigenas", "Indígenas", "5", "Portaria")],
    )
    dados = dados_da_selecao(selecao)
    categorias = [{**dados.categorias[0], "percentual": Decimal("10")}]
    versao = selecao_retificar(
        selecao=selecao,
        usuario=alice,
        motivo="Percentual de indígenas corrigido.",
        data_retificacao=dt.date(2026, 3, 2),
        dados=dataclasses.replace(dados, categorias=categorias),
        agora=AGORA,
    )
    assert versao.numero == 2
    assert versao.conteudo["categorias_orgao"][0]["percentual"] == "10.00"
    assert selecao.versoes.get(numero=1).conteudo["categorias_orgao"][0]["percentual"] == "5.00"


def test_comparacao_de_versoes_mostra_a_categoria_e_ignora_campo_novo():
    from selecoes.selectors.versoes import comparar_conteudos

    reserva = {"aplicavel": True, "vagas": [], "total_reservadas": {}}
    antes = {"selecao": {}, "vagas": [], "criterios_avaliacao": [], "reserva": reserva}
    depois = {
        "selecao": {"percentual_negros": "30.00"},
        "vagas": [],
        "criterios_avaliacao": [],
        "reserva": reserva,
        "categorias_orgao": [{"categoria": "trans", "percentual": "2.00"}],
    }
    diferencas = comparar_conteudos(antes, depois)
    assert [(d.secao, d.depois) for d in diferencas] == [("Categoria do órgão trans", "incluída")]


def test_monitoramento_calcula_o_quadro_com_as_categorias_do_orgao(orgao, alice):
    """Art. 5º: o quadro do monitoramento é o do edital, com sequência explícita que
    nomeia a categoria do órgão (sem ela, o motor recusaria a sequência)."""
    from relatorios.monitoramento.indicadores.calculo import reservadas_por_vaga
    from relatorios.monitoramento.selectors import _selecoes

    selecao, _ = _edital(
        orgao,
        alice,
        [("BSB", 12)],
        reserva_pcd=True,
        categorias=[_categoria("minorias", "Minorias", "10", "Portaria PGR nº 155/2011")],
        sequencia={
            "negros": {"posicoes": [3, 6, 9]},
            "pcd": {"posicoes": [10]},
            "minorias": {"posicoes": [11]},
        },
    )
    (dados,) = [
        s for s in _selecoes(None, "", "") if s.data_publicacao == selecao.data_publicacao_edital
    ]
    assert dados.outras == (("minorias", Decimal("10.00")),)
    assert reservadas_por_vaga(dados) == {"BSB": {"negros": 3, "pcd": 1, "minorias": 1}}


def test_anexo_detalhe_e_pagina_publica_mostram_a_base_legal(client, orgao, alice):
    from django.urls import reverse

    base = "Portaria MRE nº 649/2026"
    selecao, _ = _edital(
        orgao,
        alice,
        [("BSB", 20)],
        reserva_pcd=True,
        categorias=[
            _categoria("indigenas", "Indígenas", "5", base),
            _categoria("trans", "Pessoas trans", "2", base),
        ],
    )
    client.force_login(alice)
    anexo = client.get(reverse("selecoes:anexo", args=[selecao.pk])).content.decode()
    assert f"Indígenas: 5% das vagas ({base})" in anexo
    assert "Pessoas trans: 2% das vagas" in anexo
    assert "lista publicada sem nomes, só por códigos de lista" in anexo
    assert 'class="text-end">Indígenas</th>' in anexo  # coluna do quadro
    detalhe = client.get(reverse("selecoes:detalhe", args=[selecao.pk])).content.decode()
    assert f"indígenas 5% ({base})" in detalhe


CODIGOS_DO_ORGAO = ("indigenas", "quilombolas", "trans", "minorias", "outra")


@pytest.mark.django_db
@given(
    ofertadas=st.lists(st.integers(min_value=0, max_value=25), min_size=1, max_size=4),
    escolhidas=st.lists(
        st.tuples(st.sampled_from(CODIGOS_DO_ORGAO), st.integers(min_value=1, max_value=10)),
        max_size=4,
        unique_by=lambda t: t[0],
    ),
    pcd=st.booleans(),
)
@example(ofertadas=[20], escolhidas=[("indigenas", 5), ("quilombolas", 3), ("trans", 2)], pcd=True)
def test_propriedade_quadro_do_servico_e_o_do_motor_com_as_mesmas_reservas(
    ofertadas, escolhidas, pcd
):
    """O quadro da seleção é exatamente o do motor com negros, PcD e as categorias do
    órgão na ordem do edital (regras, § 3.2: a ordem é a precedência)."""
    from selecoes import reserva
    from tests.factories import CategoriaEditalFactory

    selecao = SelecaoFactory(data_publicacao_edital=dt.date(2026, 3, 2), reserva_pcd=pcd)
    for i, n in enumerate(ofertadas):
        VagaEstagioFactory(selecao=selecao, codigo=f"V{i}", vagas_ofertadas=n, ordem=i)
    for ordem, (codigo, percentual) in enumerate(escolhidas):
        CategoriaEditalFactory(
            selecao=selecao, categoria=codigo, percentual=Decimal(percentual), ordem=ordem
        )
    esperadas = (
        reserva.Reserva("negros", Decimal(30)),
        *((reserva.Reserva("pcd", Decimal(10)),) if pcd else ()),
        *(reserva.Reserva(c, Decimal(p)) for c, p in escolhidas),
    )
    vagas = [(f"V{i}", n) for i, n in enumerate(ofertadas)]
    motor = reserva.tabela_reserva(
        esperadas,
        vagas,
        reserva.aplicabilidade(dt.date(2026, 3, 2), sum(ofertadas), 2),
        None,
        "selecao",
    )
    servico = tabela_da_selecao(selecao)
    assert tuple(r.categoria for r in servico.reservas) == tuple(r.categoria for r in esperadas)
    assert [dict(x.reservadas) for x in servico.linhas] == [
        dict(x.reservadas) for x in motor.linhas
    ]
