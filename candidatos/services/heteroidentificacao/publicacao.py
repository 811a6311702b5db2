"""Resultados preliminar e final da heteroidentificação (issue 15, itens 6 e 7).

Publicados só com o número de inscrição, a categoria e o resultado (sem nomes; a
pertença à categoria é dado sensível, LGPD art. 11). O final é recusado enquanto um
chamado não tem resultado final possível (sem decisão, recurso pendente ou prazo de
recurso aberto); a mensagem nomeia cada um. O resultado final de cada chamado
(``Instancia.FINAL``) é o que o motor lê: não confirmado — e ausente, se o edital
assim diz — perde a categoria e continua na ampla concorrência; indício de fraude
abre o processo de eliminação (art. 2º, parágrafo único), que é quem pode eliminar.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from candidatos.models import (
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    Instancia,
    MotivoChamado,
    ProcessoEliminacao,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    ResultadoHeteroidentificacao,
    SituacaoProcesso,
    SituacaoRecursoHetero,
    TipoPublicacao,
)
from candidatos.services.heteroidentificacao import regras
from candidatos.services.heteroidentificacao.efeito import convocacoes_aplicar_verificacao
from selecoes import auditoria, eventos
from selecoes.canonico import hash_conteudo
from selecoes.categorias import Categoria
from selecoes.models import ConfirmacaoCategoria, Selecao

FORMATO = 1


@dataclass(frozen=True)
class Pendente:
    """Um chamado sem resultado final possível agora, e por quê."""

    numero: str
    categoria: str
    motivo: str

    @property
    def mensagem(self) -> str:
        return f"{self.numero} ({Categoria(self.categoria).label}): {self.motivo}"


def _travar(selecao: Selecao) -> Selecao:
    return Selecao.objects.travar(selecao.pk)


def _decisoes(selecao: Selecao) -> dict[tuple[int, str], str]:
    return {
        (chamado_id, instancia): resultado
        for chamado_id, instancia, resultado in DecisaoHeteroidentificacao.objects.filter(
            chamado__selecao=selecao
        ).values_list("chamado_id", "instancia", "resultado")
    }


def ultima_publicacao(selecao: Selecao, tipo: str) -> PublicacaoHeteroidentificacao | None:
    return (
        PublicacaoHeteroidentificacao.objects.filter(selecao=selecao, tipo=tipo)
        .order_by("-numero")
        .first()
    )


def _conteudo(itens: list[dict[str, str]]) -> dict[str, Any]:
    itens = sorted(itens, key=lambda i: (i["inscricao"], i["categoria"]))
    return {"formato": FORMATO, "itens": itens}


def _publicar(
    *,
    selecao: Selecao,
    tipo: str,
    itens: list[dict[str, str]],
    motivo: str,
    recurso_fim: datetime | None,
    usuario: Any,
    agora: datetime,
) -> PublicacaoHeteroidentificacao:
    anterior = ultima_publicacao(selecao, tipo)
    if anterior is not None and not motivo.strip():
        raise ValidationError(
            "Motivo: informe por que esta nova versão substitui a anterior (ex.: candidato "
            "alcançado pelo cadastro de reserva)."
        )
    conteudo = _conteudo(itens)
    publicacao = PublicacaoHeteroidentificacao.objects.create(
        selecao=selecao,
        tipo=tipo,
        numero=(anterior.numero + 1) if anterior else 1,
        motivo=motivo.strip() if anterior else "",
        conteudo=conteudo,
        hash_conteudo=hash_conteudo(conteudo),
        recurso_fim=recurso_fim,
        publicada_em=agora,
        publicada_por=usuario if getattr(usuario, "is_authenticated", False) else None,
    )
    auditoria.registrar(
        acao=f"heteroidentificacao.{tipo}_publicado",
        objeto=publicacao,
        descricao=f"{publicacao} publicado ({len(itens)} candidato(s))",
        usuario=usuario,
        selecao=selecao,
        depois={"versao": publicacao.numero, "hash": publicacao.hash_conteudo},
        motivo=publicacao.motivo,
    )
    return publicacao


def prazo_recurso_padrao(selecao: Selecao, agora: datetime) -> datetime:
    """O maior prazo de recurso das categorias confirmadas pelo edital, a partir de agora."""
    dias = max(
        ConfirmacaoCategoria.objects.filter(selecao=selecao).values_list(
            "prazo_recurso_dias", flat=True
        ),
        default=1,
    )
    return agora + timedelta(days=dias)


@transaction.atomic
def resultado_preliminar_publicar(
    *,
    selecao: Selecao,
    recurso_fim: datetime | None,
    usuario: Any,
    agora: datetime,
    motivo: str = "",
) -> PublicacaoHeteroidentificacao:
    """Publica as decisões da comissão, só por número de inscrição, com o prazo de
    recurso; recusa enquanto um chamado não tem decisão (a mensagem nomeia quem)."""
    selecao = _travar(selecao)
    chamados = list(
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao).select_related("inscricao")
    )
    if not chamados:
        raise ValidationError("Resultado preliminar: não há candidatos chamados.")
    decisoes = _decisoes(selecao)
    faltam = [
        f"{c.inscricao.numero} ({Categoria(c.categoria).label})"
        for c in chamados
        if (c.pk, Instancia.COMISSAO) not in decisoes
    ]
    erros = []
    if faltam:
        erros.append("Resultado preliminar: sem decisão da comissão — " + ", ".join(faltam) + ".")
    recurso_fim = recurso_fim or prazo_recurso_padrao(selecao, agora)
    if recurso_fim <= agora:
        erros.append("Fim do prazo de recurso: precisa ser depois de agora.")
    if erros:
        raise ValidationError(erros)
    itens = [
        {
            "inscricao": c.inscricao.numero,
            "categoria": c.categoria,
            "resultado": decisoes[(c.pk, Instancia.COMISSAO)],
        }
        for c in chamados
    ]
    return _publicar(
        selecao=selecao,
        tipo=TipoPublicacao.PRELIMINAR,
        itens=itens,
        motivo=motivo,
        recurso_fim=recurso_fim,
        usuario=usuario,
        agora=agora,
    )


def _pendencia(
    chamado: ChamadoHeteroidentificacao,
    decisoes: dict[tuple[int, str], str],
    recursos: dict[int, str],
    publicado_ate: dict[tuple[str, str], datetime | None],
    agora: datetime,
) -> str | None:
    if (chamado.pk, Instancia.FINAL) in decisoes:
        return None
    if (chamado.pk, Instancia.COMISSAO) not in decisoes:
        if chamado.sessao_id is None:
            return "não foi convocado(a) a uma sessão"
        return "sem decisão da comissão"
    chave = (chamado.inscricao.numero, chamado.categoria)
    if chave not in publicado_ate:
        return "a decisão da comissão não saiu no resultado preliminar"
    situacao = recursos.get(chamado.pk)
    if situacao == SituacaoRecursoHetero.PENDENTE:
        return "recurso pendente na comissão recursal"
    fim = publicado_ate[chave]
    if situacao is None and fim is not None and agora <= fim:
        return "o prazo de recurso do resultado preliminar ainda está aberto"
    return None


def pendentes_do_final(
    selecao: Selecao, *, agora: datetime, so_do_resultado: bool = False
) -> list[Pendente]:
    """Os chamados sem resultado final possível agora (``so_do_resultado``: sem os
    alcançados depois pelo cadastro de reserva, que não seguram o resultado da seleção)."""
    chamados = ChamadoHeteroidentificacao.objects.filter(selecao=selecao).select_related(
        "inscricao"
    )
    if so_do_resultado:
        chamados = chamados.exclude(motivo=MotivoChamado.CADASTRO_RESERVA)
    decisoes = _decisoes(selecao)
    recursos = dict(
        RecursoHeteroidentificacao.objects.filter(chamado__selecao=selecao).values_list(
            "chamado_id", "situacao"
        )
    )
    publicado_ate: dict[tuple[str, str], datetime | None] = {}
    for publicacao in PublicacaoHeteroidentificacao.objects.filter(
        selecao=selecao, tipo=TipoPublicacao.PRELIMINAR
    ).order_by("numero"):
        for item in publicacao.conteudo.get("itens", []):
            publicado_ate.setdefault((item["inscricao"], item["categoria"]), publicacao.recurso_fim)
    pendentes = []
    for chamado in chamados.order_by("inscricao__numero", "categoria"):
        motivo = _pendencia(chamado, decisoes, recursos, publicado_ate, agora)
        if motivo:
            pendentes.append(Pendente(chamado.inscricao.numero, chamado.categoria, motivo))
    return pendentes


def _abrir_processo(chamado: ChamadoHeteroidentificacao, usuario: Any, agora: datetime) -> None:
    """Indício de fraude: abre o processo de eliminação já existente (nada elimina aqui)."""
    from candidatos.services.eliminacao import processo_abrir

    em_curso = ProcessoEliminacao.objects.filter(
        inscricao_id=chamado.inscricao_id,
        situacao__in=[SituacaoProcesso.ABERTO, SituacaoProcesso.AGUARDANDO_DEFESA],
    ).exists()
    if em_curso:
        return
    regra = ConfirmacaoCategoria.objects.get(
        selecao_id=chamado.selecao_id, categoria=chamado.categoria
    )
    processo_abrir(
        inscricao=chamado.inscricao,
        motivo=(
            "Indício de declaração falsa apontado pela heteroidentificação "
            f"({Categoria(chamado.categoria).label}; edital, {regra.item_edital})."
        ),
        evidencias="Pareceres da comissão no registro da heteroidentificação.",
        arquivo=None,
        usuario=usuario,
        agora=agora,
    )


def _travar_vagas_pendentes(selecao: Selecao) -> None:
    from candidatos.services.convocacao import travar_vaga

    vagas = (
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao, convocacao__isnull=False)
        .exclude(decisoes__instancia=Instancia.FINAL)
        .values_list("convocacao__vaga_id", flat=True)
    )
    for vaga_id in sorted(set(vagas)):
        travar_vaga(vaga_id)


@transaction.atomic
def resultado_final_publicar(
    *, selecao: Selecao, usuario: Any, agora: datetime, motivo: str = ""
) -> PublicacaoHeteroidentificacao:
    """Grava o resultado final de cada chamado (o da recursal, se houve recurso; senão
    o da comissão) e o publica. Recusado, nomeando cada um, enquanto há pendência.

    As vagas das convocações que esperam a verificação são travadas antes da seleção (e
    do órgão): é a ordem de toda ação de convocação, que trava a vaga e depois grava a
    auditoria do órgão; na ordem inversa, as duas transações esperariam uma pela outra.
    """
    _travar_vagas_pendentes(selecao)
    selecao = _travar(selecao)
    pendentes = pendentes_do_final(selecao, agora=agora)
    if pendentes:
        raise ValidationError([f"Resultado final recusado — {p.mensagem}." for p in pendentes])
    chamados = list(
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao).select_related(
            "inscricao", "selecao"
        )
    )
    if not chamados:
        raise ValidationError("Resultado final: não há candidatos chamados.")
    decisoes = _decisoes(selecao)
    itens = []
    novos_finais = set()
    for chamado in chamados:
        resultado = decisoes.get((chamado.pk, Instancia.FINAL))
        if resultado is None:
            novos_finais.add(chamado.pk)
            resultado = decisoes.get(
                (chamado.pk, Instancia.RECURSAL), decisoes[(chamado.pk, Instancia.COMISSAO)]
            )
            _final_gravar(chamado, resultado, usuario, agora)
            if resultado == ResultadoHeteroidentificacao.INDICIO_FRAUDE:
                _abrir_processo(chamado, usuario, agora)
        itens.append(
            {
                "inscricao": chamado.inscricao.numero,
                "categoria": chamado.categoria,
                "resultado": resultado,
            }
        )
    publicacao = _publicar(
        selecao=selecao,
        tipo=TipoPublicacao.FINAL,
        itens=itens,
        motivo=motivo,
        recurso_fim=None,
        usuario=usuario,
        agora=agora,
    )
    # Issue 15, item 4: quem foi alcançado pelo cadastro de reserva e esperava a
    # verificação tem a convocação liberada ou sem efeito (com o próximo a chamar).
    convocacoes_aplicar_verificacao(
        chamados=[c for c in chamados if c.pk in novos_finais], usuario=usuario, agora=agora
    )
    eventos.emitir(eventos.Evento.HETEROIDENTIFICACAO_FINAL, selecao_id=selecao.pk)
    return publicacao


def _final_gravar(
    chamado: ChamadoHeteroidentificacao, resultado: str, usuario: Any, agora: datetime
) -> DecisaoHeteroidentificacao:
    regra = ConfirmacaoCategoria.objects.get(
        selecao_id=chamado.selecao_id, categoria=chamado.categoria
    )
    final = DecisaoHeteroidentificacao.objects.create(
        chamado=chamado,
        instancia=Instancia.FINAL,
        resultado=resultado,
        regra=regra.regra_decisao,
        votos={},
        decidida_em=agora,
        decidida_por=usuario if getattr(usuario, "is_authenticated", False) else None,
    )
    perde = regras.perde_categoria(resultado, ausente_perde=regra.ausente_perde_categoria)
    auditoria.registrar(
        acao="heteroidentificacao.decisao_final",
        objeto=final,
        descricao=f"Resultado final da heteroidentificação de {chamado.inscricao.numero} "
        f"({Categoria(chamado.categoria).label}): {final.get_resultado_display().lower()}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        depois={"resultado": resultado, "perde_categoria": perde},
    )
    return final
