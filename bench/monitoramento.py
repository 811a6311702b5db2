"""Monitoramento (art. 5º): cálculo e supressão puros, e o painel inteiro no banco.

- ``monitoramento_cubo_supressao_200x10_s``: 200 órgãos × 10 anos (6.000 seleções,
  quadro de reserva pelo motor, ~1 milhão de pessoas em grupos agregados),
  cubo + supressão primária e secundária, sem banco;
- ``monitoramento_painel_db_s``: ``painel_monitoramento`` (8 consultas agregadas +
  cálculo) num banco descartável com 40 órgãos × 5 anos, 80.000 inscrições e
  16.000 convocações;
- ``monitoramento_painel_db_consultas``: número de consultas desse painel.
"""

import datetime as dt
import os
import random
import time
from decimal import Decimal

CORES = ["branca", "preta", "parda", "amarela", "indigena", "nao_declarada"]
MODALIDADES = ["AC", "negros", "pcd", "reversao"]
SITUACOES = ["contratado", "desligado", "desistiu", "aguardando", "recusada"]


def _dados_sinteticos(orgaos: int, anos: int):
    from relatorios.monitoramento.indicadores import (
        Dados,
        GrupoConvocacoes,
        GrupoInscricoes,
        SelecaoDados,
        VagaDados,
    )

    rnd = random.Random(9427)
    selecoes, inscricoes, convocacoes = [], [], []
    for orgao in range(1, orgaos + 1):
        for ano in range(2017, 2017 + anos):
            for s in range(3):
                vagas = tuple(VagaDados(f"V{v}", rnd.randint(0, 12)) for v in range(3))
                selecoes.append(SelecaoDados(orgao, dt.date(ano, 1 + s * 4, 10), vagas))
            for cor in CORES:
                for negros in (False, True):
                    if negros and cor not in ("preta", "parda"):
                        continue
                    total = rnd.randint(0, 120)
                    inscricoes.append(
                        GrupoInscricoes(ano, orgao, cor, negros, False, total, total // 2)
                    )
            for modalidade in MODALIDADES:
                for situacao in SITUACOES:
                    for negra in (False, True):
                        convocacoes.append(
                            GrupoConvocacoes(
                                ano,
                                orgao,
                                modalidade,
                                situacao,
                                negra,
                                negra,
                                situacao in ("contratado", "desligado"),
                                rnd.randint(0, 9),
                            )
                        )
    return Dados(selecoes=selecoes, inscricoes=inscricoes, convocacoes=convocacoes)


def _puro() -> float:
    from relatorios.monitoramento.indicadores import celulas, montar_cubo

    dados = _dados_sinteticos(200, 10)
    inicio = time.perf_counter()
    cels = celulas(montar_cubo(dados), suprimir_pequenas=True)
    duracao = time.perf_counter() - inicio
    assert cels
    return round(duracao, 2)


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    figuras = {"monitoramento_cubo_supressao_200x10_s": _puro()}
    nome_original = connection.settings_dict["NAME"]
    connection.settings_dict.setdefault("TEST", {})
    connection.settings_dict["TEST"]["NAME"] = f"bench_{nome_original}".replace("/", "_")
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        figuras.update(_banco())
    finally:
        connection.creation.destroy_test_db(nome_original, verbosity=0)
    return figuras


def _popular(orgaos: int, anos: int, por_vaga: int) -> None:
    from django.utils import timezone

    from candidatos.models import Avaliacao, Convocacao, Inscricao
    from selecoes.models import Orgao, Selecao, VagaEstagio

    rnd = random.Random(5)
    agora = timezone.now()
    Orgao.objects.bulk_create(
        Orgao(nome=f"Órgão {n}", sigla=f"O{n:03d}", cnpj=f"{n:014d}") for n in range(orgaos)
    )
    selecoes = Selecao.objects.bulk_create(
        Selecao(
            orgao=orgao,
            titulo="Seleção",
            numero_edital=f"{ano}/{s}",
            data_publicacao_edital=dt.date(ano, 3 + s, 1),
            inscricoes_inicio=agora,
            inscricoes_fim=agora + dt.timedelta(days=1),
            situacao="encerrada",
        )
        for orgao in Orgao.objects.all()
        for ano in range(2022, 2022 + anos)
        for s in range(2)
    )
    vagas = VagaEstagio.objects.bulk_create(
        VagaEstagio(
            selecao=selecao,
            codigo=f"V{v}",
            area="Administração",
            nivel=["superior", "medio"][v],
            municipio="Brasília",
            uf="DF",
            valor_bolsa=Decimal(1000),
            vagas_ofertadas=rnd.randint(1, 8),
        )
        for selecao in selecoes
        for v in range(2)
    )
    inscricoes = []
    for vaga in vagas:
        for i in range(por_vaga):
            cor = rnd.choice(CORES)
            inscricoes.append(
                Inscricao(
                    selecao_id=vaga.selecao_id,
                    vaga=vaga,
                    numero=f"{vaga.pk}-{i}",
                    codigo_verificacao="X",
                    nome_civil="Pessoa",
                    cpf=f"{vaga.pk * 1000 + i:011d}",
                    data_nascimento=dt.date(2002, 1, 1),
                    email="p@exemplo.com",
                    instituicao_ensino="U",
                    curso="C",
                    periodo_curso="1",
                    cor_raca=cor,
                    concorre_negros=cor in ("preta", "parda") and rnd.random() < 0.8,
                    termo_aceito_em=agora,
                )
            )
    inscricoes = Inscricao.objects.bulk_create(inscricoes, batch_size=5000)
    Avaliacao.objects.bulk_create(
        (Avaliacao(inscricao=i, situacao="aprovado") for i in inscricoes), batch_size=5000
    )
    Convocacao.objects.bulk_create(
        (
            Convocacao(
                vaga_id=i.vaga_id,
                inscricao=i,
                ordem=n,
                modalidade=rnd.choice(MODALIDADES),
                prazo_resposta=agora,
                token=f"t{i.pk}",
                situacao="contratado",
                data_inicio=dt.date(2026, 1, 1),
                numero_tce=f"T{i.pk}",
            )
            for n, i in enumerate(inscricoes)
            if n % 5 == 0
        ),
        batch_size=5000,
    )


def _banco() -> dict[str, float]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from relatorios.monitoramento import selectors
    from selecoes.models import Orgao

    _popular(orgaos=40, anos=5, por_vaga=100)
    escopo = selectors.EscopoMonitoramento(
        tuple(Orgao.objects.all()), suprimir=True, monitoramento=True
    )
    inicio = time.perf_counter()
    with CaptureQueriesContext(connection) as consultas:
        painel = selectors.painel_monitoramento(escopo=escopo, hoje=dt.date(2026, 12, 31))
        painel.tabela_exportacao("indicadores")
        painel.graficos()
    duracao = time.perf_counter() - inicio
    return {
        "monitoramento_painel_db_s": round(duracao, 2),
        "monitoramento_painel_db_consultas": float(len(consultas)),
    }
