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
    cache_compartilhado.esquecer_geracoes_locais()  # lida por um processo que acabou de subir
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


# ------------------------------------------------- o número guardado no processo (Redis)


def _redis_cru():
    """Um cliente do Redis do cache que não passa por ``selecoes.cache``: outro nó."""
    import redis
    from django.conf import settings

    return redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])


def _assinatura_de_pe():
    locais = cache_compartilhado.geracoes_locais()
    assert locais is not None, "com o Redis, cada processo assina os avisos de geração"
    assert locais.esperar_assinatura(), "a assinatura do canal de avisos não foi confirmada"
    return locais


def _ate(condicao, limite_s=5.0):
    import time

    fim = time.monotonic() + limite_s
    while time.monotonic() < fim:
        if condicao():
            return True
        time.sleep(0.005)
    return False


@pytest.mark.redis
def test_geracao_guardada_no_processo_nao_vai_ao_redis_e_o_aviso_de_outro_no_a_invalida():
    nome = "teste:aviso-de-outro-no"
    locais = _assinatura_de_pe()
    outro_no = _redis_cru()
    chave = cache.make_key(f"geracao:{nome}")
    cache.delete(f"geracao:{nome}")
    primeira = cache_compartilhado.geracao(nome)

    # O número muda no Redis sem aviso: o processo segue com o que guardou (não lê a cada
    # pedido). Nenhum caminho do sistema faz isso; só prova que a leitura é local.
    outro_no.set(chave, primeira + 100)
    assert cache_compartilhado.geracao(nome) == primeira

    # Outro nó avança como ``avancar_geracao`` faz: INCR e o aviso no canal.
    outro_no.incr(chave)
    outro_no.publish(locais.canal, nome)
    assert _ate(lambda: cache_compartilhado.geracao(nome) == primeira + 101)


@pytest.mark.redis
def test_geracao_conexao_dos_avisos_caida_volta_a_ler_no_redis_e_reassina():
    nome = "teste:avisos-caidos"
    locais = _assinatura_de_pe()
    outro_no = _redis_cru()
    chave = cache.make_key(f"geracao:{nome}")
    primeira = cache_compartilhado.geracao(nome)
    antes = locais.assinaturas

    # A conexão da assinatura cai (Redis reiniciado, rede): avisos podem se perder.
    ids = [c["id"] for c in outro_no.client_list(_type="pubsub") if c["name"] == locais.nome]
    assert len(ids) == 1
    assert outro_no.client_kill_filter(_id=ids[0]) == 1
    assert _ate(lambda: not locais.ativa or locais.assinaturas > antes)
    outro_no.set(chave, primeira + 7)  # mudou sem aviso enquanto a assinatura caía
    assert cache_compartilhado.geracao(nome) == primeira + 7  # lido no Redis, não o guardado

    assert locais.esperar_assinatura(depois_de=antes)  # reassinou sozinha
    outro_no.set(chave, primeira + 8)
    assert cache_compartilhado.geracao(nome) == primeira + 8  # reassinar esqueceu o guardado


@pytest.mark.redis
def test_geracao_leitura_que_cruza_um_aviso_nao_guarda_o_numero_velho():
    nome = "teste:leitura-cruzada"
    locais = _assinatura_de_pe()
    guardado, marca = locais.ler(nome)
    assert guardado is None
    assert marca is not None
    locais.esquecer("outra-geracao")  # um aviso chega entre a resposta do Redis e a gravação
    locais.guardar(nome, 123, marca)
    assert locais.ler(nome)[0] is None


@pytest.mark.redis
def test_geracao_avancar_no_proprio_processo_vale_ja_sem_esperar_o_aviso(monkeypatch):
    nome = "teste:proprio-processo"
    _assinatura_de_pe()
    primeira = cache_compartilhado.geracao(nome)
    monkeypatch.setitem(cache_compartilhado._avisos, "publicador", None)  # aviso nenhum sai
    cache_compartilhado.avancar_geracao(nome)
    assert cache_compartilhado.geracao(nome) == primeira + 1
