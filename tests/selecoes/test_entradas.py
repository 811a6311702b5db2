"""A versão das entradas do motor cobre toda tabela que pode mudar a saída dele."""

import pytest
from django.apps import apps
from django.db import connection

from candidatos.models import Inscricao
from selecoes.entradas import FORA_DO_MOTOR, TABELAS_DE_ENTRADA
from selecoes.models import Selecao, VagaEstagio

pytestmark = pytest.mark.django_db

LIGADAS_A = (Selecao, VagaEstagio, Inscricao)


def _tabelas_ligadas():
    """Tabelas dos nossos apps com chave para seleção, vaga ou inscrição (em qualquer grau)."""
    modelos = [m for m in apps.get_models() if m._meta.app_label in ("selecoes", "candidatos")]
    ligadas = {m._meta.db_table for m in LIGADAS_A}
    mudou = True
    while mudou:
        mudou = False
        for modelo in modelos:
            tabela = modelo._meta.db_table
            if tabela in ligadas:
                continue
            alvos = {
                campo.related_model._meta.db_table
                for campo in modelo._meta.concrete_fields
                if campo.is_relation and campo.related_model is not None
            }
            if alvos & ligadas:
                ligadas.add(tabela)
                mudou = True
    return ligadas


def test_toda_tabela_ligada_a_selecao_esta_classificada():
    """Tabela nova ligada a seleção, vaga ou inscrição (ex.: a confirmação da
    heteroidentificação): entra em TABELAS_DE_ENTRADA, com migration, ou em
    FORA_DO_MOTOR com o motivo (veja selecoes/entradas.py)."""
    sem_decisao = _tabelas_ligadas() - set(TABELAS_DE_ENTRADA) - set(FORA_DO_MOTOR)
    assert not sem_decisao


def test_as_duas_listas_nao_se_cruzam_e_existem():
    assert not set(TABELAS_DE_ENTRADA) & set(FORA_DO_MOTOR)
    existentes = set(connection.introspection.table_names())
    assert set(TABELAS_DE_ENTRADA) <= existentes
    assert set(FORA_DO_MOTOR) <= existentes


def _gatilhos():
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT c.relname, t.tgname FROM pg_trigger t "
                "JOIN pg_class c ON c.oid = t.tgrelid WHERE NOT t.tgisinternal"
            )
            return {(tabela, nome) for tabela, nome in cursor.fetchall()}
        cursor.execute("SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger'")
        return {(tabela, nome) for tabela, nome in cursor.fetchall()}


@pytest.mark.parametrize("tabela", sorted(TABELAS_DE_ENTRADA))
def test_cada_tabela_de_entrada_tem_os_gatilhos_instalados(tabela):
    instalados = _gatilhos()
    for operacao in ("insert", "update", "delete"):
        nome = (
            f"selecoes_entradas_{operacao}"
            if connection.vendor == "postgresql"
            else f"selecoes_entradas_{tabela}_{operacao}"
        )
        assert (tabela, nome) in instalados
