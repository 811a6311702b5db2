"""Redis sem AOF reiniciado com um PDF na fila: a fila se perde, o documento fica em
"pendente" ("aguarde" na página pública) e a varredura dos parados o devolve à fila; um
worker real o gera (issue 18, item 10). Processos de verdade, como em test_falhas_worker."""

import datetime as dt

import pytest
from django.utils import timezone

from relatorios.documentos import services
from relatorios.models import StatusDocumento
from tests.confiabilidade.processos import esperar, redis_proprio, worker_celery
from tests.confiabilidade.test_falhas_worker import (
    _lista_de_resultado,
    _status,
    _tamanho_da_fila,
    fila_em,  # noqa: F401 - fixture
    pasta,  # noqa: F401 - fixture
)

pytestmark = [
    pytest.mark.lento,
    pytest.mark.django_db(transaction=True),
    pytest.mark.postgresql,
    pytest.mark.redis,
    pytest.mark.worker,
]


def test_documento_perdido_com_o_redis_sem_aof_volta_pela_varredura(pasta, fila_em):  # noqa: F811
    with redis_proprio(pasta / "redis", persistente=False) as redis:
        fila_em(redis.url)
        documento = _lista_de_resultado(5)
        assert _tamanho_da_fila(redis.url) == 1
        redis.reiniciar()
        assert _tamanho_da_fila(redis.url) == 0
        assert _status(documento) == StatusDocumento.PENDENTE

        # Ainda recente: a varredura não mexe (a tarefa poderia estar só atrasada).
        assert services.documentos_parados_reenfileirar(agora=timezone.now()) == []
        depois = timezone.now() + dt.timedelta(minutes=16)
        assert services.documentos_parados_reenfileirar(agora=depois) == [documento.pk]
        assert _tamanho_da_fila(redis.url) == 1

        with worker_celery(redis.url, pasta, "varredura") as worker:
            esperar(
                lambda: _status(documento) == StatusDocumento.PRONTO,
                180,
                f"o worker gerar o documento\n{worker.texto_do_log()[-2000:]}",
            )
    documento.refresh_from_db()
    assert documento.arquivo.name.endswith(f"g{documento.geracao}.pdf")
