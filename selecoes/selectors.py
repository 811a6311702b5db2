"""Leituras de seleções: o quadro de reserva do edital e as listas do RH.

Todo número de reserva que aparece em tela ou em documento vem do motor
(`selecoes.reserva`); aqui só convertemos modelos em entradas do motor e a
saída do motor em estruturas fáceis de exibir.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils import timezone

from selecoes import reserva
from selecoes.acesso import Usuario, escopo
from selecoes.models import (
    CriterioDesempate,
    NivelEnsino,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
)

CATEGORIA_NEGROS = "negros"
CATEGORIA_PCD = "pcd"
PERCENTUAL_NEGROS = Decimal("30")
"""Decreto nº 9.427/2018, art. 1º, caput: 30% das vagas aos negros."""

ROTULOS_MODALIDADE = {
    reserva.AC: "Ampla concorrência",
    CATEGORIA_NEGROS: "Candidatos negros",
    CATEGORIA_PCD: "Pessoas com deficiência",
}
SIGLAS_MODALIDADE = {reserva.AC: "AC", CATEGORIA_NEGROS: "N", CATEGORIA_PCD: "PcD"}


@dataclass(frozen=True)
class LinhaQuadro:
    """Uma vaga de estágio no quadro de reserva (art. 1º, § 3º)."""

    vaga: VagaEstagio
    reservadas: dict[str, int]
    """Por categoria: posições da categoria entre as `ofertadas` primeiras."""
    ampla: int
    """Vagas ofertadas de ampla concorrência: ofertadas − soma das reservadas."""
    sequencia: tuple[str, ...]
    """As primeiras posições de convocação: "AC", "negros", "pcd" (art. 3º)."""

    @property
    def ofertadas(self) -> int:
        return self.vaga.vagas_ofertadas

    @property
    def posicoes(self) -> list[tuple[int, str]]:
        """(número da posição, modalidade) para tabelas."""
        return list(enumerate(self.sequencia, 1))


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
    """Regra de convocação em português simples, para o anexo do edital."""
    explicita: bool = False
    """O edital publica posições reservadas explícitas."""

    @property
    def total_ampla(self) -> int:
        return sum(linha.ampla for linha in self.linhas)

    @property
    def rotulos(self) -> list[tuple[str, str]]:
        return [(c, ROTULOS_MODALIDADE.get(c, c)) for c in self.categorias]

    @property
    def somente_cadastro_reserva(self) -> bool:
        return bool(self.linhas) and self.total_vagas == 0


def reservas_da_selecao(
    *, reserva_pcd: bool, percentual_pcd: Decimal | None
) -> list[reserva.Reserva]:
    """Categorias em ordem de precedência: negros (art. 1º) e, se houver, PcD
    (Lei nº 11.788/2008, art. 17, § 5º)."""
    reservas = [reserva.Reserva(CATEGORIA_NEGROS, PERCENTUAL_NEGROS)]
    if reserva_pcd:
        reservas.append(reserva.Reserva(CATEGORIA_PCD, Decimal(percentual_pcd or 10)))
    return reservas


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
        rotulo = reserva.rotulo_categoria(faltam[0])
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


def _ordinais(numeros: Sequence[int]) -> str:
    itens = [f"{n}ª" for n in numeros]
    if len(itens) <= 1:
        return "".join(itens)
    return ", ".join(itens[:-1]) + " e " + itens[-1]


def _texto_sequencia_explicita(explicita: reserva.SequenciaExplicita) -> str:
    partes = []
    for item in explicita.itens:
        texto = f"a {reserva.rotulo_categoria(item.categoria)}, a {_ordinais(item.posicoes)}"
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
    texto = (
        "O decreto manda alternar e respeitar a proporção (art. 3º), sem fixar posições. "
        "Este edital adota a regra: em cada vaga de estágio, depois de qualquer número de "
        "convocações, o número de convocações reservadas a candidatos negros é 30% desse "
        "número, arredondado como manda o decreto (fração igual ou maior que 0,5 para cima, "
        "menor que 0,5 para baixo — art. 1º, § 2º)"
    )
    if len(reservas) > 1:
        pcd = reservas[1].percentual
        texto += (
            f"; o mesmo vale para pessoas com deficiência, com {pcd.normalize():f}% (Lei nº "
            "11.788/2008, art. 17, § 5º), e, quando as duas reservas pedem a mesma posição, "
            "ela vai aos candidatos negros e a de pessoas com deficiência passa à seguinte"
        )
    texto += ". Cada posição sem reserva pendente é de ampla concorrência."
    if negros:
        texto += f" Assim, são reservadas a candidatos negros a {_ordinais(negros)} posições"
        pcd_pos = [n for n, m in enumerate(sequencia, 1) if m == CATEGORIA_PCD]
        if pcd_pos:
            texto += f", e a pessoas com deficiência a {_ordinais(pcd_pos)}"
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
    return " ".join([sequencia, REGRAS_DE_PREENCHIMENTO, ESCOLHAS_DO_SISTEMA])


def _montar_quadro(
    *,
    data_publicacao: date,
    vagas: Sequence[VagaEstagio],
    reserva_pcd: bool,
    percentual_pcd: Decimal | None,
    sequencia_explicita: Mapping[str, Any] | None,
    posicoes: int,
) -> QuadroReserva:
    reservas = reservas_da_selecao(reserva_pcd=reserva_pcd, percentual_pcd=percentual_pcd)
    categorias = tuple(r.categoria for r in reservas)
    explicita = sequencia_explicita_do_json(sequencia_explicita, categorias)
    total = sum(v.vagas_ofertadas for v in vagas)
    aplicacao = reserva.aplicabilidade(data_publicacao, total)
    tabela = reserva.tabela_reserva(
        reservas, [(v.codigo, v.vagas_ofertadas) for v in vagas], aplicacao, explicita
    )
    linhas = []
    for vaga, linha in zip(vagas, tabela.linhas, strict=True):
        reservadas = dict(linha.reservadas)
        seq = reserva.sequencia(reservas, posicoes, aplicacao.aplicavel, explicita)
        linhas.append(
            LinhaQuadro(
                vaga=vaga,
                reservadas=reservadas,
                ampla=linha.ofertadas - sum(reservadas.values()),
                sequencia=seq,
            )
        )
    # A regra em texto lista as posições de uma vaga-modelo com 30 convocações.
    modelo = reserva.sequencia(reservas, max(posicoes, 30), aplicacao.aplicavel, explicita)
    return QuadroReserva(
        aplicavel=aplicacao.aplicavel,
        motivo=aplicacao.motivo,
        categorias=categorias,
        percentuais={r.categoria: r.percentual for r in reservas},
        linhas=tuple(linhas),
        total_vagas=tabela.total_vagas,
        total_reservadas=dict(tabela.total_reservadas),
        reservadas_esperadas_negros=dict(tabela.reservadas_na_selecao)[CATEGORIA_NEGROS],
        alerta_fracionamento="\n\n".join(tabela.avisos) or None,
        regra_texto=_regra_texto(aplicacao, reservas, explicita, modelo),
        explicita=explicita is not None,
    )


def quadro_reserva(selecao: Selecao, *, posicoes: int = 20) -> QuadroReserva:
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
    )


def quadro_reserva_de_dados(
    *,
    data_publicacao: date,
    vagas: Sequence[tuple[str, int]] | Sequence[VagaEstagio],
    reserva_pcd: bool,
    percentual_pcd: Decimal | None,
    sequencia_explicita: Mapping[str, Any] | None,
    posicoes: int = 20,
) -> QuadroReserva:
    """O mesmo quadro para dados ainda não salvos (prévia do formulário).

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
    )


