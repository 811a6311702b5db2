"""RH: ações em lote (convocar em várias vagas; não comparecimento e reenvio do
aviso de várias convocações). Quem pode: gestor(a) e operador(a), como nas
ações individuais; auditor(a) recebe 403."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_POST

from candidatos.forms.lote import ConvocacoesLoteForm, ConvocarLoteForm
from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.selectors import pendencias
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import acoes_em_lote
from candidatos.views.classificacao import contexto_papel, exigir_editor, obter_selecao
from selecoes import acesso
from selecoes.models import VagaEstagio

MENSAGEM_SO_EDITORES = (
    "As ações em lote são de "
    + acesso.papeis_por_extenso(acesso.EDITORES)
    + " do órgão, como as ações individuais."
)


def _exigir_editor_em_algum_orgao(request: HttpRequest) -> None:
    if not acesso.orgaos_do_usuario(request.user, acesso.EDITORES).exists():
        raise PermissionDenied(MENSAGEM_SO_EDITORES)


def vagas_editaveis(request: HttpRequest) -> QuerySet[VagaEstagio]:
    return pendencias.vagas_editaveis(request.user)


def convocacoes_editaveis(request: HttpRequest) -> QuerySet[Convocacao]:
    return pendencias.convocacoes_editaveis(request.user)


def _erros(form: Any) -> list[str]:
    mensagens = []
    for campo, erros in form.errors.items():
        rotulo = form.fields[campo].label if campo in form.fields else ""
        for erro in erros:
            mensagens.append(erro if not rotulo or erro.startswith(rotulo) else f"{rotulo}: {erro}")
    return mensagens


def _resumo(
    request: HttpRequest, resumo: acoes_em_lote.ResumoLote | None, erros: list[str]
) -> HttpResponse:
    return render(
        request,
        "candidatos/convocacao/lote_resumo.html",
        {"resumo": resumo, "erros": erros},
        status=400 if erros else 200,
    )


@acesso.rh_requerido
def selecao_lote(request: HttpRequest, pk: int) -> HttpResponse:
    """Página de lote de uma seleção: vagas com gente a convocar e convocações
    aguardando resposta (para o reenvio do aviso ou o não comparecimento)."""
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    agora = timezone.now()
    vagas = []
    for vaga in selecao.vagas.select_related("selecao__orgao").order_by("codigo"):
        estado = estado_vaga(vaga)
        vagas.append((vaga, estado))
    aguardando = (
        Convocacao.objects.filter(vaga__selecao=selecao, situacao=SituacaoConvocacao.AGUARDANDO)
        .select_related("inscricao", "vaga")
        .order_by("prazo_resposta", "vaga__codigo", "ordem")
    )
    return render(
        request,
        "candidatos/convocacao/lote.html",
        {
            "selecao": selecao,
            "vagas": vagas,
            "alguma_convocavel": any(estado.pode_convocar for _, estado in vagas),
            "aguardando": aguardando,
            "agora": agora,
            "form_convocar": ConvocarLoteForm(vagas=vagas_editaveis(request), agora=agora),
            "form_convocacoes": ConvocacoesLoteForm(
                convocacoes=convocacoes_editaveis(request),
                initial={"data": timezone.localdate(agora)},
            ),
            **contexto_papel(request, selecao),
        },
    )


@require_POST
@acesso.rh_requerido
def convocar(request: HttpRequest) -> HttpResponse:
    """Convocar próximos N em várias vagas; responde com o resumo (o mesmo envio
    repetido mostra o mesmo resultado sem chamar ninguém de novo)."""
    _exigir_editor_em_algum_orgao(request)
    agora = timezone.now()
    form = ConvocarLoteForm(request.POST, vagas=vagas_editaveis(request), agora=agora)
    if not form.is_valid():
        return _resumo(request, None, _erros(form))
    try:
        resumo = acoes_em_lote.convocar_em_lote(
            pedidos=form.cleaned_data["pedidos"],
            prazo_resposta=form.cleaned_data["prazo_resposta"],
            usuario=request.user,
            agora=agora,
            chave=form.cleaned_data["chave"],
        )
    except ValidationError as erro:
        return _resumo(request, None, list(erro.messages))
    return _resumo(request, resumo, [])


@require_POST
@acesso.rh_requerido
def convocacoes(request: HttpRequest) -> HttpResponse:
    """Não comparecimento ou reenvio do aviso das convocações marcadas."""
    _exigir_editor_em_algum_orgao(request)
    form = ConvocacoesLoteForm(request.POST, convocacoes=convocacoes_editaveis(request))
    if not form.is_valid():
        return _resumo(request, None, _erros(form))
    marcadas = sorted(form.cleaned_data["convocacoes"], key=lambda c: (c.vaga_id, c.ordem))
    try:
        if form.cleaned_data["acao"] == "nao_compareceu":
            resumo = acoes_em_lote.nao_comparecimento_em_lote(
                convocacoes=marcadas,
                data=form.cleaned_data["data"],
                motivo=form.cleaned_data["motivo"],
                usuario=request.user,
            )
        else:
            resumo = acoes_em_lote.avisos_reenviar(
                convocacoes=marcadas,
                usuario=request.user,
                agora=timezone.now(),
                chave=form.cleaned_data["chave"],
            )
    except ValidationError as erro:
        return _resumo(request, None, list(erro.messages))
    return _resumo(request, resumo, [])
