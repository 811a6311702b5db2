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


# ------------------------------------------- o formulário aberto por cada candidato


def _consultas_do_get(client, selecao):
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.get(url(selecao))
    assert resposta.status_code == 200
    return resposta, [c["sql"] for c in consultas.captured_queries]


@pytest.mark.django_db
def test_formulario_le_as_vagas_uma_vez_e_nao_mais_com_mais_vagas(client, selecao, vaga):
    _resposta, poucas = _consultas_do_get(client, selecao)
    VagaEstagioFactory.create_batch(40, selecao=selecao)
    resposta, muitas = _consultas_do_get(client, selecao)

    assert len(muitas) == len(poucas)
    assert sum(_tabela(sql, "selecoes_vagaestagio") for sql in muitas) == 1
    html = resposta.content.decode()
    for v in selecao.vagas.all():  # no quadro do edital e como opção do campo
        assert f'<th scope="row" class="nowrap">{v.codigo}</th>' in html
        assert f'<option value="{v.pk}">{v.codigo} — {v.area} ({v.municipio}/{v.uf})</option>' in (
            html
        )


@pytest.mark.django_db
def test_formulario_escapa_o_texto_das_vagas_no_quadro_e_nas_opcoes(client, selecao, vaga):
    vaga.area = 'Direito <script>alert("x")</script> & Cia'
    vaga.curso = "Ciências <b>Jurídicas</b>"
    vaga.municipio = "São João d'Aliança"
    vaga.save()

    html = client.get(url(selecao)).content.decode()

    assert "<script>alert" not in html
    assert "<b>Jurídicas</b>" not in html
    assert "Direito &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cia" in html
    assert "Ciências &lt;b&gt;Jurídicas&lt;/b&gt;" in html
    assert "São João d&#x27;Aliança" in html


@pytest.mark.django_db
def test_formulario_com_erro_volta_com_a_vaga_escolhida_marcada(client, selecao, vaga):
    outra = VagaEstagioFactory(selecao=selecao, codigo="ZZZ")
    resposta = client.post(url(selecao), dados_post(outra, cpf="111"))

    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert re.search(rf'<option value="{outra.pk}" selected>', html)
    assert not re.search(rf'<option value="{vaga.pk}" selected>', html)
    assert '<option value="">Selecione a vaga</option>' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ofertadas", "sem_cadastro", "texto"),
    [
        (0, False, "Somente cadastro de reserva"),
        (3, True, "3 (sem cadastro de reserva)"),
        (2, False, "2 + cadastro de reserva"),
    ],
)
def test_formulario_quadro_diz_as_vagas_e_o_cadastro_de_reserva(
    client, selecao, vaga, ofertadas, sem_cadastro, texto
):
    vaga.vagas_ofertadas, vaga.sem_cadastro_reserva = ofertadas, sem_cadastro
    vaga.save()
    assert f"<td>{texto}</td>" in client.get(url(selecao)).content.decode()
