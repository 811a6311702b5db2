"""Pareceres, decisão da comissão e recurso à comissão recursal (issue 15, item 6).

Cada membro em exercício dá um parecer fundamentado (somente de acréscimo); a
decisão sai pela regra do edital (``regras.decidir``). O recurso contra o resultado
preliminar é julgado pela comissão recursal, com outros membros, pela mesma regra.

O membro impedido ou suspeito para um candidato (Lei nº 9.784/1999, arts. 18 a 21)
declara o impedimento (``impedimento_declarar``) e não atua no caso: não dá parecer
e a decisão sai com os demais em exercício, desde que sejam ao menos o mínimo.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from candidatos.heteroidentificacao import MOTIVO_IMPEDIMENTO_MAXIMO
from candidatos.models import (
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    ImpedimentoMembro,
    Instancia,
    Parecer,
    Presenca,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    ResultadoHeteroidentificacao,
    SituacaoRecursoHetero,
    TipoPublicacao,
    VotoParecer,
)
from candidatos.services.heteroidentificacao import regras
from candidatos.services.heteroidentificacao.comissoes import (
    exigir_membros_diferentes,
    exigir_quorum,
    membros_em_exercicio,
)
from selecoes import auditoria
from selecoes.categorias import Categoria
from selecoes.models import MINIMO_MEMBROS, Comissao, ConfirmacaoCategoria, MembroComissao

FUNDAMENTACAO_MINIMA = 20


def _autor(usuario: Any) -> Any:
    return usuario if getattr(usuario, "is_authenticated", False) else None


def _travado(chamado: ChamadoHeteroidentificacao) -> ChamadoHeteroidentificacao:
    return (
        ChamadoHeteroidentificacao.objects.select_for_update(of=("self",))
        .select_related("inscricao", "selecao__orgao", "sessao__comissao")
        .get(pk=chamado.pk)
    )


def _rotulo(chamado: ChamadoHeteroidentificacao) -> str:
    return f"{chamado.inscricao.numero} ({Categoria(chamado.categoria).label})"


def decisao_de(
    chamado: ChamadoHeteroidentificacao, instancia: str
) -> DecisaoHeteroidentificacao | None:
    return DecisaoHeteroidentificacao.objects.filter(chamado=chamado, instancia=instancia).first()


def _comissao_que_julga(
    chamado: ChamadoHeteroidentificacao, instancia: str, campo: str
) -> Comissao:
    """A comissão da sessão do chamado, ou a recursal do recurso pendente."""
    if instancia == Instancia.COMISSAO:
        if chamado.sessao is None:
            raise ValidationError(f"{campo}: {_rotulo(chamado)} não foi convocado(a) a uma sessão.")
        return chamado.sessao.comissao
    if instancia == Instancia.RECURSAL:
        recurso = RecursoHeteroidentificacao.objects.filter(chamado=chamado).first()
        if recurso is None or recurso.situacao != SituacaoRecursoHetero.PENDENTE:
            raise ValidationError(f"{campo}: {_rotulo(chamado)} não tem recurso pendente.")
        return recurso.comissao_recursal
    raise ValidationError("Instância: escolha a comissão ou a recursal.")


def _comissao_da_instancia(chamado: ChamadoHeteroidentificacao, instancia: str) -> Comissao:
    comissao = _comissao_que_julga(chamado, instancia, "Parecer")
    if instancia == Instancia.COMISSAO and chamado.presenca != Presenca.PRESENTE:
        raise ValidationError(
            f"Parecer: a presença de {_rotulo(chamado)} na sessão não foi registrada."
        )
    return comissao


def impedidos(chamado: ChamadoHeteroidentificacao, instancia: str) -> set[int]:
    """Ids dos membros que declararam impedimento ou suspeição no chamado e instância."""
    return set(
        ImpedimentoMembro.objects.filter(chamado=chamado, instancia=instancia).values_list(
            "membro_id", flat=True
        )
    )


@transaction.atomic
def parecer_registrar(
    *,
    membro: MembroComissao,
    chamado: ChamadoHeteroidentificacao,
    voto: str,
    fundamentacao: str,
    usuario: Any,
    agora: datetime,
    instancia: str = Instancia.COMISSAO,
) -> Parecer:
    """O parecer fundamentado de um membro em exercício da comissão que julga.

    Só-acréscimo: um parecer gravado não muda (o membro não vota duas vezes).
    """
    chamado = _travado(chamado)
    comissao = _comissao_da_instancia(chamado, instancia)
    erros = []
    if membro.comissao_id != comissao.pk or not membro.ativo:
        erros.append(f"Membro: {membro.nome} não está em exercício em {comissao.nome}.")
    if voto not in VotoParecer.values:
        erros.append("Voto: escolha confirma, não confirma ou indício de fraude.")
    if len(fundamentacao.strip()) < FUNDAMENTACAO_MINIMA:
        erros.append(
            f"Fundamentação: explique o parecer (ao menos {FUNDAMENTACAO_MINIMA} caracteres)."
        )
    if decisao_de(chamado, instancia) is not None:
        erros.append(f"Parecer: a decisão sobre {_rotulo(chamado)} já foi apurada.")
    if membro.pk in impedidos(chamado, instancia):
        erros.append(
            f"Membro: {membro.nome} declarou impedimento ou suspeição para {_rotulo(chamado)} "
            "e não atua no caso (Lei nº 9.784/1999, art. 18)."
        )
    if erros:
        raise ValidationError(erros)
    try:
        with transaction.atomic():
            parecer = Parecer.objects.create(
                chamado=chamado,
                membro=membro,
                instancia=instancia,
                voto=voto,
                fundamentacao=fundamentacao.strip(),
                registrado_em=agora,
                registrado_por=_autor(usuario),
            )
    except IntegrityError as erro:
        raise ValidationError(
            f"Parecer: {membro.nome} já deu parecer sobre {_rotulo(chamado)}."
        ) from erro
    auditoria.registrar(
        acao="heteroidentificacao.parecer",
        objeto=parecer,
        descricao=f"Parecer de {membro.nome} sobre {_rotulo(chamado)}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        depois={"voto": voto, "instancia": instancia},
    )
    return parecer


def _regra(chamado: ChamadoHeteroidentificacao) -> ConfirmacaoCategoria:
    return ConfirmacaoCategoria.objects.get(
        selecao_id=chamado.selecao_id, categoria=chamado.categoria
    )


def _votos(chamado: ChamadoHeteroidentificacao, instancia: str, comissao: Comissao) -> list[str]:
    """Os votos de todos os membros em exercício que não declararam impedimento ou
    suspeição (Lei nº 9.784/1999, art. 18), que precisam ser ao menos o mínimo."""
    membros = exigir_quorum(comissao)
    fora = impedidos(chamado, instancia)
    atuantes = [m for m in membros if m.pk not in fora]
    if len(atuantes) < MINIMO_MEMBROS:
        nomes = ", ".join(m.nome for m in membros if m.pk in fora)
        raise ValidationError(
            f"Decisão: {nomes} declarou(aram) impedimento ou suspeição para {_rotulo(chamado)}; "
            f"restam {len(atuantes)} membro(s) em exercício em {comissao.nome}, e são necessários "
            f"ao menos {MINIMO_MEMBROS}. O órgão precisa incluir outro membro em exercício na "
            "comissão."
        )
    pareceres = {
        p.membro_id: p.voto for p in Parecer.objects.filter(chamado=chamado, instancia=instancia)
    }
    faltam = [m.nome for m in atuantes if m.pk not in pareceres]
    if faltam:
        raise ValidationError(
            f"Decisão: falta o parecer de {', '.join(faltam)} sobre {_rotulo(chamado)}."
        )
    return [pareceres[m.pk] for m in atuantes]


@transaction.atomic
def impedimento_declarar(
    *,
    chamado: ChamadoHeteroidentificacao,
    membro: MembroComissao,
    instancia: str,
    motivo: str,
    usuario: Any,
    agora: datetime,
) -> ImpedimentoMembro:
    """O próprio membro comunica o impedimento ou a suspeição e deixa de atuar no caso
    (Lei nº 9.784/1999, arts. 18 a 21; art. 19: o impedido comunica o fato).

    Só antes do próprio parecer e da decisão da instância; a declaração não muda
    depois (somente de acréscimo). O motivo não vai para a trilha de auditoria (dado
    sensível: fica no registro, visto só pelo membro e pelos gestores).
    """
    chamado = _travado(chamado)
    comissao = _comissao_que_julga(chamado, instancia, "Impedimento")
    erros = []
    if getattr(usuario, "pk", None) is None or membro.usuario_id != usuario.pk:
        erros.append(
            f"Membro: só {membro.nome} declara o próprio impedimento ou suspeição "
            "(Lei nº 9.784/1999, art. 19)."
        )
    if membro.comissao_id != comissao.pk or not membro.ativo:
        erros.append(f"Membro: {membro.nome} não está em exercício em {comissao.nome}.")
    texto = motivo.strip()
    if not texto:
        erros.append("Motivo: descreva o impedimento ou a suspeição.")
    elif len(texto) > MOTIVO_IMPEDIMENTO_MAXIMO:
        erros.append(f"Motivo: no máximo {MOTIVO_IMPEDIMENTO_MAXIMO} caracteres.")
    if Parecer.objects.filter(chamado=chamado, membro=membro, instancia=instancia).exists():
        erros.append(
            f"Impedimento: {membro.nome} já deu parecer sobre {_rotulo(chamado)} nesta instância."
        )
    if decisao_de(chamado, instancia) is not None:
        erros.append(f"Impedimento: a decisão sobre {_rotulo(chamado)} já foi apurada.")
    if ImpedimentoMembro.objects.filter(
        chamado=chamado, membro=membro, instancia=instancia
    ).exists():
        erros.append(
            f"Impedimento: {membro.nome} já declarou impedimento ou suspeição para "
            f"{_rotulo(chamado)}."
        )
    if erros:
        raise ValidationError(erros)
    impedimento = ImpedimentoMembro.objects.create(
        chamado=chamado,
        membro=membro,
        instancia=instancia,
        motivo=texto,
        registrado_em=agora,
        registrado_por=_autor(usuario),
    )
    auditoria.registrar(
        acao="heteroidentificacao.impedimento",
        objeto=impedimento,
        descricao=f"Impedimento ou suspeição de {membro.nome} para {_rotulo(chamado)}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        depois={"membro": membro.nome, "instancia": instancia},
    )
    return impedimento


def _gravar_decisao(
    chamado: ChamadoHeteroidentificacao,
    instancia: str,
    decisao: regras.Decisao,
    regra: str,
    comissao: Comissao | None,
    usuario: Any,
    agora: datetime,
) -> DecisaoHeteroidentificacao:
    try:
        with transaction.atomic():
            gravada = DecisaoHeteroidentificacao.objects.create(
                chamado=chamado,
                instancia=instancia,
                resultado=decisao.resultado,
                regra=regra,
                votos=decisao.votos,
                comissao=comissao,
                decidida_em=agora,
                decidida_por=_autor(usuario),
            )
    except IntegrityError as erro:
        raise ValidationError(f"Decisão: a de {_rotulo(chamado)} já foi apurada.") from erro
    auditoria.registrar(
        acao=f"heteroidentificacao.decisao_{instancia}",
        objeto=gravada,
        descricao=f"Heteroidentificação ({gravada.get_instancia_display().lower()}) de "
        f"{_rotulo(chamado)}: {gravada.get_resultado_display().lower()}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        depois={"resultado": decisao.resultado, "votos": decisao.votos, "regra": regra},
    )
    return gravada


@transaction.atomic
def decisao_apurar(
    *, chamado: ChamadoHeteroidentificacao, usuario: Any, agora: datetime
) -> DecisaoHeteroidentificacao:
    """A decisão da comissão pela regra do edital; ausente, sem votos."""
    chamado = _travado(chamado)
    if decisao_de(chamado, Instancia.COMISSAO) is not None:
        raise ValidationError(f"Decisão: a de {_rotulo(chamado)} já foi apurada.")
    if chamado.sessao is None or not chamado.presenca:
        raise ValidationError(
            f"Decisão: registre primeiro a presença de {_rotulo(chamado)} na sessão."
        )
    regra = _regra(chamado)
    comissao = chamado.sessao.comissao
    if chamado.presenca == Presenca.AUSENTE:
        decisao = regras.decidir([], regra.regra_decisao, ausente=True)
    else:
        decisao = regras.decidir(_votos(chamado, Instancia.COMISSAO, comissao), regra.regra_decisao)
    return _gravar_decisao(
        chamado, Instancia.COMISSAO, decisao, regra.regra_decisao, comissao, usuario, agora
    )


def preliminar_do_chamado(
    chamado: ChamadoHeteroidentificacao,
) -> PublicacaoHeteroidentificacao | None:
    """A versão vigente do resultado preliminar, se traz o chamado."""
    publicacao = (
        PublicacaoHeteroidentificacao.objects.filter(
            selecao_id=chamado.selecao_id, tipo=TipoPublicacao.PRELIMINAR
        )
        .order_by("-numero")
        .first()
    )
    if publicacao is None:
        return None
    chave = [chamado.inscricao.numero, chamado.categoria]
    itens = publicacao.conteudo.get("itens", [])
    if any([i["inscricao"], i["categoria"]] == chave for i in itens):
        return publicacao
    return None


@transaction.atomic
def recurso_receber(
    *,
    chamado: ChamadoHeteroidentificacao,
    razoes: str,
    comissao_recursal: Comissao,
    usuario: Any,
    agora: datetime,
    canal: str = "",
) -> RecursoHeteroidentificacao:
    """Recurso contra o resultado preliminar, dentro do prazo, para a comissão recursal
    (membros diferentes dos da comissão que julgou). ``canal``: por onde chegou, na
    auditoria (vazio: registrado pelo RH)."""
    chamado = _travado(chamado)
    erros = []
    if not razoes.strip():
        erros.append("Razões do recurso: descreva o pedido.")
    publicacao = preliminar_do_chamado(chamado)
    decisao = decisao_de(chamado, Instancia.COMISSAO)
    if publicacao is None or decisao is None:
        erros.append(f"Recurso: o resultado preliminar de {_rotulo(chamado)} não foi publicado.")
    elif decisao_de(chamado, Instancia.FINAL) is not None:
        # Uma nova versão do preliminar (alcançados pelo cadastro de reserva) traz de novo
        # quem já tem o resultado final: o prazo dela não reabre essa verificação.
        erros.append(
            f"Recurso: o resultado final da heteroidentificação de {_rotulo(chamado)} já foi "
            "publicado."
        )
    elif publicacao.recurso_fim is not None and agora > publicacao.recurso_fim:
        erros.append("Recurso: o prazo de recurso do resultado preliminar terminou.")
    elif decisao.resultado == ResultadoHeteroidentificacao.CONFIRMADA:
        erros.append(f"Recurso: a autodeclaração de {_rotulo(chamado)} foi confirmada.")
    if RecursoHeteroidentificacao.objects.filter(chamado=chamado).exists():
        erros.append(f"Recurso: {_rotulo(chamado)} já tem recurso registrado.")
    if comissao_recursal.orgao_id != chamado.selecao.orgao_id:
        erros.append("Comissão recursal: escolha uma comissão do órgão da seleção.")
    if erros:
        raise ValidationError(erros)
    assert chamado.sessao is not None  # noqa: S101 — há decisão da comissão
    exigir_membros_diferentes(recursal=comissao_recursal, julgadora=chamado.sessao.comissao)
    exigir_quorum(comissao_recursal)
    recurso = RecursoHeteroidentificacao.objects.create(
        chamado=chamado,
        razoes=razoes.strip(),
        recebido_em=agora,
        recebido_por=_autor(usuario),
        comissao_recursal=comissao_recursal,
    )
    auditoria.registrar(
        acao="heteroidentificacao.recurso_recebido",
        objeto=recurso,
        descricao=f"Recurso de heteroidentificação de {_rotulo(chamado)}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        depois={"comissao_recursal": comissao_recursal.nome},
        motivo=canal,
    )
    return recurso


@transaction.atomic
def recurso_julgar(
    *, recurso: RecursoHeteroidentificacao, usuario: Any, agora: datetime
) -> DecisaoHeteroidentificacao:
    """A recursal decide com os pareceres de todos os seus membros em exercício, menos
    os impedidos ou suspeitos (Lei nº 9.784/1999, art. 18)."""
    recurso = RecursoHeteroidentificacao.objects.select_for_update(of=("self",)).get(pk=recurso.pk)
    chamado = _travado(recurso.chamado)
    if recurso.situacao != SituacaoRecursoHetero.PENDENTE:
        raise ValidationError(f"Recurso: o de {_rotulo(chamado)} já foi julgado.")
    assert chamado.sessao is not None  # noqa: S101 — só há recurso depois da decisão
    exigir_membros_diferentes(recursal=recurso.comissao_recursal, julgadora=chamado.sessao.comissao)
    regra = _regra(chamado)
    votos = _votos(chamado, Instancia.RECURSAL, recurso.comissao_recursal)
    decisao = regras.decidir(votos, regra.regra_decisao)
    gravada = _gravar_decisao(
        chamado,
        Instancia.RECURSAL,
        decisao,
        regra.regra_decisao,
        recurso.comissao_recursal,
        usuario,
        agora,
    )
    recurso.situacao = SituacaoRecursoHetero.JULGADO
    recurso.julgado_em = agora
    recurso.save(update_fields=["situacao", "julgado_em"])
    return gravada


def membros_que_faltam(chamado: ChamadoHeteroidentificacao, instancia: str) -> list[str]:
    """Nomes dos membros em exercício que ainda não deram parecer, menos os que
    declararam impedimento ou suspeição (para as telas)."""
    try:
        comissao = _comissao_da_instancia(chamado, instancia)
    except ValidationError:
        return []
    dados = set(
        Parecer.objects.filter(chamado=chamado, instancia=instancia).values_list(
            "membro_id", flat=True
        )
    ) | impedidos(chamado, instancia)
    return [m.nome for m in membros_em_exercicio(comissao) if m.pk not in dados]
