"""RH: publicação de resultados (tarefa com progresso), versões e comparação, recursos."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from candidatos.forms.classificacao import (
    DecidirRecursoForm,
    PublicarResultadoForm,
    RecursoForm,
)
from candidatos.models import Recurso, ResultadoVersao, SituacaoRecurso, TipoResultado
from candidatos.selectors import publicacao as selectors_publicacao
from candidatos.selectors.publico.resultados import sem_avaliacao_do_conteudo, sorteios_da_vaga
from candidatos.services import publicacao as servico_publicacao
from candidatos.services.resultado import comparar_versoes, serializar
from candidatos.views.classificacao import contexto_papel, exigir_editor, obter_selecao
from selecoes import acesso, auditoria
from selecoes.consulta import CompararResultadoForm, consulta_invalida
from selecoes.models import Selecao

# --- publicação e versões ----------------------------------------------------


@acesso.rh_requerido
def publicar(request: HttpRequest, pk: int) -> HttpResponse:
    """Pede a publicação; a tarefa Celery monta a versão e o RH acompanha o progresso.

    Toda regra é conferida no formulário, antes da fila. A chave do pedido vem
    no formulário: um clique duplo (ou um reenvio) leva ao mesmo pedido, nunca a
    uma segunda tarefa.
    """
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    agora = timezone.now()
    form = PublicarResultadoForm(request.POST or None, selecao=selecao, agora=agora)
    if request.method == "POST" and form.is_valid():
        dados = form.cleaned_data
        servico_publicacao.publicacao_solicitar(
            selecao=selecao,
            tipo=dados["tipo"],
            usuario=request.user,
            motivo=dados["motivo"],
            chave=dados["chave"],
            agora=agora,
            recurso_inicio=dados.get("recurso_inicio"),
            recurso_fim=dados.get("recurso_fim"),
            sem_avaliacao=form.justificativas(),
        )
        chave = dados["chave"]
        return redirect("classificacao:publicacao", pk=selecao.pk, chave=chave)
    contexto = {
        "selecao": selecao,
        "form": form,
        "sem_avaliacao": form.sem_avaliacao,
        "preliminar": ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR),
        "final": ResultadoVersao.objects.vigente(selecao, TipoResultado.FINAL),
    }
    return render(request, "candidatos/classificacao/publicar.html", contexto)


@acesso.rh_requerido
def publicacao(request: HttpRequest, pk: int, chave: uuid.UUID) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    estado = _estado_publicacao(selecao, chave)
    if estado.get("estado") == "concluida":
        return redirect("classificacao:versao", pk=estado["versao_id"])
    return render(
        request,
        "candidatos/classificacao/publicacao.html",
        {"selecao": selecao, "chave": chave, "estado": estado},
    )


@acesso.rh_requerido
def publicacao_progresso(request: HttpRequest, pk: int, chave: uuid.UUID) -> JsonResponse:
    selecao = obter_selecao(request, pk)
    estado = _estado_publicacao(selecao, chave)
    if estado.get("versao_id"):
        estado["url"] = reverse("classificacao:versao", args=[estado["versao_id"]])
    return JsonResponse(estado)


def _estado_publicacao(selecao: Selecao, chave: uuid.UUID) -> dict[str, Any]:
    estado = selectors_publicacao.estado_publicacao(selecao=selecao, chave=chave)
    if estado is None:
        raise Http404
    return estado


@acesso.rh_requerido
def versoes(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    lista = (
        ResultadoVersao.objects.filter(selecao=selecao).defer("conteudo").order_by("tipo", "numero")
    )
    return render(
        request, "candidatos/classificacao/versoes.html", {"selecao": selecao, "versoes": lista}
    )


def _obter_versao(request: HttpRequest, pk: int) -> ResultadoVersao:
    return acesso.obter_no_escopo(
        ResultadoVersao.objects.select_related("selecao__orgao", "publicado_por"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )


@acesso.rh_requerido
def versao(request: HttpRequest, pk: int) -> HttpResponse:
    v = _obter_versao(request, pk)
    outras = (
        ResultadoVersao.objects.filter(selecao=v.selecao)
        .exclude(pk=v.pk)
        .defer("conteudo")
        .order_by("tipo", "numero")
    )
    return render(
        request,
        "candidatos/classificacao/versao.html",
        {
            "versao": v,
            "selecao": v.selecao,
            "conteudo": v.conteudo,
            "outras": outras,
            "vagas": [(vaga, sorteios_da_vaga(vaga)) for vaga in v.conteudo.get("vagas", [])],
            "sem_avaliacao": sem_avaliacao_do_conteudo(v.conteudo),
        },
    )


@acesso.rh_requerido
def versao_json(request: HttpRequest, pk: int) -> HttpResponse:
    """O conteúdo na forma canônica: o SHA-256 destes bytes é o hash publicado."""
    v = _obter_versao(request, pk)
    resposta = HttpResponse(serializar(v.conteudo), content_type="application/json; charset=utf-8")
    resposta["Content-Disposition"] = (
        f'attachment; filename="resultado-{v.selecao_id}-{v.tipo}-v{v.numero}.json"'
    )
    return resposta


@acesso.rh_requerido
def comparar(request: HttpRequest, pk: int) -> HttpResponse:
    """Diferenças por vaga entre esta versão e outra da mesma seleção (?com=<id>)."""
    v = _obter_versao(request, pk)
    consulta = CompararResultadoForm(request.GET)
    if not consulta.is_valid():
        return consulta_invalida(request, consulta)
    outra = get_object_or_404(ResultadoVersao, selecao=v.selecao, pk=consulta.cleaned_data["com"])
    antes, depois = sorted([outra, v], key=lambda x: (x.publicado_em, x.pk))
    return render(
        request,
        "candidatos/classificacao/comparar.html",
        {
            "selecao": v.selecao,
            "antes": antes,
            "depois": depois,
            "diferencas": comparar_versoes(antes.conteudo, depois.conteudo),
        },
    )


# --- recursos -----------------------------------------------------------------


@acesso.rh_requerido
def recursos(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    preliminar = ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR)
    lista = Recurso.objects.filter(selecao=selecao).select_related("inscricao", "decidido_por")
    return render(
        request,
        "candidatos/classificacao/recursos.html",
        {
            "selecao": selecao,
            "recursos": lista,
            "preliminar": preliminar,
            **contexto_papel(request, selecao),
        },
    )


def _retrato_recurso(r: Recurso) -> dict[str, Any]:
    return {
        "inscricao": r.inscricao.numero,
        "assunto": r.assunto,
        "situacao": r.situacao,
        "recebido_em": r.recebido_em.isoformat(),
    }


@acesso.rh_requerido
def recurso_form(request: HttpRequest, pk: int, recurso_pk: int | None = None) -> HttpResponse:
    """Registra (ou corrige, enquanto pendente) um recurso recebido."""
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    recurso = None
    if recurso_pk is not None:
        recurso = get_object_or_404(Recurso, pk=recurso_pk, selecao=selecao)
        if recurso.situacao != SituacaoRecurso.PENDENTE:
            messages.error(request, "Recurso já decidido não se altera.")
            return redirect("classificacao:recursos", pk=selecao.pk)
    form = RecursoForm(
        request.POST or None,
        instance=recurso,
        selecao=selecao,
        agora=timezone.now(),
        initial={"recebido_em": timezone.localtime()},
    )
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            antes = _retrato_recurso(recurso) if recurso else None
            if recurso:
                recurso = Recurso.objects.select_for_update().get(pk=recurso.pk)
                if recurso.situacao != SituacaoRecurso.PENDENTE:
                    messages.error(request, "Recurso já decidido não se altera.")
                    return redirect("classificacao:recursos", pk=selecao.pk)
            novo = form.save(commit=False)
            novo.selecao = selecao
            novo.save()
            auditoria.registrar(
                acao="recurso.alterado" if antes else "recurso.registrado",
                objeto=novo,
                descricao=f"Recurso de {novo.inscricao.numero}: {novo.assunto}",
                usuario=request.user,
                selecao=selecao,
                inscricao_id=novo.inscricao_id,
                antes=antes,
                depois=_retrato_recurso(novo),
            )
        messages.success(request, "Recurso registrado.")
        return redirect("classificacao:recursos", pk=selecao.pk)
    return render(
        request,
        "candidatos/classificacao/recurso_form.html",
        {"selecao": selecao, "form": form, "recurso": recurso},
    )


@acesso.rh_requerido
def recurso_decidir(request: HttpRequest, pk: int) -> HttpResponse:
    """Decisão fundamentada; deferido, a mudança de nota se faz na grade."""
    recurso = acesso.obter_no_escopo(
        Recurso.objects.select_related("selecao__orgao", "inscricao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    selecao = recurso.selecao
    exigir_editor(request, selecao)
    form = DecidirRecursoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            r = Recurso.objects.select_for_update().get(pk=recurso.pk)
            if r.situacao != SituacaoRecurso.PENDENTE:
                messages.error(request, "Este recurso já foi decidido.")
                return redirect("classificacao:recursos", pk=selecao.pk)
            r.situacao = form.cleaned_data["situacao"]
            r.fundamentacao = form.cleaned_data["fundamentacao"].strip()
            r.decidido_em = timezone.now()
            r.decidido_por = request.user
            r.save()
            auditoria.registrar(
                acao=f"recurso.{r.situacao}",
                objeto=r,
                descricao=f"Recurso de {recurso.inscricao.numero}: {r.get_situacao_display()}",
                usuario=request.user,
                selecao=selecao,
                inscricao_id=r.inscricao_id,
                antes={"situacao": SituacaoRecurso.PENDENTE},
                depois={"situacao": r.situacao},
                motivo=r.fundamentacao,
            )
        messages.success(request, "Decisão registrada.")
        if r.situacao == SituacaoRecurso.DEFERIDO:
            messages.info(
                request,
                "Recurso deferido: ajuste as notas na grade da vaga; publique nova versão do "
                "resultado, se já publicado.",
            )
        return redirect("classificacao:recursos", pk=selecao.pk)
    return render(
        request,
        "candidatos/classificacao/recurso_decidir.html",
        {"selecao": selecao, "recurso": recurso, "form": form},
    )
