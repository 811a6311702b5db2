"""Leituras da heteroidentificação: categorias perdidas (entrada do motor), explicações
ao candidato e o resultado público por número de inscrição.

Regras de reserva, § 1: quem não é confirmado perde a elegibilidade da categoria e
continua na ampla concorrência; para o motor, simplesmente não é elegível.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from candidatos.models import (
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    Instancia,
    PublicacaoHeteroidentificacao,
    ResultadoHeteroidentificacao,
    TipoPublicacao,
)
from candidatos.services.heteroidentificacao import regras
from selecoes.categorias import Categoria
from selecoes.models import ConfirmacaoCategoria
from selecoes.sigilo import codigo_lista


def _ausente_perde(selecao_id: int) -> dict[str, bool]:
    return {
        c.categoria: c.ausente_perde_categoria
        for c in ConfirmacaoCategoria.objects.filter(selecao_id=selecao_id)
    }


def categorias_perdidas(selecao_id: int) -> dict[int, frozenset[str]]:
    """Por inscrição, as categorias que o resultado final da heteroidentificação tirou.

    Uma consulta; vazio (e sem consulta às decisões) quando o edital não confirma nada.
    """
    ausente_perde = _ausente_perde(selecao_id)
    if not ausente_perde:
        return {}
    perdidas: dict[int, set[str]] = defaultdict(set)
    for inscricao_id, categoria, resultado in DecisaoHeteroidentificacao.objects.filter(
        chamado__selecao_id=selecao_id, instancia=Instancia.FINAL
    ).values_list("chamado__inscricao_id", "chamado__categoria", "resultado"):
        if regras.perde_categoria(resultado, ausente_perde=ausente_perde.get(categoria, True)):
            perdidas[inscricao_id].add(categoria)
    return {k: frozenset(v) for k, v in perdidas.items()}


@dataclass(frozen=True)
class Explicacao:
    categoria: str
    resultado: str
    texto: str


def _texto(categoria: str, resultado: str, item: str, perde: bool) -> str:
    nome = Categoria(categoria).label.lower()
    if resultado == ResultadoHeteroidentificacao.CONFIRMADA:
        return (
            f"A comissão de heteroidentificação confirmou sua autodeclaração ({nome}; edital, "
            f"{item}): você concorre às vagas reservadas e à ampla concorrência."
        )
    if not perde:
        return (
            f"Você não compareceu à heteroidentificação ({nome}); pelo edital ({item}), "
            "continua concorrendo às vagas reservadas e à ampla concorrência."
        )
    motivo = {
        ResultadoHeteroidentificacao.AUSENTE: "você não compareceu à heteroidentificação",
        ResultadoHeteroidentificacao.NAO_CONFIRMADA: (
            "a comissão de heteroidentificação não confirmou sua autodeclaração"
        ),
        ResultadoHeteroidentificacao.INDICIO_FRAUDE: (
            "a comissão de heteroidentificação não confirmou sua autodeclaração e apontou "
            "indício de declaração falsa, que será apurado em processo próprio, com direito "
            "de defesa (Decreto nº 9.427/2018, art. 2º, parágrafo único)"
        ),
    }[ResultadoHeteroidentificacao(resultado)]
    return (
        f"Pelo edital ({item}), {motivo} ({nome}): você deixa de concorrer às vagas "
        "reservadas dessa categoria e continua na ampla concorrência, na sua posição da "
        "classificação."
    )


def explicacoes_da_inscricao(inscricao_id: int) -> list[Explicacao]:
    """O resultado final de cada categoria verificada, explicado ao candidato com o item
    do edital."""
    linhas = DecisaoHeteroidentificacao.objects.filter(
        chamado__inscricao_id=inscricao_id, instancia=Instancia.FINAL
    ).values_list("chamado__selecao_id", "chamado__categoria", "resultado")
    saida = []
    regras_por_selecao: dict[int, dict[str, ConfirmacaoCategoria]] = {}
    for selecao_id, categoria, resultado in linhas:
        if selecao_id not in regras_por_selecao:
            regras_por_selecao[selecao_id] = {
                c.categoria: c for c in ConfirmacaoCategoria.objects.filter(selecao_id=selecao_id)
            }
        regra = regras_por_selecao[selecao_id].get(categoria)
        item = regra.item_edital if regra else "regras do edital"
        perde = regras.perde_categoria(
            resultado, ausente_perde=regra.ausente_perde_categoria if regra else True
        )
        saida.append(Explicacao(categoria, resultado, _texto(categoria, resultado, item, perde)))
    return saida


@dataclass(frozen=True)
class LinhaPublica:
    inscricao: str
    categoria: str
    resultado: str

    @property
    def categoria_rotulo(self) -> str:
        return Categoria(self.categoria).label

    @property
    def resultado_rotulo(self) -> str:
        return ResultadoHeteroidentificacao(self.resultado).label


@dataclass(frozen=True)
class ResultadoPublico:
    publicacao: PublicacaoHeteroidentificacao | None
    linhas: tuple[LinhaPublica, ...]
    itens_edital: dict[str, str]


def resultado_publico(selecao_id: int, *, numero: str | None = None) -> ResultadoPublico:
    """A última versão publicada (final, se há; senão a preliminar), só números de
    inscrição; com ``numero``, só a linha daquela inscrição.

    Numa categoria cuja lista é sem nomes (pessoas trans, por padrão; LGPD, art. 11), o
    número se cruzaria com o nome da classificação geral: a linha leva o código de lista
    (``selecoes.sigilo``), depois das demais e na ordem dos códigos (entre os números,
    a posição diria qual é), e a consulta a acha pelo código, nunca pelo número
    (docs/resultado.md, "Sigilo das listas sem nomes")."""
    from candidatos.selectors.publico.resultados import modalidades_sem_nomes

    publicacao = None
    for tipo in (TipoPublicacao.FINAL, TipoPublicacao.PRELIMINAR):
        publicacao = (
            PublicacaoHeteroidentificacao.objects.filter(selecao_id=selecao_id, tipo=tipo)
            .order_by("-numero")
            .first()
        )
        if publicacao is not None:
            break
    itens: list[dict[str, Any]] = publicacao.conteudo.get("itens", []) if publicacao else []
    sem_nomes = modalidades_sem_nomes(selecao_id=selecao_id) if itens else frozenset()
    com_numero = [
        LinhaPublica(i["inscricao"], i["categoria"], i["resultado"])
        for i in itens
        if i["categoria"] not in sem_nomes
    ]
    com_codigo = sorted(
        (
            LinhaPublica(
                codigo_lista(i["inscricao"], i["categoria"]), i["categoria"], i["resultado"]
            )
            for i in itens
            if i["categoria"] in sem_nomes
        ),
        key=lambda linha: (linha.categoria, linha.inscricao),
    )
    linhas = tuple(
        linha
        for linha in (*com_numero, *com_codigo)
        if numero is None or linha.inscricao == numero.upper()
    )
    itens_edital = {
        c.categoria: c.item_edital
        for c in ConfirmacaoCategoria.objects.filter(selecao_id=selecao_id)
    }
    return ResultadoPublico(publicacao, linhas, itens_edital)


def chamados_da_selecao(selecao_id: int) -> list[ChamadoHeteroidentificacao]:
    return list(
        ChamadoHeteroidentificacao.objects.filter(selecao_id=selecao_id)
        .select_related("inscricao", "sessao__comissao")
        .order_by("categoria", "inscricao__numero")
    )
