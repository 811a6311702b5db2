"""Painel do acompanhamento anual (art. 5º) e cadastro de empresas do art. 6º."""

from __future__ import annotations

import mimetypes
from pathlib import PurePath
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.generic import DetailView, ListView

from candidatos.planilhas import escrever_csv, escrever_xlsx
from relatorios.models import Documento, EmpresaTerceirizada, StatusDocumento, TipoDocumento
from relatorios.monitoramento import selectors
from relatorios.monitoramento import services as servicos
from relatorios.monitoramento.aprendizes import BASE_LEGAL, ROTULOS_PRIORIDADE, priorizar
from relatorios.monitoramento.forms import (
    EmpresaTerceirizadaForm,
    FiltroMonitoramentoForm,
    PriorizacaoForm,
)
from relatorios.monitoramento.indicadores import LIMITE_SUPRESSAO, Tabela
from relatorios.monitoramento.indicadores.painel import Painel, Planilha, tabela_priorizacao
from selecoes import acesso

TABELAS_EXPORTAVEIS = ("indicadores", "evolucao", "orgaos")
TIPOS = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}


def _planilha(tabela: Tabela | Planilha, formato: str, nome: str) -> HttpResponse:
    cabecalho, linhas = tabela.para_planilha()
    if formato == "xlsx":
        conteudo = escrever_xlsx(cabecalho, linhas, titulo=tabela.legenda[:31])
    else:
        conteudo = escrever_csv(cabecalho, linhas)
    resposta = HttpResponse(conteudo, content_type=TIPOS[formato])
    resposta["Content-Disposition"] = f'attachment; filename="{slugify(nome)}.{formato}"'
    return resposta


def _painel(request: HttpRequest) -> tuple[Painel, FiltroMonitoramentoForm]:
    escopo = selectors.escopo_monitoramento(request.user)
    hoje = timezone.localdate()
    anos = selectors.anos_com_dados(escopo.orgao_ids) or [hoje.year]
    form = FiltroMonitoramentoForm(request.GET or None, anos=anos, orgaos=escopo.orgaos)
    painel = selectors.painel_monitoramento(
        escopo=escopo,
        ano=form.valor("ano"),
        orgao=form.valor("orgao"),
        nivel=form.valor("nivel", ""),
        uf=form.valor("uf", ""),
        hoje=hoje,
    )
    return painel, form


@login_required
@require_GET
def painel(request: HttpRequest) -> HttpResponse:
    """Art. 5º: indicadores por ano, por órgão e consolidados, com gráficos e tabelas."""
    dados, form = _painel(request)
    return render(
        request,
        "relatorios/monitoramento/painel.html",
        {
            "painel": dados,
            "resumo": dados.resumo(),
            "graficos": dados.graficos(),
            "ve_empresas": acesso.lotacoes(request.user).exists(),
            "relatorios": selectors.relatorios_anuais(dados.escopo)[:10],
            "pode_gerar": selectors.pode_gerar_relatorio(dados, request.user),
            "form": form,
            "limite": LIMITE_SUPRESSAO,
            "consulta": request.GET.urlencode(),
            "tabelas_exportaveis": TABELAS_EXPORTAVEIS,
        },
    )


@login_required
@require_GET
def exportar(request: HttpRequest, tabela: str, formato: str) -> HttpResponse:
    """CSV/XLSX das tabelas do painel, com a mesma supressão da tela."""
    if tabela not in TABELAS_EXPORTAVEIS or formato not in TIPOS:
        raise Http404
    dados, _ = _painel(request)
    sufixo = f"-{dados.orgao.sigla}" if dados.orgao else ""
    return _planilha(
        dados.tabela_exportacao(tabela), formato, f"monitoramento-{tabela}-{dados.ano}{sufixo}"
    )


@login_required
@require_GET
def relatorio_anual(request: HttpRequest) -> HttpResponse:
    """Prévia em HTML do relatório anual (o mesmo template do PDF), sempre com supressão."""
    dados, _ = _painel(request)
    contexto = selectors.contexto_relatorio_anual(
        orgao_ids=None if dados.escopo.monitoramento else dados.escopo.orgao_ids,
        ano=dados.ano,
        orgao_id=dados.orgao.pk if dados.orgao else None,
        nivel=dados.nivel,
        uf=dados.uf,
        hoje=timezone.localdate(),
    )
    contexto["consulta"] = request.GET.urlencode()
    return render(request, "relatorios/monitoramento/relatorio_anual.html", contexto)


