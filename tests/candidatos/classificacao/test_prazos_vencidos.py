"""Prazos que vencem sozinhos (candidatos/services/prazos.py), com o relógio congelado.

Cada rodada é repetida: a segunda não muda nada nem avisa ninguém de novo.
"""

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from candidatos.models import Convocacao, SituacaoConvocacao, SituacaoInscricao
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico
from candidatos.services import prazos
from selecoes.models import Mensagem, RegistroAuditoria, TarefaPendente
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)

pytestmark = pytest.mark.django_db

# Quarta-feira, 23/12/2026, 10h em Brasília: o Natal (sexta) cai no meio do prazo.
CONVOCADA_EM = dt.datetime(2026, 12, 23, 13, 0, tzinfo=dt.UTC)
PRAZO = CONVOCADA_EM + dt.timedelta(days=2)
DEPOIS_DO_PRAZO = PRAZO + dt.timedelta(minutes=1)


def _cenario(orgao, alice, *, automatica, uteis=False, letras="ABXCDYEZ", ofertadas=2):
    vaga = nova_vaga(orgao, ofertadas=ofertadas)
    vaga.selecao.convocacao_automatica = automatica
    vaga.selecao.prazos_em_dias_uteis = uteis
    vaga.selecao.prazo_resposta_dias = 2
    vaga.selecao.save()
    inscricoes = classificacao(vaga, letras)
    publicar_final(vaga.selecao, alice, agora=AGORA)
    with time_machine.travel(CONVOCADA_EM, tick=False):
        convocadas = servico.proximos_convocar(
            vaga=vaga, quantidade=ofertadas, prazo_resposta=PRAZO, usuario=alice, agora=CONVOCADA_EM
        )
    return vaga, inscricoes, convocadas


def _rodar(agora):
    with time_machine.travel(agora, tick=False):
        return prazos.vencer_prazos(agora=agora)


def _avisos():
    return list(Mensagem.objects.filter(modelo="aviso_rh").order_by("pk"))


def test_prazo_convocacao_vencida_vira_nao_compareceu_e_rh_confirma(orgao, alice, bruno):
    vaga, _ins, convocadas = _cenario(orgao, alice, automatica=False)
    servico.responder(convocacao=convocadas[0], aceita=True, agora=CONVOCADA_EM)

    primeira = _rodar(DEPOIS_DO_PRAZO)
    segunda = _rodar(DEPOIS_DO_PRAZO + dt.timedelta(minutes=5))

    aceita, vencida = (Convocacao.objects.get(pk=c.pk) for c in convocadas)
    assert aceita.situacao == SituacaoConvocacao.ACEITA
    assert vencida.situacao == SituacaoConvocacao.NAO_COMPARECEU
    assert vencida.encerrada_em == dt.date(2026, 12, 25)
    vencida.inscricao.refresh_from_db()
    assert vencida.inscricao.situacao == SituacaoInscricao.DESISTENTE
    assert primeira.nao_compareceram == [vencida.pk]
    assert segunda.nao_compareceram == []
    # O edital pede confirmação do RH: ninguém novo convocado, mas o próximo está indicado.
    assert Convocacao.objects.filter(vaga=vaga).count() == 2
    assert len(estado_vaga(vaga).a_convocar) == 1
    registro = RegistroAuditoria.objects.get(acao="convocacao.nao_compareceu")
    assert registro.usuario_id is None
    assert "Prazo para resposta vencido" in registro.motivo
    # Gestora e operador avisados uma vez só, pela caixa de saída (na mesma transação).
    avisos = _avisos()
    assert sorted(m.destinatario for m in avisos) == [alice.email, bruno.email]
    assert "confirme a convocação do próximo" in avisos[0].corpo
    assert vencida.inscricao.numero in avisos[0].corpo
    assert all(m.orgao_id == orgao.pk for m in avisos)
    assert TarefaPendente.objects.filter(tarefa="selecoes.enviar_mensagem").count() == 2


def test_prazo_antes_do_vencimento_nada_muda(orgao, alice):
    _vaga, _ins, convocadas = _cenario(orgao, alice, automatica=True)
    resumo = _rodar(PRAZO)  # no último instante ainda dá para responder
    assert resumo.nao_compareceram == []
    assert {Convocacao.objects.get(pk=c.pk).situacao for c in convocadas} == {
        SituacaoConvocacao.AGUARDANDO
    }
    assert _avisos() == []


