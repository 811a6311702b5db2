"""candidatos/services/publicacao.py: pedido de publicação, fila e progresso do RH."""

import datetime as dt
import logging
import uuid

import pytest
from django.db import transaction
from django.utils import timezone

from candidatos.models import ResultadoVersao
from candidatos.selectors.publicacao import estado_publicacao, progresso_publicacao
from candidatos.services.publicacao import ERRO_FILA, publicacao_solicitar
from tests.candidatos.classificacao.factories import classificacao, nova_vaga
from tests.confiabilidade.processos import porta_livre
from tests.robustez.test_email import _broker

pytestmark = pytest.mark.django_db

AGORA = timezone.make_aware(dt.datetime(2026, 6, 1, 9, 0))


def _pedir(vaga, alice, chave):
    return publicacao_solicitar(
        selecao=vaga.selecao,
        tipo="preliminar",
        usuario=alice,
        motivo="",
        chave=chave,
        agora=AGORA,
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=2),
    )


def test_publicacao_pedida_duas_vezes_roda_uma_tarefa(
    orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    chave = uuid.uuid4()
    with django_capture_on_commit_callbacks(execute=True) as ganchos:
        assert _pedir(vaga, alice, chave) is True
        assert _pedir(vaga, alice, chave) is False
    nomes = [getattr(g, "__name__", "") for g in ganchos]
    assert nomes.count("enfileirar_publicacao") == 1
    versao = ResultadoVersao.objects.get(selecao=vaga.selecao)
    assert versao.chave == chave
    assert estado_publicacao(selecao=vaga.selecao, chave=chave) == {
        "estado": "concluida",
        "versao_id": versao.pk,
    }


def test_publicacao_de_outra_selecao_nao_tem_estado(orgao, alice):
    vaga, outra = nova_vaga(orgao), nova_vaga(orgao)
    chave = uuid.uuid4()
    with transaction.atomic():
        _pedir(vaga, alice, chave)
    assert estado_publicacao(selecao=vaga.selecao, chave=chave)["estado"] == "fila"
    assert estado_publicacao(selecao=outra.selecao, chave=chave) is None


@pytest.mark.django_db(transaction=True)
def test_publicacao_com_broker_fora_do_ar_fica_em_erro_para_o_rh(orgao, alice, caplog):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    chave = uuid.uuid4()
    caplog.set_level(logging.ERROR, logger="selecoes.filas")
    with _broker(f"redis://127.0.0.1:{porta_livre()}/0"), transaction.atomic():
        assert _pedir(vaga, alice, chave) is True
    estado = progresso_publicacao(chave)
    assert estado["estado"] == "erro"
    assert estado["mensagens"] == [ERRO_FILA]
    assert not ResultadoVersao.objects.filter(selecao=vaga.selecao).exists()
    assert any("candidatos.publicar_resultado" in r.getMessage() for r in caplog.records)
