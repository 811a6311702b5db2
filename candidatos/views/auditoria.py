"""RH: trilha de auditoria por seleção e por candidato, com exportação CSV."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from candidatos.models import Inscricao
from candidatos.planilhas import escrever_csv
from candidatos.selectors.sensiveis import (
    inscricoes_com_sensiveis,
    ocultar,
)
from candidatos.services.inscricoes import acessos_registrar
from candidatos.views.classificacao import selecao_com_papel
from selecoes import acesso
from selecoes.consulta import FiltroAuditoriaForm, consulta_invalida
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


def _csv(
    request: HttpRequest, registros: QuerySet[RegistroAuditoria], nome: str, *, ve_sensiveis: bool
) -> HttpResponse:
    """CSV da trilha; sem as escolhas sensíveis para quem não é gestor. O gestor recebe
    tudo, e a exportação fica registrada para cada inscrição com escolha sensível."""
    if ve_sensiveis:
        _registrar_exibicao(
            request,
            registros.only("inscricao_id", "antes", "depois"),
            "exportação CSV da auditoria",
        )

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
        for f in [frase_auditoria(r, mascara=None if ve_sensiveis else ocultar)]
    )
    resposta = HttpResponse(escrever_csv(CABECALHO, linhas), content_type="text/csv; charset=utf-8")
    resposta["Content-Disposition"] = f'attachment; filename="{nome}.csv"'
    return resposta


def _pagina(
    request: HttpRequest, registros: QuerySet[RegistroAuditoria], *, ve_sensiveis: bool
) -> Page[RegistroAuditoria]:
    pagina = Paginator(registros, 50).get_page(request.GET.get("page"))
    mascara = None if ve_sensiveis else ocultar
    # O template lê a frase pronta de cada registro ao lado dele.
    pagina.frases = [(r, frase_auditoria(r, mascara=mascara)) for r in pagina]  # type: ignore[attr-defined]
    return pagina


def _registrar_exibicao(
    request: HttpRequest, registros: Iterable[RegistroAuditoria], onde: str
) -> None:
    ids = inscricoes_com_sensiveis(registros)
    if ids:
        acessos_registrar(
            usuario=acesso.usuario_autenticado(request),
            inscricoes=Inscricao.objects.filter(pk__in=ids),
            contexto=onde,
            agora=timezone.now(),
        )


def _registrar_se_gestor(
    request: HttpRequest, pagina: Page[RegistroAuditoria], *, ve_sensiveis: bool, onde: str
) -> None:
    """A exibição de escolhas sensíveis ao gestor fica registrada (LGPD, art. 37)."""
    if ve_sensiveis:
        _registrar_exibicao(request, pagina.object_list, onde)


@acesso.rh_requerido
def por_selecao(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = selecao_com_papel(request, pk)
    selecao, ve = no_orgao.objeto, no_orgao.ve_dados_sensiveis
    registros = RegistroAuditoria.objects.filter(selecao=selecao).order_by("-criado_em", "-pk")
    filtro = FiltroAuditoriaForm(request.GET)
    if not filtro.is_valid():
        return consulta_invalida(request, filtro)
    acao = filtro.cleaned_data["acao"]
    if acao:
        registros = registros.filter(acao__startswith=acao)
    if request.GET.get("formato") == "csv":
        return _csv(request, registros, f"auditoria-selecao-{selecao.pk}", ve_sensiveis=ve)
    pagina = _pagina(request, registros, ve_sensiveis=ve)
    _registrar_se_gestor(
        request, pagina, ve_sensiveis=ve, onde=f"auditoria da seleção {selecao.numero_edital}"
    )
    return render(
        request,
        "candidatos/classificacao/auditoria.html",
        {"selecao": selecao, "page_obj": pagina, "acao": acao},
    )


@acesso.rh_requerido
def por_inscricao(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = acesso.obter_com_papel(
        Inscricao.objects.select_related("selecao__orgao"),
        request.user,
        caminho_orgao="selecao__orgao",
        pk=pk,
    )
    ins, ve = no_orgao.objeto, no_orgao.ve_dados_sensiveis
    registros = RegistroAuditoria.objects.filter(inscricao_id=ins.pk).order_by("-criado_em", "-pk")
    if request.GET.get("formato") == "csv":
        return _csv(request, registros, f"auditoria-inscricao-{ins.numero}", ve_sensiveis=ve)
    pagina = _pagina(request, registros, ve_sensiveis=ve)
    _registrar_se_gestor(
        request, pagina, ve_sensiveis=ve, onde=f"trilha de auditoria da inscrição {ins.numero}"
    )
    return render(
        request,
        "candidatos/classificacao/auditoria.html",
        {"selecao": ins.selecao, "inscricao": ins, "page_obj": pagina},
    )
