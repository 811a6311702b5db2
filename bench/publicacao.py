"""Benchmark da publicação de um resultado: 100.000 candidatos em 20 vagas.

Mede ``resultado_publicar`` (o que a tarefa Celery executa): leitura das
avaliações, desempate, motor de reserva com explicação de cada candidato,
montagem do conteúdo de docs/resultado.md, hash SHA-256 e gravação da versão.
A criação dos dados fica fora da medição e tudo é desfeito no fim (a seleção
de teste vive numa transação revertida). Meta: ≤ 15 s.

Uso: ``python -m bench publicacao`` (banco de ``DATABASE_URL``).
"""

from __future__ import annotations

import datetime as dt
import os
import random
import time
from decimal import Decimal

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.db import transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from candidatos.models import Avaliacao, CorRaca, Inscricao, TipoResultado  # noqa: E402
from candidatos.services.resultado import resultado_publicar  # noqa: E402
from selecoes.models import NivelEnsino, Orgao, Selecao, SituacaoSelecao, VagaEstagio  # noqa: E402

CANDIDATOS = 100_000
VAGAS = 20
META_S = 15.0


class _Reverter(Exception):
    """Desfaz a transação do benchmark."""


def _montar(
    sorteio: random.Random,
    *,
    candidatos: int = CANDIDATOS,
    vagas_total: int = VAGAS,
    sigla: str = "BENCH",
    agora: dt.datetime | None = None,
) -> Selecao:
    """Seleção com ``candidatos`` inscrições aprovadas (nota sorteada) em ``vagas_total``."""
    agora = agora or timezone.now()
    orgao, _ = Orgao.objects.get_or_create(
        sigla=sigla, defaults={"nome": "Órgão do benchmark", "cnpj": "94279427000114"}
    )
    selecao = Selecao.objects.create(
        orgao=orgao,
        titulo="Benchmark de publicação",
        numero_edital=f"BENCH-{agora.timestamp():.0f}",
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=agora - dt.timedelta(days=30),
        inscricoes_fim=agora - dt.timedelta(days=10),
        situacao=SituacaoSelecao.EM_CLASSIFICACAO,
        criterios_desempate=[{"criterio": "maior_nota"}, {"criterio": "data_inscricao"}],
    )
    vagas = VagaEstagio.objects.bulk_create(
        VagaEstagio(
            selecao=selecao,
            codigo=f"V{i:02d}",
            area=f"Área {i}",
            nivel=NivelEnsino.SUPERIOR,
            municipio="Brasília",
            uf="DF",
            valor_bolsa=Decimal("1000"),
            vagas_ofertadas=sorteio.randint(3, 40),
            ordem=i,
        )
        for i in range(vagas_total)
    )
    base = agora - dt.timedelta(days=20)
    inscricoes = []
    for i in range(candidatos):
        negro = sorteio.random() < 0.4
        pcd = sorteio.random() < 0.05
        inscricoes.append(
            Inscricao(
                selecao=selecao,
                vaga=vagas[i % vagas_total],
                numero=f"B{i:09d}",
                codigo_verificacao="X",
                nome_civil=f"Candidata Benchmark {i}",
                cpf=f"{i:011d}",
                data_nascimento=dt.date(2000, 1, 1) + dt.timedelta(days=i % 3000),
                email=f"b{i}@exemplo.com",
                instituicao_ensino="UnB",
                curso="Direito",
                periodo_curso="5º",
                cor_raca=CorRaca.PARDA if negro else CorRaca.BRANCA,
                concorre_negros=negro,
                pcd=pcd,
                concorre_pcd=pcd,
                termo_aceito_em=base,
                criada_em=base + dt.timedelta(seconds=i),
            )
        )
    Inscricao.objects.bulk_create(inscricoes, batch_size=5000)
    Avaliacao.objects.bulk_create(
        (
            Avaliacao(
                inscricao=ins,
                situacao="aprovado",
                notas={},
                nota_final=Decimal(sorteio.randint(0, 10_000)) / 1000,
            )
            for ins in inscricoes
        ),
        batch_size=5000,
    )
    return selecao


def executar() -> dict[str, float]:
    sorteio = random.Random(9427)
    medido = cpu = 0.0
    try:
        with transaction.atomic():
            selecao = _montar(sorteio)
            agora = timezone.now()
            inicio, cpu = time.perf_counter(), time.process_time()
            versao = resultado_publicar(
                selecao=selecao,
                tipo=TipoResultado.PRELIMINAR,
                usuario=None,
                motivo="",
                recurso_inicio=agora,
                recurso_fim=agora + dt.timedelta(days=2),
                agora=agora,
            )
            medido = time.perf_counter() - inicio
            cpu = time.process_time() - cpu
            total = sum(len(v["classificacao"]) for v in versao.conteudo["vagas"])
            assert total == CANDIDATOS, total
            raise _Reverter
    except _Reverter:
        pass
    situacao = "ok" if medido <= META_S else "ACIMA DA META"
    carga = os.getloadavg()[0]
    print(
        f"    publicação de {CANDIDATOS} candidatos em {VAGAS} vagas: {medido:.2f} s "
        f"({situacao}); CPU do processo Python {cpu:.2f} s; carga da máquina {carga:.1f}"
    )
    return {"publicacao_100k_s": round(medido, 2), "publicacao_100k_cpu_s": round(cpu, 2)}


if __name__ == "__main__":
    print(executar())
