"""Mensagens enviadas: lista do RH com reenvio e, em desenvolvimento, a caixa de saída
local com o texto de cada mensagem (``selecoes/correio.py`` explica o porquê)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from selecoes import acesso, correio
from selecoes.models import Mensagem, SituacaoMensagem
from selecoes.selectors.mensagens import mensagens_do_usuario

POR_PAGINA = 50


class FiltroMensagensForm(forms.Form):
    situacao = forms.ChoiceField(
        label="Situação",
        choices=[("", "Todas"), *SituacaoMensagem.choices],
        required=False,
    )


def _mensagem(request: HttpRequest, pk: int) -> Mensagem:
    return get_object_or_404(mensagens_do_usuario(request.user), pk=pk)


@acesso.rh_requerido
def lista(request: HttpRequest) -> HttpResponse:
    filtro = FiltroMensagensForm(request.GET or None)
    situacao = filtro.cleaned_data["situacao"] if filtro.is_valid() else ""
    page_obj = Paginator(
        mensagens_do_usuario(request.user, situacao=situacao), POR_PAGINA
    ).get_page(request.GET.get("page"))
    editaveis = set(
        acesso.orgaos_do_usuario(request.user, acesso.EDITORES).values_list("pk", flat=True)
    )
    return render(
        request,
        "mensagens/lista.html",
        {
            "filtro": filtro,
            "page_obj": page_obj,
            "mensagens": page_obj.object_list,
            "orgaos_editaveis": editaveis,
            "caixa_local": correio.caixa_local(),
        },
    )


@acesso.rh_requerido
def detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    """O texto da mensagem: só na caixa de saída local (em produção, 404)."""
    if not correio.caixa_local():
        raise Http404
    return render(request, "mensagens/detalhe.html", {"mensagem": _mensagem(request, pk)})


@require_POST
@acesso.rh_requerido
def reenviar(request: HttpRequest, pk: int) -> HttpResponse:
    mensagem = _mensagem(request, pk)
    if mensagem.orgao_id is None:
        raise Http404
    acesso.exigir_papel(request.user, mensagem.orgao_id, acesso.EDITORES)
    correio.mensagem_reenviar(mensagem=mensagem, usuario=request.user)
    messages.success(
        request, f"Mensagem para {mensagem.destinatario} posta de novo na fila de envio."
    )
    return redirect("mensagens:lista")