def selecoes_do_usuario(
    usuario: Usuario,
    *,
    situacao: str = "",
    ano: int | None = None,
    texto: str = "",
) -> QuerySet[Selecao]:
    """Seleções dos órgãos do usuário, com filtros e totais de vagas."""
    qs = escopo(Selecao.objects.all(), usuario).select_related("orgao")
    if situacao:
        qs = qs.filter(situacao=situacao)
    if ano:
        qs = qs.filter(data_publicacao_edital__year=ano)
    if texto:
        qs = qs.filter(
            Q(titulo__icontains=texto)
            | Q(numero_edital__icontains=texto)
            | Q(descricao__icontains=texto)
            | Q(vagas__area__icontains=texto)
            | Q(vagas__codigo__iexact=texto)
        )
    # Subconsultas evitam que o filtro por vagas multiplique as somas.
    ids = qs.values("pk")
    return (
        Selecao.objects.filter(pk__in=ids)
        .select_related("orgao")
        .annotate(total_ofertadas=Sum("vagas__vagas_ofertadas"), num_vagas=Count("vagas"))
        .order_by("-data_publicacao_edital", "-pk")
    )


def anos_das_selecoes(usuario: Usuario) -> list[int]:
    datas = escopo(Selecao.objects.all(), usuario).dates("data_publicacao_edital", "year")
    return sorted({d.year for d in datas}, reverse=True)


