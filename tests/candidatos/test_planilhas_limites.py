"""Planilhas pequenas que esgotavam a memória (issue 18, item 2).

Um XLSX de poucas centenas de KB com 2 milhões de linhas, uma "bomba zip" e um CSV
de poucos MB com milhões de linhas são recusados enquanto são lidos, antes de
montar tudo: o pico de memória medido com ``tracemalloc`` fica muito abaixo do que
o arquivo inteiro custaria.
"""

import io
import tracemalloc
import zipfile

import pytest

from candidatos.planilhas import ErroPlanilha, Limites, escrever_xlsx, ler_planilha

MB = 1024 * 1024
FOLHA = "xl/worksheets/sheet1.xml"


def _xlsx(linhas: int, *, extra: dict[str, bytes] | None = None, lixo_mb: int = 0) -> bytes:
    """XLSX válido com ``linhas`` linhas minúsculas, escrito em fluxo (sem openpyxl)."""
    base = zipfile.ZipFile(io.BytesIO(escrever_xlsx(["numero"], [])))
    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as destino:
        for item in base.infolist():
            if item.filename != FOLHA:
                destino.writestr(item, base.read(item))
        with destino.open(FOLHA, "w", force_zip64=True) as folha:
            folha.write(
                b'<?xml version="1.0" encoding="UTF-8"?><worksheet '
                b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
                b'<row><c t="inlineStr"><is><t>numero</t></is></c></row>'
            )
            # Sem o atributo r (opcional no formato): linhas idênticas comprimem muito.
            for inicio in range(0, linhas, 10_000):
                folha.write(b'<row><c t="n"><v>1</v></c></row>' * min(10_000, linhas - inicio))
            for _ in range(lixo_mb):
                folha.write(b" " * MB)
            folha.write(b"</sheetData></worksheet>")
        for nome, conteudo in (extra or {}).items():
            destino.writestr(nome, conteudo)
    return saida.getvalue()


@pytest.fixture(scope="module")
def xlsx_2m_linhas() -> bytes:
    return _xlsx(2_000_000)


def _pico(funcao) -> tuple[int, BaseException | None]:
    """Pico de memória alocada por ``funcao`` (bytes) e a exceção que ela levantou."""
    tracemalloc.start()
    try:
        funcao()
    except Exception as erro:
        excecao: BaseException | None = erro
    else:
        excecao = None
    finally:
        _, pico = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return pico, excecao


def test_planilha_xlsx_de_2_milhoes_de_linhas_e_recusada_sem_abrir(xlsx_2m_linhas):
    assert len(xlsx_2m_linhas) < MB  # pequeno comprimido; mais de 50 MB aberto
    pico, erro = _pico(lambda: ler_planilha(xlsx_2m_linhas, "lote.xlsx"))
    assert isinstance(erro, ErroPlanilha)
    assert "lote.xlsx" in str(erro)
    assert "50 MB" in str(erro)
    assert pico < 5 * MB


def test_planilha_xlsx_para_de_ler_no_limite_de_linhas(xlsx_2m_linhas):
    # Limite de linhas baixo para o teste ser rápido (o openpyxl é lento sob tracemalloc).
    limites = Limites(max_linhas=2_000, max_bytes=500 * MB)
    pico, erro = _pico(lambda: ler_planilha(xlsx_2m_linhas, "lote.xlsx", limites=limites))
    assert isinstance(erro, ErroPlanilha)
    assert "lote.xlsx" in str(erro)
    assert "2.000 linhas" in str(erro)
    # 2 milhões de linhas montadas passariam de 1 GB; paramos nas 2 mil.
    assert pico < 20 * MB


def test_planilha_xlsx_no_limite_de_linhas_e_aceita():
    conteudo = _xlsx(1_000)
    planilha = ler_planilha(conteudo, "lote.xlsx", limites=Limites(max_linhas=1_000, max_bytes=MB))
    assert len(planilha.linhas) == 1_000
    with pytest.raises(ErroPlanilha, match="999 linhas"):
        ler_planilha(conteudo, "lote.xlsx", limites=Limites(max_linhas=999, max_bytes=MB))


