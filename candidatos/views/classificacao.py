"""RH: notas, classificação, sorteio, publicação de resultados e recursos."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone

from candidatos import tasks
from candidatos.forms.classificacao import (
    AvaliacaoFormSet,
    DecidirRecursoForm,
    ImportarNotasForm,
    PublicarResultadoForm,
    RecursoForm,
    SorteioForm,
    colunas_de_nota,
    initial_da_grade,
    validar_planilha_notas,
)
from candidatos.models import (
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoRecurso,
    Sorteio,
    TipoResultado,
)
from candidatos.planilhas import ErroPlanilha, escrever_csv, ler_planilha
from candidatos.services import classificacao as servico
from candidatos.services.classificacao import LinhaAvaliacao
from candidatos.services.resultado import comparar_versoes, serializar
from selecoes import acesso, auditoria
from selecoes.models import CriterioAvaliacao, Selecao, VagaEstagio
from selecoes.selectors.versoes import criterios_desempate_legiveis

POR_PAGINA_GRADE = 50


# --- acesso -----------------------------------------------------------------


def obter_selecao(request: HttpRequest, pk: int) -> Selecao:
    return acesso.obter_no_escopo(
        Selecao.objects.select_related("orgao").publicadas(), request.user, pk=pk
    )


def obter_vaga(request: HttpRequest, pk: int) -> VagaEstagio:
    return acesso.obter_no_escopo(
        VagaEstagio.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )


def exigir_editor(request: HttpRequest, selecao: Selecao) -> None:
    """Auditor lê, não age (403)."""
    acesso.exigir_papel(request.user, selecao.orgao_id, acesso.EDITORES)


def contexto_papel(request: HttpRequest, selecao: Selecao) -> dict[str, Any]:
    papel = acesso.papel_no_orgao(request.user, selecao.orgao_id)
    return {
        "papel": papel,
        "pode_editar": papel is not None and papel.pode_editar,
        "eh_gestor": papel is not None and papel.ve_dados_sensiveis,
    }


def _mensagens(erro: ValidationError) -> str:
    return " ".join(erro.messages)


# --- seleções e painel --------------------------------------------------------


@acesso.rh_requerido
def inicio(request: HttpRequest) -> HttpResponse:
    selecoes = acesso.escopo(Selecao.objects.publicadas().select_related("orgao"), request.user)
    return render(request, "candidatos/classificacao/inicio.html", {"selecoes": selecoes})


@acesso.rh_requerido
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    vagas = list(selecao.vagas.all())
    classificacoes = servico.classificar_selecao(selecao, vagas=vagas)
    linhas = [(v, classificacoes[v.pk]) for v in vagas]
    criterios = list(CriterioAvaliacao.objects.filter(selecao=selecao))
    contexto = {
        "selecao": selecao,
        "linhas": linhas,
        "empates": [e for _, c in linhas for e in c.empates],
        "versoes": ResultadoVersao.objects.filter(selecao=selecao)
        .defer("conteudo")
        .order_by("tipo", "-numero"),
        "recursos_pendentes": Recurso.objects.filter(
            selecao=selecao, situacao=SituacaoRecurso.PENDENTE
        ).count(),
        "processos": ProcessoEliminacao.objects.filter(inscricao__selecao=selecao)
        .select_related("inscricao")
        .order_by("-aberto_em")[:20],
        "criterios": criterios,
        "desempate": criterios_desempate_legiveis(
            selecao.criterios_desempate or [],
            [{"codigo": c.codigo, "nome": c.nome} for c in criterios],
        ),
        **contexto_papel(request, selecao),
    }
    return render(request, "candidatos/classificacao/painel.html", contexto)


@acesso.rh_requerido
def inscricao(request: HttpRequest, pk: int) -> HttpResponse:
    """Ficha do candidato para o RH: avaliação, convocações, processos e trilha."""
    ins = acesso.obter_no_escopo(
        Inscricao.objects.select_related("selecao__orgao", "vaga"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    contexto = {
        "inscricao": ins,
        "selecao": ins.selecao,
        "avaliacao": getattr(ins, "avaliacao", None),
        "convocacoes": ins.convocacoes.select_related("vaga").order_by("convocada_em"),
        "processos": ins.processos_eliminacao.order_by("-aberto_em"),
        "recursos": ins.recursos.order_by("recebido_em"),
        **contexto_papel(request, ins.selecao),
    }
    return render(request, "candidatos/classificacao/inscricao.html", contexto)


# --- grade de notas -----------------------------------------------------------


@acesso.rh_requerido
def notas(request: HttpRequest, pk: int) -> HttpResponse:
    """Grade editável por página; com erro, nada é salvo e o digitado volta."""
    vaga = obter_vaga(request, pk)
    selecao = vaga.selecao
    papel = contexto_papel(request, selecao)
    colunas = colunas_de_nota(list(CriterioAvaliacao.objects.filter(selecao=selecao)))
    pagina = Paginator(servico.inscricoes_da_vaga(vaga), POR_PAGINA_GRADE).get_page(
        request.GET.get("page")
    )
    inscricoes = list(pagina.object_list)
    kwargs: dict[str, Any] = {
        "form_kwargs": {"colunas": colunas},
        "permitidas": {i.pk for i in inscricoes},
        "initial": initial_da_grade(inscricoes, colunas),
        "prefix": "grade",
    }
    if request.method == "POST":
        exigir_editor(request, selecao)
        formset = AvaliacaoFormSet(request.POST, **kwargs)
        if formset.is_valid():
            mudaram = servico.salvar_avaliacoes(
                selecao=selecao,
                linhas=[f.linha() for f in formset.forms],
                usuario=request.user,
            )
            messages.success(request, f"Notas salvas: {mudaram} avaliação(ões) alterada(s).")
            return redirect(f"{request.path}?page={pagina.number}")
        messages.error(request, "Nada foi salvo: corrija os campos indicados na grade.")
        if formset.total_form_count() != len(inscricoes):
            # A página mudou (inscrições novas ou POST adulterado): recomeça do banco.
            formset = AvaliacaoFormSet(**kwargs)
    else:
        formset = AvaliacaoFormSet(**kwargs)
    linhas = list(zip(inscricoes, formset.forms, strict=True))
    contexto = {
        "vaga": vaga,
        "selecao": selecao,
        "colunas": colunas,
        "formset": formset,
        "linhas": linhas,
        "page_obj": pagina,
        "versao_final": ResultadoVersao.objects.vigente(selecao, TipoResultado.FINAL),
        **papel,
    }
    return render(request, "candidatos/classificacao/notas.html", contexto)


CHAVE_IMPORTACAO = "importacao_notas"


@acesso.rh_requerido
def importar_notas(request: HttpRequest, pk: int) -> HttpResponse:
    """Planilha de notas da seleção: prévia com os erros e gravação tudo-ou-nada."""
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    colunas = colunas_de_nota(list(CriterioAvaliacao.objects.filter(selecao=selecao)))
    contexto: dict[str, Any] = {"selecao": selecao, "colunas": colunas}
    if request.method == "POST" and "confirmar" in request.POST:
        pedido = request.session.pop(CHAVE_IMPORTACAO, None)
        if (
            not pedido
            or pedido.get("selecao") != selecao.pk
            or pedido.get("id") != request.POST.get("confirmar")
        ):
            messages.error(request, "A prévia expirou; envie a planilha de novo.")
            return redirect("classificacao:importar_notas", pk=selecao.pk)
        linhas = [LinhaAvaliacao.from_json(x) for x in pedido["linhas"]]
        mudaram = servico.salvar_avaliacoes(
            selecao=selecao, linhas=linhas, usuario=request.user, origem="planilha"
        )
        messages.success(request, f"Planilha importada: {mudaram} avaliação(ões) alterada(s).")
        return redirect("classificacao:painel", pk=selecao.pk)
    form = ImportarNotasForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        arquivo = form.cleaned_data["arquivo"]
        try:
            planilha = ler_planilha(arquivo.read(), arquivo.name)
        except ErroPlanilha as erro:
            form.add_error("arquivo", str(erro))
        else:
            linhas, erros = validar_planilha_notas(planilha, selecao=selecao, colunas=colunas)
            contexto |= {"erros": erros, "total": len(planilha.linhas)}
            if not erros:
                pedido_id = uuid.uuid4().hex
                request.session[CHAVE_IMPORTACAO] = {
                    "id": pedido_id,
                    "selecao": selecao.pk,
                    "linhas": [x.to_json() for x in linhas],
                }
                contexto |= {"pedido_id": pedido_id, "validas": len(linhas)}
    contexto["form"] = form
    return render(request, "candidatos/classificacao/importar_notas.html", contexto)


@acesso.rh_requerido
def modelo_planilha(request: HttpRequest, pk: int) -> HttpResponse:
    """Planilha de notas preenchível com as inscrições e as notas atuais."""
    selecao = obter_selecao(request, pk)
    colunas = colunas_de_nota(list(CriterioAvaliacao.objects.filter(selecao=selecao)))
    inscricoes = (
        Inscricao.objects.vigentes()
        .filter(selecao=selecao)
        .exclude(situacao="eliminada")
        .select_related("avaliacao", "vaga")
        .order_by("vaga__codigo", "numero")
    )
    linhas = []
    for ins, inicial in zip(inscricoes, initial_da_grade(list(inscricoes), colunas), strict=True):
        linhas.append(
            [
                ins.numero,
                ins.vaga.codigo,
                ins.nome_exibicao,
                inicial["situacao"],
                *(inicial.get(c.campo) for c in colunas),
            ]
        )
    corpo = escrever_csv(
        ["inscricao", "vaga", "nome", "situacao", *(c.codigo for c in colunas)], linhas
    )
    resposta = HttpResponse(corpo, content_type="text/csv; charset=utf-8")
    resposta["Content-Disposition"] = f'attachment; filename="notas-{selecao.pk}.csv"'
    return resposta


# --- sorteio ------------------------------------------------------------------


@acesso.rh_requerido
def sorteio(request: HttpRequest, pk: int) -> HttpResponse:
    """Sorteio público de desempate de uma vaga (regras, § 5)."""
    vaga = obter_vaga(request, pk)
    selecao = vaga.selecao
    form = SorteioForm(request.POST or None)
    if request.method == "POST":
        exigir_editor(request, selecao)
        if form.is_valid():
            semente = form.cleaned_data["semente"].strip() or secrets.token_hex(16)
            try:
                s = servico.realizar_sorteio(
                    vaga=vaga,
                    semente=semente,
                    usuario=request.user,
                    agora=timezone.now(),
                    descricao=form.cleaned_data["descricao"],
                )
            except ValueError as erro:
                messages.error(request, str(erro))
            else:
                messages.success(request, "Sorteio registrado.")
                return redirect("classificacao:sorteio_detalhe", pk=s.pk)
    contexto = {
        "vaga": vaga,
        "selecao": selecao,
        "form": form,
        "classificacao": servico.classificar_vaga(vaga),
        "sorteios": Sorteio.objects.filter(vaga=vaga).order_by("-realizado_em"),
        **contexto_papel(request, selecao),
    }
    return render(request, "candidatos/classificacao/sorteio.html", contexto)


@acesso.rh_requerido
def sorteio_detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    s = acesso.obter_no_escopo(
        Sorteio.objects.select_related("selecao__orgao", "vaga", "realizado_por"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    conferencia = servico.ordem_do_sorteio(s.semente, s.resultado)
    return render(
        request,
        "candidatos/classificacao/sorteio_detalhe.html",
        {"sorteio": s, "selecao": s.selecao, "confere": conferencia == s.resultado},
    )


# --- publicação e versões ----------------------------------------------------


@acesso.rh_requerido
def publicar(request: HttpRequest, pk: int) -> HttpResponse:
    """Pede a publicação; a tarefa Celery monta a versão e o RH acompanha o progresso."""
    selecao = obter_selecao(request, pk)
    exigir_editor(request, selecao)
    form = PublicarResultadoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        dados = form.cleaned_data
        chave = uuid.uuid4()
        inicio, fim = dados.get("recurso_inicio"), dados.get("recurso_fim")
        argumentos = (
            selecao.pk,
            dados["tipo"],
            request.user.pk,
            dados["motivo"],
            inicio.isoformat() if inicio else None,
            fim.isoformat() if fim else None,
            str(chave),
            timezone.now().isoformat(),
        )
        tasks.marcar_progresso(chave, estado="fila", feitos=0, total=selecao.vagas.count())
        transaction.on_commit(lambda: tasks.publicar_resultado.delay(*argumentos))
        return redirect("classificacao:publicacao", pk=selecao.pk, chave=chave)
    contexto = {
        "selecao": selecao,
        "form": form,
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
    versao = ResultadoVersao.objects.filter(selecao=selecao, chave=chave).only("pk").first()
    if versao is not None:
        return {"estado": "concluida", "versao_id": versao.pk}
    estado = tasks.progresso_publicacao(chave)
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
        {"versao": v, "selecao": v.selecao, "conteudo": v.conteudo, "outras": outras},
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
    outra = get_object_or_404(ResultadoVersao, selecao=v.selecao, pk=request.GET.get("com") or 0)
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
