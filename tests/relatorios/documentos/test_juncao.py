"""relatorios/documentos/juncao.py: a junção das partes num processo novo e enxuto."""

import subprocess
import sys

import pikepdf
import pytest
from pypdf import PdfReader

from relatorios.documentos import juncao, pdf
from tests.relatorios.documentos.conftest import paginas_pdf
from tests.relatorios.documentos.test_pdf import _amostra, _parte


@pytest.fixture
def partes(tmp_path):
    caminhos = []
    for indice, (texto, paginas) in enumerate([("Alfa", 2), ("Beta", 3)]):
        caminho = tmp_path / f"parte-{indice}.pdf"
        caminho.write_bytes(_parte(texto, paginas))
        caminhos.append(caminho)
    amostra = tmp_path / "amostra.pdf"
    amostra.write_bytes(_amostra())
    return caminhos, amostra


def _juntar_fora(caminhos, amostra, saida, **kwargs):
    return juncao.juntar_em_processo_novo(
        caminhos,
        amostra_rodape=amostra,
        titulo="Resultado final",
        saida=saida,
        produtor=pdf.PRODUTOR,
        **kwargs,
    )


def test_juncao_em_processo_novo_igual_a_feita_neste_processo(partes, tmp_path):
    caminhos, amostra = partes
    saida = tmp_path / "unido.pdf"
    unido = _juntar_fora(caminhos, amostra, saida)
    aqui = pdf.juntar(
        [c.read_bytes() for c in caminhos],
        amostra_rodape=amostra.read_bytes(),
        titulo="Resultado final",
    )
    assert unido.paginas == aqui.paginas == 5
    assert saida.read_bytes() == aqui.conteudo
    textos = paginas_pdf(saida.read_bytes())
    for numero, texto in enumerate(textos, 1):
        assert f"Página {numero} de 5" in texto
    raiz = PdfReader(saida).trailer["/Root"]
    assert raiz["/MarkInfo"]["/Marked"]
    assert "/StructTreeRoot" in raiz


def test_juncao_informa_o_pico_de_memoria_do_proprio_processo(partes, tmp_path):
    unido = _juntar_fora(*partes, tmp_path / "unido.pdf")
    # Um processo que importou só o pikepdf: bem abaixo de um worker com o WeasyPrint.
    assert 0 < unido.pico_rss_mb < 200


def test_processo_da_juncao_nao_carrega_django_nem_weasyprint():
    codigo = (
        "import sys, relatorios.documentos.juncao; "
        "print(sorted(m for m in ('django', 'weasyprint') if m in sys.modules))"
    )
    saida = subprocess.run(  # noqa: S603 - o próprio interpretador
        [sys.executable, "-c", codigo], capture_output=True, text=True, check=True
    )
    assert saida.stdout.strip() == "[]"


def _nao_pdf(caminhos, amostra):
    caminhos[1].write_bytes(b"isto nao e um PDF")


def _sem_marcacao(caminhos, amostra):
    with pikepdf.Pdf.open(caminhos[1], allow_overwriting_input=True) as parte:
        del parte.Root.StructTreeRoot
        parte.save(caminhos[1])


def _amostra_sem_rodape(caminhos, amostra):
    amostra.write_bytes(pdf.renderizar('<html lang="pt-BR"><body></body></html>').conteudo)


def _parte_sumiu(caminhos, amostra):
    caminhos[0].unlink()


@pytest.mark.parametrize(
    ("estrago", "mensagem"),
    [
        (_nao_pdf, "O processo da junção das partes falhou"),
        (_sem_marcacao, "PDF marcado"),
        (_amostra_sem_rodape, "amostra do rodapé"),
        (_parte_sumiu, "No such file"),
    ],
)
def test_juncao_falha_no_filho_vira_falha_na_juncao_com_o_motivo(
    partes, tmp_path, estrago, mensagem
):
    caminhos, amostra = partes
    estrago(caminhos, amostra)
    saida = tmp_path / "unido.pdf"
    with pytest.raises(juncao.FalhaNaJuncao, match=mensagem):
        _juntar_fora(caminhos, amostra, saida)


def test_juncao_que_passa_do_limite_de_tempo_e_interrompida(partes, tmp_path):
    with pytest.raises(juncao.FalhaNaJuncao, match="passou de"):
        _juntar_fora(*partes, tmp_path / "unido.pdf", limite_s=0.01)


def test_juncao_morta_por_sinal_diz_o_sinal(partes, tmp_path, monkeypatch):
    # Como o kernel faz com um processo sem memória: SIGKILL antes de responder.
    monkeypatch.setattr(juncao, "_comando", lambda: ["/bin/sh", "-c", "kill -9 $$"])
    with pytest.raises(juncao.FalhaNaJuncao, match="sinal 9"):
        _juntar_fora(*partes, tmp_path / "unido.pdf")
