"""Documentos em PDF: downloads com controle de acesso, progresso e pedidos do RH.

Quem vê o quê:
- anexo do edital publicado e listas de resultado: qualquer pessoa;
- comprovante de inscrição: a via do candidato (com o código de verificação) só
  por número + código; o RH do órgão recebe a via do RH, sem o código;
- tudo o mais, e a página de acompanhamento: somente o RH do órgão
  (``selecoes.acesso``; de outro órgão → 404).
"""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.db.models import QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.crypto import constant_time_compare
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from candidatos.models import Inscricao, ResultadoVersao, TipoResultado
from candidatos.services.inscricoes import normalizar_codigo
from relatorios.documentos import selectors, services
from relatorios.models import Documento, StatusDocumento, TipoDocumento
from selecoes import acesso, limites
from selecoes.models import Papel, Selecao

MOTIVO_PEDIDO_RH = "Pedido pelo RH."


# --- Auxiliares -----------------------------------------------------------------------


def _documentos_rh() -> QuerySet[Documento]:
    """Documentos dos órgãos, menos a via do candidato do comprovante (traz o código)."""
    return Documento.objects.select_related("orgao", "selecao").exclude(
        chave__startswith=services.PREFIXO_VIA_CANDIDATO
    )


def _documento_rh(request: HttpRequest, pk: int, papeis: Any = acesso.PAPEIS_RH) -> Documento:
    return acesso.obter_no_escopo(_documentos_rh(), request.user, papeis=papeis, pk=pk)


