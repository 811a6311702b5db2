"""Leitura e escrita de planilhas CSV/XLSX para importações e exportações.

Leitura: devolve as linhas com o número da linha no arquivo, para que cada erro
aponte linha, coluna e mensagem. Escrita: neutraliza fórmulas (injeção de
fórmulas em CSV/XLSX: células iniciadas por =, +, -, @, tab ou CR).
"""

import csv
import datetime
import io
import itertools
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.reader.excel import ExcelReader
from openpyxl.styles.stylesheet import apply_stylesheet
from openpyxl.worksheet._reader import WorkSheetParser

MB = 1024 * 1024
# Cada linha é completada até o número de colunas do cabeçalho: sem teto, um
# cabeçalho na coluna XFD faria cada linha custar 16 mil células.
MAX_COLUNAS = 200
TAMANHO_MAXIMO = 20 * MB
INICIOS_PERIGOSOS = ("=", "+", "-", "@", "\t", "\r")
# O Excel não aceita estes caracteres no nome da aba (openpyxl levanta ValueError).
PROIBIDOS_NO_TITULO = re.compile(r"[\\/*?:\[\]]")


class ErroPlanilha(Exception):
    """Arquivo ilegível como um todo (formato, codificação, cabeçalho)."""


@dataclass(frozen=True)
class LinhaPlanilha:
    numero: int
    valores: dict[str, str]


@dataclass(frozen=True)
class Planilha:
    colunas: tuple[str, ...]
    linhas: tuple[LinhaPlanilha, ...] = field(default_factory=tuple)


def _normalizar_coluna(nome: object) -> str:
    return str(nome or "").strip().lower()


def _texto_celula(valor: object) -> str:
    if valor is None:
        return ""
    if isinstance(valor, float) and valor.is_integer():
        return str(int(valor))
    if isinstance(valor, datetime.datetime):
        # O XLSX guarda datas como data-hora à meia-noite: sem hora, só a data.
        if valor.time() == datetime.time(0, 0):
            return valor.date().isoformat()
        return valor.replace(microsecond=0).isoformat(sep=" ")
    if isinstance(valor, datetime.date | datetime.time):
        return valor.isoformat()
    return str(valor).strip()


@dataclass(frozen=True)
class Limites:
    """Até onde uma planilha é lida: linhas de dados e bytes descomprimidos.

    Conferidos enquanto o arquivo é lido, nunca depois de montá-lo: um XLSX de
    poucos KB pode descomprimir em centenas de MB e um CSV de poucos MB pode ter
    milhões de linhas.
    """

    max_linhas: int
    max_bytes: int

    @classmethod
    def das_configuracoes(cls) -> "Limites":
        from django.conf import settings

        return cls(max_linhas=settings.PLANILHA_MAX_LINHAS, max_bytes=settings.PLANILHA_MAX_MB * MB)


def _milhar(numero: int) -> str:
    return f"{numero:,}".replace(",", ".")


def _megas(quantidade: int) -> str:
    return f"{_milhar(quantidade // MB)} MB" if quantidade >= MB else f"{_milhar(quantidade)} bytes"


def _erro_linhas(nome_arquivo: str, limites: Limites) -> ErroPlanilha:
    return ErroPlanilha(
        f"O arquivo “{nome_arquivo}” tem mais de {_milhar(limites.max_linhas)} linhas de dados, "
        "o limite de uma importação: divida-o em arquivos menores."
    )


def _erro_tamanho(nome_arquivo: str, limites: Limites) -> ErroPlanilha:
    return ErroPlanilha(
        f"O arquivo “{nome_arquivo}” passa de {_megas(limites.max_bytes)} descomprimido, "
        "o limite de uma importação: divida-o em arquivos menores."
    )


