"""Celery beat e worker de verdade: o prazo vence sem ninguém do RH, e o que ficou na
caixa de saída sai sozinho (issue 17, item 8; issue 18, itens 5 e 10).

Beat e worker são subprocessos (``celery -A config beat`` e ``worker``) ligados ao
banco de teste e a um redis-server próprio; os intervalos do agendamento vêm do
ambiente (``BEAT_*_SEGUNDOS``), curtos aqui para o teste não esperar minutos.
"""

import datetime as dt

import pytest
from django.utils import timezone

from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.services import convocacao as servico
from selecoes.models import Mensagem, SituacaoMensagem, TarefaPendente
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.confiabilidade.processos import beat_celery, esperar, redis_proprio, worker_celery

pytestmark = [
    pytest.mark.lento,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql,
    pytest.mark.redis,
    pytest.mark.worker,
]

INTERVALOS = {
    "BEAT_PRAZOS_SEGUNDOS": "1",
    "BEAT_CAIXA_SAIDA_SEGUNDOS": "1",
    "BEAT_DOCUMENTOS_SEGUNDOS": "5",
    "FILA_REENVIO_SEGUNDOS": "0",
}


def test_beat_vence_o_prazo_e_varre_a_caixa_de_saida(orgao, alice, tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "midia"
    agora = timezone.now()
    vaga = nova_vaga(orgao, ofertadas=1, inscricoes_fim=agora - dt.timedelta(days=20))
    classificacao(vaga, "AB")
    publicar_final(vaga.selecao, alice, agora=agora - dt.timedelta(days=10))
    (vencida,) = servico.proximos_convocar(
        vaga=vaga,
        quantidade=1,
        prazo_resposta=agora - dt.timedelta(hours=1),
        usuario=alice,
        agora=agora - dt.timedelta(days=3),
    )
    # Uma mensagem que ficou na caixa de saída (o broker estava fora quando foi pedida).
    esquecida = Mensagem.objects.create(
        orgao=orgao, destinatario="c@exemplo.com", assunto="A", modelo="texto", corpo="x"
    )
    TarefaPendente.objects.create(tarefa="selecoes.enviar_mensagem", argumentos=[esquecida.pk])
    TarefaPendente.objects.filter(tarefa="candidatos.enviar_email_convocacao").delete()

    with (
        redis_proprio(tmp_path / "redis") as redis,
        worker_celery(redis.url, tmp_path, "prazos", INTERVALOS) as worker,
        beat_celery(redis.url, tmp_path, INTERVALOS) as beat,
    ):

        def registros() -> str:
            return f"\n{beat.texto_do_log()[-1500:]}\n{worker.texto_do_log()[-2500:]}"

        esperar(
            lambda: (
                Convocacao.objects.get(pk=vencida.pk).situacao == SituacaoConvocacao.NAO_COMPARECEU
            ),
            90,
            "o beat encerrar a convocação vencida" + registros(),
        )
        esperar(
            lambda: Mensagem.objects.filter(situacao=SituacaoMensagem.ENVIADA).count() == 2,
            60,
            "o aviso ao RH e a mensagem esquecida saírem" + registros(),
        )
        esperar(lambda: not TarefaPendente.objects.exists(), 30, "a caixa de saída esvaziar")

    assert Mensagem.objects.get(pk=esquecida.pk).situacao == SituacaoMensagem.ENVIADA
    aviso = Mensagem.objects.get(modelo="aviso_rh")
    assert aviso.destinatario == alice.email
    assert vencida.inscricao.numero in aviso.corpo
    # O edital não pede convocação automática: ninguém novo foi chamado.
    assert Convocacao.objects.filter(vaga=vaga).count() == 1
