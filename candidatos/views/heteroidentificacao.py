"""Telas do RH da heteroidentificação (issue 15, itens 4 a 7): comissões e membros,
sessões, chamados e presença, resultados preliminar e final, recursos.

Gestor(a) e operador(a) agem; auditor(a) só lê. Tudo no escopo do órgão
(``selecoes.acesso``). Os pareceres dos membros são registrados nas telas da
comissão; aqui o RH vê quem falta e apura. O texto dos pareceres e as gravações
são dado sensível (LGPD, art. 11): só gestores, com o acesso registrado.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from candidatos.forms import heteroidentificacao as formularios
from candidatos.models import (
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    GravacaoSessao,
    ImpedimentoMembro,
    Instancia,
    Parecer,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    SessaoHeteroidentificacao,
)
from candidatos.selectors.heteroidentificacao import chamados_da_selecao
from candidatos.services import heteroidentificacao as hetero
from candidatos.services.inscricoes import acessos_registrar
from selecoes import acesso
from selecoes.categorias import Categoria
from selecoes.models import (
    Comissao,
    ConfirmacaoCategoria,
    MembroComissao,
    Papel,
    Selecao,
    SituacaoSelecao,
)
from selecoes.services import (
    CAMPOS_CONFIRMACAO,
    dados_da_selecao,
    rascunho_atualizar,
    selecao_retificar,
)

EDITORES = acesso.EDITORES


def _selecao(request: HttpRequest, pk: int, exigir: Any = None) -> acesso.Acesso[Selecao]:
    return acesso.obter_com_papel(
        Selecao.objects.select_related("orgao").publicadas(), request.user, exigir=exigir, pk=pk
    )


def _comissao(request: HttpRequest, pk: int, exigir: Any = None) -> acesso.Acesso[Comissao]:
    return acesso.obter_com_papel(
        Comissao.objects.select_related("orgao"), request.user, exigir=exigir, pk=pk
    )


def _sessao(
    request: HttpRequest, pk: int, exigir: Any = None
) -> acesso.Acesso[SessaoHeteroidentificacao]:
    return acesso.obter_com_papel(
        SessaoHeteroidentificacao.objects.select_related("selecao__orgao", "comissao"),
        request.user,
        caminho_orgao="selecao__orgao",
        exigir=exigir,
        pk=pk,
    )


def _chamado(
    request: HttpRequest, pk: int, exigir: Any = None
) -> acesso.Acesso[ChamadoHeteroidentificacao]:
    return acesso.obter_com_papel(
        ChamadoHeteroidentificacao.objects.select_related(
            "selecao__orgao", "inscricao", "sessao__comissao"
        ),
        request.user,
        caminho_orgao="selecao__orgao",
        exigir=exigir,
        pk=pk,
    )


def _erro(request: HttpRequest, erro: ValidationError) -> None:
    for mensagem in erro.messages:
        messages.error(request, mensagem)


def _erros_do_form(request: HttpRequest, form: Any) -> None:
    """Erros de um formulário que volta por redirecionamento, cada um com o rótulo do campo."""
    for campo, erros in form.errors.items():
        rotulo = form.fields[campo].label if campo in form.fields else ""
        for e in erros:
            messages.error(request, f"{rotulo}: {e}" if rotulo else str(e))


# --- comissões -------------------------------------------------------------------


@require_safe
@acesso.rh_requerido
def comissoes(request: HttpRequest) -> HttpResponse:
    lista = (
        acesso.escopo(Comissao.objects.select_related("orgao"), request.user)
        .prefetch_related("membros")
        .order_by("orgao__sigla", "tipo", "nome")
    )
    pode_criar = acesso.orgaos_do_usuario(request.user, EDITORES).exists()
    return render(
        request,
        "candidatos/heteroidentificacao/comissoes.html",
        {"comissoes": lista, "pode_criar": pode_criar},
    )


@acesso.rh_requerido
def comissao_nova(request: HttpRequest) -> HttpResponse:
    orgaos = acesso.orgaos_do_usuario(request.user, EDITORES)
    if not orgaos.exists():
        raise PermissionDenied("Cadastrar comissões é de gestor(a) ou operador(a) do órgão.")
    form = formularios.ComissaoForm(request.POST or None, orgaos=orgaos)
    if request.method == "POST" and form.is_valid():
        try:
            comissao = hetero.comissao_criar(
                orgao=form.cleaned_data["orgao"],
                nome=form.cleaned_data["nome"],
                tipo=form.cleaned_data["tipo"],
                ato_designacao=form.cleaned_data["ato_designacao"],
                usuario=request.user,
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, "Comissão cadastrada. Inclua ao menos três membros.")
            return redirect("heteroidentificacao:comissao", pk=comissao.pk)
    return render(request, "candidatos/heteroidentificacao/comissao_form.html", {"form": form})


@require_safe
@acesso.rh_requerido
def comissao(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _comissao(request, pk)
    objeto = no_orgao.objeto
    return render(
        request,
        "candidatos/heteroidentificacao/comissao.html",
        {
            "comissao": objeto,
            "membros": objeto.membros.select_related("usuario").order_by("-ativo", "nome"),
            "form_membro": formularios.MembroForm(comissao=objeto),
            **no_orgao.contexto(),
        },
    )


@acesso.rh_requerido
def comissao_editar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _comissao(request, pk, exigir=EDITORES).objeto
    inicial = {"nome": objeto.nome, "ato_designacao": objeto.ato_designacao, "ativa": objeto.ativa}
    form = formularios.ComissaoEditarForm(request.POST or None, initial=inicial)
    if request.method == "POST" and form.is_valid():
        try:
            hetero.comissao_atualizar(comissao=objeto, usuario=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, "Comissão alterada.")
            return redirect("heteroidentificacao:comissao", pk=objeto.pk)
    return render(
        request,
        "candidatos/heteroidentificacao/comissao_form.html",
        {"form": form, "comissao": objeto},
    )


@require_POST
@acesso.rh_requerido
def membro_incluir(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _comissao(request, pk, exigir=EDITORES).objeto
    form = formularios.MembroForm(request.POST, comissao=objeto)
    if form.is_valid():
        try:
            hetero.membro_incluir(
                comissao=objeto,
                usuario_membro=form.cleaned_data["usuario"],
                nome=form.cleaned_data["nome"],
                sociedade_civil=form.cleaned_data["sociedade_civil"],
                usuario=request.user,
            )
        except ValidationError as erro:
            _erro(request, erro)
        else:
            messages.success(request, "Membro incluído.")
    else:
        _erros_do_form(request, form)
    return redirect("heteroidentificacao:comissao", pk=objeto.pk)


@require_POST
@acesso.rh_requerido
def membro_desligar(request: HttpRequest, pk: int) -> HttpResponse:
    membro = acesso.obter_com_papel(
        MembroComissao.objects.select_related("comissao__orgao"),
        request.user,
        caminho_orgao="comissao__orgao",
        exigir=EDITORES,
        pk=pk,
    ).objeto
    try:
        hetero.membro_desligar(membro=membro, usuario=request.user)
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, f"{membro.nome} deixou de estar em exercício.")
    return redirect("heteroidentificacao:comissao", pk=membro.comissao_id)


# --- seleção: chamados, sessões e resultados ---------------------------------------


def _decisoes_por_chamado(chamados: list[ChamadoHeteroidentificacao]) -> dict[int, dict[str, Any]]:
    por_chamado: dict[int, dict[str, Any]] = {c.pk: {} for c in chamados}
    for d in DecisaoHeteroidentificacao.objects.filter(chamado__in=chamados):
        por_chamado[d.chamado_id][d.instancia] = d
    return por_chamado


@require_safe
@acesso.rh_requerido
def selecao(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _selecao(request, pk)
    objeto = no_orgao.objeto
    chamados = chamados_da_selecao(objeto.pk)
    decisoes = _decisoes_por_chamado(chamados)
    linhas = [(c, decisoes[c.pk]) for c in chamados]
    return render(
        request,
        "candidatos/heteroidentificacao/selecao.html",
        {
            "selecao": objeto,
            "regras": ConfirmacaoCategoria.objects.filter(selecao=objeto),
            "linhas": linhas,
            "sessoes": SessaoHeteroidentificacao.objects.filter(selecao=objeto).select_related(
                "comissao"
            ),
            "publicacoes": PublicacaoHeteroidentificacao.objects.filter(selecao=objeto),
            "pendentes": hetero.pendentes_do_final(objeto, agora=timezone.now()),
            "form_preliminar": formularios.PreliminarForm(),
            "form_final": formularios.FinalForm(),
            **no_orgao.contexto(),
        },
    )


@require_POST
@acesso.rh_requerido
def chamados_montar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _selecao(request, pk, exigir=EDITORES).objeto
    try:
        novos = hetero.chamados_montar(selecao=objeto, usuario=request.user, agora=timezone.now())
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, f"Lista de chamados montada: {len(novos)} novo(s).")
    return redirect("heteroidentificacao:selecao", pk=objeto.pk)


@acesso.rh_requerido
def sessao_nova(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _selecao(request, pk, exigir=EDITORES).objeto
    form = formularios.SessaoForm(request.POST or None, orgao_id=objeto.orgao_id)
    if request.method == "POST" and form.is_valid():
        try:
            sessao = hetero.sessao_agendar(
                selecao=objeto, usuario=request.user, agora=timezone.now(), **form.cleaned_data
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, "Sessão agendada. Convoque os candidatos chamados.")
            return redirect("heteroidentificacao:sessao", pk=sessao.pk)
    return render(
        request,
        "candidatos/heteroidentificacao/sessao_form.html",
        {"form": form, "selecao": objeto},
    )


@require_safe
@acesso.rh_requerido
def sessao(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _sessao(request, pk)
    objeto = no_orgao.objeto
    chamados = list(objeto.chamados.select_related("inscricao").order_by("inscricao__numero"))
    decisoes = _decisoes_por_chamado(chamados)
    return render(
        request,
        "candidatos/heteroidentificacao/sessao.html",
        {
            "sessao": objeto,
            "selecao": objeto.selecao,
            "linhas": [(c, decisoes[c.pk]) for c in chamados],
            "form_convocar": formularios.ConvocarChamadosForm(selecao_id=objeto.selecao_id),
            "form_gravacao": formularios.GravacaoForm(sessao_id=objeto.pk),
            "gravacoes": objeto.gravacoes.select_related("chamado__inscricao"),
            **no_orgao.contexto(),
        },
    )


@require_POST
@acesso.rh_requerido
def sessao_convocar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _sessao(request, pk, exigir=EDITORES).objeto
    form = formularios.ConvocarChamadosForm(request.POST, selecao_id=objeto.selecao_id)
    if not form.is_valid():
        messages.error(request, "Candidatos chamados: escolha ao menos um candidato da lista.")
    else:
        try:
            convocados = hetero.chamados_convocar(
                sessao=objeto, chamados=list(form.cleaned_data["chamados"]), usuario=request.user
            )
        except ValidationError as erro:
            _erro(request, erro)
        else:
            messages.success(request, f"{len(convocados)} candidato(s) convocado(s) à sessão.")
    return redirect("heteroidentificacao:sessao", pk=objeto.pk)


@require_POST
@acesso.rh_requerido
def presenca(request: HttpRequest, pk: int) -> HttpResponse:
    chamado = _chamado(request, pk, exigir=EDITORES).objeto
    form = formularios.PresencaForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Presença: escolha presente ou ausente.")
    else:
        try:
            hetero.presenca_registrar(
                chamado=chamado,
                presenca=form.cleaned_data["presenca"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erro(request, erro)
        else:
            messages.success(request, f"Presença de {chamado.inscricao.numero} registrada.")
    if chamado.sessao_id:
        return redirect("heteroidentificacao:sessao", pk=chamado.sessao_id)
    return redirect("heteroidentificacao:chamado", pk=chamado.pk)


def _pareceres(chamado: ChamadoHeteroidentificacao) -> QuerySet[Parecer]:
    return Parecer.objects.filter(chamado=chamado).select_related("membro")


@require_safe
@acesso.rh_requerido
def chamado(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _chamado(request, pk)
    objeto = no_orgao.objeto
    if no_orgao.ve_dados_sensiveis:
        # O texto dos pareceres descreve a pessoa (LGPD, art. 11): acesso registrado.
        acessos_registrar(
            usuario=acesso.usuario_autenticado(request),
            inscricoes=[objeto.inscricao],
            contexto="pareceres da heteroidentificação",
            agora=timezone.now(),
        )
    recurso = RecursoHeteroidentificacao.objects.filter(chamado=objeto).first()
    return render(
        request,
        "candidatos/heteroidentificacao/chamado.html",
        {
            "chamado": objeto,
            "selecao": objeto.selecao,
            "pareceres": _pareceres(objeto),
            # O motivo do impedimento é dado sensível: o template só o mostra a gestores.
            "impedimentos": ImpedimentoMembro.objects.filter(chamado=objeto).select_related(
                "membro"
            ),
            "decisoes": DecisaoHeteroidentificacao.objects.filter(chamado=objeto),
            "recurso": recurso,
            "faltam_comissao": hetero.membros_que_faltam(objeto, Instancia.COMISSAO),
            "faltam_recursal": hetero.membros_que_faltam(objeto, Instancia.RECURSAL)
            if recurso
            else [],
            "form_presenca": formularios.PresencaForm(),
            **no_orgao.contexto(),
        },
    )


@require_POST
@acesso.rh_requerido
def apurar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _chamado(request, pk, exigir=EDITORES).objeto
    try:
        decisao = hetero.decisao_apurar(chamado=objeto, usuario=request.user, agora=timezone.now())
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, f"Decisão apurada: {decisao.get_resultado_display().lower()}.")
    return redirect("heteroidentificacao:chamado", pk=objeto.pk)


@acesso.rh_requerido
def recurso_novo(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _chamado(request, pk, exigir=EDITORES).objeto
    form = formularios.RecursoForm(request.POST or None, orgao_id=objeto.selecao.orgao_id)
    if request.method == "POST" and form.is_valid():
        try:
            hetero.recurso_receber(
                chamado=objeto, usuario=request.user, agora=timezone.now(), **form.cleaned_data
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, "Recurso registrado para a comissão recursal.")
            return redirect("heteroidentificacao:chamado", pk=objeto.pk)
    return render(
        request,
        "candidatos/heteroidentificacao/recurso_form.html",
        {"form": form, "chamado": objeto, "selecao": objeto.selecao},
    )


@require_POST
@acesso.rh_requerido
def recurso_julgar(request: HttpRequest, pk: int) -> HttpResponse:
    recurso = acesso.obter_com_papel(
        RecursoHeteroidentificacao.objects.select_related("chamado__selecao__orgao"),
        request.user,
        caminho_orgao="chamado__selecao__orgao",
        exigir=EDITORES,
        pk=pk,
    ).objeto
    try:
        decisao = hetero.recurso_julgar(recurso=recurso, usuario=request.user, agora=timezone.now())
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, f"Recurso julgado: {decisao.get_resultado_display().lower()}.")
    return redirect("heteroidentificacao:chamado", pk=recurso.chamado_id)


@require_POST
@acesso.rh_requerido
def preliminar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _selecao(request, pk, exigir=EDITORES).objeto
    form = formularios.PreliminarForm(request.POST)
    if not form.is_valid():
        for e in form.errors.get("recurso_fim", []):
            messages.error(request, f"Fim do prazo de recurso: {e}")
        return redirect("heteroidentificacao:selecao", pk=objeto.pk)
    try:
        hetero.resultado_preliminar_publicar(
            selecao=objeto,
            recurso_fim=form.cleaned_data["recurso_fim"],
            motivo=form.cleaned_data["motivo"],
            usuario=request.user,
            agora=timezone.now(),
        )
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, "Resultado preliminar da heteroidentificação publicado.")
    return redirect("heteroidentificacao:selecao", pk=objeto.pk)


@require_POST
@acesso.rh_requerido
def final(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _selecao(request, pk, exigir=EDITORES).objeto
    form = formularios.FinalForm(request.POST)
    form.is_valid()
    try:
        hetero.resultado_final_publicar(
            selecao=objeto,
            motivo=form.cleaned_data.get("motivo", ""),
            usuario=request.user,
            agora=timezone.now(),
        )
    except ValidationError as erro:
        _erro(request, erro)
    else:
        messages.success(request, "Resultado final da heteroidentificação publicado.")
    return redirect("heteroidentificacao:selecao", pk=objeto.pk)


# --- gravações --------------------------------------------------------------------


@require_POST
@acesso.rh_requerido
def gravacao_enviar(request: HttpRequest, pk: int) -> HttpResponse:
    objeto = _sessao(request, pk, exigir=EDITORES).objeto
    form = formularios.GravacaoForm(request.POST, request.FILES, sessao_id=objeto.pk)
    if not form.is_valid():
        _erros_do_form(request, form)
    else:
        try:
            hetero.gravacao_enviar(
                sessao=objeto,
                arquivo=form.cleaned_data["arquivo"],
                chamado=form.cleaned_data["chamado"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            _erro(request, erro)
        else:
            messages.success(request, "Gravação guardada no armazenamento privado.")
    return redirect("heteroidentificacao:sessao", pk=objeto.pk)


@never_cache
@require_safe
@acesso.rh_requerido
def gravacao(request: HttpRequest, pk: int) -> FileResponse:
    """Só gestores, só por esta view (nunca por MEDIA_URL); cada acesso registrado."""
    objeto = acesso.obter_com_papel(
        GravacaoSessao.objects.select_related("sessao__selecao__orgao", "chamado"),
        request.user,
        caminho_orgao="sessao__selecao__orgao",
        exigir=[Papel.GESTOR],
        pk=pk,
    ).objeto
    try:
        arquivo = hetero.gravacao_abrir(
            gravacao=objeto,
            usuario=acesso.usuario_autenticado(request),
            agora=timezone.now(),
            contexto="download da gravação da heteroidentificação",
        )
    except ValidationError as erro:
        from django.http import Http404

        raise Http404(erro.messages[0]) from erro
    resposta = FileResponse(arquivo, as_attachment=True, filename=objeto.nome_original)
    resposta["Cache-Control"] = "private, no-store"
    return resposta


# --- regras do edital -----------------------------------------------------------------


def _categorias_do_edital(selecao: Selecao) -> list[tuple[str, str]]:
    """As categorias que o edital declara (negros sempre; PcD se houver; as do órgão)."""
    opcoes = [(Categoria.NEGROS.value, Categoria.NEGROS.label)]
    if selecao.reserva_pcd:
        opcoes.append((Categoria.PCD.value, Categoria.PCD.label))
    opcoes += [(c.categoria, c.nome) for c in selecao.categorias_orgao.all()]
    return opcoes


def _linhas_das_regras(formset: Any) -> list[dict[str, Any]]:
    linhas = []
    for form in formset.forms:
        dados = form.cleaned_data
        if not dados or dados.get("DELETE"):
            continue
        linha = {k: v for k, v in dados.items() if k != "DELETE"}
        if linha.get("chamados") == "todos":
            linha["multiplo"] = None
        linhas.append(linha)
    return linhas


@acesso.rh_requerido
def regras(request: HttpRequest, pk: int) -> HttpResponse:
    """A heteroidentificação do edital: no rascunho, edita; publicado, só por retificação
    (nova versão, com motivo); depois de um resultado, a base legal não muda (regras, § 8)."""
    no_orgao = acesso.obter_com_papel(Selecao.objects.select_related("orgao"), request.user, pk=pk)
    objeto = no_orgao.objeto
    if request.method == "POST":
        no_orgao.exigir(EDITORES)
    categorias = _categorias_do_edital(objeto)
    inicial = [
        {campo: getattr(c, campo) for campo in CAMPOS_CONFIRMACAO if campo != "momento"}
        for c in ConfirmacaoCategoria.objects.filter(selecao=objeto)
    ]
    formset = formularios.RegrasFormSet(
        request.POST or None,
        initial=inicial,
        prefix="regras",
        form_kwargs={"categorias": categorias},
    )
    publicada = objeto.situacao != SituacaoSelecao.RASCUNHO
    form_retificacao = formularios.RetificacaoForm(request.POST or None) if publicada else None
    if (
        request.method == "POST"
        and formset.is_valid()
        and (form_retificacao is None or form_retificacao.is_valid())
    ):
        dados = dataclasses.replace(
            dados_da_selecao(objeto), confirmacoes=_linhas_das_regras(formset)
        )
        try:
            if form_retificacao is None:
                rascunho_atualizar(selecao=objeto, usuario=request.user, dados=dados)
            else:
                selecao_retificar(
                    selecao=objeto,
                    usuario=request.user,
                    motivo=form_retificacao.cleaned_data["motivo"],
                    data_retificacao=form_retificacao.cleaned_data["data_retificacao"],
                    dados=dados,
                    agora=timezone.now(),
                )
        except ValidationError as erro:
            for mensagem in erro.messages:
                messages.error(request, mensagem)
        else:
            messages.success(request, "Heteroidentificação do edital gravada.")
            return redirect("heteroidentificacao:selecao", pk=objeto.pk)
    return render(
        request,
        "candidatos/heteroidentificacao/regras.html",
        {
            "selecao": objeto,
            "formset": formset,
            "form_retificacao": form_retificacao,
            "publicada": publicada,
            **no_orgao.contexto(),
        },
    )