def _montar(
    cabecalho: Sequence[object],
    corpo: Iterable[tuple[int, Sequence[object]]],
    *,
    nome_arquivo: str,
    limites: Limites,
) -> Planilha:
    nomes = [_normalizar_coluna(c) for c in cabecalho]
    while nomes and not nomes[-1]:
        nomes.pop()
    colunas = tuple(nomes)
    if not any(colunas):
        raise ErroPlanilha("A primeira linha deve conter os nomes das colunas.")
    if len(colunas) > MAX_COLUNAS:
        raise ErroPlanilha(
            f"O arquivo “{nome_arquivo}” tem mais de {MAX_COLUNAS} colunas no cabeçalho."
        )
    repetidas = {c for c in colunas if c and colunas.count(c) > 1}
    if repetidas:
        raise ErroPlanilha(f"Colunas repetidas no cabeçalho: {', '.join(sorted(repetidas))}.")
    linhas = []
    lidas = 0
    for numero, valores in corpo:
        # Contam também as linhas em branco: é o que o leitor percorre.
        lidas += 1
        if lidas > limites.max_linhas:
            raise _erro_linhas(nome_arquivo, limites)
        textos = [_texto_celula(v) for v in valores]
        if not any(textos):
            continue
        if len(textos) > len(colunas):
            excedentes = [t for t in textos[len(colunas) :] if t]
            if excedentes:
                raise ErroPlanilha(f"Linha {numero}: há mais valores do que colunas no cabeçalho.")
        textos += [""] * (len(colunas) - len(textos))
        linhas.append(
            LinhaPlanilha(numero, {c: t for c, t in zip(colunas, textos, strict=False) if c})
        )
    return Planilha(colunas=tuple(c for c in colunas if c), linhas=tuple(linhas))


def tamanho_descomprimido(conteudo: bytes, nome_arquivo: str) -> int:
    """Bytes que a leitura vai percorrer: o CSV como veio; o XLSX pelo que o zip declara.

    O ``zipfile`` nunca entrega mais do que o tamanho declarado de cada membro (o
    excedente vira erro de CRC), então a soma declarada limita a leitura de verdade.
    """
    if not nome_arquivo.lower().endswith(".xlsx"):
        return len(conteudo)
    try:
        with zipfile.ZipFile(io.BytesIO(conteudo)) as pacote:
            return sum(item.file_size for item in pacote.infolist())
    # NotImplementedError: versão de zip ou método de compressão que o zipfile não lê.
    except (zipfile.BadZipFile, ValueError, NotImplementedError) as erro:
        raise ErroPlanilha(
            "Não foi possível ler o arquivo XLSX (corrompido ou protegido)."
        ) from erro


def ler_planilha(conteudo: bytes, nome_arquivo: str, *, limites: Limites | None = None) -> Planilha:
    """Lê CSV (UTF-8, com ou sem BOM; separador , ou ;) ou XLSX (primeira aba).

    Recusa, sem ler o resto, o arquivo que passa de ``limites`` (por padrão os de
    ``PLANILHA_MAX_LINHAS`` e ``PLANILHA_MAX_MB``).
    """
    if len(conteudo) > TAMANHO_MAXIMO:
        raise ErroPlanilha("Arquivo maior que 20 MB.")
    limites = limites or Limites.das_configuracoes()
    nome = nome_arquivo.lower()
    if nome.endswith(".xlsx"):
        return _ler_xlsx(conteudo, nome_arquivo, limites)
    if nome.endswith(".csv"):
        return _ler_csv(conteudo, nome_arquivo, limites)
    raise ErroPlanilha("Formato não aceito: envie um arquivo .csv ou .xlsx.")


def _linhas_de_texto(conteudo: bytes, nome_arquivo: str, limites: Limites) -> Iterator[str]:
    """Decodifica o CSV aos poucos, linha a linha, contando os bytes lidos."""
    bruto = io.BytesIO(conteudo)
    texto = io.TextIOWrapper(bruto, encoding="utf-8-sig", newline="")
    lidos = 0
    try:
        for linha in texto:
            lidos += len(linha)
            if lidos > limites.max_bytes or bruto.tell() > limites.max_bytes:
                raise _erro_tamanho(nome_arquivo, limites)
            if "\x00" in linha:
                raise ErroPlanilha("O arquivo CSV contém bytes nulos: não é um CSV de texto.")
            yield linha
    except UnicodeDecodeError as erro:
        raise ErroPlanilha(
            "O arquivo CSV deve estar codificado em UTF-8 (salve como 'CSV UTF-8')."
        ) from erro


def _ler_csv(conteudo: bytes, nome_arquivo: str, limites: Limites) -> Planilha:
    linhas = _linhas_de_texto(conteudo, nome_arquivo, limites)
    primeira = next(linhas, None)
    if primeira is None:
        raise ErroPlanilha("O arquivo está vazio.")
    separador = ";" if primeira.count(";") > primeira.count(",") else ","
    leitor = csv.reader(itertools.chain([primeira], linhas), delimiter=separador)
    try:
        cabecalho = next(leitor, None)
        if cabecalho is None:
            raise ErroPlanilha("O arquivo está vazio.")
        return _montar(
            cabecalho,
            enumerate(leitor, start=2),
            nome_arquivo=nome_arquivo,
            limites=limites,
        )
    except csv.Error as erro:
        raise ErroPlanilha(f"CSV malformado: {erro}.") from erro


