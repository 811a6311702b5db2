"""Entrada hostil nas duas importações de planilha, de ponta a ponta pelas telas:
envio, prévia e confirmação. Nenhum 500; recusa não grava
nada; e o que foi gravado volta nas exportações CSV com as fórmulas neutralizadas."""

import csv
import io
import itertools

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import example, given
from hypothesis import strategies as st
from openpyxl import Workbook

from candidatos.planilhas import INICIOS_PERIGOSOS
from candidatos.services.importacao_leiaute import COLUNAS
from candidatos.views.classificacao import CHAVE_IMPORTACAO
from candidatos.views.inscricoes import SESSAO_IMPORTACAO
from tests.factories import gerar_cpf
from tests.seguranca.estrategias import celulas_hostis, sem_ilegais_xlsx, textos_hostis
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador, cliente_logado
from tests.seguranca.mundo_rh import criar_mundo_rh

pytestmark = [
    pytest.mark.hostil,
    pytest.mark.filterwarnings("ignore::django.core.cache.CacheKeyWarning"),
]


@pytest.fixture
def mundo(db, settings, tmp_path, orgao, alice):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    return criar_mundo_rh(orgao, alice)


@pytest.fixture
def enviador(mundo, sem_captura_de_templates):
    return Enviador(cliente_logado(mundo.gestor))


# --- Planilhas hostis a partir de linhas válidas ---------------------------------------


def _trocar(linha: list[object], coluna: int, valor: object) -> list[object]:
    nova = list(linha)
    nova[coluna % len(nova)] = valor
    return nova


def _linhas(valida: list[object]) -> st.SearchStrategy[list[object]]:
    """A linha válida, com uma célula hostil, ou com qualquer célula hostil."""
    return st.one_of(
        st.just(valida),
        st.builds(_trocar, st.just(valida), st.integers(min_value=0), celulas_hostis()),
        st.tuples(*(st.one_of(st.just(v), celulas_hostis()) for v in valida)).map(list),
    )


def planilhas(
    cabecalho: list[str], linhas_validas: list[list[object]]
) -> st.SearchStrategy[list[list[object]]]:
    """Cabeçalho (na maioria das vezes o certo; às vezes embaralhado, faltando ou sobrando
    coluna) + linhas válidas ou com células hostis, repetidas ou não."""
    outros = st.one_of(
        st.permutations(cabecalho).map(list),
        st.lists(st.one_of(st.sampled_from(cabecalho), textos_hostis()), max_size=len(cabecalho)),
        st.just([*cabecalho, "coluna_extra"]),
        st.just([c.upper() + " " for c in cabecalho]),
    )
    cabecalhos = st.integers(min_value=0, max_value=3).flatmap(
        lambda n: st.just(cabecalho) if n else outros
    )
    linha = st.sampled_from(linhas_validas).flatmap(_linhas)
    return st.tuples(cabecalhos, st.lists(linha, min_size=0, max_size=6)).map(
        lambda partes: [partes[0], *partes[1]]
    )


def _csv(linhas: list[list[object]], separador: str) -> bytes:
    saida = io.StringIO()
    csv.writer(saida, delimiter=separador).writerows(
        ["" if v is None else v for v in linha] for linha in linhas
    )
    return saida.getvalue().encode("utf-8")


def _xlsx(linhas: list[list[object]]) -> bytes:
    livro = Workbook()
    aba = livro.active
    for linha in linhas:
        aba.append([sem_ilegais_xlsx(v) if isinstance(v, str) else v for v in linha])
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


def arquivos(linhas: st.SearchStrategy[list[list[object]]]) -> st.SearchStrategy[object]:
    """O arquivo enviado: CSV (vírgula ou ponto e vírgula), XLSX, bytes soltos; nome hostil."""
    conteudos = st.one_of(
        st.tuples(linhas, st.sampled_from([",", ";"])).map(lambda p: (_csv(*p), "planilha.csv")),
        linhas.map(lambda p: (_xlsx(p), "planilha.xlsx")),
        st.binary(max_size=512).map(lambda b: (b, "planilha.csv")),
    )
    nomes = st.one_of(st.none(), textos_hostis().map(lambda t: t[:120] + ".csv"), st.just("a.exe"))
    return st.tuples(conteudos, nomes).map(
        lambda p: SimpleUploadedFile(p[1] or p[0][1], p[0][0], "text/csv")
    )


def _planilha_valida(linhas: list[list[object]]) -> SimpleUploadedFile:
    """Âncora das propriedades (``@example``): a planilha válida, tal como o modelo."""
    return SimpleUploadedFile("planilha.csv", _csv(linhas, ";"), "text/csv")


# --- Exportações ------------------------------------------------------------------------


def _celulas_csv(conteudo: bytes) -> list[str]:
    texto = conteudo.decode("utf-8-sig")
    return list(itertools.chain.from_iterable(csv.reader(io.StringIO(texto), delimiter=";")))


