"""Área do candidato (issue 17, itens 1 a 4): recurso, defesa, desistência e contato.

Entra-se pela "Minha situação" com o código de verificação do comprovante — o
segredo que só o candidato tem. Número de inscrição e CPF não bastam: o número é
público e o CPF é dado conhecido; com eles só se vê a situação. A entrada vale por
``VALIDADE_AREA`` segundos nesta sessão do navegador (chave de sessão trocada ao
entrar), e cada ação é auditada e confirmada no e-mail da inscrição.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.views.decorators.http import require_http_methods, require_POST

from candidatos.forms.area_candidato import (
    ContatoForm,
    DefesaForm,
    DesistenciaForm,
    RecursoCandidatoForm,
    RecursoHeteroidentificacaoForm,
)
from candidatos.models import Inscricao, ProcessoEliminacao, Recurso
from candidatos.selectors.area_candidato import (
    area_do_candidato,
    processo_do_candidato,
    recurso_do_candidato,
)
from candidatos.services import acesso_candidato, contato, convocacao, eliminacao, recursos
from candidatos.services.heteroidentificacao import candidato as hetero_candidato

CHAVE_SESSAO = "area_candidato"
VALIDADE_AREA = 30 * 60


def entrar(request: HttpRequest, inscricao_id: int) -> None:
    """O candidato provou ser o titular: a sessão (com chave nova) leva a inscrição."""
    request.session.cycle_key()
    request.session[CHAVE_SESSAO] = {"i": inscricao_id, "ate": time.time() + VALIDADE_AREA}


def sair(request: HttpRequest) -> None:
    request.session.pop(CHAVE_SESSAO, None)


def inscricao_da_area(request: HttpRequest) -> int | None:
    """A inscrição da área aberta nesta sessão, se ainda no prazo."""
    dados = request.session.get(CHAVE_SESSAO)
    if not isinstance(dados, dict) or not isinstance(dados.get("i"), int):
        return None
    if float(dados.get("ate", 0)) < time.time():
        sair(request)
        return None
    return int(dados["i"])


def _privada(resposta: HttpResponse) -> HttpResponse:
    add_never_cache_headers(resposta)
    patch_cache_control(resposta, private=True)
    return resposta


def area_requerida(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def _view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        inscricao_id = inscricao_da_area(request)
        if inscricao_id is None:
            messages.info(
                request,
                "Para agir na sua inscrição, consulte a sua situação com o número de inscrição "
                "e o código de verificação do comprovante.",
            )
            return redirect("publico:minha_situacao")
        return _privada(view(request, inscricao_id, *args, **kwargs))

    return _view


def _erros(form: Any, erro: ValidationError) -> None:
    for mensagem in erro.messages:
        form.add_error(None, mensagem)


def _contexto(inscricao_id: int, **extras: Any) -> dict[str, Any]:
    inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga").get(pk=inscricao_id)
    return {"secao": "minha_situacao", "inscricao": inscricao, **extras}


@require_POST
def link_pedir(request: HttpRequest) -> HttpResponse:
    """Quem consultou com o CPF pede o link de acesso: ele vai ao e-mail da inscrição."""
    inscricao_id = acesso_candidato.pedido_conferir(request.POST.get("pedido", ""))
    if inscricao_id is None:
        messages.error(request, "O pedido expirou: consulte a sua situação de novo.")
        return redirect("publico:minha_situacao")
    if acesso_candidato.link_enviar(inscricao_id=inscricao_id, agora=timezone.now()):
        messages.success(
            request,
            "Enviamos o link de acesso ao e-mail cadastrado na inscrição. Ele vale por 1 hora.",
        )
    else:
        messages.error(
            request,
            "Já enviamos links demais hoje para esta inscrição; procure o e-mail recebido.",
        )
    return redirect("publico:minha_situacao")


@require_http_methods(["GET", "HEAD"])
def link_acessar(request: HttpRequest, valor: str) -> HttpResponse:
    """O link recebido no e-mail da inscrição abre a área do candidato."""
    inscricao_id = acesso_candidato.link_conferir(valor)
    if inscricao_id is None:
        messages.error(
            request,
            'Link de acesso inválido ou expirado. Peça outro em "Minha situação".',
        )
    else:
        entrar(request, inscricao_id)
    return redirect("publico:minha_situacao")


@require_POST
def area_sair(request: HttpRequest) -> HttpResponse:
    sair(request)
    messages.success(request, "Você saiu da área do candidato.")
    return redirect("publico:minha_situacao")


@require_http_methods(["GET", "HEAD", "POST"])
@area_requerida
def recurso_novo(request: HttpRequest, inscricao_id: int) -> HttpResponse:
    """Item 1: recurso contra o resultado preliminar, dentro do prazo."""
    area = area_do_candidato(inscricao_id=inscricao_id, agora=timezone.now())
    form = RecursoCandidatoForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            r = recursos.recurso_interpor(
                inscricao=Inscricao(pk=inscricao_id),
                assunto=form.cleaned_data["assunto"],
                texto=form.cleaned_data["texto"],
                anexos=form.cleaned_data["anexos"],
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erros(form, erro)
        else:
            messages.success(request, f"Recurso recebido. Protocolo {r.protocolo}.")
            return redirect("publico:area_recurso", pk=r.pk)
    contexto = _contexto(inscricao_id, form=form, area=area)
    return render(request, "publico/area/recurso_form.html", contexto)


@require_http_methods(["GET", "HEAD", "POST"])
@area_requerida
def recurso_heteroidentificacao(
    request: HttpRequest, inscricao_id: int, chamado_id: int
) -> HttpResponse:
    """Recurso do resultado preliminar da heteroidentificação à comissão recursal."""
    agora = timezone.now()
    sessao = next(
        (
            s
            for s in hetero_candidato.sessoes_do_candidato(inscricao_id, agora=agora)
            if s.chamado_id == chamado_id
        ),
        None,
    )
    if sessao is None:
        raise Http404("Verificação não encontrada.")
    form = RecursoHeteroidentificacaoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            hetero_candidato.recurso_pelo_candidato(
                inscricao_id=inscricao_id,
                chamado_id=chamado_id,
                razoes=form.cleaned_data["razoes"],
                agora=agora,
            )
        except ValidationError as erro:
            _erros(form, erro)
        else:
            messages.success(
                request,
                "Recurso da heteroidentificação recebido. A confirmação foi enviada ao e-mail "
                "da inscrição.",
            )
            return redirect("publico:minha_situacao")
    contexto = _contexto(inscricao_id, form=form, sessao_hetero=sessao)
    return render(request, "publico/area/recurso_heteroidentificacao.html", contexto)


@require_http_methods(["GET", "HEAD"])
@area_requerida
def recurso(request: HttpRequest, inscricao_id: int, pk: int) -> HttpResponse:
    """Comprovante do recurso (protocolo) e, publicada, a decisão fundamentada."""
    r = Recurso.objects.prefetch_related("anexos").filter(pk=pk, inscricao_id=inscricao_id).first()
    if r is None:
        raise Http404("Recurso não encontrado.")
    contexto = _contexto(inscricao_id, recurso=recurso_do_candidato(r), versao=r.versao)
    return render(request, "publico/area/recurso.html", contexto)


@require_http_methods(["GET", "HEAD", "POST"])
@area_requerida
def processo(request: HttpRequest, inscricao_id: int, pk: int) -> HttpResponse:
    """Item 2: o processo de eliminação, etapa por etapa, e a defesa no prazo."""
    p = (
        ProcessoEliminacao.objects.select_related("inscricao")
        .filter(pk=pk, inscricao_id=inscricao_id, notificado_em__isnull=False)
        .first()
    )
    if p is None:
        raise Http404("Processo não encontrado.")
    form = DefesaForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            eliminacao.defesa_pelo_candidato(
                processo=p,
                defesa=form.cleaned_data["defesa"],
                anexos=form.cleaned_data["anexos"],
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erros(form, erro)
        else:
            messages.success(request, "Defesa recebida. A confirmação foi enviada ao seu e-mail.")
            return redirect("publico:area_processo", pk=p.pk)
    contexto = _contexto(
        inscricao_id, processo=processo_do_candidato(p, timezone.localdate()), form=form
    )
    return render(request, "publico/area/processo.html", contexto)


@require_http_methods(["GET", "HEAD", "POST"])
@area_requerida
def desistencia(request: HttpRequest, inscricao_id: int) -> HttpResponse:
    """Item 3: desistência em qualquer etapa, com confirmação e motivo opcional."""
    area = area_do_candidato(inscricao_id=inscricao_id, agora=timezone.now())
    form = DesistenciaForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            convocacao.desistencia_pelo_candidato(
                inscricao=Inscricao.objects.get(pk=inscricao_id),
                motivo=form.cleaned_data["motivo"],
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erros(form, erro)
        else:
            messages.success(
                request, "Desistência registrada. A confirmação foi enviada ao seu e-mail."
            )
            return redirect("publico:minha_situacao")
    contexto = _contexto(inscricao_id, form=form, area=area)
    return render(request, "publico/area/desistencia.html", contexto)


@require_http_methods(["GET", "HEAD", "POST"])
@area_requerida
def contato_alterar(request: HttpRequest, inscricao_id: int) -> HttpResponse:
    """Item 4: e-mail e telefone, sem tocar na inscrição; o e-mail anterior é avisado."""
    atual = Inscricao.objects.only("email", "telefone").get(pk=inscricao_id)
    form = ContatoForm(
        request.POST or None, initial={"email": atual.email, "telefone": atual.telefone}
    )
    if request.method == "POST" and form.is_valid():
        try:
            contato.contato_atualizar(
                inscricao=atual,
                email=form.cleaned_data["email"],
                telefone=form.cleaned_data["telefone"],
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erros(form, erro)
        else:
            messages.success(
                request,
                "Contato atualizado. Avisamos o e-mail anterior e o novo endereço.",
            )
            return redirect("publico:minha_situacao")
    return render(request, "publico/area/contato.html", _contexto(inscricao_id, form=form))
