"""Formulário público de inscrição: validações, período, substituição, e-mail, limites."""

import datetime as dt
import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from candidatos.models import CorRaca, Inscricao, SituacaoInscricao
from selecoes.models import RegistroAuditoria, SituacaoSelecao
from tests.candidatos.inscricoes.conftest import pdf
from tests.factories import SelecaoFactory, VagaEstagioFactory

CPF = "529.982.247-25"


def dados_post(vaga_escolhida, **alteracoes):
    dados = {
        "vaga": vaga_escolhida.pk,
        "nome_civil": "Maria Aparecida dos Santos",
        "nome_social": "",
        "cpf": CPF,
        "data_nascimento": "2003-05-17",
        "email": "maria@exemplo.com",
        "email_confirmacao": "Maria@Exemplo.com",
        "telefone": "(61) 99999-0000",
        "instituicao_ensino": "Universidade de Brasília",
        "curso": "Direito",
        "periodo_curso": "5º semestre",
        "cor_raca": CorRaca.PARDA,
        "concorre_negros": "on",
        "aceite_termo": "on",
    }
    dados.update(alteracoes)
    return {k: v for k, v in dados.items() if v is not None}


def url(selecao):
    return reverse("inscricao_publica:formulario", args=[selecao.pk])


@pytest.mark.django_db
def test_inscricao_valida_grava_redireciona_e_envia_email(
    client, selecao, vaga, django_capture_on_commit_callbacks, celery_sincrono
):
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(url(selecao), dados_post(vaga, nome_social="Maria Clara"))
    inscricao = Inscricao.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse(
        "inscricao_publica:comprovante", args=[inscricao.numero, inscricao.codigo_verificacao]
    )
    assert re.fullmatch(r"\d{4}-\d{7}", inscricao.numero)
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{12}", inscricao.codigo_verificacao)
    assert (inscricao.cpf, inscricao.email, inscricao.telefone) == (
        "52998224725",
        "maria@exemplo.com",
        "61999990000",
    )
    assert inscricao.concorre_negros
    assert inscricao.situacao == SituacaoInscricao.ATIVA
    assert inscricao.termo_aceito_em is not None
    assert RegistroAuditoria.objects.filter(
        acao="inscricao.criada", inscricao_id=inscricao.pk
    ).exists()
    assert len(mail.outbox) == 1
    email = mail.outbox[0]
    assert email.to == ["maria@exemplo.com"]
    assert inscricao.numero in email.subject
    corpo = email.body
    assert inscricao.numero in corpo
    assert inscricao.codigo_verificacao[:4] in corpo
    # Nada digitado no formulário vai ao e-mail (o endereço não foi verificado).
    assert "Maria" not in corpo
    assert "Parda" not in corpo  # dado sensível fica fora do e-mail


def _erros_do_formulario(resposta):
    return resposta.context["form"].errors


@pytest.mark.parametrize(
    ("alteracoes", "campo", "trecho"),
    [
        ({"cpf": "529.982.247-24"}, "cpf", "CPF inválido"),
        ({"cpf": "111.111.111-11"}, "cpf", "CPF inválido"),
        ({"cpf": "1234"}, "cpf", "CPF inválido"),
        ({"email_confirmacao": "outra@exemplo.com"}, "email_confirmacao", "Confirmação do e-mail"),
        ({"email": "sem-arroba"}, "email", "E-mail"),
        ({"telefone": "9999-0000"}, "telefone", "Telefone com DDD"),
        ({"data_nascimento": "2999-01-01"}, "data_nascimento", "Data de nascimento"),
        ({"data_nascimento": "ontem"}, "data_nascimento", "Data de nascimento"),
        ({"nome_civil": ""}, "nome_civil", "Nome civil completo"),
        ({"aceite_termo": None}, "aceite_termo", "Termo de autodeclaração"),
        ({"cor_raca": "verde"}, "cor_raca", "Cor ou raça"),
        ({"vaga": "999999"}, "vaga", "Vaga de estágio"),
    ],
)
@pytest.mark.django_db
def test_validacao_campo_recusa_e_nomeia_o_campo(client, selecao, vaga, alteracoes, campo, trecho):
    resposta = client.post(url(selecao), dados_post(vaga, **alteracoes))
    assert resposta.status_code == 200
    assert not Inscricao.objects.exists()
    mensagens = _erros_do_formulario(resposta)[campo]
    assert any(m.startswith(trecho) or trecho in m for m in mensagens)
    html = resposta.content.decode()
    assert 'id="resumo-erros"' in html
    assert f'id="id_{campo}_error"' in html


