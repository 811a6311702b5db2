"""Tipos das pendências do RH: o que cada linha e cada prazo carregam."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum

from candidatos.models import SituacaoConvocacao
from selecoes.models import Papel, Selecao

JANELA_PRAZOS = timedelta(days=7)
OCUPAM_VAGA = [s.value for s in SituacaoConvocacao if s.ocupa_vaga]


class TipoPendencia(StrEnum):
    CONVOCACAO_VENCIDA = "convocacao_vencida"
    VAGA_A_SUPRIR = "vaga_a_suprir"
    RECURSO = "recurso"
    PROCESSO = "processo"
    DOCUMENTO = "documento"

    @property
    def rotulo(self) -> str:
        return ROTULOS[self]


ROTULOS = {
    TipoPendencia.CONVOCACAO_VENCIDA: "Convocações com prazo de resposta vencido",
    TipoPendencia.VAGA_A_SUPRIR: "Vagas liberadas aguardando a próxima convocação",
    TipoPendencia.RECURSO: "Recursos aguardando decisão",
    TipoPendencia.PROCESSO: "Processos de eliminação aguardando o RH",
    TipoPendencia.DOCUMENTO: "Documentos (PDF) com falha na geração",
}


@dataclass(frozen=True)
class Acao:
    """O link que resolve a pendência; ``resolve`` é falso quando o papel só vê."""

    rotulo: str
    url: str
    resolve: bool


@dataclass(frozen=True)
class Pendencia:
    tipo: TipoPendencia
    objeto_id: int
    """Convocação, vaga, recurso, processo ou documento (o das caixas de seleção)."""
    selecao_id: int | None
    selecao: str
    descricao: str
    quando: datetime | date | None
    situacao: str
    acao: Acao
    quantidade: int = 0
    """Vagas liberadas sem ocupante (só nas vagas a suprir)."""

    @property
    def com_hora(self) -> bool:
        return isinstance(self.quando, datetime)


@dataclass(frozen=True)
class Prazo:
    quando: datetime | date
    nome: str
    selecao: str
    url: str

    @property
    def com_hora(self) -> bool:
        return isinstance(self.quando, datetime)


def edita(papel: Papel | None) -> bool:
    return papel is not None and papel.pode_editar


def rotulo_selecao(selecao: Selecao) -> str:
    return f"Edital {selecao.numero_edital}"