def _linhas_xlsx(parser: WorkSheetParser) -> Iterator[tuple[int, list[object]]]:
    """Linhas da aba, na ordem, com as lacunas preenchidas por linhas vazias."""
    esperada = 1
    for numero, celulas in parser.parse():
        while esperada < numero:
            yield esperada, []
            esperada += 1
        # Só as células com valor: uma célula vazia na coluna XFD não vira 16 mil colunas.
        cheias = [c for c in celulas if c["value"] is not None]
        valores: list[object] = [None] * max((c["column"] for c in cheias), default=0)
        for celula in cheias:
            valores[celula["column"] - 1] = celula["value"]
        yield numero, valores
        esperada = numero + 1


def _ler_xlsx(conteudo: bytes, nome_arquivo: str, limites: Limites) -> Planilha:
    # Bomba zip: o tamanho declarado é conferido antes de abrir qualquer membro.
    if tamanho_descomprimido(conteudo, nome_arquivo) > limites.max_bytes:
        raise _erro_tamanho(nome_arquivo, limites)
    # A aba é lida em fluxo pelo analisador do openpyxl. O ``load_workbook(read_only=True)``
    # não serve: sem o elemento <dimension>, ao abrir ele percorre a aba inteira
    # guardando cada linha (gigabytes para 2 milhões de linhas de um arquivo de 300 KB).
    try:
        leitor = ExcelReader(io.BytesIO(conteudo), read_only=True, data_only=True)
        leitor.read_manifest()
        leitor.read_strings()
        leitor.read_workbook()
        apply_stylesheet(leitor.archive, leitor.wb)
        _, relacao = next(iter(leitor.parser.find_sheets()))
        fonte = leitor.archive.open(relacao.target)
    except Exception as erro:  # openpyxl levanta vários tipos para arquivos corrompidos
        raise ErroPlanilha(
            "Não foi possível ler o arquivo XLSX (corrompido ou protegido)."
        ) from erro
    try:
        parser = WorkSheetParser(
            fonte,
            leitor.shared_strings,
            data_only=True,
            epoch=leitor.wb.epoch,
            date_formats=leitor.wb._date_formats,
            timedelta_formats=leitor.wb._timedelta_formats,
        )
        linhas = _linhas_xlsx(parser)
        try:
            _, cabecalho = next(linhas, (0, None))
            if cabecalho is None:
                raise ErroPlanilha("O arquivo está vazio.")
            return _montar(cabecalho, linhas, nome_arquivo=nome_arquivo, limites=limites)
        # XML inválido dentro da aba, ou a própria aba danificada no zip (bloco
        # comprimido inválido, CRC errado, fim prematuro), lida só agora, em fluxo.
        except (
            ValueError,
            KeyError,
            SyntaxError,
            zlib.error,
            zipfile.BadZipFile,
            EOFError,
            NotImplementedError,
        ) as erro:
            raise ErroPlanilha(
                "Não foi possível ler o arquivo XLSX (corrompido ou protegido)."
            ) from erro
    finally:
        fonte.close()
        leitor.archive.close()


def celula_segura(valor: object) -> object:
    """Neutraliza fórmulas em exportações (prefixa com apóstrofo)."""
    if isinstance(valor, str) and valor.startswith(INICIOS_PERIGOSOS):
        return "'" + valor
    return valor


def escrever_csv(cabecalho: Sequence[str], linhas: Iterable[Sequence[object]]) -> bytes:
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=";")
    escritor.writerow(cabecalho)
    for linha in linhas:
        escritor.writerow(["" if v is None else celula_segura(v) for v in linha])
    return ("\ufeff" + saida.getvalue()).encode("utf-8")


def _sem_controles(valor: object) -> object:
    """O XLSX não admite caracteres de controle (vindos, por exemplo, de um nome colado)."""
    if isinstance(valor, str):
        return ILLEGAL_CHARACTERS_RE.sub("", valor)
    return valor


def escrever_xlsx(
    cabecalho: Sequence[str], linhas: Iterable[Sequence[object]], titulo: str = "Dados"
) -> bytes:
    livro = Workbook(write_only=True)
    titulo = PROIBIDOS_NO_TITULO.sub("-", ILLEGAL_CHARACTERS_RE.sub("", titulo)).strip("' ")
    aba = livro.create_sheet(title=titulo[:31] or "Dados")
    aba.append(list(cabecalho))
    for linha in linhas:
        aba.append([_sem_controles(celula_segura(v)) for v in linha])
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()
