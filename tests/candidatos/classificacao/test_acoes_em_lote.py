"""Ações em lote (issue 17, item 7): cada vaga ou convocação pelo serviço
individual, na sua transação; falha parcial não desfaz o resto; o mesmo envio
repetido não chama nem avisa ninguém duas vezes; trilha por vaga."""

import datetime as dt
import itertools
import uuid

import pytest
import time_machine
from django.core import mail
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import Convocacao, PedidoConvocacao, SituacaoConvocacao
from candidatos.services import acoes_em_lote as lote
from candidatos.services import convocacao as servico
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)
from tests.candidatos.classificacao.test_concorrencia import _em_paralelo

pytestmark = pytest.mark.django_db

PRAZO = AGORA + dt.timedelta(days=5)


def _vagas(orgao, usuario, *codigos, ofertadas=2, letras="ABCD"):
    vagas = []
    for codigo in codigos:
        vaga = nova_vaga(orgao, ofertadas=ofertadas, codigo=codigo)
        classificacao(vaga, letras, negros="")
        publicar_final(vaga.selecao, usuario)
        vagas.append(vaga)
    return vagas


def _auditoria(acao):
    return RegistroAuditoria.objects.filter(acao=acao)


def test_convoca_em_varias_vagas_com_falha_parcial_e_motivo(orgao, alice):
    v1, v2, v3 = _vagas(orgao, alice, "V1", "V2", "V3")
    resumo = lote.convocar_em_lote(
        pedidos=[(v1, 2), (v2, 5), (v3, 1)],
        prazo_resposta=PRAZO,
        usuario=alice,
        agora=AGORA,
        chave=uuid.uuid4(),
    )
    assert [(i.rotulo, i.ok, i.numeros) for i in resumo.itens] == [
        (f"Vaga V1 — edital {v1.selecao.numero_edital}", True, ("V1-A", "V1-B")),
        (f"Vaga V2 — edital {v2.selecao.numero_edital}", False, ()),
        (f"Vaga V3 — edital {v3.selecao.numero_edital}", True, ("V3-A",)),
    ]
    assert "só há 2 candidato(s) a convocar" in resumo.falhas[0].mensagem
    assert Convocacao.objects.filter(vaga=v2).count() == 0
    assert Convocacao.objects.filter(vaga__in=[v1, v3]).count() == 3
    registros = _auditoria("convocacao.lote").order_by("objeto_id")
    assert [r.objeto_id for r in registros] == [str(v1.pk), str(v3.pk)]
    assert registros[0].depois["convocados"] == ["V1-A", "V1-B"]
    assert registros[0].usuario == alice
    # Cada convocação também tem a trilha da ação individual.
    assert _auditoria("convocacao.criada").count() == 3


def test_mesmo_envio_repetido_nao_convoca_de_novo(orgao, alice):
    v1, v2 = _vagas(orgao, alice, "V1", "V2")
    chave = uuid.uuid4()
    pedidos = [(v1, 1), (v2, 1)]
    primeiro = lote.convocar_em_lote(
        pedidos=pedidos, prazo_resposta=PRAZO, usuario=alice, agora=AGORA, chave=chave
    )
    segundo = lote.convocar_em_lote(
        pedidos=pedidos,
        prazo_resposta=PRAZO,
        usuario=alice,
        agora=AGORA + dt.timedelta(seconds=2),
        chave=chave,
    )
    assert [i.numeros for i in segundo.itens] == [i.numeros for i in primeiro.itens]
    assert all(i.ok and i.repetido for i in segundo.itens)
    assert not any(i.repetido for i in primeiro.itens)
    assert Convocacao.objects.count() == 2
    assert PedidoConvocacao.objects.count() == 2
    assert _auditoria("convocacao.lote").count() == 2
    # Outro envio (outra chave) é outro pedido: chama os próximos.
    terceiro = lote.convocar_em_lote(
        pedidos=pedidos, prazo_resposta=PRAZO, usuario=alice, agora=AGORA, chave=uuid.uuid4()
    )
    assert [i.numeros for i in terceiro.itens] == [("V1-B",), ("V2-B",)]


