"""A heteroidentificação no edital: retrato publicado, validação nomeando o campo e
base legal congelada depois do resultado (regras de reserva, §§ 1 e 8)."""

import dataclasses
import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from selecoes.models import ConfirmacaoCategoria
from selecoes.services import dados_da_selecao, selecao_retificar, snapshot_edital
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.candidatos.heteroidentificacao.cenario import preliminar

pytestmark = pytest.mark.django_db

REGRA = {
    "categoria": "negros",
    "tipo": "fenotipica",
    "momento": "apos_preliminar",
    "chamados": "multiplo_vagas",
    "multiplo": 3,
    "regra_decisao": "maioria",
    "ausente": "ampla_concorrencia",
    "item_edital": "item 3.2.16",
    "prazo_recurso_dias": 2,
}


def _retificar(selecao, usuario, confirmacoes):
    dados = dataclasses.replace(dados_da_selecao(selecao), confirmacoes=confirmacoes)
    return selecao_retificar(
        selecao=selecao,
        usuario=usuario,
        motivo="Inclui a heteroidentificação.",
        data_retificacao=dt.date(2026, 5, 1),
        dados=dados,
        agora=AGORA,
    )


def test_retificacao_inclui_a_regra_no_retrato(orgao, alice):
    vaga = nova_vaga(orgao)
    versao = _retificar(vaga.selecao, alice, [REGRA])
    assert versao.conteudo["heteroidentificacao"] == [REGRA]
    assert ConfirmacaoCategoria.objects.get(selecao=vaga.selecao).multiplo == 3


def test_edital_sem_heteroidentificacao_retrato_sem_a_chave(orgao):
    vaga = nova_vaga(orgao)
    assert "heteroidentificacao" not in snapshot_edital(vaga.selecao)


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        pytest.param(
            {"categoria": "pcd"}, "Categoria: escolha uma categoria", id="pcd_sem_reserva"
        ),
        pytest.param({"multiplo": None}, "Múltiplo das vagas", id="sem_multiplo"),
        pytest.param({"item_edital": " "}, "Item do edital", id="sem_item"),
        pytest.param({"prazo_recurso_dias": 0}, "Heteroidentificação 1 —", id="prazo_zero"),
    ],
)
def test_regra_invalida_nomeia_o_campo(orgao, alice, campos, mensagem):
    vaga = nova_vaga(orgao)
    with pytest.raises(ValidationError, match=mensagem):
        _retificar(vaga.selecao, alice, [{**REGRA, **campos}])
    assert not ConfirmacaoCategoria.objects.exists()


def test_depois_do_resultado_a_regra_nao_muda(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    _retificar(vaga.selecao, alice, [REGRA])
    preliminar(vaga.selecao, alice)
    with pytest.raises(ValidationError, match=r"Heteroidentificação .*não pode mudar"):
        _retificar(vaga.selecao, alice, [{**REGRA, "multiplo": 5}])
    assert ConfirmacaoCategoria.objects.get(selecao=vaga.selecao).multiplo == 3
