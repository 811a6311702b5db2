"""Página dedicada da convocação, aberta pelo link pessoal do e-mail.

Só a convocação: nunca misturada a outros resultados (no CNU de 2024,
convocações no mesmo link de resultados de recursos passaram despercebidas).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from candidatos.forms.classificacao import RespostaForm
from candidatos.models import Convocacao, SituacaoConvocacao
from candidatos.selectors.classificacao import convocacao_por_token
from candidatos.services import convocacao as servico
from selecoes.limites import limitar


def _obter(token: str) -> Convocacao:
    c = convocacao_por_token(token)
    if c is None:
        raise Http404
    return c


@never_cache
@limitar("convocacao_publica", limite=30, janela_segundos=60, metodos=("GET", "POST"))
def detalhe(request: HttpRequest, token: str) -> HttpResponse:
    c = _obter(token)
    agora = timezone.now()
    return render(
        request,
        "candidatos/convocacao/publica.html",
        {
            "convocacao": c,
            "inscricao": c.inscricao,
            "vaga": c.vaga,
            "selecao": c.vaga.selecao,
            "form": RespostaForm(),
            "aguardando": c.situacao == SituacaoConvocacao.AGUARDANDO,
            "no_prazo": agora <= c.prazo_resposta,
        },
    )


@require_POST
@limitar("convocacao_publica", limite=30, janela_segundos=60)
def ciente(request: HttpRequest, token: str) -> HttpResponse:
    c = _obter(token)
    servico.registrar_ciencia(convocacao=c, agora=timezone.now())
    messages.success(request, "Ciência registrada. Responda abaixo até o prazo.")
    return redirect("convocacao_publica:detalhe", token=token)


@require_POST
@limitar("convocacao_publica", limite=30, janela_segundos=60)
def responder(request: HttpRequest, token: str) -> HttpResponse:
    c = _obter(token)
    form = RespostaForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            "Escolha aceitar ou recusar e marque a confirmação para enviar sua resposta.",
        )
        return redirect("convocacao_publica:detalhe", token=token)
    try:
        servico.responder(
            convocacao=c, aceita=form.cleaned_data["resposta"] == "aceitar", agora=timezone.now()
        )
    except ValidationError as erro:
        messages.error(request, " ".join(erro.messages))
    else:
        messages.success(request, "Resposta registrada. Obrigado.")
    return redirect("convocacao_publica:detalhe", token=token)
