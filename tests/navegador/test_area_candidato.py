"""A área do candidato num navegador de verdade (issue 17, itens 1 a 4), axe-core limpo.

O candidato entra em "Minha situação" com o número e o código do comprovante e, dali,
recorre do resultado preliminar com um PDF, apresenta defesa no processo de apuração,
corrige o contato e desiste; quem só tem o CPF não vê nenhuma dessas ações.
"""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Recurso, SituacaoInscricao, TipoResultado
from candidatos.services import eliminacao, resultado
from candidatos.services.inscricoes import formatar_codigo
from tests.candidatos.classificacao.factories import classificacao, nova_vaga
from tests.navegador.test_acessibilidade import violacoes_graves

pytestmark = [
    pytest.mark.navegador,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("celery_sincrono"),
]

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def _email(settings, tmp_path):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.MEDIA_ROOT = tmp_path / "midia"


@pytest.fixture
def cenario(live_server, orgao, alice):
    agora = timezone.now()
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXC")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=1),
        recurso_fim=agora + dt.timedelta(days=2),
        agora=agora - dt.timedelta(days=1),
    )
    return ins


def _entrar(pagina, base, inscricao, *, cpf=False):
    pagina.goto(base + reverse("publico:minha_situacao"))
    pagina.get_by_label("Número de inscrição").fill(inscricao.numero)
    if cpf:
        pagina.get_by_label("CPF", exact=True).fill(inscricao.cpf)
    else:
        pagina.get_by_label("Código de verificação").fill(
            formatar_codigo(inscricao.codigo_verificacao)
        )
    with pagina.expect_navigation():
        pagina.get_by_role("button", name="Consultar").click()


def _enviar(pagina, nome):
    with pagina.expect_navigation():
        pagina.get_by_role("button", name=nome).click()


def test_quem_so_tem_o_cpf_nao_ve_acoes(pagina, live_server, cenario):
    _entrar(pagina, live_server.url, cenario["B"], cpf=True)
    assert pagina.get_by_role("heading", name=f"Inscrição nº {cenario['B'].numero}").is_visible()
    assert pagina.get_by_role("heading", name="Área do candidato").count() == 0
    assert pagina.get_by_role("link", name="Desistir da seleção").count() == 0
    pagina.goto(live_server.url + reverse("publico:area_desistencia"))
    assert pagina.url.endswith(reverse("publico:minha_situacao"))
    assert pagina.get_by_text("código de verificação do comprovante").first.is_visible()