# ---------------------------------------------------------------- linha do tempo


@dataclass(frozen=True)
class Fase:
    titulo: str
    estado: str
    """"concluida", "atual" ou "futura"."""
    detalhe: str = ""


ORDEM_SITUACOES = [s.value for s in SituacaoSelecao]


def _data_hora(valor: datetime) -> str:
    return f"{timezone.localtime(valor):%d/%m/%Y %H:%M}"


def fase_inscricoes(selecao: Selecao, agora: datetime) -> str:
    """ "antes", "abertas" ou "encerradas" — derivado das datas, nunca armazenado."""
    if agora < selecao.inscricoes_inicio:
        return "antes"
    if agora <= selecao.inscricoes_fim:
        return "abertas"
    return "encerradas"


def linha_do_tempo(selecao: Selecao, *, agora: datetime) -> list[Fase]:
    """As fases da seleção, do rascunho ao encerramento, com a atual destacada."""
    indice = ORDEM_SITUACOES.index(selecao.situacao)
    periodo = f"{_data_hora(selecao.inscricoes_inicio)} a {_data_hora(selecao.inscricoes_fim)}"
    inscricoes = fase_inscricoes(selecao, agora)

    def estado(posicao: int) -> str:
        if posicao < indice:
            return "concluida"
        return "atual" if posicao == indice else "futura"

    publicada = "Ainda não publicado."
    if selecao.publicada_em:
        publicada = f"Publicado em {_data_hora(selecao.publicada_em)}"
        if selecao.versao > 1:
            publicada += f"; {selecao.versao - 1} retificação(ões)"
        publicada += "."
    fases = [
        Fase("Rascunho", estado(0), "Cadastro das vagas, datas e quadro de reserva."),
        Fase("Edital publicado", "concluida" if indice >= 1 else "futura", publicada),
    ]
    if indice == 0:
        estado_insc = "futura"
    elif indice == 1:
        estado_insc = "concluida" if inscricoes == "encerradas" else "atual"
    else:
        estado_insc = "concluida"
    rotulo = {"antes": "agendadas", "abertas": "abertas", "encerradas": "encerradas"}[inscricoes]
    detalhe = f"{periodo} (horário de Brasília)"
    if indice >= 1:
        detalhe += f" — {rotulo}."
    fases.append(Fase("Inscrições", estado_insc, detalhe))
    fases += [
        Fase("Classificação", estado(2), "Avaliação, notas e desempate."),
        Fase("Resultado preliminar", estado(3), "Publicação e prazo de recursos."),
        Fase("Resultado final", estado(4), "Convocações pela sequência de reserva."),
        Fase("Encerrada", estado(5), f"Validade de {selecao.validade_meses} meses."),
    ]
    return fases


