"""Documentos reagem a eventos de domínio: uma geração por ação do usuário.

Cada serviço dono da mudança emite um evento depois do commit
(``selecoes/eventos.py``); ``relatorios`` assina. Conta-se, por ação, a tarefa
enfileirada (fixture ``fila``) e o registro de auditoria do pedido de geração.
"""

import dataclasses
import datetime as dt

import pytest

from candidatos.models import SituacaoInscricao, TipoResultado
from candidatos.services import convocacao, eliminacao, resultado
from candidatos.services.inscricoes import ConfirmacaoSubstituicao, DadosInscricao
from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento
from selecoes import eventos
from selecoes import services as selecoes_services
from selecoes.models import RegistroAuditoria, SituacaoSelecao
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory

pytestmark = pytest.mark.django_db

PEDIDOS = ("documento.solicitado", "documento.regenerado")
AGORA_EDITAL = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def _pedidos_de_geracao(documento: Documento) -> int:
    return RegistroAuditoria.objects.filter(acao__in=PEDIDOS, objeto_id=str(documento.pk)).count()


def _pronto(fila, capturar, solicitar):
    """Pede o documento, gera e devolve-o com a fila vazia."""
    with capturar(execute=True):
        documento = solicitar()
    fila.executar(capturar)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    return documento


def _rascunho(orgao, *, vagas=2):
    selecao = SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
    )
    for i in range(vagas):
        VagaEstagioFactory(selecao=selecao, codigo=f"V{i:02d}", vagas_ofertadas=2, ordem=i)
    return selecao


def test_rascunho_com_50_vagas_editado_so_no_titulo_gera_o_anexo_uma_vez(
    orgao, alice, fila, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    selecao = _rascunho(orgao, vagas=50)
    documento = _pronto(
        fila,
        django_capture_on_commit_callbacks,
        lambda: services.anexo_edital_solicitar(selecao=selecao),
    )
    pedidos = _pedidos_de_geracao(documento)
    dados = selecoes_services.dados_da_selecao(selecao)
    dados = dataclasses.replace(dados, selecao={**dados.selecao, "titulo": "Título novo"})
    with django_capture_on_commit_callbacks() as depois_do_commit:
        selecoes_services.rascunho_atualizar(selecao=selecao, usuario=alice, dados=dados)
    # Uma reação, barata: antes eram 51 reações e 459 consultas depois do commit.
    with django_assert_max_num_queries(15), django_capture_on_commit_callbacks(execute=True):
        for reacao in depois_do_commit:
            reacao()
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.geracao == 2


def test_rascunho_alterado_sem_anexo_pedido_nao_gera_nada(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao)
    dados = selecoes_services.dados_da_selecao(selecao)
    dados = dataclasses.replace(dados, selecao={**dados.selecao, "titulo": "Outro"})
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.rascunho_atualizar(selecao=selecao, usuario=alice, dados=dados)
    assert fila.tarefas == []
    assert not Documento.objects.exists()


def test_edital_publicado_refaz_o_anexo_uma_vez_e_publico(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao, vagas=3)
    documento = _pronto(
        fila,
        django_capture_on_commit_callbacks,
        lambda: services.anexo_edital_solicitar(selecao=selecao),
    )
    pedidos = _pedidos_de_geracao(documento)
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA_EDITAL)
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1
    documento.refresh_from_db()
    assert documento.publico
    assert documento.desatualizado


def test_edital_retificado_refaz_o_anexo_uma_vez(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao, vagas=3)
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA_EDITAL)
    documento = Documento.objects.get(chave=f"anexo_edital:{selecao.pk}")
    fila.executar(django_capture_on_commit_callbacks)
    pedidos = _pedidos_de_geracao(documento)
    selecao.refresh_from_db()
    dados = selecoes_services.dados_da_selecao(selecao)
    vagas = [dict(v) for v in dados.vagas]
    vagas[0]["vagas_ofertadas"] = 7
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.selecao_retificar(
            selecao=selecao,
            usuario=alice,
            motivo="Ampliação das vagas.",
            data_retificacao=dt.date(2026, 3, 5),
            dados=dataclasses.replace(dados, vagas=vagas),
        )
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1


def test_previa_da_retificacao_desfeita_nao_gera_nada(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao, vagas=2)
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA_EDITAL)
    fila.executar(django_capture_on_commit_callbacks)
    selecao.refresh_from_db()
    dados = selecoes_services.dados_da_selecao(selecao)
    vagas = [dict(v) for v in dados.vagas]
    vagas[0]["vagas_ofertadas"] = 9
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.previa_retificacao(
            selecao=selecao, dados=dataclasses.replace(dados, vagas=vagas)
        )
    assert fila.tarefas == []


def test_resultado_publicado_gera_a_lista_da_versao_uma_vez(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    with django_capture_on_commit_callbacks(execute=True):
        versao = resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo=TipoResultado.PRELIMINAR,
            usuario=alice,
            motivo="",
            recurso_inicio=AGORA - dt.timedelta(days=3),
            recurso_fim=AGORA - dt.timedelta(days=1),
            agora=AGORA - dt.timedelta(days=3),
        )
    documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == 1
    assert documento.publico


def _comprovante_pronto(fila, capturar, inscricao):
    return _pronto(fila, capturar, lambda: services.comprovante_solicitar(inscricao=inscricao))


