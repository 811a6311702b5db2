"""Notas com as casas que o critério declara (padrão 2), em toda página e no PDF
(issue 21, item 1): "9,5" com 1 casa, "9,50" sem declarar, "10" com nota inteira."""

import io
import re
from dataclasses import replace

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from candidatos.models import Avaliacao
from candidatos.selectors.publico.memoria import limpar_todas
from relatorios.documentos import pdf
from relatorios.documentos.construtores import lista_resultado
from relatorios.models import Documento, TipoDocumento
from selecoes.models import CriterioAvaliacao, casas_da_nota_final
from selecoes.services import dados_da_selecao, selecao_retificar
from tests.candidatos.classificacao.factories import aprovar, inscrever, nova_vaga, publicar_final
from tests.factories import gerar_cpf

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cache_limpo():
    """A página pública guardada de um caso não serve ao seguinte (mesmos ids no SQLite)."""
    cache.clear()
    limpar_todas()
    yield
    cache.clear()
    limpar_todas()


# (casas declaradas; None = não declara), nota digitada, como aparece.
CASOS = [
    pytest.param(1, "9.5", "9,5", id="1-casa"),
    pytest.param(None, "9.5", "9,50", id="padrao-2-casas"),
    pytest.param(0, "10", "10", id="nota-inteira"),
]


def _numero(texto: str, esperado: str) -> bool:
    """O número inteiro, não um pedaço de outro ("9,5" não casa com "9,50")."""
    return re.search(rf"(?<![\d,.]){re.escape(esperado)}(?![\d,])", texto) is not None


def _cenario(orgao, alice, casas, nota):
    vaga = nova_vaga(orgao, criterios=[("prova", "1")])
    if casas is not None:
        CriterioAvaliacao.objects.filter(selecao=vaga.selecao).update(casas_decimais=casas)
    ins = inscrever(vaga, "DIR-A", cpf=gerar_cpf(4242))
    aprovar(ins, nota, {"prova": nota})
    versao = publicar_final(vaga.selecao, alice)
    return vaga, ins, versao


