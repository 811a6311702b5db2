"""Envio da inscrição no pico (issue 22, item 1): o caminho quente sem trabalho à toa.

O benchmark (``bench/inscricao_pico.py``) mede o tempo; aqui fica só o comportamento
que o sustenta: o envio não carrega as vagas da seleção inteira, lê as categorias do
órgão uma vez e prende a trava da cadeia de auditoria (uma por seleção) só até o commit.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from candidatos.models import Inscricao
from selecoes.models import CategoriaEdital, RegistroAuditoria, TarefaPendente
from tests.candidatos.inscricoes.test_formulario import dados_post, url
from tests.factories import VagaEstagioFactory, gerar_cpf


def _enviar(client, selecao, vaga, n, **alteracoes):
    dados = dados_post(
        vaga,
        cpf=gerar_cpf(9_000 + n),
        email=f"pico{n}@exemplo.com",
        email_confirmacao=f"pico{n}@exemplo.com",
        **alteracoes,
    )
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.post(url(selecao), dados)
    assert resposta.status_code == 302
    return [c["sql"] for c in consultas.captured_queries]


def _tabela(sql, tabela):
    return re.search(rf'FROM "{tabela}"', sql) is not None


@pytest.mark.django_db
def test_envio_carrega_so_a_vaga_escolhida_com_muitas_vagas(client, selecao, vaga):
    VagaEstagioFactory.create_batch(30, selecao=selecao)
    consultas = _enviar(client, selecao, vaga, 1)
    das_vagas = [sql for sql in consultas if _tabela(sql, "selecoes_vagaestagio")]
    assert das_vagas
    assert all(f'"selecoes_vagaestagio"."id" = {vaga.pk}' in sql for sql in das_vagas)
    assert Inscricao.objects.get().vaga == vaga


@pytest.mark.django_db
def test_envio_le_as_categorias_do_orgao_uma_vez(client, selecao, vaga):
    CategoriaEdital.objects.create(
        selecao=selecao,
        categoria="indigenas",
        nome="Indígenas",
        percentual=5,
        base_legal="Portaria 1/2026",
        pergunta="Concorro às vagas reservadas a indígenas",
    )
    consultas = _enviar(client, selecao, vaga, 2, categoria_indigenas="on")
    assert sum(_tabela(sql, "selecoes_categoriaedital") for sql in consultas) == 1
    assert Inscricao.objects.get().concorre_categorias == ["indigenas"]


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_envio_trava_da_cadeia_so_ate_o_commit(client, selecao, vaga, celery_sincrono):
    consultas = _enviar(client, selecao, vaga, 3)
    inicio = next(
        i for i, sql in enumerate(consultas) if 'INSERT INTO "selecoes_registroauditoria"' in sql
    )
    commit = next(i for i in range(inicio, len(consultas)) if consultas[i] == "COMMIT")
    # Depois do registro de auditoria, só a liberação do savepoint e o commit.
    assert all(
        sql.startswith(("RELEASE SAVEPOINT", "COMMIT")) for sql in consultas[inicio + 1 : commit]
    )
    inscricao = Inscricao.objects.get()
    assert RegistroAuditoria.objects.filter(
        acao="inscricao.criada", inscricao_id=inscricao.pk
    ).exists()
    # A tarefa do comprovante foi gravada na mesma transação e, depois do commit, executada.
    assert any('INSERT INTO "selecoes_tarefapendente"' in sql for sql in consultas[:commit])
    assert not TarefaPendente.objects.filter(argumentos=[inscricao.pk]).exists()
