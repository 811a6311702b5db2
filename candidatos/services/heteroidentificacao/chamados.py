"""Quem é chamado à heteroidentificação, sessões e presença (issue 15, itens 4 e 5).

A lista sai da classificação do resultado preliminar (``momento`` do edital: depois
do preliminar, antes do final) e da sequência do motor (art. 3º): em cada vaga de
estágio, todos os optantes da categoria ou os primeiros M × as vagas da categoria
entre as primeiras max(n, k) vagas. Quem é alcançado depois pelo cadastro de
reserva é verificado antes de a convocação valer (``convocacao_exigir_verificacao``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.db import transaction

from candidatos.models import (
    ChamadoHeteroidentificacao,
    Convocacao,
    DecisaoHeteroidentificacao,
    Instancia,
    ModalidadeSessao,
    MotivoChamado,
    Parecer,
    Presenca,
    ResultadoVersao,
    SessaoHeteroidentificacao,
    TipoResultado,
)
from candidatos.services.classificacao import classificar_selecao, parametros_motor, resolver
from candidatos.services.heteroidentificacao import regras
from candidatos.services.heteroidentificacao.comissoes import exigir_quorum
from selecoes import auditoria
from selecoes.categorias import Categoria
from selecoes.models import Comissao, ConfirmacaoCategoria, Selecao, TipoComissao


def _travar_selecao(selecao: Selecao) -> Selecao:
    return Selecao.objects.travar(selecao.pk)


def confirmacoes_da_selecao(selecao: Selecao) -> dict[str, ConfirmacaoCategoria]:
    return {c.categoria: c for c in ConfirmacaoCategoria.objects.filter(selecao=selecao)}


def _exigir_momento(selecao: Selecao) -> None:
    """Depois do resultado preliminar e antes do final (item 4 da issue 15)."""
    if ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR) is None:
        raise ValidationError(
            "Heteroidentificação: o edital a prevê depois do resultado preliminar; publique-o "
            "primeiro."
        )
    if ResultadoVersao.objects.vigente(selecao, TipoResultado.FINAL) is not None:
        raise ValidationError(
            "Heteroidentificação: o resultado final já foi publicado; quem for alcançado pelo "
            "cadastro de reserva é chamado ao ser convocado."
        )


def chamados_calcular(selecao: Selecao) -> list[tuple[int, str, str]]:
    """(inscrição, categoria, motivo) de cada chamado pela regra do edital, sem gravar."""
    confirmacoes = confirmacoes_da_selecao(selecao)
    parametros = parametros_motor(selecao)
    classificacoes = classificar_selecao(selecao, parametros=parametros)
    saida: list[tuple[int, str, str]] = []
    for classificacao in classificacoes.values():
        ativos = classificacao.ativos
        sequencia: tuple[str, ...] = ()
        if any(c.chamados == regras.MULTIPLO_VAGAS for c in confirmacoes.values()):
            sequencia = resolver(
                vaga=classificacao.vaga,
                parametros=parametros,
                candidatos=classificacao.candidatos_motor(),
            ).sequencia
        for categoria, regra in confirmacoes.items():
            if categoria not in parametros.categorias:
                continue
            optantes = [c for c in ativos if categoria in c.categorias]
            por_numero = {c.numero: c for c in optantes}
            chamados = regras.chamados_da_vaga(
                [c.numero for c in optantes],
                regra=regra.chamados,
                vagas_categoria=regras.vagas_da_categoria(sequencia, categoria),
                multiplo=regra.multiplo,
            )
            saida += [(por_numero[n].inscricao_id, categoria, regra.chamados) for n in chamados]
    return saida


@transaction.atomic
def chamados_montar(
    *, selecao: Selecao, usuario: Any, agora: datetime
) -> list[ChamadoHeteroidentificacao]:
    """Grava a lista de chamados (idempotente: quem já foi chamado não é duplicado)."""
    selecao = _travar_selecao(selecao)
    if not ConfirmacaoCategoria.objects.filter(selecao=selecao).exists():
        raise ValidationError("Heteroidentificação: o edital não a prevê para nenhuma categoria.")
    _exigir_momento(selecao)
    existentes = set(
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao).values_list(
            "inscricao_id", "categoria"
        )
    )
    novos = [
        ChamadoHeteroidentificacao(
            selecao=selecao,
            inscricao_id=inscricao_id,
            categoria=categoria,
            motivo=motivo,
            chamado_em=agora,
        )
        for inscricao_id, categoria, motivo in chamados_calcular(selecao)
        if (inscricao_id, categoria) not in existentes
    ]
    ChamadoHeteroidentificacao.objects.bulk_create(novos)
    auditoria.registrar(
        acao="heteroidentificacao.chamados_montados",
        objeto=selecao,
        descricao=f"Lista de chamados à heteroidentificação: {len(novos)} novo(s)",
        usuario=usuario,
        selecao=selecao,
        depois={"novos": len(novos), "total": len(existentes) + len(novos)},
    )
    return novos


def _validar_sessao(
    *, modalidade: str, inicio: datetime | None, local: str, link: str, agora: datetime
) -> list[str]:
    erros = []
    if modalidade not in ModalidadeSessao.values:
        erros.append("Modalidade: escolha presencial ou por vídeo.")
    if inicio is None:
        erros.append("Data e hora: informe quando a sessão acontece.")
    elif inicio <= agora:
        erros.append("Data e hora: a sessão precisa ser depois de agora.")
    if modalidade == ModalidadeSessao.PRESENCIAL and not local.strip():
        erros.append("Local: informe o endereço da sessão presencial.")
    if modalidade == ModalidadeSessao.VIDEO:
        partes = urlsplit(link.strip())
        if partes.scheme != "https" or not partes.netloc:
            erros.append("Link da sala de vídeo: informe um endereço https://.")
    return erros


@transaction.atomic
def sessao_agendar(
    *,
    selecao: Selecao,
    comissao: Comissao,
    modalidade: str,
    inicio: datetime | None,
    local: str = "",
    link: str = "",
    observacoes: str = "",
    usuario: Any,
    agora: datetime,
) -> SessaoHeteroidentificacao:
    """Agenda uma sessão da comissão (presencial com local, por vídeo com link)."""
    selecao = _travar_selecao(selecao)
    erros = _validar_sessao(
        modalidade=modalidade, inicio=inicio, local=local, link=link, agora=agora
    )
    if comissao.orgao_id != selecao.orgao_id:
        erros.append("Comissão: escolha uma comissão do órgão da seleção.")
    elif comissao.tipo != TipoComissao.HETEROIDENTIFICACAO:
        erros.append("Comissão: a sessão é de uma comissão de heteroidentificação, não recursal.")
    if erros:
        raise ValidationError(erros)
    exigir_quorum(comissao)
    assert inicio is not None  # noqa: S101 — conferido em _validar_sessao
    sessao = SessaoHeteroidentificacao.objects.create(
        selecao=selecao,
        comissao=comissao,
        modalidade=modalidade,
        inicio=inicio,
        local=local.strip() if modalidade == ModalidadeSessao.PRESENCIAL else "",
        link=link.strip() if modalidade == ModalidadeSessao.VIDEO else "",
        observacoes=observacoes.strip(),
        criada_em=agora,
        criada_por=usuario if getattr(usuario, "is_authenticated", False) else None,
    )
    auditoria.registrar(
        acao="heteroidentificacao.sessao_agendada",
        objeto=sessao,
        descricao=f"Sessão de heteroidentificação agendada: {sessao}",
        usuario=usuario,
        selecao=selecao,
        depois={"modalidade": modalidade, "inicio": inicio.isoformat(), "comissao": comissao.nome},
    )
    return sessao


def _decidido(chamado: ChamadoHeteroidentificacao) -> bool:
    return DecisaoHeteroidentificacao.objects.filter(
        chamado=chamado, instancia=Instancia.COMISSAO
    ).exists()


@transaction.atomic
def chamados_convocar(
    *,
    sessao: SessaoHeteroidentificacao,
    chamados: Sequence[ChamadoHeteroidentificacao],
    usuario: Any,
) -> list[ChamadoHeteroidentificacao]:
    """Convoca os chamados à sessão (ou os troca de sessão, enquanto sem presença)."""
    travados = list(
        ChamadoHeteroidentificacao.objects.select_for_update(of=("self",))
        .select_related("inscricao")
        .filter(pk__in=[c.pk for c in chamados])
        .order_by("pk")
    )
    erros = []
    for chamado in travados:
        rotulo = f"{chamado.inscricao.numero} ({Categoria(chamado.categoria).label})"
        if chamado.selecao_id != sessao.selecao_id:
            erros.append(f"Chamados: {rotulo} é de outra seleção.")
        elif chamado.presenca:
            erros.append(f"Chamados: {rotulo} já teve a presença registrada.")
    if not travados:
        erros.append("Chamados: escolha ao menos um candidato.")
    if erros:
        raise ValidationError(erros)
    for chamado in travados:
        chamado.sessao = sessao
        chamado.save(update_fields=["sessao"])
    from candidatos.services.heteroidentificacao.candidato import sessao_avisar

    sessao_avisar(sessao=sessao, chamados=travados)
    auditoria.registrar(
        acao="heteroidentificacao.chamados_convocados",
        objeto=sessao,
        descricao=f"{len(travados)} candidato(s) convocado(s) à {sessao}",
        usuario=usuario,
        selecao=sessao.selecao,
        depois={"inscricoes": [c.inscricao.numero for c in travados]},
    )
    return travados


@transaction.atomic
def presenca_registrar(
    *, chamado: ChamadoHeteroidentificacao, presenca: str, usuario: Any, agora: datetime
) -> ChamadoHeteroidentificacao:
    """Presente ou ausente à sessão a que foi convocado (issue 15, item 5); depois do
    primeiro parecer, não muda: ausente, a decisão descartaria os pareceres dados.

    A conferência é feita com o chamado travado, como o parecer
    (``julgamento.parecer_registrar``): um parecer simultâneo não escapa dela."""
    chamado = (
        ChamadoHeteroidentificacao.objects.select_for_update(of=("self",))
        .select_related("inscricao", "selecao")
        .get(pk=chamado.pk)
    )
    if presenca not in Presenca.values:
        raise ValidationError("Presença: escolha presente ou ausente.")
    if chamado.sessao_id is None:
        raise ValidationError(
            f"Presença: {chamado.inscricao.numero} ainda não foi convocado(a) a uma sessão."
        )
    if _decidido(chamado):
        raise ValidationError(
            f"Presença: a comissão já decidiu sobre {chamado.inscricao.numero}; não muda mais."
        )
    if Parecer.objects.filter(chamado=chamado, instancia=Instancia.COMISSAO).exists():
        raise ValidationError(
            "Presença: já há parecer sobre este(a) candidato(a); a presença não muda mais."
        )
    antes = {"presenca": chamado.presenca}
    chamado.presenca = presenca
    chamado.presenca_em = agora
    chamado.save(update_fields=["presenca", "presenca_em"])
    auditoria.registrar(
        acao="heteroidentificacao.presenca",
        objeto=chamado,
        descricao=f"Presença na heteroidentificação: {chamado.inscricao.numero} "
        f"{chamado.get_presenca_display().lower()}",
        usuario=usuario,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
        antes=antes,
        depois={"presenca": presenca},
    )
    return chamado


def resultado_final_de(chamado: ChamadoHeteroidentificacao) -> str | None:
    return (
        DecisaoHeteroidentificacao.objects.filter(chamado=chamado, instancia=Instancia.FINAL)
        .values_list("resultado", flat=True)
        .first()
    )


def convocacao_exigir_verificacao(
    *, convocacao: Convocacao, usuario: Any, agora: datetime
) -> ChamadoHeteroidentificacao | None:
    """Convocado pelo cadastro de reserva numa vaga de categoria que o edital confirma, e
    sem resultado final: a convocação fica pendente de verificação (chamado novo ou o
    existente, ligado a ela). Chame dentro da transação da convocação."""
    categoria = convocacao.modalidade
    if not ConfirmacaoCategoria.objects.filter(
        selecao_id=convocacao.vaga.selecao_id, categoria=categoria
    ).exists():
        return None
    chamado = ChamadoHeteroidentificacao.objects.filter(
        inscricao_id=convocacao.inscricao_id, categoria=categoria
    ).first()
    if chamado is not None and resultado_final_de(chamado) is not None:
        return None
    if chamado is None:
        chamado = ChamadoHeteroidentificacao.objects.create(
            selecao_id=convocacao.vaga.selecao_id,
            inscricao_id=convocacao.inscricao_id,
            categoria=categoria,
            motivo=MotivoChamado.CADASTRO_RESERVA,
            convocacao=convocacao,
            chamado_em=agora,
        )
    else:
        chamado.convocacao = convocacao
        chamado.save(update_fields=["convocacao"])
    auditoria.registrar(
        acao="heteroidentificacao.convocacao_pendente",
        objeto=chamado,
        descricao=f"Convocação de {convocacao.inscricao.numero} pendente de heteroidentificação",
        usuario=usuario,
        selecao=convocacao.vaga.selecao,
        inscricao_id=convocacao.inscricao_id,
        depois={"convocacao": convocacao.pk, "categoria": categoria},
    )
    return chamado


def convocacao_pendente_verificacao(convocacao: Convocacao) -> ChamadoHeteroidentificacao | None:
    """O chamado que ainda segura a convocação (sem resultado final), se houver."""
    for chamado in ChamadoHeteroidentificacao.objects.filter(convocacao=convocacao):
        if resultado_final_de(chamado) is None:
            return chamado
    return None
