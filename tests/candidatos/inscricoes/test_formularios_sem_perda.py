"""Formulários que não perdem trabalho nem enganam (issue 21, item 6): inscrição."""

import re

import pytest

from tests.candidatos.inscricoes.test_formulario import url

pytestmark = pytest.mark.django_db


def test_laudo_diz_que_e_obrigatorio_para_concorrer_as_vagas_pcd(client, selecao):
    html = client.get(url(selecao)).text
    grupo = re.search(
        r'<div class="mb-3 campo" id="grupo-laudo_pcd">.*?</div>\s*</div>', html, re.S
    )
    assert grupo is not None
    texto = " ".join(grupo.group(0).split())
    assert "(opcional)" not in texto
    assert "obrigatório para concorrer às vagas reservadas a pessoas com deficiência" in texto


# --- Laudo enviado não se perde num erro de validação ---------------------------------


def _referencia(html):
    achado = re.search(r'name="laudo_pcd_ref" value="([^"]+)"', html)
    assert achado is not None, "a página com erro não guardou o laudo"
    return achado.group(1)


def test_laudo_enviado_sobrevive_ao_erro_de_validacao(client, selecao, vaga, settings):
    from candidatos.models import Inscricao
    from tests.candidatos.inscricoes.conftest import pdf
    from tests.candidatos.inscricoes.test_formulario import dados_post

    resposta = client.post(
        url(selecao),
        dados_post(
            vaga,
            pcd="on",
            concorre_pcd="on",
            laudo_pcd=pdf(),
            email_confirmacao="outro@exemplo.com",
        ),
    )
    assert resposta.status_code == 200
    html = resposta.text
    assert "Confirmação do e-mail" in html
    assert "Laudo médico já recebido" in html
    referencia = _referencia(html)
    resposta = client.post(
        url(selecao), dados_post(vaga, pcd="on", concorre_pcd="on", laudo_pcd_ref=referencia)
    )
    assert resposta.status_code == 302
    inscricao = Inscricao.objects.get()
    with inscricao.laudo_pcd.open("rb") as arquivo:
        assert arquivo.read(5) == b"%PDF-"
    temporarios = settings.MEDIA_ROOT / "temporarios"
    assert not temporarios.exists() or not any(p.is_file() for p in temporarios.rglob("*"))


def test_referencia_de_laudo_adulterada_nao_vale(client, selecao, vaga):
    from candidatos.models import Inscricao
    from tests.candidatos.inscricoes.test_formulario import dados_post

    resposta = client.post(
        url(selecao),
        dados_post(vaga, pcd="on", concorre_pcd="on", laudo_pcd_ref="temporarios/x.pdf"),
    )
    assert resposta.status_code == 200
    assert "envie o laudo" in resposta.text
    assert not Inscricao.objects.exists()


def test_limpeza_apaga_laudos_temporarios_vencidos(selecao, settings):
    import datetime as dt

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.utils import timezone

    from candidatos import envios
    from tests.candidatos.inscricoes.conftest import PDF_MINIMO

    referencia = envios.guardar(
        SimpleUploadedFile("laudo.pdf", PDF_MINIMO, content_type="application/pdf"),
        finalidade="laudo",
    )
    assert envios.recuperar(referencia, finalidade="laudo") is not None
    assert envios.limpar_vencidos(agora=timezone.now()) == 0
    assert envios.limpar_vencidos(agora=timezone.now() + envios.VALIDADE + dt.timedelta(1)) == 1
    assert envios.recuperar(referencia, finalidade="laudo") is None


def test_comando_de_limpeza_informa_quantos_apagou(selecao, settings):
    import io

    from django.core.management import call_command

    saida = io.StringIO()
    call_command("limpar_envios_temporarios", stdout=saida)
    assert "0 arquivo(s) temporário(s) apagado(s)." in saida.getvalue()
