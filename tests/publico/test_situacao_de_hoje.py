"""A mesma frase da situação de hoje em Minha situação, na ficha do RH e no e-mail."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import SituacaoAvaliacao, SituacaoConvocacao, TipoResultado
from candidatos.selectors.situacao_atual import situacao_de_hoje
from candidatos.tasks import enviar_email_convocacao
from tests.factories import AvaliacaoFactory, InscricaoFactory
from tests.publico.factories import convocar, publicar_versao

pytestmark = pytest.mark.django_db

URL = reverse("publico:minha_situacao")


def _hoje(client, inscricao) -> str:
    resposta = client.post(URL, {"numero": inscricao.numero, "cpf": inscricao.cpf})
    return resposta.context["situacao"].explicacao_atual


def test_chamado_por_reversao_le_que_foi_convocado(client, cenario):
    # 10ª da classificação, fora da ordem do motor hoje, chamada pelo RH numa reversão.
    inscricao = cenario.inscricoes[9]
    antes = _hoje(client, inscricao)
    assert antes.startswith("Não convocado(a)")
    convocar(inscricao, ordem=13, modalidade="reversao")
    frase = _hoje(client, inscricao)
    assert frase.startswith(
        "Convocado(a) na 13ª convocação desta vaga, em vaga reservada revertida"
    )
    assert "Não convocado" not in frase
    assert "será chamado" not in frase


def test_desistente_eliminado_e_ausente_tem_frase(client, cenario):
    desistente = next(
        c.inscricao for c in cenario.vaga.convocacoes.filter(situacao=SituacaoConvocacao.DESISTIU)
    )
    assert _hoje(client, desistente).startswith("Desistiu depois da")
    eliminada = cenario.inscricoes[11]
    assert "declaração falsa (art. 2º, parágrafo único)" in _hoje(client, eliminada)
    ausente = InscricaoFactory(vaga=cenario.vaga, numero="2026000777")
    AvaliacaoFactory(inscricao=ausente, situacao=SituacaoAvaliacao.AUSENTE, nota_final=None)
    assert _hoje(client, ausente).startswith("Ausente na avaliação")


def test_so_preliminar_nao_diz_convocado(client, orgao):
    from tests.factories import SelecaoFactory, VagaEstagioFactory
    from tests.publico.factories import selecao_publicar

    agora = timezone.now()
    selecao = selecao_publicar(
        SelecaoFactory(
            orgao=orgao,
            inscricoes_inicio=agora - dt.timedelta(days=30),
            inscricoes_fim=agora - dt.timedelta(days=20),
        )
    )
    vaga = VagaEstagioFactory(selecao=selecao, codigo="PRE-1", vagas_ofertadas=3)
    inscricoes = [InscricaoFactory(vaga=vaga, numero=f"20268{i:05d}") for i in range(5)]
    publicar_versao(selecao, [(vaga, inscricoes)], tipo=TipoResultado.PRELIMINAR)
    resposta = client.post(URL, {"numero": inscricoes[1].numero, "cpf": inscricoes[1].cpf})
    html = resposta.content.decode()
    assert "Você ainda não foi convocado(a) nesta seleção." in html
    assert "Convocado(a) na 2ª posição" not in html
    assert "Pelo resultado preliminar, seria convocado(a) na 2ª posição" in html
    assert resposta.context["situacao"].explicacao_atual.startswith(
        "Ainda não convocado(a): o resultado é preliminar."
    )
    assert "Ordem de convocação prevista" in html


def test_ficha_do_rh_e_email_mostram_a_mesma_frase(client, cenario, alice, mailoutbox):
    inscricao = cenario.inscricoes[9]
    convocacao = convocar(inscricao, ordem=13, modalidade="reversao")
    frase = situacao_de_hoje(inscricao, agora=timezone.now()).frase
    assert frase.startswith("Convocado(a) na 13ª convocação")
    assert _hoje(client, inscricao) == frase
    client.force_login(alice)
    ficha = client.get(reverse("classificacao:inscricao", args=[inscricao.pk])).content.decode()
    assert frase in ficha
    assert enviar_email_convocacao(convocacao.pk)
    assert frase in mailoutbox[0].body
