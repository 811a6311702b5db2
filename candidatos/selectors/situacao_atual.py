"""Lê os fatos de uma inscrição e devolve a situação de hoje (``candidatos.situacao_atual``).

Usado por "Minha situação", pela ficha do candidato no RH e pelo e-mail de
convocação: os três mostram a mesma frase, calculada do estado vivo.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from candidatos.models import Inscricao, ResultadoVersao, SituacaoConvocacao, TipoResultado
from candidatos.selectors.classificacao import codigo_na_versao, estado_vaga, rotulo_modalidade
from candidatos.selectors.publico.resultados import versao_vigente, versoes_resultado
from candidatos.situacao_atual import (
    ConvocacaoFeita,
    FatosDoCandidato,
    Previsao,
    Resultado,
    SituacaoAtual,
    situacao_atual,
)


@dataclass(frozen=True)
class SituacaoDeHoje:
    rotulo: str
    frase: str
    modalidade: str
    """Rótulo da modalidade de hoje (art. 4º, § 1º), vazio fora da ordem de convocação."""


def _previsao_publicada(versao_id: int, inscricao: Inscricao) -> Previsao | None:
    """Posição na classificação e na ordem de convocação de uma versão publicada."""
    codigo = codigo_na_versao(versao_id, inscricao.vaga_id)
    conteudo: dict[str, Any] = (
        ResultadoVersao.objects.filter(pk=versao_id).values_list("conteudo", flat=True).first()
        or {}
    )
    vaga = next((v for v in conteudo.get("vagas", []) if v.get("codigo") == codigo), None)
    if vaga is None:
        return None
    classificacao = next(
        (c["posicao"] for c in vaga.get("classificacao", []) if c["inscricao"] == inscricao.numero),
        None,
    )
    if classificacao is None:
        return None
    chamada = next(
        (c for c in vaga.get("convocacao", []) if c["inscricao"] == inscricao.numero), None
    )
    return Previsao(
        classificacao=classificacao,
        ordem=chamada["ordem"] if chamada else None,
        modalidade=chamada["modalidade"] if chamada else "",
        frase=vaga.get("explicacoes", {}).get(inscricao.numero, ""),
    )


def _previsao_do_motor(inscricao: Inscricao) -> tuple[Previsao | None, str]:
    """A ordem do motor com o k e as situações de hoje (após o resultado final)."""
    estado = estado_vaga(inscricao.vaga)
    linha = estado.linha_da_inscricao(inscricao.pk)
    if linha is None:
        return None, ""
    item = next((i for i in estado.ordem if i.inscricao_id == inscricao.pk), None)
    return (
        Previsao(
            classificacao=linha.posicao,
            ordem=item.ordem if item else None,
            modalidade=item.modalidade if item else "",
            frase=linha.explicacao,
        ),
        item.modalidade if item else "",
    )


def situacao_de_hoje(inscricao: Inscricao, *, agora: datetime) -> SituacaoDeHoje:
    """Rótulo, frase e modalidade de hoje de uma inscrição (uma só regra para todas as telas)."""
    versoes = versoes_resultado(selecao_id=inscricao.selecao_id, agora=agora)
    vigente = versao_vigente(versoes)
    resultado = (
        Resultado.NENHUM
        if vigente is None
        else Resultado.FINAL
        if vigente.tipo == TipoResultado.FINAL
        else Resultado.PRELIMINAR
    )
    previsao: Previsao | None = None
    modalidade_hoje = ""
    if resultado is Resultado.FINAL:
        previsao, modalidade_hoje = _previsao_do_motor(inscricao)
    elif vigente is not None:
        previsao = _previsao_publicada(vigente.id, inscricao)
    ultima = inscricao.convocacoes.order_by("-convocada_em", "-pk").first()
    convocacao = (
        ConvocacaoFeita(
            ordem=ultima.ordem,
            modalidade=modalidade_hoje or ultima.modalidade,
            situacao=ultima.situacao,
        )
        if ultima
        else None
    )
    substituta = (
        Inscricao.objects.filter(substitui=inscricao).values_list("numero", flat=True).first()
    )
    avaliacao = getattr(inscricao, "avaliacao", None)
    atual: SituacaoAtual = situacao_atual(
        FatosDoCandidato(
            situacao_inscricao=inscricao.situacao,
            avaliacao=avaliacao.situacao if avaliacao else "",
            resultado=resultado,
            convocacao=convocacao,
            previsao=previsao,
            substituida_por=substituta or "",
        )
    )
    ocupa = ultima is not None and SituacaoConvocacao(ultima.situacao).ocupa_vaga
    modalidade = modalidade_hoje or (ultima.modalidade if ultima and ocupa else "")
    return SituacaoDeHoje(
        rotulo=atual.rotulo,
        frase=atual.frase,
        modalidade=rotulo_modalidade(modalidade) if modalidade else "",
    )
