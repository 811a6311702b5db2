"""Serviços da área do candidato (issue 17, itens 1 a 5): recurso, defesa, desistência,
contato e a decisão do recurso chegando ao candidato com a versão seguinte."""

import datetime as dt

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from candidatos.models import (
    AnexoCandidato,
    Convocacao,
    OrigemRecurso,
    Recurso,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.selectors.area_candidato import area_do_candidato, prazo_recurso_aberto
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import contato, convocacao, eliminacao, recursos, resultado
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_sincrono")]

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def _email(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def pdf(nome="prova.pdf", conteudo=PDF):
    return SimpleUploadedFile(nome, conteudo, content_type="application/pdf")


@pytest.fixture
def agora():
    return timezone.now()


@pytest.fixture
def preliminar_aberto(orgao, alice, agora):
    """Preliminar publicado ontem, prazo de recurso até depois de amanhã."""
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXCD")
    versao = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=1),
        recurso_fim=agora + dt.timedelta(days=2),
        agora=agora - dt.timedelta(days=1),
    )
    return vaga, ins, versao


# --- item 1: recurso -------------------------------------------------------------


def test_recurso_no_prazo_recebe_protocolo_anexos_auditoria_e_emails(
    preliminar_aberto, agora, alice, django_capture_on_commit_callbacks
):
    _vaga, ins, versao = preliminar_aberto
    with django_capture_on_commit_callbacks(execute=True):
        r = recursos.recurso_interpor(
            inscricao=ins["C"],
            assunto="Nota do critério 2",
            texto="A prova prática foi corrigida com a grade errada.",
            anexos=[pdf("grade.pdf"), pdf("prova.pdf")],
            agora=agora,
        )
    assert r.protocolo.startswith(f"REC-{timezone.localtime(agora):%Y}-")
    assert (r.origem, r.versao, r.situacao) == (OrigemRecurso.ONLINE, versao, "pendente")
    anexos = list(r.anexos.order_by("pk"))
    assert [a.nome_original for a in anexos] == ["grade.pdf", "prova.pdf"]
    assert anexos[0].arquivo.read().startswith(b"%PDF-")
    assert "grade.pdf" not in anexos[0].arquivo.name  # o nome no disco é gerado
    registro = RegistroAuditoria.objects.get(acao="recurso.interposto")
    assert registro.usuario_nome == ""
    assert registro.inscricao_id == ins["C"].pk
    para = {tuple(m.to): m.subject for m in mail.outbox}
    assert r.protocolo in para[(ins["C"].email,)]
    assert (alice.email,) in para  # o RH do órgão é avisado


@pytest.mark.parametrize(
    ("inicio", "fim"),
    [
        pytest.param(1, 2, id="antes_do_prazo"),
        pytest.param(-3, -1, id="depois_do_prazo"),
    ],
)
def test_recurso_fora_do_prazo_e_recusado(orgao, alice, agora, inicio, fim):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=agora + dt.timedelta(days=inicio),
        recurso_fim=agora + dt.timedelta(days=fim),
        agora=agora - dt.timedelta(days=4),
    )
    with pytest.raises(ValidationError, match="prazo de recurso não está aberto"):
        recursos.recurso_interpor(
            inscricao=ins["A"], assunto="x", texto="y", anexos=[], agora=agora
        )
    assert not Recurso.objects.exists()


def test_recurso_depois_do_final_e_recusado(orgao, alice):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    final = publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(hours=1))
    assert prazo_recurso_aberto(selecao=vaga.selecao, agora=final.publicado_em) is None
    with pytest.raises(ValidationError):
        recursos.recurso_interpor(
            inscricao=ins["A"], assunto="x", texto="y", anexos=[], agora=timezone.now()
        )


def test_um_recurso_pendente_por_inscricao(preliminar_aberto, agora):
    _vaga, ins, _versao = preliminar_aberto
    recursos.recurso_interpor(inscricao=ins["A"], assunto="a", texto="b", anexos=[], agora=agora)
    with pytest.raises(ValidationError, match="já tem um recurso"):
        recursos.recurso_interpor(
            inscricao=ins["A"], assunto="c", texto="d", anexos=[], agora=agora
        )
    assert Recurso.objects.count() == 1