def proximo_passo(selecao: Selecao, *, agora: datetime, pendencias: Sequence[str] = ()) -> str:
    """O que o RH deve fazer agora, em uma frase."""
    if selecao.situacao == SituacaoSelecao.RASCUNHO:
        if pendencias:
            return "Corrija as pendências abaixo e publique o edital."
        return (
            "Confira o quadro de reserva e a prévia do anexo; estando corretos, publique o "
            "edital. Depois da publicação, vagas, reservas e datas só mudam por retificação."
        )
    if selecao.situacao == SituacaoSelecao.PUBLICADA:
        inscricoes = fase_inscricoes(selecao, agora)
        if inscricoes == "antes":
            abertura = _data_hora(selecao.inscricoes_inicio)
            return f"Divulgue o edital: as inscrições abrem em {abertura}."
        if inscricoes == "abertas":
            return (
                "Inscrições abertas até "
                f"{_data_hora(selecao.inscricoes_fim)}: acompanhe as inscrições recebidas."
            )
        return "Inscrições encerradas: registre as avaliações e inicie a classificação."
    return {
        SituacaoSelecao.EM_CLASSIFICACAO: (
            "Conclua as avaliações, resolva os empates e publique o resultado preliminar."
        ),
        SituacaoSelecao.RESULTADO_PRELIMINAR: ("Decida os recursos e publique o resultado final."),
        SituacaoSelecao.RESULTADO_FINAL: (
            "Convoque os candidatos pela sequência de reserva e registre as vagas que surgirem."
        ),
        SituacaoSelecao.ENCERRADA: "Seleção encerrada: consulte o histórico e os relatórios.",
    }[SituacaoSelecao(selecao.situacao)]


# ---------------------------------------------------------------- versões do edital


@dataclass(frozen=True)
class Diferenca:
    secao: str
    campo: str
    antes: str
    depois: str


ROTULOS_SELECAO = {
    "orgao": "Órgão",
    "titulo": "Título",
    "numero_edital": "Número do edital",
    "data_publicacao_edital": "Data de publicação do edital",
    "inscricoes_inicio": "Início das inscrições",
    "inscricoes_fim": "Fim das inscrições",
    "validade_meses": "Validade (meses)",
    "descricao": "Descrição",
    "requisitos": "Requisitos gerais",
    "reserva_pcd": "Reserva a pessoas com deficiência",
    "percentual_pcd": "Percentual PcD",
    "sequencia_explicita": "Sequência explícita de vagas reservadas",
    "criterios_desempate": "Critérios de desempate",
}
ROTULOS_VAGA = {
    "codigo": "Código",
    "area": "Área",
    "curso": "Curso",
    "nivel": "Nível",
    "municipio": "Município",
    "uf": "UF",
    "carga_horaria_semanal": "Carga horária semanal",
    "valor_bolsa": "Valor da bolsa (R$)",
    "auxilio_transporte": "Auxílio-transporte (R$)",
    "vagas_ofertadas": "Vagas ofertadas",
    "requisitos": "Requisitos",
}
ROTULOS_CRITERIO = {
    "codigo": "Código",
    "nome": "Nome",
    "peso": "Peso",
    "nota_maxima": "Nota máxima",
}


def _texto(valor: Any) -> str:
    if valor is None or valor == "":
        return "—"
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, dict | list):
        return json.dumps(valor, ensure_ascii=False, sort_keys=True)
    return str(valor)


def _comparar_por_codigo(
    secao: str,
    antes: Sequence[Mapping[str, Any]],
    depois: Sequence[Mapping[str, Any]],
    rotulos: Mapping[str, str],
) -> list[Diferenca]:
    a = {item["codigo"]: item for item in antes}
    d = {item["codigo"]: item for item in depois}
    saida = []
    for codigo in [*a, *(c for c in d if c not in a)]:
        if codigo not in d:
            saida.append(Diferenca(f"{secao} {codigo}", "—", "existia", "excluída"))
        elif codigo not in a:
            saida.append(Diferenca(f"{secao} {codigo}", "—", "não existia", "incluída"))
        else:
            saida += [
                Diferenca(f"{secao} {codigo}", rotulo, _texto(a[codigo][c]), _texto(d[codigo][c]))
                for c, rotulo in rotulos.items()
                if a[codigo].get(c) != d[codigo].get(c)
            ]
    return saida


