"""Só o candidato age como candidato (issue 16, itens 2 e 3).

Número + CPF mostram a situação; agir (aceitar, recusar) exige um segredo que só
o candidato tem: o link pessoal enviado ao e-mail e, para a recusa (definitiva),
uma confirmação pelo código do comprovante ou por um link enviado ao e-mail.
O RH que registra um desfecho em nome do candidato faz um ato do RH, com o nome
do servidor e o motivo.
"""

import datetime as dt
import re
from urllib.parse import urlsplit

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, SituacaoConvocacao, SituacaoInscricao
from candidatos.services.inscricoes import formatar_codigo
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final

# Os e-mails saem pelo worker (issue 18): aqui, as tarefas rodam no próprio processo.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_sincrono")]

MINHA_SITUACAO = reverse("publico:minha_situacao")


@pytest.fixture(autouse=True)
def _email_e_limites(settings):
    from django.core.cache import cache

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def convocado(orgao, alice, celery_sincrono):
    """X, candidata negra, convocada pelo RH; o e-mail da convocação já saiu."""
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXCDYEZW")
    publicar_final(vaga.selecao, alice, agora=timezone.now() - dt.timedelta(days=1))
    from candidatos.services import convocacao as servico

    servico.proximos_convocar(
        vaga=vaga,
        quantidade=3,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )
    mail.outbox.clear()
    return Convocacao.objects.get(inscricao=ins["X"])


def _caminho(link):
    partes = urlsplit(link)
    return partes.path


def test_numero_e_cpf_mostram_a_situacao_mas_nao_o_link_de_resposta(client, convocado):
    """Antes: número (público) + CPF mostravam /convocacao/<token>/ e a recusa valia."""
    ins = convocado.inscricao
    resposta = client.post(MINHA_SITUACAO, {"numero": ins.numero, "cpf": ins.cpf})
    html = resposta.content.decode()
    assert resposta.context["situacao"] is not None
    assert "Aguardando resposta" in html
    assert convocado.token not in html
    assert "/convocacao/" not in html
    assert "link enviado ao seu e-mail" in html


def test_codigo_do_comprovante_mostra_o_link_de_resposta(client, convocado):
    ins = convocado.inscricao
    impresso = formatar_codigo(ins.codigo_verificacao)
    resposta = client.post(MINHA_SITUACAO, {"numero": ins.numero, "codigo": impresso})
    assert f'href="/convocacao/{convocado.token}/"' in resposta.content.decode()


def test_recusa_pelo_link_pede_confirmacao_e_nada_muda_antes(client, convocado):
    url = reverse("convocacao_publica:responder", args=[convocado.token])
    resposta = client.post(url, {"resposta": "recusar", "confirmo": "on"})
    assert resposta.status_code == 302
    assert resposta.url == reverse("convocacao_publica:recusar", args=[convocado.token])
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO
    pagina = client.get(resposta.url)
    assert pagina.status_code == 200
    texto = pagina.content.decode()
    assert "Código de verificação" in texto
    assert "definitiva" in texto


@pytest.mark.parametrize("como", ["impresso", "minusculas", "cru"])
def test_recusa_confirmada_pelo_codigo_vale_na_hora_e_e_definitiva(client, convocado, como):
    ins = convocado.inscricao
    codigo = {
        "impresso": formatar_codigo(ins.codigo_verificacao),
        "minusculas": formatar_codigo(ins.codigo_verificacao).lower().replace("-", " "),
        "cru": ins.codigo_verificacao,
    }[como]
    url = reverse("convocacao_publica:recusar", args=[convocado.token])
    resposta = client.post(url, {"codigo": codigo, "confirmo": "on"})
    assert resposta.status_code == 302
    convocado.refresh_from_db()
    ins.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.RECUSADA
    assert ins.situacao == SituacaoInscricao.DESISTENTE
    registro = RegistroAuditoria.objects.get(acao="convocacao.recusada")
    assert registro.usuario_id is None  # ato do próprio candidato
    assert "código do comprovante" in registro.motivo
    # definitiva: não há volta nem segunda resposta
    aceitar = client.post(
        reverse("convocacao_publica:responder", args=[convocado.token]),
        {"resposta": "aceitar", "confirmo": "on"},
    )
    assert aceitar.status_code == 302
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.RECUSADA


def test_recusa_com_codigo_errado_nada_muda(client, convocado):
    url = reverse("convocacao_publica:recusar", args=[convocado.token])
    resposta = client.post(url, {"codigo": "AAAA-BBBB-CCCC", "confirmo": "on"})
    assert resposta.status_code == 400
    assert "Código de verificação" in resposta.content.decode()
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO


def test_recusa_confirmada_pelo_link_enviado_ao_email(
    client, convocado, django_capture_on_commit_callbacks
):
    ins = convocado.inscricao
    pedir = reverse("convocacao_publica:recusar_link", args=[convocado.token])
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(pedir).status_code == 302
    [mensagem] = mail.outbox
    assert mensagem.to == [ins.email]
    [link] = re.findall(r"https?://\S+", mensagem.body)
    caminho = _caminho(link)
    # Abrir o link (ou um antivírus que o visite) não recusa: só o botão da página.
    pagina = client.get(caminho)
    assert pagina.status_code == 200
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO
    assert client.post(caminho).status_code == 302
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.RECUSADA
    registro = RegistroAuditoria.objects.get(acao="convocacao.recusada")
    assert "link enviado ao e-mail" in registro.motivo


