"""Cadastro do art. 6º (CRUD por órgão, auditoria) e priorização exportável."""

import csv
import datetime as dt
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from relatorios.models import EmpresaTerceirizada
from selecoes.models import RegistroAuditoria
from tests.relatorios.monitoramento.factories import EmpresaTerceirizadaFactory

pytestmark = pytest.mark.django_db

NOVA = reverse("monitoramento:empresa_nova")


def _dados(orgao, **extra):
    dados = {
        "orgao": orgao.pk,
        "cnpj": "11.222.333/0001-81",
        "razao_social": "Limpa Tudo Ltda.",
        "porte": "demais",
        "numero_contrato": "07/2026",
        "objeto_contrato": "Limpeza e conservação",
        "empregados_formacao": "21",
        "aprendizes": "1",
        "data_referencia": "2026-03-31",
        "comprovante": SimpleUploadedFile("rais.pdf", b"%PDF-1.4", "application/pdf"),
    }
    dados.update(extra)
    return dados


def test_empresa_operador_cadastra_com_auditoria(client, bruno, orgao):
    client.force_login(bruno)
    resposta = client.post(NOVA, _dados(orgao))
    empresa = EmpresaTerceirizada.objects.get()
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("monitoramento:empresa", args=[empresa.pk])
    assert empresa.cnpj == "11222333000181"
    assert empresa.criado_por == bruno
    assert empresa.cota.minimo == 2  # 5% de 21 = 1,05 → 2 (CLT, art. 429, § 1º)
    registro = RegistroAuditoria.objects.get(acao="empresa_art6_cadastrada")
    assert registro.orgao == orgao
    assert registro.depois["situacao_cota"] == "abaixo_do_minimo"


@pytest.mark.parametrize(
    ("campo", "valor", "mensagem"),
    [
        ("cnpj", "11.222.333/0001-82", "CNPJ inválido"),
        ("data_referencia", "2999-01-01", "Data de referência: não pode ser uma data futura."),
        ("empregados_formacao", "-1", "maior ou igual a 0"),
        ("razao_social", "", "Razão social: preencha este campo."),
        ("aprendizes", "dois", "Aprendizes contratados: valor inválido."),
        (
            "comprovante",
            SimpleUploadedFile("planilha.exe", b"MZ", "application/octet-stream"),
            "Documento comprobatório: envie um arquivo PDF, PNG ou JPG.",
        ),
    ],
)
def test_empresa_erros_de_formulario_nomeiam_o_campo(client, alice, orgao, campo, valor, mensagem):
    client.force_login(alice)
    resposta = client.post(NOVA, _dados(orgao, **{campo: valor}))
    assert resposta.status_code == 200
    assert mensagem in resposta.content.decode()
    assert not EmpresaTerceirizada.objects.exists()
    assert not RegistroAuditoria.objects.exists()


def test_empresa_auditora_nao_cadastra(client, carla, orgao):
    client.force_login(carla)
    assert client.get(NOVA).status_code == 403
    assert client.post(NOVA, _dados(orgao)).status_code == 403


def test_empresa_nao_cadastra_em_orgao_alheio(client, alice, orgao, outro_orgao):
    client.force_login(alice)
    dados = _dados(orgao)
    dados["orgao"] = outro_orgao.pk
    resposta = client.post(NOVA, dados)
    assert resposta.status_code == 200
    assert "Órgão: escolha uma das opções da lista." in resposta.content.decode()
    assert not EmpresaTerceirizada.objects.exists()


def test_empresa_lista_so_do_proprio_orgao(client, carla, orgao, outro_orgao):
    EmpresaTerceirizadaFactory(orgao=orgao, razao_social="Minha Empresa")
    EmpresaTerceirizadaFactory(orgao=outro_orgao, razao_social="Empresa Alheia")
    client.force_login(carla)
    html = client.get(reverse("monitoramento:empresas")).content.decode()
    assert "Minha Empresa" in html
    assert "Empresa Alheia" not in html


@pytest.mark.parametrize(
    "rota", ["empresa", "empresa_editar", "empresa_excluir", "empresa_comprovante"]
)
def test_empresa_de_outro_orgao_responde_404(client, diego, orgao, rota):
    empresa = EmpresaTerceirizadaFactory(orgao=orgao)
    client.force_login(diego)
    assert client.get(reverse(f"monitoramento:{rota}", args=[empresa.pk])).status_code == 404


def test_empresa_monitoramento_nao_ve_o_cadastro(client, monica, orgao):
    empresa = EmpresaTerceirizadaFactory(orgao=orgao)
    client.force_login(monica)
    assert client.get(reverse("monitoramento:empresas")).status_code == 403
    assert client.get(reverse("monitoramento:empresa", args=[empresa.pk])).status_code == 404
    assert client.get(reverse("monitoramento:priorizacao")).status_code == 403


def test_empresa_auditora_baixa_comprovante_mas_nao_edita(client, carla, orgao):
    empresa = EmpresaTerceirizadaFactory(orgao=orgao)
    client.force_login(carla)
    resposta = client.get(reverse("monitoramento:empresa_comprovante", args=[empresa.pk]))
    assert resposta.status_code == 200
    assert b"".join(resposta.streaming_content) == b"%PDF-1.4 comprovante"
    assert "attachment" in resposta["Content-Disposition"]
    assert client.get(reverse("monitoramento:empresa_editar", args=[empresa.pk])).status_code == 404


