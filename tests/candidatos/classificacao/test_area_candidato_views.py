"""Área do candidato pelas telas: só o código do comprovante abre a área (issue 17).

Quem sabe o número (público) e o CPF (dado conhecido) vê a situação e nada mais:
nenhum recurso, defesa, desistência ou troca de e-mail sai daí. No RH, os anexos
só abrem para gestores do órgão, e cada download fica registrado.
"""

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    AcessoDadoSensivel,
    AnexoCandidato,
    Recurso,
    SituacaoInscricao,
    TipoResultado,
)
from candidatos.services import eliminacao, resultado
from candidatos.services.inscricoes import formatar_codigo
from candidatos.views.area_candidato import VALIDADE_AREA
from tests.candidatos.classificacao.factories import classificacao, nova_vaga

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("celery_sincrono")]

MINHA = reverse("publico:minha_situacao")
PDF = b"%PDF-1.4\n%%EOF\n"


@pytest.fixture(autouse=True)
def _email_e_limites(settings):
    from django.core.cache import cache

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def cenario(orgao, alice):
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


def entrar(client, inscricao):
    return client.post(
        MINHA,
        {"numero": inscricao.numero, "codigo": formatar_codigo(inscricao.codigo_verificacao)},
    )


ACOES = [
    ("publico:area_recurso_novo", {"assunto": "x", "texto": "y"}),
    ("publico:area_desistencia", {"confirmo": "on", "motivo": ""}),
    ("publico:area_contato", {"email": "atacante@exemplo.net", "telefone": ""}),
]


@pytest.mark.parametrize(("rota", "dados"), ACOES, ids=[a[0] for a in ACOES])
def test_quem_so_tem_o_cpf_nao_age(client, cenario, rota, dados):
    vitima = cenario["B"]
    email = vitima.email
    resposta = client.post(MINHA, {"numero": vitima.numero, "cpf": vitima.cpf})
    assert resposta.context["situacao"] is not None
    assert resposta.context["area"] is None
    assert reverse(rota) not in resposta.content.decode()
    assert client.get(reverse(rota)).url == MINHA
    resposta = client.post(reverse(rota), dados)
    assert resposta.status_code == 302
    assert resposta.url == MINHA
    vitima.refresh_from_db()
    assert (vitima.situacao, vitima.email) == (SituacaoInscricao.ATIVA, email)
    assert not Recurso.objects.exists()


def test_codigo_errado_nao_abre_a_area(client, cenario):
    vitima = cenario["B"]
    resposta = client.post(
        MINHA, {"numero": vitima.numero, "cpf": vitima.cpf, "codigo": "AAAA-BBBB-CCCC"}
    )
    assert resposta.context["nao_encontrada"]
    assert client.get(reverse("publico:area_contato")).status_code == 302


def test_area_de_um_nao_alcanca_o_recurso_do_outro(client, cenario):
    outro = Recurso.objects.create(
        selecao=cenario["A"].selecao, inscricao=cenario["A"], assunto="a", texto="b"
    )
    entrar(client, cenario["B"])
    assert client.get(reverse("publico:area_recurso", args=[outro.pk])).status_code == 404


def test_area_expira(client, cenario):
    entrar(client, cenario["B"])
    assert client.get(reverse("publico:area_contato")).status_code == 200
    with time_machine.travel(dt.timedelta(seconds=VALIDADE_AREA + 1)):
        assert client.get(reverse("publico:area_contato")).url == MINHA


def test_sair_fecha_a_area(client, cenario):
    entrar(client, cenario["B"])
    client.post(reverse("publico:area_sair"))
    assert client.get(reverse("publico:area_contato")).url == MINHA


def test_recurso_pela_tela_com_pdf_e_recibo(client, cenario, django_capture_on_commit_callbacks):
    resposta = entrar(client, cenario["C"])
    assert resposta.context["area"].pode_recorrer
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            reverse("publico:area_recurso_novo"),
            {
                "assunto": "Nota",
                "texto": "Revisão da nota.",
                "anexos": [SimpleUploadedFile("a.pdf", PDF, content_type="application/pdf")],
            },
        )
    r = Recurso.objects.get()
    assert resposta.url == reverse("publico:area_recurso", args=[r.pk])
    recibo = client.get(resposta.url)
    assert r.protocolo in recibo.content.decode()
    assert recibo["Cache-Control"].count("private") == 1
    pagina = client.get(MINHA).content.decode()
    assert r.protocolo in pagina
    assert "aguardando a publicação da decisão" in pagina


