"""Junção das partes de um PDF longo, num processo novo e enxuto.

Só importa o pikepdf (qpdf), o pypdf e a biblioteca padrão — nada de Django nem de
WeasyPrint — e só lê e grava arquivos: ``python -m relatorios.documentos.juncao``
recebe o pedido em JSON pela entrada padrão e responde em JSON pela saída.

Por que outro processo (issue 22, item 3: memória por processo do worker ≤ 500 MB):
o qpdf guarda na memória a árvore de marcação (PDF/UA) inteira do documento unido,
~2,5 KB por linha de uma lista de resultado, e o alocador não a devolve ao sistema
depois. No processo do worker, que já diagramou partes com o WeasyPrint (~300 MB),
a junção de uma seleção nacional (~151.500 linhas) passava de 650 MB; num processo
que começa com ~40 MB e termina com a junção, o pico é só o dela, e o worker não
cresce. Medidas em ``docs/desempenho.md``.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import pikepdf
from pypdf import PdfReader

#: Tempo máximo do processo da junção (a de ~9.600 páginas leva ~5 s numa máquina quieta).
LIMITE_S = 300
_RAIZ = Path(__file__).resolve().parent.parent.parent

Fonte = bytes | Path


class FalhaNaJuncao(RuntimeError):
    """O processo da junção não produziu o PDF (erro, sinal ou tempo esgotado)."""


@dataclass(frozen=True)
class Juncao:
    paginas: int
    #: Pico de memória residente (VmHWM) do processo que juntou, em MB; 0 se não há /proc.
    pico_rss_mb: float


def _abrir(fonte: Fonte) -> pikepdf.Pdf:
    # De um caminho, o qpdf lê do arquivo sob demanda: as partes não ficam inteiras na memória.
    return pikepdf.Pdf.open(fonte if isinstance(fonte, Path) else io.BytesIO(fonte))


def juntar(
    partes: Sequence[Fonte],
    *,
    amostra_rodape: Fonte,
    titulo: str,
    saida: Path | BinaryIO,
    produtor: str,
    idioma: str = "pt-BR",
) -> int:
    """Une partes geradas em paralelo e carimba "Página x de y" em cada página; devolve
    o número de páginas.

    As partes são geradas sem numeração (cada uma só conhece as próprias
    páginas). ``amostra_rodape`` é um PDF de uma página, feito com a mesma folha
    de estilo, cujo rodapé numerado diz ``TEXTO_AMOSTRA``: dele vêm a fonte
    (embutida), o tamanho, a cor e a posição do carimbo — a geometria fica só no
    CSS. As árvores de marcação das partes viram uma só (PDF/UA). A junção usa
    o pikepdf (qpdf): dezenas de milhares de objetos marcados em ~1 s.
    """
    amostra_bytes = (
        amostra_rodape.read_bytes() if isinstance(amostra_rodape, Path) else amostra_rodape
    )
    carimbo = _Carimbo.da_amostra(amostra_bytes)
    saida_pdf = pikepdf.Pdf.new()
    arvore = _ArvoreUnida(saida_pdf)
    for parte in partes:
        # Sem guardar a origem: o pikepdf a mantém viva enquanto a saída a referencia, e os
        # objetos Python dela, guardados, custam ~10 MB por parte de ~7.500 linhas (medido).
        origem = _abrir(parte)
        inicio = len(saida_pdf.pages)
        saida_pdf.pages.extend(origem.pages)
        arvore.acrescentar(origem, inicio)
        del origem
    arvore.concluir()
    total = len(saida_pdf.pages)
    with _abrir(amostra_bytes) as amostra:
        fonte = saida_pdf.copy_foreign(amostra.pages[0].Resources.Font[carimbo.fonte])
    for numero, pagina in enumerate(saida_pdf.pages, 1):
        carimbo.aplicar(saida_pdf, pagina, fonte, f"Página {numero} de {total}")
    with _abrir(partes[0]) as primeira:
        if "/Metadata" in primeira.Root:
            saida_pdf.Root.Metadata = saida_pdf.copy_foreign(primeira.Root.Metadata)
    saida_pdf.Root.Lang = pikepdf.String(idioma)
    saida_pdf.Root.ViewerPreferences = pikepdf.Dictionary(DisplayDocTitle=True)
    saida_pdf.docinfo[pikepdf.Name.Title] = titulo
    saida_pdf.docinfo[pikepdf.Name.Producer] = produtor
    saida_pdf.save(
        saida,
        object_stream_mode=pikepdf.ObjectStreamMode.generate,
        deterministic_id=True,
    )
    return total


def juntar_em_processo_novo(
    partes: Sequence[Path],
    *,
    amostra_rodape: Path,
    titulo: str,
    saida: Path,
    produtor: str,
    idioma: str = "pt-BR",
    limite_s: float = LIMITE_S,
) -> Juncao:
    """``juntar`` num processo Python novo (só este módulo importado), arquivos em disco.

    Qualquer falha do processo filho — exceção, morte por sinal (ex.: falta de
    memória), tempo esgotado, resposta ilegível — vira ``FalhaNaJuncao`` com o motivo.
    """
    pedido = {
        "partes": [str(p) for p in partes],
        "amostra_rodape": str(amostra_rodape),
        "titulo": titulo,
        "saida": str(saida),
        "produtor": produtor,
        "idioma": idioma,
    }
    caminhos = [str(_RAIZ), os.environ.get("PYTHONPATH", "")]
    ambiente = {**os.environ, "PYTHONPATH": os.pathsep.join(c for c in caminhos if c)}
    try:
        processo = subprocess.run(  # noqa: S603 - o próprio interpretador, argumentos fixos
            _comando(),
            input=json.dumps(pedido),
            capture_output=True,
            text=True,
            timeout=limite_s,
            cwd=_RAIZ,
            env=ambiente,
            check=False,
        )
    except subprocess.TimeoutExpired as erro:
        raise FalhaNaJuncao(
            f"A junção das partes passou de {limite_s:g} s e foi interrompida."
        ) from erro
    except OSError as erro:
        raise FalhaNaJuncao(f"O processo da junção das partes não pôde começar: {erro}") from erro
    if processo.returncode != 0:
        if processo.returncode < 0:
            motivo = f"terminou pelo sinal {-processo.returncode}"
        else:
            linhas = processo.stderr.strip().splitlines()
            motivo = linhas[-1] if linhas else f"código de saída {processo.returncode}"
        raise FalhaNaJuncao(f"O processo da junção das partes falhou: {motivo[:500]}")
    try:
        resposta = json.loads(processo.stdout.strip().splitlines()[-1])
        return Juncao(paginas=int(resposta["paginas"]), pico_rss_mb=float(resposta["pico_rss_mb"]))
    except (IndexError, KeyError, TypeError, ValueError) as erro:
        raise FalhaNaJuncao("O processo da junção das partes respondeu algo ilegível.") from erro


def _comando() -> list[str]:
    return [sys.executable, "-m", __name__]


def pico_rss_mb() -> float:
    """VmHWM (pico de memória residente) deste processo, de /proc, em MB."""
    try:
        with open("/proc/self/status") as status:
            for linha in status:
                if linha.startswith("VmHWM:"):
                    return int(linha.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _principal() -> None:
    pedido = json.load(sys.stdin)
    paginas = juntar(
        [Path(p) for p in pedido["partes"]],
        amostra_rodape=Path(pedido["amostra_rodape"]),
        titulo=pedido["titulo"],
        saida=Path(pedido["saida"]),
        produtor=pedido["produtor"],
        idioma=pedido["idioma"],
    )
    print(json.dumps({"paginas": paginas, "pico_rss_mb": round(pico_rss_mb(), 1)}))


#: O que o rodapé da amostra diz: todos os caracteres que um carimbo pode usar.
TEXTO_AMOSTRA = "Página 0123456789 de"


@dataclass(frozen=True)
class _Carimbo:
    """Fonte, tamanho, cor e canto direito (x, linha de base y) do rodapé numerado."""

    fonte: str  # nome do recurso de fonte na página de amostra
    tamanho: float
    cor: tuple[float, float, float]
    direita: float
    base: float
    glifos: dict[str, tuple[str, float]]  # caractere → (código hex, largura em 1/1000)

    @classmethod
    def da_amostra(cls, amostra: bytes) -> _Carimbo:
        pagina = PdfReader(io.BytesIO(amostra)).pages[0]
        achados: list[tuple[list[float], list[float], Any, float]] = []

        def visitar(texto: str, cm: list[float], tm: list[float], fonte: Any, tamanho: float):
            if texto.strip() == TEXTO_AMOSTRA:
                achados.append((cm, tm, fonte, tamanho))

        pagina.extract_text(visitor_text=visitar)
        if len(achados) != 1:
            raise ValueError(f"A amostra do rodapé deve conter {TEXTO_AMOSTRA!r} numa linha só.")
        cm, tm, fonte, tamanho = achados[0]
        nome = next(n for n, r in pagina["/Resources"]["/Font"].items() if r.get_object() == fonte)  # type: ignore[index]
        glifos = _glifos(fonte)
        escala = math.hypot(cm[0], cm[1])
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        largura = sum(glifos[c][1] for c in TEXTO_AMOSTRA) / 1000 * tamanho * escala
        conteudo = pagina.get_contents().get_data()  # type: ignore[union-attr]
        cor = re.search(
            rb"([0-9.]+) ([0-9.]+) ([0-9.]+) rg\s+BT[^E]*?" + re.escape(nome.encode()), conteudo
        )
        return cls(
            fonte=nome,
            tamanho=tamanho * escala,
            cor=(float(cor[1]), float(cor[2]), float(cor[3])) if cor else (0.0, 0.0, 0.0),
            direita=x + largura,
            base=y,
            glifos=glifos,
        )

    def aplicar(self, pdf: pikepdf.Pdf, pagina: pikepdf.Page, fonte: Any, texto: str) -> None:
        """Desenha ``texto`` alinhado à direita, como artefato (não é conteúdo lido)."""
        codigos = "".join(self.glifos[c][0] for c in texto)
        largura = sum(self.glifos[c][1] for c in texto) / 1000 * self.tamanho
        r, g, b = self.cor
        recursos = pagina.obj.Resources
        if "/Font" not in recursos:
            recursos.Font = pikepdf.Dictionary()
        recursos.Font.FNumeracao = fonte
        pagina.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        pagina.contents_add(
            pdf.make_stream(
                (
                    f"\nQ\n/Artifact BMC\nq {r:g} {g:g} {b:g} rg BT "
                    f"/FNumeracao {self.tamanho:.3f} Tf 1 0 0 1 {self.direita - largura:.3f} "
                    f"{self.base:.3f} Tm <{codigos}> Tj ET Q\nEMC\n"
                ).encode()
            )
        )


def _glifos(fonte: Any) -> dict[str, tuple[str, float]]:
    """Caractere → (código do glifo em hex, largura) de uma fonte Type0 Identity-H."""
    cmap = fonte["/ToUnicode"].get_object().get_data().decode("latin-1")
    codigos: dict[str, str] = {}
    for origem, destino in re.findall(r"<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]{4})>", cmap):
        codigos.setdefault(chr(int(destino, 16)), origem)
    descendente = fonte["/DescendantFonts"][0].get_object()
    larguras: dict[int, float] = {}
    lista = list(descendente.get("/W", []))
    i = 0
    while i < len(lista):
        inicio = int(lista[i])
        if isinstance(lista[i + 1], list):
            for deslocamento, largura in enumerate(lista[i + 1]):
                larguras[inicio + deslocamento] = float(largura)
            i += 2
        else:
            for codigo in range(inicio, int(lista[i + 1]) + 1):
                larguras[codigo] = float(lista[i + 2])
            i += 3
    padrao = float(descendente.get("/DW", 1000))
    return {c: (h, larguras.get(int(h, 16), padrao)) for c, h in codigos.items()}


class _ArvoreUnida:
    """Uma árvore de marcação (PDF/UA) para o documento unido.

    ``pages.extend`` copia as páginas mas não a estrutura. Cada elemento filho
    do ``/Document`` de cada parte passa a filho de um ``/Document`` novo, e as
    chaves da árvore de pais (``/StructParents`` das páginas) são deslocadas
    para não colidir entre partes. O qpdf reaproveita, para as referências
    ``/Pg`` dos elementos, as páginas já copiadas da mesma parte.
    """

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self.pdf = pdf
        self.filhos = pikepdf.Array()
        self.documento = pdf.make_indirect(
            pikepdf.Dictionary(Type=pikepdf.Name.StructElem, S=pikepdf.Name.Document, K=self.filhos)
        )
        self.numeros = pikepdf.Array()
        self.deslocamento = 0

    def acrescentar(self, origem: pikepdf.Pdf, inicio: int) -> None:
        raiz = origem.Root.get("/StructTreeRoot")
        if raiz is None:
            raise ValueError("Toda parte deve ser um PDF marcado (PDF/UA).")
        for indice, pagina in enumerate(origem.pages):
            if "/StructParents" in pagina.obj:
                destino = self.pdf.pages[inicio + indice].obj
                destino.StructParents = int(pagina.obj.StructParents) + self.deslocamento
        for elemento in _elementos_raiz(raiz):
            copia = self.pdf.copy_foreign(elemento)
            copia.P = self.documento
            self.filhos.append(copia)
        maior = -1
        for chave, valor in _numeros(raiz.ParentTree):
            self.numeros.append(chave + self.deslocamento)
            self.numeros.append(self._copiar(valor))
            maior = max(maior, chave)
        self.deslocamento += maior + 1

    def _copiar(self, valor: Any) -> Any:
        if isinstance(valor, pikepdf.Object) and valor.is_indirect:
            return self.pdf.copy_foreign(valor)
        return pikepdf.Array([self._copiar(item) for item in valor])

    def concluir(self) -> None:
        arvore = self.pdf.make_indirect(
            pikepdf.Dictionary(
                Type=pikepdf.Name.StructTreeRoot,
                K=pikepdf.Array([self.documento]),
                ParentTree=self.pdf.make_indirect(pikepdf.Dictionary(Nums=self.numeros)),
                ParentTreeNextKey=self.deslocamento,
            )
        )
        self.documento.P = arvore
        self.pdf.Root.StructTreeRoot = arvore
        self.pdf.Root.MarkInfo = pikepdf.Dictionary(Marked=True)


def _elementos_raiz(raiz: Any) -> list[Any]:
    """Os filhos do(s) elemento(s) ``/Document`` de uma árvore de marcação."""
    topo = raiz.K
    elementos: list[Any] = []
    for elemento in topo if isinstance(topo, pikepdf.Array) else [topo]:
        if elemento.get("/S") == pikepdf.Name.Document:
            filhos = elemento.get("/K", pikepdf.Array())
            elementos.extend(filhos if isinstance(filhos, pikepdf.Array) else [filhos])
        else:
            elementos.append(elemento)
    return elementos


def _numeros(arvore: Any) -> list[tuple[int, Any]]:
    """Entradas (chave, valor) de uma árvore de números, descendo por ``/Kids``."""
    nums = arvore.get("/Nums", pikepdf.Array())
    pares = [(int(nums[i]), nums[i + 1]) for i in range(0, len(nums), 2)]
    for filho in arvore.get("/Kids", pikepdf.Array()):
        pares.extend(_numeros(filho))
    return pares


if __name__ == "__main__":
    _principal()
