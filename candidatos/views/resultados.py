"""RH: publicação de resultados (tarefa com progresso), versões e comparação, recursos."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache

from candidatos.conteudo_resultado import ConteudoResultado
from candidatos.forms.classificacao import (
    DecidirRecursoForm,
    PublicarResultadoForm,
    RecursoForm,
)
from candidatos.models import (
    AnexoCandidato,
    OrigemRecurso,
    Recurso,
    ResultadoVersao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.selectors import publicacao as selectors_publicacao
from candidatos.selectors.area_candidato import decisoes_a_comunicar
from candidatos.services import publicacao as servico_publicacao
from candidatos.services import recursos as recursos_service
from candidatos.services.inscricoes import acessos_registrar
from candidatos.services.resultado import comparar_versoes
from candidatos.views.classificacao import contexto_papel, exigir_editor, obter_selecao
from selecoes import acesso
from selecoes.canonico import serializar
from selecoes.consulta import CompararResultadoForm, consulta_invalida
from selecoes.models import CriterioAvaliacao, Papel, Selecao

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
        "decisoes_a_comunicar": decisoes_a_comunicar(selecao=selecao),
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
    conteudo = ConteudoResultado.from_json(v.conteudo)
    return render(
        request,
        "candidatos/classificacao/versao.html",
        {
            "versao": v,
            "selecao": v.selecao,
            "conteudo": conteudo,
            "outras": outras,
            "vagas": [(vaga, vaga.sorteios_publicados) for vaga in conteudo.vagas],
            "sem_avaliacao": conteudo.fora,
            "casas_nota": CriterioAvaliacao.casas_nota_final(v.selecao_id),
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
            "casas_nota": CriterioAvaliacao.casas_nota_final(v.selecao_id),
            "antes": antes,
            "depois": depois,
            "diferencas": comparar_versoes(
                ConteudoResultado.from_json(antes.conteudo),
                ConteudoResultado.from_json(depois.conteudo),
            ),
        },
    )


# --- recursos -----------------------------------------------------------------


@acesso.rh_requerido
def recursos(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    preliminar = ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR)
    lista = (
        Recurso.objects.filter(selecao=selecao)
        .select_related("inscricao", "decidido_por", "versao")
        .prefetch_related("anexos")
        .order_by("situacao", "recebido_em")
    )
    return render(
        request,
        "candidatos/classificacao/recursos.html",
        {
            "selecao": selecao,
            "recursos": lista,
            "preliminar": preliminar,
            "pendentes": sum(1 for r in lista if r.situacao == SituacaoRecurso.PENDENTE),
            "gestor": acesso.papel_no_orgao(request.user, selecao.orgao_id) is Papel.GESTOR,
            **contexto_papel(request, selecao),
        },
    )


@acesso.rh_requerido
def recurso_form(request: HttpRequest, pk: int, recurso_pk: int | None = None) -> HttpResponse:
    """Registra (ou corrige, enquanto pendente) um recurso recebido."""
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    recurso = None
    if recurso_pk is not None:
        recurso = get_object_or_404(Recurso, pk=recurso_pk, selecao=selecao)
        if recurso.situacao != SituacaoRecurso.PENDENTE or recurso.origem == OrigemRecurso.ONLINE:
            messages.error(
                request,
                "Recurso já decidido não se altera."
                if recurso.situacao != SituacaoRecurso.PENDENTE
                else "Recurso interposto pelo candidato não se altera: o texto é dele.",
            )
            return redirect("classificacao:recursos", pk=selecao.pk)
    form = RecursoForm(
        request.POST or None,
        instance=recurso,
        selecao=selecao,
        agora=timezone.now(),
        initial={"recebido_em": timezone.localtime()},
    )
    if request.method == "POST" and form.is_valid():
        dados = form.cleaned_data
        try:
            recursos_service.recurso_registrar(
                selecao=selecao,
                inscricao=dados["inscricao"],
                assunto=dados["assunto"],
                texto=dados["texto"],
                recebido_em=dados["recebido_em"],
                usuario=request.user,
                recurso=recurso,
            )
        except recursos_service.RecursoJaDecidido as erro:
            messages.error(request, erro.message)
            return redirect("classificacao:recursos", pk=selecao.pk)
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
        try:
            r = recursos_service.recurso_decidir(
                recurso=recurso,
                situacao=form.cleaned_data["situacao"],
                fundamentacao=form.cleaned_data["fundamentacao"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except recursos_service.RecursoJaDecidido as erro:
            messages.error(request, erro.message)
            return redirect("classificacao:recursos", pk=selecao.pk)
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
        {
            "selecao": selecao,
            "recurso": recurso,
            "form": form,
            "anexos": recurso.anexos.all(),
            "gestor": acesso.papel_no_orgao(request.user, selecao.orgao_id) is Papel.GESTOR,
        },
    )


@never_cache
@acesso.rh_requerido
def anexo_candidato(request: HttpRequest, pk: int) -> FileResponse:
    """PDF anexado pelo candidato a um recurso ou a uma defesa: só gestores do órgão,
    só por esta view (nunca por MEDIA_URL); cada download fica registrado."""
    anexo = get_object_or_404(
        AnexoCandidato.objects.select_related(
            "recurso__inscricao__selecao", "processo__inscricao__selecao"
        ),
        pk=pk,
    )
    dono = anexo.recurso or anexo.processo
    if dono is None:
        raise Http404
    inscricao = dono.inscricao
    acesso.exigir_papel(request.user, inscricao.selecao.orgao_id, [Papel.GESTOR])
    onde = f"recurso {anexo.recurso.protocolo}" if anexo.recurso else f"defesa {dono.pk}"
    acessos_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricoes=[inscricao],
        contexto=f"download de anexo do candidato ({onde})",
        agora=timezone.now(),
    )
    resposta = FileResponse(
        anexo.arquivo.open("rb"),
        as_attachment=True,
        filename=f"anexo-{inscricao.numero}-{anexo.pk}.pdf",
        content_type="application/pdf",
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta
