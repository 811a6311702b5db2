"""Quem conhece um CPF não substitui a inscrição de outra pessoa (issue 16, itens 1 e 4).

A nova inscrição de um CPF que já tem inscrição ativa só vale confirmada pelo
canal da anterior: o código de verificação do comprovante anterior, digitado no
formulário, ou o link enviado ao e-mail da anterior. O e-mail da anterior é
sempre avisado; o limite de tentativas conta quem envia (IP), nunca o CPF.
"""

import re
from urllib.parse import urlsplit

import pytest
from django.core import mail

from candidatos.models import CorRaca, Inscricao, SituacaoInscricao
from candidatos.services.inscricoes import formatar_codigo
from selecoes.models import RegistroAuditoria
from tests.candidatos.inscricoes.test_formulario import dados_post, url

# Os e-mails saem pelo worker (issue 18): aqui, as tarefas rodam no próprio processo.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_sincrono")]

IP_VITIMA = "10.9.0.1"
IP_ATACANTE = "10.6.6.6"


def dados_atacante(vaga, **extra):
    return dados_post(
        vaga,
        nome_civil="Fulano Atacante",
        email="atacante@exemplo.net",
        email_confirmacao="atacante@exemplo.net",
        cor_raca=CorRaca.BRANCA,
        concorre_negros=None,
        **extra,
    )


@pytest.fixture
def vitima(client, selecao, vaga, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url(selecao), dados_post(vaga), REMOTE_ADDR=IP_VITIMA)
    assert resposta.status_code == 302
    mail.outbox.clear()
    return Inscricao.objects.get()


def _link_do_email(mensagem):
    [link] = re.findall(r"https?://\S+autorizacao=\S+", mensagem.body)
    partes = urlsplit(link)
    return f"{partes.path}?{partes.query}"


def test_cpf_conhecido_nao_substitui_a_inscricao_da_vitima(
    client, selecao, vaga, vitima, django_capture_on_commit_callbacks
):
    outra_vaga = selecao.vagas.get(codigo="TI")
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url(selecao), dados_atacante(outra_vaga), REMOTE_ADDR=IP_ATACANTE)
    assert resposta.status_code == 200
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.ATIVA
    assert Inscricao.objects.count() == 1
    assert not RegistroAuditoria.objects.filter(acao="inscricao.substituida").exists()
    # O aviso vai ao e-mail da inscrição anterior; nada vai ao endereço do atacante.
    assert [m.to for m in mail.outbox] == [["maria@exemplo.com"]]
    assert "Fulano" not in mail.outbox[0].body
    html = resposta.content.decode()
    assert "Código de verificação da inscrição anterior" in html
    assert vitima.numero not in html  # quem envia não descobre o número da inscrição


def test_codigo_anterior_errado_nao_substitui(client, selecao, vaga, vitima):
    resposta = client.post(
        url(selecao),
        dados_atacante(vaga, codigo_anterior="AAAA-BBBB-CCCC"),
        REMOTE_ADDR=IP_ATACANTE,
    )
    assert resposta.status_code == 200
    assert "codigo_anterior" in resposta.context["form"].errors
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.ATIVA
    assert Inscricao.objects.count() == 1


@pytest.mark.parametrize("como", ["impresso", "minusculas_com_espacos", "cru"])
def test_codigo_anterior_como_impresso_confirma_a_substituicao(
    client, selecao, vaga, vitima, como, django_capture_on_commit_callbacks
):
    impresso = formatar_codigo(vitima.codigo_verificacao)
    codigo = {
        "impresso": impresso,
        "minusculas_com_espacos": " " + impresso.replace("-", " ").lower() + " ",
        "cru": vitima.codigo_verificacao,
    }[como]
    outra_vaga = selecao.vagas.get(codigo="TI")
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            url(selecao),
            dados_post(
                outra_vaga,
                email="nova@exemplo.com",
                email_confirmacao="nova@exemplo.com",
                codigo_anterior=codigo,
            ),
            REMOTE_ADDR=IP_VITIMA,
        )
    assert resposta.status_code == 302
    vitima.refresh_from_db()
    nova = Inscricao.objects.get(situacao=SituacaoInscricao.ATIVA)
    assert vitima.situacao == SituacaoInscricao.SUBSTITUIDA
    assert nova.substitui == vitima
    assert nova.vaga == outra_vaga
    # Comprovante para o novo endereço e aviso da substituição para o anterior.
    destinos = sorted(m.to[0] for m in mail.outbox)
    assert destinos == ["maria@exemplo.com", "nova@exemplo.com"]
    [aviso] = [m for m in mail.outbox if m.to == ["maria@exemplo.com"]]
    assert vitima.numero in aviso.body
    assert nova.numero in aviso.body


def test_link_enviado_ao_email_anterior_autoriza_a_substituicao(
    client, selecao, vaga, vitima, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(selecao), dados_post(vaga, curso="Letras"), REMOTE_ADDR=IP_VITIMA)
    [pedido] = mail.outbox
    link = _link_do_email(pedido)
    formulario = client.get(link)
    assert formulario.status_code == 200
    autorizacao = formulario.context["form"]["autorizacao"].value()
    assert autorizacao
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            url(selecao), dados_post(vaga, curso="Letras", autorizacao=autorizacao)
        )
    assert resposta.status_code == 302
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.SUBSTITUIDA
    assert Inscricao.objects.get(situacao=SituacaoInscricao.ATIVA).curso == "Letras"
    # Usado uma vez: a mesma autorização não substitui a nova inscrição.
    de_novo = client.post(url(selecao), dados_post(vaga, curso="Artes", autorizacao=autorizacao))
    assert de_novo.status_code == 200
    assert Inscricao.objects.get(situacao=SituacaoInscricao.ATIVA).curso == "Letras"


