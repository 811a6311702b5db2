"""RH: trilha de auditoria por seleção e por candidato, com exportação CSV."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from candidatos.models import Inscricao
from candidatos.planilhas import escrever_csv
from candidatos.views.classificacao import obter_selecao
from selecoes import acesso
from selecoes.models import RegistroAuditoria
from selecoes.selectors.auditoria import frase_auditoria

CABECALHO = [
    "quando (horário de Brasília)",
    "quem",
    "ação",
    "descrição",
    "antes → depois",
    "motivo",
    "frase",
    "código da ação",
    "objeto",
    "id do objeto",
]


def _csv(registros: QuerySet[RegistroAuditoria], nome: str) -> HttpResponse:
    linhas = (
        [
            f.quando,
            f.quem,
            f.acao,
            f.descricao,
            f.antes_depois,
            f.motivo,
            f.texto,
            r.acao,
            r.objeto_tipo,
            r.objeto_id,
        ]
        for r in registros.iterator(chunk_size=2000)
        for f in [frase_auditoria(r)]
    )
    resposta = HttpResponse(escrever_csv(CABECALHO, linhas), content_type="text/csv; charset=utf-8")
    resposta["Content-Disposition"] = f'attachment; filename="{nome}.csv"'
    return resposta


def _pagina(request: HttpRequest, registros: QuerySet[RegistroAuditoria]):  # type: ignore[no-untyped-def]
    pagina = Paginator(registros, 50).get_page(request.GET.get("page"))
    pagina.frases = [(r, frase_auditoria(r)) for r in pagina]
    return pagina


@acesso.rh_requerido
def por_selecao(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    registros = RegistroAuditoria.objects.filter(selecao=selecao).order_by("-criado_em", "-pk")
    # Sem NUL: o PostgreSQL recusa o caractere em texto (seria HTTP 500).
    acao = request.GET.get("acao", "").replace("\x00", "").strip()
    if acao:
        registros = registros.filter(acao__startswith=acao)
    if request.GET.get("formato") == "csv":
        return _csv(registros, f"auditoria-selecao-{selecao.pk}")
    return render(
        request,
        "candidatos/classificacao/auditoria.html",
        {"selecao": selecao, "page_obj": _pagina(request, registros), "acao": acao},
    )


@acesso.rh_requerido
def por_inscricao(request: HttpRequest, pk: int) -> HttpResponse:
    ins = acesso.obter_no_escopo(
        Inscricao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    registros = RegistroAuditoria.objects.filter(inscricao_id=ins.pk).order_by("-criado_em", "-pk")
    if request.GET.get("formato") == "csv":
        return _csv(registros, f"auditoria-inscricao-{ins.numero}")
    return render(
        request,
        "candidatos/classificacao/auditoria.html",
        {"selecao": ins.selecao, "inscricao": ins, "page_obj": _pagina(request, registros)},
    )
