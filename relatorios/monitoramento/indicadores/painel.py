"""O painel do art. 5º pronto para exibir: tabelas, gráficos e planilhas.

Monta, a partir das células já calculadas (e suprimidas), o que a tela, as
exportações e o relatório anual mostram. Sem consultas ao banco.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import TYPE_CHECKING

from relatorios.monitoramento.aprendizes import (
    BASE_LEGAL,
    ROTULOS_PRIORIDADE,
    Cota,
    CriterioPriorizacao,
)
from relatorios.monitoramento.graficos import (
    Barra,
    Grafico,
    Grupo,
    barras_horizontais,
    colunas,
    colunas_agrupadas,
)
from relatorios.monitoramento.indicadores.definicoes import (
    META_NEGROS,
    MODALIDADES,
    POR_CODIGO,
    TOTAL,
)
from relatorios.monitoramento.indicadores.supressao import Celula, Celulas
from relatorios.monitoramento.indicadores.tabelas import Tabela, tabela_indicadores, tabela_resumo
from selecoes.categorias import ORDEM_PADRAO, Categoria

if TYPE_CHECKING:
    from relatorios.models import EmpresaTerceirizada
    from relatorios.monitoramento.selectors import EscopoMonitoramento
    from selecoes.models import Orgao

CODIGOS_RESUMO = (
    "selecoes",
    "vagas_ofertadas",
    "reservadas_negros",
    "percentual_reservadas_negros",
    "contratacoes",
    "percentual_negros_contratacoes",
    "percentual_contratos_comprovam",
)
ORDEM_BASICA = frozenset({"AC", *ORDEM_PADRAO, "reversao"})
ROTULOS_MODALIDADE: dict[str, str] = {
    "AC": "Ampla concorrência",
    **{c: f"Reservadas a {c.curto}" for c in ORDEM_PADRAO},
    **{c.value: f"Reservadas a {c.curto}" for c in Categoria if c not in ORDEM_PADRAO},
    "reversao": "Reversões",
}


@dataclass(frozen=True)
class Painel:
    """Tudo o que o painel, as exportações e o relatório anual mostram."""

    escopo: EscopoMonitoramento
    ano: int
    anos: tuple[int, ...]
    orgao: Orgao | None
    nivel: str
    uf: str
    suprimir: bool
    cels: Celulas
    orgaos_do_ano: tuple[int, ...]
    chave_total: int | None = TOTAL
    """Linha "Total" do escopo: TOTAL, o único órgão do usuário ou SUBTOTAL."""

    @property
    def chave_orgao(self) -> int | None:
        return self.orgao.pk if self.orgao else self.chave_total

    def celula(self, codigo: str, ano: int | None = None) -> Celula:
        vazia = Celula(None) if POR_CODIGO[codigo].percentual else Celula(0)
        return self.cels.get((ano or self.ano, self.chave_orgao, codigo), vazia)

    def resumo(self) -> dict[str, Celula]:
        """Os números de destaque do ano (no órgão escolhido ou consolidados)."""
        resumo = {c: self.celula(c) for c in CODIGOS_RESUMO}
        sem_reserva = [self.celula(f"selecoes_sem_reserva_{m}").valor for m in ("art7", "art1")]
        resumo["selecoes_sem_reserva"] = Celula(sum(v or 0 for v in sem_reserva))
        return resumo

    @property
    def meta_atingida(self) -> bool | None:
        """Art. 1º: a meta é sobre as vagas oferecidas, não sobre os contratados."""
        pct = self.celula("percentual_reservadas_negros")
        if not pct.visivel or pct.valor is None:
            return None
        return pct.valor >= META_NEGROS

    def _rotulo_escopo(self) -> str:
        if self.orgao:
            return self.orgao.sigla
        return "todos os órgãos" if self.escopo.monitoramento else "seus órgãos"

    def tabela_consolidada(self) -> Tabela:
        anos = [a for a in (self.ano - 1, self.ano) if a in self.anos or a == self.ano]
        colunas = [(str(a), a, self.chave_orgao) for a in anos]
        return tabela_indicadores(
            self.cels, colunas, f"Indicadores de {self.ano} — {self._rotulo_escopo()}"
        )

    def tabela_orgaos(self) -> Tabela:
        siglas = self.escopo.siglas
        linhas = [(siglas[o], self.ano, o) for o in self.orgaos_do_ano if o in siglas]
        return tabela_resumo(
            self.cels,
            [*linhas, ("Total", self.ano, self.chave_total)],
            f"Indicadores por órgão em {self.ano}",
            "Órgão",
            total_na_ultima=True,
        )

    def tabela_evolucao(self) -> Tabela:
        linhas = [(str(a), a, self.chave_orgao) for a in sorted(self.anos)]
        return tabela_resumo(self.cels, linhas, f"Evolução anual — {self._rotulo_escopo()}", "Ano")

    def tabela_exportacao(self, nome: str) -> Tabela:
        """``indicadores``: todos os indicadores × órgãos do ano; ``evolucao``: × anos;
        ``orgaos``: o resumo por órgão."""
        if nome == "evolucao":
            colunas = [(str(a), a, self.chave_orgao) for a in sorted(self.anos)]
            return tabela_indicadores(self.cels, colunas, "Evolução anual")
        if nome == "orgaos":
            return self.tabela_orgaos()
        siglas = self.escopo.siglas
        colunas = [(siglas[o], self.ano, o) for o in self.orgaos_do_ano if o in siglas]
        return tabela_indicadores(
            self.cels,
            [*colunas, ("Total", self.ano, self.chave_total)],
            f"Indicadores de {self.ano}",
        )

    def anos_do_eixo(self) -> list[int]:
        """Todos os anos do primeiro ao último com dados: ano sem edital fica no eixo, vazio."""
        return list(range(min(self.anos), max(self.anos) + 1)) if self.anos else [self.ano]

    def graficos(self) -> list[Grafico]:
        """Art. 1º: 30% das VAGAS são reservadas; a meta fica na série das vagas
        reservadas, nunca no percentual de pessoas negras entre os contratados."""
        siglas = self.escopo.siglas
        escopo = self._rotulo_escopo()
        anos = self.anos_do_eixo()
        pct = "percentual_reservadas_negros"
        por_ano = [
            _barra(str(a), self.cels.get((a, self.chave_orgao, pct)), "sem vagas") for a in anos
        ]
        grupos = [
            Grupo(
                str(a),
                tuple(
                    _barra(nome, self.cels.get((a, self.chave_orgao, codigo)), "sem dados")
                    for codigo, nome in SERIES_RESERVA
                ),
            )
            for a in anos
        ]
        # As categorias do órgão só aparecem no gráfico quando houve convocação nelas.
        celulas = {
            m: self.cels.get((self.ano, self.chave_orgao, f"convocacoes_{m}")) for m in MODALIDADES
        }
        modalidades = [
            _barra(ROTULOS_MODALIDADE[m], celula, "sem convocações")
            for m, celula in celulas.items()
            if m in ORDEM_BASICA or (celula is not None and celula.valor)
        ]
        meta = f"meta {META_NEGROS}% das vagas"
        graficos = [
            colunas(
                identificador="grafico-evolucao",
                titulo=(
                    f"Vagas reservadas a negros, em % das vagas oferecidas, por ano de edital "
                    f"— {escopo}"
                ),
                descricao=_descrever(
                    por_ano,
                    "ano",
                    f"Linha tracejada: {meta} (Decreto nº 9.427/2018, art. 1º).",
                ),
                barras=por_ano,
                meta=META_NEGROS,
                rotulo_meta=meta,
            ),
            colunas_agrupadas(
                identificador="grafico-reserva",
                titulo=(
                    "Vagas reservadas a negros, vagas ocupadas pela reserva e pessoas negras "
                    f"contratadas em ampla concorrência, por ano de edital — {escopo}"
                ),
                descricao=_descrever_grupos(grupos),
                series=[nome for _codigo, nome in SERIES_RESERVA],
                grupos=grupos,
            ),
            barras_horizontais(
                identificador="grafico-modalidades",
                titulo=f"Convocações por modalidade em {self.ano} — {escopo}",
                descricao=_descrever(modalidades, "modalidade", ""),
                barras=modalidades,
            ),
        ]
        por_orgao = [
            _barra(siglas[o], self.cels.get((self.ano, o, pct)), "sem vagas")
            for o in self.orgaos_do_ano
            if o in siglas
        ]
        if len(por_orgao) > 1 and not self.orgao:
            graficos.insert(
                1,
                barras_horizontais(
                    identificador="grafico-orgaos",
                    titulo=(
                        f"Vagas reservadas a negros, em % das vagas oferecidas, por órgão, "
                        f"em {self.ano}"
                    ),
                    descricao=_descrever(por_orgao, "órgão", f"Linha tracejada: {meta}."),
                    barras=por_orgao,
                    meta=META_NEGROS,
                    rotulo_meta=meta,
                    maximo=Decimal(100),
                ),
            )
        return [_com_estado_vazio(g, escopo) for g in graficos]


SERIES_RESERVA = (
    ("reservadas_negros", "Vagas reservadas a negros (quadro do edital)"),
    ("contratacoes_negros", "Ocupadas pela reserva (contratações em vaga reservada)"),
    ("contratacoes_negros_em_ac", "Pessoas negras contratadas em ampla concorrência"),
)


def _com_estado_vazio(grafico: Grafico, escopo: str) -> Grafico:
    """Sem nenhum valor desenhável, a tela diz por quê em vez de mostrar um eixo com "X"."""
    if any(b.valor for b in grafico.barras):
        return grafico
    if any("suprimido" in b.texto for b in grafico.barras):
        motivo = (
            f"Sem gráfico: os números de {escopo} estão suprimidos (contagens de 1 a 4 "
            "pessoas não são divulgadas, para proteger dados pessoais); o que pode ser "
            "divulgado está na tabela abaixo."
        )
    else:
        motivo = (
            f"Sem gráfico: não há valores acima de zero de {escopo} para desenhar; os "
            "números estão na tabela abaixo."
        )
    return replace(grafico, vazio=motivo)


def _barra(rotulo: str, celula: Celula | None, sem_base: str = "sem contratações") -> Barra:
    if celula is None:
        return Barra(rotulo, None, "sem dados")
    if not celula.visivel:
        return Barra(rotulo, None, f"{celula.texto} (suprimido)")
    if celula.valor is None:
        return Barra(rotulo, None, sem_base)
    return Barra(rotulo, celula.valor, celula.texto)


def _descrever_grupos(grupos: Sequence[Grupo]) -> str:
    series = "; ".join(nome for _codigo, nome in SERIES_RESERVA)
    anos = " ".join(f"{g.rotulo}: " + "; ".join(b.texto for b in g.barras) + "." for g in grupos)
    return f"Três colunas por ano, nesta ordem: {series}. {anos} A mesma informação está na tabela."


def _descrever(barras: Sequence[Barra], item: str, extra: str) -> str:
    if not barras:
        return f"Nenhum {item} com dados. {extra}".strip()
    valores = "; ".join(f"{b.rotulo}: {b.texto}" for b in barras)
    return f"Um valor por {item}. {valores}. {extra} A mesma informação está na tabela.".strip()


@dataclass(frozen=True)
class Planilha:
    """Tabela de textos para exportação (mesma interface de ``Tabela.para_planilha``)."""

    legenda: str
    cabecalho: list[str]
    linhas: list[list[object]]

    def para_planilha(self) -> tuple[list[str], list[list[object]]]:
        return self.cabecalho, self.linhas


def tabela_priorizacao(
    ordem: Sequence[tuple[int, EmpresaTerceirizada, Cota]],
    contratacao: str,
    criterios: Sequence[str],
) -> Planilha:
    """Planilha da priorização do art. 6º, com a contratação, os critérios e a base legal."""
    linhas: list[list[object]] = [
        [
            n,
            ROTULOS_PRIORIDADE[cota.prioridade],
            e.razao_social,
            e.cnpj_formatado,
            e.get_porte_display(),
            e.numero_contrato,
            e.objeto_contrato,
            cota.base,
            cota.aprendizes,
            cota.minimo,
            cota.maximo,
            cota.situacao.rotulo,
            e.data_referencia.strftime("%d/%m/%Y"),
        ]
        for n, e, cota in ordem
    ]
    rotulos = [CriterioPriorizacao(c).rotulo for c in criterios] or ["somente o CNPJ"]
    linhas += [
        [],
        ["Contratação", contratacao],
        ["Critérios de desempate", "; ".join(rotulos)],
        *(list[object](["Base legal", texto]) for texto in BASE_LEGAL),
    ]
    cabecalho = [
        "Ordem",
        "Grupo (art. 6º)",
        "Razão social",
        "CNPJ",
        "Porte",
        "Contrato",
        "Objeto",
        "Empregados em funções com formação profissional",
        "Aprendizes",
        "Cota mínima",
        "Cota máxima",
        "Situação",
        "Data de referência",
    ]
    return Planilha(f"Priorização — {contratacao}", cabecalho, linhas)