def test_candidato_recorre_com_pdf_e_recebe_protocolo(pagina, live_server, cenario):
    base = live_server.url
    _entrar(pagina, base, cenario["C"])
    assert violacoes_graves(pagina) == []
    with pagina.expect_navigation():
        pagina.get_by_role("link", name="Recorrer do resultado preliminar").click()
    assert violacoes_graves(pagina) == []
    # Sem texto: o erro nomeia o campo e nada é gravado.
    pagina.get_by_label("Assunto").fill("Nota do critério 2")
    _enviar(pagina, "Enviar recurso")
    assert pagina.get_by_role("alert").get_by_text("Texto do recurso").is_visible()
    assert violacoes_graves(pagina) == []
    pagina.get_by_label("Texto do recurso").fill("A prova foi corrigida com a grade errada.")
    pagina.get_by_label("Anexos (PDF)").set_input_files(
        [{"name": "prova.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    _enviar(pagina, "Enviar recurso")
    r = Recurso.objects.get()
    assert pagina.get_by_role("heading", name=f"Recurso — protocolo {r.protocolo}").is_visible()
    assert pagina.get_by_text("prova.pdf").is_visible()
    assert violacoes_graves(pagina) == []
    assert any(r.protocolo in m.subject for m in mail.outbox if m.to == [cenario["C"].email])


def test_candidato_apresenta_defesa_no_prazo(pagina, live_server, cenario, alice):
    ins = cenario["X"]
    p = eliminacao.processo_abrir(
        inscricao=ins,
        motivo="Fotografia incompatível com a autodeclaração.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=timezone.now(),
    )
    eliminacao.candidato_notificar(
        processo=p,
        prazo_defesa=timezone.localdate() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )
    _entrar(pagina, live_server.url, ins)
    with pagina.expect_navigation():
        pagina.get_by_role("link", name="Enviar defesa no processo de apuração").click()
    assert pagina.get_by_text("Fotografia incompatível").is_visible()
    assert violacoes_graves(pagina) == []
    pagina.get_by_label("Sua defesa").fill("Sou parda; anexo a declaração e fotos.")
    pagina.get_by_label("Anexos (PDF)").set_input_files(
        [{"name": "declaracao.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    _enviar(pagina, "Enviar defesa")
    etapas = pagina.locator("ol.etapas").inner_text()
    assert "Processo aberto" in etapas
    assert "Candidato(a) notificado(a)" in etapas
    assert "Defesa recebida" in etapas
    assert pagina.get_by_role("button", name="Enviar defesa").count() == 0
    assert violacoes_graves(pagina) == []
    p.refresh_from_db()
    assert p.defesa.startswith("Sou parda")


def test_candidato_corrige_contato_e_o_email_anterior_e_avisado(pagina, live_server, cenario):
    ins = cenario["A"]
    anterior = ins.email
    _entrar(pagina, live_server.url, ins)
    with pagina.expect_navigation():
        pagina.get_by_role("link", name="Corrigir e-mail ou telefone").click()
    assert violacoes_graves(pagina) == []
    pagina.get_by_label("E-mail").fill("nao-e-email")
    _enviar(pagina, "Salvar contato")
    assert pagina.get_by_role("alert").is_visible()
    assert violacoes_graves(pagina) == []
    pagina.get_by_label("E-mail").fill("novo.endereco@exemplo.org")
    _enviar(pagina, "Salvar contato")
    assert pagina.get_by_text("Contato atualizado").is_visible()
    ins.refresh_from_db()
    assert ins.email == "novo.endereco@exemplo.org"
    assert anterior in [m.to[0] for m in mail.outbox]


def test_candidato_desiste_com_confirmacao(pagina, live_server, cenario, alice):
    ins = cenario["B"]
    _entrar(pagina, live_server.url, ins)
    with pagina.expect_navigation():
        pagina.get_by_role("link", name="Desistir da seleção").click()
    assert violacoes_graves(pagina) == []
    _enviar(pagina, "Confirmar a desistência")
    assert pagina.get_by_role("alert").get_by_text("marque a caixa").is_visible()
    ins.refresh_from_db()
    assert ins.situacao == SituacaoInscricao.ATIVA
    pagina.get_by_label("Motivo (opcional)").fill("Consegui outro estágio.")
    pagina.get_by_label("Confirmo que desisto").check()
    _enviar(pagina, "Confirmar a desistência")
    assert pagina.get_by_text("Desistência registrada").is_visible()
    assert pagina.get_by_text("Desistente").first.is_visible()
    assert pagina.get_by_role("link", name="Desistir da seleção").count() == 0
    assert violacoes_graves(pagina) == []
    ins.refresh_from_db()
    assert ins.situacao == SituacaoInscricao.DESISTENTE
    assert alice.email in [m.to[0] for m in mail.outbox]


def test_sem_o_codigo_o_link_chega_ao_email_da_inscricao(pagina, live_server, cenario):
    import re
    from urllib.parse import urlsplit

    ins = cenario["A"]
    _entrar(pagina, live_server.url, ins, cpf=True)
    assert violacoes_graves(pagina) == []
    _enviar(pagina, "Receber o link de acesso por e-mail")
    assert pagina.get_by_text("Enviamos o link de acesso").is_visible()
    assert pagina.get_by_role("heading", name="Área do candidato").count() == 0
    (mensagem,) = [m for m in mail.outbox if m.to == [ins.email]]
    link = re.search(r"https?://\S+/minha-situacao/acesso/\S+/", mensagem.body).group(0)
    pagina.goto(live_server.url + urlsplit(link).path)
    assert pagina.get_by_role("heading", name="Área do candidato").is_visible()
    assert pagina.get_by_role("link", name="Corrigir e-mail ou telefone").is_visible()
    assert violacoes_graves(pagina) == []