def _texto(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.mark.parametrize(("casas", "nota", "esperado"), CASOS)
def test_casas_da_nota_paginas_publicas(client, orgao, alice, casas, nota, esperado):
    vaga, ins, _ = _cenario(orgao, alice, casas, nota)
    url = reverse(
        "publico:resultado_vaga", args=[vaga.selecao_id, "atual", vaga.codigo, "classificacao"]
    )
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert _numero(_texto(resposta.text), esperado), _texto(resposta.text)[-600:]
    resposta = client.post(
        reverse("publico:minha_situacao"),
        {"numero": ins.numero, "cpf": ins.cpf},
        REMOTE_ADDR="10.8.8.8",
    )
    assert resposta.context["situacao"] is not None
    assert f"nota final {esperado} " in _texto(resposta.text) + " "


@pytest.mark.parametrize(("casas", "nota", "esperado"), CASOS)
def test_casas_da_nota_paginas_do_rh(client, orgao, alice, casas, nota, esperado):
    vaga, ins, _ = _cenario(orgao, alice, casas, nota)
    client.force_login(alice)
    grade = client.get(reverse("classificacao:notas", args=[vaga.pk])).text
    assert f'value="{esperado}"' in grade, "a nota do critério na grade"
    linha = grade[grade.index("DIR-A") :]
    assert _numero(_texto(linha), esperado), "a nota final calculada na grade"
    pagina = client.get(reverse("classificacao:inscricao", args=[ins.pk])).text
    assert f"nota final {esperado} " in _texto(pagina) + " "


@pytest.mark.parametrize(("casas", "nota", "esperado"), CASOS)
def test_casas_da_nota_pdf_do_resultado(orgao, alice, casas, nota, esperado):
    vaga, _, versao = _cenario(orgao, alice, casas, nota)
    documento = Documento(
        tipo=TipoDocumento.RESULTADO,
        titulo="Resultado final",
        parametros={"versao": versao.pk},
        selecao=vaga.selecao,
        orgao=orgao,
    )
    conteudo = lista_resultado(documento)
    html = render_to_string(conteudo.template, dict(conteudo.contexto))
    leitor = PdfReader(io.BytesIO(pdf.renderizar(html).conteudo))
    texto = " ".join(" ".join(p.extract_text() for p in leitor.pages).split())
    linha = texto[texto.index("DIR-A") - 40 : texto.index("DIR-A") + 40]
    assert _numero(linha, esperado), linha


@pytest.mark.parametrize(
    ("casas", "digitado", "erro"),
    [
        (1, "9,55", "Prova: o edital declara 1 casa decimal; digite no máximo 1."),
        (2, "9,555", "Prova: o edital declara 2 casas decimais; digite no máximo 2."),
        (0, "8,5", "Prova: o edital declara nota inteira; digite sem casas decimais."),
        (1, "9,50", None),
        (0, "8", None),
        (4, "9,1234", None),
    ],
)
def test_grade_recusa_mais_casas_que_o_criterio_declara(
    client, alice, orgao, casas, digitado, erro
):
    vaga = nova_vaga(orgao, criterios=[("prova", "1")])
    CriterioAvaliacao.objects.filter(selecao=vaga.selecao).update(casas_decimais=casas)
    ins = inscrever(vaga, "DIR-A")
    client.force_login(alice)
    resposta = client.post(
        reverse("classificacao:notas", args=[vaga.pk]),
        {
            "grade-TOTAL_FORMS": "1",
            "grade-INITIAL_FORMS": "1",
            "grade-0-inscricao": str(ins.pk),
            "grade-0-situacao": "aprovado",
            "grade-0-nota_prova": digitado,
        },
    )
    if erro is None:
        assert resposta.status_code == 302
        assert Avaliacao.objects.get(inscricao=ins).situacao == "aprovado"
    else:
        assert resposta.status_code == 200
        assert erro in resposta.text
        assert not Avaliacao.objects.filter(inscricao=ins).exists(), "nada é salvo"


@pytest.mark.parametrize(
    ("casas", "esperado"),
    [((), 2), ((1,), 1), ((0, 1), 1), ((0, 3, 1), 3), ((0,), 0), ((4, 1), 3)],
)
def test_casas_da_nota_final_sao_as_do_criterio_mais_fino(casas, esperado):
    assert casas_da_nota_final(casas) == esperado


def test_casas_decimais_congeladas_depois_do_resultado(orgao, alice):
    vaga, _, _ = _cenario(orgao, alice, 1, "9.5")
    dados = dados_da_selecao(vaga.selecao)
    dados = replace(dados, criterios=[{**c, "casas_decimais": 2} for c in dados.criterios])
    with pytest.raises(ValidationError, match="Casas decimais da nota") as erro:
        selecao_retificar(
            selecao=vaga.selecao,
            usuario=alice,
            motivo="Mais casas.",
            data_retificacao=timezone.localdate(),
            dados=dados,
        )
    assert "não pode mudar" in str(erro.value)
    assert CriterioAvaliacao.objects.get(selecao=vaga.selecao).casas_decimais == 1


def test_planilha_recusa_mais_casas_que_o_criterio_declara(client, alice, orgao):
    from django.core.files.uploadedfile import SimpleUploadedFile

    vaga = nova_vaga(orgao, criterios=[("prova", "1")])
    CriterioAvaliacao.objects.filter(selecao=vaga.selecao).update(casas_decimais=1)
    inscrever(vaga, "DIR-A")
    inscrever(vaga, "DIR-B")
    client.force_login(alice)
    planilha = "inscricao;situacao;prova\nDIR-A;aprovado;9,50\nDIR-B;aprovado;9,55\n"
    resposta = client.post(
        reverse("classificacao:importar_notas", args=[vaga.selecao.pk]),
        {"arquivo": SimpleUploadedFile("notas.csv", planilha.encode(), content_type="text/csv")},
    )
    assert resposta.status_code == 200
    assert "1 erro(s)" in resposta.text
    assert "Prova: o edital declara 1 casa decimal; digite no máximo 1." in resposta.text
    assert not Avaliacao.objects.exists()
