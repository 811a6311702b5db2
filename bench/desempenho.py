"""Tabela consolidada de ``docs/desempenho.md``: meta, figura medida e se a meta foi cumprida.

A tabela fica entre dois comentários-marcadores e é refeita a cada ``make bench`` a
partir de ``bench/resultados.json``; o resto do documento (as seções de cada
benchmark, escritas à mão) não é tocado.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

INICIO = "<!-- tabela-desempenho: início (gerada por `make bench`; não edite à mão) -->"
FIM = "<!-- tabela-desempenho: fim -->"
ANTES_DE = "\n## "  # sem marcadores, a tabela entra antes da primeira seção


@dataclass(frozen=True)
class Meta:
    chave: str
    descricao: str
    origem: str
    limite: float | None  # None: o issue da capacidade não fixa meta
    unidade: str
    maximo: bool = True  # True: a figura deve ficar ≤ limite; False: ≥ limite

    @property
    def comparar(self) -> Callable[[float, float], bool]:
        return operator.le if self.maximo else operator.ge

    def texto_meta(self) -> str:
        if self.limite is None:
            return "sem meta"
        return f"{'≤' if self.maximo else '≥'} {_numero(self.limite)}{self.unidade}"


METAS: tuple[Meta, ...] = (
    Meta("motor_100k_s", "Motor: 100.000 candidatos, k = 30.000", "motor", 0.3, " s"),
    Meta("motor_1m_s", "Motor: 1.000.000 de candidatos, k = 300.000", "motor", 3.0, " s"),
    Meta(
        "motor_rateio_500_s",
        "Motor: quadro (rateio) e sequências de 500 vagas de estágio",
        "motor",
        0.05,
        " s",
    ),
    Meta(
        "selecoes_quadro_200_vagas_ms",
        "Quadro de reserva do edital, 200 vagas",
        "seleções",
        150,
        " ms",
    ),
    Meta(
        "selecoes_previa_50_vagas_ms",
        "Prévia do quadro ao digitar, 50 vagas",
        "seleções",
        150,
        " ms",
    ),
    Meta("importacao_50k_s", "Importação de 50.000 inscrições (gravação)", "inscrições", 20, " s"),
    Meta(
        "importacao_tela_50k_s",
        "Envio de 50.000 inscrições pela tela (requisição web)",
        "inscrições",
        2,
        " s",
    ),
    Meta(
        "importacao_tela_confirmar_50k_s",
        "Confirmação de 50.000 inscrições pela tela (requisição web)",
        "inscrições",
        2,
        " s",
    ),
    Meta(
        "importacao_tarefa_50k_rss_mb",
        "Pico de memória da tarefa da prévia, 50.000 linhas",
        "inscrições",
        300,
        " MB",
    ),
    Meta(
        "publicacao_100k_s",
        "Publicação de resultado: 100.000 candidatos em 20 vagas",
        "classificação",
        15,
        " s",
    ),
    Meta(
        "pdf_5000_s",
        "PDF da lista de resultado, 5.000 aprovados, do pedido ao arquivo (2 processos de worker)",
        "documentos",
        4,
        " s",
    ),
    Meta("pdf_5000_rss_mb", "Pico de memória do PDF de 5.000 aprovados", "documentos", 400, " MB"),
    Meta(
        "pdf_5000_um_processo_s",
        "PDF de 5.000 aprovados inteiro num processo só (sem banco)",
        "documentos",
        None,
        " s",
    ),
    Meta(
        "pdf_50000_s",
        "PDF de 50.000 aprovados, 2 processos de worker",
        "documentos",
        60,
        " s",
    ),
    Meta("pdf_anexo_s", "PDF do anexo do edital (20 vagas)", "documentos", 1, " s"),
    Meta(
        "nacional_publicacao_s",
        "Seleção nacional: publicação do resultado final, 100.000 inscrições em 300 vagas",
        "nacional",
        15,
        " s",
    ),
    Meta(
        "nacional_pdfs_s",
        "Seleção nacional: todos os PDFs do resultado (300 vagas + consolidado), 2 processos",
        "nacional",
        300,
        " s",
    ),
    Meta(
        "nacional_pdf_rss_mb",
        "Seleção nacional: pico de memória do maior processo nos PDFs (worker ou junção)",
        "nacional",
        500,
        " MB",
    ),
    Meta(
        "pagina_resultado_p95_ms",
        "Página pública de resultado (10.000 candidatos), p95",
        "páginas públicas",
        100,
        " ms",
    ),
    Meta(
        "pagina_resultado_razao_trivial",
        "Vazão da página de resultado ÷ view trivial (mesma rodada)",
        "páginas públicas",
        0.6,
        "",
        maximo=False,
    ),
    Meta(
        "pagina_resultado_aviso_p99_ms",
        "Página de resultado: janela em que um worker ainda vê a geração antiga depois do "
        "aviso de outro nó (p99)",
        "páginas públicas",
        100,
        " ms",
    ),
    Meta(
        "painel_100k_p95_ms",
        "Painel do RH da seleção: 300 vagas, uma com 100.000 aprovados (p95)",
        "painel do RH",
        300,
        " ms",
    ),
    Meta(
        "vaga_100k_p95_ms",
        "Página da vaga de 100.000 aprovados: listas e ordem de convocação (p95)",
        "painel do RH",
        300,
        " ms",
    ),
    Meta(
        "convocar_10_100k_ms",
        "Convocar próximos 10 na vaga de 100.000 aprovados (pior de 5)",
        "painel do RH",
        500,
        " ms",
    ),
    Meta(
        "vaga_100k_apos_mudanca_ms",
        "Página da vaga de 100.000 logo depois de uma mudança (recalcula a vaga)",
        "painel do RH",
        None,
        " ms",
    ),
    Meta(
        "inscricao_pico_p95_ms",
        "Inscrição pública, 20 por segundo em malha aberta por 60 s, p95",
        "inscrição no pico",
        500,
        " ms",
    ),
    Meta(
        "inscricao_formulario_p95_ms",
        "Formulário público de inscrição de uma seleção de 300 vagas (GET, 4 navegadores "
        "por vez), p95",
        "inscrição no pico",
        300,
        " ms",
    ),
    Meta(
        "inscricao_pico_erros",
        "Inscrição pública a 20/s: erros, perdidas e duplicadas",
        "inscrição no pico",
        0,
        "",
    ),
    Meta(
        "inscricao_pico_razao_trivial",
        "Taxa sustentável (p95 ≤ 1 s) da inscrição ÷ POST trivial (mesma rodada)",
        "inscrição no pico",
        0.25,
        "",
        maximo=False,
    ),
    Meta(
        "inscricao_pico_razao_custo_cpu",
        "Teto da razão pelo custo de CPU: POST trivial ÷ (POST da inscrição + comprovante), "
        "pedido a pedido no processo",
        "inscrição no pico",
        None,
        "",
    ),
    Meta(
        "inscricao_pico_razao_custo_gravacao_minima",
        "O mesmo para um POST que só grava uma linha numa transação (o piso de um envio gravado)",
        "inscrição no pico",
        None,
        "",
    ),
    Meta(
        "monitoramento_cubo_supressao_200x10_s",
        "Monitoramento: cubo e supressão, 200 órgãos × 10 anos (sem banco)",
        "monitoramento",
        None,
        " s",
    ),
    Meta(
        "monitoramento_painel_db_s",
        "Monitoramento: painel no banco, 80.000 inscrições",
        "monitoramento",
        None,
        " s",
    ),
)


def _numero(valor: float) -> str:
    """Número à brasileira, sem zeros inúteis: 0,3 · 1.000 · 4,283."""
    texto = f"{valor:,.3f}".rstrip("0").rstrip(".")
    return texto.replace(",", "_").replace(".", ",").replace("_", ".")


def situacao(meta: Meta, resultados: Mapping[str, float]) -> str:
    valor = resultados.get(meta.chave)
    if valor is None:
        return "não medida"
    if meta.limite is None:
        return "—"
    return "cumprida" if meta.comparar(valor, meta.limite) else "**não cumprida**"


def tabela(resultados: Mapping[str, float], cargas: Mapping[str, float]) -> str:
    """A tabela em Markdown, com a carga média da máquina quando cada benchmark rodou."""
    linhas = [
        "| figura | benchmark | meta | medida | situação | CPU do processo | carga da máquina |",
        "|---|---|---|---|---|---|---|",
    ]
    for meta in METAS:
        valor = resultados.get(meta.chave)
        medida = "—" if valor is None else f"{_numero(valor)}{meta.unidade}"
        cpu = resultados.get(meta.chave.removesuffix("_s") + "_cpu_s")
        carga = cargas.get(meta.chave)
        linhas.append(
            f"| {meta.descricao} (`{meta.chave}`) | {meta.origem} | {meta.texto_meta()} | "
            f"{medida} | {situacao(meta, resultados)} | "
            f"{'—' if cpu is None or not meta.chave.endswith('_s') else _numero(cpu) + ' s'} | "
            f"{'—' if carga is None else _numero(round(carga, 2))} |"
        )
    return "\n".join(linhas)


@dataclass(frozen=True)
class Razao:
    """Figura principal: uma razão entre duas medidas da mesma rodada, que a carga da
    máquina afeta menos que cada medida sozinha."""

    chave: str
    descricao: str
    # (numerador, denominador) quando a razão é calculada aqui; None quando o
    # benchmark já a grava com ``chave``.
    partes: tuple[str, str] | None = None

    def valor(self, resultados: Mapping[str, float]) -> float | None:
        if self.partes is None:
            return resultados.get(self.chave)
        numerador, denominador = (resultados.get(p) for p in self.partes)
        if numerador is None or not denominador:
            return None
        return round(numerador / denominador, 3)


RAZOES: tuple[Razao, ...] = (
    Razao(
        "inscricao_pico_razao_trivial",
        "Inscrição pública no pico ÷ POST trivial (vazão com p95 ≤ 1 s)",
    ),
    Razao(
        "inscricao_pico_razao_custo_cpu",
        "Teto dessa razão pelo custo de CPU por pedido: POST trivial ÷ (POST da inscrição + "
        "comprovante)",
    ),
    Razao("pagina_resultado_razao_trivial", "Página de resultado ÷ view trivial (vazão)"),
    Razao(
        "pdf_5000_razao_tabela",
        "PDF de 5.000 aprovados num processo: leiaute em blocos ÷ tabela ingênua (tempo)",
        ("pdf_5000_um_processo_s", "pdf_5000_tabela_s"),
    ),
)


def principais(resultados: Mapping[str, float]) -> str:
    """As razões medidas numa mesma rodada, em lista, antes da tabela."""
    linhas = ["Figuras principais (razões medidas na mesma rodada):", ""]
    for razao in RAZOES:
        valor = razao.valor(resultados)
        medida = "não medida" if valor is None else _numero(valor)
        linhas.append(f"- {razao.descricao} (`{razao.chave}`): **{medida}**")
    return "\n".join(linhas)


def _rodada(ambiente: Mapping[str, Any] | None) -> str:
    if not ambiente:
        return ""
    return (
        f"Última rodada: banco {ambiente.get('banco')}, broker {ambiente.get('broker')}, "
        f"commit `{str(ambiente.get('commit'))[:12]}`, {ambiente.get('nucleos')} núcleos "
        "(cada figura, com o seu, em `medicoes` de `bench/resultados.json`).\n\n"
    )


def atualizar(
    caminho: Path,
    resultados: Mapping[str, float],
    cargas: Mapping[str, float],
    ambiente: Mapping[str, Any] | None = None,
) -> None:
    """Troca o trecho entre os marcadores (ou o cria antes da primeira seção)."""
    texto = caminho.read_text(encoding="utf-8")
    bloco = (
        f"{INICIO}\n\n{principais(resultados)}\n\n{tabela(resultados, cargas)}\n\n"
        f"{_rodada(ambiente)}"
        "Medida: tempo de relógio (o da meta). CPU do processo: tempo de processador do\n"
        "processo Python medido, quando o benchmark o informa; não cresce com a carga.\n"
        "Carga da máquina: média de 1 minuto do sistema (`os.getloadavg`) quando o\n"
        "benchmark começou; com 2 núcleos, acima de 2 há fila de processador e o tempo\n"
        "de relógio cresce com ela (as razões medidas na mesma rodada sofrem menos).\n\n"
        f"{FIM}"
    )
    if INICIO in texto and FIM in texto:
        antes, resto = texto.split(INICIO, 1)
        depois = resto.split(FIM, 1)[1]
        novo = antes + bloco + depois
    elif ANTES_DE in texto:
        antes, depois = texto.split(ANTES_DE, 1)
        novo = f"{antes.rstrip()}\n\n{bloco}\n{ANTES_DE}{depois}"
    else:
        novo = f"{texto.rstrip()}\n\n{bloco}\n"
    caminho.write_text(novo, encoding="utf-8")
