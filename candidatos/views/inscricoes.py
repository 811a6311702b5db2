"""Telas do RH: inscrições de uma seleção, detalhe com histórico, laudo e importação.

Toda consulta passa pelo escopo do órgão (``selecoes.acesso``): objeto de outro
órgão responde 404. Dados sensíveis só para gestores, e cada exibição é registrada.
"""

import hashlib
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count, Q
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from candidatos.forms.inscricao import FiltroInscricoesForm, ImportacaoForm
from candidatos.models import DocumentoCategoria, Inscricao, SituacaoInscricao
from candidatos.planilhas import ErroPlanilha, tamanho_descomprimido
from candidatos.selectors.inscricoes import (
    contagens_da_selecao,
    dados_sensiveis,
    formatar_telefone,
    historico_da_inscricao,
    inscricoes_da_selecao,
)
from candidatos.services import importacao, importacao_previa
from candidatos.services.inscricoes import acessos_registrar
from selecoes import acesso
from selecoes.models import Papel, Selecao

POR_PAGINA = 50
SESSAO_IMPORTACAO = "importacao_pendente"


def _sim_nao(valor: str) -> bool | None:
    return {"sim": True, "nao": False}.get(valor)


def _selecao(
    request: HttpRequest, selecao_id: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[Selecao]:
    return acesso.obter_com_papel(
        Selecao.objects.select_related("orgao").prefetch_related("vagas"),
        request.user,
        exigir=exigir,
        pk=selecao_id,
    )


@acesso.rh_requerido
def inicio(request: HttpRequest) -> HttpResponse:
    """Seleções do escopo do usuário, com o número de inscrições vigentes."""
    selecoes = (
        acesso.escopo(Selecao.objects.publicadas().select_related("orgao"), request.user)
        .annotate(
            total_inscricoes=Count(
                "inscricoes", filter=~Q(inscricoes__situacao=SituacaoInscricao.SUBSTITUIDA)
            )
        )
        .order_by("-inscricoes_inicio", "-pk")
    )
    pagina = Paginator(selecoes, POR_PAGINA).get_page(request.GET.get("page"))
    return render(request, "candidatos/inscricoes/inicio.html", {"page_obj": pagina})


@never_cache
@acesso.rh_requerido
def lista(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Inscrições da seleção com filtros, busca, contagens e paginação.

    CPF mascarado, cor/raça e opções de reserva ocultas por padrão; o gestor pode
    pedir a exibição (``?sensiveis=1`` ou o filtro por reserva), que fica registrada
    para cada inscrição mostrada. Operador e auditor nunca as veem nem filtram.
    """
    no_orgao = _selecao(request, selecao_id)
    selecao, pode_ver = no_orgao.objeto, no_orgao.ve_dados_sensiveis
    form = FiltroInscricoesForm(request.GET or None, selecao=selecao, ve_sensiveis=pode_ver)
    filtros: dict[str, Any] = form.cleaned_data if form.is_valid() else {}
    inscricoes = inscricoes_da_selecao(
        selecao=selecao,
        q=filtros.get("q", ""),
        vaga=filtros.get("vaga"),
        concorre_negros=_sim_nao(filtros.get("concorre_negros", "")),
        concorre_pcd=_sim_nao(filtros.get("concorre_pcd", "")),
        situacao=filtros.get("situacao", ""),
    )
    pagina = Paginator(inscricoes, POR_PAGINA).get_page(request.GET.get("page"))
    # O filtro por reserva mostra a escolha de cada linha: conta como exibição.
    mostrar = pode_ver and (request.GET.get("sensiveis") == "1" or form.filtra_por_reserva())
    if mostrar:
        acessos_registrar(
            usuario=acesso.usuario_autenticado(request),
            inscricoes=pagina.object_list,
            contexto=f"lista de inscrições da seleção {selecao.numero_edital}, "
            f"página {pagina.number}",
            agora=timezone.now(),
        )
    linhas = [(i, dados_sensiveis(i, ve_sensiveis=mostrar)) for i in pagina.object_list]
    return render(
        request,
        "candidatos/inscricoes/lista.html",
        {
            "selecao": selecao,
            "form": form,
            "page_obj": pagina,
            "linhas": linhas,
            "contagens": contagens_da_selecao(selecao=selecao),
            "pode_ver_sensiveis": pode_ver,
            "mostrando_sensiveis": mostrar,
            "pode_importar": no_orgao.pode_editar,
        },
    )


@never_cache
@acesso.rh_requerido
def detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    """Inscrição com histórico (substituições e auditoria); exibição sensível registrada."""
    no_orgao = acesso.obter_com_papel(
        Inscricao.objects.select_related("selecao__orgao", "vaga", "substitui"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    inscricao, ve = no_orgao.objeto, no_orgao.ve_dados_sensiveis
    historico = historico_da_inscricao(inscricao=inscricao, ve_sensiveis=ve)
    if ve:
        # O histórico mostra as reservas de cada inscrição do mesmo CPF: todas registradas.
        acessos_registrar(
            usuario=acesso.usuario_autenticado(request),
            inscricoes=historico.versoes,
            contexto="detalhe da inscrição",
            agora=timezone.now(),
        )
    return render(
        request,
        "candidatos/inscricoes/detalhe.html",
        {
            "inscricao": inscricao,
            "selecao": inscricao.selecao,
            "sensiveis": dados_sensiveis(inscricao, ve_sensiveis=ve, com_categorias=True),
            "historico": historico,
            "telefone": formatar_telefone(inscricao.telefone),
            "pode_editar": no_orgao.pode_editar,
        },
    )


@never_cache
@acesso.rh_requerido
def laudo(request: HttpRequest, pk: int) -> FileResponse:
    """Laudo médico: só gestores, só por esta view (nunca por MEDIA_URL); acesso registrado."""
    inscricao = acesso.obter_com_papel(
        Inscricao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        exigir=[Papel.GESTOR],
        pk=pk,
    ).objeto
    if not inscricao.laudo_pcd:
        raise Http404
    acessos_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricoes=[inscricao],
        contexto="download do laudo médico",
        agora=timezone.now(),
    )
    resposta = FileResponse(
        inscricao.laudo_pcd.open("rb"),
        as_attachment=True,
        filename=f"laudo-{inscricao.numero}.pdf",
        content_type="application/pdf",
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta


@never_cache
@acesso.rh_requerido
def documento_categoria(request: HttpRequest, pk: int, categoria: str) -> FileResponse:
    """Documento de categoria do órgão: como o laudo, só gestores, acesso registrado."""
    inscricao = acesso.obter_no_escopo(
        Inscricao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    acesso.exigir_papel(request.user, inscricao.selecao.orgao, [Papel.GESTOR])
    documento = DocumentoCategoria.objects.filter(inscricao=inscricao, categoria=categoria).first()
    if documento is None:
        raise Http404
    acessos_registrar(
        usuario=acesso.usuario_autenticado(request),
        inscricoes=[inscricao],
        contexto=f"download do documento da categoria {documento.get_categoria_display()}",
        agora=timezone.now(),
    )
    resposta = FileResponse(
        documento.arquivo.open("rb"),
        as_attachment=True,
        filename=f"documento-{categoria}-{inscricao.numero}.pdf",
        content_type="application/pdf",
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta


# ---------------------------------------------------------------- importação


def _selecao_editavel(request: HttpRequest, selecao_id: int) -> Selecao:
    return _selecao(request, selecao_id, exigir=acesso.EDITORES).objeto


@acesso.rh_requerido
def modelo_importacao(request: HttpRequest, selecao_id: int, formato: str) -> HttpResponse:
    """Planilha-modelo (CSV ou XLSX) com as colunas e exemplos com os códigos das vagas."""
    selecao = _selecao(request, selecao_id).objeto
    if formato not in ("csv", "xlsx"):
        raise Http404
    conteudo = importacao.modelo(selecao=selecao, formato=formato)
    tipo = (
        "text/csv; charset=utf-8"
        if formato == "csv"
        else "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    resposta = HttpResponse(conteudo, content_type=tipo)
    resposta["Content-Disposition"] = f'attachment; filename="modelo-inscricoes.{formato}"'
    return resposta


@never_cache
@acesso.rh_requerido
def importar(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Passo 1: envio do arquivo e prévia (nada é gravado aqui).

    Arquivo pequeno: prévia nesta mesma resposta. Grande (``IMPORTACAO_ASSINCRONA_KB``,
    descomprimido): a análise vai para uma tarefa e a tela mostra o andamento.
    """
    selecao = _selecao_editavel(request, selecao_id)
    form = ImportacaoForm(request.POST or None, request.FILES or None)
    contexto: dict[str, Any] = {"selecao": selecao, "form": form, "colunas": importacao.COLUNAS}
    if request.method == "POST" and form.is_valid():
        arquivo = form.cleaned_data["arquivo"]
        conteudo = arquivo.read()
        agora = timezone.now()
        try:
            importacao.selecao_verificar(selecao)
            grande = (
                tamanho_descomprimido(conteudo, arquivo.name)
                > settings.IMPORTACAO_ASSINCRONA_KB * 1024
            )
            previa = None
            if not grande:
                previa = importacao.analisar(
                    selecao=selecao, conteudo=conteudo, nome_arquivo=arquivo.name, agora=agora
                )
        except (ErroPlanilha, importacao.ImportacaoInvalida) as erro:
            form.add_error("arquivo", f"Arquivo: {erro}")
        else:
            _descartar_pendente(request)
            token = importacao.pendente_guardar(conteudo, agora=agora)
            request.session[SESSAO_IMPORTACAO] = {
                "selecao": selecao.pk,
                "token": token,
                "nome": arquivo.name,
                "sha256": hashlib.sha256(conteudo).hexdigest(),
                "agora": agora.isoformat(),
                "assincrona": previa is None,
            }
            if previa is None:
                importacao_previa.analise_solicitar(
                    selecao=selecao, token=token, nome_arquivo=arquivo.name, agora=agora
                )
                return redirect("inscricoes:importar_andamento", selecao.pk)
            contexto["previa"] = importacao_previa.previa_guardar(token, previa)
            return render(request, "candidatos/inscricoes/importar_previa.html", contexto)
    return render(request, "candidatos/inscricoes/importar.html", contexto)


def _pendente_da_sessao(request: HttpRequest, selecao: Selecao) -> dict[str, Any]:
    pendente = request.session.get(SESSAO_IMPORTACAO)
    if not pendente or pendente["selecao"] != selecao.pk:
        raise Http404
    return pendente


@never_cache
@acesso.rh_requerido
def importar_andamento(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Andamento da análise em segundo plano; pronta, a prévia aparece aqui."""
    selecao = _selecao_editavel(request, selecao_id)
    pendente = request.session.get(SESSAO_IMPORTACAO)
    if not pendente or pendente["selecao"] != selecao.pk:
        messages.error(request, "A prévia expirou: envie o arquivo de novo.")
        return redirect("inscricoes:importar", selecao.pk)
    contexto: dict[str, Any] = {"selecao": selecao, "colunas": importacao.COLUNAS}
    resultado = importacao_previa.resultado_ler(pendente["token"])
    if resultado is not None:
        _descartar_pendente(request)
        if resultado["ok"]:
            messages.success(request, resultado["mensagem"])
            return redirect("inscricoes:lista", selecao.pk)
        messages.error(request, resultado["mensagem"])
        return redirect("inscricoes:importar", selecao.pk)
    contexto["andamento"] = importacao_previa.andamento(pendente["token"])
    previa = None
    if contexto["andamento"]["estado"] != "gravando":
        previa = importacao_previa.previa_ler(pendente["token"])
    if previa is not None and previa.erro_arquivo:
        _descartar_pendente(request)
        messages.error(request, f"Arquivo: {previa.erro_arquivo}")
        return redirect("inscricoes:importar", selecao.pk)
    if previa is not None:
        contexto["previa"] = previa
        return render(request, "candidatos/inscricoes/importar_previa.html", contexto)
    contexto["nome"] = pendente["nome"]
    return render(request, "candidatos/inscricoes/importar_andamento.html", contexto)


@never_cache
@acesso.rh_requerido
def importar_andamento_json(request: HttpRequest, selecao_id: int) -> JsonResponse:
    selecao = _selecao_editavel(request, selecao_id)
    pendente = _pendente_da_sessao(request, selecao)
    return JsonResponse(importacao_previa.andamento(pendente["token"]))


@never_cache
@acesso.rh_requerido
def importar_erros(request: HttpRequest, selecao_id: int) -> HttpResponseBase:
    """Lista completa dos erros da prévia da própria sessão (CSV, fórmulas neutralizadas)."""
    selecao = _selecao_editavel(request, selecao_id)
    pendente = _pendente_da_sessao(request, selecao)
    arquivo = importacao_previa.erros_abrir(pendente["token"])
    if arquivo is None:
        raise Http404
    resposta = FileResponse(
        arquivo,
        as_attachment=True,
        filename="erros-importacao.csv",
        content_type="text/csv; charset=utf-8",
    )
    resposta["Cache-Control"] = "private, no-store"
    return resposta


def _descartar_pendente(request: HttpRequest) -> None:
    pendente = request.session.pop(SESSAO_IMPORTACAO, None)
    if pendente:
        importacao.pendente_apagar(pendente["token"])


@require_POST
@acesso.rh_requerido
def importar_confirmar(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Passo 2: grava o arquivo da prévia (conferido pelo SHA-256) — tudo ou só as válidas."""
    selecao = _selecao_editavel(request, selecao_id)
    pendente = request.session.get(SESSAO_IMPORTACAO)
    if (
        not pendente
        or pendente["selecao"] != selecao.pk
        or pendente["sha256"] != request.POST.get("sha256")
    ):
        messages.error(request, "A prévia expirou ou é de outro arquivo: envie o arquivo de novo.")
        return redirect("inscricoes:importar", selecao.pk)
    if request.POST.get("acao") == "cancelar":
        _descartar_pendente(request)
        messages.info(request, "Importação cancelada; nada foi gravado.")
        return redirect("inscricoes:importar", selecao.pk)
    if pendente.get("assincrona"):
        importacao_previa.confirmacao_solicitar(
            selecao=selecao,
            token=pendente["token"],
            nome_arquivo=pendente["nome"],
            sha256=pendente["sha256"],
            somente_validas=request.POST.get("acao") == "somente_validas",
            usuario_id=request.user.pk,
            agora=timezone.now(),
        )
        return redirect("inscricoes:importar_andamento", selecao.pk)
    conteudo = importacao.pendente_ler(pendente["token"])
    if conteudo is None:
        request.session.pop(SESSAO_IMPORTACAO, None)
        messages.error(request, "A prévia expirou: envie o arquivo de novo.")
        return redirect("inscricoes:importar", selecao.pk)
    try:
        resultado = importacao.confirmar(
            selecao=selecao,
            conteudo=conteudo,
            nome_arquivo=pendente["nome"],
            sha256_esperado=pendente["sha256"],
            somente_validas=request.POST.get("acao") == "somente_validas",
            usuario=request.user,
            agora=timezone.now(),
        )
    except importacao.ImportacaoInvalida as erro:
        messages.error(request, str(erro))
        return redirect("inscricoes:importar", selecao.pk)
    _descartar_pendente(request)
    messages.success(request, resultado.resumo)
    return redirect("inscricoes:lista", selecao.pk)