def test_recurso_de_inscricao_desistente_e_recusado(preliminar_aberto, agora):
    _vaga, ins, _versao = preliminar_aberto
    convocacao.desistencia_pelo_candidato(inscricao=ins["B"], motivo="", agora=agora)
    with pytest.raises(ValidationError, match="desistente"):
        recursos.recurso_interpor(
            inscricao=ins["B"], assunto="a", texto="b", anexos=[], agora=agora
        )


# --- item 5: decisão chega ao candidato com a versão seguinte ----------------------


def test_decisao_so_chega_ao_candidato_com_a_publicacao_seguinte(
    preliminar_aberto, agora, alice, django_capture_on_commit_callbacks
):
    vaga, ins, _versao = preliminar_aberto
    r = recursos.recurso_interpor(
        inscricao=ins["D"], assunto="Nota", texto="Revisão", anexos=[], agora=agora
    )
    recursos.recurso_decidir(
        recurso=r,
        situacao=SituacaoRecurso.DEFERIDO,
        fundamentacao="Grade corrigida: nota revista.",
        usuario=alice,
        agora=agora,
    )
    area = area_do_candidato(inscricao_id=ins["D"].pk, agora=agora)
    assert area.recursos[0].decisao == ""
    assert area.recursos[0].fundamentacao == ""
    mail.outbox.clear()
    depois = agora + dt.timedelta(days=3)
    with django_capture_on_commit_callbacks(execute=True):
        final = resultado.resultado_publicar(
            selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=depois
        )
    r.refresh_from_db()
    assert r.comunicado_em == final.publicado_em
    area = area_do_candidato(inscricao_id=ins["D"].pk, agora=depois)
    assert (area.recursos[0].decisao, area.recursos[0].fundamentacao) == (
        "Deferido",
        "Grade corrigida: nota revista.",
    )
    avisos = [m for m in mail.outbox if m.to == [ins["D"].email]]
    assert len(avisos) == 1
    assert "Grade corrigida" in avisos[0].body
    # Rodar de novo (evento repetido) não comunica duas vezes.
    assert recursos.decisoes_comunicar(versao_id=final.pk) == []


def test_recurso_decidido_nao_se_decide_de_novo(preliminar_aberto, agora, alice):
    _vaga, ins, _versao = preliminar_aberto
    r = recursos.recurso_interpor(
        inscricao=ins["A"], assunto="a", texto="b", anexos=[], agora=agora
    )
    recursos.recurso_decidir(
        recurso=r, situacao="indeferido", fundamentacao="Sem razão.", usuario=alice, agora=agora
    )
    with pytest.raises(recursos.RecursoJaDecidido):
        recursos.recurso_decidir(
            recurso=r, situacao="deferido", fundamentacao="Mudei.", usuario=alice, agora=agora
        )
    r.refresh_from_db()
    assert r.situacao == "indeferido"


# --- item 2: defesa ----------------------------------------------------------------


@pytest.fixture
def processo_notificado(orgao, alice, agora):
    vaga = nova_vaga(orgao, codigo="ADM")
    ins = classificacao(vaga, "AXB")
    p = eliminacao.processo_abrir(
        inscricao=ins["X"],
        motivo="Fotografia incompatível com a autodeclaração.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=agora - dt.timedelta(days=2),
    )
    eliminacao.candidato_notificar(
        processo=p,
        prazo_defesa=timezone.localdate(agora) + dt.timedelta(days=5),
        usuario=alice,
        agora=agora - dt.timedelta(days=1),
    )
    p.refresh_from_db()
    return p


