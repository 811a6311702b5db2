"""Mensagens registradas, enviadas uma vez, reenviadas pelo RH do órgão (issue 17, item 9)."""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse

from candidatos.services import mensagens
from selecoes import correio
from selecoes.models import Mensagem, RegistroAuditoria, SituacaoMensagem, TarefaPendente
from tests.confiabilidade.processos import porta_livre
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def mensagem(orgao):
    selecao = SelecaoFactory(orgao=orgao)
    return Mensagem.objects.create(
        orgao=orgao,
        selecao=selecao,
        destinatario="candidata@exemplo.com",
        assunto="Convocação",
        modelo="convocacao",
        corpo="Abra o link pessoal: https://exemplo/convocacao/segredo/",
    )


@pytest.fixture(autouse=True)
def _locmem(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def test_correio_envia_uma_vez_mesmo_com_a_tarefa_repetida(mensagem):
    assert correio.mensagem_enviar(mensagem_id=mensagem.pk) is True
    assert correio.mensagem_enviar(mensagem_id=mensagem.pk) is False
    assert len(mail.outbox) == 1
    mensagem.refresh_from_db()
    assert mensagem.situacao == SituacaoMensagem.ENVIADA
    assert mensagem.tentativas == 1
    assert mensagem.enviada_em is not None


def test_correio_smtp_fora_do_ar_vira_erro_visivel(mensagem, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = porta_livre()
    settings.EMAIL_TIMEOUT = 1
    assert correio.mensagem_enviar(mensagem_id=mensagem.pk) is False
    mensagem.refresh_from_db()
    assert mensagem.situacao == SituacaoMensagem.ERRO
    assert "ConnectionRefusedError" in mensagem.erro


def test_correio_texto_do_sistema_registrado_com_o_orgao(orgao):
    vaga = VagaEstagioFactory(selecao=SelecaoFactory(orgao=orgao))
    inscricao = InscricaoFactory(vaga=vaga)
    mensagens.texto_enfileirar(
        modelo="inscricao_substituida",
        contexto={"anterior": inscricao, "selecao": vaga.selecao, "nova": inscricao},
        para=inscricao.email,
    )
    registrada = Mensagem.objects.get()
    assert registrada.orgao_id == orgao.pk
    assert registrada.inscricao_id == inscricao.pk
    assert registrada.modelo == "inscricao_substituida"
    assert registrada.situacao == SituacaoMensagem.PENDENTE
    assert TarefaPendente.objects.get().argumentos == [registrada.pk]


def test_correio_reenvio_pelo_operador_auditado(client, bruno, mensagem):
    Mensagem.objects.filter(pk=mensagem.pk).update(situacao=SituacaoMensagem.ERRO, erro="falhou")
    client.force_login(bruno)
    resposta = client.post(reverse("mensagens:reenviar", args=[mensagem.pk]))
    assert resposta.status_code == 302
    mensagem.refresh_from_db()
    assert mensagem.situacao == SituacaoMensagem.PENDENTE
    registro = RegistroAuditoria.objects.get(acao="mensagem.reenviada")
    assert registro.usuario == bruno
    assert registro.antes == {"situacao": "erro", "erro": "falhou"}
    assert TarefaPendente.objects.get().tarefa == "selecoes.enviar_mensagem"


@pytest.mark.parametrize(("quem", "status"), [("diego", 404), ("carla", 403)])
def test_correio_reenvio_recusado_fora_do_orgao_ou_sem_papel(
    client, request, mensagem, quem, status
):
    client.force_login(request.getfixturevalue(quem))
    assert client.post(reverse("mensagens:reenviar", args=[mensagem.pk])).status_code == status
    assert not RegistroAuditoria.objects.filter(acao="mensagem.reenviada").exists()
    assert not TarefaPendente.objects.exists()


def test_correio_caixa_local_mostra_o_texto_so_em_desenvolvimento(
    client, carla, mensagem, settings
):
    client.force_login(carla)
    settings.CAIXA_SAIDA_LOCAL = True
    lista = client.get(reverse("mensagens:lista")).text
    assert "candidata@exemplo.com" in lista
    assert "Reenviar" not in lista  # auditora vê, não reenvia
    detalhe = client.get(reverse("mensagens:detalhe", args=[mensagem.pk]))
    assert "link pessoal" in detalhe.text
    settings.CAIXA_SAIDA_LOCAL = False
    assert "Caixa de saída local" not in client.get(reverse("mensagens:lista")).text
    assert client.get(reverse("mensagens:detalhe", args=[mensagem.pk])).status_code == 404


def test_correio_lista_nao_mostra_mensagem_de_outro_orgao(client, diego, mensagem):
    client.force_login(diego)
    assert "candidata@exemplo.com" not in client.get(reverse("mensagens:lista")).text
    assert client.get(reverse("mensagens:detalhe", args=[mensagem.pk])).status_code == 404


def test_correio_retencao_apaga_as_mensagens_da_selecao(mensagem, orgao, tmp_path, settings):
    """LGPD: as mensagens guardam endereço e texto; saem com os dados da seleção."""
    from candidatos.services import retencao
    from tests.confiabilidade.test_retencao import _cenario

    settings.MEDIA_ROOT = tmp_path
    selecao, negra, *_ = _cenario()
    da_selecao = Mensagem.objects.create(
        orgao=selecao.orgao,
        selecao=selecao,
        inscricao_id=negra.pk,
        destinatario=negra.email,
        assunto="Comprovante",
        modelo="inscricao_comprovante",
        corpo=f"Olá, {negra.nome_civil}.",
    )
    (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)
    retencao.selecao_anonimizar(plano=plano, meses=60)
    assert not Mensagem.objects.filter(pk=da_selecao.pk).exists()
    assert Mensagem.objects.filter(pk=mensagem.pk).exists()  # outra seleção, vigente
    registro = RegistroAuditoria.objects.get(acao=retencao.ACAO_AUDITORIA)
    assert registro.depois["mensagens_apagadas"] == 1
