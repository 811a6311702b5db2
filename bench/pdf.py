"""Benchmark dos documentos em PDF.

- ``pdf_5000_s`` / ``pdf_5000_rss_mb``: lista de resultado com 5.000 aprovados
  numa vaga (mais a lista de candidatos negros e a ordem de convocação, ≈ 6.700
  linhas), do pedido ao arquivo pronto (``solicitado_em`` → ``gerado_em``), com um
  worker Celery real de 2 processos: o caminho de produção (duas partes paralelas +
  junção com numeração refeita); RSS = maior pico (VmHWM) entre os processos do worker.
- ``pdf_5000_um_processo_s`` / ``pdf_5000_um_processo_rss_mb``: a mesma lista do
  conteúdo JSON ao PDF inteiro num processo novo, sem banco (a CPU de uma geração só).
- ``pdf_5000_tabela_s`` / ``pdf_5000_tabela_rss_mb``: o mesmo com ``<table>``
  (a diagramação ingênua), para comparar com ``pdf_5000_um_processo_s``.
- ``pdf_anexo_s``: anexo do edital com 20 vagas de estágio.
- ``pdf_50000_s``: 50.000 aprovados em 10 vagas (≈ 67.000 linhas), do pedido ao
  arquivo pronto (``solicitado_em`` → ``gerado_em``), com um worker Celery real
  de 2 processos (partes paralelas + junção); ``pdf_50000_rss_mb`` = maior pico
  de RSS entre os processos do worker.
- ``*_cpu_s``: tempo de CPU gasto (soma dos processos): com a máquina ocupada por
  outros processos o tempo de relógio sobe, o de CPU não. ``*_cpu_maior_processo_s``:
  a CPU do processo do worker mais ocupado, piso do relógio numa máquina quieta.

Precisa do banco (``DATABASE_URL``) migrado; os dados criados são apagados no fim.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

RAIZ = Path(__file__).resolve().parent.parent
APROVADOS_5000 = 5_000
APROVADOS_50000 = 50_000
VAGAS_50000 = 10


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    figuras: dict[str, float] = {}
    contexto = multiprocessing.get_context("fork")
    for nome, medir in (
        ("pdf_5000_um_processo", _lista_em_blocos),
        ("pdf_5000_tabela", _lista_em_tabela),
        ("pdf_anexo", _anexo),
    ):
        segundos, cpu, rss = _em_processo_novo(contexto, medir)
        figuras[f"{nome}_s"] = round(segundos, 2)
        figuras[f"{nome}_cpu_s"] = round(cpu, 2)
        if nome != "pdf_anexo":
            figuras[f"{nome}_rss_mb"] = round(rss, 1)
    for nome, aprovados, vagas in (
        ("pdf_5000", APROVADOS_5000, 1),
        ("pdf_50000", APROVADOS_50000, VAGAS_50000),
    ):
        # O pico (VmHWM) é do processo inteiro: um worker novo para cada medição.
        with _worker() as worker:
            segundos, amostras = _lista_com_worker(worker, aprovados, vagas)
        figuras[f"{nome}_s"] = round(segundos, 2)
        figuras[f"{nome}_cpu_s"] = round(amostras.cpu_s, 2)
        figuras[f"{nome}_cpu_maior_processo_s"] = round(amostras.cpu_maior_processo_s, 2)
        figuras[f"{nome}_rss_mb"] = round(amostras.pico_mb, 1)
    return figuras


# --- Medição num processo novo --------------------------------------------------------


def _pico_rss_mb(pid: int | str = "self") -> float:
    """VmHWM (pico de memória residente) lido de /proc, em MB."""
    with contextlib.suppress(FileNotFoundError, ProcessLookupError):
        for linha in Path(f"/proc/{pid}/status").read_text().splitlines():
            if linha.startswith("VmHWM:"):
                return int(linha.split()[1]) / 1024
    return 0.0


def _filho(medir: Any, saida: Any) -> None:
    """Mede num processo recém-criado (as medições não usam o banco)."""
    cpu = time.process_time()
    segundos = medir()
    saida.send((segundos, time.process_time() - cpu, _pico_rss_mb()))
    saida.close()


def _cpu_s(pid: int) -> float:
    """Tempo de CPU (usuário + sistema) de um processo, de /proc/<pid>/stat."""
    with contextlib.suppress(FileNotFoundError, ProcessLookupError):
        campos = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(campos[11]) + int(campos[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _em_processo_novo(contexto: Any, medir: Any) -> tuple[float, float, float]:
    receber, enviar = contexto.Pipe(duplex=False)
    processo = contexto.Process(target=_filho, args=(medir, enviar))
    processo.start()
    resultado = receber.recv()
    processo.join()
    return resultado


def _conteudo(aprovados: int, vagas: int) -> dict[str, Any]:
    """Conteúdo de versão (docs/resultado.md) com ``aprovados`` distribuídos em ``vagas``."""
    lista_vagas = []
    por_vaga = aprovados // vagas
    for v in range(vagas):
        classificacao = [
            {
                "posicao": i,
                "inscricao": f"2026{v:02d}{i:06d}",
                "nome": f"Candidata {v}-{i} de Souza Oliveira",
                "nota_final": f"{10 - i / por_vaga * 5:.3f}",
                "listas": ["negros"] if i % 3 == 0 else [],
            }
            for i in range(1, por_vaga + 1)
        ]
        lista_vagas.append(
            {
                "codigo": f"V{v:02d}",
                "area": "Direito",
                "municipio": "Brasília",
                "uf": "DF",
                "ofertadas": 20,
                "reservadas": {"negros": 6},
                "classificacao": classificacao,
                "lista_negros": [c["inscricao"] for c in classificacao if c["listas"]],
                "lista_pcd": [],
                "convocacao": [
                    {
                        "ordem": c["posicao"],
                        "inscricao": c["inscricao"],
                        "nome": c["nome"],
                        "modalidade": "AC",
                        "explicacao": "",
                    }
                    for c in classificacao[:20]
                ],
                "explicacoes": {},
            }
        )
    return {
        "formato": 1,
        "selecao": {"id": 0, "numero_edital": "1/2026", "titulo": "Benchmark", "orgao": "B"},
        "tipo": "final",
        "numero": 1,
        "publicado_em": "2026-11-29T14:00:00-03:00",
        "motivo": "",
        "reserva": {"aplicavel": True, "motivo": "Benchmark."},
        "vagas": lista_vagas,
    }


def _versao_em_memoria(conteudo: dict[str, Any]) -> Any:
    from django.utils import timezone

    from candidatos.models import ResultadoVersao
    from selecoes.canonico import hash_conteudo
    from selecoes.models import Orgao, Selecao

    selecao = Selecao(orgao=Orgao(nome="Órgão de benchmark", sigla="BENCH"), titulo="Benchmark")
    selecao.numero_edital = "1/2026"
    return ResultadoVersao(
        selecao=selecao,
        tipo="final",
        numero=1,
        publicado_em=timezone.now(),
        conteudo=conteudo,
        hash_conteudo=hash_conteudo(conteudo),
    )


def _lista_em_blocos() -> float:
    """O caminho de ``services.gerar`` para o tipo resultado, sem o banco."""
    from django.conf import settings
    from django.template.loader import render_to_string

    from candidatos.conteudo_resultado import ConteudoResultado
    from relatorios.documentos import construtores as documentos
    from relatorios.documentos import pdf

    conteudo = _conteudo(APROVADOS_5000, 1)
    inicio = time.perf_counter()
    versao = _versao_em_memoria(conteudo)
    html = render_to_string(
        "relatorios/pdf/resultado.html",
        {
            "versao": versao,
            "selecao": versao.selecao,
            "orgao": versao.selecao.orgao,
            "reserva": conteudo["reserva"],
            "secoes": documentos.secoes_resultado(ConteudoResultado.from_json(conteudo)),
            "primeira_parte": True,
            "titulo": "Resultado final",
            "numerar_paginas": True,
            "sistema_nome": settings.SISTEMA_NOME,
        },
    )
    pdf.renderizar(html)
    return time.perf_counter() - inicio


def _lista_em_tabela() -> float:
    """A mesma lista como ``<table>`` ingênua (uma linha de tabela por candidato)."""
    from django.template.loader import render_to_string
    from django.utils.html import format_html, format_html_join

    from relatorios.documentos import pdf

    conteudo = _conteudo(APROVADOS_5000, 1)
    inicio = time.perf_counter()
    vaga = conteudo["vagas"][0]
    linhas = format_html_join(
        "",
        "<tr><td>{}º</td><td>{}</td><td>{}</td><td>{}</td></tr>",
        ((c["posicao"], c["inscricao"], c["nota_final"], c["nome"]) for c in vaga["classificacao"]),
    )
    negros = format_html_join(
        "", "<tr><td>{}º</td><td>{}</td></tr>", enumerate(vaga["lista_negros"], 1)
    )
    estilo = render_to_string("relatorios/pdf/estilo.css", {"numerar_paginas": True})
    html = format_html(
        '<html lang="pt-BR"><head><title>Tabela</title><style>{}</style></head><body>'
        "<table><thead><tr><th>Posição</th><th>Inscrição</th><th>Nota</th><th>Nome</th>"
        "</tr></thead><tbody>{}</tbody></table>"
        "<table><thead><tr><th>Ordem</th><th>Inscrição</th></tr></thead><tbody>{}</tbody>"
        "</table></body></html>",
        estilo,
        linhas,
        negros,
    )
    pdf.renderizar(str(html))
    return time.perf_counter() - inicio


def _anexo() -> float:
    from django.conf import settings
    from django.template.loader import render_to_string

    from relatorios.documentos import construtores as documentos
    from relatorios.documentos import pdf
    from selecoes.models import Orgao, Selecao, VagaEstagio
    from selecoes.selectors.quadro import quadro_reserva_de_dados

    selecao = Selecao(
        orgao=Orgao(nome="Órgão de benchmark", sigla="BENCH"),
        titulo="Benchmark",
        numero_edital="1/2026",
        reserva_pcd=True,
        percentual_pcd=Decimal("10"),
    )
    vagas = [
        VagaEstagio(
            codigo=f"V{i:02d}",
            area="Direito",
            municipio="Brasília",
            uf="DF",
            vagas_ofertadas=i % 7 + 1,
        )
        for i in range(20)
    ]
    inicio = time.perf_counter()
    quadro = quadro_reserva_de_dados(
        data_publicacao=date(2026, 3, 2),
        vagas=vagas,
        reserva_pcd=True,
        percentual_pcd=Decimal("10"),
        sequencia_explicita=None,
        posicoes=30,
    )
    html = render_to_string(
        "relatorios/pdf/anexo_edital.html",
        {
            "selecao": selecao,
            "orgao": selecao.orgao,
            "versao": None,
            "quadro": quadro,
            "linhas": [
                documentos._linha_anexo(linha, quadro.categorias) for linha in quadro.linhas
            ],
            "totais_reservadas": [quadro.total_reservadas.get(c, 0) for c in quadro.categorias],
            "desempate": ["Maior nota final", "Maior idade"],
            "titulo": "Anexo do edital",
            "numerar_paginas": True,
            "sistema_nome": settings.SISTEMA_NOME,
        },
    )
    pdf.renderizar(html)
    return time.perf_counter() - inicio


# --- Do pedido ao arquivo, com worker Celery real ----------------------------------------


def _filhos(pid: int) -> list[int]:
    with contextlib.suppress(FileNotFoundError):
        texto = Path(f"/proc/{pid}/task/{pid}/children").read_text()
        return [int(p) for p in texto.split()]
    return []


def _descendentes(pid: int) -> list[int]:
    """Filhos, netos…: os processos do pool e os que eles criam (a junção)."""
    encontrados = []
    pendentes = _filhos(pid)
    while pendentes:
        filho = pendentes.pop()
        encontrados.append(filho)
        pendentes.extend(_filhos(filho))
    return encontrados


#: Linha que ``services.juntar_partes`` registra com o pico do processo da junção.
_LOG_JUNCAO = re.compile(r"pico de memória do processo da junção: ([0-9.]+) MB")


@contextlib.contextmanager
def _worker() -> Iterator[subprocess.Popen]:
    """``celery worker --concurrency 2`` (como no Procfile), encerrado pelo próprio id.

    O log (nível INFO, num arquivo temporário em ``worker.arquivo_log``) traz o pico de
    memória de cada processo da junção, que vive pouco para a amostragem de /proc.
    """
    from config.celery import app

    descritor, nome_log = tempfile.mkstemp(prefix="bench-worker-", suffix=".log")
    os.close(descritor)
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "--quiet",
            "-A",
            "config",
            "worker",
            "--pool",
            "prefork",
            "--concurrency",
            "2",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel",
            "INFO",
            "--logfile",
            nome_log,
        ],
        cwd=RAIZ,
        env={**os.environ, "LOG_LEVEL": "WARNING"},
        stdout=subprocess.DEVNULL,
    )
    worker.arquivo_log = Path(nome_log)  # type: ignore[attr-defined]
    try:
        _esperar(lambda: bool(app.control.ping(timeout=0.5)), 60)
        yield worker
    finally:
        worker.send_signal(signal.SIGTERM)
        try:
            worker.wait(60)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(10)
        Path(nome_log).unlink(missing_ok=True)


class Amostrador:
    """Pico de RSS (VmHWM) e CPU de cada processo do worker e dos seus descendentes
    (os processos da junção), lidos de /proc; o pico de cada processo da junção vem
    também do log do worker (``juncoes_mb``), medido por ele mesmo ao terminar.

    Um processo substituído (``max_memory_per_child``) deixa a última leitura feita.
    """

    def __init__(self, worker: subprocess.Popen) -> None:
        self.worker = worker
        self.base = {filho: _cpu_s(filho) for filho in _descendentes(worker.pid)}
        self.filhos_diretos: set[int] = set()
        self.picos: dict[int, float] = {}
        self.cpu: dict[int, float] = {}
        self.juncoes_mb: list[float] = []

    def amostrar(self) -> None:
        log = getattr(self.worker, "arquivo_log", None)
        if log is not None and log.exists():
            texto = log.read_text(errors="replace")
            self.juncoes_mb = [float(m[1]) for m in _LOG_JUNCAO.finditer(texto)]
        self.filhos_diretos.update(_filhos(self.worker.pid))
        for filho in _descendentes(self.worker.pid):
            self.picos[filho] = max(self.picos.get(filho, 0.0), _pico_rss_mb(filho))
            self.cpu[filho] = max(self.cpu.get(filho, 0.0), _cpu_s(filho))

    @property
    def pico_worker_mb(self) -> float:
        """Maior pico entre os processos do pool do worker (sem os da junção)."""
        return max((self.picos[p] for p in self.filhos_diretos if p in self.picos), default=0.0)

    @property
    def pico_juncao_mb(self) -> float:
        outros = [mb for p, mb in self.picos.items() if p not in self.filhos_diretos]
        return max([*outros, *self.juncoes_mb], default=0.0)

    @property
    def pico_mb(self) -> float:
        """O maior pico de qualquer processo envolvido: a meta é por processo."""
        return max(self.pico_worker_mb, self.pico_juncao_mb)

    @property
    def cpu_maior_processo_s(self) -> float:
        """CPU do processo mais ocupado: o relógio numa máquina quieta não fica abaixo dela."""
        return max((cpu - self.base.get(pid, 0.0) for pid, cpu in self.cpu.items()), default=0.0)

    @property
    def cpu_s(self) -> float:
        return sum(cpu - self.base.get(pid, 0.0) for pid, cpu in self.cpu.items())


def _lista_com_worker(
    worker: subprocess.Popen, aprovados: int, vagas: int
) -> tuple[float, Amostrador]:
    from django.db import transaction

    from candidatos.models import ResultadoVersao
    from relatorios.documentos import services
    from relatorios.models import Documento, StatusDocumento
    from selecoes.canonico import hash_conteudo
    from selecoes.models import Orgao, Selecao

    selecao = None
    amostras = Amostrador(worker)
    try:
        conteudo = _conteudo(aprovados, vagas)
        with transaction.atomic():
            orgao, _ = Orgao.objects.get_or_create(
                sigla="BENCH-PDF", defaults={"nome": "Benchmark", "cnpj": "99999999000191"}
            )
            selecao = Selecao.objects.create(
                orgao=orgao,
                titulo="Benchmark",
                numero_edital=f"{time.time_ns()}/2026",
                data_publicacao_edital="2026-03-02",
                inscricoes_inicio="2026-03-02T00:00Z",
                inscricoes_fim="2026-03-20T00:00Z",
                situacao="resultado_final",
            )
        versao = ResultadoVersao.objects.create(
            selecao=selecao,
            tipo="final",
            numero=1,
            conteudo=conteudo,
            hash_conteudo=hash_conteudo(conteudo),
        )
        # A mesma reação que a publicação dispara (evento resultado_publicado).
        services.ao_publicar_resultado(versao_id=versao.pk)

        def pronto() -> bool:
            amostras.amostrar()
            documento = Documento.objects.filter(chave=f"resultado:{versao.pk}").first()
            if documento and documento.status == StatusDocumento.ERRO:
                raise RuntimeError(documento.mensagem_erro)
            return bool(documento and documento.status == StatusDocumento.PRONTO)

        _esperar(pronto, 600)
        pronto()
        documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
        # Do pedido (feito no commit da versão) ao arquivo pronto, pelos carimbos do banco.
        segundos = (documento.gerado_em - documento.solicitado_em).total_seconds()
    finally:
        if selecao is not None:
            # Os PDFs (dezenas de MB) saem do disco. A seleção do órgão BENCH-PDF e sua
            # versão ficam: a trilha de auditoria é somente de acréscimo (gatilho no
            # PostgreSQL) e as referencia; o banco do benchmark é descartável.
            for documento in Documento.objects.filter(selecao=selecao):
                documento.arquivo.delete(save=False)
    return segundos, amostras


def _esperar(condicao: Any, limite: float) -> None:
    fim = time.monotonic() + limite
    while time.monotonic() < fim:
        if condicao():
            return
        time.sleep(0.25)
    raise TimeoutError("Tempo esgotado no benchmark de PDF.")
