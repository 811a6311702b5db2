"""Migração ``selecoes.0005``: os registros de auditoria que já existiam entram na cadeia."""

import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from selecoes.selectors.auditoria import auditoria_verificar
from tests.factories import OrgaoFactory, SelecaoFactory

ANTES = [
    ("selecoes", "0004_cnpj_alfanumerico"),
    ("candidatos", "0004_sorteio_anunciado_antes"),
]


def _migrar(destino=None) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(destino or executor.loader.graph.leaf_nodes())
    return executor


@pytest.mark.lento
@pytest.mark.django_db(transaction=True)
def test_migracao_encadeia_os_registros_existentes_na_ordem_do_tempo():
    orgao = OrgaoFactory()
    s1, s2 = SelecaoFactory(orgao=orgao), SelecaoFactory(orgao=orgao)
    base = dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC)
    try:
        executor = _migrar(ANTES)
        antigo = executor.loader.project_state(ANTES).apps.get_model(
            "selecoes", "RegistroAuditoria"
        )
        # Ids fora da ordem do tempo: a cadeia segue criado_em, depois o id.
        for minutos, selecao, orgao_id in [
            (30, s1, orgao.pk),
            (10, s1, orgao.pk),
            (20, s2, orgao.pk),
            (40, None, orgao.pk),
            (50, None, None),
            (10, s1, orgao.pk),
        ]:
            antigo.objects.create(
                criado_em=base + dt.timedelta(minutes=minutos),
                usuario_nome="gestora",
                orgao_id=orgao_id,
                selecao_id=selecao.pk if selecao else None,
                acao="teste.antigo",
                objeto_tipo="selecoes.Selecao",
                objeto_id="1",
                descricao=f"Fato aos {minutos} minutos",
                depois={"minutos": minutos},
            )
    finally:
        _migrar()

    from selecoes.models import RegistroAuditoria

    resultados = auditoria_verificar()
    assert len(resultados) >= 4  # s1, s2, o órgão, a global (e o que os sinais gravaram)
    assert [r.falha for r in resultados] == [None] * len(resultados)
    antigos = RegistroAuditoria.objects.filter(acao="teste.antigo")
    assert antigos.get(selecao=None, orgao=None).sequencia == 1
    assert antigos.get(selecao=None, orgao=orgao).sequencia == 1
    cadeia_s1 = list(
        antigos.filter(selecao=s1).order_by("sequencia").values_list("sequencia", "descricao")
    )
    assert cadeia_s1 == [
        (1, "Fato aos 10 minutos"),
        (2, "Fato aos 10 minutos"),
        (3, "Fato aos 30 minutos"),
    ]
