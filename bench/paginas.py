"""Página pública de resultado sob carga: vaga com 10.000 candidatos, página 50.

Sobe o gunicorn em 127.0.0.1 com um banco próprio (criado e apagado aqui), aquece o
cache e mede com o ``wrk`` (ou, sem ele, com um gerador de carga em Python) a página
de resultado e uma view Django trivial, alternando as duas na mesma execução.

Figuras: ``pagina_resultado_p95_ms`` (meta ≤ 100) e ``pagina_resultado_razao_trivial``
(requisições/s da página ÷ as da view trivial; meta ≥ 0,60). De apoio,
``pagina_resultado_aviso_p99_ms``: quanto tempo, depois de outro processo avançar a
geração de uma seleção (``INCR`` e aviso no canal, como ``avancar_geracao``), algum
worker do gunicorn ainda responde com o número antigo (``selecoes/geracoes_locais.py``).
"""

from __future__ import annotations

import http.client
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote

RAIZ = Path(__file__).resolve().parent.parent
CANDIDATOS = 10_000
PAGINA = 50
WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))
CONEXOES = int(os.environ.get("BENCH_CONEXOES", "8"))
SEGUNDOS = int(os.environ.get("BENCH_SEGUNDOS", "8"))
RODADAS = 2
URL_TRIVIAL = "/bench/trivial/"
URL_GERACAO = "/bench/geracao/"
NOME_GERACAO = "bench:aviso"
AVISOS = 200
JANELA_AVISO_S = 0.25

SCRIPT_WRK = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"p95_us": %d, "requisicoes": %d, "duracao_us": %d, "erros": %d}\\n',
    latency:percentile(95), summary.requests, summary.duration,
    e.connect + e.read + e.write + e.status + e.timeout))
end
"""


# --------------------------------------------------------------- lado do servidor


def _trivial(request: Any) -> Any:
    from django.http import HttpResponse

    return HttpResponse("ok")


def _geracao(request: Any) -> Any:
    """A geração que este worker usaria agora numa página pública (a guardada, se houver)."""
    from django.http import HttpResponse

    from selecoes import cache as cache_compartilhado

    return HttpResponse(str(cache_compartilhado.geracao(NOME_GERACAO)))


def __getattr__(nome: str) -> Any:
    """``urlpatterns`` preguiçoso: as rotas do sistema mais a view trivial de referência."""
    if nome == "urlpatterns":
        from django.urls import include, path

        return [
            path(URL_TRIVIAL.strip("/") + "/", _trivial),
            path(URL_GERACAO.strip("/") + "/", _geracao),
            path("", include("config.urls")),
        ]
    raise AttributeError(nome)


def aplicacao() -> Any:
    """Fábrica WSGI do gunicorn: o sistema de sempre, com a view trivial ao lado."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings

    django.setup()
    settings.ROOT_URLCONF = "bench.paginas"
    from django.core.wsgi import get_wsgi_application

    return get_wsgi_application()


# --------------------------------------------------------------- dados


def _semear() -> str:
    """Seleção publicada com uma vaga de 10.000 aprovados e 50 convocações; devolve a URL."""
    from django.urls import reverse

    from candidatos.models import SituacaoConvocacao
    from selecoes.models import Orgao
    from tests.factories import SelecaoFactory, VagaEstagioFactory
    from tests.publico.factories import (
        convocar,
        criar_inscricoes_em_massa,
        publicar_versao,
        selecao_publicar,
    )

    orgao = Orgao.objects.create(sigla="BENCH", nome="Órgão de Benchmark", cnpj="11222333000181")
    selecao = selecao_publicar(SelecaoFactory(orgao=orgao, reserva_pcd=False))
    vaga = VagaEstagioFactory(
        selecao=selecao, codigo="GRANDE", vagas_ofertadas=40, vagas_surgidas=10
    )
    inscricoes = criar_inscricoes_em_massa(vaga, CANDIDATOS)
    versao = publicar_versao(selecao, [(vaga, inscricoes)])
    por_numero = {i.numero: i for i in inscricoes}
    estados = list(SituacaoConvocacao)
    for n, item in enumerate(versao.conteudo["vagas"][0]["convocacao"]):
        convocar(
            por_numero[item["inscricao"]],
            ordem=item["ordem"],
            modalidade=item["modalidade"],
            situacao=estados[n % len(estados)],
        )
    url = reverse("publico:resultado_vaga", args=[selecao.pk, "atual", vaga.codigo])
    return f"{url}?page={PAGINA}"


