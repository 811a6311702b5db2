"""Minha situação: consulta por número + CPF (ou código), falhas indistinguíveis e limite."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from candidatos.models import Convocacao, Modalidade
from tests.factories import gerar_cpf

pytestmark = pytest.mark.django_db

URL = reverse("publico:minha_situacao")


def _formatado(cpf):
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


def _sem_csrf(html: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)


def test_formulario_acessivel(client):
    html = client.get(URL).content.decode()
    assert '<label class="form-label" for="id_numero">' in html
    assert '<label class="form-label" for="id_cpf">' in html
    assert 'aria-describedby="id_cpf_helptext"' in html
    assert "<legend" in html


@pytest.mark.parametrize("como", ["cpf", "cpf_formatado", "codigo", "codigo_minusculo"])
def test_consulta_encontra_a_propria_inscricao(client, cenario, como):
    inscricao = cenario.inscricoes[2]
    dados = {
        "cpf": {"cpf": inscricao.cpf},
        "cpf_formatado": {"cpf": _formatado(inscricao.cpf)},
        "codigo": {"codigo": inscricao.codigo_verificacao},
        "codigo_minusculo": {"codigo": inscricao.codigo_verificacao.lower()},
    }[como]
    resposta = client.post(URL, {"numero": inscricao.numero.lower(), **dados})
    assert resposta.status_code == 200
    situacao = resposta.context["situacao"]
    assert situacao is not None
    assert situacao.numero == inscricao.numero
    assert "no-store" in resposta["Cache-Control"]


def test_situacao_completa_com_posicoes_explicacao_e_convocacao(client, cenario):
    inscricao = cenario.inscricoes[2]  # Carla: negra, 3ª na classificação
    resposta = client.post(URL, {"numero": inscricao.numero, "cpf": inscricao.cpf})
    situacao = resposta.context["situacao"]
    html = resposta.content.decode()
    vigente = situacao.posicoes[0]
    assert vigente.vigente
    assert vigente.versao.rotulo == "Resultado final, versão 2"
    assert (vigente.classificacao, vigente.lista_negros, vigente.convocacao) == (3, 1, 2)
    publicada = cenario.final.conteudo["vagas"][0]
    [item] = [c for c in publicada["convocacao"] if c["inscricao"] == inscricao.numero]
    assert vigente.modalidade == Modalidade(item["modalidade"]).label
    explicacao = publicada["explicacoes"][inscricao.numero]
    assert explicacao in html
    assert [p.versao.rotulo for p in situacao.posicoes] == [
        "Resultado final, versão 2",
        "Resultado final, versão 1",
        "Resultado preliminar, versão 1",
    ]
    assert "Vagas reservadas a candidatos negros" in html
    convocacao = Convocacao.objects.get(inscricao=inscricao)
    # Número + CPF só mostram: o link de resposta exige o código (issue 16, item 2).
    assert convocacao.token not in html
    assert "link enviado ao seu e-mail" in html
    pelo_codigo = client.post(
        URL, {"numero": inscricao.numero, "codigo": inscricao.codigo_verificacao}
    ).content.decode()
    assert f'href="/convocacao/{convocacao.token}/"' in pelo_codigo
    assert "Responder à convocação" in pelo_codigo
    assert situacao.cpf_mascarado in html
    assert inscricao.cpf not in html


def test_nao_convocado_ve_cadastro_de_reserva(client, cenario):
    inscricao = cenario.inscricoes[9]
    html = client.post(URL, {"numero": inscricao.numero, "cpf": inscricao.cpf}).content.decode()
    assert "Você ainda não foi convocado(a) nesta seleção." in html
    assert "fora das vagas desta publicação" in html


def _falha(client, dados, ip):
    with CaptureQueriesContext(connection) as consultas:
        resposta = client.post(URL, dados, REMOTE_ADDR=ip)
    return resposta, len(consultas)


def test_falhas_indistinguiveis_nao_existe_e_cpf_errado(client, cenario):
    inscricao = cenario.inscricoes[0]
    outro_cpf = gerar_cpf(123)
    nao_existe, n1 = _falha(client, {"numero": "2026999999", "cpf": outro_cpf}, "10.1.0.1")
    cpf_errado, n2 = _falha(client, {"numero": inscricao.numero, "cpf": outro_cpf}, "10.1.0.2")
    codigo_errado, n3 = _falha(
        client, {"numero": inscricao.numero, "codigo": "ERRADO123"}, "10.1.0.3"
    )
    assert nao_existe.status_code == cpf_errado.status_code == codigo_errado.status_code == 200
    assert n1 == n2 == n3
    html = _sem_csrf(nao_existe.content.decode())
    assert "Não encontramos uma inscrição com esses dados" in html
    assert _sem_csrf(cpf_errado.content.decode()).replace(inscricao.numero, "2026999999") == html
    assert _sem_csrf(codigo_errado.content.decode()).replace(inscricao.numero, "2026999999") == html
    # O CPF digitado não volta na página.
    assert outro_cpf not in html


def test_cpf_certo_de_outra_inscricao_nao_abre(client, cenario):
    a, b = cenario.inscricoes[0], cenario.inscricoes[1]
    resposta = client.post(URL, {"numero": a.numero, "cpf": b.cpf})
    assert resposta.context["situacao"] is None
    assert resposta.context["nao_encontrada"]


def test_cpf_e_codigo_informados_precisam_conferir_os_dois(client, cenario):
    inscricao = cenario.inscricoes[0]
    dados = {"numero": inscricao.numero, "cpf": inscricao.cpf, "codigo": "ERRADO"}
    assert client.post(URL, dados).context["situacao"] is None


@pytest.mark.parametrize(
    ("dados", "mensagem"),
    [
        ({"numero": "", "cpf": "52998224725"}, "Informe o número de inscrição."),
        ({"numero": "2026000001"}, "Informe o CPF ou o código de verificação"),
        ({"numero": "2026000001", "cpf": "123.456.789-00"}, "CPF inválido: confira os 11 dígitos."),
    ],
)
def test_erros_do_formulario_nomeiam_o_campo(client, dados, mensagem):
    resposta = client.post(URL, dados)
    html = resposta.content.decode()
    assert mensagem in html
    assert 'aria-invalid="true"' in html
    assert resposta.context["situacao"] is None


def test_limite_por_ip_responde_429(client, cenario):
    dados = {"numero": "2026999999", "cpf": gerar_cpf(7)}
    codigos = [
        client.post(URL, {**dados, "numero": f"X{n}"}, REMOTE_ADDR="10.2.0.1").status_code
        for n in range(11)
    ]
    assert codigos == [200] * 10 + [429]
    resposta = client.post(URL, dados, REMOTE_ADDR="10.2.0.1")
    assert resposta.status_code == 429
    assert resposta["Retry-After"] == "60"
    assert "Muitas tentativas" in resposta.content.decode()
    assert client.post(URL, dados, REMOTE_ADDR="10.2.0.2").status_code == 200


def test_dez_tentativas_erradas_com_o_numero_publico_nao_bloqueiam_o_titular(client, cenario):
    """O limite conta quem tenta (IP), nunca a inscrição (issue 16, item 4): o número
    é público e antes dez tentativas erradas trancavam o titular por um minuto."""
    inscricao = cenario.inscricoes[0]
    errado = {"numero": inscricao.numero, "cpf": gerar_cpf(8)}
    codigos = [client.post(URL, errado, REMOTE_ADDR="10.3.0.66").status_code for _ in range(11)]
    assert codigos == [200] * 10 + [429]  # quem tenta é contido
    for n in range(10):
        client.post(URL, errado, REMOTE_ADDR=f"10.3.2.{n}")
    certo = {"numero": inscricao.numero, "cpf": inscricao.cpf}
    resposta = client.post(URL, certo, REMOTE_ADDR="10.3.1.1")
    assert resposta.status_code == 200
    assert resposta.context["situacao"].numero == inscricao.numero


@pytest.mark.parametrize(
    "como", ["impresso", "impresso_minusculo", "com_espacos", "com_espacos_nas_pontas"]
)
def test_codigo_como_impresso_no_comprovante(client, cenario, como):
    """O código vale como impresso (5GRX-QA4K-72QR): antes, os hifens o faziam falhar."""
    from candidatos.services.inscricoes import formatar_codigo

    inscricao = cenario.inscricoes[1]
    impresso = formatar_codigo(inscricao.codigo_verificacao)
    codigo = {
        "impresso": impresso,
        "impresso_minusculo": impresso.lower(),
        "com_espacos": impresso.replace("-", " "),
        "com_espacos_nas_pontas": f"  {impresso.replace('-', ' - ')}  ",
    }[como]
    resposta = client.post(URL, {"numero": inscricao.numero, "codigo": codigo})
    assert resposta.context["situacao"] is not None
    assert resposta.context["situacao"].numero == inscricao.numero


def test_get_nao_conta_tentativa(client):
    assert {client.get(URL, REMOTE_ADDR="10.4.0.1").status_code for _ in range(15)} == {200}