def test_link_de_recusa_forjado_ou_de_outra_convocacao_nao_vale(
    client, convocado, django_capture_on_commit_callbacks
):
    outra = Convocacao.objects.exclude(pk=convocado.pk).first()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("convocacao_publica:recusar_link", args=[outra.token]))
    [link] = re.findall(r"https?://\S+", mail.outbox[0].body)
    assinatura = _caminho(link).rstrip("/").rsplit("/", 1)[1]
    for forjada in [assinatura, "abc", "1:abc:def"]:
        url = reverse("convocacao_publica:recusar_confirmar", args=[convocado.token, forjada])
        assert client.post(url).status_code == 404
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO


def test_pedidos_de_link_de_recusa_tem_teto(client, convocado, django_capture_on_commit_callbacks):
    pedir = reverse("convocacao_publica:recusar_link", args=[convocado.token])
    for _ in range(6):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(pedir)
    assert 1 <= len(mail.outbox) <= 3


def test_rh_com_cpf_e_numero_nao_recusa_pelo_candidato(client, bruno, convocado):
    """Operador com os dados da ficha (número e CPF): vê a situação, não age."""
    client.force_login(bruno)
    ins = convocado.inscricao
    html = client.post(MINHA_SITUACAO, {"numero": ins.numero, "cpf": ins.cpf}).content.decode()
    assert convocado.token not in html
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO


def test_desfecho_registrado_pelo_rh_e_ato_do_rh_com_nome_e_motivo(client, bruno, convocado):
    client.force_login(bruno)
    resposta = client.post(
        reverse("classificacao:encerrar", args=[convocado.pk]),
        {
            "situacao": SituacaoConvocacao.RECUSADA,
            "data": timezone.localdate().isoformat(),
            "motivo": "",
        },
    )
    assert resposta.status_code == 400  # sem motivo, nada
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.AGUARDANDO
    client.post(
        reverse("classificacao:encerrar", args=[convocado.pk]),
        {
            "situacao": SituacaoConvocacao.RECUSADA,
            "data": timezone.localdate().isoformat(),
            "motivo": "Recusa por ofício nº 12/2026, entregue no protocolo.",
        },
    )
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.RECUSADA
    registro = RegistroAuditoria.objects.get(acao="convocacao.recusada")
    assert (registro.usuario_id, registro.usuario_nome) == (bruno.pk, "bruno")
    assert registro.motivo == "Recusa por ofício nº 12/2026, entregue no protocolo."
    assert "pelo RH" in registro.descricao


def test_quem_aceitou_desiste_em_dois_passos_e_a_desistencia_e_definitiva(client, convocado):
    """Desistência do próprio candidato depois do aceite (art. 4º, § 2º): os mesmos
    dois passos da recusa; antes da confirmação nada muda."""
    client.post(
        reverse("convocacao_publica:responder", args=[convocado.token]),
        {"resposta": "aceitar", "confirmo": "on"},
    )
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.ACEITA
    pagina = client.get(reverse("convocacao_publica:detalhe", args=[convocado.token]))
    assert "Desistir da vaga" in pagina.content.decode()
    url = reverse("convocacao_publica:recusar", args=[convocado.token])
    assert "definitiva" in client.get(url).content.decode()
    errado = client.post(url, {"codigo": "AAAA-BBBB-CCCC", "confirmo": "on"})
    assert errado.status_code == 400
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.ACEITA
    impresso = formatar_codigo(convocado.inscricao.codigo_verificacao)
    assert client.post(url, {"codigo": impresso, "confirmo": "on"}).status_code == 302
    convocado.refresh_from_db()
    convocado.inscricao.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.DESISTIU
    assert convocado.inscricao.situacao == SituacaoInscricao.DESISTENTE
    registro = RegistroAuditoria.objects.get(acao="convocacao.desistiu")
    assert registro.usuario_id is None
    assert "código do comprovante" in registro.motivo


def test_contratado_nao_desiste_pela_pagina_publica(client, alice, convocado):
    """Depois da contratação o desligamento é do RH (termo de compromisso)."""
    from candidatos.services import convocacao as servico

    servico.contratacao_registrar(
        convocacao=convocado, data_inicio=timezone.localdate(), numero_tce="TCE 1", usuario=alice
    )
    url = reverse("convocacao_publica:recusar", args=[convocado.token])
    impresso = formatar_codigo(convocado.inscricao.codigo_verificacao)
    client.post(url, {"codigo": impresso, "confirmo": "on"})
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.CONTRATADO


def test_desistencia_pelo_link_do_email(client, convocado, django_capture_on_commit_callbacks):
    client.post(
        reverse("convocacao_publica:responder", args=[convocado.token]),
        {"resposta": "aceitar", "confirmo": "on"},
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("convocacao_publica:recusar_link", args=[convocado.token]))
    [mensagem] = mail.outbox
    assert "DESISTIR" in mensagem.body
    [link] = re.findall(r"https?://\S+", mensagem.body)
    assert "Confirmar a desistência" in client.get(_caminho(link)).content.decode()
    assert client.post(_caminho(link)).status_code == 302
    convocado.refresh_from_db()
    assert convocado.situacao == SituacaoConvocacao.DESISTIU
    assert (
        "link enviado ao e-mail" in RegistroAuditoria.objects.get(acao="convocacao.desistiu").motivo
    )
