"""Painel do RH de uma seleção nacional: 300 vagas, uma delas com 100.000 aprovados.

Mede, no processo (``django.test.Client``, sem a rede), com o cache do Redis
configurado (``REDIS_URL``) e o resultado final publicado:

* ``painel_100k_p95_ms``: o painel da seleção (página 1 das vagas), meta ≤ 300;
* ``vaga_100k_p95_ms``: a página da vaga grande (listas e ordem de convocação),
  alternando listas e páginas, meta ≤ 300;
* ``convocar_10_100k_ms``: "Convocar próximos 10" (o POST inteiro: trava da vaga,
  motor, 10 convocações, auditoria, e-mails enfileirados), o pior de
  ``CONVOCACOES`` rodadas, cada uma depois de uma visita à página (como o RH
  faz), meta ≤ 500;
* ``vaga_100k_apos_mudanca_ms`` (informativo): a primeira visita à página da vaga
  depois de uma mudança de entrada, que recalcula a vaga (sem meta).

Os dados entram por ``COPY`` no PostgreSQL (``bulk_create`` no SQLite); o
resultado final é montado pelo motor como nos testes (``tests.publico.factories``).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import time
import uuid
from decimal import Decimal
from typing import Any

CANDIDATOS = int(os.environ.get("BENCH_PAINEL_CANDIDATOS", "100000"))
VAGAS = 300
POR_VAGA_PEQUENA = 20
AMOSTRAS = 40
CONVOCACOES = 5


def _copiar(tabela: str, colunas: list[str], linhas: list[tuple[Any, ...]]) -> None:
    """``COPY`` no PostgreSQL; ``executemany`` nos outros bancos."""
    from django.db import connection

    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {tabela} ({', '.join(colunas)}) FROM STDIN") as copia:
                for linha in linhas:
                    copia.write_row(linha)
        else:
            marcas = ", ".join(["%s"] * len(colunas))
            cursor.executemany(
                f"INSERT INTO {tabela} ({', '.join(colunas)}) VALUES ({marcas})",  # noqa: S608
                linhas,
            )


def _semear() -> dict[str, Any]:
    """Seleção publicada (resultado final) com 300 vagas; a primeira tem ``CANDIDATOS``."""
    from django.utils import timezone

    from candidatos.models import CorRaca, Inscricao
    from selecoes.models import Lotacao, NivelEnsino, Orgao, Papel, Selecao, VagaEstagio
    from tests.factories import UserFactory
    from tests.publico.factories import publicar_versao, selecao_publicar

    sorteio = random.Random(9427)
    agora = timezone.now()
    # Sigla e CNPJ só deste benchmark: o banco descartável é comum a todos os de uma rodada.
    orgao = Orgao.objects.create(
        sigla="BENCH-PAINEL", nome="Órgão de Benchmark (painel)", cnpj="22552255000108"
    )
    selecao = selecao_publicar(
        Selecao.objects.create(
            orgao=orgao,
            titulo="Seleção nacional (benchmark do painel)",
            numero_edital="PAINEL-1/2026",
            data_publicacao_edital=dt.date(2026, 3, 2),
            inscricoes_inicio=agora - dt.timedelta(days=40),
            inscricoes_fim=agora - dt.timedelta(days=20),
            reserva_pcd=True,
            criterios_desempate=[{"criterio": "maior_nota"}, {"criterio": "data_inscricao"}],
        )
    )
    vagas = VagaEstagio.objects.bulk_create(
        VagaEstagio(
            selecao=selecao,
            codigo="GRANDE" if i == 0 else f"V{i:03d}",
            area=f"Área {i}",
            nivel=NivelEnsino.SUPERIOR,
            municipio="Brasília",
            uf="DF",
            valor_bolsa=Decimal("1000"),
            vagas_ofertadas=200 if i == 0 else sorteio.randint(1, 6),
            ordem=i,
        )
        for i in range(VAGAS)
    )
    base = agora - dt.timedelta(days=30)
    linhas_inscricao = []
    por_vaga: dict[int, list[Inscricao]] = {v.pk: [] for v in vagas}
    n = 0
    for indice, vaga in enumerate(vagas):
        quantos = CANDIDATOS if indice == 0 else POR_VAGA_PEQUENA
        for _ in range(quantos):
            negra = sorteio.random() < 0.35
            pcd = sorteio.random() < 0.05
            numero = f"P{n:09d}"
            nome = f"Candidata Benchmark {n}"
            linhas_inscricao.append(
                (
                    selecao.pk,
                    vaga.pk,
                    numero,
                    "X",
                    nome,
                    "",
                    f"{n:011d}",
                    dt.date(2000, 1, 1) + dt.timedelta(days=n % 3000),
                    f"p{n}@exemplo.com",
                    "",
                    "UnB",
                    "Direito",
                    "5º",
                    CorRaca.PARDA if negra else CorRaca.BRANCA,
                    negra,
                    pcd,
                    pcd,
                    "",
                    "[]",
                    base,
                    "ativa",
                    "online",
                    base + dt.timedelta(seconds=n),
                    base,
                )
            )
            por_vaga[vaga.pk].append(
                Inscricao(numero=numero, nome_civil=nome, concorre_negros=negra, concorre_pcd=pcd)
            )
            n += 1
    _copiar(
        "candidatos_inscricao",
        [
            "selecao_id",
            "vaga_id",
            "numero",
            "codigo_verificacao",
            "nome_civil",
            "nome_social",
            "cpf",
            "data_nascimento",
            "email",
            "telefone",
            "instituicao_ensino",
            "curso",
            "periodo_curso",
            "cor_raca",
            "concorre_negros",
            "pcd",
            "concorre_pcd",
            "laudo_pcd",
            "concorre_categorias",
            "termo_aceito_em",
            "situacao",
            "origem",
            "criada_em",
            "atualizada_em",
        ],
        linhas_inscricao,
    )
    ids = dict(Inscricao.objects.filter(selecao=selecao).values_list("numero", "pk"))
    # Nota estritamente decrescente na ordem de criação: a classificação é a da lista.
    _copiar(
        "candidatos_avaliacao",
        ["inscricao_id", "situacao", "notas", "nota_final", "atualizada_em"],
        [
            (ids[ins.numero], "aprovado", "{}", Decimal(CANDIDATOS + 1000 - i) / 1000, base)
            for inscricoes in por_vaga.values()
            for i, ins in enumerate(inscricoes)
        ],
    )
    publicar_versao(selecao, [(v, por_vaga[v.pk]) for v in vagas])
    gestor = UserFactory(username="gestora-bench")
    Lotacao.objects.create(usuario=gestor, orgao=orgao, papel=Papel.GESTOR)
    return {"selecao": selecao, "vaga": vagas[0], "gestor": gestor}


def _p95(valores: list[float]) -> float:
    return statistics.quantiles(valores, n=100)[94] if len(valores) > 1 else valores[0]


def _get(cliente: Any, url: str, **params: Any) -> float:
    inicio = time.perf_counter()
    resposta = cliente.get(url, params)
    duracao = (time.perf_counter() - inicio) * 1000
    if resposta.status_code != 200:
        raise RuntimeError(f"{url} respondeu {resposta.status_code}")
    return duracao


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("CACHE_KEY_PREFIX", f"bench-painel-{uuid.uuid4().hex[:8]}")
    import django

    django.setup()
    from django.conf import settings
    from django.test import Client
    from django.test.utils import override_settings
    from django.urls import reverse
    from django.utils import timezone

    from candidatos import tasks
    from candidatos.models import Convocacao

    tasks.enviar_email_convocacao.delay = lambda *a, **k: None  # type: ignore[method-assign]
    inicio = time.perf_counter()
    print(f"    semeando {CANDIDATOS} candidatos em {VAGAS} vagas…", flush=True)
    dados = _semear()
    print(f"    dados prontos em {time.perf_counter() - inicio:.1f} s", flush=True)
    selecao, vaga = dados["selecao"], dados["vaga"]
    cache = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    with override_settings(ALLOWED_HOSTS=["*"]):
        cliente = Client()
        cliente.force_login(dados["gestor"])
        url_painel = reverse("classificacao:painel", args=[selecao.pk])
        url_vaga = reverse("classificacao:vaga", args=[vaga.pk])
        url_convocar = reverse("classificacao:convocar", args=[vaga.pk])
        frio = _get(cliente, url_vaga)
        print(f"    primeira visita à vaga (cache vazio): {frio:.0f} ms", flush=True)
        painel = [_get(cliente, url_painel) for _ in range(AMOSTRAS)]
        listas = ["geral", "negros", "pcd"]
        vaga_ms = [
            _get(cliente, url_vaga, lista=listas[i % 3], page=1 + (i * 37) % 200)
            for i in range(AMOSTRAS)
        ]
        convocar, depois = [], []
        for _ in range(CONVOCACOES):
            _get(cliente, url_vaga)
            chave = str(uuid.uuid4())
            antes = Convocacao.objects.filter(vaga=vaga).count()
            prazo = timezone.localtime() + dt.timedelta(days=5)
            t0 = time.perf_counter()
            resposta = cliente.post(
                url_convocar,
                {
                    "quantidade": 10,
                    "prazo_resposta": prazo.strftime("%Y-%m-%dT%H:%M"),
                    "chave": chave,
                },
            )
            convocar.append((time.perf_counter() - t0) * 1000)
            if resposta.status_code != 302 or Convocacao.objects.filter(vaga=vaga).count() != (
                antes + 10
            ):
                raise RuntimeError("a convocação de 10 não aconteceu")
            depois.append(_get(cliente, url_vaga))
    figuras = {
        "painel_100k_p95_ms": round(_p95(painel), 1),
        "vaga_100k_p95_ms": round(_p95(vaga_ms), 1),
        "convocar_10_100k_ms": round(max(convocar), 1),
        "vaga_100k_apos_mudanca_ms": round(statistics.median(depois), 1),
    }
    print(
        f"    cache {cache}; painel mediana {statistics.median(painel):.0f} ms "
        f"(as 3 piores: {', '.join(f'{x:.0f}' for x in sorted(painel)[-3:])}); "
        f"vaga mediana {statistics.median(vaga_ms):.0f} ms; convocar 10: "
        + ", ".join(f"{c:.0f}" for c in convocar)
        + " ms; vaga depois de convocar: "
        + ", ".join(f"{c:.0f}" for c in depois)
        + f" ms; carga {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    return figuras


if __name__ == "__main__":
    print(executar())