@pytest.mark.parametrize(
    ("nome", "conteudo", "tipo", "mensagem"),
    [
        pytest.param("a.pdf", b"MZ\x90\x00 executavel", "application/pdf", "PDF", id="bytes"),
        pytest.param("a.pdf", b"", "application/pdf", "vazio", id="vazio"),
        pytest.param(
            "a.pdf", b"%PDF-" + b"0" * (5 * 1024 * 1024), "application/pdf", "5 MB", id="grande"
        ),
    ],
)
def test_anexo_que_nao_e_pdf_e_recusado_sem_gravar(client, cenario, nome, conteudo, tipo, mensagem):
    entrar(client, cenario["C"])
    resposta = client.post(
        reverse("publico:area_recurso_novo"),
        {
            "assunto": "Nota",
            "texto": "Revisão",
            "anexos": [SimpleUploadedFile(nome, conteudo, content_type=tipo)],
        },
    )
    assert resposta.status_code == 200
    assert mensagem in resposta.content.decode()
    assert "Anexo a.pdf" in resposta.content.decode()
    assert not Recurso.objects.exists()
    assert not AnexoCandidato.objects.exists()


def test_desistencia_exige_confirmacao(client, cenario):
    entrar(client, cenario["C"])
    resposta = client.post(reverse("publico:area_desistencia"), {"motivo": "x"})
    assert "Confirmação: marque a caixa" in resposta.content.decode()
    cenario["C"].refresh_from_db()
    assert cenario["C"].situacao == SituacaoInscricao.ATIVA
    resposta = client.post(reverse("publico:area_desistencia"), {"motivo": "x", "confirmo": "on"})
    assert resposta.url == MINHA
    cenario["C"].refresh_from_db()
    assert cenario["C"].situacao == SituacaoInscricao.DESISTENTE


def test_contato_pela_tela(client, cenario):
    entrar(client, cenario["C"])
    resposta = client.post(
        reverse("publico:area_contato"), {"email": "nova@exemplo.org", "telefone": "61 5555-0000"}
    )
    assert resposta.url == MINHA
    cenario["C"].refresh_from_db()
    assert cenario["C"].email == "nova@exemplo.org"


def test_defesa_pela_tela_e_anexo_so_para_gestor(client, cenario, alice, bruno, diego):
    ins = cenario["X"]
    p = eliminacao.processo_abrir(
        inscricao=ins,
        motivo="Indício.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=timezone.now(),
    )
    eliminacao.candidato_notificar(
        processo=p,
        prazo_defesa=timezone.localdate() + dt.timedelta(days=3),
        usuario=alice,
        agora=timezone.now(),
    )
    entrar(client, ins)
    url = reverse("publico:area_processo", args=[p.pk])
    pagina = client.get(url).content.decode()
    assert "Candidato(a) notificado(a)" in pagina
    resposta = client.post(
        url,
        {
            "defesa": "Sou parda.",
            "anexos": [SimpleUploadedFile("d.pdf", PDF, content_type="application/pdf")],
        },
    )
    assert resposta.url == url
    assert "Defesa recebida" in client.get(url).content.decode()
    anexo = AnexoCandidato.objects.get(processo=p)
    download = reverse("classificacao:anexo_candidato", args=[anexo.pk])
    client.post(reverse("publico:area_sair"))

    client.force_login(bruno)
    assert client.get(download).status_code == 403
    client.force_login(diego)
    assert client.get(download).status_code == 404
    client.force_login(alice)
    resposta = client.get(download)
    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content).startswith(b"%PDF-")
    assert AcessoDadoSensivel.objects.filter(usuario=alice, inscricao=ins).count() == 1


