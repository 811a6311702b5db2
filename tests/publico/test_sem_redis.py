"""Sem o Redis do cache, as páginas de candidato seguem respondendo (issue 18, item 4).

O cache aponta para uma porta de loopback sem ninguém escutando: cada conexão é
recusada de verdade pelo sistema operacional, como num Redis parado.
"""

import datetime as dt
import logging

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, Inscricao
from selecoes.models import SituacaoSelecao
from tests.candidatos.inscricoes.test_formulario import dados_post
from tests.confiabilidade.processos import porta_livre
from tests.factories import SelecaoFactory, VagaEstagioFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def sem_redis(caplog, tmp_path):
    """Cache numa porta fechada; ao sair, volta o cache de antes (a limpeza da conftest o usa)."""
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{porta_livre()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    caplog.set_level(logging.WARNING, logger="selecoes.cache")
    with override_settings(
        CACHES=caches,
        MEDIA_ROOT=tmp_path / "media",
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    ):
        yield caplog


def _avisos(caplog):
    return [r.getMessage() for r in caplog.records if r.name == "selecoes.cache"]


@pytest.fixture
def selecao_aberta(orgao):
    agora = timezone.now()
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=2),
        inscricoes_fim=agora + dt.timedelta(days=5),
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR", area="Direito")
    return selecao


def test_sem_redis_formulario_de_inscricao_grava_e_mostra_o_comprovante(sem_redis, selecao_aberta):
    cliente = Client()
    url = reverse("inscricao_publica:formulario", args=[selecao_aberta.pk])
    assert cliente.get(url).status_code == 200

    resposta = cliente.post(url, dados_post(selecao_aberta.vagas.get()))

    assert resposta.status_code == 302
    inscricao = Inscricao.objects.get()
    comprovante = cliente.get(resposta["Location"])
    assert comprovante.status_code == 200
    assert inscricao.numero in comprovante.content.decode()
    assert any("Cache compartilhado indisponível" in m for m in _avisos(sem_redis))


def test_sem_redis_minha_situacao_responde_e_o_limite_vale_no_processo(sem_redis, cenario):
    inscricao = cenario.inscricoes[2]
    url = reverse("publico:minha_situacao")
    cliente = Client()

    resposta = cliente.post(url, {"numero": inscricao.numero, "cpf": inscricao.cpf})
    assert resposta.status_code == 200
    assert resposta.context["situacao"].numero == inscricao.numero
    codigos = [
        cliente.post(url, {"numero": f"2026{i:06d}", "cpf": "00000000000"}).status_code
        for i in range(10)
    ]
    assert codigos == [200] * 9 + [429]
    assert _avisos(sem_redis)


def test_sem_redis_convocacao_publica_responde(sem_redis, cenario):
    convocacao = Convocacao.objects.filter(inscricao__vaga=cenario.vaga).first()
    url = reverse("convocacao_publica:detalhe", args=[convocacao.token])

    resposta = Client().get(url)

    assert resposta.status_code == 200
    assert convocacao.inscricao.numero in resposta.content.decode()


def test_sem_redis_resultados_respondem_duas_vezes_sem_cache(sem_redis, cenario):
    pk = cenario.selecao.pk
    geral = Client().get(reverse("publico:resultados", args=[pk]))
    assert geral.status_code == 200
    url_vaga = reverse("publico:resultado_vaga", args=[pk, "atual", cenario.vaga.codigo])
    primeira = Client().get(url_vaga)
    segunda = Client().get(url_vaga)

    assert primeira.status_code == segunda.status_code == 200
    assert cenario.inscricoes[0].numero in segunda.content.decode()
    assert _avisos(sem_redis)
