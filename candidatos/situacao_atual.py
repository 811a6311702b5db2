"""A situação de hoje de um candidato e a frase que a explica (arts. 2º, 3º e 4º).

Um só lugar decide o que o candidato lê sobre si: "Minha situação", a ficha do
RH e o e-mail de convocação chamam ``situacao_atual``. A função é pura — recebe
os fatos já lidos (``FatosDoCandidato``) e devolve rótulo e frase —, para que a
ordem de precedência fique testada caso a caso, sem banco.

Precedência: o que aconteceu com a inscrição (substituição, eliminação,
desistência) vale mais que a convocação; a convocação feita vale mais que a
previsão do motor; a previsão só fala de convocação depois do resultado final
(antes dele, é uma posição prevista, nunca "convocado(a)").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from selecoes.vocabulario import NEGROS, POR_CODIGO

# Modalidades que não são categorias (nomes do motor de reserva).
AC = "AC"
REVERSAO = "reversao"

_VAGA = {
    AC: "em vaga de ampla concorrência (art. 4º, caput)",
    NEGROS: "em vaga reservada a candidatos negros (art. 1º e art. 4º, caput)",
    REVERSAO: (
        "em vaga reservada revertida à ampla concorrência, por não haver candidatos "
        "aprovados da reserva em número suficiente (art. 4º, § 3º)"
    ),
}


class Resultado(StrEnum):
    NENHUM = ""
    PRELIMINAR = "preliminar"
    FINAL = "final"


class Rotulo(StrEnum):
    """Rótulos da situação de hoje; os públicos coincidem com os da lista publicada."""

    AGUARDANDO_RESULTADO = "Aguardando resultado"
    NO_PRELIMINAR = "Classificado(a) no resultado preliminar"
    NAO_CLASSIFICADO = "Não classificado(a)"
    AUSENTE = "Ausente na avaliação"
    REPROVADO = "Não aprovado(a) na avaliação"
    A_CONVOCAR = "Dentro das vagas, aguardando convocação"
    NAO_CONVOCADO = "Não convocado(a) (cadastro de reserva)"
    CONVOCADO = "Convocado(a)"
    CONTRATADO = "Contratado(a)"
    DESISTENTE = "Desistente"
    ELIMINADO = "Eliminado(a)"
    DESLIGADO = "Desligado(a)"
    SUBSTITUIDA = "Inscrição substituída"


@dataclass(frozen=True)
class ConvocacaoFeita:
    """A convocação mais recente do candidato na vaga."""

    ordem: int
    modalidade: str
    situacao: str
    """Valor de ``SituacaoConvocacao`` (``aguardando``, ``aceita``, ``contratado``…)."""


@dataclass(frozen=True)
class Previsao:
    """O que o motor (ou a versão publicada) diz sobre o candidato."""

    classificacao: int | None
    """Posição na classificação geral; ``None``: fora da classificação."""
    ordem: int | None = None
    """Posição na ordem de convocação; ``None``: fora das vagas."""
    modalidade: str = ""
    frase: str = ""
    """Frase do motor (``selecoes.reserva.explicar``) com o k e as situações de hoje."""


@dataclass(frozen=True)
class FatosDoCandidato:
    situacao_inscricao: str = "ativa"
    """Valor de ``SituacaoInscricao``."""
    avaliacao: str = ""
    """Valor de ``SituacaoAvaliacao``; vazio quando não avaliada."""
    resultado: Resultado = Resultado.NENHUM
    """O resultado mais recente publicado da seleção."""
    convocacao: ConvocacaoFeita | None = None
    previsao: Previsao | None = None
    substituida_por: str = ""


@dataclass(frozen=True)
class SituacaoAtual:
    rotulo: str
    frase: str


def _vaga(modalidade: str) -> str:
    if modalidade in _VAGA:
        return _VAGA[modalidade]
    categoria = POR_CODIGO.get(modalidade)
    if categoria is None:
        return ""
    base = f" ({categoria.base_legal})" if categoria.base_legal else ""
    return f"em vaga reservada a {categoria.nome}{base}"


def _saida(c: ConvocacaoFeita | None, fatos: FatosDoCandidato) -> SituacaoAtual | None:
    """Eliminação, desistência e desligamento: o candidato saiu da ordem (art. 4º, § 2º)."""
    situacao_c = c.situacao if c else ""
    chamada = f"{c.ordem}ª convocação desta vaga" if c else "convocação"
    if fatos.situacao_inscricao == "eliminada" or situacao_c == "eliminado":
        return SituacaoAtual(
            Rotulo.ELIMINADO,
            "Eliminado(a) do processo seletivo por declaração falsa (art. 2º, parágrafo "
            "único): não concorre a nenhuma vaga desta seleção e, se tiver sido "
            "contratado(a), é desligado(a). A vaga passa ao próximo candidato da ordem "
            "de convocação.",
        )
    if situacao_c == "recusada":
        return SituacaoAtual(
            Rotulo.DESISTENTE,
            f"Recusou a {chamada}: a recusa equivale à desistência, e a vaga passa ao "
            "próximo candidato da ordem de convocação (art. 4º, § 2º).",
        )
    if situacao_c == "nao_compareceu":
        return SituacaoAtual(
            Rotulo.DESISTENTE,
            f"Não respondeu no prazo ou não compareceu à {chamada}: "
            "conta como desistência, e a vaga passa ao próximo candidato da ordem de "
            "convocação (art. 4º, § 2º).",
        )
    if situacao_c == "desistiu" or fatos.situacao_inscricao == "desistente":
        return SituacaoAtual(
            Rotulo.DESISTENTE,
            "Desistiu"
            + (
                f" depois da {c.ordem}ª convocação desta vaga"
                if c
                else " antes de ser convocado(a)"
            )
            + ": saiu da classificação desta vaga e não será mais convocado(a); a vaga "
            "passa ao próximo candidato da ordem de convocação (art. 4º, § 2º).",
        )
    if situacao_c == "desligado" and c is not None:
        return SituacaoAtual(
            Rotulo.DESLIGADO,
            f"Contratado(a) na {c.ordem}ª convocação desta vaga e depois desligado(a); a "
            "vaga passa ao próximo candidato da ordem de convocação (art. 4º, § 2º).",
        )
    return None


def _convocado(c: ConvocacaoFeita) -> SituacaoAtual:
    base = f"Convocado(a) na {c.ordem}ª convocação desta vaga, {_vaga(c.modalidade)}".rstrip(", ")
    if c.situacao == "contratado":
        return SituacaoAtual(
            Rotulo.CONTRATADO,
            f"Contratado(a) na {c.ordem}ª convocação desta vaga, {_vaga(c.modalidade)}.",
        )
    if c.situacao == "aceita":
        return SituacaoAtual(Rotulo.CONVOCADO, f"{base}: aceitou a vaga e aguarda a contratação.")
    return SituacaoAtual(
        Rotulo.CONVOCADO,
        f"{base}: responda no prazo indicado na convocação; sem resposta, a vaga passa ao "
        "próximo candidato (art. 4º, § 2º).",
    )


def _preliminar(p: Previsao | None) -> SituacaoAtual:
    if p is None or p.classificacao is None:
        return SituacaoAtual(
            Rotulo.NAO_CLASSIFICADO, "A inscrição não consta da classificação preliminar."
        )
    inicio = (
        f"Ainda não convocado(a): o resultado é preliminar. Nele, está em "
        f"{p.classificacao}º lugar na classificação geral"
    )
    if p.ordem is not None:
        return SituacaoAtual(
            Rotulo.NO_PRELIMINAR,
            f"{inicio} e na {p.ordem}ª posição da ordem de convocação prevista, "
            f"{_vaga(p.modalidade)}. As convocações só começam depois do resultado final, "
            "que pode mudar essa posição.",
        )
    return SituacaoAtual(
        Rotulo.NO_PRELIMINAR,
        f"{inicio}, fora das vagas desta publicação (cadastro de reserva). As convocações "
        "só começam depois do resultado final.",
    )


def _final(p: Previsao | None) -> SituacaoAtual:
    if p is None or p.classificacao is None:
        return SituacaoAtual(
            Rotulo.NAO_CLASSIFICADO, "A inscrição não consta da classificação do resultado final."
        )
    if p.ordem is not None:
        return SituacaoAtual(
            Rotulo.A_CONVOCAR,
            f"Ainda não convocado(a): pela ordem de convocação de hoje, está dentro das "
            f"vagas a preencher, {_vaga(p.modalidade)}. A convocação é feita pelo órgão e "
            "avisada por e-mail, com o prazo para responder.",
        )
    return SituacaoAtual(
        Rotulo.NAO_CONVOCADO,
        p.frase
        or f"Não convocado(a): {p.classificacao}º na classificação geral, fora das vagas a "
        "preencher hoje (cadastro de reserva; art. 4º, caput).",
    )


def situacao_atual(fatos: FatosDoCandidato) -> SituacaoAtual:
    """Rótulo e frase da situação de hoje; nunca vazia para uma inscrição existente."""
    if fatos.situacao_inscricao == "substituida":
        destino = f" pela inscrição nº {fatos.substituida_por}" if fatos.substituida_por else ""
        return SituacaoAtual(
            Rotulo.SUBSTITUIDA,
            f"Esta inscrição foi substituída{destino}, feita depois com o mesmo CPF: só a "
            "mais recente concorre.",
        )
    c = fatos.convocacao
    if (saida := _saida(c, fatos)) is not None:
        return saida
    if c is not None and c.situacao == "sem_efeito":
        return SituacaoAtual(
            Rotulo.NAO_CONVOCADO,
            f"A {c.ordem}ª convocação desta vaga ficou sem efeito: a heteroidentificação não "
            "confirmou a autodeclaração da categoria da vaga. Você continua na ampla "
            "concorrência, na sua posição da classificação (regras de reserva, § 1).",
        )
    if c is not None:
        return _convocado(c)
    if fatos.resultado is Resultado.NENHUM:
        return SituacaoAtual(
            Rotulo.AGUARDANDO_RESULTADO,
            "Inscrição ativa: ainda não há resultado publicado para esta seleção.",
        )
    if fatos.avaliacao == "ausente":
        return SituacaoAtual(
            Rotulo.AUSENTE,
            "Ausente na avaliação: não consta da classificação e não concorre às vagas "
            "desta seleção.",
        )
    if fatos.avaliacao == "reprovado":
        return SituacaoAtual(
            Rotulo.REPROVADO,
            "Não aprovado(a) na avaliação: não consta da classificação e não concorre às "
            "vagas desta seleção.",
        )
    if fatos.resultado is Resultado.PRELIMINAR:
        return _preliminar(fatos.previsao)
    return _final(fatos.previsao)


_PREFIXOS_PRELIMINAR = (
    ("Convocado(a) na ", "Pelo resultado preliminar, seria convocado(a) na "),
    ("Não convocado(a): ", "Pelo resultado preliminar, não seria convocado(a): "),
)


def frase_da_versao(frase: str, *, preliminar: bool) -> str:
    """A frase congelada de uma versão publicada, no tempo certo: o resultado
    preliminar ainda não convoca ninguém (as convocações seguem o resultado final)."""
    if not preliminar:
        return frase
    for antes, depois in _PREFIXOS_PRELIMINAR:
        if frase.startswith(antes):
            return depois + frase[len(antes) :]
    return frase
