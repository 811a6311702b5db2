"""Publicação e retificação do edital: congelamento, versões numeradas e auditoria."""

import dataclasses
import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from selecoes.canonico import hash_conteudo
from selecoes.models import RegistroAuditoria, SituacaoSelecao, VersaoEdital
from selecoes.services import (
    dados_da_selecao,
    rascunho_atualizar,
    selecao_publicar,
    selecao_retificar,
    snapshot_edital,
)
from tests.factories import SelecaoFactory, VagaEstagioFactory

AGORA = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def rascunho(orgao):
    selecao = SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
        reserva_pcd=True,
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=10)
    VagaEstagioFactory(selecao=selecao, codigo="ADM", vagas_ofertadas=3)
    return selecao


def test_publicar_cria_versao_1_com_retrato_e_hash(rascunho, alice):
    versao = selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    rascunho.refresh_from_db()
    assert rascunho.situacao == SituacaoSelecao.PUBLICADA
    assert rascunho.versao == 1
    assert rascunho.publicada_em == AGORA
    assert versao.numero == 1
    assert versao.hash_conteudo == hash_conteudo(versao.conteudo)
    assert versao.conteudo == snapshot_edital(rascunho)
    versao.refresh_from_db()  # o jsonb reordena as chaves; o hash canônico não muda
    assert versao.hash_conteudo == hash_conteudo(versao.conteudo)
    vagas = {v["codigo"]: v for v in versao.conteudo["reserva"]["vagas"]}
    assert vagas["DIR"]["reservadas"] == {"negros": 3, "pcd": 1}
    assert len(vagas["DIR"]["sequencia"]) == 30
    assert RegistroAuditoria.objects.filter(acao="selecao.publicar", selecao=rascunho).exists()


def test_publicar_sem_vagas_e_recusado(orgao, alice):
    selecao = SelecaoFactory(orgao=orgao, inscricoes_fim=timezone.now() + dt.timedelta(days=3))
    with pytest.raises(ValidationError) as erro:
        selecao_publicar(selecao=selecao, usuario=alice, agora=timezone.now())
    assert "Vagas de estágio: cadastre ao menos uma vaga." in erro.value.messages
    selecao.refresh_from_db()
    assert selecao.situacao == SituacaoSelecao.RASCUNHO
    assert not VersaoEdital.objects.exists()


def test_publicar_duas_vezes_e_recusado(rascunho, alice):
    selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    with pytest.raises(ValidationError, match="já foi publicada"):
        selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)


def test_congelamento_rascunho_publicado_nao_se_edita(rascunho, alice):
    selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    dados = dados_da_selecao(rascunho)
    vagas = [dict(v) for v in dados.vagas]
    vagas[0]["vagas_ofertadas"] = 1
    with pytest.raises(ValidationError, match="retificação"):
        rascunho_atualizar(
            selecao=rascunho, usuario=alice, dados=dataclasses.replace(dados, vagas=vagas)
        )
    assert sorted(rascunho.vagas.values_list("vagas_ofertadas", flat=True)) == [3, 10]


def test_retificacao_cria_versao_2_e_guarda_a_1(rascunho, alice):
    v1 = selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    dados = dados_da_selecao(rascunho)
    vagas = [dict(v) for v in dados.vagas]
    por_codigo = {v["codigo"]: v for v in vagas}
    por_codigo["ADM"]["vagas_ofertadas"] = 5
    v2 = selecao_retificar(
        selecao=rascunho,
        usuario=alice,
        motivo="Ampliação das vagas de Administração.",
        data_retificacao=dt.date(2026, 3, 5),
        dados=dataclasses.replace(dados, vagas=vagas),
    )
    rascunho.refresh_from_db()
    assert (v2.numero, rascunho.versao) == (2, 2)
    v1.refresh_from_db()
    assert {v["codigo"]: v["vagas_ofertadas"] for v in v1.conteudo["vagas"]}["ADM"] == 3
    assert {v["codigo"]: v["vagas_ofertadas"] for v in v2.conteudo["vagas"]}["ADM"] == 5
    assert v1.hash_conteudo != v2.hash_conteudo
    registro = RegistroAuditoria.objects.get(acao="selecao.retificar")
    assert registro.motivo == "Ampliação das vagas de Administração."