def comparar_conteudos(antes: Mapping[str, Any], depois: Mapping[str, Any]) -> list[Diferenca]:
    """Diferenças entre dois retratos de edital (`services.snapshot_edital`)."""
    saida = [
        Diferenca(
            "Seleção", rotulo, _texto(antes["selecao"].get(c)), _texto(depois["selecao"].get(c))
        )
        for c, rotulo in ROTULOS_SELECAO.items()
        if antes["selecao"].get(c) != depois["selecao"].get(c)
    ]
    saida += _comparar_por_codigo("Vaga", antes["vagas"], depois["vagas"], ROTULOS_VAGA)
    saida += _comparar_por_codigo(
        "Critério", antes["criterios_avaliacao"], depois["criterios_avaliacao"], ROTULOS_CRITERIO
    )
    ra, rd = antes["reserva"], depois["reserva"]
    if ra["aplicavel"] != rd["aplicavel"]:
        saida.append(
            Diferenca("Reserva", "Aplicação", _texto(ra["aplicavel"]), _texto(rd["aplicavel"]))
        )
    reservadas = {
        "reservadas": "Vagas reservadas",
        "ampla": "Ampla concorrência",
        "sequencia": "Sequência de convocação",
    }
    saida += [
        Diferenca(f"Reserva {d.secao.split(' ', 1)[1]}", d.campo, d.antes, d.depois)
        for d in _comparar_por_codigo("Vaga", ra["vagas"], rd["vagas"], reservadas)
        if d.campo != "—"
    ]
    if ra["total_reservadas"] != rd["total_reservadas"]:
        saida.append(
            Diferenca(
                "Reserva",
                "Total de vagas reservadas",
                _texto(ra["total_reservadas"]),
                _texto(rd["total_reservadas"]),
            )
        )
    return saida


# ---------------------------------------------------------------- anexo do edital

ROTULOS_DESEMPATE = dict(CriterioDesempate.choices)


def criterios_desempate_legiveis(
    criterios: Sequence[Mapping[str, Any]], avaliacao: Sequence[Mapping[str, Any]]
) -> list[str]:
    nomes = {c["codigo"]: c["nome"] for c in avaliacao}
    saida = []
    for item in criterios:
        rotulo = ROTULOS_DESEMPATE.get(item.get("criterio", ""), item.get("criterio", ""))
        if item.get("parametro"):
            rotulo += f": {nomes.get(item['parametro'], item['parametro'])}"
        saida.append(rotulo)
    return saida


def anexo_de_conteudo(conteudo: Mapping[str, Any]) -> dict[str, Any]:
    """Dados do anexo do edital a partir de um retrato (`snapshot_edital`):
    o estado atual (rascunho) ou uma versão publicada, com os mesmos campos."""
    niveis = dict(NivelEnsino.choices)
    reserva_dados = conteudo["reserva"]
    linhas = []
    for vaga, linha in zip(conteudo["vagas"], reserva_dados["vagas"], strict=True):
        linhas.append(
            {
                **vaga,
                "nivel_rotulo": niveis.get(vaga["nivel"], vaga["nivel"]),
                "reservadas": [linha["reservadas"].get(c, 0) for c in reserva_dados["categorias"]],
                "ampla": linha["ampla"],
                "sequencia": [
                    (n, m, SIGLAS_MODALIDADE.get(m, m), ROTULOS_MODALIDADE.get(m, m))
                    for n, m in enumerate(linha["sequencia"], 1)
                ],
            }
        )
    edital = dict(conteudo["selecao"])
    edital["data_publicacao"] = date.fromisoformat(edital["data_publicacao_edital"])
    edital["inicio"] = datetime.fromisoformat(edital["inscricoes_inicio"])
    edital["fim"] = datetime.fromisoformat(edital["inscricoes_fim"])
    return {
        "edital": edital,
        "reserva": reserva_dados,
        "rotulos_categorias": [ROTULOS_MODALIDADE.get(c, c) for c in reserva_dados["categorias"]],
        "totais_reservadas": [
            reserva_dados["total_reservadas"].get(c, 0) for c in reserva_dados["categorias"]
        ],
        "total_ampla": sum(linha["ampla"] for linha in linhas),
        "linhas": linhas,
        "criterios_avaliacao": conteudo["criterios_avaliacao"],
        "desempate": criterios_desempate_legiveis(
            conteudo["selecao"]["criterios_desempate"], conteudo["criterios_avaliacao"]
        ),
        "posicoes": max((len(linha["sequencia"]) for linha in linhas), default=0),
    }
