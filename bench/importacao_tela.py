"""Importação de 50.000 linhas pela tela: as requisições web só enfileiram (meta ≤ 2 s)
e a tarefa que faz a prévia fica com pico de memória ≤ 300 MB.

- ``importacao_tela_50k_s``: o POST do arquivo (CSV de 50.000 linhas, acima de
  ``IMPORTACAO_ASSINCRONA_KB``) pelo cliente de testes do Django, do envio ao
  redirecionamento para a página de andamento; o broker é trocado por um em
  memória (a mensagem não vai para a fila de ninguém).
- ``importacao_tarefa_50k_s`` / ``importacao_tarefa_50k_rss_mb``: a tarefa
  ``candidatos.analisar_importacao`` rodada num processo novo, como o worker a
  rodaria: tempo e pico de memória residente (VmHWM) desse processo.
- ``importacao_tela_confirmar_50k_s``: o POST da confirmação (só pede a gravação).
- ``importacao_gravacao_50k_s`` / ``importacao_gravacao_50k_rss_mb``: a tarefa
  ``candidatos.confirmar_importacao`` (nova validação e gravação), do mesmo modo.

Precisa do banco (``DATABASE_URL``) migrado: o banco descartável do ``python -m bench``,
e os dados criados somem com ele (a auditoria protege as inscrições de apagamento).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from bench.importacao import _csv, selecao_com_20_vagas

RAIZ = Path(__file__).resolve().parent.parent
QUANTIDADE = 50_000
TIPO_MULTIPART = "multipart/form-data; boundary=LimiteBench"

TAREFA = """
import json, os, sys, time
import django
django.setup()
from candidatos import tasks
inicio = time.perf_counter()
getattr(tasks, sys.argv[1])(*json.loads(sys.argv[2]))
segundos = time.perf_counter() - inicio
pico = 0.0
for linha in open("/proc/self/status"):
    if linha.startswith("VmHWM:"):
        pico = int(linha.split()[1]) / 1024
print(json.dumps({"s": segundos, "rss_mb": pico}))
"""


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.test.client import encode_multipart
    from django.test.utils import setup_test_environment
    from django.urls import reverse
    from django.utils import timezone

    from candidatos.services import importacao, importacao_previa
    from config.celery import app
    from selecoes.models import Lotacao, Orgao, Papel

    setup_test_environment()
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
    app.conf.broker_url = "memory://"
    agora = timezone.now()
    orgao = Orgao.objects.create(nome="Órgão de teste", sigla="BENCHT", cnpj="11444777000161")
    usuario = get_user_model().objects.create_user("bench-importacao", password=None)
    Lotacao.objects.create(usuario=usuario, orgao=orgao, papel=Papel.OPERADOR)
    selecao = selecao_com_20_vagas(orgao, agora, numero="2/2026")
    conteudo = _csv(QUANTIDADE, timezone.localtime(agora - dt.timedelta(days=5)))
    assert len(conteudo) > settings.IMPORTACAO_ASSINCRONA_KB * 1024
    cliente = Client()
    cliente.force_login(usuario)
    arquivo = SimpleUploadedFile("bench.csv", conteudo, content_type="text/csv")
    # O corpo multipart é montado antes: o navegador o montaria, não o servidor.
    corpo = encode_multipart("LimiteBench", {"arquivo": arquivo})
    url = reverse("inscricoes:importar", args=[selecao.pk])
    inicio = time.perf_counter()
    resposta = cliente.post(url, corpo, content_type=TIPO_MULTIPART)
    web = time.perf_counter() - inicio
    assert resposta.status_code == 302, resposta.status_code
    pendente = cliente.session["importacao_pendente"]
    argumentos = [selecao.pk, pendente["token"], pendente["nome"], pendente["agora"]]
    tarefa = _tarefa("analisar_importacao", argumentos)
    previa = importacao_previa.previa_ler(pendente["token"])
    assert previa is not None
    assert previa.valido, previa
    assert previa.a_criar == QUANTIDADE

    inicio = time.perf_counter()
    resposta = cliente.post(
        reverse("inscricoes:importar_confirmar", args=[selecao.pk]),
        {"sha256": previa.sha256, "acao": "todas"},
    )
    web_confirmar = time.perf_counter() - inicio
    assert resposta["Location"] == reverse("inscricoes:importar_andamento", args=[selecao.pk])
    gravacao = _tarefa(
        "confirmar_importacao",
        [
            selecao.pk,
            pendente["token"],
            pendente["nome"],
            previa.sha256,
            False,
            usuario.pk,
            pendente["agora"],
        ],
    )
    resultado = importacao_previa.resultado_ler(pendente["token"])
    assert resultado is not None
    assert resultado["ok"], resultado
    importacao.pendente_apagar(pendente["token"])
    return {
        "importacao_tela_50k_s": round(web, 2),
        "importacao_tarefa_50k_s": round(tarefa["s"], 2),
        "importacao_tarefa_50k_rss_mb": round(tarefa["rss_mb"], 1),
        "importacao_tela_confirmar_50k_s": round(web_confirmar, 2),
        "importacao_gravacao_50k_s": round(gravacao["s"], 2),
        "importacao_gravacao_50k_rss_mb": round(gravacao["rss_mb"], 1),
    }


def _tarefa(nome: str, argumentos: list) -> dict[str, float]:
    """Roda a tarefa num processo novo, como o worker: tempo e pico de RSS (VmHWM)."""
    saida = subprocess.run(
        [sys.executable, "-c", TAREFA, nome, json.dumps(argumentos)],
        cwd=RAIZ,
        env={**os.environ, "PYTHONPATH": str(RAIZ)},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(saida.stdout.strip().splitlines()[-1])
