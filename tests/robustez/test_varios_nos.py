"""Mais de uma máquina (issue 18, item 11): dois nós web e dois workers, um banco e um Redis.

Os processos sobem uma vez para o módulo inteiro (``tests/robustez/nos.py``): dois
gunicorn com a configuração entregue (``config/gunicorn.py``) em portas diferentes,
cada um com a sua pasta ``var/``, e dois workers Celery; os arquivos (``MEDIA_ROOT``)
ficam numa pasta comum a todos, como o volume compartilhado de produção.

- os 50 pedidos simultâneos de ``tests/confiabilidade/test_concorrencia.py``,
  repartidos entre os dois nós, deixam o estado de uma ordem em série;
- o resultado publicado pelo nó A (a tarefa roda num dos workers) e depois uma
  convocação feita nele aparecem na hora no nó B, que tinha a página anterior
  guardada na memória do processo;
- o PDF pedido ao nó A é gerado por um worker e servido pelo nó B;
- o limite de tentativas da "Minha situação" vale para os dois nós somados.

O processo do teste monta os cenários pelos serviços, mas não é um nó: o que ele
mandaria à fila (e-mails e PDFs dos cenários) é descartado; tudo o que os nós pedem
vai ao broker comum.
"""

from __future__ import annotations

import datetime as dt
import threading
import uuid

import pytest
import redis
from django.contrib.messages import constants
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from candidatos.models import ResultadoVersao, TipoResultado
from candidatos.selectors import publicacao as selectors_publicacao
from candidatos.services import resultado
from candidatos.views.publico import TENTATIVAS_POR_MINUTO as TENTATIVAS
from relatorios.documentos import services as documentos
from relatorios.models import Documento, StatusDocumento
from selecoes import filas
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.confiabilidade import test_concorrencia as concorrencia
from tests.confiabilidade.processos import esperar
from tests.publico.factories import cenario_publicado
from tests.robustez.nos import Instalacao, instalacao_com_dois_nos, sessao_de

pytestmark = [
    pytest.mark.lento,
    pytest.mark.django_db(transaction=True),
    # Os nós e os workers são subprocessos ligados ao banco de teste (PostgreSQL) e a
    # um redis-server próprio.
    pytest.mark.postgresql,
    pytest.mark.redis,
    pytest.mark.worker,
]


@pytest.fixture(scope="module")
def nos(django_db_setup, tmp_path_factory):
    with instalacao_com_dois_nos(tmp_path_factory.mktemp("nos")) as instalacao:
        yield instalacao


@pytest.fixture(autouse=True)
def mesmo_redis_dos_nos(nos: Instalacao, settings, monkeypatch):
    """O processo do teste lê e avança as gerações no cache dos nós; nada seu vai à fila."""
    settings.CACHES = nos.caches()
    settings.MEDIA_ROOT = nos.midia
    cache.clear()
    monkeypatch.setattr(filas, "enfileirar", lambda *a, **k: True)
    monkeypatch.setattr(documentos, "_enfileirar", lambda *a, **k: None)


def _origem(indice: int) -> str:
    """Um endereço de loopback por cliente: o limite por IP não entra no experimento."""
    return f"127.0.{indice // 250 + 1}.{indice % 250 + 1}"


def test_varios_nos_50_pedidos_repartidos_entre_os_nos_equivalem_a_uma_ordem_em_serie(orgao, nos):
    cenario = concorrencia.preparar(orgao)
    sessoes = {u.pk: sessao_de(u) for u in (cenario.alice, cenario.bruno)}
    pedidos = [concorrencia._requisicao(p, cenario.vaga, cenario.tokens) for p in cenario.pedidos]
    barreira = threading.Barrier(len(pedidos))

    def rodar(indice: int) -> None:
        pedido = cenario.pedidos[indice]
        url, dados = pedidos[indice]
        usuario = cenario.usuario(indice)
        no = nos.web[indice % 2]
        try:
            barreira.wait(timeout=60)
            resposta = no.post(
                url,
                dados,
                sessao=sessoes[usuario.pk] if usuario else None,
                origem=_origem(indice),
            )
            pedido.status = resposta.status
            mensagens = resposta.mensagens()
            pedido.sucesso = resposta.status == 302 and any(
                m.level == constants.SUCCESS for m in mensagens
            )
            pedido.mensagem = " ".join(m.message for m in mensagens)
        except BaseException as erro:
            pedido.erro = erro

    linhas = [threading.Thread(target=rodar, args=(i,), daemon=True) for i in range(len(pedidos))]
    for linha in linhas:
        linha.start()
    for linha in linhas:
        linha.join(timeout=120)
    assert not [linha for linha in linhas if linha.is_alive()], "pedido preso (trava?)"

    concorrencia.conferir_ordem_em_serie(cenario)
    # Cada nó atendeu a sua metade (o log de acesso do gunicorn conta os POSTs).
    for no in nos.web:
        assert no.texto_do_log().count('"POST /') >= len(pedidos) // 2, no.nome


def _pagina(vaga, lista: str = "classificacao") -> str:
    return reverse("publico:resultado_vaga", args=[vaga.selecao_id, "atual", vaga.codigo, lista])


