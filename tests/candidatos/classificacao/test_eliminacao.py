"""Art. 2º, parágrafo único: eliminação por declaração falsa, como processo."""

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile

from candidatos.models import (
    ProcessoEliminacao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao, eliminacao
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    prazo,
    publicar_final,
)

pytestmark = pytest.mark.django_db


def _documento():
    return SimpleUploadedFile("decisao.pdf", b"%PDF-1.4 decisao", content_type="application/pdf")


def _ate_a_decisao(inscricao, usuario, *, defesa=True):
    p = eliminacao.processo_abrir(
        inscricao=inscricao,
        motivo="Heteroidentificação não confirmou a autodeclaração.",
        evidencias="Ata da comissão.",
        arquivo=None,
        usuario=usuario,
        agora=AGORA,
    )
    eliminacao.candidato_notificar(
        processo=p, prazo_defesa=dt.date(2026, 6, 11), usuario=usuario, agora=AGORA
    )
    if defesa:
        eliminacao.defesa_registrar(
            processo=p,
            defesa="Alega ser parda.",
            usuario=usuario,
            agora=AGORA + dt.timedelta(days=2),
        )
    return p


def _cenario(orgao, alice, letras="ABXCDYEZW"):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, letras)
    publicar_final(vaga.selecao, alice)
    criadas = convocacao.proximos_convocar(
        vaga=vaga, quantidade=5, prazo_resposta=prazo(), usuario=alice, agora=AGORA
    )
    return vaga, ins, {c.inscricao.numero[4:]: c for c in criadas}


def _pendentes(vaga):
    return [(i.numero[4:], i.modalidade) for i in estado_vaga(vaga).a_convocar]


def test_art2_pu_eliminacao_antes_da_contratacao_encerra_convocacao_e_chama_proximo_negro(
    orgao, alice
):
    vaga, ins, conv = _cenario(orgao, alice)
    p = _ate_a_decisao(ins["Y"], alice)
    eliminacao.processo_decidir(
        processo=p,
        procedente=True,
        fundamentacao="Declaração falsa confirmada.",
        documento=_documento(),
        usuario=alice,
        agora=AGORA + dt.timedelta(days=3),
    )
    ins["Y"].refresh_from_db()
    conv["Y"].refresh_from_db()
    assert ins["Y"].situacao == SituacaoInscricao.ELIMINADA
    assert conv["Y"].situacao == SituacaoConvocacao.ELIMINADO
    assert _pendentes(vaga) == [("W", "negros")]
    estado = estado_vaga(vaga)
    assert "Y" not in [
        linha.numero[4:] for linha in estado.lista_negros if linha.situacao == "ativa"
    ]
    assert "art. 2º, parágrafo único" in next(
        linha.explicacao for linha in estado.eliminados if linha.numero.endswith("-Y")
    )
    assert not [linha for linha in estado.classificacao if linha.numero.endswith("-Y")]


def test_art2_pu_eliminacao_depois_da_contratacao_desliga_na_data_e_repoe_a_vaga(orgao, alice):
    vaga, ins, conv = _cenario(orgao, alice)
    convocacao.contratacao_registrar(
        convocacao=conv["Z"], data_inicio=dt.date(2026, 6, 5), numero_tce="TCE-9", usuario=alice
    )
    p = _ate_a_decisao(ins["Z"], alice, defesa=False)
    with pytest.raises(eliminacao.EtapaInvalida, match="prazo de defesa"):
        eliminacao.processo_decidir(
            processo=p,
            procedente=True,
            fundamentacao="x",
            documento=_documento(),
            usuario=alice,
            agora=AGORA + dt.timedelta(days=1),
        )
    decisao = dt.datetime(2026, 6, 12, 15, 0, tzinfo=dt.UTC)
    eliminacao.processo_decidir(
        processo=p,
        procedente=True,
        fundamentacao="Sem defesa no prazo; declaração falsa confirmada.",
        documento=_documento(),
        usuario=alice,
        agora=decisao,
    )
    conv["Z"].refresh_from_db()
    p.refresh_from_db()
    assert conv["Z"].situacao == SituacaoConvocacao.DESLIGADO
    assert conv["Z"].encerrada_em == dt.date(2026, 6, 12)
    assert p.desligamento_em == dt.date(2026, 6, 12)
    assert p.documento_decisao.name.endswith(".pdf")
    assert _pendentes(vaga) == [("W", "negros")]


