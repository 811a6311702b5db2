"""Tarefas com Redis e worker Celery reais: fila, idempotência, partes, novas tentativas.

O worker roda numa thread e abre a própria conexão com o banco; por isso os
testes usam ``transaction=True`` (o worker só enxerga linhas gravadas).
"""

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from celery.contrib.testing.worker import start_worker
from django.core.files.storage import default_storage
from django.db import OperationalError

from candidatos.models import CorRaca
from config.celery import app
from relatorios import tasks
from relatorios.documentos import construtores as documentos
from relatorios.documentos import pdf, services
from relatorios.models import Documento, StatusDocumento
from selecoes.models import RegistroAuditoria
from tests.factories import InscricaoFactory, OrgaoFactory, SelecaoFactory, VagaEstagioFactory
from tests.gatilhos import sem_gatilhos
from tests.relatorios.documentos.conftest import anexos, ler_arquivo, paginas_pdf, texto_pdf
from tests.relatorios.documentos.factories import Aprovado, ResultadoVersaoFactory, VagaResultado

# O worker (numa thread, com conexão própria) e o teste gravam no mesmo banco ao mesmo
# tempo: o SQLite em memória dos testes recusa com "database table is locked".
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.worker,
    pytest.mark.postgresql,
]

NOMES_MALICIOSOS = [
    '<img src="file:///etc/passwd">',
    '<link rel=attachment href="file:///etc/passwd">',
    '<img src="http://169.254.169.254/latest/meta-data/">',
]


def _fila_vazia() -> bool:
    with app.connection_for_read() as conexao:
        cliente = conexao.default_channel.client
        return cliente.llen("celery") == 0 and cliente.hlen("unacked") == 0


@contextmanager
def _worker() -> Iterator[None]:
    with start_worker(app, perform_ping_check=False, pool="solo", shutdown_timeout=10):
        yield


def _esperar(condicao: Callable[[], bool], limite: float = 90) -> None:
    fim = time.monotonic() + limite
    while time.monotonic() < fim:
        if condicao():
            return
        time.sleep(0.2)
    raise AssertionError("Tempo esgotado esperando o worker.")


def _pronto(documento: Documento) -> Callable[[], bool]:
    def verificar() -> bool:
        documento.refresh_from_db()
        return documento.status in (StatusDocumento.PRONTO, StatusDocumento.ERRO)

    return verificar


def _versao(vagas=None, **kwargs):
    """Uma versão de resultado gravada e a reação do evento ``resultado_publicado``
    (a lista em PDF é pedida)."""
    orgao = OrgaoFactory(sigla="MIR")
    selecao = SelecaoFactory(orgao=orgao, numero_edital="3/2026", situacao="resultado_final")
    versao = ResultadoVersaoFactory(
        selecao=selecao,
        vagas=vagas
        or [
            VagaResultado(
                "DIR",
                [
                    Aprovado("2026000001", "Ana Souza"),
                    Aprovado("2026000002", "Bruno Lima", listas=("negros",)),
                ],
                convocacao=[("2026000001", "AC"), ("2026000002", "negros")],
            )
        ],
        **kwargs,
    )
    services.ao_publicar_resultado(versao_id=versao.pk)
    return versao


def test_worker_gera_a_lista_da_versao_publicada():
    with _worker():
        versao = _versao()
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.PRONTO
    texto = texto_pdf(ler_arquivo(documento))
    assert "Ana Souza" in texto
    assert "Bruno Lima" in texto
    assert versao.hash_conteudo in texto.replace(" ", "")


@pytest.mark.redis  # a fila e as não confirmadas (unacked) lidas no Redis
def test_worker_tarefa_entregue_duas_vezes_guarda_um_arquivo():
    with _worker():
        versao = _versao()
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        tasks.gerar_documento.delay(documento.pk, documento.geracao)
        _esperar(_pronto(documento))
        _esperar(_fila_vazia)
    pasta = f"documentos/resultado/{documento.pk}"
    assert default_storage.listdir(pasta)[1] == ["g1.pdf"]
    gerados = RegistroAuditoria.objects.filter(acao="documento.gerado", objeto_id=str(documento.pk))
    assert gerados.count() == 1


@pytest.mark.redis  # a fila e as não confirmadas (unacked) lidas no Redis
def test_worker_lista_longa_em_partes_paralelas_unidas_com_numeracao(monkeypatch):
    monkeypatch.setattr(documentos, "LIMITE_UMA_PARTE", 100)
    monkeypatch.setattr(documentos, "LINHAS_POR_PARTE", 150)
    aprovados = [Aprovado(f"2026{i:06d}", f"Pessoa {i:04d}") for i in range(1, 401)]
    with _worker():
        versao = _versao(vagas=[VagaResultado("V1", aprovados)])
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
        _esperar(_fila_vazia)
    assert documento.status == StatusDocumento.PRONTO
    assert documento.partes_total == 4  # 3 de 150 linhas, arredondado ao par
    paginas = paginas_pdf(ler_arquivo(documento))
    for numero, texto in enumerate(paginas, 1):
        assert f"Página {numero} de {len(paginas)}" in texto
    texto = "\n".join(paginas)
    posicoes = [texto.index(f"Pessoa {i:04d}") for i in range(1, 401)]
    assert posicoes == sorted(posicoes)
    assert default_storage.listdir(f"documentos/resultado/{documento.pk}/partes")[1] == []


