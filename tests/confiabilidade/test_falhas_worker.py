"""Falhas do worker e do broker com processos de verdade (docs/operacao.md, "Fila de tarefas").

- Processo do pool morto com SIGKILL no meio da geração de um PDF: com ``acks_late`` e
  ``reject_on_worker_lost`` a mensagem volta à fila; outro worker a executa de novo e
  fica um único arquivo (nome determinístico por documento e geração).
- redis-server reiniciado com tarefas na fila e nenhum worker: com AOF
  (``--appendonly yes``) a fila sobrevive e o worker que sobe depois executa tudo.

O Redis é um redis-server próprio de cada teste (porta livre), nunca o compartilhado.
Os workers são subprocessos ``celery -A config worker`` ligados ao banco de teste;
por isso ``transaction=True`` (o worker só vê linhas gravadas).
"""

import pytest
from django.core.files.storage import default_storage

from config.celery import app
from relatorios import tasks
from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento
from selecoes.models import RegistroAuditoria
from tests.confiabilidade.processos import esperar, matar, redis_proprio, worker_celery
from tests.factories import OrgaoFactory, SelecaoFactory
from tests.relatorios.documentos.factories import Aprovado, ResultadoVersaoFactory, VagaResultado

pytestmark = [
    pytest.mark.lento,
    pytest.mark.django_db(transaction=True),
    # O worker em subprocesso usa o PostgreSQL; cada teste sobe o próprio redis-server.
    pytest.mark.postgresql,
    pytest.mark.redis,
    pytest.mark.worker,
]


@pytest.fixture
def pasta(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "midia"
    return tmp_path


@pytest.fixture
def fila_em(monkeypatch):
    """Os pedidos de documento vão para o Redis do teste (nunca para o compartilhado)."""

    def apontar(url: str) -> None:
        def enfileirar(documento_id: int, geracao: int) -> None:
            with app.connection_for_write(url) as conexao:
                tasks.gerar_documento.apply_async((documento_id, geracao), connection=conexao)

        monkeypatch.setattr(services, "_enfileirar", enfileirar)

    return apontar


def _tamanho_da_fila(url: str) -> int:
    with app.connection_for_read(url) as conexao:
        return conexao.default_channel.client.llen("celery")


def _lista_de_resultado(aprovados: int) -> Documento:
    """Uma versão de resultado gravada e a reação do evento ``resultado_publicado``:
    o PDF da lista é pedido (documento novo)."""
    selecao = SelecaoFactory(orgao=OrgaoFactory(sigla="MIR"), situacao="resultado_final")
    versao = ResultadoVersaoFactory(
        selecao=selecao,
        vagas=[
            VagaResultado(
                "DIR", [Aprovado(f"2026{i:06d}", f"Pessoa {i:05d}") for i in range(1, aprovados)]
            )
        ],
    )
    return services.ao_publicar_resultado(versao_id=versao.pk)


def _arquivos(documento: Documento) -> list[str]:
    pasta = f"documentos/{documento.tipo}/{documento.pk}"
    pastas, arquivos = default_storage.listdir(pasta)
    partes = default_storage.listdir(f"{pasta}/partes")[1] if "partes" in pastas else []
    return sorted(arquivos) + [f"partes/{p}" for p in partes]


def _status(documento: Documento) -> str:
    documento.refresh_from_db()
    return documento.status


def test_falhas_worker_morto_no_meio_do_pdf_refaz_e_guarda_um_arquivo(pasta, fila_em):
    with redis_proprio(pasta / "redis") as redis:
        fila_em(redis.url)
        with worker_celery(redis.url, pasta, "primeiro") as primeiro:
            filho = primeiro.processo_filho()
            documento = _lista_de_resultado(4000)
            esperar(
                lambda: _status(documento) == StatusDocumento.GERANDO,
                60,
                f"o documento entrar em 'gerando'\n{primeiro.texto_do_log()[-2000:]}",
            )
            matar(filho)  # SIGKILL no processo que desenha o PDF
            esperar(
                lambda: "WorkerLostError" in primeiro.texto_do_log(),
                30,
                "o worker registrar a perda do processo (WorkerLostError)",
            )
        # O primeiro worker saiu (desligamento normal); a tarefa não pode ter se perdido.
        with worker_celery(redis.url, pasta, "segundo") as segundo:
            esperar(
                lambda: _status(documento) in (StatusDocumento.PRONTO, StatusDocumento.ERRO),
                180,
                f"o segundo worker concluir o PDF\n{segundo.texto_do_log()[-2000:]}",
            )
            esperar(lambda: _tamanho_da_fila(redis.url) == 0, 30, "a fila esvaziar")

    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO, documento.mensagem_erro
    assert documento.tentativas >= 2, "a tarefa não foi executada de novo"
    assert _arquivos(documento) == [f"g{documento.geracao}.pdf"]
    assert default_storage.open(documento.arquivo.name).read(5) == b"%PDF-"
    gerados = RegistroAuditoria.objects.filter(acao="documento.gerado", objeto_id=str(documento.pk))
    assert gerados.count() == 1


def test_falhas_redis_reiniciado_com_fila_cheia_nao_perde_tarefas(pasta, fila_em):
    with redis_proprio(pasta / "redis") as redis:
        fila_em(redis.url)
        documentos = [_lista_de_resultado(20) for _ in range(3)]
        assert _tamanho_da_fila(redis.url) == 3
        assert all(_status(d) == StatusDocumento.PENDENTE for d in documentos)

        redis.reiniciar()

        assert _tamanho_da_fila(redis.url) == 3, "a fila se perdeu no reinício do Redis"
        with worker_celery(redis.url, pasta, "depois-do-reinicio") as worker:
            esperar(
                lambda: all(_status(d) == StatusDocumento.PRONTO for d in documentos),
                120,
                f"o worker gerar os 3 PDFs\n{worker.texto_do_log()[-2000:]}",
            )
    for documento in documentos:
        assert _arquivos(documento) == [f"g{documento.geracao}.pdf"]


def test_falhas_redis_sem_persistencia_perderia_a_fila(pasta, fila_em):
    """Contraprova: sem AOF, o mesmo reinício apaga a fila (por isso a configuração)."""
    with redis_proprio(pasta / "redis", persistente=False) as redis:
        fila_em(redis.url)
        _lista_de_resultado(5)
        assert _tamanho_da_fila(redis.url) == 1

        redis.reiniciar()

        assert _tamanho_da_fila(redis.url) == 0
