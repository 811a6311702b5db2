"""Quadro de reserva do edital, calculado pelo motor (art. 1º, §§ 1º a 3º; art. 3º; art. 7º).

Todo número de reserva que aparece em tela ou em documento vem do motor
(`selecoes.reserva`); aqui só convertemos modelos em entradas do motor e a
saída do motor em estruturas fáceis de exibir.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from selecoes import reserva
from selecoes.categorias import Categoria
from selecoes.models import Selecao, VagaEstagio

CATEGORIA_NEGROS: str = Categoria.NEGROS.value
CATEGORIA_PCD: str = Categoria.PCD.value
PERCENTUAL_NEGROS = Decimal("30")
"""Decreto nº 9.427/2018, art. 1º, caput: 30% das vagas aos negros."""

ROTULOS_MODALIDADE = {
    reserva.AC: "Ampla concorrência",
    **{c.value: c.label for c in Categoria},
}
SIGLAS_MODALIDADE = {reserva.AC: "AC", **{c.value: c.sigla for c in Categoria}}


@dataclass(frozen=True)
class LinhaQuadro:
    """Uma vaga de estágio no quadro de reserva (art. 1º, § 3º)."""

    vaga: VagaEstagio
    reservadas: dict[str, int]
    """Por categoria: posições da categoria entre as `ofertadas` primeiras."""
    ampla: int
    """Vagas ofertadas de ampla concorrência: ofertadas − soma das reservadas."""
    sequencia: tuple[str, ...]
    """As primeiras posições de convocação desta vaga: "AC", "negros", "pcd" (art. 3º)."""
    motor: reserva.LinhaTabela | None = None
    """A linha do quadro do motor (início da reserva, rateio, colisões)."""

    @property
    def inicio(self) -> int | None:
        """Primeira posição sob a reserva (regras, § 2); `None`: nenhuma."""
        return self.motor.inicio if self.motor is not None else None

    @property
    def ofertadas(self) -> int:
        return self.vaga.vagas_ofertadas

    @property
    def posicoes(self) -> list[tuple[int, str]]:
        """(número da posição, modalidade) para tabelas."""
        return list(enumerate(self.sequencia, 1))


@dataclass(frozen=True)
class LinhaComparacao:
    """Uma vaga de estágio nas duas bases (prévia do edital, regras § 3.1)."""

    codigo: str
    ofertadas: int
    selecao: dict[str, int]
    vaga: dict[str, int]

    @property
    def difere(self) -> bool:
        return self.selecao != self.vaga


@dataclass(frozen=True)
class QuadroReserva:
    """Quadro de reserva de uma seleção, calculado pelo motor."""

    aplicavel: bool
    motivo: str
    """Frase em português citando o art. 7º e o art. 1º, § 1º."""
    categorias: tuple[str, ...]
    """Categorias na ordem de precedência: ("negros",) ou ("negros", "pcd")."""
    percentuais: dict[str, Decimal]
    linhas: tuple[LinhaQuadro, ...]
    total_vagas: int
    """N: soma das vagas ofertadas da seleção (art. 1º, § 1º)."""
    total_reservadas: dict[str, int]
    """Soma, por categoria, das vagas reservadas das vagas de estágio."""
    reservadas_esperadas_negros: int
    """arredondar(0,3 × N) quando a reserva se aplica; senão 0 (art. 1º, § 2º)."""
    alerta_fracionamento: str | None
    """Aviso do § 3º das regras (STF, ADC 41) quando o total por vaga é menor."""
    regra_texto: str
    """Regra de convocação em português simples, para o anexo do edital; parágrafos
    separados por linha em branco."""
    explicita: bool = False
    """O edital publica posições reservadas explícitas."""
    versao_regras: int = reserva.VERSAO_ATUAL
    """Versão das regras de reserva do edital (regras, § 8)."""
    base: str = reserva.BaseReserva.SELECAO.value
    """Base efetiva: "selecao" (rateio) ou "vaga" (regras, § 3.1)."""
    reservadas_esperadas: dict[str, int] = field(default_factory=dict)
    """Por categoria, arredondar(p_c × N) (art. 1º, § 2º)."""
    base_texto: str = ""
    versao_texto: str = ""
    rateio: tuple[str, ...] = ()
    """Base selecao: que vagas de estágio receberam vagas pelos maiores restos e por quê."""
    inicio_texto: str = ""
    """N < 3 (versão 2): de que vaga a reserva começa (regras, § 2)."""
    comparacao: tuple[LinhaComparacao, ...] = ()
    """As duas bases lado a lado (prévia; versão 2 sem sequência explícita)."""
    totais_comparacao: dict[str, dict[str, int]] = field(default_factory=dict)
    """Base → categoria → total da seleção."""
    tabela: reserva.TabelaReserva | None = None

    @property
    def totais_e_esperadas(self) -> list[tuple[str, int, int]]:
        """(rótulo, total do quadro, arredondar(p_c × N)) por categoria (§ 3.1)."""
        return totais_e_esperadas(self.categorias, self.total_reservadas, self.reservadas_esperadas)

    @property
    def total_ampla(self) -> int:
        return sum(linha.ampla for linha in self.linhas)

    @property
    def rotulos(self) -> list[tuple[str, str]]:
        return [(c, ROTULOS_MODALIDADE.get(c, c)) for c in self.categorias]

    @property
    def somente_cadastro_reserva(self) -> bool:
        return bool(self.linhas) and self.total_vagas == 0


def totais_e_esperadas(
    categorias: Sequence[str], totais: Mapping[str, int], esperadas: Mapping[str, int]
) -> list[tuple[str, int, int]]:
    """Regras de reserva, § 3.1: o anexo mostra os totais da seleção ao lado de
    arredondar(p_c × N)."""
    return [
        (ROTULOS_MODALIDADE.get(c, c), totais.get(c, 0), esperadas.get(c, 0)) for c in categorias
    ]


def reservas_da_selecao(
    *,
    reserva_pcd: bool,
    percentual_pcd: Decimal | None,
    percentual_negros: Decimal | None = None,
    outras: Sequence[tuple[str, Decimal]] = (),
) -> list[reserva.Reserva]:
    """Categorias em ordem de precedência: negros (art. 1º, no mínimo 30%), PcD se
    houver (Lei nº 11.788/2008, art. 17, § 5º) e as categorias do órgão na ordem do
    edital (`outras`: pares código, percentual; ato do órgão)."""
    reservas = [reserva.Reserva(CATEGORIA_NEGROS, Decimal(percentual_negros or PERCENTUAL_NEGROS))]
    if reserva_pcd:
        reservas.append(reserva.Reserva(CATEGORIA_PCD, Decimal(percentual_pcd or 10)))
    reservas.extend(reserva.Reserva(codigo, Decimal(p)) for codigo, p in outras)
    return reservas


def categorias_do_orgao(selecao: Selecao) -> list[tuple[str, Decimal]]:
    """(código, percentual) das categorias do órgão, na precedência do edital."""
    if selecao.pk is None:
        return []
    return [(c.categoria, c.percentual) for c in selecao.categorias_orgao.all()]


def reservas_de(selecao: Selecao) -> list[reserva.Reserva]:
    """As reservas que a seleção declara, na precedência (regras de reserva, § 3.2)."""
    return reservas_da_selecao(
        reserva_pcd=selecao.reserva_pcd,
        percentual_pcd=selecao.percentual_pcd,
        percentual_negros=selecao.percentual_negros,
        outras=categorias_do_orgao(selecao),
    )


def sequencia_explicita_do_json(
    dados: Mapping[str, Any] | None, categorias: Sequence[str]
) -> reserva.SequenciaExplicita | None:
    """Converte o JSON `Selecao.sequencia_explicita` no tipo do motor (art. 3º).

    Levanta `reserva.EntradaInvalida` (com o campo) se faltar uma categoria
    declarada, sobrar uma não declarada ou duas categorias disputarem a mesma posição.
    """
    if not dados:
        return None
    if not isinstance(dados, Mapping):
        raise reserva.EntradaInvalida("sequencia_explicita", "deve ser um objeto por categoria.")
    faltam = [c for c in categorias if c not in dados]
    sobram = [c for c in dados if c not in categorias]
    if faltam:
        rotulo = rotulo_reserva(faltam[0])
        raise reserva.EntradaInvalida(
            faltam[0], f"informe também as posições reservadas a {rotulo}."
        )
    if sobram:
        raise reserva.EntradaInvalida(
            sobram[0], f'a categoria "{sobram[0]}" não é uma reserva desta seleção.'
        )
    itens = []
    for categoria in categorias:
        item = dados[categoria] or {}
        posicoes = item.get("posicoes") or []
        if not isinstance(posicoes, list) or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in posicoes
        ):
            raise reserva.EntradaInvalida(categoria, "as posições devem ser números inteiros.")
        itens.append(
            reserva.PosicoesReservadas(categoria, tuple(posicoes), item.get("intervalo") or None)
        )
    return reserva.SequenciaExplicita(tuple(itens))


def rotulo_reserva(categoria: str) -> str:
    """Nome da categoria em frase, o do motor ("candidatos negros", "indígenas")."""
    return reserva.rotulo_categoria(categoria)


def _ordinais(numeros: Sequence[int]) -> str:
    itens = [f"{n}ª" for n in numeros]
    if len(itens) <= 1:
        return "".join(itens)
    return ", ".join(itens[:-1]) + " e " + itens[-1]


def _texto_sequencia_explicita(explicita: reserva.SequenciaExplicita) -> str:
    partes = []
    for item in explicita.itens:
        texto = f"a {rotulo_reserva(item.categoria)}, a {_ordinais(item.posicoes)}"
        if item.intervalo:
            texto += f" e assim sucessivamente de {item.intervalo} em {item.intervalo}"
        partes.append(texto)
    return (
        "O edital publica as posições de convocação reservadas em cada vaga de estágio (art. 3º): "
        + "; ".join(partes)
        + ". As demais posições são de ampla concorrência."
    )


def _texto_sequencia_padrao(reservas: Sequence[reserva.Reserva], sequencia: Sequence[str]) -> str:
    negros = [n for n, m in enumerate(sequencia, 1) if m == CATEGORIA_NEGROS]
    percentual_negros = reservas[0].percentual
    texto = (
        "O decreto manda alternar e respeitar a proporção (art. 3º), sem fixar posições. "
        "Este edital adota a regra: em cada vaga de estágio, depois de qualquer número de "
        "convocações, o número de convocações reservadas a candidatos negros é "
        f"{percentual_negros.normalize():f}% desse "
        "número, arredondado como manda o decreto (fração igual ou maior que 0,5 para cima, "
        "menor que 0,5 para baixo — art. 1º, § 2º)"
    )
    pcd = next((r for r in reservas if r.categoria == CATEGORIA_PCD), None)
    if pcd is not None:
        texto += (
            f"; o mesmo vale para pessoas com deficiência, com {pcd.percentual.normalize():f}% "
            "(Lei nº 11.788/2008, art. 17, § 5º), e, quando as duas reservas pedem a mesma "
            "posição, ela vai aos candidatos negros e a de pessoas com deficiência passa à "
            "seguinte"
        )
    do_orgao = [r for r in reservas[1:] if r.categoria != CATEGORIA_PCD]
    if do_orgao:
        texto += (
            "; e para as categorias que o órgão acrescenta por ato próprio, nesta ordem de "
            "precedência: "
            + "; ".join(
                f"{rotulo_reserva(r.categoria)}, com {r.percentual.normalize():f}%"
                for r in do_orgao
            )
            + " (quando duas reservas pedem a mesma posição, ela vai à de maior precedência)"
        )
    texto += ". Cada posição sem reserva pendente é de ampla concorrência."
    if negros:
        texto += f" Assim, são reservadas a candidatos negros a {_ordinais(negros)} posições"
        pcd_pos = [n for n, m in enumerate(sequencia, 1) if m == CATEGORIA_PCD]
        if pcd_pos:
            texto += f", e a pessoas com deficiência a {_ordinais(pcd_pos)}"
        for r in do_orgao:
            pos = [n for n, m in enumerate(sequencia, 1) if m == r.categoria]
            if pos:
                texto += f", e a {rotulo_reserva(r.categoria)} a {_ordinais(pos)}"
        texto += ", e assim por diante pela mesma regra."
    return texto


REGRAS_DE_PREENCHIMENTO = (
    "As vagas de ampla concorrência vão aos mais bem classificados, sejam ou não candidatos "
    "negros; o candidato negro aprovado dentro das vagas de ampla concorrência não ocupa vaga "
    "reservada (art. 4º, § 1º). As vagas reservadas vão aos candidatos que optaram pela reserva, "
    "na ordem da classificação única da vaga de estágio (art. 4º, caput). Na desistência de "
    "candidato negro aprovado em vaga reservada, ela é preenchida pelo candidato negro "
    "classificado logo depois (art. 4º, § 2º). Se faltarem candidatos negros aprovados, a vaga "
    "reservada é revertida à ampla concorrência e preenchida pelo próximo aprovado, na ordem "
    "de classificação (art. 4º, § 3º). Quem for eliminado por declaração falsa sai de todas as "
    "listas e, se já contratado, é desligado (art. 2º, parágrafo único)."
)

ESCOLHAS_DO_SISTEMA_V2 = (
    "Escolhas de interpretação adotadas onde o decreto é omisso (regras de reserva, versão 2): "
    "(1) o número de vagas da seleção (art. 1º, § 1º) é a soma das vagas ofertadas em todas as "
    "vagas de estágio; (2) as vagas que surgirem contam para esse número: com menos de três "
    "vagas oferecidas, as oferecidas são de ampla concorrência e a reserva começa quando a "
    "seleção tem três vagas, contando as oferecidas das outras vagas de estágio e as desta; "
    "(3) quando duas reservas pedem a mesma posição, ela vai à de maior precedência, e a outra "
    "toma a última posição de ampla concorrência entre as vagas ofertadas, para que toda "
    "categoria chegue ao número do quadro; (4) a cada nova convocação, o conjunto de convocados "
    "é exatamente o que o decreto daria para aquele número de vagas, de modo que um candidato "
    "negro chamado em vaga reservada pode passar a contar na ampla concorrência quando as vagas "
    "de ampla concorrência alcançam sua classificação — o histórico guarda a modalidade em que "
    "foi chamado; (5) as vagas que surgem seguem a sequência de cada vaga de estágio, que "
    "arredonda sozinha: o sistema mostra, para a seleção, as convocações reservadas até agora "
    "ao lado de 30% delas."
)

TEXTO_BASE = {
    reserva.BaseReserva.SELECAO.value: (
        "Base da reserva: o total da seleção. O decreto reserva 30% das vagas oferecidas nas "
        "seleções (art. 1º, caput), e a divisão das vagas em muitas vagas de estágio pequenas "
        "não pode frustrar a reserva (STF, ADC 41). O total reservado é 30% das vagas da "
        "seleção, arredondado como manda o decreto (art. 1º, § 2º), distribuído entre as vagas "
        "de estágio pelos maiores restos: cada uma recebe primeiro a parte inteira de 30% das "
        "suas vagas, e as que faltam vão às de maior parte fracionária (empate: mais vagas "
        "ofertadas, depois a ordem das vagas no edital), e o quadro publica o resultado por vaga "
        "de estágio (art. 1º, § 3º). Nas vagas ofertadas de cada vaga de estágio, as reservadas "
        "são espalhadas por igual (art. 3º, alternância e proporcionalidade)."
    ),
    reserva.BaseReserva.VAGA.value: (
        "Base da reserva: cada vaga de estágio. Cada vaga de estágio tem 30% das suas vagas "
        "reservadas, arredondado como manda o decreto (art. 1º, §§ 2º e 3º), sem somar as "
        "frações das outras."
    ),
}

ESCOLHAS_DO_SISTEMA = (
    "Escolhas de interpretação adotadas onde o decreto é omisso: (1) o número de vagas da "
    "seleção (art. 1º, § 1º) é a soma das vagas ofertadas em todas as vagas de estágio; "
    "(2) seleção somente para cadastro de reserva (nenhuma vaga ofertada de início) aplica a "
    "reserva às vagas que surgirem, pela mesma sequência; (3) a cada nova convocação, o "
    "conjunto de convocados é exatamente o que o decreto daria para aquele número de vagas, de "
    "modo que um candidato negro chamado em vaga reservada pode passar a contar na ampla "
    "concorrência quando as vagas de ampla concorrência alcançam sua classificação — o "
    "histórico guarda a modalidade em que foi chamado."
)


def _regra_texto(
    aplicacao: reserva.Aplicabilidade,
    reservas: Sequence[reserva.Reserva],
    explicita: reserva.SequenciaExplicita | None,
    sequencia_modelo: Sequence[str],
) -> str:
    if not aplicacao.aplicavel:
        return (
            f"{aplicacao.motivo} As convocações seguem apenas a ordem de classificação de "
            "cada vaga de estágio."
        )
    if explicita is not None:
        sequencia = _texto_sequencia_explicita(explicita)
    else:
        sequencia = _texto_sequencia_padrao(reservas, sequencia_modelo)
    if aplicacao.versao == 1:
        return "\n\n".join([sequencia, REGRAS_DE_PREENCHIMENTO, ESCOLHAS_DO_SISTEMA])
    return "\n\n".join([sequencia, REGRAS_DE_PREENCHIMENTO, ESCOLHAS_DO_SISTEMA_V2])


def _numero(valor: Decimal) -> str:
    texto = f"{valor.normalize():f}"
    return texto.replace(".", ",")


def _texto_rateio(tabela: reserva.TabelaReserva) -> tuple[str, ...]:
    """Base selecao (regras, § 3.1): que vagas de estágio receberam vagas pelos
    maiores restos, e por quê (ordem: maior fração; empate, mais vagas ofertadas;
    depois a ordem das vagas no edital, que o RH pode mudar antes de publicar)."""
    if tabela.base is not reserva.BaseReserva.SELECAO or not tabela.aplicacao:
        return ()
    if not tabela.aplicacao.nas_ofertadas:
        return ()
    frases: list[str] = []
    esperadas = dict(tabela.reservadas_na_selecao)
    for r in tabela.reservas:
        c = r.categoria
        pisos = sum(dict(linha.piso)[c] for linha in tabela.linhas)
        recebidas = [
            (linha, dict(linha.restos).get(c, 0))
            for linha in tabela.linhas
            if dict(linha.restos).get(c, 0)
        ]
        if not recebidas:
            continue
        detalhes = [
            f"{linha.codigo} ({_numero(r.percentual)}% de {linha.ofertadas} = "
            f"{_numero(r.percentual * linha.ofertadas / 100)})"
            for linha, _ in recebidas
        ]
        frases.append(
            f"{reserva.rotulo_categoria(c).capitalize()}: {_numero(r.percentual)}% das "
            f"{tabela.total_vagas} vagas da seleção dão {esperadas[c]} (art. 1º, § 2º); as partes "
            f"inteiras somam {pisos}, e as {esperadas[c] - pisos} restantes foram às vagas de "
            f"estágio de maior parte fracionária: {', '.join(detalhes)}. Empates de fração vão "
            "à vaga com mais vagas ofertadas e, depois, à que vem antes no edital (regras de "
            "reserva, § 3.1)."
        )
    return tuple(frases)


def _texto_inicio(tabela: reserva.TabelaReserva) -> str:
    """Versão 2 com N < 3 (regras, § 2): de que vaga a reserva começa."""
    aplicacao = tabela.aplicacao
    if aplicacao is None or aplicacao.versao != 2 or not aplicacao.aplicavel:
        return ""
    if aplicacao.nas_ofertadas:
        return ""
    partes = [
        f"{linha.codigo}, a partir da {linha.inicio}ª convocação"
        for linha in tabela.linhas
        if linha.inicio is not None
    ]
    return (
        f"A seleção oferece {tabela.total_vagas} vaga(s): as oferecidas são de ampla "
        "concorrência, e a reserva começa quando a seleção tiver três vagas (art. 1º, § 1º; "
        "regras de reserva, § 2) — em cada vaga de estágio: " + "; ".join(partes) + "."
    )


def _texto_versao(versao: int) -> str:
    if versao == 1:
        return (
            "Este edital segue a versão 1 das regras de reserva do sistema, em vigor quando foi "
            "publicado, e a mantém por toda a sua vida: cada vaga de estágio arredonda sozinha; "
            "seleção só de cadastro de reserva aplica a reserva desde a 1ª vaga; com 1 ou 2 "
            "vagas oferecidas, não há reserva (regras de reserva, § 8)."
        )
    return (
        "Este edital segue a versão 2 das regras de reserva do sistema (dezembro de 2026), em "
        "vigor quando foi publicado, e a mantém por toda a sua vida (regras de reserva, § 8)."
    )


def _tabela(
    *,
    data_publicacao: date,
    vagas: Sequence[tuple[str, int]],
    reservas: Sequence[reserva.Reserva],
    explicita: reserva.SequenciaExplicita | None,
    versao_regras: int,
    base_reserva: str | None,
) -> reserva.TabelaReserva:
    total = sum(n for _, n in vagas)
    aplicacao = reserva.aplicabilidade(data_publicacao, total, versao_regras)
    base = None if versao_regras == 1 or explicita is not None else base_reserva
    return reserva.tabela_reserva(reservas, vagas, aplicacao, explicita, base)


def _montar_quadro(
    *,
    data_publicacao: date,
    vagas: Sequence[VagaEstagio],
    reserva_pcd: bool,
    percentual_pcd: Decimal | None,
    sequencia_explicita: Mapping[str, Any] | None,
    posicoes: int,
    versao_regras: int,
    base_reserva: str | None,
    comparar: bool = False,
    percentual_negros: Decimal | None = None,
    outras: Sequence[tuple[str, Decimal]] = (),
) -> QuadroReserva:
    reservas = reservas_da_selecao(
        reserva_pcd=reserva_pcd,
        percentual_pcd=percentual_pcd,
        percentual_negros=percentual_negros,
        outras=outras,
    )
    categorias = tuple(r.categoria for r in reservas)
    explicita = sequencia_explicita_do_json(sequencia_explicita, categorias)
    pares = [(v.codigo, v.vagas_ofertadas) for v in vagas]
    parametros: dict[str, Any] = {
        "data_publicacao": data_publicacao,
        "vagas": pares,
        "reservas": reservas,
        "explicita": explicita,
        "versao_regras": versao_regras,
    }
    tabela = _tabela(**parametros, base_reserva=base_reserva)
    aplicacao = tabela.aplicacao or reserva.aplicabilidade(
        data_publicacao, tabela.total_vagas, versao_regras
    )
    linhas = []
    for vaga, linha in zip(vagas, tabela.linhas, strict=True):
        reservadas = dict(linha.reservadas)
        linhas.append(
            LinhaQuadro(
                vaga=vaga,
                reservadas=reservadas,
                ampla=linha.ofertadas - sum(reservadas.values()),
                sequencia=reserva.sequencia_linha(tabela, linha, posicoes),
                motor=linha,
            )
        )
    comparacao: tuple[LinhaComparacao, ...] = ()
    totais: dict[str, dict[str, int]] = {}
    if comparar and versao_regras == 2 and explicita is None:
        por_base = {
            b.value: _tabela(**parametros, base_reserva=b.value) for b in reserva.BaseReserva
        }
        selecao_t, vaga_t = por_base["selecao"], por_base["vaga"]
        comparacao = tuple(
            LinhaComparacao(a.codigo, a.ofertadas, dict(a.reservadas), dict(b.reservadas))
            for a, b in zip(selecao_t.linhas, vaga_t.linhas, strict=True)
        )
        totais = {nome: dict(t.total_reservadas) for nome, t in por_base.items()}
    # A regra em texto lista as posições de uma vaga-modelo com 30 convocações.
    modelo = reserva.sequencia(reservas, max(posicoes, 30), aplicacao.aplicavel, explicita)
    esperadas = dict(tabela.reservadas_na_selecao)
    return QuadroReserva(
        aplicavel=aplicacao.aplicavel,
        motivo=aplicacao.motivo,
        categorias=categorias,
        percentuais={r.categoria: r.percentual for r in reservas},
        linhas=tuple(linhas),
        total_vagas=tabela.total_vagas,
        total_reservadas=dict(tabela.total_reservadas),
        reservadas_esperadas_negros=esperadas[CATEGORIA_NEGROS],
        alerta_fracionamento="\n\n".join(tabela.avisos) or None,
        regra_texto=_regra_texto(aplicacao, reservas, explicita, modelo),
        explicita=explicita is not None,
        versao_regras=versao_regras,
        base=tabela.base.value,
        reservadas_esperadas=esperadas,
        base_texto=TEXTO_BASE[tabela.base.value] if aplicacao.aplicavel else "",
        versao_texto=_texto_versao(versao_regras),
        rateio=_texto_rateio(tabela),
        inicio_texto=_texto_inicio(tabela),
        comparacao=comparacao,
        totais_comparacao=totais,
        tabela=tabela,
    )


def tabela_da_selecao(
    selecao: Selecao, vagas: Sequence[VagaEstagio] | None = None
) -> reserva.TabelaReserva:
    """Quadro do motor da seleção inteira, com a versão e a base do edital (regras,
    §§ 3.1 e 8): o que toda convocação usa."""
    reservas = reservas_de(selecao)
    vagas = list(selecao.vagas.all()) if vagas is None else vagas
    return _tabela(
        data_publicacao=selecao.data_publicacao_edital,
        vagas=[(v.codigo, v.vagas_ofertadas) for v in vagas],
        reservas=reservas,
        explicita=sequencia_explicita_do_json(
            selecao.sequencia_explicita, [r.categoria for r in reservas]
        ),
        versao_regras=selecao.versao_regras,
        base_reserva=selecao.base_reserva,
    )


def quadro_reserva(
    selecao: Selecao, *, posicoes: int = 20, comparar: bool = False
) -> QuadroReserva:
    """Quadro de reserva do edital (art. 1º, §§ 1º a 3º; art. 3º; art. 7º).

    `posicoes` é quantas posições da sequência de convocação cada linha traz
    (20 na prévia, 30 no anexo do edital).
    """
    return _montar_quadro(
        data_publicacao=selecao.data_publicacao_edital,
        vagas=list(selecao.vagas.all()),
        reserva_pcd=selecao.reserva_pcd,
        percentual_pcd=selecao.percentual_pcd,
        sequencia_explicita=selecao.sequencia_explicita,
        posicoes=posicoes,
        versao_regras=selecao.versao_regras,
        base_reserva=selecao.base_reserva,
        comparar=comparar,
        percentual_negros=selecao.percentual_negros,
        outras=categorias_do_orgao(selecao),
    )


def quadro_reserva_de_dados(
    *,
    data_publicacao: date,
    vagas: Sequence[tuple[str, int]] | Sequence[VagaEstagio],
    reserva_pcd: bool,
    percentual_pcd: Decimal | None,
    sequencia_explicita: Mapping[str, Any] | None,
    posicoes: int = 20,
    base_reserva: str | None = reserva.BaseReserva.SELECAO.value,
    versao_regras: int = reserva.VERSAO_ATUAL,
    percentual_negros: Decimal | None = None,
    outras: Sequence[tuple[str, Decimal]] = (),
) -> QuadroReserva:
    """O mesmo quadro para dados ainda não salvos (prévia do formulário), com as
    duas bases lado a lado (regras, § 3.1).

    `vagas` são pares (código, vagas ofertadas) ou vagas não salvas; nas linhas,
    `vaga` é sempre uma `VagaEstagio` (não salva quando veio de um par).
    Levanta `reserva.EntradaInvalida` se a sequência explícita for inválida.
    """
    instancias = [
        v if isinstance(v, VagaEstagio) else VagaEstagio(codigo=v[0], area="", vagas_ofertadas=v[1])
        for v in vagas
    ]
    return _montar_quadro(
        data_publicacao=data_publicacao,
        vagas=instancias,
        reserva_pcd=reserva_pcd,
        percentual_pcd=percentual_pcd,
        sequencia_explicita=sequencia_explicita,
        posicoes=posicoes,
        versao_regras=versao_regras,
        base_reserva=base_reserva,
        comparar=True,
        percentual_negros=percentual_negros,
        outras=outras,
    )


@dataclass(frozen=True)
class ChamadasDaSelecao:
    """Regras de reserva, § 3.2: cada vaga de estágio arredonda sozinha as vagas que
    surgem; para a seleção, as posições reservadas até agora ao lado do percentual
    sobre o total de posições abertas (ofertadas + surgidas)."""

    chamadas: int
    reservadas: dict[str, int]
    esperadas: dict[str, int]
    """Por categoria, arredondar(p_c × chamadas) (art. 1º, § 2º)."""

    @property
    def texto(self) -> str:
        if not self.chamadas:
            return "Nenhuma convocação aberta ainda nesta seleção."
        partes = [
            f"{self.reservadas[c]} reservada(s) a {reserva.rotulo_categoria(c)} "
            f"(o percentual sobre {self.chamadas} daria {self.esperadas[c]})"
            for c in self.reservadas
        ]
        return (
            f"Até agora a seleção abriu {self.chamadas} convocação(ões) (vagas ofertadas e "
            f"surgidas), com {'; '.join(partes)}. Cada vaga de estágio arredonda sozinha as "
            "vagas que surgem, pois a ordem em que surgiram entre as vagas de estágio não é "
            "conhecida (regras de reserva, § 3.2)."
        )


def chamadas_da_selecao(selecao: Selecao) -> ChamadasDaSelecao:
    """Posições reservadas entre as k_i primeiras de cada vaga de estágio (k_i = vagas
    ofertadas + surgidas), somadas na seleção, e arredondar(p_c × Σ k_i)."""
    vagas = list(selecao.vagas.all())
    tabela = tabela_da_selecao(selecao, vagas)
    reservadas = {r.categoria: 0 for r in tabela.reservas}
    total = 0
    for vaga, linha in zip(vagas, tabela.linhas, strict=True):
        k = vaga.vagas_a_preencher
        total += k
        seq = reserva.sequencia_linha(tabela, linha, k)
        for categoria in reservadas:
            reservadas[categoria] += seq.count(categoria)
    esperadas = {
        r.categoria: reserva.arredondar(r.percentual.scaleb(-2) * total) for r in tabela.reservas
    }
    return ChamadasDaSelecao(total, reservadas, esperadas)