def _medir_consulta(amostras: int = 200) -> str:
    """Minha situação: tempo de "não existe" e de "CPF errado" (devem ser parecidos)."""
    from django.test import Client
    from django.urls import reverse

    from candidatos.models import Inscricao
    from tests.factories import gerar_cpf

    cliente = Client(HTTP_HOST="127.0.0.1")
    url = reverse("publico:minha_situacao")
    numeros = list(Inscricao.objects.values_list("numero", flat=True)[: amostras + 20])
    tempos: dict[str, list[float]] = {"nao_existe": [], "cpf_errado": []}
    for n, numero in enumerate(numeros):
        # IPs e inscrições diferentes a cada tentativa: o limite por minuto não interfere.
        casos = {
            "nao_existe": {"numero": f"X{n:09d}", "cpf": gerar_cpf(n)},
            "cpf_errado": {"numero": numero, "cpf": gerar_cpf(n)},
        }
        for nome, dados in casos.items():
            inicio = time.perf_counter()
            resposta = cliente.post(url, dados, REMOTE_ADDR=f"10.9.{n // 250}.{n % 250}")
            duracao = time.perf_counter() - inicio
            if "Não encontramos uma inscrição" not in resposta.content.decode():
                raise RuntimeError("a consulta deveria falhar")
            if n >= 20:  # as primeiras aquecem o processo
                tempos[nome].append(duracao * 1000)
    medianas = {nome: statistics.median(valores) for nome, valores in tempos.items()}
    return (
        f"Minha situação (mediana de {amostras}): não existe {medianas['nao_existe']:.2f} ms, "
        f"CPF errado {medianas['cpf_errado']:.2f} ms"
    )


def _url_do_banco(banco: dict[str, Any]) -> str:
    if "sqlite" in banco["ENGINE"]:
        return f"sqlite:///{banco['NAME']}"
    usuario = quote(banco.get("USER") or "")
    senha = f":{quote(banco['PASSWORD'])}" if banco.get("PASSWORD") else ""
    porta = f":{banco['PORT']}" if banco.get("PORT") else ""
    return f"postgres://{usuario}{senha}@{banco.get('HOST') or ''}{porta}/{banco['NAME']}"


# --------------------------------------------------------------- carga


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(porta: int, caminho: str) -> tuple[int, bytes]:
    conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=30)
    try:
        conexao.request("GET", caminho)
        resposta = conexao.getresponse()
        return resposta.status, resposta.read()
    finally:
        conexao.close()