@pytest.mark.parametrize(
    "bomba",
    [
        pytest.param({"lixo_mb": 60}, id="folha-inchada"),
        pytest.param({"extra": {"xl/media/imagem.bin": b"\0" * (60 * MB)}}, id="outro-membro"),
    ],
)
def test_planilha_xlsx_bomba_zip_e_recusada_pelo_tamanho_declarado(bomba):
    conteudo = _xlsx(10, **bomba)
    assert len(conteudo) < MB
    pico, erro = _pico(lambda: ler_planilha(conteudo, "bomba.xlsx"))
    assert isinstance(erro, ErroPlanilha)
    assert "bomba.xlsx" in str(erro)
    assert "50 MB" in str(erro)
    assert pico < MB


def test_planilha_csv_de_2_milhoes_de_linhas_para_no_limite():
    conteudo = b"numero\n" + b"1\n" * 2_000_000
    pico, erro = _pico(lambda: ler_planilha(conteudo, "lote.csv"))
    assert isinstance(erro, ErroPlanilha)
    assert "lote.csv" in str(erro)
    assert "100.000 linhas" in str(erro)
    # A lista de 2 milhões de linhas custaria centenas de MB.
    assert pico < 60 * MB


def test_planilha_csv_maior_que_o_limite_descomprimido_para_de_ler():
    conteudo = b"numero,texto\n" + (b"1," + b"x" * 1000 + b"\n") * 3000
    limites = Limites(max_linhas=100_000, max_bytes=MB)
    pico, erro = _pico(lambda: ler_planilha(conteudo, "grande.csv", limites=limites))
    assert isinstance(erro, ErroPlanilha)
    assert "grande.csv" in str(erro)
    assert "1 MB" in str(erro)
    assert pico < 2 * MB


def test_planilha_limites_vem_das_configuracoes(settings):
    settings.PLANILHA_MAX_LINHAS = 3
    settings.PLANILHA_MAX_MB = 7
    assert Limites.das_configuracoes() == Limites(max_linhas=3, max_bytes=7 * MB)
    with pytest.raises(ErroPlanilha, match="3 linhas"):
        ler_planilha(b"a\n1\n2\n3\n4\n", "x.csv")
    assert len(ler_planilha(b"a\n1\n2\n3\n", "x.csv").linhas) == 3


def test_planilha_csv_com_byte_nulo_no_meio_e_recusado():
    conteudo = b"a\n" + b"1\n" * 5000 + b"2\x00\n"
    with pytest.raises(ErroPlanilha, match="bytes nulos"):
        ler_planilha(conteudo, "x.csv")


def test_planilha_cabecalho_com_colunas_demais_e_recusado():
    conteudo = ("," * 5000 + "z\n" + "1\n" * 10).encode()
    with pytest.raises(ErroPlanilha, match="mais de 200 colunas"):
        ler_planilha(conteudo, "largo.csv")


def test_planilha_celulas_vazias_no_fim_nao_contam_como_colunas():
    planilha = ler_planilha(b"a,b,,,,\n1,2,,,,\n", "x.csv")
    assert planilha.colunas == ("a", "b")
    assert planilha.linhas[0].valores == {"a": "1", "b": "2"}


def _zip_com_versao_de_extracao(versao: int) -> bytes:
    """Um zip cujo diretório central pede uma versão de extração que o ``zipfile`` não
    implementa (achado por ``make fuzz``: ``NotImplementedError`` em vez de erro claro)."""
    import io
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as pacote:
        pacote.writestr("xl/workbook.xml", "<workbook/>")
    dados = bytearray(buffer.getvalue())
    central = dados.index(b"PK\x01\x02")
    dados[central + 6 : central + 8] = versao.to_bytes(2, "little")
    return bytes(dados)


def test_xlsx_com_versao_de_zip_nao_suportada_vira_erro_claro():
    from candidatos.planilhas import ErroPlanilha, ler_planilha, tamanho_descomprimido

    conteudo = _zip_com_versao_de_extracao(64)
    with pytest.raises(ErroPlanilha, match="XLSX"):
        tamanho_descomprimido(conteudo, "inscricoes.xlsx")
    with pytest.raises(ErroPlanilha, match="XLSX"):
        ler_planilha(conteudo, "inscricoes.xlsx")
