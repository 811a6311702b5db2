"""Formulário do edital: cada erro em português nomeia o campo; nada é salvo pela metade."""

import pytest
from django.urls import reverse

from selecoes.forms import FormularioEdital
from selecoes.models import RegistroAuditoria, Selecao
from selecoes.services import erros_criterios_desempate
from tests.factories import SelecaoFactory
from tests.selecoes.formularios import edital_post


def _mensagens(edital):
    return [mensagem for _, mensagem in edital.resumo_erros()]


def _validar(orgao, **kwargs):
    edital = FormularioEdital(
        edital_post(orgao=orgao.pk, **kwargs), orgaos=type(orgao).objects.filter(pk=orgao.pk)
    )
    return edital.is_valid(), _mensagens(edital)


def test_formulario_valido_gera_dados_do_edital(orgao):
    edital = FormularioEdital(
        edital_post(
            orgao=orgao.pk,
            vagas=[{"codigo": "dir-bsb"}, {"codigo": "ADM", "vagas_ofertadas": 0}],
            criterios=[{"codigo": "prova", "nome": "Prova"}],
            desempate_2="nota_criterio",
            desempate_2_parametro="prova",
            negros_posicoes="3, 8, 13",
            negros_intervalo="5",
            pcd_posicoes="6ª; 21ª",
        ),
        orgaos=type(orgao).objects.all(),
    )
    assert edital.is_valid(), _mensagens(edital)
    dados = edital.dados()
    assert [v["codigo"] for v in dados.vagas] == ["DIR-BSB", "ADM"]
    assert dados.selecao["sequencia_explicita"] == {
        "negros": {"posicoes": [3, 8, 13], "intervalo": 5},
        "pcd": {"posicoes": [6, 21]},
    }
    assert dados.selecao["criterios_desempate"] == [
        {"criterio": "maior_nota"},
        {"criterio": "nota_criterio", "parametro": "prova"},
        {"criterio": "sorteio"},
    ]


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        (
            {"inscricoes_inicio": "2026-03-20T18:00", "inscricoes_fim": "2026-03-03T09:00"},
            "Fim das inscrições: deve ser posterior ao início das inscrições.",
        ),
        (
            {"inscricoes_inicio": "2026-03-01T09:00"},
            "Início das inscrições: deve ser no dia da publicação do edital ou depois dele.",
        ),
        ({"titulo": ""}, "Título: informe o título da seleção."),
        ({"data_publicacao_edital": "31/02/2026"}, "Data de publicação do edital: data inválida."),
        ({"percentual_pcd": "0"}, "Percentual PcD: deve ser maior que zero."),
        ({"validade_meses": "60"}, "Validade: no máximo 48 meses."),
        ({"validade_meses": ""}, "Validade (meses): Este campo é obrigatório."),
    ],
)
def test_selecao_datas_e_campos_com_mensagem_nomeando_o_campo(orgao, campos, mensagem):
    valido, mensagens = _validar(orgao, **campos)
    assert not valido
    assert mensagem in mensagens


@pytest.mark.parametrize(
    ("vagas", "mensagem"),
    [
        ([], "Vagas de estágio: cadastre ao menos uma vaga."),
        (
            [{"codigo": "DIR"}, {"codigo": "dir"}],
            "Vaga 2 — Código: “DIR” já é o código da vaga 1; use um código diferente.",
        ),
        (
            [{"vagas_ofertadas": -1}],
            "Vaga 1 — Vagas ofertadas: não pode ser negativo (0 = somente cadastro de reserva).",
        ),
        ([{"vagas_ofertadas": "dois"}], "Vaga 1 — Vagas ofertadas: informe um número inteiro."),
        ([{"valor_bolsa": "-10"}], "Vaga 1 — Valor da bolsa: não pode ser negativo."),
        (
            [{"carga_horaria_semanal": 40}],
            "Vaga 1 — Carga horária semanal: no máximo 30 horas (Lei nº 11.788/2008, art. 10).",
        ),
        ([{"area": ""}], "Vaga 1 — Área: informe a área do estágio."),
    ],
)
def test_vagas_erros_nomeiam_vaga_e_campo(orgao, vagas, mensagem):
    valido, mensagens = _validar(orgao, vagas=vagas)
    assert not valido
    assert mensagem in mensagens


