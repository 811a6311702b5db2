"""Entrada hostil no monitoramento (art. 5º) e no cadastro de empresas do art. 6º:
nenhum 500, nada gravado pela metade, e as planilhas exportadas
(CSV e XLSX) com as fórmulas neutralizadas, mesmo com o nome da empresa hostil."""

import csv
import io
import itertools

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import example, given
from hypothesis import strategies as st
from openpyxl import load_workbook

from candidatos.planilhas import INICIOS_PERIGOSOS
from relatorios.models import EmpresaTerceirizada
from tests.factories import gerar_cnpj
from tests.relatorios.monitoramento.factories import EmpresaTerceirizadaFactory
from tests.seguranca.estrategias import (
    arquivos_hostis,
    cargas,
    post_hostil,
    valores_hostis,
)
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador, cliente_logado

pytestmark = [
    pytest.mark.hostil,
    pytest.mark.filterwarnings("ignore::django.core.cache.CacheKeyWarning"),
]


@pytest.fixture
def mundo(db, settings, tmp_path, orgao, alice, sem_captura_de_templates):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    empresas = [
        EmpresaTerceirizadaFactory(orgao=orgao, razao_social=nome)
        for nome in ('=HYPERLINK("http://exemplo.invalid")', "Limpa Bem Ltda.", "@SUM(1)")
    ]
    return {"orgao": orgao, "gestora": alice, "empresas": empresas}


@pytest.fixture
def enviador(mundo):
    return Enviador(cliente_logado(mundo["gestora"]))


def _celulas(resposta) -> list[object]:
    if resposta["Content-Type"].startswith("text/csv"):
        texto = resposta.content.decode("utf-8-sig")
        return list(itertools.chain.from_iterable(csv.reader(io.StringIO(texto), delimiter=";")))
    aba = load_workbook(io.BytesIO(resposta.content)).active
    assert not any(c.data_type == "f" for linha in aba.iter_rows() for c in linha)
    return [c.value for linha in aba.iter_rows() for c in linha]


def _sem_formula(resposta) -> None:
    perigosas = [
        c for c in _celulas(resposta) if isinstance(c, str) and c.startswith(INICIOS_PERIGOSOS)
    ]
    assert perigosas == [], f"fórmula exportada sem neutralizar: {perigosas[:3]}"


def test_entrada_hostil_cadastro_de_empresas_art_6(mundo, enviador):
    empresa = mundo["empresas"][1]
    urls = {
        "nova": reverse("monitoramento:empresa_nova"),
        "editar": reverse("monitoramento:empresa_editar", args=[empresa.pk]),
    }
    validos = {
        "orgao": str(mundo["orgao"].pk),
        "cnpj": gerar_cnpj(77),
        "razao_social": "Serviços Gerais Ltda.",
        "porte": "demais",
        "numero_contrato": "12/2026",
        "objeto_contrato": "Limpeza",
        "empregados_formacao": "80",
        "aprendizes": "4",
        "data_referencia": timezone.localdate().isoformat(),
    }

    @HOSTIL
    @given(
        dados=post_hostil(validos),
        qual=st.sampled_from(sorted(urls)),
        comprovante=st.one_of(st.none(), arquivos_hostis("comprovante.pdf", b"%PDF-1.4 ok")),
    )
    @example(dados=validos, qual=sorted(urls)[0], comprovante=None)
    def cadastrar(dados, qual, comprovante):
        if comprovante is not None:
            comprovante.seek(0)
            dados = {**dados, "comprovante": comprovante}
        with enviador.exemplo():
            enviador.enviar(urls[qual], dados)

    cadastrar()
    assert enviador.sucessos > 0


def test_entrada_hostil_painel_filtros_e_exportacoes(mundo, enviador):
    urls = [reverse("monitoramento:painel"), reverse("monitoramento:relatorio_anual")]
    urls += [
        reverse("monitoramento:exportar", args=[tabela, formato])
        for tabela in ("indicadores", "evolucao", "orgaos")
        for formato in ("csv", "xlsx")
    ]
    nomes = ["ano", "orgao", "nivel", "uf", "page", "x"]

    @HOSTIL
    @given(
        filtros=st.dictionaries(st.sampled_from(nomes), valores_hostis(), max_size=5),
        url=st.sampled_from(urls),
        gerar=st.booleans(),
    )
    def filtrar(filtros, url, gerar):
        with enviador.exemplo():
            if gerar:
                consulta = "?" + "&".join(f"{k}=x" for k in filtros)
                enviador.enviar(reverse("monitoramento:relatorio_anual_gerar") + consulta, {})
                return
            resposta = enviador.enviar(url, filtros, metodo="get")
            assert resposta.status_code == 200
            if "exportar" in url:
                _sem_formula(resposta)

    filtrar()


def test_entrada_hostil_priorizacao_e_exportacao(mundo, enviador):
    url = reverse("monitoramento:priorizacao")
    validos = {
        "contratacao": "Pregão 12/2026",
        "orgao": str(mundo["orgao"].pk),
        "empresas": [str(e.pk) for e in mundo["empresas"]],
        "criterio_1": "",
        "formato": "csv",
    }

    @HOSTIL
    @given(
        dados=post_hostil(
            validos,
            por_campo={
                "contratacao": st.one_of(cargas(), valores_hostis()),
                "formato": st.sampled_from(["csv", "xlsx", "pdf", ""]),
            },
        )
    )
    def priorizar(dados):
        with enviador.exemplo():
            resposta = enviador.enviar(url, dados, metodo="get")
            assert resposta.status_code == 200
            if resposta["Content-Type"] != "text/html; charset=utf-8":
                _sem_formula(resposta)

    priorizar()
    assert EmpresaTerceirizada.objects.count() == len(mundo["empresas"])