def test_defesa_no_prazo_com_anexos_e_uma_vez_so(
    processo_notificado, agora, alice, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        p = eliminacao.defesa_pelo_candidato(
            processo=processo_notificado,
            defesa="Sou parda; anexo a declaração.",
            anexos=[pdf("declaracao.pdf")],
            agora=agora,
        )
    assert p.defesa_recebida_em == agora
    assert AnexoCandidato.objects.get(processo=p).nome_original == "declaracao.pdf"
    assert {tuple(m.to) for m in mail.outbox} >= {(p.inscricao.email,), (alice.email,)}
    assert RegistroAuditoria.objects.filter(acao="eliminacao.defesa", usuario_nome="").exists()
    with pytest.raises(eliminacao.EtapaInvalida, match="já foi recebida"):
        eliminacao.defesa_pelo_candidato(processo=p, defesa="outra", anexos=[], agora=agora)
    # Com a defesa recebida, o gestor pode decidir antes do fim do prazo.
    area = area_do_candidato(inscricao_id=p.inscricao_id, agora=agora)
    nomes = [e.nome for e in area.processos[0].etapas]
    assert nomes == ["Processo aberto", "Candidato(a) notificado(a)", "Defesa recebida"]


def test_defesa_depois_do_prazo_e_recusada(processo_notificado):
    depois = timezone.now() + dt.timedelta(days=7)
    with pytest.raises(eliminacao.EtapaInvalida, match="prazo para defesa"):
        eliminacao.defesa_pelo_candidato(
            processo=processo_notificado, defesa="tarde", anexos=[], agora=depois
        )
    processo_notificado.refresh_from_db()
    assert processo_notificado.defesa == ""


# --- item 3: desistência -------------------------------------------------------------


@pytest.fixture
def convocados(orgao, alice):
    vaga = nova_vaga(orgao, ofertadas=2)
    ins = classificacao(vaga, "ABXCDYE")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=2,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )
    return vaga, ins


@pytest.mark.parametrize(
    ("etapa", "desfecho"),
    [
        pytest.param(SituacaoConvocacao.AGUARDANDO, SituacaoConvocacao.RECUSADA, id="convocado"),
        pytest.param(SituacaoConvocacao.ACEITA, SituacaoConvocacao.DESISTIU, id="aceitou"),
        pytest.param(SituacaoConvocacao.CONTRATADO, SituacaoConvocacao.DESISTIU, id="contratado"),
    ],
)
def test_desistencia_em_qualquer_etapa_libera_a_vaga_com_o_mesmo_k(
    convocados, alice, etapa, desfecho, django_capture_on_commit_callbacks
):
    """Regras, § 4: a vaga liberada vai ao próximo pela mesma regra, sem mudar k."""
    vaga, ins = convocados
    c = Convocacao.objects.get(inscricao=ins["A"])
    if etapa != SituacaoConvocacao.AGUARDANDO:
        convocacao.responder(convocacao=c, aceita=True, agora=timezone.now())
    if etapa == SituacaoConvocacao.CONTRATADO:
        convocacao.contratacao_registrar(
            convocacao=c, data_inicio=timezone.localdate(), numero_tce="TCE-1", usuario=alice
        )
    antes = estado_vaga(vaga)
    assert antes.a_convocar == ()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        convocacao.desistencia_pelo_candidato(
            inscricao=ins["A"], motivo="Mudei de cidade.", agora=timezone.now()
        )
    c.refresh_from_db()
    ins["A"].refresh_from_db()
    assert (c.situacao, ins["A"].situacao) == (desfecho, SituacaoInscricao.DESISTENTE)
    depois = estado_vaga(vaga)
    assert depois.k == antes.k
    assert [item.numero for item in depois.a_convocar] == [ins["X"].numero]
    assert {tuple(m.to) for m in mail.outbox} == {(ins["A"].email,), (alice.email,)}


def test_desistencia_antes_da_convocacao_tira_da_lista(
    convocados, django_capture_on_commit_callbacks
):
    vaga, ins = convocados
    with django_capture_on_commit_callbacks(execute=True):
        convocacao.desistencia_pelo_candidato(inscricao=ins["C"], motivo="", agora=timezone.now())
    ins["C"].refresh_from_db()
    assert ins["C"].situacao == SituacaoInscricao.DESISTENTE
    estado = estado_vaga(vaga)
    linha = next(linha for linha in estado.classificacao if linha.numero == ins["C"].numero)
    assert linha.situacao == SituacaoInscricao.DESISTENTE
    assert ins["C"].numero not in {i.numero for i in estado.ordem}


