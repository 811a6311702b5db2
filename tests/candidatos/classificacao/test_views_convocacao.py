"""Telas da convocação e da eliminação, e a página dedicada do candidato."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    AcessoDadoSensivel,
    Convocacao,
    ProcessoEliminacao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
)
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final

pytestmark = pytest.mark.django_db


@pytest.fixture
def vaga_publicada(orgao, alice):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXCDYEZW")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    return vaga, ins


def _convocar(client, vaga, n):
    prazo = (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
    return client.post(
        reverse("classificacao:convocar", args=[vaga.pk]),
        {"quantidade": n, "prazo_resposta": prazo},
    )


def _a_convocar(pagina):
    trecho = pagina.split('id="titulo-chamar"', 1)[1].split("</section>", 1)[0]
    return trecho


def test_pagina_da_vaga_mostra_listas_ordem_e_explicacoes(client, carla, vaga_publicada):
    vaga, _ = vaga_publicada
    client.force_login(carla)
    resposta = client.get(reverse("classificacao:vaga", args=[vaga.pk]))
    assert resposta.status_code == 200
    texto = resposta.text
    assert "Candidatos negros (art. 4º) (4)" in texto
    assert "Convocado(a) na 4ª posição, em vaga reservada a candidatos negros" in texto
    assert "Reservada a candidatos negros" in texto
    assert "Convocar próximos" not in texto  # auditora não age
    negros = client.get(reverse("classificacao:vaga", args=[vaga.pk]) + "?lista=negros").text
    tabela = negros.split('id="titulo-listas"', 1)[1]
    assert [f"DIR-{x}" in tabela for x in "XYZWABC"] == [True] * 4 + [False] * 3


def test_convocar_pela_tela_e_desistencia_em_reservada_chama_o_proximo_negro(
    client, bruno, vaga_publicada
):
    vaga, ins = vaga_publicada
    client.force_login(bruno)
    assert _convocar(client, vaga, 5).status_code == 302
    assert Convocacao.objects.filter(vaga=vaga).count() == 5
    y = Convocacao.objects.get(inscricao=ins["Y"])
    resposta = client.post(
        reverse("classificacao:encerrar", args=[y.pk]),
        {"situacao": "recusada", "data": "2026-06-02", "motivo": "Recusou por telefone."},
    )
    assert resposta.status_code == 302
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-W" in pendente
    assert "Reservada a candidatos negros" in pendente
    assert "art. 4º, § 2º" in pendente
    assert _convocar(client, vaga, 1).status_code == 302
    assert Convocacao.objects.get(inscricao=ins["W"]).modalidade == "negros"


def test_desistencia_em_ac_pela_tela_chama_o_proximo_da_classificacao(
    client, bruno, vaga_publicada
):
    vaga, ins = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    a = Convocacao.objects.get(inscricao=ins["A"])
    client.post(
        reverse("classificacao:encerrar", args=[a.pk]),
        {"situacao": "nao_compareceu", "data": "2026-06-02", "motivo": "Não se apresentou."},
    )
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-C" in pendente
    assert "Ampla concorrência" in pendente


def test_reversao_pela_tela(client, bruno, orgao, alice):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXCDYEZ")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    y = Convocacao.objects.get(inscricao=ins["Y"])
    client.post(
        reverse("classificacao:encerrar", args=[y.pk]),
        {"situacao": "desistiu", "data": "2026-06-02", "motivo": "Assumiu outro estágio."},
    )
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-C" in pendente
    assert "Revertida para a ampla concorrência" in pendente


def test_desfecho_sem_motivo_mostra_o_erro_e_nao_muda_nada(client, bruno, vaga_publicada):
    vaga, _ins = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 1)
    c = Convocacao.objects.get()
    resposta = client.post(
        reverse("classificacao:encerrar", args=[c.pk]),
        {"situacao": "recusada", "data": "2026-06-02"},
    )
    assert resposta.status_code == 400
    assert "Este campo é obrigatório" in resposta.text
    c.refresh_from_db()
    assert c.situacao == SituacaoConvocacao.AGUARDANDO


@pytest.mark.parametrize(("persona", "status"), [("carla", 403), ("diego", 404)])
def test_convocar_escopo_e_papel(client, request, vaga_publicada, persona, status):
    vaga, _ = vaga_publicada
    client.force_login(request.getfixturevalue(persona))
    assert _convocar(client, vaga, 1).status_code == status
    assert not Convocacao.objects.exists()


def test_contratacao_pela_tela(client, bruno, vaga_publicada):
    vaga, _ = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 1)
    c = Convocacao.objects.get()
    resposta = client.post(
        reverse("classificacao:contratar", args=[c.pk]),
        {"data_inicio": "2026-07-01", "numero_tce": ""},
    )
    assert resposta.status_code == 400
    client.post(
        reverse("classificacao:contratar", args=[c.pk]),
        {"data_inicio": "2026-07-01", "numero_tce": "TCE 15/2026"},
    )
    c.refresh_from_db()
    assert (c.situacao, c.data_inicio) == (SituacaoConvocacao.CONTRATADO, dt.date(2026, 7, 1))


def test_pagina_do_candidato_ciencia_e_recusa(client, bruno, vaga_publicada):
    vaga, ins = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    client.logout()
    x = Convocacao.objects.get(inscricao=ins["X"])
    url = reverse("convocacao_publica:detalhe", args=[x.token])
    pagina = client.get(url)
    assert pagina.status_code == 200
    assert "somente da sua convocação" in pagina.text
    assert ins["X"].cpf not in pagina.text
    client.post(reverse("convocacao_publica:ciente", args=[x.token]))
    x.refresh_from_db()
    assert x.ciente_em is not None
    sem_confirmar = client.post(
        reverse("convocacao_publica:responder", args=[x.token]), {"resposta": "recusar"}
    )
    assert sem_confirmar.status_code == 302
    x.refresh_from_db()
    assert x.situacao == SituacaoConvocacao.AGUARDANDO
    pedido = client.post(
        reverse("convocacao_publica:responder", args=[x.token]),
        {"resposta": "recusar", "confirmo": "on"},
    )
    assert pedido.url == reverse("convocacao_publica:recusar", args=[x.token])
    x.refresh_from_db()
    assert x.situacao == SituacaoConvocacao.AGUARDANDO  # a recusa tem dois passos
    client.post(
        reverse("convocacao_publica:recusar", args=[x.token]),
        {"codigo": ins["X"].codigo_verificacao, "confirmo": "on"},
    )
    x.refresh_from_db()
    ins["X"].refresh_from_db()
    assert x.situacao == SituacaoConvocacao.RECUSADA
    assert ins["X"].situacao == SituacaoInscricao.DESISTENTE
    assert "Resposta registrada" in client.get(url).text


def test_pagina_do_candidato_aceite(client, bruno, vaga_publicada):
    vaga, _ = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 1)
    client.logout()
    c = Convocacao.objects.get()
    client.post(
        reverse("convocacao_publica:responder", args=[c.token]),
        {"resposta": "aceitar", "confirmo": "on"},
    )
    c.refresh_from_db()
    assert c.situacao == SituacaoConvocacao.ACEITA


def test_link_invalido_e_404(client):
    assert client.get(reverse("convocacao_publica:detalhe", args=["nao-existe"])).status_code == 404


def _pdf(nome="decisao.pdf"):
    return SimpleUploadedFile(nome, b"%PDF-1.4 teste", content_type="application/pdf")


def test_eliminacao_pelas_telas_depois_da_contratacao(client, alice, bruno, carla, vaga_publicada):
    vaga, ins = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    z = Convocacao.objects.get(inscricao=ins["Z"])
    client.post(
        reverse("classificacao:contratar", args=[z.pk]),
        {"data_inicio": "2026-06-01", "numero_tce": "T-1"},
    )
    resposta = client.post(
        reverse("classificacao:processo_abrir", args=[ins["Z"].pk]),
        {
            "motivo": "Denúncia e parecer da comissão.",
            "evidencias": "Ata 3/2026",
            "arquivo": _pdf("ata.pdf"),
        },
    )
    p = ProcessoEliminacao.objects.get()
    assert resposta.url == reverse("classificacao:processo", args=[p.pk])
    amanha = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    client.post(reverse("classificacao:processo_notificar", args=[p.pk]), {"prazo_defesa": amanha})
    client.post(reverse("classificacao:processo_defesa", args=[p.pk]), {"defesa": "Sou parda."})
    decisao = {"procedente": "1", "fundamentacao": "Confirmada pela comissão."}
    resposta = client.post(
        reverse("classificacao:processo_decidir", args=[p.pk]), decisao | {"documento": _pdf()}
    )
    assert resposta.status_code == 403  # operador não decide
    client.force_login(carla)
    resposta = client.post(
        reverse("classificacao:processo_decidir", args=[p.pk]), decisao | {"documento": _pdf()}
    )
    assert resposta.status_code == 403  # auditora não decide
    client.force_login(alice)
    resposta = client.post(reverse("classificacao:processo_decidir", args=[p.pk]), decisao)
    assert resposta.status_code == 400  # sem documento
    assert "Este campo é obrigatório" in resposta.text
    assert AcessoDadoSensivel.objects.filter(usuario=alice, inscricao=ins["Z"]).exists()
    resposta = client.post(
        reverse("classificacao:processo_decidir", args=[p.pk]), decisao | {"documento": _pdf()}
    )
    assert resposta.status_code == 302
    p.refresh_from_db()
    z.refresh_from_db()
    assert p.situacao == SituacaoProcesso.PROCEDENTE
    assert z.situacao == SituacaoConvocacao.DESLIGADO
    assert z.encerrada_em == timezone.localdate()
    documento = client.get(reverse("classificacao:processo_arquivo", args=[p.pk, "decisao"]))
    assert b"".join(documento.streaming_content) == b"%PDF-1.4 teste"
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-W" in pendente


def test_eliminacao_antes_da_contratacao_pelas_telas(client, alice, vaga_publicada):
    vaga, ins = vaga_publicada
    client.force_login(alice)
    _convocar(client, vaga, 5)
    client.post(reverse("classificacao:processo_abrir", args=[ins["Y"].pk]), {"motivo": "Indício."})
    p = ProcessoEliminacao.objects.get()
    amanha = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    client.post(reverse("classificacao:processo_notificar", args=[p.pk]), {"prazo_defesa": amanha})
    client.post(reverse("classificacao:processo_defesa", args=[p.pk]), {"defesa": "Nego."})
    client.post(
        reverse("classificacao:processo_decidir", args=[p.pk]),
        {"procedente": "1", "fundamentacao": "Confirmada.", "documento": _pdf()},
    )
    assert Convocacao.objects.get(inscricao=ins["Y"]).situacao == SituacaoConvocacao.ELIMINADO
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-W" in pendente


def test_arquivo_do_processo_de_outro_orgao_e_404(client, diego, alice, vaga_publicada):
    _vaga, ins = vaga_publicada
    client.force_login(alice)
    client.post(
        reverse("classificacao:processo_abrir", args=[ins["Y"].pk]),
        {"motivo": "Indício.", "arquivo": _pdf("prova.pdf")},
    )
    p = ProcessoEliminacao.objects.get()
    client.force_login(diego)
    assert client.get(reverse("classificacao:processo", args=[p.pk])).status_code == 404
    assert (
        client.get(reverse("classificacao:processo_arquivo", args=[p.pk, "evidencias"])).status_code
        == 404
    )


def test_vagas_surgidas_pela_tela(client, bruno, vaga_publicada):
    vaga, _ = vaga_publicada
    client.force_login(bruno)
    _convocar(client, vaga, 5)
    client.post(
        reverse("classificacao:vagas_surgidas", args=[vaga.pk]),
        {"quantidade": 1, "motivo": "Portaria 7"},
    )
    vaga.refresh_from_db()
    assert vaga.vagas_surgidas == 1
    pendente = _a_convocar(client.get(reverse("classificacao:vaga", args=[vaga.pk])).text)
    assert "DIR-C" in pendente