def test_repetir_depois_de_uma_falha_tenta_so_a_vaga_que_falhou(orgao, alice):
    (v1,) = _vagas(orgao, alice, "V1")
    (v2,) = _vagas(orgao, alice, "V2", ofertadas=1)
    chave = uuid.uuid4()
    primeiro = lote.convocar_em_lote(
        pedidos=[(v1, 1), (v2, 2)], prazo_resposta=PRAZO, usuario=alice, agora=AGORA, chave=chave
    )
    assert [i.ok for i in primeiro.itens] == [True, False]
    segundo = lote.convocar_em_lote(
        pedidos=[(v1, 1), (v2, 1)], prazo_resposta=PRAZO, usuario=alice, agora=AGORA, chave=chave
    )
    assert [(i.ok, i.repetido, i.numeros) for i in segundo.itens] == [
        (True, True, ("V1-A",)),
        (True, False, ("V2-A",)),
    ]


_SEQUENCIA = itertools.count()


@pytest.mark.lento
@given(quantidades=st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=3))
@example(quantidades=[1, 3, 2])
def test_propriedade_cada_vaga_convoca_o_pedido_ou_nada(orgao, alice, quantidades):
    """Com 3 aprovados e 2 vagas em cada vaga: pede até 2, convoca exatamente isso;
    pede mais, nada muda naquela vaga; as outras seguem; ninguém é chamado duas vezes."""
    rodada = next(_SEQUENCIA)
    codigos = [f"P{rodada}X{i}" for i in range(len(quantidades))]
    vagas = _vagas(orgao, alice, *codigos, letras="ABC")
    resumo = lote.convocar_em_lote(
        pedidos=list(zip(vagas, quantidades, strict=True)),
        prazo_resposta=PRAZO,
        usuario=alice,
        agora=AGORA,
        chave=uuid.uuid4(),
    )
    for vaga, pedido, item in zip(vagas, quantidades, resumo.itens, strict=True):
        feitas = Convocacao.objects.filter(vaga=vaga).count()
        assert item.ok == (pedido <= 2)
        assert feitas == (pedido if item.ok else 0) == len(item.numeros)
    convocados = list(
        Convocacao.objects.filter(vaga__in=vagas).values_list("inscricao_id", flat=True)
    )
    assert len(convocados) == len(set(convocados))
    assert _auditoria("convocacao.lote").filter(
        objeto_id__in=[str(v.pk) for v in vagas]
    ).count() == len(resumo.feitos)


def test_chave_do_lote_e_por_vaga():
    chave = uuid.uuid4()
    assert lote.chave_da_vaga(chave, 1) == lote.chave_da_vaga(chave, 1)
    assert lote.chave_da_vaga(chave, 1) != lote.chave_da_vaga(chave, 2)
    assert lote.chave_da_vaga(chave, 1) != lote.chave_da_vaga(uuid.uuid4(), 1)


def _convocados(orgao, alice, n=3):
    (vaga,) = _vagas(orgao, alice, "V1", ofertadas=n, letras="ABCDE")
    return vaga, servico.proximos_convocar(
        vaga=vaga, quantidade=n, prazo_resposta=PRAZO, usuario=alice, agora=AGORA
    )


def test_nao_comparecimento_em_lote_parcial_e_idempotente(orgao, alice, bruno):
    _vaga, (c1, c2, c3) = _convocados(orgao, alice)
    servico.contratacao_registrar(
        convocacao=c3, data_inicio=AGORA.date(), numero_tce="TCE-1", usuario=alice
    )
    resumo = lote.nao_comparecimento_em_lote(
        convocacoes=[c1, c2, c3], data=PRAZO.date(), motivo="Sem resposta no prazo.", usuario=bruno
    )
    assert [i.ok for i in resumo.itens] == [True, True, False]
    assert "só pode desistir" in resumo.falhas[0].mensagem
    situacoes = dict(Convocacao.objects.values_list("pk", "situacao"))
    assert situacoes == {
        c1.pk: SituacaoConvocacao.NAO_COMPARECEU,
        c2.pk: SituacaoConvocacao.NAO_COMPARECEU,
        c3.pk: SituacaoConvocacao.CONTRATADO,
    }
    registros = _auditoria("convocacao.nao_compareceu")
    assert registros.count() == 2
    assert {r.usuario for r in registros} == {bruno}

    repetido = lote.nao_comparecimento_em_lote(
        convocacoes=[c1, c2], data=PRAZO.date(), motivo="Sem resposta no prazo.", usuario=bruno
    )
    assert all(i.ok and i.repetido for i in repetido.itens)
    assert _auditoria("convocacao.nao_compareceu").count() == 2