@pytest.mark.parametrize(
    ("cor", "aceita"),
    [
        (CorRaca.PRETA, True),
        (CorRaca.PARDA, True),
        (CorRaca.BRANCA, False),
        (CorRaca.AMARELA, False),
        (CorRaca.INDIGENA, False),
        (CorRaca.NAO_DECLARADA, False),
    ],
)
@pytest.mark.django_db
def test_reserva_negros_exige_preta_ou_parda(client, selecao, vaga, cor, aceita):
    resposta = client.post(url(selecao), dados_post(vaga, cor_raca=cor, concorre_negros="on"))
    assert Inscricao.objects.exists() is aceita
    if not aceita:
        assert "art. 2º" in _erros_do_formulario(resposta)["concorre_negros"][0]


@pytest.mark.django_db
def test_reserva_negros_nao_declarada_sem_opcao_e_aceita(client, selecao, vaga):
    client.post(
        url(selecao), dados_post(vaga, cor_raca=CorRaca.NAO_DECLARADA, concorre_negros=None)
    )
    inscricao = Inscricao.objects.get()
    assert (inscricao.cor_raca, inscricao.concorre_negros) == (CorRaca.NAO_DECLARADA, False)


@pytest.mark.django_db
def test_pcd_com_laudo_pdf_e_aceita(client, selecao, vaga):
    client.post(url(selecao), dados_post(vaga, pcd="on", concorre_pcd="on", laudo_pcd=pdf()))
    inscricao = Inscricao.objects.get()
    assert inscricao.pcd
    assert inscricao.concorre_pcd
    assert inscricao.laudo_pcd.name.startswith("laudos/")
    assert "laudo" not in inscricao.laudo_pcd.name.rsplit("/", 1)[1]  # nome aleatório
    with inscricao.laudo_pcd.open("rb") as arquivo:
        assert arquivo.read(5) == b"%PDF-"


@pytest.mark.parametrize(
    ("alteracoes", "campo", "trecho"),
    [
        ({"pcd": None, "concorre_pcd": "on"}, "concorre_pcd", "declare ser pessoa"),
        ({"pcd": "on", "concorre_pcd": "on", "laudo_pcd": None}, "laudo_pcd", "envie o laudo"),
        (
            {"pcd": None, "concorre_pcd": None, "laudo_pcd": "pdf"},
            "laudo_pcd",
            "somente se declarar",
        ),
        ({"laudo_pcd": ("laudo.pdf", b"\x89PNG\r\n\x1a\n", "application/pdf")}, "laudo_pcd", "PDF"),
        ({"laudo_pcd": ("laudo.pdf", b"%PDF-1.4 x", "image/png")}, "laudo_pcd", "PDF"),
        ({"laudo_pcd": ("laudo.png", b"%PDF-1.4 x", "application/pdf")}, "laudo_pcd", "PDF"),
        (
            {"laudo_pcd": ("laudo.pdf", b"%PDF-" + b"0" * (5 * 1024 * 1024), "application/pdf")},
            "laudo_pcd",
            "5 MB",
        ),
    ],
)
@pytest.mark.django_db
def test_pcd_laudo_invalido_recusa(client, selecao, vaga, alteracoes, campo, trecho):
    base = {"pcd": "on", "concorre_pcd": "on", "laudo_pcd": "pdf"}
    base.update(alteracoes)
    laudo = base.pop("laudo_pcd")
    if laudo == "pdf":
        base["laudo_pcd"] = pdf()
    elif laudo is not None:
        base["laudo_pcd"] = pdf(*laudo)
    resposta = client.post(url(selecao), dados_post(vaga, **base))
    assert not Inscricao.objects.exists()
    assert any(trecho in m for m in _erros_do_formulario(resposta)[campo])


