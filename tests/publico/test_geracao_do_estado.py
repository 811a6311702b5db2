"""A página pública de resultado acompanha, na hora, o que os serviços mudam.

Cada processo guarda o estado público sob a geração da seleção no cache
compartilhado; os eventos de publicação, convocação e inscrição a avançam depois
do commit (``candidatos/services/estado_publico.py``). Nenhum teste espera a
validade curta do estado vencer: a mudança tem de aparecer no pedido seguinte.
"""

import datetime as dt

import pytest
from django.core.cache import cache
from django.test import override_settings
from django.urls import reverse

from candidatos.models import TipoResultado
from candidatos.services import convocacao, resultado
from selecoes import cache as cache_compartilhado
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.confiabilidade.processos import porta_livre

pytestmark = pytest.mark.django_db


def _url(vaga, lista="classificacao"):
    return reverse("publico:resultado_vaga", args=[vaga.selecao_id, "atual", vaga.codigo, lista])


@pytest.fixture
def vaga(orgao, alice):
    vaga = nova_vaga(orgao, ofertadas=2, codigo="DIR")
    classificacao(vaga, "ABXC", negros="X")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA - dt.timedelta(days=3),
        recurso_fim=AGORA - dt.timedelta(days=1),
        agora=AGORA - dt.timedelta(days=3),
    )
    return vaga


def test_geracao_publicar_final_aparece_no_pedido_seguinte(
    client, vaga, alice, django_capture_on_commit_callbacks
):
    antes = client.get(_url(vaga))
    assert antes.context["versao"].tipo == TipoResultado.PRELIMINAR
    assert "Resultado preliminar" in client.get(_url(vaga)).content.decode()  # já guardada

    with django_capture_on_commit_callbacks(execute=True):
        final = resultado.resultado_publicar(
            selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=AGORA
        )

    depois = client.get(_url(vaga))
    assert depois.status_code == 200
    assert depois.context["versao"].id == final.pk


def test_geracao_convocacao_aparece_no_pedido_seguinte(
    client, vaga, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=AGORA
        )
    url = _url(vaga, "convocacao")
    assert "Convocado(a)" not in client.get(url).content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        convocacao.proximos_convocar(
            vaga=vaga,
            quantidade=1,
            prazo_resposta=AGORA + dt.timedelta(days=400),
            usuario=alice,
            agora=AGORA,
        )

    assert "Convocado(a)" in client.get(url).content.decode()


def test_geracao_avanca_de_um_em_um_e_some_sem_voltar_a_um_numero_usado():
    nome = "teste:geracao"
    cache.delete(f"geracao:{nome}")
    primeira = cache_compartilhado.geracao(nome)
    assert primeira is not None
    assert cache_compartilhado.geracao(nome) == primeira  # lida de novo, a mesma
    cache_compartilhado.avancar_geracao(nome)
    assert cache_compartilhado.geracao(nome) == primeira + 1

    cache.delete(f"geracao:{nome}")  # expulsa do Redis (memória cheia, servidor zerado)
    assert cache_compartilhado.geracao(nome) not in (None, primeira, primeira + 1)
    cache.delete(f"geracao:{nome}")
    cache_compartilhado.avancar_geracao(nome)  # avançar uma que sumiu também recomeça
    assert cache_compartilhado.geracao(nome) not in (None, primeira, primeira + 1)


def test_geracao_sem_o_cache_e_none_e_avancar_nao_falha(caplog):
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{porta_livre()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=caches):
        cache_compartilhado.avancar_geracao("teste:sem-cache")
        assert cache_compartilhado.geracao("teste:sem-cache") is None
    assert any("Cache compartilhado indisponível" in r.getMessage() for r in caplog.records)
