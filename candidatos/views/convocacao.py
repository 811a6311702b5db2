"""RH: página da vaga (listas do decreto e ordem de convocação), convocações,
desfechos e processos de eliminação (art. 2º, parágrafo único)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from candidatos.forms.classificacao import (
    AbrirProcessoForm,
    ContratacaoForm,
    ConvocarForm,
    DecisaoProcessoForm,
    DefesaForm,
    DesistenciaForm,
    DesistenciaInscricaoForm,
    NotificarForm,
    VagasSurgidasForm,
)
from candidatos.models import (
    AcessoDadoSensivel,
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    SituacaoConvocacao,
    SituacaoProcesso,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico
from candidatos.services import eliminacao, heteroidentificacao
from candidatos.views.classificacao import (
    contexto_papel,
    obter_selecao,
    vaga_com_papel,
)
from selecoes import acesso
from selecoes.categorias import Categoria
from selecoes.models import CriterioAvaliacao, Papel
from selecoes.selectors import chamadas_da_selecao

# --- página da vaga -------------------------------------------------------------

POR_PAGINA_LISTA = 100


@acesso.rh_requerido
def vaga(request: HttpRequest, pk: int) -> HttpResponse:
    """Classificação geral, listas de negros e de PcD, ordem de convocação com a
    modalidade e a frase do motor, convocações e quem chamar agora (arts. 3º e 4º)."""
    no_orgao = vaga_com_papel(request, pk)
    v = no_orgao.objeto
    estado = estado_vaga(v)
    agora = timezone.localtime()
    listas = {
        "geral": ("Classificação geral", estado.classificacao),
        Categoria.NEGROS: (f"{Categoria.NEGROS.label} (art. 4º)", estado.lista_negros),
        Categoria.PCD: (Categoria.PCD.label, estado.lista_pcd),
        **{
            c.categoria: (f"{c.nome} ({c.base_legal})", estado.lista(c.categoria))
            for c in v.selecao.categorias_orgao.all()
        },
    }
    pedida = request.GET.get("lista", "geral")
    lista = pedida if pedida in listas else "geral"
    rotulo, linhas = listas[lista]
    contexto = {
        "vaga": v,
        "selecao": v.selecao,
        "estado": estado,
        "listas": [(codigo, r, len(ls)) for codigo, (r, ls) in listas.items()],
        "lista": lista,
        "lista_rotulo": rotulo,
        "page_obj": Paginator(list(enumerate(linhas, 1)), POR_PAGINA_LISTA).get_page(
            request.GET.get("page")
        ),
        "form_convocar": ConvocarForm(
            maximo=len(estado.a_convocar), agora=agora, **_prazo_do_edital(v.selecao, agora)
        ),
        "form_surgidas": VagasSurgidasForm(),
        "chamadas": chamadas_da_selecao(v.selecao),
        "casas_nota": CriterioAvaliacao.casas_nota_final(v.selecao_id),
        **no_orgao.contexto(),
    }
    return render(request, "candidatos/convocacao/vaga.html", contexto)


def _prazo_do_edital(selecao: Any, agora: Any) -> dict[str, Any]:
    """O prazo que o edital dá, sugerido no formulário (o RH pode mudar)."""
    from candidatos.services import prazos

    fim = prazos.prazo_resposta_do_edital(selecao, agora)
    return {
        "prazo_sugerido": timezone.localtime(fim).replace(second=0, microsecond=0),
        "ajuda_prazo": f"Pelo edital: {prazos.prazo_do_edital_por_extenso(selecao)}, "
        "até o fim do último dia.",
    }


@require_POST
@acesso.rh_requerido
def convocar(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Convocar próximos N" (a trava e o recálculo ficam no serviço)."""
    v = vaga_com_papel(request, pk, exigir=acesso.EDITORES).objeto
    agora = timezone.now()
    form = ConvocarForm(request.POST, maximo=10_000, agora=agora)
    if not form.is_valid():
        messages.error(request, _erros_do_form(form))
        return redirect("classificacao:vaga", pk=v.pk)
    try:
        criadas = servico.proximos_convocar(
            vaga=v,
            quantidade=form.cleaned_data["quantidade"],
            prazo_resposta=form.cleaned_data["prazo_resposta"],
            usuario=request.user,
            agora=agora,
            chave=form.cleaned_data["chave"],
        )
    except ValidationError as erro:
        messages.error(request, " ".join(erro.messages))
    else:
        numeros = ", ".join(c.inscricao.numero for c in criadas)
        messages.success(
            request, f"{len(criadas)} candidato(s) convocado(s): {numeros}. E-mails em envio."
        )
    return redirect("classificacao:vaga", pk=v.pk)