def test_worker_falha_passageira_tenta_de_novo_e_conclui(monkeypatch):
    original = services.gerar
    chamadas = []

    def gerar_instavel(*, documento_id, geracao):
        chamadas.append(geracao)
        if len(chamadas) == 1:
            services._iniciar(documento_id, geracao)
            raise OperationalError("conexão com o banco caiu")
        original(documento_id=documento_id, geracao=geracao)

    monkeypatch.setattr(services, "gerar", gerar_instavel)
    with _worker():
        versao = _versao()
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.PRONTO
    assert len(chamadas) == 2
    assert documento.tentativas == 2


def test_worker_erro_definitivo_fica_com_status_erro_e_mensagem():
    with _worker():
        versao = _versao()
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
    # A versão foi criada com hash correto; adulteramos e pedimos de novo.
    with sem_gatilhos():
        type(versao).objects.filter(pk=versao.pk).update(hash_conteudo="f" * 64)
    with _worker():
        services.documento_regenerar(documento=documento, motivo="Conferência")
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.ERRO
    assert "hash" in documento.mensagem_erro
    assert documento.desatualizado
    assert RegistroAuditoria.objects.filter(acao="documento.erro").count() == 1


@pytest.fixture
def pedidos_ao_buscador(monkeypatch):
    """Registra toda URL que o WeasyPrint pedir, em qualquer thread."""
    pedidas: list[str] = []
    original = pdf.BuscadorSeguro.fetch

    def espiar(self, url, headers=None):
        pedidas.append(url)
        return original(self, url, headers)

    monkeypatch.setattr(pdf.BuscadorSeguro, "fetch", espiar)
    return pedidas


@pytest.mark.parametrize("nome", NOMES_MALICIOSOS)
def test_seguranca_nome_malicioso_no_comprovante_nao_busca_nem_anexa(nome, pedidos_ao_buscador):
    with _worker():
        inscricao = InscricaoFactory(nome_civil="Fulano", nome_social=nome, cor_raca=CorRaca.PARDA)
        documento = services.comprovante_solicitar(inscricao=inscricao)
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.PRONTO
    conteudo = ler_arquivo(documento)
    assert pedidos_ao_buscador == []
    assert anexos(conteudo) == []
    assert b"/EmbeddedFile" not in conteudo
    assert b"root:" not in conteudo
    assert nome in texto_pdf(conteudo)


def test_seguranca_nomes_maliciosos_na_lista_publica_nao_buscam_nem_anexam(pedidos_ao_buscador):
    aprovados = [Aprovado(f"2026{i:06d}", nome) for i, nome in enumerate(NOMES_MALICIOSOS, 1)]
    with _worker():
        versao = _versao(vagas=[VagaResultado("V", aprovados)])
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
    conteudo = ler_arquivo(documento)
    assert pedidos_ao_buscador == []
    assert anexos(conteudo) == []
    assert b"/EmbeddedFile" not in conteudo
    texto = texto_pdf(conteudo)
    for nome in NOMES_MALICIOSOS:
        assert nome in texto


def test_anexo_do_edital_pelo_worker():
    with _worker():
        selecao = SelecaoFactory(orgao=OrgaoFactory(sigla="MIR"), numero_edital="8/2026")
        VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=5)
        documento = services.anexo_edital_solicitar(selecao=selecao)
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.PRONTO
    assert "Anexo do edital nº 8/2026" in texto_pdf(ler_arquivo(documento))


def test_worker_falha_no_processo_da_juncao_fica_com_status_erro_e_motivo(monkeypatch):
    """O processo filho da junção falha (aqui: amostra do rodapé sem o texto): o
    documento fica com status erro e o motivo, como as outras falhas de geração."""
    monkeypatch.setattr(services, "PAGINAS_JUNCAO_NO_PROCESSO", 0)
    monkeypatch.setattr(documentos, "LIMITE_UMA_PARTE", 100)
    monkeypatch.setattr(documentos, "LINHAS_POR_PARTE", 150)
    monkeypatch.setattr(
        services,
        "_amostra_rodape",
        lambda _titulo: pdf.renderizar('<html lang="pt-BR"><body></body></html>').conteudo,
    )
    aprovados = [Aprovado(f"2026{i:06d}", f"Pessoa {i:04d}") for i in range(1, 301)]
    with _worker():
        versao = _versao(vagas=[VagaResultado("V1", aprovados)])
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        _esperar(_pronto(documento))
    assert documento.status == StatusDocumento.ERRO
    assert "FalhaNaJuncao" in documento.mensagem_erro
    assert "O processo da junção das partes falhou" in documento.mensagem_erro
    assert "amostra do rodapé" in documento.mensagem_erro
    assert not documento.arquivo
    assert RegistroAuditoria.objects.filter(
        acao="documento.erro", objeto_id=str(documento.pk)
    ).exists()