def test_vaga_marcada_para_remover_nao_conta(orgao):
    valido, mensagens = _validar(orgao, vagas=[{"codigo": "A"}, {"codigo": "A", "DELETE": "on"}])
    assert valido, mensagens


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        (
            {"desempate_2": "nota_criterio"},
            "2º critério de desempate: informe o código do critério de avaliação cuja nota "
            "desempata.",
        ),
        (
            {"desempate_2": "nota_criterio", "desempate_2_parametro": "redacao"},
            "2º critério de desempate: o critério de avaliação “redacao” não existe nesta seleção.",
        ),
        (
            {"desempate_2": "sorteio", "desempate_3": "maior_idade"},
            "2º critério de desempate: o sorteio público deve ser o último critério.",
        ),
        (
            {"desempate_2": "maior_nota", "desempate_3": None},
            "2º critério de desempate: repete um critério anterior.",
        ),
        (
            {"desempate_2": "", "desempate_3": "sorteio"},
            "2º critério de desempate: está em branco, mas há critérios depois dele.",
        ),
        ({"desempate_1": "", "desempate_2": "", "desempate_3": ""}, None),
        ({"desempate_4": "idade"}, "4º critério de desempate: escolha um critério da lista."),
    ],
)
def test_desempate_ordem_e_parametro(orgao, campos, mensagem):
    valido, mensagens = _validar(orgao, **campos)
    assert not valido
    if mensagem is None:
        assert "1º critério de desempate: escolha ao menos um critério." in mensagens
    else:
        assert mensagem in mensagens


def test_desempate_nota_de_criterio_existente_e_aceita(orgao):
    valido, mensagens = _validar(
        orgao,
        criterios=[{"codigo": "redacao", "nome": "Redação"}],
        desempate_2="nota_criterio",
        desempate_2_parametro="redacao",
    )
    assert valido, mensagens


@pytest.mark.parametrize(
    ("criterios", "erros"),
    [
        ([{"criterio": "maior_nota"}, {"criterio": "sorteio"}], []),
        ([], ["1º critério de desempate: escolha ao menos um."]),
        (
            [{"criterio": "sorteio"}, {"criterio": "maior_idade"}],
            ["1º critério de desempate: o sorteio público deve ser o último critério."],
        ),
        (
            [
                {"criterio": "nota_criterio", "parametro": "prova"},
                {"criterio": "nota_criterio", "parametro": "curriculo"},
            ],
            [],
        ),
    ],
)
def test_desempate_regras_puras(criterios, erros):
    resultado = erros_criterios_desempate(criterios, ["prova", "curriculo"])
    assert [e.mensagem for e in resultado] == erros


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        (
            {"negros_posicoes": "3, 8, 13"},
            "Sequência explícita: informe também as posições reservadas a pessoas com deficiência.",
        ),
        (
            {"negros_posicoes": "3, 8", "pcd_posicoes": "8"},
            "Sequência explícita: a 8ª posição é reivindicada por duas categorias "
            '("negros" e "pcd").',
        ),
        (
            {"negros_posicoes": "8, 3", "reserva_pcd": None},
            "Posições (negros): as posições devem estar em ordem crescente, sem repetir.",
        ),
        (
            {"negros_posicoes": "três", "reserva_pcd": None},
            "Posições (negros): use números inteiros separados por vírgula (ex.: 3, 8, 13).",
        ),
        (
            {"negros_intervalo": "5", "reserva_pcd": None},
            "Intervalo (negros): informe também as posições reservadas.",
        ),
    ],
)
def test_sequencia_explicita_art3_erros(orgao, campos, mensagem):
    valido, mensagens = _validar(orgao, **campos)
    assert not valido
    assert mensagem in mensagens


def test_numero_do_edital_repetido_no_orgao(orgao):
    SelecaoFactory(orgao=orgao, numero_edital="7/2026")
    valido, mensagens = _validar(orgao)
    assert not valido
    assert "Número do edital: o órgão já tem um edital nº 7/2026." in mensagens


def test_erro_nao_salva_nada_pela_metade(client, alice, orgao):
    client.force_login(alice)
    resposta = client.post(
        reverse("selecoes:criar"),
        edital_post(orgao=orgao.pk, vagas=[{"codigo": "A"}, {"codigo": "A"}]),
    )
    assert resposta.status_code == 200
    assert "Corrija 1 problema antes de salvar" in resposta.content.decode()
    assert not Selecao.objects.exists()
    assert not RegistroAuditoria.objects.exists()


@pytest.mark.parametrize(
    ("casas", "esperado", "erro"),
    [
        ("1", 1, None),
        ("0", 0, None),
        ("4", 4, None),
        ("", 2, None),
        ("5", None, "Casas decimais da nota: use de 0 a 4."),
        ("-1", None, "Casas decimais da nota: use de 0 a 4."),
        ("1,5", None, "Casas decimais da nota: digite um número inteiro de 0 a 4."),
    ],
)
def test_formulario_casas_decimais_do_criterio(orgao, casas, esperado, erro):
    edital = FormularioEdital(
        edital_post(
            orgao=orgao.pk,
            criterios=[{"codigo": "prova", "nome": "Prova", "casas_decimais": casas}],
        ),
        orgaos=type(orgao).objects.all(),
    )
    if erro is None:
        assert edital.is_valid(), _mensagens(edital)
        assert edital.dados().criterios[0]["casas_decimais"] == esperado
    else:
        assert not edital.is_valid()
        assert any(erro in m for m in _mensagens(edital)), _mensagens(edital)
