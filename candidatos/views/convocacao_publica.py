"""Página dedicada da convocação, aberta pelo link pessoal do e-mail.

Só a convocação: nunca misturada a outros resultados (no CNU de 2024,
convocações no mesmo link de resultados de recursos passaram despercebidas).

O link pessoal é o segredo do candidato: com ele se toma ciência e se aceita. A
recusa é definitiva e tem dois passos: pedir (aqui) e confirmar com o código do
comprovante ou com o link enviado ao e-mail da inscrição (issue 16, item 2).
"""

from __future__ import annotations

from django import forms
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
    servico.ciencia_registrar(convocacao=c, agora=timezone.now())
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
    if form.cleaned_data["resposta"] == "recusar":
        messages.info(
            request,
            "A recusa ainda não foi registrada: confirme-a abaixo com o código do comprovante "
            "ou pelo link que podemos enviar ao seu e-mail.",
        )
        return redirect("convocacao_publica:recusar", token=token)
    try:
        servico.responder(convocacao=c, aceita=True, agora=timezone.now())
    except ValidationError as erro:
        messages.error(request, " ".join(erro.messages))
    else:
        messages.success(request, "Resposta registrada. Obrigado.")
    return redirect("convocacao_publica:detalhe", token=token)


class ConfirmarRecusaForm(forms.Form):
    codigo = forms.CharField(
        label="Código de verificação",
        max_length=40,
        help_text="Impresso no comprovante de inscrição e no e-mail de confirmação "
        "(ex.: ABCD-EFGH-JKLM).",
        error_messages={"required": "Código de verificação: informe o código do comprovante."},
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )
    confirmo = forms.BooleanField(
        label="Confirmo; sei que vale na hora e é definitivo.",
        error_messages={"required": "Confirmação: marque a caixa para confirmar."},
    )


def _contexto_recusa(c: Convocacao, form: ConfirmarRecusaForm) -> dict[str, object]:
    return {
        "convocacao": c,
        "inscricao": c.inscricao,
        "vaga": c.vaga,
        "selecao": c.vaga.selecao,
        "form": form,
        "pode_recusar": servico.pode_encerrar_pelo_candidato(convocacao=c, agora=timezone.now()),
        "desistencia": c.situacao == SituacaoConvocacao.ACEITA,
    }


@never_cache
@limitar("convocacao_publica", limite=30, janela_segundos=60, metodos=("GET", "POST"))
def recusar(request: HttpRequest, token: str) -> HttpResponse:
    """Segundo passo da recusa (ou da desistência depois do aceite), pelo código."""
    c = _obter(token)
    form = ConfirmarRecusaForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            servico.recusa_confirmar(
                convocacao=c, agora=timezone.now(), codigo=form.cleaned_data["codigo"]
            )
        except ValidationError as erro:
            form.add_error("codigo", erro)
        else:
            messages.success(request, "Registrado. A vaga passa ao próximo candidato.")
            return redirect("convocacao_publica:detalhe", token=token)
    return render(
        request,
        "candidatos/convocacao/recusar.html",
        _contexto_recusa(c, form),
        status=400 if form.errors else 200,
    )


@require_POST
@limitar("convocacao_publica", limite=30, janela_segundos=60)
def recusar_link(request: HttpRequest, token: str) -> HttpResponse:
    """Envia ao e-mail da inscrição o link que confirma a recusa."""
    c = _obter(token)
    try:
        servico.recusa_pedir_link(convocacao=c, agora=timezone.now())
    except ValidationError as erro:
        messages.error(request, " ".join(erro.messages))
        return redirect("convocacao_publica:detalhe", token=token)
    # A mesma resposta com ou sem o teto de e-mails: nada a descobrir por aqui.
    messages.success(
        request,
        "Se o envio foi possível, o link de confirmação chega em instantes ao e-mail da "
        "inscrição. Nada muda até você confirmar.",
    )
    return redirect("convocacao_publica:recusar", token=token)


@never_cache
@limitar("convocacao_publica", limite=30, janela_segundos=60, metodos=("GET", "POST"))
def recusar_confirmar(request: HttpRequest, token: str, assinatura: str) -> HttpResponse:
    """Link do e-mail: abrir mostra o botão; só o POST recusa (leitores de e-mail
    e antivírus visitam links sozinhos)."""
    c = _obter(token)
    if not servico.recusa_assinatura_confere(convocacao=c, assinatura=assinatura):
        raise Http404
    if request.method == "POST":
        try:
            servico.recusa_confirmar(convocacao=c, agora=timezone.now(), assinatura=assinatura)
        except ValidationError as erro:
            messages.error(request, " ".join(erro.messages))
        else:
            messages.success(request, "Registrado. A vaga passa ao próximo candidato.")
        return redirect("convocacao_publica:detalhe", token=token)
    contexto = _contexto_recusa(c, ConfirmarRecusaForm())
    contexto["assinatura"] = assinatura
    return render(request, "candidatos/convocacao/recusar.html", contexto)