@pytest.mark.parametrize(
    ("motivo", "data", "mensagem"),
    [
        ("", dt.date(2026, 3, 5), "Motivo da retificação: informe o motivo."),
        ("   ", dt.date(2026, 3, 5), "Motivo da retificação: informe o motivo."),
        ("Erro", dt.date(2026, 3, 1), "Data da retificação: não pode ser anterior"),
    ],
)
def test_retificacao_exige_motivo_e_data_valida(rascunho, alice, motivo, data, mensagem):
    selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    with pytest.raises(ValidationError) as erro:
        selecao_retificar(
            selecao=rascunho,
            usuario=alice,
            motivo=motivo,
            data_retificacao=data,
            dados=dados_da_selecao(rascunho),
        )
    assert any(m.startswith(mensagem) for m in erro.value.messages)
    assert rascunho.versoes.count() == 1


def test_retificacao_sem_mudanca_e_recusada(rascunho, alice):
    selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    with pytest.raises(ValidationError, match="Nenhuma alteração"):
        selecao_retificar(
            selecao=rascunho,
            usuario=alice,
            motivo="Nada",
            data_retificacao=dt.date(2026, 3, 5),
            dados=dados_da_selecao(rascunho),
        )


def test_retificacao_de_rascunho_e_recusada(rascunho, alice):
    with pytest.raises(ValidationError, match="Só é possível retificar"):
        selecao_retificar(
            selecao=rascunho,
            usuario=alice,
            motivo="Erro",
            data_retificacao=dt.date(2026, 3, 5),
            dados=dados_da_selecao(rascunho),
        )


def test_inscricoes_nao_abrem_sem_edital_publicado(rascunho):
    durante = dt.datetime(2026, 3, 10, 12, 0, tzinfo=dt.UTC)
    assert not rascunho.inscricoes_abertas(durante)
    selecao_publicar(selecao=rascunho, usuario=None, agora=AGORA)
    rascunho.refresh_from_db()
    assert rascunho.inscricoes_abertas(durante)


def test_comparar_conteudos_lista_so_o_que_mudou(rascunho, alice):
    from selecoes.selectors import comparar_conteudos

    v1 = selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    dados = dados_da_selecao(rascunho)
    selecao = dict(dados.selecao)
    selecao["criterios_desempate"] = [{"criterio": "maior_nota"}, {"criterio": "sorteio"}]
    vagas = [dict(v) for v in dados.vagas if v["codigo"] != "ADM"]
    vagas.append({**vagas[0], "id": None, "codigo": "TI", "vagas_ofertadas": 2})
    v2 = selecao_retificar(
        selecao=rascunho,
        usuario=alice,
        motivo="Troca da vaga ADM por TI.",
        data_retificacao=dt.date(2026, 3, 5),
        dados=dataclasses.replace(dados, selecao=selecao, vagas=vagas),
    )
    diferencas = {
        (d.secao, d.campo): (d.antes, d.depois)
        for d in comparar_conteudos(v1.conteudo, v2.conteudo)
    }
    assert diferencas[("Vaga ADM", "—")] == ("existia", "excluída")
    assert diferencas[("Vaga TI", "—")] == ("não existia", "incluída")
    assert diferencas[("Seleção", "Critérios de desempate")] == (
        "1º Maior nota final; 2º Maior idade",
        "1º Maior nota final; 2º Sorteio público",
    )
    assert ("Vaga DIR", "Vagas ofertadas") not in diferencas


def test_retificacao_nao_exclui_vaga_com_inscricoes(rascunho, alice):
    from tests.factories import InscricaoFactory

    selecao_publicar(selecao=rascunho, usuario=alice, agora=AGORA)
    InscricaoFactory(vaga=rascunho.vagas.get(codigo="ADM"))
    dados = dados_da_selecao(rascunho)
    vagas = [dict(v) for v in dados.vagas if v["codigo"] != "ADM"]
    with pytest.raises(ValidationError) as erro:
        selecao_retificar(
            selecao=rascunho,
            usuario=alice,
            motivo="Exclusão da vaga ADM.",
            data_retificacao=dt.date(2026, 3, 5),
            dados=dataclasses.replace(dados, vagas=vagas),
        )
    assert erro.value.messages == [
        "Vaga “ADM”: já tem inscrições ou registros e não pode ser excluída."
    ]
    assert rascunho.vagas.filter(codigo="ADM").exists()
    assert rascunho.versoes.count() == 1
