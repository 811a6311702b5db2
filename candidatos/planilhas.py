"""Leitura e escrita de planilhas CSV/XLSX para importações e exportações.

Leitura: devolve as linhas com o número da linha no arquivo, para que cada erro
aponte linha, coluna e mensagem. Escrita: neutraliza fórmulas (injeção de
fórmulas em CSV/XLSX: células iniciadas por =, +, -, @, tab ou CR).
"""

import csv
import datetime
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

TAMANHO_MAXIMO = 20 * 1024 * 1024
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


def _montar(cabecalho: Sequence[object], corpo: Iterable[tuple[int, Sequence[object]]]) -> Planilha:
    colunas = tuple(_normalizar_coluna(c) for c in cabecalho)
    if not any(colunas):
        raise ErroPlanilha("A primeira linha deve conter os nomes das colunas.")
    repetidas = {c for c in colunas if c and colunas.count(c) > 1}
    if repetidas:
        raise ErroPlanilha(f"Colunas repetidas no cabeçalho: {', '.join(sorted(repetidas))}.")
    linhas = []
    for numero, valores in corpo:
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


def ler_planilha(conteudo: bytes, nome_arquivo: str) -> Planilha:
    """Lê CSV (UTF-8, com ou sem BOM; separador , ou ;) ou XLSX (primeira aba)."""
    if len(conteudo) > TAMANHO_MAXIMO:
        raise ErroPlanilha("Arquivo maior que 20 MB.")
    nome = nome_arquivo.lower()
    if nome.endswith(".xlsx"):
        return _ler_xlsx(conteudo)
    if nome.endswith(".csv"):
        return _ler_csv(conteudo)
    raise ErroPlanilha("Formato não aceito: envie um arquivo .csv ou .xlsx.")


def _ler_csv(conteudo: bytes) -> Planilha:
    try:
        texto = conteudo.decode("utf-8-sig")
    except UnicodeDecodeError as erro:
        raise ErroPlanilha(
            "O arquivo CSV deve estar codificado em UTF-8 (salve como 'CSV UTF-8')."
        ) from erro
    if "\x00" in texto:
        raise ErroPlanilha("O arquivo CSV contém bytes nulos: não é um CSV de texto.")
    primeira = texto.split("\n", 1)[0]
    separador = ";" if primeira.count(";") > primeira.count(",") else ","
    leitor = csv.reader(io.StringIO(texto, newline=""), delimiter=separador)
    try:
        linhas = list(leitor)
    except csv.Error as erro:
        raise ErroPlanilha(f"CSV malformado: {erro}.") from erro
    if not linhas:
        raise ErroPlanilha("O arquivo está vazio.")
    return _montar(linhas[0], ((i, linha) for i, linha in enumerate(linhas[1:], start=2)))


def _ler_xlsx(conteudo: bytes) -> Planilha:
    try:
        livro = load_workbook(io.BytesIO(conteudo), read_only=True, data_only=True)
    except Exception as erro:  # openpyxl levanta vários tipos para arquivos corrompidos
        raise ErroPlanilha(
            "Não foi possível ler o arquivo XLSX (corrompido ou protegido)."
        ) from erro
    try:
        aba = livro.worksheets[0]
        linhas = aba.iter_rows(values_only=True)
        cabecalho = next(linhas, None)
        if cabecalho is None:
            raise ErroPlanilha("O arquivo está vazio.")
        return _montar(cabecalho, ((i, linha) for i, linha in enumerate(linhas, start=2)))
    finally:
        livro.close()


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
