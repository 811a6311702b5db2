"""Varredura dos documentos parados em "gerando" (worker morto): de volta à fila na
mesma geração, uma vez por intervalo, e "erro" depois de parar vezes demais
(issue 18, item 10)."""

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento
from selecoes.models import RegistroAuditoria, TarefaPendente
from tests.seguranca.factories import DocumentoFactory

pytestmark = pytest.mark.django_db

AGORA = dt.datetime(2026, 12, 1, 12, 0, tzinfo=dt.UTC)


def _parado(minutos, tentativas=1):
    return DocumentoFactory(
        status=StatusDocumento.GERANDO,
        geracao=3,
        tentativas=tentativas,
        solicitado_em=AGORA - dt.timedelta(minutes=minutos),
    )


def _varrer(agora):
    with time_machine.travel(agora, tick=False):
        return services.documentos_parados_reenfileirar(agora=agora)


def test_documento_parado_volta_a_fila_uma_vez_por_intervalo(settings):
    settings.DOCUMENTO_PARADO_MINUTOS = 15
    parado = _parado(16)
    recente = _parado(5)
    pronto = DocumentoFactory(
        status=StatusDocumento.PRONTO,
        arquivo="documentos/x.pdf",
        solicitado_em=AGORA - dt.timedelta(1),
    )

    assert _varrer(AGORA) == [parado.pk]
    assert _varrer(AGORA + dt.timedelta(minutes=1)) == []  # a hora do pedido avançou

    parado.refresh_from_db()
    assert parado.status == StatusDocumento.GERANDO
    assert parado.geracao == 3  # a mesma geração: a tarefa descarta o que já foi feito
    assert parado.solicitado_em == AGORA
    tarefa = TarefaPendente.objects.get()
    assert (tarefa.tarefa, tarefa.argumentos) == ("relatorios.gerar_documento", [parado.pk, 3])
    assert RegistroAuditoria.objects.filter(acao="documento.reenfileirado").count() == 1
    assert {d.pk for d in Documento.objects.exclude(pk=parado.pk)} == {recente.pk, pronto.pk}
    assert _varrer(AGORA + dt.timedelta(minutes=16)) == [recente.pk, parado.pk]


def test_documento_parado_vezes_demais_vira_erro(settings):
    settings.DOCUMENTO_MAX_REENVIOS = 3
    teimoso = _parado(30, tentativas=3)
    assert _varrer(AGORA) == []
    teimoso.refresh_from_db()
    assert teimoso.status == StatusDocumento.ERRO
    assert "parou 3 vez(es)" in teimoso.mensagem_erro
    assert not TarefaPendente.objects.exists()


def test_documento_parado_tarefa_do_beat_usa_o_relogio(settings):
    from relatorios.tasks import reenfileirar_documentos_parados

    parado = _parado(60)
    with time_machine.travel(AGORA, tick=False):
        assert reenfileirar_documentos_parados.run() == [parado.pk]
    assert timezone.localtime(Documento.objects.get(pk=parado.pk).solicitado_em) == AGORA
