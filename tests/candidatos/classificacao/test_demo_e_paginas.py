"""Demonstração (idempotente, todos os estados) e todas as páginas do RH com ela."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from candidatos.demo_resultados import EDITAL, popular_resultados
from candidatos.models import (
    Convocacao,
    Modalidade,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoConvocacao,
    Sorteio,
)
from selecoes.demo import popular_orgaos_e_usuarios
from selecoes.models import Selecao

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    popular_orgaos_e_usuarios()
    popular_resultados()
    popular_resultados()
    return Selecao.objects.get(numero_edital=EDITAL)


def test_demo_tem_todos_os_estados_e_e_idempotente(demo):
    finais = ResultadoVersao.objects.filter(selecao=demo, tipo="final")
    assert finais.count() == 2
    assert finais.get(numero=2).motivo
    situacoes = set(
        Convocacao.objects.filter(vaga__selecao=demo).values_list("situacao", flat=True)
    )
    assert {
        SituacaoConvocacao.CONTRATADO,
        SituacaoConvocacao.ACEITA,
        SituacaoConvocacao.AGUARDANDO,
        SituacaoConvocacao.RECUSADA,
        SituacaoConvocacao.DESISTIU,
        SituacaoConvocacao.DESLIGADO,
    } <= situacoes
    assert Convocacao.objects.filter(vaga__selecao=demo, modalidade=Modalidade.REVERSAO).exists()
    assert ProcessoEliminacao.objects.filter(
        inscricao__selecao=demo, situacao="procedente"
    ).exists()
    assert ProcessoEliminacao.objects.filter(
        inscricao__selecao=demo, situacao="aguardando_defesa"
    ).exists()
    assert Sorteio.objects.filter(selecao=demo).count() == 1
    assert Recurso.objects.filter(selecao=demo).count() == 2


def test_todas_as_paginas_do_rh_abrem_com_a_demonstracao(client, demo):
    client.force_login(get_user_model().objects.get(username="gestora"))
    vaga = demo.vagas.get(codigo="DIR")
    versoes = list(ResultadoVersao.objects.filter(selecao=demo).order_by("pk"))
    conv = Convocacao.objects.filter(vaga=vaga).first()
    processo = ProcessoEliminacao.objects.filter(inscricao__selecao=demo).first()
    urls = [
        reverse("classificacao:inicio"),
        reverse("classificacao:painel", args=[demo.pk]),
        reverse("classificacao:importar_notas", args=[demo.pk]),
        reverse("classificacao:publicar", args=[demo.pk]),
        reverse("classificacao:versoes", args=[demo.pk]),
        reverse("classificacao:recursos", args=[demo.pk]),
        reverse("classificacao:recurso_novo", args=[demo.pk]),
        reverse("classificacao:processos", args=[demo.pk]),
        reverse("classificacao:auditoria", args=[demo.pk]),
        reverse("classificacao:vaga", args=[vaga.pk]),
        reverse("classificacao:notas", args=[vaga.pk]),
        reverse("classificacao:sorteio", args=[demo.vagas.get(codigo="ADM").pk]),
        reverse("classificacao:sorteio_detalhe", args=[Sorteio.objects.get(selecao=demo).pk]),
        reverse("classificacao:versao", args=[versoes[-1].pk]),
        reverse("classificacao:comparar", args=[versoes[-1].pk]) + f"?com={versoes[1].pk}",
        reverse("classificacao:convocacao", args=[conv.pk]),
        reverse("classificacao:inscricao", args=[conv.inscricao_id]),
        reverse("classificacao:auditoria_inscricao", args=[conv.inscricao_id]),
        reverse("classificacao:desistencia_inscricao", args=[conv.inscricao_id]),
        reverse("classificacao:processo_abrir", args=[conv.inscricao_id]),
        reverse("classificacao:processo", args=[processo.pk]),
        reverse("convocacao_publica:detalhe", args=[conv.token]),
    ]
    for url in urls:
        resposta = client.get(url)
        assert resposta.status_code == 200, url
    pagina = client.get(reverse("classificacao:vaga", args=[vaga.pk])).text
    assert "D6-DIR-11" in pagina.split('id="titulo-chamar"', 1)[1].split("</section>", 1)[0]


def test_planilha_xlsx_tambem_e_aceita(client, demo):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos.planilhas import escrever_xlsx

    client.force_login(get_user_model().objects.get(username="operador"))
    conteudo = escrever_xlsx(
        ["inscricao", "situacao", "prova", "curriculo"], [["D6-ADM-06", "aprovado", 6.5, "6,0"]]
    )
    arquivo = SimpleUploadedFile("notas.xlsx", conteudo)
    resposta = client.post(
        reverse("classificacao:importar_notas", args=[demo.pk]), {"arquivo": arquivo}
    )
    assert "1 linha(s) prontas" in resposta.text