def test_varios_nos_resultado_e_convocacao_feitos_no_no_a_aparecem_na_hora_no_no_b(
    orgao, alice, nos
):
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
    preliminar, final = "Resultado preliminar, versão 1, publicado", "Resultado final, versão 1"
    for no in nos.web:  # duas vezes: a segunda já vem da memória do processo
        for _ in range(2):
            resposta = no.get(_pagina(vaga))
            assert resposta.status == 200, resposta.texto[-2000:]
            assert preliminar in resposta.texto
            assert final not in resposta.texto

    sessao = sessao_de(alice)
    chave = str(uuid.uuid4())
    pedido = nos.web[0].post(
        reverse("classificacao:publicar", args=[vaga.selecao_id]),
        {"chave": chave, "tipo": TipoResultado.FINAL, "motivo": ""},
        sessao=sessao,
    )
    assert pedido.status == 302, pedido.texto[-3000:]
    # O mesmo formulário reenviado ao outro nó (clique duplo atrás do balanceador): a
    # chave do pedido está no Redis comum, e nenhuma segunda tarefa vai à fila.
    repetido = nos.web[1].post(
        reverse("classificacao:publicar", args=[vaga.selecao_id]),
        {"chave": chave, "tipo": TipoResultado.FINAL, "motivo": ""},
        sessao=sessao,
    )
    assert repetido.status == 302, repetido.texto[-3000:]
    # A tarefa marca "concluida" depois do commit e dos avisos de depois do commit.
    esperar(
        lambda: (
            (selectors_publicacao.progresso_publicacao(chave) or {}).get("estado")
            in ("concluida", "erro")
        ),
        120,
        "um dos workers publicar o resultado final",
    )
    assert selectors_publicacao.progresso_publicacao(chave)["estado"] == "concluida"
    finais = ResultadoVersao.objects.filter(selecao_id=vaga.selecao_id, tipo=TipoResultado.FINAL)
    assert finais.count() == 1
    recebidas = [
        linha
        for w in nos.workers
        for linha in w.texto_do_log().splitlines()
        if "Task candidatos.publicar_resultado[" in linha and linha.endswith("] received")
    ]
    assert len(recebidas) == 1, recebidas
    assert redis.Redis.from_url(nos.url_broker).llen("celery") == 0

    for no in reversed(nos.web):
        texto = no.get(_pagina(vaga)).texto
        assert f"{final}, publicado" in texto, no.nome
        assert "Esta versão foi substituída" not in texto

    # O estado vivo também: a convocação feita no nó A aparece na lista guardada do B.
    ordem = _pagina(vaga, "convocacao")
    for no in nos.web:
        assert "Convocado(a)" not in no.get(ordem).texto
    prazo = (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
    convocar = nos.web[0].post(
        reverse("classificacao:convocar", args=[vaga.pk]),
        {"quantidade": "1", "prazo_resposta": prazo},
        sessao=sessao,
    )
    assert convocar.status == 302, convocar.texto[-3000:]
    assert [m.level for m in convocar.mensagens()] == [constants.SUCCESS]
    for no in reversed(nos.web):
        assert "Convocado(a)" in no.get(ordem).texto, no.nome


def test_varios_nos_pdf_pedido_ao_no_a_e_servido_pelo_no_b(orgao, nos):
    versao = cenario_publicado(orgao=orgao).final
    url = reverse("documentos:resultado_publico", args=[versao.pk])
    no_a, no_b = nos.web

    pedido = no_a.get(url)
    assert pedido.status == 202, pedido.texto[-2000:]  # "aguarde": o PDF foi pedido agora
    documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
    progresso = reverse("documentos:progresso", args=[documento.pk])
    esperar(
        lambda: no_b.get(progresso).json()["pronto"],
        180,
        "um worker gerar o PDF pedido ao nó A",
    )

    entregue = no_b.get(url)
    assert entregue.status == 200
    assert entregue.cabecalhos["Content-Type"] == "application/pdf"
    assert entregue.corpo.startswith(b"%PDF-")
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    # O arquivo está no volume comum, e em nenhuma pasta var/ de nó ou de worker.
    assert (nos.midia / documento.arquivo.name).read_bytes() == entregue.corpo
    for processo in (*nos.web, *nos.workers):
        assert list(processo.var.rglob("*.pdf")) == [], processo.nome
    assert any("gerar_documento" in w.texto_do_log() for w in nos.workers)


def test_varios_nos_limite_de_tentativas_conta_os_dois_nos_juntos(nos):
    """Quem alterna entre os nós não ganha tentativas: a contagem está no Redis comum."""
    url = reverse("publico:minha_situacao")
    dados = {"numero": "2026000001", "cpf": "529.982.247-25"}
    origem = "127.0.200.1"
    respostas = [
        nos.web[i % 2].post(url, dados, origem=origem).status for i in range(TENTATIVAS + 2)
    ]
    assert respostas[:TENTATIVAS] == [200] * TENTATIVAS
    assert respostas[TENTATIVAS:] == [429, 429]
    # Outro endereço segue atendido pelos dois nós.
    assert {no.post(url, dados, origem="127.0.200.2").status for no in nos.web} == {200}
