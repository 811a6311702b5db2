"""A tabela consolidada de docs/desempenho.md (bench/desempenho.py)."""

from bench import desempenho

DOCUMENTO = """# Desempenho

Introdução.

## Motor de reserva

Texto escrito à mão que não pode mudar.
"""


def _linha(texto: str, chave: str) -> str:
    return next(linha for linha in texto.splitlines() if f"`{chave}`" in linha)


def test_tabela_desempenho_meta_cumprida_nao_cumprida_e_nao_medida():
    texto = desempenho.tabela(
        {"motor_100k_s": 0.25, "motor_100k_cpu_s": 0.2, "pdf_5000_rss_mb": 512.0},
        {"motor_100k_s": 1.5},
    )

    assert "| ≤ 0,3 s | 0,25 s | cumprida | 0,2 s | 1,5 |" in _linha(texto, "motor_100k_s")
    assert "| ≤ 400 MB | 512 MB | **não cumprida** |" in _linha(texto, "pdf_5000_rss_mb")
    assert "| — | não medida |" in _linha(texto, "importacao_50k_s")


def test_tabela_desempenho_razao_e_meta_minima():
    texto = desempenho.tabela({"pagina_resultado_razao_trivial": 0.55}, {})
    assert "| ≥ 0,6 | 0,55 | **não cumprida** |" in _linha(texto, "pagina_resultado_razao_trivial")


def test_tabela_desempenho_figura_sem_meta_no_issue():
    texto = desempenho.tabela({"monitoramento_painel_db_s": 1.25}, {})
    assert "| sem meta | 1,25 s | — |" in _linha(texto, "monitoramento_painel_db_s")


def test_tabela_desempenho_atualizar_troca_so_o_trecho_marcado(tmp_path):
    caminho = tmp_path / "desempenho.md"
    caminho.write_text(DOCUMENTO, encoding="utf-8")

    desempenho.atualizar(caminho, {"motor_1m_s": 4.0}, {})
    primeira = caminho.read_text(encoding="utf-8")
    desempenho.atualizar(caminho, {"motor_1m_s": 2.5}, {})
    segunda = caminho.read_text(encoding="utf-8")

    assert primeira.index(desempenho.INICIO) < primeira.index("## Motor de reserva")
    assert "| 4 s | **não cumprida** |" in _linha(primeira, "motor_1m_s")
    assert "| 2,5 s | cumprida |" in _linha(segunda, "motor_1m_s")
    assert segunda.count(desempenho.INICIO) == 1
    assert segunda.endswith("Texto escrito à mão que não pode mudar.\n")
    assert segunda.replace(_linha(segunda, "motor_1m_s"), "") == primeira.replace(
        _linha(primeira, "motor_1m_s"), ""
    )
