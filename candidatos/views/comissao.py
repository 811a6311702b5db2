"""Telas do membro de comissão de heteroidentificação (issue 15, item 8).

Minhas sessões; a sessão (chamados e presença); o parecer de cada membro para cada
candidato e a decisão apurada; os recursos que cabem à recursal do membro. Só o
papel ``comissao`` entra (``acesso.comissao_requerida``: os papéis do RH recebem
403); sessão, chamado ou recurso de comissão de que o usuário não é membro, ou de
outro órgão, respondem 404 (``acesso.escopo_comissao``). O parecer é sempre do
membro que está na tela: não há como registrar em nome de outro — nem o
impedimento ou a suspeição que ele declara (Lei nº 9.784/1999, arts. 18 a 21).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from candidatos.forms.comissao import ImpedimentoForm, ParecerForm, PresencaForm
from candidatos.models import (
    ChamadoHeteroidentificacao,
    Instancia,
    Presenca,
    RecursoHeteroidentificacao,
)
from candidatos.selectors import comissao as consultas
from candidatos.services import comissao_membro as servicos
from selecoes import acesso
from selecoes.models import Comissao


def _erros(erro: ValidationError) -> str:
    return " ".join(erro.messages)


@never_cache
@acesso.comissao_requerida
def inicio(request: HttpRequest) -> HttpResponse:
    """Minhas sessões e os recursos que cabem à minha comissão recursal."""
    return render(
        request,
        "candidatos/comissao/inicio.html",
        {
            "sessoes": consultas.sessoes_do_membro(request.user, agora=timezone.now()),
            "recursos": consultas.recursos_do_membro(request.user),
        },
    )


@never_cache
@acesso.comissao_requerida
def sessao(request: HttpRequest, pk: int) -> HttpResponse:
    """Os chamados da sessão, a presença e o parecer do membro; exibição registrada."""
    sessao = consultas.sessao_do_membro(request.user, pk)
    membro = consultas.membro_em(request.user, sessao.comissao)
    linhas = consultas.chamados_da_sessao(sessao, membro)
    agora = timezone.now()
    servicos.acessos_comissao_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricao_ids=[linha.candidato.inscricao_id for linha in linhas],
        contexto="comissão de heteroidentificação: sessão de "
        f"{timezone.localtime(sessao.inicio):%d/%m/%Y %H:%M}",
        agora=agora,
    )
    return render(
        request,
        "candidatos/comissao/sessao.html",
        {
            "sessao": sessao,
            "membro": membro,
            "linhas": linhas,
            "registra_presenca": servicos.pode_registrar_presenca(sessao=sessao, agora=agora),
        },
    )


@require_POST
@acesso.comissao_requerida
def presenca(request: HttpRequest, pk: int) -> HttpResponse:
    """Registra a presença (ou a ausência) do candidato chamado."""
    chamado = consultas.chamado_do_membro(request.user, pk)
    membro = consultas.membro_em(request.user, consultas.comissao_do_chamado(chamado))
    form = PresencaForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors["presenca"]))
        return redirect("comissao:sessao", pk=chamado.sessao_id)
    try:
        servicos.presenca_registrar(
            chamado=chamado,
            membro=membro,
            presenca=form.cleaned_data["presenca"],
            usuario=acesso.usuario_autenticado(request),
            agora=timezone.now(),
        )
    except ValidationError as erro:
        messages.error(request, _erros(erro))
    else:
        rotulo = Presenca(form.cleaned_data["presenca"]).label.lower()
        messages.success(request, f"Inscrição nº {chamado.inscricao.numero}: {rotulo}.")
    return redirect("comissao:sessao", pk=chamado.sessao_id)


def _tela_parecer(
    request: HttpRequest,
    chamado: ChamadoHeteroidentificacao,
    *,
    comissao: Comissao,
    instancia: str,
    form: ParecerForm,
    recurso: RecursoHeteroidentificacao | None = None,
) -> HttpResponse:
    membro = consultas.membro_em(request.user, comissao)
    meu = consultas.parecer_do_membro(chamado, membro, instancia)
    impedimento = consultas.impedimento_do_membro(chamado, membro, instancia)
    decisao = consultas.decisao_apurada(chamado, instancia)
    candidato = consultas.candidato(chamado)
    servicos.acessos_comissao_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricao_ids=[candidato.inscricao_id],
        contexto=f"comissão de heteroidentificação: parecer ({instancia})",
        agora=timezone.now(),
    )
    return render(
        request,
        "candidatos/comissao/parecer.html",
        {
            "chamado": chamado,
            "candidato": candidato,
            "membro": membro,
            "meu": meu,
            "form": form,
            "pode_registrar": meu is None
            and impedimento is None
            and decisao is None
            and servicos.pode_dar_parecer(chamado=chamado, instancia=instancia),
            "impedimento": impedimento,
            "pode_declarar": meu is None
            and impedimento is None
            and decisao is None
            and servicos.pode_declarar_impedimento(chamado=chamado, instancia=instancia),
            "form_impedimento": ImpedimentoForm(),
            "impedidos": consultas.contagem_impedimentos(chamado, instancia),
            "decisao": decisao,
            # Cada membro forma o seu parecer sem ver o dos outros: só com a decisão.
            "pareceres": consultas.pareceres(chamado, instancia) if decisao else [],
            "registrados": consultas.contagem_pareceres(chamado, instancia),
            "membros": consultas.membros_em_exercicio(comissao),
            "recurso": recurso,
            "decisao_comissao": consultas.decisao_apurada(chamado) if recurso else None,
            "pareceres_comissao": consultas.pareceres(chamado) if recurso else [],
            "decisao_final": consultas.decisao_final(chamado),
        },
    )


def _registrar(
    request: HttpRequest,
    chamado: ChamadoHeteroidentificacao,
    *,
    comissao: Comissao,
    instancia: str,
    form: ParecerForm,
) -> bool:
    """O parecer do membro que está na tela; erro de regra vai para o formulário."""
    if not form.is_valid():
        return False
    try:
        servicos.parecer_registrar(
            chamado=chamado,
            membro=consultas.membro_em(request.user, comissao),
            instancia=instancia,
            voto=form.cleaned_data["voto"],
            fundamentacao=form.cleaned_data["fundamentacao"],
            usuario=acesso.usuario_autenticado(request),
            agora=timezone.now(),
        )
    except ValidationError as erro:
        form.add_error(None, _erros(erro))
        return False
    messages.success(request, "Parecer registrado. Ele não pode mais ser alterado.")
    return True


@never_cache
@acesso.comissao_requerida
def parecer(request: HttpRequest, pk: int) -> HttpResponse:
    """O candidato, o meu parecer (um só, sem edição) e a decisão apurada."""
    chamado = consultas.chamado_do_membro(request.user, pk)
    comissao = consultas.comissao_do_chamado(chamado)
    form = ParecerForm(request.POST or None)
    if request.method == "POST" and _registrar(
        request, chamado, comissao=comissao, instancia=Instancia.COMISSAO, form=form
    ):
        return redirect("comissao:parecer", pk=chamado.pk)
    return _tela_parecer(
        request, chamado, comissao=comissao, instancia=Instancia.COMISSAO, form=form
    )


@never_cache
@acesso.comissao_requerida
def recurso(request: HttpRequest, pk: int) -> HttpResponse:
    """O recurso que cabe à minha recursal: razões, decisão recorrida e o meu parecer."""
    recurso = consultas.recurso_do_membro(request.user, pk)
    comissao = recurso.comissao_recursal
    form = ParecerForm(request.POST or None)
    if request.method == "POST" and _registrar(
        request, recurso.chamado, comissao=comissao, instancia=Instancia.RECURSAL, form=form
    ):
        return redirect("comissao:recurso", pk=recurso.pk)
    return _tela_parecer(
        request,
        recurso.chamado,
        comissao=comissao,
        instancia=Instancia.RECURSAL,
        form=form,
        recurso=recurso,
    )


def _declarar(
    request: HttpRequest,
    chamado: ChamadoHeteroidentificacao,
    *,
    comissao: Comissao,
    instancia: str,
) -> None:
    """O impedimento do membro que está na tela; o erro volta como mensagem."""
    form = ImpedimentoForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for e in form.errors["motivo"]))
        return
    try:
        servicos.impedimento_declarar(
            chamado=chamado,
            membro=consultas.membro_em(request.user, comissao),
            instancia=instancia,
            motivo=form.cleaned_data["motivo"],
            usuario=acesso.usuario_autenticado(request),
            agora=timezone.now(),
        )
    except ValidationError as erro:
        messages.error(request, _erros(erro))
    else:
        messages.success(
            request,
            "Impedimento ou suspeição declarado: você não atua neste caso, e a decisão sai "
            "com os demais membros.",
        )


@require_POST
@acesso.comissao_requerida
def impedimento(request: HttpRequest, pk: int) -> HttpResponse:
    """Declara o meu impedimento ou suspeição para o candidato do chamado."""
    chamado = consultas.chamado_do_membro(request.user, pk)
    comissao = consultas.comissao_do_chamado(chamado)
    _declarar(request, chamado, comissao=comissao, instancia=Instancia.COMISSAO)
    return redirect("comissao:parecer", pk=chamado.pk)


@require_POST
@acesso.comissao_requerida
def impedimento_recurso(request: HttpRequest, pk: int) -> HttpResponse:
    """O mesmo, na comissão recursal que julga o recurso."""
    recurso = consultas.recurso_do_membro(request.user, pk)
    _declarar(
        request, recurso.chamado, comissao=recurso.comissao_recursal, instancia=Instancia.RECURSAL
    )
    return redirect("comissao:recurso", pk=recurso.pk)


def _documento(request: HttpRequest, chamado: ChamadoHeteroidentificacao) -> FileResponse:
    arquivo = consultas.documento_da_verificacao(chamado)
    servicos.acessos_comissao_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricao_ids=[chamado.inscricao_id],
        contexto=f"comissão de heteroidentificação: documento ({arquivo.get_categoria_display()})",
        agora=timezone.now(),
    )
    resposta = FileResponse(
        arquivo.arquivo.open("rb"),
        as_attachment=True,
        filename=f"documento-{chamado.categoria}-{chamado.inscricao.numero}.pdf",
        content_type="application/pdf",
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta


@never_cache
@acesso.comissao_requerida
def documento(request: HttpRequest, pk: int) -> FileResponse:
    """O documento da categoria, só na verificação documental; o download é registrado."""
    return _documento(request, consultas.chamado_do_membro(request.user, pk))


@never_cache
@acesso.comissao_requerida
def documento_recurso(request: HttpRequest, pk: int) -> FileResponse:
    """O mesmo documento, para a recursal que julga o recurso."""
    return _documento(request, consultas.recurso_do_membro(request.user, pk).chamado)
