"""RH: painel da seleção, ficha do candidato, grade e planilha de notas, sorteio."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import formats, timezone
from django.views.decorators.http import require_POST

from candidatos.forms.classificacao import (
    AnunciarSorteioForm,
    AprovarPorCorteForm,
    AvaliacaoFormSet,
    ImportarNotasForm,
    RealizarSorteioForm,
    colunas_de_nota,
    initial_da_grade,
    validar_planilha_notas,
)
from candidatos.models import (
    AnuncioSorteio,
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoRecurso,
    Sorteio,
    TipoResultado,
)
from candidatos.planilhas import ErroPlanilha, escrever_csv, ler_planilha
from candidatos.selectors.classificacao import resumos_das_vagas
from candidatos.selectors.situacao_atual import situacao_de_hoje
from candidatos.services import classificacao as servico
from candidatos.services import sorteio as servico_sorteio
from candidatos.services.classificacao import LinhaAvaliacao
from selecoes import acesso
from selecoes.models import CriterioAvaliacao, Papel, Selecao, VagaEstagio
from selecoes.selectors.versoes import criterios_desempate_legiveis

POR_PAGINA_GRADE = 50
POR_PAGINA_PAINEL = 50


# --- acesso -----------------------------------------------------------------


def obter_selecao(request: HttpRequest, pk: int) -> Selecao:
    return acesso.obter_no_escopo(
        Selecao.objects.select_related("orgao").publicadas(), request.user, pk=pk
    )


def selecao_com_papel(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[Selecao]:
    """A seleção publicada no escopo do usuário e o papel dele no órgão."""
    return acesso.obter_com_papel(
        Selecao.objects.select_related("orgao").publicadas(), request.user, exigir=exigir, pk=pk
    )


def obter_vaga(request: HttpRequest, pk: int) -> VagaEstagio:
    return acesso.obter_no_escopo(
        VagaEstagio.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )


def vaga_com_papel(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[VagaEstagio]:
    """A vaga no escopo do usuário e o papel dele no órgão."""
    return acesso.obter_com_papel(
        VagaEstagio.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        exigir=exigir,
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


# --- seleções e painel --------------------------------------------------------


@acesso.rh_requerido
def inicio(request: HttpRequest) -> HttpResponse:
    selecoes = acesso.escopo(Selecao.objects.publicadas().select_related("orgao"), request.user)
    return render(request, "candidatos/classificacao/inicio.html", {"selecoes": selecoes})


@acesso.rh_requerido
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    """Painel da seleção: as vagas em páginas; cada vaga da página com os aprovados
    e os empates, do cache do motor (``resumos_das_vagas``)."""
    no_orgao = selecao_com_papel(request, pk)
    selecao = no_orgao.objeto
    pagina = Paginator(selecao.vagas.all(), POR_PAGINA_PAINEL).get_page(request.GET.get("page"))
    vagas = list(pagina.object_list)
    resumos = resumos_das_vagas(selecao, vagas)
    linhas = [(v, resumos[v.pk]) for v in vagas]
    criterios = list(CriterioAvaliacao.objects.filter(selecao=selecao))
    contexto = {
        "selecao": selecao,
        "linhas": linhas,
        "page_obj": pagina,
        "empates": [e for _, r in linhas for e in r.empates],
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
        **no_orgao.contexto(),
    }
    return render(request, "candidatos/classificacao/painel.html", contexto)


@acesso.rh_requerido
def inscricao(request: HttpRequest, pk: int) -> HttpResponse:
    """Ficha do candidato para o RH: avaliação, convocações, processos e trilha."""
    no_orgao = acesso.obter_com_papel(
        Inscricao.objects.select_related("selecao__orgao", "vaga"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    ins = no_orgao.objeto
    contexto = {
        "inscricao": ins,
        "selecao": ins.selecao,
        "avaliacao": getattr(ins, "avaliacao", None),
        "convocacoes": ins.convocacoes.select_related("vaga").order_by("convocada_em"),
        "processos": ins.processos_eliminacao.order_by("-aberto_em"),
        "recursos": ins.recursos.order_by("recebido_em"),
        "hoje": situacao_de_hoje(ins, agora=timezone.now()),
        "casas_nota": CriterioAvaliacao.casas_nota_final(ins.selecao_id),
        **no_orgao.contexto(),
    }
    return render(request, "candidatos/classificacao/inscricao.html", contexto)


# --- grade de notas -----------------------------------------------------------


@acesso.rh_requerido
def notas(request: HttpRequest, pk: int) -> HttpResponse:
    """Grade editável por página; com erro, nada é salvo e o digitado volta."""
    no_orgao = vaga_com_papel(request, pk)
    vaga, selecao, papel = no_orgao.objeto, no_orgao.objeto.selecao, no_orgao.contexto()
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
        no_orgao.exigir(acesso.EDITORES)
        formset = AvaliacaoFormSet(request.POST, **kwargs)
        if formset.is_valid():
            mudaram = servico.avaliacoes_salvar(
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
        "nota_final_digitada": colunas[0].codigo == "nota_final",
        "casas_nota": CriterioAvaliacao.casas_nota_final(selecao.pk),
        "form_corte": AprovarPorCorteForm(),
        **papel,
    }
    return render(request, "candidatos/classificacao/notas.html", contexto)


@require_POST
@acesso.rh_requerido
def notas_aprovar_corte(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Aprovar todos com nota ≥ corte" na grade da vaga."""
    vaga = obter_vaga(request, pk)
    exigir_editor(request, vaga.selecao)
    form = AprovarPorCorteForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(erro) for erro in form.errors["corte"]))
        return redirect("classificacao:notas", pk=vaga.pk)
    corte = form.cleaned_data["corte"]
    mudaram = servico.avaliacoes_aprovar_por_corte(vaga=vaga, corte=corte, usuario=request.user)
    messages.success(
        request,
        f"{mudaram} avaliação(ões) passaram a Aprovado(a): pendentes com todas as notas "
        f"e nota final ≥ {formats.localize(corte)}.",
    )
    return redirect("classificacao:notas", pk=vaga.pk)


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
        mudaram = servico.avaliacoes_salvar(
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


def _exigir_gestor(request: HttpRequest, selecao: Selecao) -> None:
    """Sorteio é ato de gestor (operador e auditor: 403)."""
    acesso.exigir_papel(request.user, selecao.orgao_id, (Papel.GESTOR,))


@acesso.rh_requerido
def sorteio(request: HttpRequest, pk: int) -> HttpResponse:
    """Sorteio público de desempate de uma vaga (regras, § 5): o gestor anuncia
    (semente ou fonte pública futura, e quando), e só depois sorteia, uma vez."""
    no_orgao = vaga_com_papel(request, pk)
    vaga, selecao = no_orgao.objeto, no_orgao.objeto.selecao
    form = AnunciarSorteioForm(request.POST or None)
    if request.method == "POST":
        no_orgao.exigir((Papel.GESTOR,))
        if form.is_valid():
            dados = form.cleaned_data
            try:
                servico_sorteio.sorteio_anunciar(
                    vaga=vaga,
                    usuario=request.user,
                    agora=timezone.now(),
                    realizar_a_partir_de=dados["realizar_a_partir_de"],
                    semente=dados["semente"],
                    fonte_semente=dados["fonte_semente"],
                    descricao=dados["descricao"],
                )
            except (ValueError, PermissionError) as erro:
                messages.error(request, str(erro))
            else:
                messages.success(request, "Sorteio anunciado.")
                return redirect("classificacao:sorteio", pk=vaga.pk)
    contexto = {
        "vaga": vaga,
        "selecao": selecao,
        "form": form,
        "form_realizar": RealizarSorteioForm(),
        "classificacao": servico.classificar_vaga(vaga),
        "anuncios": AnuncioSorteio.objects.filter(vaga=vaga)
        .select_related("sorteio", "anunciado_por")
        .order_by("-anunciado_em"),
        "sorteios": Sorteio.objects.filter(vaga=vaga).order_by("-realizado_em"),
        **no_orgao.contexto(),
    }
    return render(request, "candidatos/classificacao/sorteio.html", contexto)


@require_POST
@acesso.rh_requerido
def sorteio_realizar(request: HttpRequest, pk: int) -> HttpResponse:
    anuncio = acesso.obter_no_escopo(
        AnuncioSorteio.objects.select_related("selecao__orgao", "vaga__selecao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    _exigir_gestor(request, anuncio.selecao)
    form = RealizarSorteioForm(request.POST)
    if form.is_valid():
        try:
            s = servico_sorteio.sorteio_realizar(
                anuncio=anuncio,
                usuario=request.user,
                agora=timezone.now(),
                semente=form.cleaned_data["semente"],
            )
        except (ValueError, PermissionError) as erro:
            messages.error(request, str(erro))
        else:
            messages.success(request, "Sorteio realizado.")
            return redirect("classificacao:sorteio_detalhe", pk=s.pk)
    else:
        messages.error(request, "Semente inválida.")
    return redirect("classificacao:sorteio", pk=anuncio.vaga_id)


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