def _documento_relatorio(request: HttpRequest, pk: int) -> Documento:
    """Relatório anual: do monitoramento (todos) ou de gestor/auditor do órgão; senão 404."""
    documento = get_object_or_404(
        Documento.objects.select_related("orgao"), pk=pk, tipo=TipoDocumento.RELATORIO_ANUAL
    )
    if selectors.tem_perfil_monitoramento(request.user):
        return documento
    papel = acesso.papel_no_orgao(request.user, documento.orgao_id) if documento.orgao_id else None
    if papel not in selectors.PAPEIS_PAINEL:
        raise Http404
    return documento


@login_required
@require_POST
def relatorio_anual_gerar(request: HttpRequest) -> HttpResponse:
    """Pede o PDF do relatório anual (gerado por Celery) com os filtros da tela."""
    dados, _ = _painel(request)
    try:
        documento = servicos.relatorio_anual_solicitar(painel=dados, usuario=request.user)
    except ValueError as erro:
        messages.error(request, str(erro))
        return redirect(f"{reverse('monitoramento:painel')}?{request.GET.urlencode()}")
    return redirect("monitoramento:relatorio_anual_documento", pk=documento.pk)


@login_required
@require_GET
def relatorio_anual_documento(request: HttpRequest, pk: int) -> HttpResponse:
    documento = _documento_relatorio(request, pk)
    return render(
        request,
        "relatorios/monitoramento/documento.html",
        {
            "documento": documento,
            "url_progresso": reverse("monitoramento:relatorio_anual_progresso", args=[pk]),
            "url_arquivo": reverse("monitoramento:relatorio_anual_arquivo", args=[pk]),
            "pronto": bool(documento.arquivo),
            "detalhes": True,
        },
    )


@login_required
@require_GET
def relatorio_anual_progresso(request: HttpRequest, pk: int) -> JsonResponse:
    documento = _documento_relatorio(request, pk)
    resposta = JsonResponse(
        {
            "status": documento.status,
            "status_texto": documento.get_status_display(),
            "progresso": documento.progresso,
            "desatualizado": documento.desatualizado,
            "pronto": bool(documento.arquivo) and documento.status == StatusDocumento.PRONTO,
            "url": reverse("monitoramento:relatorio_anual_arquivo", args=[pk]),
            "mensagem": documento.mensagem_erro,
        }
    )
    resposta["Cache-Control"] = "no-store"
    return resposta


@login_required
@require_GET
def relatorio_anual_arquivo(request: HttpRequest, pk: int) -> HttpResponseBase:
    documento = _documento_relatorio(request, pk)
    if not documento.arquivo:
        return redirect("monitoramento:relatorio_anual_documento", pk=pk)
    resposta = FileResponse(
        documento.arquivo.open("rb"),
        content_type="application/pdf",
        filename=f"{slugify(documento.titulo) or 'relatorio-anual'}.pdf",
    )
    resposta["Cache-Control"] = "private, no-store, max-age=0"
    return resposta


# ------------------------------------------------------------------ art. 6º


def _exigir_lotacao(request: HttpRequest) -> None:
    if not acesso.e_rh(request.user):
        raise PermissionDenied(
            "O cadastro de empresas (art. 6º) é do RH do órgão: é preciso ser "
            f"{acesso.papeis_por_extenso(acesso.PAPEIS_RH)} lotado(a) em um órgão."
        )


class EmpresasMixin(LoginRequiredMixin):
    model = EmpresaTerceirizada

    def get_queryset(self) -> QuerySet[EmpresaTerceirizada]:
        return selectors.empresas_no_escopo(self.request.user)  # type: ignore[attr-defined]


class EmpresaListView(EmpresasMixin, ListView):  # type: ignore[misc]
    template_name = "relatorios/monitoramento/empresas/lista.html"
    context_object_name = "empresas"
    paginate_by = 50

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.user.is_authenticated:
            _exigir_lotacao(request)
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        contexto = super().get_context_data(**kwargs)
        contexto["pode_editar"] = acesso.orgaos_do_usuario(
            self.request.user, acesso.EDITORES
        ).exists()
        contexto["base_legal"] = BASE_LEGAL
        return contexto


class EmpresaDetailView(EmpresasMixin, DetailView):
    template_name = "relatorios/monitoramento/empresas/detalhe.html"
    context_object_name = "empresa"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        contexto = super().get_context_data(**kwargs)
        contexto["pode_editar"] = acesso.pode_editar(self.request.user, self.object.orgao_id)
        contexto["base_legal"] = BASE_LEGAL
        return contexto


