"""Importação de inscrições: 50.000 linhas validadas e gravadas (meta: ≤ 20 s).

Roda num banco descartável (``bench_<nome>``), criado e apagado aqui. Mede:
- ``importacao_previa_50k_s``: leitura do CSV + validação de todas as linhas (prévia);
- ``importacao_50k_s``: confirmação — nova leitura e validação contra o banco,
  gravação (``COPY`` no PostgreSQL), numeração e auditoria, numa transação;
- ``importacao_50k_cpu_s``: o tempo de CPU do processo Python na confirmação
  (sem o servidor do banco), estável mesmo com a máquina ocupada.
"""

import datetime as dt
import os
import time


def _cpf(base: int) -> str:
    digitos = [int(c) for c in f"{base:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(digitos, range(tamanho + 1, 1, -1), strict=True))
        resto = soma % 11
        digitos.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, digitos))


def _csv(quantidade: int, momento: dt.datetime) -> bytes:
    from candidatos.planilhas import escrever_csv
    from candidatos.services.importacao import NOMES_COLUNAS

    cores = ["parda", "branca", "preta", "branca", "parda", "amarela", "indigena", "nao_declarada"]
    linhas = []
    for n in range(quantidade):
        cor = cores[n % len(cores)]
        negros = "sim" if cor in ("preta", "parda") and n % 5 < 2 else "não"
        valores = {
            "vaga": f"V{n % 20:02d}",
            "nome_civil": f"Candidata de Teste {n}",
            "nome_social": "",
            "cpf": _cpf(100_000_000 + n * 7),
            "data_nascimento": "2002-08-15",
            "email": f"candidata{n}@exemplo.com",
            "telefone": "61999990000",
            "instituicao_ensino": "Universidade Federal",
            "curso": "Administração",
            "periodo_curso": "5º semestre",
            "cor_raca": cor,
            "concorre_negros": negros,
            "pcd": "sim" if n % 40 == 0 else "não",
            "concorre_pcd": "sim" if n % 40 == 0 else "não",
            "concorre_categorias": "",
            "termo_aceito_em": f"{momento:%Y-%m-%d %H:%M}",
            "data_inscricao": "",
        }
        linhas.append([valores[c] for c in NOMES_COLUNAS])
    return escrever_csv(NOMES_COLUNAS, linhas)


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    nome_original = connection.settings_dict["NAME"]
    connection.settings_dict.setdefault("TEST", {})
    connection.settings_dict["TEST"]["NAME"] = f"bench_{nome_original}".replace("/", "_")
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        return _medir()
    finally:
        connection.creation.destroy_test_db(nome_original, verbosity=0)


def _medir() -> dict[str, float]:

    from django.utils import timezone

    from candidatos.models import Inscricao
    from candidatos.services import importacao
    from selecoes.models import Orgao

    quantidade = 50_000
    agora = timezone.now()
    orgao = Orgao.objects.create(nome="Órgão de teste", sigla="BENCH", cnpj="11222333000181")
    selecao = selecao_com_20_vagas(orgao, agora, numero="1/2026")
    conteudo = _csv(quantidade, timezone.localtime(agora - dt.timedelta(days=5)))

    inicio = time.perf_counter()
    previa = importacao.analisar(
        selecao=selecao, conteudo=conteudo, nome_arquivo="bench.csv", agora=agora
    )
    meio = time.perf_counter()
    cpu = time.process_time()
    assert previa.valido, previa.erros[:5]
    resultado = importacao.confirmar(
        selecao=selecao,
        conteudo=conteudo,
        nome_arquivo="bench.csv",
        sha256_esperado=previa.sha256,
        somente_validas=False,
        usuario=None,
        agora=agora,
    )
    fim = time.perf_counter()
    cpu = time.process_time() - cpu
    assert resultado.criadas == quantidade
    assert Inscricao.objects.filter(selecao=selecao).count() == quantidade
    return {
        "importacao_previa_50k_s": round(meio - inicio, 2),
        "importacao_50k_s": round(fim - meio, 2),
        "importacao_50k_cpu_s": round(cpu, 2),
    }


def selecao_com_20_vagas(orgao, agora, *, numero: str):  # type: ignore[no-untyped-def]
    """Seleção publicada, com inscrições encerradas, de 20 vagas de 5 (as importações
    do benchmark a usam)."""
    import datetime as dt
    from decimal import Decimal

    from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio

    selecao = Selecao.objects.create(
        orgao=orgao,
        titulo="Seleção para o benchmark",
        numero_edital=numero,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=agora - dt.timedelta(days=10),
        inscricoes_fim=agora - dt.timedelta(days=1),
        situacao=SituacaoSelecao.PUBLICADA,
    )
    VagaEstagio.objects.bulk_create(
        VagaEstagio(
            selecao=selecao,
            codigo=f"V{n:02d}",
            area="Administração",
            nivel="superior",
            municipio="Brasília",
            uf="DF",
            valor_bolsa=Decimal("1125.69"),
            vagas_ofertadas=5,
        )
        for n in range(20)
    )
    return selecao
