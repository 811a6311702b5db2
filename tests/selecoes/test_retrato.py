"""Retrato do edital: hash canônico e páginas sem JavaScript embutido (CSP)."""

import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from selecoes.canonico import hash_conteudo

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

valores = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda filhos: st.lists(filhos, max_size=4) | st.dictionaries(st.text(max_size=5), filhos),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=6), valores, max_size=6))
def test_hash_nao_depende_da_ordem_das_chaves(conteudo):
    invertido = dict(reversed(list(conteudo.items())))
    assert hash_conteudo(invertido) == hash_conteudo(conteudo)
    assert re.fullmatch(r"[0-9a-f]{64}", hash_conteudo(conteudo))


def test_templates_sem_script_embutido_nem_manipulador_inline():
    arquivos = [*TEMPLATES.joinpath("selecoes").glob("*.html"), TEMPLATES / "rh" / "painel.html"]
    assert arquivos
    for arquivo in arquivos:
        html = arquivo.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), arquivo.name
        assert not re.search(r"\son[a-z]+\s*=", html), arquivo.name
        assert "style=" not in html, arquivo.name