def test_nao_comparecimento_sem_motivo_nao_grava_nada(orgao, alice):
    _vaga, convocacoes = _convocados(orgao, alice)
    with pytest.raises(servico.AcaoInvalida, match="Motivo"):
        lote.nao_comparecimento_em_lote(
            convocacoes=convocacoes, data=PRAZO.date(), motivo="  ", usuario=alice
        )
    assert set(Convocacao.objects.values_list("situacao", flat=True)) == {
        SituacaoConvocacao.AGUARDANDO
    }


@time_machine.travel(AGORA, tick=False)
def test_reenvio_de_aviso_uma_vez_por_pedido_e_por_hora(
    orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    _vaga, (c1, c2, c3) = _convocados(orgao, alice)
    servico.responder(convocacao=c3, aceita=True, agora=AGORA)
    mail.outbox.clear()
    chave = uuid.uuid4()
    with django_capture_on_commit_callbacks(execute=True):
        resumo = lote.avisos_reenviar(
            convocacoes=[c1, c2, c3], usuario=alice, agora=AGORA, chave=chave
        )
    assert [i.ok for i in resumo.itens] == [True, True, False]
    assert "aceita" in resumo.falhas[0].mensagem
    assert sorted(m.to[0] for m in mail.outbox) == sorted([c1.inscricao.email, c2.inscricao.email])
    assert c1.token in next(m.body for m in mail.outbox if m.to == [c1.inscricao.email])
    assert _auditoria("convocacao.aviso_reenviado").count() == 2
    assert _auditoria("convocacao.email_reenviado").count() == 2

    # O mesmo envio repetido: nada sai.
    with django_capture_on_commit_callbacks(execute=True):
        repetido = lote.avisos_reenviar(
            convocacoes=[c1, c2], usuario=alice, agora=AGORA, chave=chave
        )
    assert all(i.ok and i.repetido for i in repetido.itens)
    assert len(mail.outbox) == 2

    # Outro envio na mesma hora: recusado, com o motivo.
    with django_capture_on_commit_callbacks(execute=True):
        cedo = lote.avisos_reenviar(
            convocacoes=[c1], usuario=alice, agora=AGORA, chave=uuid.uuid4()
        )
    assert not cedo.itens[0].ok
    assert "aguarde uma hora" in cedo.itens[0].mensagem
    assert len(mail.outbox) == 2


def test_reenvio_depois_de_uma_hora_e_nao_depois_do_prazo(
    orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    with time_machine.travel(AGORA, tick=False):
        _vaga, (c1, _c2, _c3) = _convocados(orgao, alice)
        lote.avisos_reenviar(convocacoes=[c1], usuario=alice, agora=AGORA, chave=uuid.uuid4())
    mais_tarde = AGORA + dt.timedelta(hours=2)
    with time_machine.travel(mais_tarde, tick=False):
        resumo = lote.avisos_reenviar(
            convocacoes=[c1], usuario=alice, agora=mais_tarde, chave=uuid.uuid4()
        )
    assert resumo.itens[0].ok
    vencido = PRAZO + dt.timedelta(hours=1)
    with time_machine.travel(vencido, tick=False):
        resumo = lote.avisos_reenviar(
            convocacoes=[c1], usuario=alice, agora=vencido, chave=uuid.uuid4()
        )
    assert not resumo.itens[0].ok
    assert "prazo para resposta já passou" in resumo.itens[0].mensagem


def test_tarefa_de_reenvio_e_idempotente(orgao, alice):
    from candidatos import tasks

    _vaga, (c1, _c2, _c3) = _convocados(orgao, alice)
    mail.outbox.clear()
    pedido = RegistroAuditoria.objects.filter(acao="convocacao.criada").first()
    assert tasks.reenviar_email_convocacao(c1.pk, pedido.pk) is True
    assert tasks.reenviar_email_convocacao(c1.pk, pedido.pk) is False
    assert len(mail.outbox) == 1


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_clique_duplo_simultaneo_convoca_uma_vez(orgao, alice):
    v1, v2 = _vagas(orgao, alice, "V1", "V2")
    chave = uuid.uuid4()

    def enviar():
        return lote.convocar_em_lote(
            pedidos=[(v1, 1), (v2, 2)],
            prazo_resposta=PRAZO,
            usuario=alice,
            agora=AGORA,
            chave=chave,
        )

    primeiro, segundo = _em_paralelo(enviar, enviar)
    assert isinstance(primeiro, lote.ResumoLote), primeiro
    assert isinstance(segundo, lote.ResumoLote), segundo
    assert [i.numeros for i in primeiro.itens] == [i.numeros for i in segundo.itens]
    assert Convocacao.objects.count() == 3
    assert _auditoria("convocacao.lote").count() == 2