def _form_empresa(request: HttpRequest, empresa: EmpresaTerceirizada | None) -> HttpResponse:
    orgaos = acesso.orgaos_do_usuario(request.user, acesso.EDITORES).order_by("sigla")
    if not orgaos.exists():
        raise PermissionDenied("Somente gestores e operadores cadastram empresas.")
    antes = servicos.retrato(empresa) if empresa else None
    form = EmpresaTerceirizadaForm(
        request.POST or None,
        request.FILES or None,
        instance=empresa,
        orgaos=orgaos,
        hoje=timezone.localdate(),
    )
    if request.method == "POST" and form.is_valid():
        salva = servicos.empresa_salvar(
            empresa=form.save(commit=False), usuario=request.user, antes=antes
        )
        messages.success(
            request, f"Empresa {salva.razao_social} salva: {salva.cota.situacao.rotulo}."
        )
        return redirect("monitoramento:empresa", pk=salva.pk)
    return render(
        request,
        "relatorios/monitoramento/empresas/form.html",
        {"form": form, "empresa": empresa, "base_legal": BASE_LEGAL},
    )


@login_required
@require_http_methods(["GET", "POST"])
def empresa_nova(request: HttpRequest) -> HttpResponse:
    return _form_empresa(request, None)


@login_required
@require_http_methods(["GET", "POST"])
def empresa_editar(request: HttpRequest, pk: int) -> HttpResponse:
    empresa = acesso.obter_no_escopo(
        EmpresaTerceirizada.objects.all(), request.user, papeis=acesso.EDITORES, pk=pk
    )
    return _form_empresa(request, empresa)


@login_required
@require_http_methods(["GET", "POST"])
def empresa_excluir(request: HttpRequest, pk: int) -> HttpResponse:
    empresa = acesso.obter_no_escopo(
        EmpresaTerceirizada.objects.all(), request.user, papeis=acesso.EDITORES, pk=pk
    )
    if request.method == "POST":
        servicos.empresa_excluir(empresa=empresa, usuario=request.user)
        messages.success(request, f"Empresa {empresa.razao_social} excluída do cadastro.")
        return redirect("monitoramento:empresas")
    return render(
        request, "relatorios/monitoramento/empresas/confirmar_exclusao.html", {"empresa": empresa}
    )


@login_required
@require_GET
def empresa_comprovante(request: HttpRequest, pk: int) -> FileResponse:
    """O comprovante só sai por aqui, para quem é do órgão (arquivos não são públicos)."""
    empresa = acesso.obter_no_escopo(EmpresaTerceirizada.objects.all(), request.user, pk=pk)
    if not empresa.comprovante:
        raise Http404
    nome = PurePath(empresa.comprovante.name or "").name
    tipo = mimetypes.guess_type(nome)[0] or "application/octet-stream"
    return FileResponse(
        empresa.comprovante.open("rb"), as_attachment=True, filename=nome, content_type=tipo
    )


@login_required
@require_GET
def priorizacao(request: HttpRequest) -> HttpResponse:
    """Art. 6º: empresas candidatas de uma contratação, quem comprova a cota primeiro."""
    _exigir_lotacao(request)
    orgaos = acesso.orgaos_do_usuario(request.user).order_by("sigla")
    form = PriorizacaoForm(
        request.GET if "contratacao" in request.GET else None,
        orgaos=orgaos,
        empresas=selectors.empresas_no_escopo(request.user),
    )
    ordem = []
    if form.is_bound and form.is_valid():
        empresas = {e.pk: e for e in form.cleaned_data["empresas"]}
        candidatas = priorizar(selectors.candidatas(list(empresas.values())), form.criterios)
        ordem = [(n, empresas[c.identificador], c.cota) for n, c in enumerate(candidatas, 1)]
        formato = request.GET.get("formato")
        if formato in TIPOS:
            return _planilha(
                tabela_priorizacao(ordem, form.cleaned_data["contratacao"], form.criterios),
                formato,
                f"priorizacao-{form.cleaned_data['contratacao']}",
            )
    return render(
        request,
        "relatorios/monitoramento/empresas/priorizacao.html",
        {
            "form": form,
            "ordem": ordem,
            "base_legal": BASE_LEGAL,
            "grupos": ROTULOS_PRIORIDADE,
        },
    )
