"""Catálogo dos indicadores do art. 5º e as igualdades entre eles."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from selecoes.vocabulario import CODIGOS, ORDEM_PADRAO
from selecoes.vocabulario import POR_CODIGO as POR_CODIGO_CATEGORIA

META_NEGROS = Decimal(30)
"""Art. 1º, caput: trinta por cento das vagas."""

LIMITE_SUPRESSAO = 5
"""Contagens de 1 a 4 pessoas são suprimidas ("< 5")."""

CORES = ("branca", "preta", "parda", "amarela", "indigena", "nao_declarada")
CATEGORIAS_DO_ORGAO = tuple(c for c in CODIGOS if c not in ORDEM_PADRAO)
"""Códigos nacionais das categorias que os órgãos acrescentam (monitoramento entre órgãos)."""
MODALIDADES = ("AC", *ORDEM_PADRAO, *CATEGORIAS_DO_ORGAO, "reversao")
SITUACAO_SEM_EFEITO = "sem_efeito"
"""Convocação pela reserva que a heteroidentificação não confirmou (regras, § 1)."""
SITUACOES_DESISTENCIA = frozenset({"recusada", "nao_compareceu", "desistiu"})
SITUACOES_APOS_CONTRATO = frozenset({"contratado", "desligado", "eliminado"})
SITUACOES_DESLIGAMENTO = frozenset({"desligado", "eliminado"})

TOTAL = None
"""Chave de órgão da linha consolidada (soma de todos os órgãos do cubo)."""

SUBTOTAL = -1
"""Chave de órgão da soma dos órgãos de um usuário lotado em mais de um, quando a
supressão é calculada sobre o cubo de todos os órgãos."""


class Grupo(StrEnum):
    SELECOES = "Seleções e vagas"
    INSCRICOES = "Inscrições"
    APROVADOS = "Aprovados"
    CONVOCACOES = "Convocações"
    DESISTENCIAS = "Desistências"
    ELIMINACOES = "Eliminações e desligamentos"
    CONTRATACOES = "Contratações"
    CONTRATOS = "Contratos terceirizados (art. 6º)"


@dataclass(frozen=True, slots=True)
class Indicador:
    codigo: str
    rotulo: str
    grupo: Grupo
    pessoas: bool = False
    """Conta pessoas: sujeito à supressão de células pequenas."""
    razao: tuple[str, str] | None = None
    """Percentual derivado: (numerador, denominador)."""

    @property
    def percentual(self) -> bool:
        return self.razao is not None


def _i(codigo: str, rotulo: str, grupo: Grupo, **kw: Any) -> Indicador:
    return Indicador(codigo, rotulo, grupo, **kw)


_G = Grupo
_ROTULO_COR = {
    "branca": "branca",
    "preta": "preta",
    "parda": "parda",
    "amarela": "amarela",
    "indigena": "indígena",
    "nao_declarada": "não declarada",
}
_ROTULO_MOD = {
    "AC": "ampla concorrência",
    **{
        c: f"vaga reservada a {POR_CODIGO_CATEGORIA[c].nome}"
        for c in (*ORDEM_PADRAO, *CATEGORIAS_DO_ORGAO)
    },
    "reversao": "reversão (art. 4º, § 3º)",
}

INDICADORES: tuple[Indicador, ...] = (
    _i("selecoes", "Seleções com edital publicado no ano", _G.SELECOES),
    _i("selecoes_com_reserva", "Seleções com reserva de vagas", _G.SELECOES),
    _i(
        "selecoes_sem_reserva_art7",
        "Seleções sem reserva: edital anterior a 29/06/2018 (art. 7º)",
        _G.SELECOES,
    ),
    _i(
        "selecoes_sem_reserva_art1",
        "Seleções sem reserva: menos de três vagas oferecidas (art. 1º, § 1º)",
        _G.SELECOES,
    ),
    _i("vagas_estagio", "Vagas de estágio (áreas/cursos/locais)", _G.SELECOES),
    _i("vagas_ofertadas", "Vagas oferecidas", _G.SELECOES),
    _i("reservadas_negros", "Vagas reservadas a negros (quadro do edital)", _G.SELECOES),
    _i("reservadas_pcd", "Vagas reservadas a pessoas com deficiência", _G.SELECOES),
    *(
        _i(
            f"reservadas_{c}",
            f"Vagas reservadas a {POR_CODIGO_CATEGORIA[c].nome} (ato do órgão)",
            _G.SELECOES,
        )
        for c in CATEGORIAS_DO_ORGAO
    ),
    _i(
        "percentual_reservadas_negros",
        "Percentual das vagas oferecidas reservado a negros (art. 1º: 30%)",
        _G.SELECOES,
        razao=("reservadas_negros", "vagas_ofertadas"),
    ),
    _i("inscricoes", "Inscrições (exceto as substituídas)", _G.INSCRICOES, pessoas=True),
    *(
        _i(f"inscricoes_{c}", f"Cor/raça {_ROTULO_COR[c]}", _G.INSCRICOES, pessoas=True)
        for c in CORES
    ),
    _i("optantes_negros", "Optaram pela reserva a negros", _G.INSCRICOES, pessoas=True),
    _i(
        "optantes_pcd",
        "Optaram pela reserva a pessoas com deficiência",
        _G.INSCRICOES,
        pessoas=True,
    ),
    *(
        _i(
            f"optantes_{c}",
            f"Optaram pela reserva a {POR_CODIGO_CATEGORIA[c].nome} (ato do órgão)",
            _G.INSCRICOES,
            pessoas=True,
        )
        for c in CATEGORIAS_DO_ORGAO
    ),
    _i("aprovados", "Aprovados — lista geral", _G.APROVADOS, pessoas=True),
    _i("aprovados_negros", "Aprovados — lista de candidatos negros", _G.APROVADOS, pessoas=True),
    _i(
        "aprovados_pcd",
        "Aprovados — lista de pessoas com deficiência",
        _G.APROVADOS,
        pessoas=True,
    ),
    *(
        _i(
            f"aprovados_{c}",
            f"Aprovados — lista de {POR_CODIGO_CATEGORIA[c].nome} (ato do órgão)",
            _G.APROVADOS,
            pessoas=True,
        )
        for c in CATEGORIAS_DO_ORGAO
    ),
    _i("convocacoes", "Convocações", _G.CONVOCACOES, pessoas=True),
    *(
        _i(f"convocacoes_{m}", f"Convocações: {_ROTULO_MOD[m]}", _G.CONVOCACOES, pessoas=True)
        for m in MODALIDADES
    ),
    _i(
        "convocacoes_sem_efeito",
        "Convocações pela reserva sem efeito: heteroidentificação não confirmou "
        "(fora das convocações acima)",
        _G.CONVOCACOES,
        pessoas=True,
    ),
    _i(
        "negros_em_ac",
        "Candidatos negros alcançados na ampla concorrência (art. 4º, § 1º)",
        _G.CONVOCACOES,
        pessoas=True,
    ),
    _i("desistencias", "Desistências", _G.DESISTENCIAS, pessoas=True),
    *(
        _i(f"desistencias_{m}", f"Desistências: {_ROTULO_MOD[m]}", _G.DESISTENCIAS, pessoas=True)
        for m in MODALIDADES
    ),
    _i(
        "eliminacoes_declaracao_falsa",
        "Eliminações por declaração falsa (art. 2º, parágrafo único)",
        _G.ELIMINACOES,
        pessoas=True,
    ),
    _i("desligamentos", "Desligamentos de estagiários contratados", _G.ELIMINACOES, pessoas=True),
    _i("contratacoes", "Contratações", _G.CONTRATACOES, pessoas=True),
    *(
        _i(f"contratacoes_{m}", f"Contratações: {_ROTULO_MOD[m]}", _G.CONTRATACOES, pessoas=True)
        for m in MODALIDADES
    ),
    _i(
        "contratacoes_pessoas_negras",
        "Contratações de pessoas negras (pretas ou pardas)",
        _G.CONTRATACOES,
        pessoas=True,
    ),
    _i(
        "contratacoes_pessoas_nao_negras",
        "Contratações de pessoas não negras ou sem declaração",
        _G.CONTRATACOES,
        pessoas=True,
    ),
    _i(
        "contratacoes_negros_em_ac",
        "Contratações de pessoas negras em ampla concorrência (art. 4º, § 1º)",
        _G.CONTRATACOES,
        pessoas=True,
    ),
    _i(
        "percentual_negros_contratacoes",
        "Percentual de pessoas negras entre os contratados",
        _G.CONTRATACOES,
        razao=("contratacoes_pessoas_negras", "contratacoes"),
    ),
    _i("contratos", "Contratos com comprovação no ano", _G.CONTRATOS),
    _i("contratos_comprovam", "Com empresas que comprovam a cota de aprendizes", _G.CONTRATOS),
    _i("contratos_dispensadas", "Com ME/EPP dispensadas que não comprovam a cota", _G.CONTRATOS),
    _i("contratos_nao_cumprem", "Com empresas que não cumprem a cota", _G.CONTRATOS),
    _i(
        "percentual_contratos_comprovam",
        "Percentual de contratos com empresas que comprovam a cota",
        _G.CONTRATOS,
        razao=("contratos_comprovam", "contratos"),
    ),
)
POR_CODIGO = {i.codigo: i for i in INDICADORES}
CONTAGENS = tuple(i.codigo for i in INDICADORES if not i.percentual)

OCULTO_NEGROS_NAO_OPTANTES = "oculto_negros_nao_optantes"
"""Pretos e pardos que não optaram pela reserva: não é exibido, mas é dedutível
(preta + parda − optantes) e, por isso, entra na supressão."""

EQUACOES_DO_ORGAO: tuple[tuple[str | None, tuple[str, ...]], ...] = (
    ("inscricoes", tuple(f"inscricoes_{c}" for c in CORES)),
    (None, ("inscricoes_preta", "inscricoes_parda", "optantes_negros", OCULTO_NEGROS_NAO_OPTANTES)),
    ("convocacoes", tuple(f"convocacoes_{m}" for m in MODALIDADES)),
    ("desistencias", tuple(f"desistencias_{m}" for m in MODALIDADES)),
    ("contratacoes", tuple(f"contratacoes_{m}" for m in MODALIDADES)),
    ("contratacoes", ("contratacoes_pessoas_negras", "contratacoes_pessoas_nao_negras")),
)
"""Igualdades entre células de um mesmo ano e órgão (total, partes). Sem total:
a soma com sinais das partes é conhecida (pretos + pardos = optantes + não optantes)."""
