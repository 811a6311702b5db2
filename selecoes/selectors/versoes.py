"""Versões do edital: diferenças entre retratos e os dados do anexo para exibir."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from selecoes.categorias import Categoria
from selecoes.models import CASAS_DECIMAIS_PADRAO, CriterioDesempate, NivelEnsino
from selecoes.selectors.quadro import ROTULOS_MODALIDADE, SIGLAS_MODALIDADE, totais_e_esperadas

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
    "percentual_negros": "Percentual negros",
    "reserva_pcd": "Reserva a pessoas com deficiência",
    "percentual_pcd": "Percentual PcD",
    "sequencia_explicita": "Sequência explícita de vagas reservadas",
    "criterios_desempate": "Critérios de desempate",
    "prazos_em_dias_uteis": "Prazos em dias úteis",
    "prazo_resposta_dias": "Prazo para responder à convocação (dias)",
    "convocacao_automatica": "Convocar o próximo automaticamente",
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
    "sem_cadastro_reserva": "Sem cadastro de reserva",
    "requisitos": "Requisitos",
}
ROTULOS_CRITERIO = {
    "codigo": "Código",
    "nome": "Nome",
    "peso": "Peso",
    "nota_maxima": "Nota máxima",
    "casas_decimais": "Casas decimais da nota",
}


ROTULOS_CATEGORIA_ORGAO = {
    "nome": "Nome no edital",
    "percentual": "Percentual",
    "base_legal": "Base legal",
    "pergunta": "Pergunta de autodeclaração",
    "ajuda": "Texto de ajuda",
    "lista_com_nomes": "Lista pública com nomes",
    "documento_exigido": "Exige documento",
    "documento_descricao": "Documento exigido",
    "documento_tamanho_max_mb": "Tamanho máximo do documento (MB)",
}
PADROES_SELECAO = {"percentual_negros": "30.00"}
"""Campos que entraram no retrato depois: a versão antiga sem eles tinha o padrão."""


def _campo_selecao(conteudo: Mapping[str, Any], campo: str) -> Any:
    return conteudo["selecao"].get(campo, PADROES_SELECAO.get(campo))


def _categorias(conteudo: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [{**c, "codigo": c["categoria"]} for c in conteudo.get("categorias_orgao", [])]


def _texto(valor: Any) -> str:
    if valor is None or valor == "":
        return "—"
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, dict):
        itens = sorted(valor.items(), key=lambda kv: ORDEM_CHAVES.get(kv[0], len(ORDEM_CHAVES)))
        return "; ".join(f"{NOMES_CHAVES.get(k, k)}: {_texto(v)}" for k, v in itens)
    if isinstance(valor, list):
        if valor and all(isinstance(v, dict) and "criterio" in v for v in valor):
            return "; ".join(
                f"{i}º {c}" for i, c in enumerate(criterios_desempate_legiveis(valor, []), 1)
            )
        return ", ".join(_texto(v) for v in valor) or "—"
    return str(valor)


# O jsonb do PostgreSQL reordena as chaves; exibimos na ordem de precedência.
ORDEM_CHAVES = {**{c.value: i for i, c in enumerate(Categoria)}, "posicoes": 98, "intervalo": 99}
NOMES_CHAVES = {
    **{c.value: c.curto for c in Categoria},
    "posicoes": "posições",
    "intervalo": "de tantas em tantas",
}


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


def _criterios(criterios: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Retratos anteriores às casas decimais declaradas valiam o padrão (2 casas)."""
    return [{"casas_decimais": CASAS_DECIMAIS_PADRAO, **c} for c in criterios]


def comparar_conteudos(antes: Mapping[str, Any], depois: Mapping[str, Any]) -> list[Diferenca]:
    """Diferenças entre dois retratos de edital (`services.snapshot_edital`)."""
    saida = [
        Diferenca(
            "Seleção", rotulo, _texto(_campo_selecao(antes, c)), _texto(_campo_selecao(depois, c))
        )
        for c, rotulo in ROTULOS_SELECAO.items()
        if _campo_selecao(antes, c) != _campo_selecao(depois, c)
    ]
    saida += _comparar_por_codigo("Vaga", antes["vagas"], depois["vagas"], ROTULOS_VAGA)
    saida += _comparar_por_codigo(
        "Critério",
        _criterios(antes["criterios_avaliacao"]),
        _criterios(depois["criterios_avaliacao"]),
        ROTULOS_CRITERIO,
    )
    saida += _comparar_por_codigo(
        "Categoria do órgão", _categorias(antes), _categorias(depois), ROTULOS_CATEGORIA_ORGAO
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
        "categorias_orgao": conteudo.get("categorias_orgao", []),
        "rotulos_categorias": [ROTULOS_MODALIDADE.get(c, c) for c in reserva_dados["categorias"]],
        "totais_reservadas": [
            reserva_dados["total_reservadas"].get(c, 0) for c in reserva_dados["categorias"]
        ],
        "total_ampla": sum(linha["ampla"] for linha in linhas),
        "totais_e_esperadas": totais_e_esperadas(
            reserva_dados["categorias"],
            reserva_dados["total_reservadas"],
            reserva_dados.get("reservadas_esperadas")
            or {Categoria.NEGROS.value: reserva_dados.get("reservadas_esperadas_negros", 0)},
        ),
        "linhas": linhas,
        "criterios_avaliacao": _criterios(conteudo["criterios_avaliacao"]),
        "desempate": criterios_desempate_legiveis(
            conteudo["selecao"]["criterios_desempate"], conteudo["criterios_avaliacao"]
        ),
        "posicoes": max((len(linha["sequencia"]) for linha in linhas), default=0),
        "blocos": _blocos_de_posicoes(linhas),
    }


def _blocos_de_posicoes(linhas: Sequence[Mapping[str, Any]], tamanho: int = 10) -> list[Any]:
    """A sequência de cada vaga em blocos de 10 posições (1ª a 10ª, 11ª a 20ª…),
    para caber na página impressa."""
    total = max((len(linha["sequencia"]) for linha in linhas), default=0)
    return [
        {
            "inicio": inicio + 1,
            "fim": min(inicio + tamanho, total),
            "posicoes": list(range(inicio + 1, min(inicio + tamanho, total) + 1)),
            "linhas": [
                (linha["codigo"], linha["sequencia"][inicio : inicio + tamanho]) for linha in linhas
            ],
        }
        for inicio in range(0, total, tamanho)
    ]