def test_fila_de_recursos_do_rh_mostra_o_recurso_on_line(client, cenario, alice, bruno):
    entrar(client, cenario["C"])
    client.post(
        reverse("publico:area_recurso_novo"),
        {
            "assunto": "Nota",
            "texto": "Revisão.",
            "anexos": [SimpleUploadedFile("prova.pdf", PDF, content_type="application/pdf")],
        },
    )
    r = Recurso.objects.get()
    fila = reverse("classificacao:recursos", args=[r.selecao_id])
    client.force_login(alice)
    pagina = client.get(fila).content.decode()
    assert r.protocolo in pagina
    assert reverse("classificacao:anexo_candidato", args=[r.anexos.get().pk]) in pagina
    assert reverse("classificacao:recurso_decidir", args=[r.pk]) in pagina
    client.force_login(bruno)
    pagina = client.get(fila).content.decode()
    assert "prova.pdf" in pagina
    assert reverse("classificacao:anexo_candidato", args=[r.anexos.get().pk]) not in pagina


def _link_do_email(outbox, para):
    import re

    (mensagem,) = [m for m in outbox if m.to == [para]]
    return re.search(r"https?://\S+/minha-situacao/acesso/\S+/", mensagem.body).group(0)


def test_quem_so_tem_o_cpf_so_manda_o_link_ao_email_do_titular(
    client, cenario, django_capture_on_commit_callbacks
):
    from urllib.parse import urlsplit

    from django.core import mail

    vitima = cenario["B"]
    resposta = client.post(MINHA, {"numero": vitima.numero, "cpf": vitima.cpf})
    pedido = resposta.context["pedido_link"]
    assert vitima.cpf not in resposta.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("publico:area_link"), {"pedido": pedido})
    link = _link_do_email(mail.outbox, vitima.email)
    # Quem pediu continua sem a área; o link só está no e-mail do titular.
    assert client.get(reverse("publico:area_contato")).url == MINHA
    assert all(m.to == [vitima.email] for m in mail.outbox)

    titular = client.__class__()
    titular.get(urlsplit(link).path)
    assert titular.get(reverse("publico:area_contato")).status_code == 200


def test_link_de_acesso_morre_quando_o_email_muda_e_tem_teto(
    client, cenario, django_capture_on_commit_callbacks
):
    from urllib.parse import urlsplit

    from django.core import mail

    from candidatos.services import acesso_candidato, contato

    ins = cenario["A"]
    with django_capture_on_commit_callbacks(execute=True):
        assert acesso_candidato.link_enviar(inscricao_id=ins.pk, agora=timezone.now())
    caminho = urlsplit(_link_do_email(mail.outbox, ins.email)).path
    contato.contato_atualizar(
        inscricao=ins, email="outro@exemplo.org", telefone="", agora=timezone.now()
    )
    client.get(caminho)
    assert client.get(reverse("publico:area_contato")).url == MINHA
    for _ in range(acesso_candidato.LINKS_POR_DIA - 1):
        assert acesso_candidato.link_enviar(inscricao_id=ins.pk, agora=timezone.now())
    assert not acesso_candidato.link_enviar(inscricao_id=ins.pk, agora=timezone.now())


def test_pedido_de_link_forjado_e_recusado(client, cenario):
    from django.core import mail

    resposta = client.post(reverse("publico:area_link"), {"pedido": f"{cenario['A'].pk}:x"})
    assert resposta.url == MINHA
    assert mail.outbox == []


def test_tela_de_publicar_lista_as_decisoes_que_a_versao_comunica(client, cenario, alice):
    from candidatos.services import recursos

    r = recursos.recurso_interpor(
        inscricao=cenario["C"], assunto="a", texto="b", anexos=[], agora=timezone.now()
    )
    recursos.recurso_decidir(
        recurso=r,
        situacao="indeferido",
        fundamentacao="Sem razão.",
        usuario=alice,
        agora=timezone.now(),
    )
    client.force_login(alice)
    pagina = client.get(reverse("classificacao:publicar", args=[r.selecao_id])).content.decode()
    assert f"protocolo {r.protocolo}" in pagina


def test_recurso_registrado_pelo_rh_tambem_aparece_ao_candidato(client, cenario):
    r = Recurso.objects.create(
        selecao=cenario["A"].selecao, inscricao=cenario["A"], assunto="Nota", texto="b"
    )
    pagina = entrar(client, cenario["A"]).content.decode()
    assert "Recurso registrado pelo RH em" in pagina
    recibo = client.get(reverse("publico:area_recurso", args=[r.pk])).content.decode()
    assert "Aguardando a publicação da decisão" in recibo