def test_art2_pu_improcedente_nada_muda(orgao, alice):
    vaga, ins, _conv = _cenario(orgao, alice)
    antes = _pendentes(vaga), [c.situacao for c in estado_vaga(vaga).convocacoes]
    p = _ate_a_decisao(ins["Y"], alice)
    eliminacao.processo_decidir(
        processo=p,
        procedente=False,
        fundamentacao="Autodeclaração confirmada pela comissão.",
        documento=_documento(),
        usuario=alice,
        agora=AGORA + dt.timedelta(days=3),
    )
    ins["Y"].refresh_from_db()
    assert ins["Y"].situacao == SituacaoInscricao.ATIVA
    assert (_pendentes(vaga), [c.situacao for c in estado_vaga(vaga).convocacoes]) == antes
    p.refresh_from_db()
    assert p.situacao == SituacaoProcesso.IMPROCEDENTE


def test_art2_pu_operador_nao_decide(orgao, alice, bruno):
    _, ins, _ = _cenario(orgao, alice)
    p = _ate_a_decisao(ins["Y"], bruno)
    with pytest.raises(PermissionDenied):
        eliminacao.processo_decidir(
            processo=p,
            procedente=True,
            fundamentacao="x",
            documento=_documento(),
            usuario=bruno,
            agora=AGORA + dt.timedelta(days=3),
        )
    p.refresh_from_db()
    assert p.situacao == SituacaoProcesso.AGUARDANDO_DEFESA


def test_art2_pu_decisao_exige_notificacao_previa(orgao, alice):
    _, ins, _ = _cenario(orgao, alice)
    p = eliminacao.processo_abrir(
        inscricao=ins["X"],
        motivo="Indício.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=AGORA,
    )
    with pytest.raises(eliminacao.EtapaInvalida, match="Notifique"):
        eliminacao.processo_decidir(
            processo=p,
            procedente=True,
            fundamentacao="x",
            documento=_documento(),
            usuario=alice,
            agora=AGORA,
        )


def test_art2_pu_um_processo_em_curso_por_inscricao(orgao, alice):
    _, ins, _ = _cenario(orgao, alice)
    eliminacao.processo_abrir(
        inscricao=ins["X"],
        motivo="Indício.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=AGORA,
    )
    with pytest.raises(eliminacao.EtapaInvalida, match="em curso"):
        eliminacao.processo_abrir(
            inscricao=ins["X"],
            motivo="De novo.",
            evidencias="",
            arquivo=None,
            usuario=alice,
            agora=AGORA,
        )
    assert ProcessoEliminacao.objects.count() == 1


def test_art2_pu_cada_passo_e_datado_e_auditado(
    orgao, alice, celery_sincrono, django_capture_on_commit_callbacks
):
    _, ins, _ = _cenario(orgao, alice)
    with django_capture_on_commit_callbacks(execute=True):
        p = _ate_a_decisao(ins["Y"], alice)
    eliminacao.processo_decidir(
        processo=p,
        procedente=True,
        fundamentacao="Confirmada.",
        documento=_documento(),
        usuario=alice,
        agora=AGORA + dt.timedelta(days=3),
    )
    acoes = list(
        RegistroAuditoria.objects.filter(inscricao_id=ins["Y"].pk)
        .order_by("pk")
        .values_list("acao", flat=True)
    )
    assert acoes == [
        "convocacao.criada",
        "eliminacao.aberto",
        "eliminacao.notificado",
        "eliminacao.defesa",
        "eliminacao.email_enviado",  # depois do commit
        "inscricao.eliminada",
        "convocacao.eliminado",
        "eliminacao.procedente",
    ]
    assert "11/06/2026" in mail.outbox[0].body
    assert mail.outbox[0].to == [ins["Y"].email]