@pytest.mark.parametrize(
    ("uteis", "prazo_esperado"),
    [
        # Vencida em 25/12/2026 (sexta, Natal), 10h01 em Brasília; 2 dias a partir dela.
        (False, dt.datetime(2026, 12, 27, 23, 59, 59)),
        (True, dt.datetime(2026, 12, 29, 23, 59, 59)),  # pula Natal, sábado e domingo
    ],
)
def test_prazo_convocacao_automatica_chama_o_proximo_uma_vez(orgao, alice, uteis, prazo_esperado):
    vaga, _ins, convocadas = _cenario(orgao, alice, automatica=True, uteis=uteis)
    esperado = estado_vaga(vaga)
    assert esperado.a_convocar == ()

    primeira = _rodar(DEPOIS_DO_PRAZO)
    segunda = _rodar(DEPOIS_DO_PRAZO + dt.timedelta(minutes=5))

    assert len(primeira.nao_compareceram) == 2
    assert len(primeira.convocadas) == 2
    assert segunda.nao_compareceram == segunda.convocadas == []
    novas = list(Convocacao.objects.filter(pk__in=primeira.convocadas).order_by("ordem"))
    assert [c.ordem for c in novas] == [3, 4]
    assert all(c.convocada_por_id is None for c in novas)
    assert all(c.situacao == SituacaoConvocacao.AGUARDANDO for c in novas)
    local = timezone.get_current_timezone()
    assert {c.prazo_resposta.astimezone(local).replace(tzinfo=None) for c in novas} == {
        prazo_esperado
    }
    # As novas convocações são os próximos da ordem do motor, não outros.
    assert {c.inscricao_id for c in novas}.isdisjoint({c.inscricao_id for c in convocadas})
    assert estado_vaga(vaga).divergentes == ()
    corpo = _avisos()[0].corpo
    assert "Convocado(a) automaticamente" in corpo
    assert ("dias úteis" if uteis else "dias corridos") in corpo
    # O e-mail de convocação das novas vai pela caixa de saída, como o do RH.
    assert TarefaPendente.objects.filter(tarefa="candidatos.enviar_email_convocacao").count() == 4


def test_prazo_convocacao_automatica_sem_ninguem_a_chamar_avisa_o_rh(orgao, alice):
    _vaga, _ins, _convocadas = _cenario(orgao, alice, automatica=True, letras="AB")
    resumo = _rodar(DEPOIS_DO_PRAZO)
    assert len(resumo.nao_compareceram) == 2
    assert resumo.convocadas == []
    assert "Não há mais candidatos a convocar" in _avisos()[0].corpo


def test_prazo_fim_das_inscricoes_anunciado_uma_vez(orgao, alice):
    vaga = nova_vaga(orgao, inscricoes_fim=AGORA - dt.timedelta(hours=1))
    classificacao(vaga, "AB")
    antiga = nova_vaga(orgao, codigo="ADM", inscricoes_fim=AGORA - dt.timedelta(days=30))

    primeira = _rodar(AGORA)
    segunda = _rodar(AGORA + dt.timedelta(minutes=5))

    assert primeira.inscricoes_encerradas == [vaga.selecao_id]
    assert segunda.inscricoes_encerradas == []
    registro = RegistroAuditoria.objects.get(acao=prazos.ACAO_INSCRICOES_ENCERRADAS)
    assert registro.selecao_id == vaga.selecao_id
    assert registro.depois == {"inscricoes_ativas": 2}
    assert not RegistroAuditoria.objects.filter(selecao=antiga.selecao).exists()
    assert [m.destinatario for m in _avisos()] == [alice.email]


def test_prazo_fim_do_recurso_anunciado_com_os_pendentes(orgao, alice):
    from tests.seguranca.factories import RecursoFactory

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    publicar_final(vaga.selecao, alice, agora=AGORA)  # recurso terminou 1 dia antes
    RecursoFactory(inscricao=ins["A"])

    primeira = _rodar(AGORA)
    segunda = _rodar(AGORA)

    assert len(primeira.recursos_encerrados) == 1
    assert segunda.recursos_encerrados == []
    registro = RegistroAuditoria.objects.get(acao=prazos.ACAO_RECURSO_ENCERRADO)
    assert registro.depois == {"recursos_pendentes": 1}
    assert any("Recursos aguardando decisão: 1." in m.corpo for m in _avisos())


def test_prazo_formulario_de_convocacao_sugere_o_prazo_do_edital(client, orgao, alice, bruno):
    from django.urls import reverse

    vaga = nova_vaga(orgao)
    vaga.selecao.prazos_em_dias_uteis = True
    vaga.selecao.prazo_resposta_dias = 2
    vaga.selecao.save()
    classificacao(vaga, "ABXCD")
    publicar_final(vaga.selecao, alice, agora=AGORA)
    with time_machine.travel(CONVOCADA_EM, tick=False):  # quarta, 23/12/2026
        client.force_login(bruno)
        pagina = client.get(reverse("classificacao:vaga", args=[vaga.pk])).text
    assert "Pelo edital: 2 dias úteis, até o fim do último dia." in pagina
    # 24/12 (quinta) conta; 25/12 (Natal), 26 e 27 (fim de semana) não; vence em 28/12.
    assert 'value="2026-12-28T23:59"' in pagina