def test_empresa_edicao_guarda_antes_e_depois(client, alice, orgao):
    empresa = EmpresaTerceirizadaFactory(orgao=orgao, aprendizes=5, empregados_formacao=100)
    client.force_login(alice)
    dados = _dados(orgao, cnpj=empresa.cnpj, aprendizes="4", empregados_formacao="100")
    del dados["comprovante"]
    resposta = client.post(reverse("monitoramento:empresa_editar", args=[empresa.pk]), dados)
    assert resposta.status_code == 302
    registro = RegistroAuditoria.objects.get(acao="empresa_art6_alterada")
    assert registro.antes["aprendizes"] == 5
    assert registro.depois["aprendizes"] == 4
    assert registro.depois["situacao_cota"] == "abaixo_do_minimo"


def test_empresa_exclusao_exige_post_e_audita(client, alice, orgao):
    empresa = EmpresaTerceirizadaFactory(orgao=orgao)
    client.force_login(alice)
    url = reverse("monitoramento:empresa_excluir", args=[empresa.pk])
    assert client.get(url).status_code == 200
    assert EmpresaTerceirizada.objects.exists()
    assert client.post(url).status_code == 302
    assert not EmpresaTerceirizada.objects.exists()
    assert RegistroAuditoria.objects.get(acao="empresa_art6_excluida").antes["cnpj"] == empresa.cnpj


@pytest.fixture
def candidatas(orgao):
    return [
        EmpresaTerceirizadaFactory(
            orgao=orgao, razao_social='=HYPERLINK("http://x")', empregados_formacao=40, aprendizes=1
        ),
        EmpresaTerceirizadaFactory(orgao=orgao, razao_social="Beta ME", porte="me", aprendizes=0),
        EmpresaTerceirizadaFactory(
            orgao=orgao, razao_social="Gama", empregados_formacao=20, aprendizes=3
        ),
        EmpresaTerceirizadaFactory(
            orgao=orgao,
            razao_social="Delta",
            empregados_formacao=100,
            aprendizes=5,
            data_referencia=dt.date(2026, 5, 1),
        ),
    ]


def _consulta(candidatas, **extra):
    return {
        "contratacao": "Pregão 12/2026",
        "empresas": [e.pk for e in candidatas],
        **extra,
    }


def test_priorizacao_art6_ordem_na_tela(client, alice, candidatas):
    client.force_login(alice)
    resposta = client.get(
        reverse("monitoramento:priorizacao"), _consulta(candidatas, criterio_1="maior_percentual")
    )
    ordem = [empresa.razao_social for _, empresa, _ in resposta.context["ordem"]]
    assert ordem == ["Gama", "Delta", "Beta ME", '=HYPERLINK("http://x")']
    assert "Decreto nº 9.427/2018, art. 6º" in resposta.content.decode()


def test_priorizacao_art6_exportacao_csv_sem_formula(client, alice, candidatas):
    client.force_login(alice)
    resposta = client.get(
        reverse("monitoramento:priorizacao"),
        _consulta(candidatas, criterio_1="referencia_recente", formato="csv"),
    )
    assert resposta.status_code == 200
    linhas = list(csv.reader(io.StringIO(resposta.content.decode("utf-8-sig")), delimiter=";"))
    assert linhas[0][:3] == ["Ordem", "Grupo (art. 6º)", "Razão social"]
    assert [linha[2] for linha in linhas[1:5]] == [
        "Delta",
        "Gama",
        "Beta ME",
        '\'=HYPERLINK("http://x")',
    ]
    assert ["Critérios de desempate", "Comprovação mais recente (data de referência)"] in linhas
    assert any(linha[0] == "Base legal" and "art. 6º" in linha[1] for linha in linhas if linha)


def test_priorizacao_nao_aceita_empresa_de_outro_orgao(client, diego, candidatas):
    client.force_login(diego)
    resposta = client.get(reverse("monitoramento:priorizacao"), _consulta(candidatas))
    assert resposta.status_code == 200
    assert resposta.context["ordem"] == []
    assert "Empresas candidatas" in resposta.content.decode()


def test_empresa_com_cnpj_alfanumerico_da_receita_e_cadastrada(client, alice, orgao):
    client.force_login(alice)
    resposta = client.post(NOVA, _dados(orgao, cnpj="12.abc.345/01de-35"))
    assert resposta.status_code == 302
    empresa = EmpresaTerceirizada.objects.get()
    assert empresa.cnpj == "12ABC34501DE35"
    detalhe = client.get(reverse("monitoramento:empresa", args=[empresa.pk]))
    assert "12.ABC.345/01DE-35" in detalhe.content.decode()
    edicao = client.get(reverse("monitoramento:empresa_editar", args=[empresa.pk]))
    assert 'value="12.ABC.345/01DE-35"' in edicao.content.decode()


def test_priorizacao_links_de_exportacao_repetem_a_consulta(client, alice, candidatas):
    import html
    import re

    client.force_login(alice)
    url = reverse("monitoramento:priorizacao")
    pagina = client.get(url, _consulta(candidatas, criterio_1="maior_percentual"))
    links = re.findall(r'href="(\?[^"]*formato=(?:csv|xlsx)[^"]*)"', pagina.content.decode())
    assert len(links) == 2
    for link in links:
        resposta = client.get(url + html.unescape(link))
        assert resposta.status_code == 200
        assert resposta["Content-Type"] != "text/html; charset=utf-8"