def _esperar_servidor(porta: int, processo: subprocess.Popen[bytes]) -> None:
    limite = time.monotonic() + 60
    while time.monotonic() < limite:
        if processo.poll() is not None:
            raise RuntimeError("o gunicorn terminou antes de responder")
        try:
            if _get(porta, URL_TRIVIAL)[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("o gunicorn não respondeu em 60 s")


def _medir_wrk(porta: int, caminho: str, script: Path) -> dict[str, float]:
    saida = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{CONEXOES}",
            f"-d{SEGUNDOS}s",
            "-s",
            str(script),
            f"http://127.0.0.1:{porta}{caminho}",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    dados = json.loads(saida.strip().splitlines()[-1])
    if dados["erros"]:
        raise RuntimeError(f"{dados['erros']} respostas com erro em {caminho}")
    return {
        "p95_ms": dados["p95_us"] / 1000,
        "req_s": dados["requisicoes"] / (dados["duracao_us"] / 1_000_000),
    }


def _medir_python(porta: int, caminho: str) -> dict[str, float]:
    """Gerador de carga limitado: CONEXOES conexões persistentes por SEGUNDOS segundos."""
    latencias: list[float] = []
    erros: list[int] = []
    trava = threading.Lock()
    fim = time.perf_counter() + SEGUNDOS

    def trabalhar() -> None:
        conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=30)
        locais = []
        while (inicio := time.perf_counter()) < fim:
            try:
                conexao.request("GET", caminho)
                resposta = conexao.getresponse()
                resposta.read()
                if resposta.status != 200:
                    erros.append(resposta.status)
                if resposta.getheader("Connection", "").lower() == "close":
                    conexao.close()
            except (OSError, http.client.HTTPException):
                conexao.close()
                erros.append(0)
                continue
            locais.append(time.perf_counter() - inicio)
        conexao.close()
        with trava:
            latencias.extend(locais)

    inicio = time.perf_counter()
    threads = [threading.Thread(target=trabalhar) for _ in range(CONEXOES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    duracao = time.perf_counter() - inicio
    if erros:
        raise RuntimeError(f"{len(erros)} respostas com erro em {caminho}")
    return {
        "p95_ms": statistics.quantiles(latencias, n=100)[94] * 1000,
        "req_s": len(latencias) / duracao,
    }


def _rodadas(porta: int, caminho_pagina: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as pasta:
        script = Path(pasta) / "p95.lua"
        script.write_text(SCRIPT_WRK)
        if shutil.which("wrk"):
            gerador = "wrk"

            def medir(caminho: str) -> dict[str, float]:
                return _medir_wrk(porta, caminho, script)
        else:
            gerador = "Python (wrk ausente)"

            def medir(caminho: str) -> dict[str, float]:
                return _medir_python(porta, caminho)

        pagina, trivial = [], []
        for _ in range(RODADAS):
            trivial.append(medir(URL_TRIVIAL))
            pagina.append(medir(caminho_pagina))
    req_pagina = statistics.mean(m["req_s"] for m in pagina)
    req_trivial = statistics.mean(m["req_s"] for m in trivial)
    p95 = max(m["p95_ms"] for m in pagina)
    print(
        f"    gerador: {gerador}; {WORKERS} workers gunicorn, {CONEXOES} conexões, "
        f"{RODADAS}×{SEGUNDOS} s por URL\n"
        f"    página de resultado: {req_pagina:.0f} req/s, p95 {p95:.1f} ms\n"
        f"    view trivial: {req_trivial:.0f} req/s, p95 "
        f"{max(m['p95_ms'] for m in trivial):.1f} ms",
        flush=True,
    )
    return {
        "pagina_resultado_p95_ms": round(p95, 2),
        "pagina_resultado_razao_trivial": round(req_pagina / req_trivial, 3),
    }


def _medir_aviso(porta: int, prefixo: str) -> dict[str, float]:
    """Janela em que algum worker ainda vê a geração antiga depois do aviso de outro nó.

    Antes de cada avanço, pedidos seguidos garantem que os dois workers guardaram o
    número; depois do ``INCR`` e do aviso, pede sem parar por ``JANELA_AVISO_S`` e
    anota o último instante em que alguma resposta trouxe o número antigo.
    """
    import redis
    from django.conf import settings
    from django.core.cache.backends.base import default_key_func

    cliente = redis.Redis.from_url(settings.CACHES["default"]["LOCATION"])
    chave = default_key_func(f"geracao:{NOME_GERACAO}", prefixo, 1)
    canal = default_key_func("avisos:geracoes", prefixo, 1)
    conexao = http.client.HTTPConnection("127.0.0.1", porta, timeout=30)

    def ler() -> int:
        conexao.request("GET", URL_GERACAO, headers={"Connection": "close"})
        corpo = conexao.getresponse().read()
        conexao.close()
        return int(corpo)

    janelas = []
    for _ in range(AVISOS):
        for _ in range(4 * WORKERS):
            ler()
        novo = int(cliente.incr(chave))
        cliente.publish(canal, NOME_GERACAO)
        inicio = time.perf_counter()
        ultimo_velho = inicio
        while (agora := time.perf_counter()) - inicio < JANELA_AVISO_S:
            if ler() != novo:
                ultimo_velho = agora
        janelas.append((ultimo_velho - inicio) * 1000)
    janelas.sort()
    p99 = janelas[max(0, math.ceil(0.99 * len(janelas)) - 1)]
    print(
        f"    aviso de geração ({AVISOS} avanços por outro processo): algum worker ainda "
        f"com o número antigo por até {statistics.median(janelas):.2f} ms (mediana), "
        f"{p99:.2f} ms (p99), {janelas[-1]:.2f} ms (máximo)",
        flush=True,
    )
    return {"pagina_resultado_aviso_p99_ms": round(p99, 2)}


# --------------------------------------------------------------- execução


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection, connections

    banco = settings.DATABASES["default"]
    nome_original = banco["NAME"]
    pasta_sqlite = tempfile.mkdtemp() if "sqlite" in banco["ENGINE"] else None
    banco.setdefault("TEST", {})["NAME"] = (
        str(Path(pasta_sqlite) / "bench_paginas.sqlite3")
        if pasta_sqlite
        else f"{nome_original}_bench_paginas"
    )
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    processo = None
    try:
        print(f"    semeando {CANDIDATOS} candidatos…", flush=True)
        caminho = _semear()
        consulta = _medir_consulta()
        url_banco = _url_do_banco(banco)
        connections.close_all()
        porta = _porta_livre()
        prefixo = f"bench-paginas-{uuid.uuid4().hex[:8]}"
        ambiente = {
            **os.environ,
            "DATABASE_URL": url_banco,
            "DB_CONN_MAX_AGE": "600",
            "CACHE_KEY_PREFIX": prefixo,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(RAIZ),
        }
        processo = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "bench.paginas:aplicacao()",
                "--bind",
                f"127.0.0.1:{porta}",
                "--workers",
                str(WORKERS),
                "--log-level",
                "warning",
            ],
            cwd=RAIZ,
            env=ambiente,
        )
        _esperar_servidor(porta, processo)
        status, corpo = _get(porta, caminho)
        if status != 200 or b"tabela-resultado" not in corpo:
            raise RuntimeError(f"a página de resultado respondeu {status}")
        figuras = _rodadas(porta, caminho)
        if settings.CACHES["default"]["BACKEND"].endswith("RedisCache"):
            figuras |= _medir_aviso(porta, prefixo)
        print(f"    {consulta}", flush=True)
        return figuras
    finally:
        if processo is not None:
            processo.terminate()
            processo.wait(timeout=30)
        connection.creation.destroy_test_db(nome_original, verbosity=0)
        if pasta_sqlite:
            shutil.rmtree(pasta_sqlite, ignore_errors=True)