def conferir_exportacoes(enviador: Enviador, urls: list[str]) -> None:
    """Toda célula exportada que começaria por =, +, -, @, tab ou CR vem neutralizada."""
    for url in urls:
        resposta = enviador.cliente.get(url)
        assert resposta.status_code == 200, url
        perigosas = [c for c in _celulas_csv(resposta.content) if c.startswith(INICIOS_PERIGOSOS)]
        assert perigosas == [], f"{url}: fórmula exportada sem neutralizar: {perigosas[:3]}"


# --- Importação de inscrições ---------------------------------------------------------------


def _linhas_de_inscricao() -> list[list[object]]:
    exemplo_ = {c.nome: c.exemplo for c in COLUNAS}
    linhas = []
    for i, (vaga, cor, negros) in enumerate(
        [("DIR", "parda", "sim"), ("adm", "branca", "não"), ("DIR", "preta", "")]
    ):
        valores = {
            **exemplo_,
            "vaga": vaga,
            "cpf": gerar_cpf(9000 + i),
            "email": f"pessoa{i}@exemplo.com",
            "cor_raca": cor,
            "concorre_negros": negros,
            "termo_aceito_em": "",
            "data_inscricao": "",
        }
        linhas.append([valores[c.nome] for c in COLUNAS])
    return linhas


@pytest.fixture
def linhas_inscricao(mundo):
    """Linhas válidas: termo aceito dentro do período de inscrições da seleção publicada."""
    from django.utils import timezone

    momento = timezone.localtime().strftime("%Y-%m-%d %H:%M")
    linhas = _linhas_de_inscricao()
    indice = [c.nome for c in COLUNAS].index("termo_aceito_em")
    for linha in linhas:
        linha[indice] = momento
    return linhas


def test_entrada_hostil_importacao_de_inscricoes_previa_e_confirmacao(
    mundo, enviador, linhas_inscricao
):
    selecao = mundo.publicada
    enviar = reverse("inscricoes:importar", args=[selecao.pk])
    confirmar = reverse("inscricoes:importar_confirmar", args=[selecao.pk])
    exportacoes = [
        reverse("classificacao:modelo_planilha", args=[selecao.pk]),
        reverse("classificacao:auditoria", args=[selecao.pk]) + "?formato=csv",
    ]
    cabecalho = [c.nome for c in COLUNAS]
    acoes = st.sampled_from(["importar", "somente_validas", "cancelar", "", "x"])
    gravou = []

    @HOSTIL
    @given(
        arquivo=arquivos(planilhas(cabecalho, linhas_inscricao)),
        acao=acoes,
        sha_adulterado=st.booleans(),
    )
    @example(
        arquivo=_planilha_valida([cabecalho, *linhas_inscricao]),
        acao="importar",
        sha_adulterado=False,
    )
    def importar(arquivo, acao, sha_adulterado):
        with enviador.exemplo():
            enviador.enviar(enviar, {"arquivo": arquivo})
            pendente = enviador.cliente.session.get(SESSAO_IMPORTACAO)
            if pendente is None:
                return
            sha = "0" * 64 if sha_adulterado else pendente["sha256"]
            resposta = enviador.enviar(confirmar, {"sha256": sha, "acao": acao})
            lista = reverse("inscricoes:lista", args=[selecao.pk])
            if resposta.get("Location") == lista and acao != "cancelar":
                gravou.append(acao)
                conferir_exportacoes(enviador, exportacoes)

    importar()
    assert gravou, "nenhum arquivo válido chegou a ser gravado"


# --- Importação de notas ----------------------------------------------------------------------


def test_entrada_hostil_importacao_de_notas_previa_e_confirmacao(mundo, enviador):
    selecao = mundo.publicada
    url = reverse("classificacao:importar_notas", args=[selecao.pk])
    exportacoes = [
        reverse("classificacao:modelo_planilha", args=[selecao.pk]),
        reverse("classificacao:auditoria", args=[selecao.pk]) + "?formato=csv",
    ]
    numeros = sorted(selecao.inscricoes.values_list("numero", flat=True))
    validas = [[n, "aprovado", "8,5"] for n in numeros] + [[numeros[0], "ausente", ""]]
    gravou = []

    @HOSTIL
    @given(
        arquivo=arquivos(planilhas(["inscricao", "situacao", "prova"], validas)),
        confirmar=st.one_of(st.none(), textos_hostis()),
    )
    @example(
        arquivo=_planilha_valida([["inscricao", "situacao", "prova"], *validas[:-1]]),
        confirmar=None,
    )
    def importar(arquivo, confirmar):
        with enviador.exemplo():
            enviador.enviar(url, {"arquivo": arquivo})
            pedido = enviador.cliente.session.get(CHAVE_IMPORTACAO)
            if pedido is None:
                return
            resposta = enviador.enviar(url, {"confirmar": confirmar or pedido["id"]})
            if resposta.get("Location") == reverse("classificacao:painel", args=[selecao.pk]):
                gravou.append(True)
                conferir_exportacoes(enviador, exportacoes)

    importar()
    assert gravou, "nenhuma planilha válida chegou a ser gravada"
