"""Cenários do decreto pelos serviços: convocação, desistência, reversão, vagas surgidas."""

import datetime as dt

import pytest
from django.core import mail

from candidatos.models import Convocacao, SituacaoConvocacao, SituacaoInscricao
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    prazo,
    publicar_final,
)

pytestmark = pytest.mark.django_db


def _convocar_todos(vaga, usuario, agora=AGORA):
    pendentes = len(estado_vaga(vaga).a_convocar)
    return servico.proximos_convocar(
        vaga=vaga, quantidade=pendentes, prazo_resposta=prazo(agora), usuario=usuario, agora=agora
    )


def _pendentes(vaga):
    return [(i.numero[4:], i.modalidade) for i in estado_vaga(vaga).a_convocar]


def _cenario(orgao, alice, letras="ABXCDYEZ", ofertadas=5):
    vaga = nova_vaga(orgao, ofertadas=ofertadas)
    inscricoes = classificacao(vaga, letras)
    publicar_final(vaga.selecao, alice)
    return vaga, inscricoes


def test_art4_caput_convoca_exemplo_das_regras_com_modalidade_de_agora(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    criadas = _convocar_todos(vaga, alice)
    assert [(c.inscricao.numero[4:], c.modalidade, c.ordem) for c in criadas] == [
        ("A", "AC", 1),
        ("X", "AC", 2),
        ("B", "AC", 3),
        ("Y", "negros", 4),
        ("Z", "negros", 5),
    ]
    assert all(c.token and len(c.token) >= 40 for c in criadas)
    assert len({c.token for c in criadas}) == 5
    assert _pendentes(vaga) == []


def test_art4_p2_desistencia_em_vaga_reservada_chama_o_proximo_negro(orgao, alice):
    vaga, ins = _cenario(orgao, alice, letras="ABXCDYEZW")
    criadas = {c.inscricao.numero[4:]: c for c in _convocar_todos(vaga, alice)}
    servico.desistencia_registrar(
        convocacao=criadas["Y"],
        situacao=SituacaoConvocacao.RECUSADA,
        data=AGORA.date(),
        motivo="Recusou por e-mail.",
        usuario=alice,
    )
    ins["Y"].refresh_from_db()
    assert ins["Y"].situacao == SituacaoInscricao.DESISTENTE
    assert _pendentes(vaga) == [("W", "negros")]


def test_art4_p2_desistencia_em_vaga_ac_chama_o_proximo_da_classificacao(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    criadas = {c.inscricao.numero[4:]: c for c in _convocar_todos(vaga, alice)}
    servico.desistencia_registrar(
        convocacao=criadas["A"],
        situacao=SituacaoConvocacao.NAO_COMPARECEU,
        data=AGORA.date(),
        motivo="Não se apresentou.",
        usuario=alice,
    )
    assert _pendentes(vaga) == [("C", "AC")]


def test_art4_p3_reversao_quando_nao_resta_negro_aprovado(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    criadas = {c.inscricao.numero[4:]: c for c in _convocar_todos(vaga, alice)}
    servico.desistencia_registrar(
        convocacao=criadas["Y"],
        situacao=SituacaoConvocacao.DESISTIU,
        data=AGORA.date(),
        motivo="Desistiu.",
        usuario=alice,
    )
    assert _pendentes(vaga) == [("C", "reversao")]
    nova = servico.proximos_convocar(
        vaga=vaga, quantidade=1, prazo_resposta=prazo(), usuario=alice, agora=AGORA
    )[0]
    assert (nova.modalidade, nova.ordem) == ("reversao", 6)
    assert "art. 4º, § 3º" in estado_vaga(vaga).ordem[-1].explicacao


def test_art4_p2_desistencia_depois_de_contratado_libera_a_vaga(orgao, alice):
    vaga, _ = _cenario(orgao, alice, letras="ABXCDYEZW")
    criadas = {c.inscricao.numero[4:]: c for c in _convocar_todos(vaga, alice)}
    servico.contratacao_registrar(
        convocacao=criadas["Z"], data_inicio=dt.date(2026, 6, 10), numero_tce="TCE-1", usuario=alice
    )
    with pytest.raises(servico.AcaoInvalida):
        servico.desistencia_registrar(
            convocacao=criadas["Z"],
            situacao=SituacaoConvocacao.RECUSADA,
            data=AGORA.date(),
            motivo="x",
            usuario=alice,
        )
    servico.desistencia_registrar(
        convocacao=criadas["Z"],
        situacao=SituacaoConvocacao.DESISTIU,
        data=dt.date(2026, 7, 1),
        motivo="Pediu desligamento.",
        usuario=alice,
    )
    assert _pendentes(vaga) == [("W", "negros")]


def test_art3_vagas_surgidas_continuam_a_sequencia(orgao, alice):
    vaga, _ = _cenario(orgao, alice, letras="ABXCDYEZW")
    _convocar_todos(vaga, alice)
    servico.vagas_surgidas_registrar(
        vaga=vaga, quantidade=4, motivo="Portaria 12/2026", usuario=alice
    )
    vaga.refresh_from_db()
    assert vaga.vagas_a_preencher == 9
    estado = estado_vaga(vaga)
    # Sequência de 30%: posições 6, 7, 8 AC e 9 reservada a negros.
    assert list(estado.sequencia[5:9]) == ["AC", "AC", "AC", "negros"]
    # k = 8: Y alcança a AC (art. 4º, § 1º) e a vaga reservada dela passa a W;
    # k = 9: não resta negro aprovado, a 3ª reservada reverte a E (art. 4º, § 3º).
    assert _pendentes(vaga) == [("C", "AC"), ("D", "AC"), ("W", "negros"), ("E", "reversao")]


def test_vagas_surgidas_acima_do_teto_por_vaga_sao_recusadas_sem_gravar(orgao, alice):
    from selecoes.models.selecao import MAX_VAGAS_POR_POSICAO

    vaga, _ = _cenario(orgao, alice)
    with pytest.raises(servico.AcaoInvalida, match=r"Quantidade: .*10\.000 vagas"):
        servico.vagas_surgidas_registrar(
            vaga=vaga, quantidade=MAX_VAGAS_POR_POSICAO, motivo="Portaria 1/2026", usuario=alice
        )
    vaga.refresh_from_db()
    assert vaga.vagas_surgidas == 0
    servico.vagas_surgidas_registrar(
        vaga=vaga, quantidade=MAX_VAGAS_POR_POSICAO - 5, motivo="Portaria 2/2026", usuario=alice
    )
    vaga.refresh_from_db()
    assert vaga.vagas_a_preencher == MAX_VAGAS_POR_POSICAO


def test_desistencia_antes_da_convocacao_tira_da_ordem(orgao, alice):
    vaga, ins = _cenario(orgao, alice)
    servico.desistencia_inscricao_registrar(
        inscricao=ins["Y"], motivo="Pediu por e-mail.", usuario=alice
    )
    assert [n for n, _ in _pendentes(vaga)] == ["A", "X", "B", "Z", "C"]
    assert dict(_pendentes(vaga))["C"] == "reversao"


def test_convocar_mais_que_o_disponivel_e_recusado(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    with pytest.raises(servico.AcaoInvalida, match="só há 5"):
        servico.proximos_convocar(
            vaga=vaga, quantidade=6, prazo_resposta=prazo(), usuario=alice, agora=AGORA
        )
    assert not Convocacao.objects.exists()


def test_convocacao_so_depois_do_resultado_final(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABC")
    with pytest.raises(servico.AcaoInvalida, match="resultado final"):
        servico.proximos_convocar(
            vaga=vaga, quantidade=1, prazo_resposta=prazo(), usuario=alice, agora=AGORA
        )


def test_candidato_aceita_e_rh_contrata(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    c = servico.proximos_convocar(
        vaga=vaga, quantidade=1, prazo_resposta=prazo(), usuario=alice, agora=AGORA
    )[0]
    servico.ciencia_registrar(convocacao=c, agora=AGORA + dt.timedelta(hours=1))
    servico.responder(convocacao=c, aceita=True, agora=AGORA + dt.timedelta(hours=2))
    c.refresh_from_db()
    assert c.situacao == SituacaoConvocacao.ACEITA
    assert c.ciente_em == AGORA + dt.timedelta(hours=1)
    with pytest.raises(servico.AcaoInvalida, match="TCE"):
        servico.contratacao_registrar(
            convocacao=c, data_inicio=dt.date(2026, 6, 10), numero_tce=" ", usuario=alice
        )
    servico.contratacao_registrar(
        convocacao=c, data_inicio=dt.date(2026, 6, 10), numero_tce="TCE-7/2026", usuario=alice
    )
    c.refresh_from_db()
    assert (c.situacao, c.numero_tce) == (SituacaoConvocacao.CONTRATADO, "TCE-7/2026")
    acoes = list(
        RegistroAuditoria.objects.filter(objeto_id=str(c.pk), objeto_tipo="candidatos.Convocacao")
        .order_by("pk")
        .values_list("acao", flat=True)
    )
    assert acoes == [
        "convocacao.criada",
        "convocacao.ciencia",
        "convocacao.aceita",
        "convocacao.contratado",
    ]


def test_candidato_recusa_e_vira_desistente(orgao, alice):
    vaga, ins = _cenario(orgao, alice)
    criadas = {c.inscricao.numero[4:]: c for c in _convocar_todos(vaga, alice)}
    servico.responder(convocacao=criadas["X"], aceita=False, agora=AGORA + dt.timedelta(days=1))
    ins["X"].refresh_from_db()
    assert ins["X"].situacao == SituacaoInscricao.DESISTENTE
    # X estava em vaga AC (art. 4º, § 1º): entra o próximo da classificação.
    assert _pendentes(vaga) == [("C", "AC")]


def test_resposta_fora_do_prazo_e_recusada(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    c = servico.proximos_convocar(
        vaga=vaga, quantidade=1, prazo_resposta=prazo(), usuario=alice, agora=AGORA
    )[0]
    with pytest.raises(servico.AcaoInvalida, match="prazo"):
        servico.responder(convocacao=c, aceita=True, agora=prazo() + dt.timedelta(minutes=1))
    c.refresh_from_db()
    assert c.situacao == SituacaoConvocacao.AGUARDANDO


def test_email_de_convocacao_tem_o_link_da_pagina_dedicada_e_sai_uma_vez(
    orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    from candidatos import tasks

    vaga, _ = _cenario(orgao, alice)
    with django_capture_on_commit_callbacks(execute=True):
        c = servico.proximos_convocar(
            vaga=vaga, quantidade=1, prazo_resposta=prazo(), usuario=alice, agora=AGORA
        )[0]
    assert len(mail.outbox) == 1
    corpo = mail.outbox[0].body
    assert f"/convocacao/{c.token}/" in corpo
    assert "somente da sua convocação" in corpo
    assert mail.outbox[0].to == [c.inscricao.email]
    assert tasks.enviar_email_convocacao(c.pk) is False
    assert len(mail.outbox) == 1