def test_autorizacao_forjada_ou_de_outra_inscricao_nao_vale(client, selecao, vaga, vitima):
    for forjada in ["x", "1:abc:def", vitima.codigo_verificacao]:
        resposta = client.post(url(selecao), dados_atacante(vaga, autorizacao=forjada))
        assert resposta.status_code == 200
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.ATIVA


def test_envios_com_o_cpf_da_vitima_nao_a_bloqueiam(
    client, selecao, vaga, vitima, django_capture_on_commit_callbacks
):
    """Antes: seis envios com o CPF bloqueavam a pessoa por 10 minutos (limite por CPF)."""
    for _ in range(8):
        client.post(url(selecao), dados_atacante(vaga, aceite_termo=None), REMOTE_ADDR=IP_ATACANTE)
    for _ in range(8):
        client.post(url(selecao), dados_atacante(vaga), REMOTE_ADDR=IP_ATACANTE)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            url(selecao),
            dados_post(vaga, codigo_anterior=formatar_codigo(vitima.codigo_verificacao)),
            REMOTE_ADDR=IP_VITIMA,
        )
    assert resposta.status_code == 302
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.SUBSTITUIDA


def test_avisos_ao_email_anterior_tem_teto(
    client, selecao, vaga, vitima, settings, django_capture_on_commit_callbacks
):
    """Muitas tentativas não viram uma enxurrada de e-mails na caixa da vítima."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    for n in range(12):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(url(selecao), dados_atacante(vaga), REMOTE_ADDR=f"10.7.0.{n}")
    assert 1 <= len(mail.outbox) <= 3
    assert {m.to[0] for m in mail.outbox} == {"maria@exemplo.com"}


def test_email_do_comprovante_nao_repete_texto_escolhido_por_quem_envia(
    client, selecao, vaga, django_capture_on_commit_callbacks
):
    """O formulário não serve de repetidor de texto oficial para qualquer endereço."""
    isca = "URGENTE: seu CPF foi bloqueado, regularize em http://golpe.example"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            url(selecao),
            dados_post(
                vaga,
                nome_civil=isca,
                nome_social=isca,
                instituicao_ensino=isca,
                curso=isca,
                periodo_curso="acesse golpe.example",
                email="alvo@exemplo.org",
                email_confirmacao="alvo@exemplo.org",
            ),
        )
    [mensagem] = mail.outbox
    assert mensagem.to == ["alvo@exemplo.org"]
    textos = [mensagem.subject, mensagem.body, *(c for c, _ in mensagem.alternatives)]
    for texto in textos:
        assert "golpe" not in texto
        assert "URGENTE" not in texto


def test_comprovantes_para_o_mesmo_endereco_tem_teto(
    client, selecao, vaga, django_capture_on_commit_callbacks
):
    """Várias inscrições (CPFs diferentes) com o e-mail de outra pessoa: poucas mensagens."""
    from tests.factories import gerar_cpf

    for n in range(8):
        with django_capture_on_commit_callbacks(execute=True):
            resposta = client.post(
                url(selecao),
                dados_post(
                    vaga,
                    cpf=gerar_cpf(5000 + n),
                    email="alvo@exemplo.org",
                    email_confirmacao="alvo@exemplo.org",
                ),
                REMOTE_ADDR=f"10.8.0.{n}",
            )
        assert resposta.status_code == 302  # a inscrição vale; só o e-mail é contido
    assert 1 <= len(mail.outbox) <= 5


def test_cpf_de_inscricao_encerrada_nao_revela_numero_nem_situacao(client, selecao, vaga, vitima):
    Inscricao.objects.filter(pk=vitima.pk).update(situacao=SituacaoInscricao.ELIMINADA)
    resposta = client.post(url(selecao), dados_atacante(vaga), REMOTE_ADDR=IP_ATACANTE)
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert vitima.numero not in html
    assert "Eliminada" not in html
    assert "CPF:" in html
    assert Inscricao.objects.count() == 1


def test_link_de_substituicao_da_propria_inscricao_nao_serve_para_a_de_outro_cpf(
    client, selecao, vaga, vitima, django_capture_on_commit_callbacks
):
    """O atacante pede o link para a própria inscrição e tenta usá-lo com o CPF da vítima."""
    from tests.factories import gerar_cpf

    cpf_atacante = gerar_cpf(9090)
    proprios = dados_atacante(vaga, cpf=cpf_atacante)
    client.post(url(selecao), proprios, REMOTE_ADDR=IP_ATACANTE)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(selecao), proprios, REMOTE_ADDR=IP_ATACANTE)
    [pedido] = [m for m in mail.outbox if m.to == ["atacante@exemplo.net"]]
    autorizacao = client.get(_link_do_email(pedido)).context["form"]["autorizacao"].value()
    resposta = client.post(
        url(selecao), dados_atacante(vaga, autorizacao=autorizacao), REMOTE_ADDR=IP_ATACANTE
    )
    assert resposta.status_code == 200
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.ATIVA


def test_link_de_recusa_nao_serve_de_autorizacao_de_substituicao(client, selecao, vaga, vitima):
    """Assinaturas de propósitos diferentes não se trocam (``salt`` próprio)."""
    from django.core import signing

    alheia = signing.dumps({"i": vitima.pk, "s": selecao.pk}, salt="candidatos.convocacao.recusa")
    resposta = client.post(url(selecao), dados_atacante(vaga, autorizacao=alheia))
    assert resposta.status_code == 200
    vitima.refresh_from_db()
    assert vitima.situacao == SituacaoInscricao.ATIVA