def test_inscricao_substituida_online_refaz_o_comprovante_uma_vez(
    orgao, fila, django_capture_on_commit_callbacks
):
    from candidatos.services import inscricoes

    selecao = SelecaoFactory(orgao=orgao, situacao=SituacaoSelecao.PUBLICADA)
    vaga = VagaEstagioFactory(selecao=selecao)
    antiga = InscricaoFactory(vaga=vaga)
    documento = _comprovante_pronto(fila, django_capture_on_commit_callbacks, antiga)
    pedidos = _pedidos_de_geracao(documento)
    campos = {f.name: getattr(antiga, f.name) for f in dataclasses.fields(DadosInscricao)}
    campos["vaga_id"] = vaga.pk
    campos["email"] = "novo@exemplo.com"
    with django_capture_on_commit_callbacks(execute=True):
        nova = inscricoes.inscricao_registrar(
            selecao=selecao,
            dados=DadosInscricao(**campos),
            agora=selecao.inscricoes_inicio + dt.timedelta(hours=1),
            confirmacao=ConfirmacaoSubstituicao(codigo_anterior=antiga.codigo_verificacao),
        )
    assert nova.substitui_id == antiga.pk
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.geracao == 2


def test_desistencia_refaz_o_comprovante_uma_vez(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    documento = _comprovante_pronto(fila, django_capture_on_commit_callbacks, ins["B"])
    pedidos = _pedidos_de_geracao(documento)
    with django_capture_on_commit_callbacks(execute=True):
        convocacao.desistencia_inscricao_registrar(
            inscricao=ins["B"], motivo="Pediu por e-mail.", usuario=alice
        )
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1


def test_eliminacao_refaz_o_comprovante_uma_vez(
    orgao, alice, fila, django_capture_on_commit_callbacks, settings, tmp_path
):
    from django.core.files.uploadedfile import SimpleUploadedFile

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABX")
    publicar_final(vaga.selecao, alice)
    alvo = ins["X"]
    documento = _comprovante_pronto(fila, django_capture_on_commit_callbacks, alvo)
    pedidos = _pedidos_de_geracao(documento)
    p = eliminacao.processo_abrir(
        inscricao=alvo,
        motivo="Heteroidentificação não confirmou a autodeclaração.",
        evidencias="Ata da comissão.",
        arquivo=None,
        usuario=alice,
        agora=AGORA,
    )
    eliminacao.candidato_notificar(
        processo=p, prazo_defesa=dt.date(2026, 6, 11), usuario=alice, agora=AGORA
    )
    fila.tarefas.clear()
    with django_capture_on_commit_callbacks(execute=True):
        eliminacao.processo_decidir(
            processo=p,
            procedente=True,
            fundamentacao="Declaração falsa confirmada.",
            documento=SimpleUploadedFile(
                "decisao.pdf", b"%PDF-1.4 decisao", content_type="application/pdf"
            ),
            usuario=alice,
            agora=AGORA + dt.timedelta(days=12),
        )
    alvo.refresh_from_db()
    assert alvo.situacao == SituacaoInscricao.ELIMINADA
    assert len(fila.tarefas) == 1
    assert _pedidos_de_geracao(documento) == pedidos + 1


@pytest.mark.parametrize(
    "evento",
    [
        eventos.Evento.INSCRICAO_SUBSTITUIDA,
        eventos.Evento.INSCRICAO_DESISTENTE,
        eventos.Evento.INSCRICAO_ELIMINADA,
    ],
)
def test_eventos_da_inscricao_refazem_as_duas_vias_existentes(
    evento, orgao, fila, django_capture_on_commit_callbacks
):
    inscricao = InscricaoFactory(vaga__selecao__orgao=orgao)
    outra = InscricaoFactory(vaga=inscricao.vaga)
    with django_capture_on_commit_callbacks(execute=True):
        candidato = services.comprovante_solicitar(inscricao=inscricao)
        rh = services.comprovante_rh_solicitar(inscricao=inscricao)
    fila.executar(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        eventos.emitir(evento, inscricao_ids=[inscricao.pk, outra.pk])
    assert len(fila.tarefas) == 2
    for documento in (candidato, rh):
        documento.refresh_from_db()
        assert documento.geracao == 2
    assert not Documento.objects.filter(parametros__inscricao=outra.pk).exists()


def test_evento_emitido_em_transacao_desfeita_nao_roda(
    orgao, fila, django_capture_on_commit_callbacks
):
    from django.db import transaction

    inscricao = InscricaoFactory(vaga__selecao__orgao=orgao)
    documento = _comprovante_pronto(fila, django_capture_on_commit_callbacks, inscricao)
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        eventos.emitir(eventos.Evento.INSCRICAO_SUBSTITUIDA, inscricao_ids=[inscricao.pk])
        transaction.set_rollback(True)
    assert fila.tarefas == []
    documento.refresh_from_db()
    assert documento.geracao == 1


def test_cada_evento_tem_assinante_de_relatorios():
    for evento in eventos.Evento:
        assert eventos.assinantes(evento), evento


def test_gravar_linhas_direto_nao_gera_documento(orgao, fila, django_capture_on_commit_callbacks):
    """Sem ``post_save``: só o serviço dono da mudança pede documentos."""
    selecao = _rascunho(orgao)
    documento = _pronto(
        fila,
        django_capture_on_commit_callbacks,
        lambda: services.anexo_edital_solicitar(selecao=selecao),
    )
    with django_capture_on_commit_callbacks(execute=True):
        selecao.titulo = "Gravado sem serviço"
        selecao.save()
    assert fila.tarefas == []
    documento.refresh_from_db()
    assert documento.geracao == 1
