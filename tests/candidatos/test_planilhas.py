import io

import pytest
from openpyxl import load_workbook

from candidatos.planilhas import (
    ErroPlanilha,
    celula_segura,
    escrever_csv,
    escrever_xlsx,
    ler_planilha,
)


def test_csv_com_bom_e_ponto_e_virgula():
    conteudo = "\ufeffNome;CPF\nAna;52998224725\n\nBia;123\n".encode()
    planilha = ler_planilha(conteudo, "a.csv")
    assert planilha.colunas == ("nome", "cpf")
    obtido = [(lin.numero, lin.valores["nome"]) for lin in planilha.linhas]
    assert obtido == [(2, "Ana"), (4, "Bia")]


def test_xlsx_ida_e_volta():
    dados = escrever_xlsx(["nome", "nota"], [["Ana", 9.5], ["Bia", 7]])
    planilha = ler_planilha(dados, "x.XLSX")
    assert planilha.linhas[1].valores == {"nome": "Bia", "nota": "7"}
    assert planilha.linhas[0].numero == 2


@pytest.mark.parametrize(
    ("conteudo", "nome", "mensagem"),
    [
        (b"a,b\n1,2\n", "a.txt", "Formato não aceito"),
        ("nome\nJosé".encode("latin-1"), "a.csv", "UTF-8"),
        (b"", "a.csv", "vazio"),
        (b"a,a\n1,2\n", "a.csv", "repetidas"),
        (b"a,b\n1,2,3\n", "a.csv", "mais valores"),
        (b"nao e xlsx", "a.xlsx", "XLSX"),
    ],
)
def test_arquivos_ruins_tem_mensagem_clara(conteudo, nome, mensagem):
    with pytest.raises(ErroPlanilha, match=mensagem):
        ler_planilha(conteudo, nome)


@pytest.mark.parametrize("perigoso", ["=cmd|' /C calc'!A0", "+1+1", "-2", "@SUM(A1)", "\t=1"])
def test_exportacao_neutraliza_formulas(perigoso):
    assert celula_segura(perigoso) == "'" + perigoso
    csv_bytes = escrever_csv(["x"], [[perigoso]])
    assert f"'{perigoso}" in csv_bytes.decode("utf-8-sig")
    livro = load_workbook(io.BytesIO(escrever_xlsx(["x"], [[perigoso]])))
    assert livro.active["A2"].value == "'" + perigoso


def test_valores_comuns_nao_sao_alterados():
    assert celula_segura("Ana") == "Ana"
    assert celula_segura(-3) == -3


def test_xlsx_preserva_hora_e_datas_puras():
    import datetime as dt

    dados = escrever_xlsx(
        ["quando", "dia"], [[dt.datetime(2026, 3, 5, 14, 30, 15), dt.datetime(2026, 3, 5)]]
    )
    linha = ler_planilha(dados, "x.xlsx").linhas[0].valores
    assert linha == {"quando": "2026-03-05 14:30:15", "dia": "2026-03-05"}


def _xlsx_com_aba_corrompida() -> bytes:
    """XLSX cujo zip está íntegro no índice, mas com a aba danificada por dentro
    (blocos comprimidos inválidos ou CRC errado), como achou a entrada hostil."""
    import zipfile

    original = escrever_xlsx(["nome"], [[f"Pessoa {n}"] for n in range(200)])
    with zipfile.ZipFile(io.BytesIO(original)) as zip_original:
        aba = next(i for i in zip_original.infolist() if i.filename.startswith("xl/worksheets/"))
    dados = bytearray(original)
    # Cabeçalho local do membro: 30 bytes + nome + extra; depois, os dados comprimidos.
    inicio = aba.header_offset + 30 + len(aba.filename) + len(aba.extra)
    for deslocamento in range(4, min(aba.compress_size, 60)):
        dados[inicio + deslocamento] ^= 0xFF
    return bytes(dados)


def test_xlsx_com_aba_corrompida_por_dentro_tem_mensagem_clara():
    with pytest.raises(ErroPlanilha, match="XLSX"):
        ler_planilha(_xlsx_com_aba_corrompida(), "a.xlsx")