@require_POST
@acesso.rh_requerido
def vagas_surgidas(request: HttpRequest, pk: int) -> HttpResponse:
    v = vaga_com_papel(request, pk, exigir=acesso.EDITORES).objeto
    form = VagasSurgidasForm(request.POST)
    if not form.is_valid():
        messages.error(request, _erros_do_form(form))
        return redirect("classificacao:vaga", pk=v.pk)
    try:
        servico.vagas_surgidas_registrar(
            vaga=v,
            quantidade=form.cleaned_data["quantidade"],
            motivo=form.cleaned_data["motivo"],
            usuario=request.user,
        )
    except ValidationError as erro:
        messages.error(request, " ".join(erro.messages))
    else:
        messages.success(request, "Vagas surgidas registradas: a ordem de convocação continua.")
    return redirect("classificacao:vaga", pk=v.pk)


def _erros_do_form(form: Any) -> str:
    partes = []
    for campo, erros in form.errors.items():
        rotulo = form.fields[campo].label if campo in form.fields else ""
        partes.append(f"{rotulo}: {' '.join(erros)}" if rotulo else " ".join(erros))
    return " ".join(partes)


# --- convocação -----------------------------------------------------------------


def _obter_convocacao(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[Convocacao]:
    return acesso.obter_com_papel(
        Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao", "convocada_por"),
        request.user,
        caminho_orgao="vaga__selecao__orgao",
        exigir=exigir,
        pk=pk,
    )


@acesso.rh_requerido
def convocacao(request: HttpRequest, pk: int) -> HttpResponse:
    c = _obter_convocacao(request, pk).objeto
    return render(
        request,
        "candidatos/convocacao/convocacao.html",
        _contexto_convocacao(
            request, c, ContratacaoForm(), DesistenciaForm(initial={"data": timezone.localdate()})
        ),
    )


def _contexto_convocacao(
    request: HttpRequest, c: Convocacao, form_contratar: Any, form_desistencia: Any
) -> dict[str, Any]:
    return {
        "convocacao": c,
        "vaga": c.vaga,
        "selecao": c.vaga.selecao,
        "form_contratar": form_contratar,
        "form_desistencia": form_desistencia,
        "pode_contratar": c.situacao in (SituacaoConvocacao.AGUARDANDO, SituacaoConvocacao.ACEITA),
        # Cadastro de reserva numa categoria confirmada: espera a heteroidentificação.
        "pendente_heteroidentificacao": heteroidentificacao.convocacao_pendente_verificacao(c),
        "em_curso": c.situacao
        in (
            SituacaoConvocacao.AGUARDANDO,
            SituacaoConvocacao.ACEITA,
            SituacaoConvocacao.CONTRATADO,
        ),
        **contexto_papel(request, c.vaga.selecao),
    }


@require_POST
@acesso.rh_requerido
def contratar(request: HttpRequest, pk: int) -> HttpResponse:
    c = _obter_convocacao(request, pk, exigir=acesso.EDITORES).objeto
    form = ContratacaoForm(request.POST)
    if form.is_valid():
        try:
            servico.contratacao_registrar(convocacao=c, usuario=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, "Contratação registrada.")
            return redirect("classificacao:convocacao", pk=c.pk)
    contexto = _contexto_convocacao(request, c, form, DesistenciaForm())
    return render(request, "candidatos/convocacao/convocacao.html", contexto, status=400)


@require_POST
@acesso.rh_requerido
def encerrar(request: HttpRequest, pk: int) -> HttpResponse:
    """Recusou, não compareceu ou desistiu (art. 4º, § 2º)."""
    c = _obter_convocacao(request, pk, exigir=acesso.EDITORES).objeto
    form = DesistenciaForm(request.POST)
    if form.is_valid():
        try:
            servico.desistencia_registrar(convocacao=c, usuario=request.user, **form.cleaned_data)
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(
                request,
                "Desfecho registrado. A vaga liberada aparece em “A convocar agora”, "
                "pela regra do decreto (art. 4º, §§ 2º e 3º).",
            )
            return redirect("classificacao:vaga", pk=c.vaga_id)
    contexto = _contexto_convocacao(request, c, ContratacaoForm(), form)
    return render(request, "candidatos/convocacao/convocacao.html", contexto, status=400)


def _obter_inscricao(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[Inscricao]:
    return acesso.obter_com_papel(
        Inscricao.objects.select_related("selecao__orgao", "vaga"),
        request.user,
        caminho_orgao="selecao__orgao",
        exigir=exigir,
        pk=pk,
    )


@acesso.rh_requerido
def desistencia_inscricao(request: HttpRequest, pk: int) -> HttpResponse:
    """Desistência de quem ainda não foi convocado."""
    ins = _obter_inscricao(request, pk, exigir=acesso.EDITORES).objeto
    form = DesistenciaInscricaoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            servico.desistencia_inscricao_registrar(
                inscricao=ins, motivo=form.cleaned_data["motivo"], usuario=request.user
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, f"Inscrição {ins.numero} registrada como desistente.")
            return redirect("classificacao:inscricao", pk=ins.pk)
    return render(
        request,
        "candidatos/convocacao/desistencia.html",
        {"inscricao": ins, "selecao": ins.selecao, "form": form},
    )


# --- eliminação -----------------------------------------------------------------


@acesso.rh_requerido
def processos(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = obter_selecao(request, pk)
    lista = (
        ProcessoEliminacao.objects.filter(inscricao__selecao=selecao)
        .select_related("inscricao", "aberto_por", "decidido_por")
        .order_by("-aberto_em")
    )
    return render(
        request,
        "candidatos/convocacao/processos.html",
        {"selecao": selecao, "processos": lista, **contexto_papel(request, selecao)},
    )


@acesso.rh_requerido
def processo_abrir(request: HttpRequest, pk: int) -> HttpResponse:
    ins = _obter_inscricao(request, pk, exigir=acesso.EDITORES).objeto
    form = AbrirProcessoForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            p = eliminacao.processo_abrir(
                inscricao=ins,
                motivo=form.cleaned_data["motivo"],
                evidencias=form.cleaned_data["evidencias"],
                arquivo=form.cleaned_data["arquivo"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            form.descartar_arquivo_guardado()
            messages.success(
                request, "Processo aberto. Notifique o candidato com o prazo de defesa."
            )
            return redirect("classificacao:processo", pk=p.pk)
    if request.method == "POST":
        form.reter_arquivo()
    return render(
        request,
        "candidatos/convocacao/processo_abrir.html",
        {"inscricao": ins, "selecao": ins.selecao, "form": form},
    )


def _obter_processo(
    request: HttpRequest, pk: int, *, exigir: Iterable[Papel] | None = None
) -> acesso.Acesso[ProcessoEliminacao]:
    return acesso.obter_com_papel(
        ProcessoEliminacao.objects.select_related(
            "inscricao__selecao__orgao", "inscricao__vaga", "aberto_por", "decidido_por"
        ),
        request.user,
        caminho_orgao="inscricao__selecao__orgao",
        exigir=exigir,
        pk=pk,
    )


def _render_processo(
    request: HttpRequest,
    no_orgao: acesso.Acesso[ProcessoEliminacao],
    status: int = 200,
    **forms: Any,
) -> HttpResponse:
    p = no_orgao.objeto
    selecao = p.inscricao.selecao
    papel = no_orgao.contexto()
    if papel["eh_gestor"]:
        # LGPD, art. 11: a cor/raça declarada só aparece ao gestor, e cada exibição fica registrada.
        AcessoDadoSensivel.objects.create(
            usuario=acesso.usuario_autenticado(request),
            inscricao=p.inscricao,
            contexto=f"processo de eliminação {p.pk}",
        )
    contexto = {
        "processo": p,
        "inscricao": p.inscricao,
        "selecao": selecao,
        "em_curso": p.situacao in eliminacao.EM_CURSO,
        "aguardando_defesa": p.situacao == SituacaoProcesso.AGUARDANDO_DEFESA,
        "form_notificar": forms.get("form_notificar") or NotificarForm(),
        "form_defesa": forms.get("form_defesa") or DefesaForm(),
        "form_decisao": forms.get("form_decisao") or DecisaoProcessoForm(),
        **papel,
    }
    return render(request, "candidatos/convocacao/processo.html", contexto, status=status)


@acesso.rh_requerido
def processo(request: HttpRequest, pk: int) -> HttpResponse:
    return _render_processo(request, _obter_processo(request, pk))


@require_POST
@acesso.rh_requerido
def processo_notificar(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _obter_processo(request, pk, exigir=acesso.EDITORES)
    p = no_orgao.objeto
    form = NotificarForm(request.POST)
    if form.is_valid():
        try:
            eliminacao.candidato_notificar(
                processo=p,
                prazo_defesa=form.cleaned_data["prazo_defesa"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            form.add_error("prazo_defesa", erro)
        else:
            messages.success(request, "Candidato notificado por e-mail.")
            return redirect("classificacao:processo", pk=p.pk)
    return _render_processo(request, no_orgao, status=400, form_notificar=form)


@require_POST
@acesso.rh_requerido
def processo_defesa(request: HttpRequest, pk: int) -> HttpResponse:
    no_orgao = _obter_processo(request, pk, exigir=acesso.EDITORES)
    p = no_orgao.objeto
    form = DefesaForm(request.POST)
    if form.is_valid():
        try:
            eliminacao.defesa_registrar(
                processo=p,
                defesa=form.cleaned_data["defesa"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            form.add_error("defesa", erro)
        else:
            messages.success(request, "Defesa registrada.")
            return redirect("classificacao:processo", pk=p.pk)
    return _render_processo(request, no_orgao, status=400, form_defesa=form)


@require_POST
@acesso.rh_requerido
def processo_decidir(request: HttpRequest, pk: int) -> HttpResponse:
    """Só gestor decide (operador e auditor: 403)."""
    no_orgao = _obter_processo(request, pk, exigir=[Papel.GESTOR])
    p = no_orgao.objeto
    form = DecisaoProcessoForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            eliminacao.processo_decidir(
                processo=p,
                procedente=form.cleaned_data["procedente"],
                fundamentacao=form.cleaned_data["fundamentacao"],
                documento=form.cleaned_data["documento"],
                usuario=request.user,
                agora=timezone.now(),
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            form.descartar_arquivo_guardado()
            messages.success(request, "Decisão registrada.")
            return redirect("classificacao:processo", pk=p.pk)
    form.reter_arquivo()
    return _render_processo(request, no_orgao, status=400, form_decisao=form)


ARQUIVOS_PROCESSO = {"evidencias": "arquivo_evidencias", "decisao": "documento_decisao"}


@acesso.rh_requerido
def processo_arquivo(request: HttpRequest, pk: int, qual: str) -> FileResponse:
    """Arquivos do processo só por aqui, com verificação de escopo (nunca por URL direta)."""
    p = _obter_processo(request, pk).objeto
    campo = ARQUIVOS_PROCESSO.get(qual)
    arquivo = getattr(p, campo) if campo else None
    if not arquivo:
        raise Http404
    return FileResponse(
        arquivo.open("rb"), as_attachment=True, filename=arquivo.name.rsplit("/", 1)[-1]
    )
