"""Páginas públicas do candidato: seleções abertas, formulário e comprovante."""

import functools
from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_protect

from candidatos.forms.inscricao import ConsultaComprovanteForm, FiltroSelecoesForm, InscricaoForm
from candidatos.selectors.inscricoes import (
    inscricao_por_comprovante,
    selecoes_com_inscricoes,
    vagas_do_edital,
)
from candidatos.services.inscricoes import (
    InscricaoRecusada,
    SubstituicaoNaoConfirmada,
    formatar_codigo,
    inscricao_autorizada,
    inscricao_registrar,
    normalizar_codigo,
    substituicao_solicitar,
)
from selecoes.limites import limitar
from selecoes.models import Selecao
from selecoes.validators import mascarar_cpf

POR_PAGINA = 10


def lista(request: HttpRequest) -> HttpResponse:
    """Seleções de todos os órgãos com inscrições abertas ou em breve."""
    form = FiltroSelecoesForm(request.GET or None)
    filtros: dict[str, Any] = form.cleaned_data if form.is_valid() else {}
    selecoes = selecoes_com_inscricoes(
        agora=timezone.now(),
        orgao=filtros.get("orgao"),
        uf=filtros.get("uf", ""),
        municipio=filtros.get("municipio", "").strip(),
        nivel=filtros.get("nivel", ""),
        area=filtros.get("area", "").strip(),
    )
    pagina = Paginator(selecoes, POR_PAGINA).get_page(request.GET.get("page"))
    return render(
        request,
        "candidatos/inscricao_publica/lista.html",
        {"form": form, "page_obj": pagina, "filtrado": bool(filtros and any(filtros.values()))},
    )


@csrf_protect
@limitar("inscricao:ip", limite=30, janela_segundos=600)
def formulario(request: HttpRequest, selecao_id: int) -> HttpResponse:
    """Formulário de inscrição, só dentro do período (verificado no servidor).

    O limite conta quem envia (IP), nunca o CPF informado: contar o CPF deixaria
    qualquer um bloquear o titular com alguns envios (issue 16, item 1).
    """
    agora = timezone.now()
    # As categorias do órgão servem ao formulário e à regra do serviço (uma consulta);
    # as vagas, não: o campo consulta as suas, e no pico uma seleção nacional teria
    # centenas de vagas carregadas a cada envio (issue 22, item 1).
    selecao = get_object_or_404(
        Selecao.objects.publicadas().select_related("orgao").prefetch_related("categorias_orgao"),
        pk=selecao_id,
    )
    # As vagas do quadro e do campo: lidas uma vez, e só se a página for desenhada (o
    # modelo chama); o envio válido não as lê (issue 22, item 1).
    vagas = functools.cache(lambda: vagas_do_edital(selecao_id=selecao.pk))
    contexto: dict[str, Any] = {"selecao": selecao, "agora": agora, "vagas_do_edital": vagas}
    if not selecao.inscricoes_abertas(agora):
        return render(request, "candidatos/inscricao_publica/fechada.html", contexto)
    autorizacao = request.GET.get("autorizacao", "")[:300]
    form = InscricaoForm(
        request.POST or None,
        request.FILES or None,
        selecao=selecao,
        hoje=timezone.localdate(agora),
        initial={"autorizacao": autorizacao},
        vagas=vagas,
    )
    if request.method == "GET" and autorizacao:
        contexto["autorizada"] = inscricao_autorizada(selecao=selecao, autorizacao=autorizacao)
    if request.method == "POST" and form.is_valid():
        try:
            inscricao = inscricao_registrar(
                selecao=selecao,
                dados=form.dados(),
                agora=agora,
                laudo=form.cleaned_data.get("laudo_pcd"),
                confirmacao=form.confirmacao(),
                documentos=form.documentos(),
            )
        except SubstituicaoNaoConfirmada as erro:
            substituicao_solicitar(anterior_id=erro.anterior_id, agora=agora)
            form.add_error(erro.campo, erro.mensagem)
        except InscricaoRecusada as erro:
            form.add_error(erro.campo if erro.campo in form.fields else None, erro.mensagem)
        else:
            form.descartar_laudo_guardado()
            form.descartar_documentos_guardados()
            return redirect(
                "inscricao_publica:comprovante", inscricao.numero, inscricao.codigo_verificacao
            )
    if request.method == "POST":
        form.reter_laudo()
        form.reter_documentos()
    contexto["form"] = form
    return render(request, "candidatos/inscricao_publica/formulario.html", contexto)


@never_cache
@limitar("comprovante:ip", limite=30, janela_segundos=60, metodos=("GET",))
def consultar(request: HttpRequest) -> HttpResponse:
    """Localiza o comprovante pelo número e pelo código de verificação."""
    form = ConsultaComprovanteForm(request.GET or None)
    if form.is_valid():
        numero = form.cleaned_data["numero"].strip()
        codigo = normalizar_codigo(form.cleaned_data["codigo"])
        if inscricao_por_comprovante(numero=numero, codigo=codigo) is not None:
            return redirect(reverse("inscricao_publica:comprovante", args=[numero, codigo]))
        form.add_error(
            None, "Não encontramos inscrição com esse número e código: confira os dois campos."
        )
    return render(request, "candidatos/inscricao_publica/consultar.html", {"form": form})


@never_cache
@limitar("comprovante:ip", limite=30, janela_segundos=60, metodos=("GET",))
def comprovante(request: HttpRequest, numero: str, codigo: str) -> HttpResponse:
    """Comprovante: acessível só com o número e o código de verificação."""
    inscricao = inscricao_por_comprovante(numero=numero, codigo=codigo)
    if inscricao is None:
        raise Http404
    resposta = render(
        request,
        "candidatos/inscricao_publica/comprovante.html",
        {
            "inscricao": inscricao,
            "codigo": formatar_codigo(inscricao.codigo_verificacao),
            "cpf_mascarado": mascarar_cpf(inscricao.cpf),
        },
    )
    resposta["X-Robots-Tag"] = "noindex, nofollow"
    return resposta
