"""Benchmark de uma seleção nacional de ponta a ponta: 300 vagas, 100.000 inscrições.

- ``nacional_publicacao_s``: publicação do resultado final (``resultado_publicar``,
  o que a tarefa executa), com as reações depois do commit (os 301 pedidos de PDF).
  O preliminar é publicado antes, fora da medição, com o prazo de recurso já vencido.
- ``nacional_pdfs_s``: todos os PDFs do resultado final, o da versão (todas as
  vagas, em partes paralelas) e o de cada uma das 300 vagas, do primeiro pedido ao
  último arquivo pronto (carimbos ``solicitado_em`` e ``gerado_em`` do banco), com
  um worker Celery real de 2 processos (como no Procfile).
- ``nacional_pdf_rss_mb``: o maior pico de memória residente (VmHWM) entre TODOS
  os processos envolvidos (a meta é por processo): os do pool do worker e os da
  junção das partes, que cada processo do pool cria (``relatorios.documentos.juncao``).
  Os do pool e os seus descendentes são lidos de /proc a cada 0,25 s; cada processo
  da junção também lê o próprio VmHWM ao terminar, e o worker o registra no log.
  ``nacional_pdf_rss_worker_mb`` e ``nacional_pdf_rss_juncao_mb`` separam os dois.
- ``*_cpu_s``: CPU gasta (na publicação, a deste processo; nos PDFs, a soma dos
  processos do worker); ``nacional_pdfs_cpu_maior_processo_s``: a do processo mais
  ocupado, piso do relógio numa máquina quieta.

Os dados ficam no banco descartável de ``python -m bench`` (a publicação precisa
do commit para o worker, em outro processo, ler a versão). Metas (issue 22, item 3):
publicação ≤ 15 s, PDFs ≤ 5 min, memória ≤ 500 MB por processo do worker.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import time

CANDIDATOS = 100_000
VAGAS = 300


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.utils import timezone

    from bench import pdf as bench_pdf
    from bench.publicacao import _montar
    from candidatos.models import TipoResultado
    from candidatos.services.resultado import resultado_publicar
    from config.celery import app
    from relatorios.documentos import services as documentos
    from relatorios.models import Documento, StatusDocumento

    agora = timezone.now().replace(microsecond=0)
    antes = agora - dt.timedelta(days=5)
    print(f"    montando {CANDIDATOS} inscrições em {VAGAS} vagas…", flush=True)
    selecao = _montar(random.Random(9427), candidatos=CANDIDATOS, vagas_total=VAGAS, agora=antes)
    resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=None,
        motivo="",
        recurso_inicio=antes,
        recurso_fim=antes + dt.timedelta(days=2),
        agora=antes,
    )
    # Os PDFs do preliminar não entram na medição: saem da fila antes do worker subir.
    app.control.purge()
    Documento.objects.filter(selecao=selecao).update(
        status=StatusDocumento.ERRO, mensagem_erro="Fora do benchmark."
    )
    # O tempo dos 300 pedidos de PDF por vaga (reação depois do commit), à parte.
    pedidos = {"s": 0.0}
    original = documentos.resultado_vagas_solicitar

    def medir_pedidos(**kwargs):  # type: ignore[no-untyped-def]
        comeco = time.perf_counter()
        try:
            return original(**kwargs)
        finally:
            pedidos["s"] += time.perf_counter() - comeco

    documentos.resultado_vagas_solicitar = medir_pedidos
    with bench_pdf._worker() as worker:
        amostras = bench_pdf.Amostrador(worker)
        inicio, cpu = time.perf_counter(), time.process_time()
        versao = resultado_publicar(
            selecao=selecao,
            tipo=TipoResultado.FINAL,
            usuario=None,
            motivo="",
            agora=agora,
        )
        publicacao = time.perf_counter() - inicio
        publicacao_cpu = time.process_time() - cpu
        documentos = Documento.objects.filter(parametros__versao=versao.pk)
        total = documentos.count()
        assert total == VAGAS + 1, total

        def prontos() -> bool:
            amostras.amostrar()
            if documentos.filter(status=StatusDocumento.ERRO).exists():
                erro = documentos.filter(status=StatusDocumento.ERRO).first()
                raise RuntimeError(erro.mensagem_erro if erro else "erro")
            return documentos.filter(status=StatusDocumento.PRONTO).count() == total

        bench_pdf._esperar(prontos, 900)
        prontos()
    primeiro = min(d.solicitado_em for d in documentos)
    ultimo = max(d.gerado_em for d in documentos if d.gerado_em)
    pdfs = (ultimo - primeiro).total_seconds()
    for documento in documentos:
        documento.arquivo.delete(save=False)
    carga = os.getloadavg()[0]
    print(
        f"    publicação {publicacao:.2f} s (CPU {publicacao_cpu:.2f} s); {total} PDFs em "
        f"{pdfs:.1f} s (CPU dos processos {amostras.cpu_s:.1f} s, pico "
        f"{amostras.pico_mb:.0f} MB: worker {amostras.pico_worker_mb:.0f} MB, junção "
        f"{amostras.pico_juncao_mb:.0f} MB em {len(amostras.juncoes_mb)} junção(ões) no log); "
        f"carga {carga:.1f}",
        flush=True,
    )
    return {
        "nacional_publicacao_s": round(publicacao, 2),
        "nacional_publicacao_cpu_s": round(publicacao_cpu, 2),
        "nacional_publicacao_pedidos_pdf_s": round(pedidos["s"], 2),
        "nacional_pdfs_s": round(pdfs, 2),
        "nacional_pdfs_cpu_s": round(amostras.cpu_s, 2),
        "nacional_pdfs_cpu_maior_processo_s": round(amostras.cpu_maior_processo_s, 2),
        "nacional_pdf_rss_mb": round(amostras.pico_mb, 1),
        "nacional_pdf_rss_worker_mb": round(amostras.pico_worker_mb, 1),
        "nacional_pdf_rss_juncao_mb": round(amostras.pico_juncao_mb, 1),
    }


if __name__ == "__main__":
    print(executar())