@pytest.mark.django_db
def test_pcd_sem_reserva_na_selecao_nao_pergunta(client, orgao, agora):
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        reserva_pcd=False,
        inscricoes_inicio=agora - dt.timedelta(days=1),
        inscricoes_fim=agora + dt.timedelta(days=1),
    )
    vaga = VagaEstagioFactory(selecao=selecao)
    html = client.get(url(selecao)).content.decode()
    assert 'name="pcd"' not in html
    assert 'name="laudo_pcd"' not in html
    client.post(url(selecao), dados_post(vaga, pcd="on", concorre_pcd="on"))
    inscricao = Inscricao.objects.get()
    assert (inscricao.pcd, inscricao.concorre_pcd) == (False, False)


@pytest.mark.parametrize(
    ("inicio_dias", "fim_dias", "mensagem"),
    [(1, 5, "abrem em"), (-5, -1, "encerradas")],
)
@pytest.mark.django_db
def test_periodo_fora_da_janela_recusa(client, orgao, agora, inicio_dias, fim_dias, mensagem):
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora + dt.timedelta(days=inicio_dias),
        inscricoes_fim=agora + dt.timedelta(days=fim_dias),
    )
    vaga = VagaEstagioFactory(selecao=selecao)
    assert mensagem in client.get(url(selecao)).content.decode()
    resposta = client.post(url(selecao), dados_post(vaga))
    assert resposta.status_code == 200
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_periodo_rascunho_nao_existe_para_o_publico(client, orgao):
    selecao = SelecaoFactory(orgao=orgao)  # rascunho
    assert client.get(url(selecao)).status_code == 404


@pytest.mark.django_db
def test_substituicao_por_cpf_mantem_historico(
    client, selecao, vaga, django_capture_on_commit_callbacks, celery_sincrono
):
    outra_vaga = selecao.vagas.get(codigo="TI")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(selecao), dados_post(vaga))
    codigo = Inscricao.objects.get().codigo_verificacao
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            url(selecao),
            dados_post(
                outra_vaga, cor_raca=CorRaca.BRANCA, concorre_negros=None, codigo_anterior=codigo
            ),
        )
    primeira, segunda = Inscricao.objects.order_by("pk")
    assert primeira.situacao == SituacaoInscricao.SUBSTITUIDA
    assert segunda.situacao == SituacaoInscricao.ATIVA
    assert segunda.substitui_id == primeira.pk
    assert (segunda.vaga, segunda.cor_raca) == (outra_vaga, CorRaca.BRANCA)
    assert Inscricao.objects.vigentes().filter(selecao=selecao).count() == 1
    assert RegistroAuditoria.objects.filter(
        acao="inscricao.substituida", inscricao_id=primeira.pk
    ).exists()
    # dois comprovantes e o aviso da substituição ao e-mail da anterior
    assert len(mail.outbox) == 3


@pytest.mark.django_db
def test_limite_de_tentativas_nao_conta_o_cpf(client, selecao, vaga):
    """Envios de IPs diferentes com o mesmo CPF não bloqueiam o CPF (issue 16, item 1)."""
    codigos = [
        client.post(
            url(selecao), dados_post(vaga, aceite_termo=None), REMOTE_ADDR=f"10.2.0.{n}"
        ).status_code
        for n in range(12)
    ]
    assert codigos == [200] * 12


@pytest.mark.django_db
def test_limite_de_tentativas_por_ip_responde_429(client, selecao, vaga):
    codigos = [
        client.post(url(selecao), {"cpf": f"{n:011d}"}, REMOTE_ADDR="10.1.1.1").status_code
        for n in range(31)
    ]
    assert codigos[-1] == 429
    assert set(codigos[:-1]) == {200}


@pytest.mark.django_db
def test_csrf_exigido(selecao, vaga):
    cliente = Client(enforce_csrf_checks=True)
    assert cliente.post(url(selecao), dados_post(vaga)).status_code == 403
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_formulario_acessivel_tem_rotulos_e_termo(client, selecao):
    html = client.get(url(selecao)).content.decode()
    for campo in ("nome_civil", "cpf", "email", "email_confirmacao", "laudo_pcd", "aceite_termo"):
        assert f'for="id_{campo}"' in html
    assert "<legend" in html
    assert "Na hipótese de constatação de declaração falsa" in html
    assert "art. 11, II" in html
    assert "Prefiro não declarar" in html