def _documento_com_papel(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[Documento]:
    return acesso.obter_com_papel(_documentos_rh(), request.user, exigir=exigir, pk=pk)


def _no_escopo(request: HttpRequest, documento: Documento) -> bool:
    if documento.orgao_id is None:
        return False
    papel = acesso.papel_no_orgao(request.user, documento.orgao_id)
    return papel is not None and papel.do_rh


def _servivel(documento: Documento) -> bool:
    """Arquivo em dia com os dados (o que o público e o candidato recebem)."""
    return documento.status == StatusDocumento.PRONTO and not documento.desatualizado


def _servir(documento: Documento) -> FileResponse:
    resposta = FileResponse(
        documento.arquivo.open("rb"),
        content_type="application/pdf",
        filename=f"{slugify(documento.titulo) or 'documento'}.pdf",
    )
    resposta["Cache-Control"] = (
        "public, max-age=300" if documento.publico else "private, no-store, max-age=0"
    )
    if not documento.publico:
        resposta["X-Robots-Tag"] = "noindex, nofollow"
    return resposta


def _estado(documento: Documento, *, url_arquivo: str, detalhes: bool) -> dict[str, Any]:
    return {
        "status": documento.status,
        "status_texto": documento.get_status_display(),
        "progresso": documento.progresso,
        "desatualizado": documento.desatualizado,
        "pronto": _servivel(documento) or (detalhes and bool(documento.arquivo)),
        "url": url_arquivo,
        "mensagem": documento.mensagem_erro if detalhes else "",
    }


def _aguarde(
    request: HttpRequest, documento: Documento, *, url_progresso: str, url_arquivo: str
) -> HttpResponse:
    """Página de espera (o PDF ainda está sendo gerado), que se atualiza sozinha."""
    resposta = render(
        request,
        "relatorios/documentos/aguarde.html",
        {
            "documento": documento,
            "url_progresso": url_progresso,
            "url_arquivo": url_arquivo,
        },
        status=202 if documento.status != StatusDocumento.ERRO else 503,
    )
    resposta["Retry-After"] = "5"
    resposta["Cache-Control"] = "no-store"
    return resposta


# --- Download, progresso e acompanhamento ---------------------------------------------


@require_GET
def arquivo(request: HttpRequest, pk: int) -> HttpResponseBase:
    """O PDF: público para documentos públicos; senão, só para o RH do órgão."""
    documento = get_object_or_404(Documento.objects.select_related("orgao"), pk=pk)
    if not documento.publico:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        documento = _documento_rh(request, pk)
    rh = _no_escopo(request, documento)
    if _servivel(documento) or (rh and documento.arquivo):
        return _servir(documento)
    if rh:
        return redirect("documentos:detalhe", pk=documento.pk)
    return _aguarde(
        request,
        documento,
        url_progresso=reverse("documentos:progresso", args=[documento.pk]),
        url_arquivo=request.path,
    )


@require_GET
def progresso(request: HttpRequest, pk: int) -> JsonResponse:
    documento = get_object_or_404(Documento, pk=pk)
    if not documento.publico:
        documento = _documento_rh(request, pk)
    rh = _no_escopo(request, documento)
    resposta = JsonResponse(
        _estado(documento, url_arquivo=reverse("documentos:arquivo", args=[pk]), detalhes=rh)
    )
    resposta["Cache-Control"] = "no-store"
    return resposta


@acesso.rh_requerido
@require_GET
def detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    """Acompanhamento de um documento pelo RH: barra de progresso e link de download."""
    no_orgao = _documento_com_papel(request, pk)
    documento = no_orgao.objeto
    return render(
        request,
        "relatorios/documentos/detalhe.html",
        {
            "documento": documento,
            "pode_editar": no_orgao.pode_editar,
            "url_progresso": reverse("documentos:progresso", args=[pk]),
            "url_arquivo": reverse("documentos:arquivo", args=[pk]),
        },
    )


@acesso.rh_requerido
@require_GET
def progresso_versao(request: HttpRequest, versao_pk: int) -> JsonResponse:
    """Quantos PDFs da versão (o da versão e os de cada vaga) estão prontos, para a barra."""
    versao = acesso.obter_no_escopo(
        ResultadoVersao.objects.defer("conteudo"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=versao_pk,
    )
    estado = selectors.progresso_da_versao(versao_id=versao.pk)
    resposta = JsonResponse(
        {
            "total": estado.total,
            "prontos": estado.prontos,
            "erros": estado.erros,
            "concluido": estado.concluido,
            "texto": estado.texto,
        }
    )
    resposta["Cache-Control"] = "no-store"
    return resposta


@acesso.rh_requerido
@require_POST
def regenerar(request: HttpRequest, pk: int) -> HttpResponse:
    documento = _documento_com_papel(request, pk, exigir=acesso.EDITORES).objeto
    services.documento_regenerar(documento=documento, motivo=MOTIVO_PEDIDO_RH, usuario=request.user)
    return redirect("documentos:detalhe", pk=pk)


@acesso.rh_requerido
@require_GET
def da_selecao(request: HttpRequest, selecao_pk: int) -> HttpResponse:
    """Documentos de uma seleção: anexo do edital e listas de cada versão de resultado."""
    selecao = acesso.obter_no_escopo(
        Selecao.objects.select_related("orgao"), request.user, pk=selecao_pk
    )
    documentos = selectors.documentos_da_selecao(selecao_id=selecao.pk)
    versoes = [
        {
            "versao": versao,
            "documento": documentos.get(f"resultado:{versao.pk}"),
            "vagas": sorted(
                (
                    d
                    for d in documentos.values()
                    if d.chave.startswith(f"resultado:{versao.pk}:vaga:")
                ),
                key=lambda d: d.pk,
            ),
            "progresso": selectors.progresso_da_versao(versao_id=versao.pk),
        }
        for versao in ResultadoVersao.objects.filter(selecao=selecao)
        .defer("conteudo")
        .order_by("tipo", "-numero")
    ]
    return render(
        request,
        "relatorios/documentos/selecao.html",
        {
            "selecao": selecao,
            "anexo": documentos.get(f"anexo_edital:{selecao.pk}"),
            "versoes": versoes,
            "outros": [
                d
                for d in documentos.values()
                if d.tipo not in (TipoDocumento.ANEXO_EDITAL, TipoDocumento.RESULTADO)
            ],
            "pode_editar": acesso.pode_editar(request.user, selecao.orgao_id),
        },
    )


@acesso.rh_requerido
@require_POST
def gerar_anexo(request: HttpRequest, selecao_pk: int) -> HttpResponse:
    selecao = acesso.obter_no_escopo(
        Selecao.objects.select_related("orgao"), request.user, pk=selecao_pk, papeis=acesso.EDITORES
    )
    documento = services.anexo_edital_solicitar(
        selecao=selecao, usuario=request.user, motivo_regeneracao=MOTIVO_PEDIDO_RH
    )
    return redirect("documentos:detalhe", pk=documento.pk)


@acesso.rh_requerido
@require_POST
def gerar_resultado(request: HttpRequest, versao_pk: int) -> HttpResponse:
    versao = acesso.obter_no_escopo(
        ResultadoVersao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        papeis=acesso.EDITORES,
        pk=versao_pk,
    )
    documento = services.resultado_solicitar(versao=versao, usuario=request.user)
    return redirect("documentos:detalhe", pk=documento.pk)


@acesso.rh_requerido
@require_POST
def gerar_comprovante(request: HttpRequest, inscricao_pk: int) -> HttpResponse:
    inscricao = acesso.obter_no_escopo(
        Inscricao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        papeis=acesso.EDITORES,
        pk=inscricao_pk,
    )
    documento = services.comprovante_rh_solicitar(inscricao=inscricao, usuario=request.user)
    return redirect("documentos:detalhe", pk=documento.pk)


# --- Documentos públicos --------------------------------------------------------------


@require_GET
def anexo_publico(request: HttpRequest, selecao_pk: int) -> HttpResponseBase:
    """Anexo do edital de uma seleção publicada (pedido na hora, se ainda não existe)."""
    selecao = get_object_or_404(Selecao.objects.publicadas().select_related("orgao"), pk=selecao_pk)
    documento = selectors.documento_por_chave(f"anexo_edital:{selecao.pk}")
    if documento is None or not documento.publico:
        documento = services.anexo_edital_solicitar(selecao=selecao)
    return _publico(request, documento)


@require_GET
def resultado_publico(request: HttpRequest, versao_pk: int) -> HttpResponseBase:
    """Lista de resultado de uma versão publicada."""
    versao = get_object_or_404(
        ResultadoVersao.objects.select_related("selecao__orgao"), pk=versao_pk
    )
    documento = selectors.documento_por_chave(f"resultado:{versao.pk}")
    if documento is None:
        documento = services.resultado_solicitar(versao=versao)
    return _publico(request, documento)


@require_GET
def resultado_sem_nomes_publico(request: HttpRequest, versao_pk: int) -> HttpResponseBase:
    """As listas sem nomes de uma versão publicada (LGPD, art. 11), quando ela as tem."""
    versao = get_object_or_404(
        ResultadoVersao.objects.select_related("selecao__orgao"), pk=versao_pk
    )
    categorias = (versao.conteudo or {}).get("categorias_orgao") or ()
    if all(c.get("lista_com_nomes", True) for c in categorias):
        raise Http404("Esta versão não tem listas sem nomes.")
    documento = selectors.documento_por_chave(f"resultado_sem_nomes:{versao.pk}")
    if documento is None:
        documento = services.resultado_sem_nomes_solicitar(versao=versao)
    return _publico(request, documento)


@require_GET
def resultado_atual(request: HttpRequest, selecao_pk: int, tipo: str) -> HttpResponse:
    """A versão mais recente do resultado preliminar ou final de uma seleção."""
    if tipo not in TipoResultado.values:
        raise Http404
    versao = (
        ResultadoVersao.objects.filter(selecao_id=selecao_pk, tipo=tipo).order_by("-numero").first()
    )
    if versao is None:
        raise Http404
    return redirect("documentos:resultado_publico", versao_pk=versao.pk)


def _publico(request: HttpRequest, documento: Documento) -> HttpResponseBase:
    if _servivel(documento):
        return _servir(documento)
    return _aguarde(
        request,
        documento,
        url_progresso=reverse("documentos:progresso", args=[documento.pk]),
        url_arquivo=request.path,
    )


# --- Comprovante de inscrição (candidato) ---------------------------------------------


class ComprovanteForm(forms.Form):
    numero = forms.CharField(label="Número de inscrição", max_length=20)
    codigo = forms.CharField(label="Código de verificação", max_length=40)

    def clean(self) -> dict[str, Any]:
        super().clean()
        dados = self.cleaned_data
        if self.errors:
            return dados
        if _inscricao_verificada(dados["numero"].strip(), dados["codigo"].strip()) is None:
            raise forms.ValidationError(
                "Número de inscrição ou código de verificação não conferem. Confira os dois "
                "no e-mail ou na página de confirmação da inscrição."
            )
        return dados


def _inscricao_verificada(numero: str, codigo: str) -> Inscricao | None:
    if "\x00" in numero:  # vem da URL; o PostgreSQL recusa NUL em texto (seria HTTP 500)
        return None
    inscricao = Inscricao.objects.select_related("selecao__orgao").filter(numero=numero).first()
    # Como impresso no comprovante (5GRX-QA4K-72QR), com espaços ou em minúsculas.
    informado = normalizar_codigo(codigo)
    if (
        inscricao is None
        or not informado
        or not constant_time_compare(inscricao.codigo_verificacao.upper(), informado)
    ):
        return None
    return inscricao


@limites.limitar("documentos-comprovante", limite=20, janela_segundos=300)
def comprovante(request: HttpRequest) -> HttpResponse:
    """Formulário: o candidato informa número e código e recebe o comprovante."""
    form = ComprovanteForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        return redirect(
            "documentos:comprovante_baixar",
            numero=form.cleaned_data["numero"].strip(),
            codigo=normalizar_codigo(form.cleaned_data["codigo"]),
        )
    return render(request, "relatorios/documentos/comprovante.html", {"form": form})


@limites.limitar("documentos-comprovante-baixar", limite=30, metodos=("GET",))
@require_GET
def comprovante_baixar(request: HttpRequest, numero: str, codigo: str) -> HttpResponseBase:
    inscricao = _inscricao_verificada(numero, codigo)
    if inscricao is None:
        raise Http404
    documento = selectors.documento_por_chave(
        f"comprovante:{inscricao.pk}"
    ) or services.comprovante_solicitar(inscricao=inscricao)
    if _servivel(documento):
        return _servir(documento)
    return _aguarde(
        request,
        documento,
        url_progresso=reverse("documentos:comprovante_progresso", args=[numero, codigo]),
        url_arquivo=request.path,
    )


@limites.limitar("documentos-comprovante-progresso", limite=120, metodos=("GET",))
@require_GET
def comprovante_progresso(request: HttpRequest, numero: str, codigo: str) -> JsonResponse:
    inscricao = _inscricao_verificada(numero, codigo)
    documento = selectors.documento_por_chave(f"comprovante:{inscricao.pk}") if inscricao else None
    if documento is None:
        raise Http404
    resposta = JsonResponse(
        _estado(
            documento,
            url_arquivo=reverse("documentos:comprovante_baixar", args=[numero, codigo]),
            detalhes=False,
        )
    )
    resposta["Cache-Control"] = "no-store"
    return resposta