def test_desistencia_repetida_e_recusada(convocados):
    _vaga, ins = convocados
    convocacao.desistencia_pelo_candidato(inscricao=ins["C"], motivo="", agora=timezone.now())
    with pytest.raises(convocacao.AcaoInvalida, match="desistente"):
        convocacao.desistencia_pelo_candidato(inscricao=ins["C"], motivo="", agora=timezone.now())


# --- item 4: contato -------------------------------------------------------------------


def test_contato_avisa_o_email_anterior_e_nao_muda_a_inscricao(
    orgao, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "A")["A"]
    anterior, cpf, nome = ins.email, ins.cpf, ins.nome_civil
    with django_capture_on_commit_callbacks(execute=True):
        contato.contato_atualizar(
            inscricao=ins,
            email="Nova.Conta@Exemplo.org",
            telefone="(61) 3333-4444",
            agora=timezone.now(),
        )
    ins.refresh_from_db()
    assert (ins.email, ins.telefone) == ("nova.conta@exemplo.org", "(61) 3333-4444")
    assert (ins.cpf, ins.nome_civil) == (cpf, nome)
    destinos = sorted(m.to[0] for m in mail.outbox)
    assert destinos == sorted([anterior, "nova.conta@exemplo.org"])
    aviso = next(m for m in mail.outbox if m.to == [anterior])
    assert "n***@exemplo.org" in aviso.body
    assert "nova.conta" not in aviso.body
    registro = RegistroAuditoria.objects.get(acao="inscricao.contato")
    assert registro.depois["email"] == "n***@exemplo.org"


@pytest.mark.parametrize(
    ("email", "mensagem"),
    [
        pytest.param("nao-e-email", "E-mail", id="email_invalido"),
        pytest.param("candidato@exemplo.com", "nada mudou", id="igual"),
    ],
)
def test_contato_invalido_nao_grava_nada(orgao, email, mensagem):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "A")["A"]
    ins.email = "candidato@exemplo.com"
    ins.save()
    with pytest.raises(ValidationError, match=mensagem):
        contato.contato_atualizar(
            inscricao=ins, email=email, telefone=ins.telefone, agora=timezone.now()
        )
    assert not RegistroAuditoria.objects.filter(acao="inscricao.contato").exists()


def test_texto_do_candidato_nao_e_alterado_pelo_rh(
    preliminar_aberto, processo_notificado, agora, alice
):
    _vaga, ins, _versao = preliminar_aberto
    r = recursos.recurso_interpor(
        inscricao=ins["A"], assunto="a", texto="b", anexos=[], agora=agora
    )
    with pytest.raises(recursos.RecursoJaDecidido, match="o texto é dele"):
        recursos.recurso_registrar(
            selecao=r.selecao,
            inscricao=ins["A"],
            assunto="outro",
            texto="outro",
            recebido_em=agora,
            usuario=alice,
            recurso=r,
        )
    p = eliminacao.defesa_pelo_candidato(
        processo=processo_notificado, defesa="Minha defesa.", anexos=[], agora=agora
    )
    with pytest.raises(eliminacao.EtapaInvalida, match="não se altera"):
        eliminacao.defesa_registrar(processo=p, defesa="Resumo do RH.", usuario=alice, agora=agora)
    r.refresh_from_db()
    p.refresh_from_db()
    assert (r.texto, p.defesa) == ("b", "Minha defesa.")


def test_recurso_on_line_pendente_segura_o_resultado_final(preliminar_aberto, agora, alice):
    """A decisão entra na versão seguinte: sem decidir, o final não sai (regras de publicação)."""
    from candidatos.services.regras_publicacao import problemas_publicacao

    vaga, ins, _versao = preliminar_aberto
    recursos.recurso_interpor(inscricao=ins["A"], assunto="a", texto="b", anexos=[], agora=agora)
    problemas = problemas_publicacao(
        selecao=vaga.selecao,
        tipo=TipoResultado.FINAL,
        motivo="",
        recurso_inicio=None,
        recurso_fim=None,
        agora=agora + dt.timedelta(days=3),
    )
    assert any(ins["A"].numero in p.mensagem for p in problemas)
