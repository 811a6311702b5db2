"""Telas do RH para seleções e editais. Regras ficam em services/selectors."""

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from selecoes import acesso, reserva, selectors, services
from selecoes.consulta import AnexoEditalForm, VersoesEditalForm, consulta_invalida
from selecoes.forms import (
    FiltroSelecoesForm,
    FormularioEdital,
    PreviaReservaForm,
    RetificacaoForm,
    vagas_da_previa,
)
from selecoes.forms.senha import RecuperacaoSenhaForm
from selecoes.limites import limitar
from selecoes.models import Selecao, SituacaoSelecao

POR_PAGINA = 20

# Recuperação de senha: 10 pedidos por hora por IP (429 além disso) e, no
# formulário, no máximo 3 e-mails por hora para o mesmo endereço.
recuperar_senha = limitar("senha:ip", limite=10, janela_segundos=3600)(
    auth_views.PasswordResetView.as_view(form_class=RecuperacaoSenhaForm)
)


@login_required
def painel(request: HttpRequest) -> HttpResponse:
    """Página inicial do RH: os órgãos e papéis do usuário e as seleções recentes; ao
    membro de comissão de heteroidentificação, o caminho para as suas sessões."""
    return render(
        request,
        "rh/painel.html",
        {
            "lotacoes": acesso.lotacoes(request.user),
            "lotacoes_comissao": acesso.lotacoes(request.user, acesso.PAPEIS_COMISSAO),
            "recentes": selectors.selecoes_do_usuario(request.user)[:5],
            "pode_criar": acesso.orgaos_do_usuario(request.user, acesso.EDITORES).exists(),
        },
    )


def _selecao(request: HttpRequest, pk: int) -> Selecao:
    """A seleção no escopo do usuário (404 se de outro órgão)."""
    return acesso.obter_no_escopo(Selecao.objects.select_related("orgao"), request.user, pk=pk)


def _selecao_editavel(request: HttpRequest, pk: int) -> Selecao:
    """Como `_selecao`, e exige gestor ou operador (403 para auditor)."""
    selecao = _selecao(request, pk)
    acesso.exigir_papel(request.user, selecao.orgao, acesso.EDITORES)
    return selecao


@acesso.rh_requerido
def lista(request: HttpRequest) -> HttpResponse:
    filtro = FiltroSelecoesForm(request.GET or None, anos=selectors.anos_das_selecoes(request.user))
    criterios: dict[str, Any] = {}
    if filtro.is_valid():
        criterios = {
            "situacao": filtro.cleaned_data["situacao"],
            "ano": filtro.cleaned_data["ano"],
            "texto": filtro.cleaned_data["q"].strip(),
        }
    pagina = Paginator(selectors.selecoes_do_usuario(request.user, **criterios), POR_PAGINA)
    page_obj = pagina.get_page(request.GET.get("page"))
    return render(
        request,
        "selecoes/lista.html",
        {
            "filtro": filtro,
            "page_obj": page_obj,
            "selecoes": page_obj.object_list,
            "filtrado": any(criterios.values()),
            "pode_criar": acesso.orgaos_do_usuario(request.user, acesso.EDITORES).exists(),
        },
    )


@acesso.rh_requerido
def detalhe(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = _selecao(request, pk)
    agora = timezone.now()
    pendencias = (
        services.pendencias_para_publicar(selecao, agora=agora)
        if selecao.situacao == SituacaoSelecao.RASCUNHO
        else []
    )
    return render(
        request,
        "selecoes/detalhe.html",
        {
            "selecao": selecao,
            "quadro": selectors.quadro_reserva(selecao),
            "fases": selectors.linha_do_tempo(selecao, agora=agora),
            "proximo_passo": selectors.proximo_passo(selecao, agora=agora, pendencias=pendencias),
            "pendencias": pendencias,
            "versoes": selecao.versoes.select_related("publicada_por"),
            "desempate": selectors.criterios_desempate_legiveis(
                selecao.criterios_desempate,
                [{"codigo": c.codigo, "nome": c.nome} for c in selecao.criterios.all()],
            ),
            "pode_editar": acesso.pode_editar(request.user, selecao.orgao),
            "retificavel": selecao.situacao in services.SITUACOES_RETIFICAVEIS,
        },
    )


def _quadro_do_formulario(edital: FormularioEdital, selecao: Selecao | None) -> Any:
    """Quadro exibido ao lado do formulário: do POST (se houver) ou do banco."""
    if edital.is_bound:
        return _quadro_da_previa(edital.selecao.data, edital)
    if selecao is not None:
        quadro = selectors.quadro_reserva(selecao, comparar=True)
        return {"quadro": quadro, "avisos": [], "erros": []}
    return {"quadro": None, "avisos": [], "erros": []}


def _quadro_da_previa(data: Any, edital: FormularioEdital | None = None) -> dict[str, Any]:
    form = PreviaReservaForm(data)
    outras = edital.categorias_da_previa() if edital is not None else None
    vagas, avisos = vagas_da_previa(data)
    contexto: dict[str, Any] = {"quadro": None, "avisos": avisos, "erros": []}
    if not form.is_valid():
        contexto["erros"] = [m for erros in form.errors.values() for m in erros]
        return contexto
    dados = form.cleaned_data
    if not dados["data_publicacao_edital"]:
        contexto["erros"] = ["Informe a data de publicação do edital para calcular a reserva."]
        return contexto
    try:
        contexto["quadro"] = selectors.quadro_reserva_de_dados(
            data_publicacao=dados["data_publicacao_edital"],
            vagas=vagas,
            reserva_pcd=dados["reserva_pcd"],
            percentual_pcd=dados["percentual_pcd"],
            sequencia_explicita=(
                edital.sequencia_explicita()
                if edital is not None and outras
                else form.sequencia_explicita()
            ),
            base_reserva=dados["base_reserva"],
            versao_regras=dados["versao_regras"],
            percentual_negros=edital.selecao.cleaned_data.get("percentual_negros")
            if edital is not None and hasattr(edital.selecao, "cleaned_data")
            else None,
            outras=outras or (),
        )
    except reserva.EntradaInvalida as erro:
        contexto["erros"] = [f"Sequência explícita: {erro.mensagem}"]
    return contexto


def _render_formulario(
    request: HttpRequest,
    edital: FormularioEdital,
    *,
    selecao: Selecao | None = None,
    retificacao: RetificacaoForm | None = None,
    previa_retificacao: services.PreviaRetificacao | None = None,
) -> HttpResponse:
    return render(
        request,
        "selecoes/formulario.html",
        {
            "edital": edital,
            "selecao": selecao,
            "retificacao": retificacao,
            "previa_retificacao": previa_retificacao,
            "previa": _quadro_do_formulario(edital, selecao),
            "resumo_erros": (
                edital.resumo_erros(*([retificacao] if retificacao else []))
                if edital.is_bound
                else []
            ),
        },
    )


@acesso.rh_requerido
def criar(request: HttpRequest) -> HttpResponse:
    orgaos = acesso.orgaos_do_usuario(request.user, acesso.EDITORES)
    if not orgaos.exists():
        raise PermissionDenied("Somente gestores e operadores criam seleções.")
    edital = FormularioEdital(request.POST or None, orgaos=orgaos)
    if request.method == "POST" and edital.is_valid():
        try:
            selecao = services.selecao_criar(
                orgao=edital.orgao, usuario=request.user, dados=edital.dados()
            )
        except ValidationError as erro:
            edital.adicionar_erros(erro)
        else:
            messages.success(request, "Seleção criada em rascunho. Confira e publique o edital.")
            return redirect("selecoes:detalhe", pk=selecao.pk)
    return _render_formulario(request, edital)


@acesso.rh_requerido
def editar(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = _selecao_editavel(request, pk)
    if selecao.publicada:
        messages.info(
            request,
            "O edital já foi publicado: vagas, reservas e datas só mudam por retificação.",
        )
        return redirect("selecoes:retificar", pk=selecao.pk)
    edital = FormularioEdital(request.POST or None, instance=selecao)
    if request.method == "POST" and edital.is_valid():
        try:
            services.rascunho_atualizar(selecao=selecao, usuario=request.user, dados=edital.dados())
        except ValidationError as erro:
            edital.adicionar_erros(erro)
        else:
            messages.success(request, "Rascunho salvo.")
            return redirect("selecoes:detalhe", pk=selecao.pk)
    return _render_formulario(request, edital, selecao=selecao)


@require_POST
@acesso.rh_requerido
def publicar(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = _selecao_editavel(request, pk)
    try:
        services.selecao_publicar(selecao=selecao, usuario=request.user, agora=timezone.now())
    except ValidationError as erro:
        for mensagem in erro.messages:
            messages.error(request, mensagem)
    else:
        messages.success(
            request, "Edital publicado (versão 1). Vagas, reservas e datas estão congeladas."
        )
    return redirect("selecoes:detalhe", pk=selecao.pk)


@acesso.rh_requerido
def retificar(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = _selecao_editavel(request, pk)
    if selecao.situacao not in services.SITUACOES_RETIFICAVEIS:
        messages.error(
            request,
            "Só é possível retificar um edital publicado e ainda não encerrado."
            if selecao.publicada
            else "O edital ainda é rascunho: edite-o diretamente.",
        )
        return redirect("selecoes:detalhe", pk=selecao.pk)
    dados = request.POST or None
    edital = FormularioEdital(dados, instance=selecao)
    retificacao = RetificacaoForm(dados, selecao=selecao)
    previa = None
    if request.method == "POST" and all([edital.is_valid(), retificacao.is_valid()]):
        try:
            previa = services.previa_retificacao(selecao=selecao, dados=edital.dados())
            if retificacao.cleaned_data["previa"] == previa.hash_conteudo:
                versao = services.selecao_retificar(
                    selecao=selecao,
                    usuario=request.user,
                    motivo=retificacao.cleaned_data["motivo"],
                    data_retificacao=retificacao.cleaned_data["data_retificacao"],
                    dados=edital.dados(),
                    hash_previa=previa.hash_conteudo,
                )
                messages.success(
                    request, f"Retificação publicada: versão {versao.numero} do edital."
                )
                return redirect("selecoes:versoes", pk=selecao.pk)
        except ValidationError as erro:
            previa = None
            edital.adicionar_erros(erro)
        else:
            # Primeiro envio (ou conteúdo diferente do confirmado): mostra o que muda.
            confirmar = request.POST.copy()
            confirmar["previa"] = previa.hash_conteudo
            retificacao = RetificacaoForm(confirmar, selecao=selecao)
            retificacao.is_valid()
    return _render_formulario(
        request, edital, selecao=selecao, retificacao=retificacao, previa_retificacao=previa
    )


@acesso.rh_requerido
def versoes(request: HttpRequest, pk: int) -> HttpResponse:
    """Versões do edital e as diferenças entre duas delas (padrão: as duas últimas)."""
    selecao = _selecao(request, pk)
    todas = list(selecao.versoes.select_related("publicada_por").order_by("numero"))
    por_numero = {v.numero: v for v in todas}
    consulta = VersoesEditalForm(request.GET)
    if not consulta.is_valid():
        return consulta_invalida(request, consulta)
    comparacao = None
    if len(todas) >= 2:
        b = _numero(consulta.cleaned_data["b"], por_numero) or todas[-1].numero
        a = _numero(consulta.cleaned_data["a"], por_numero) or max(b - 1, 1)
        if a != b:
            comparacao = {
                "a": por_numero[a],
                "b": por_numero[b],
                "diferencas": selectors.comparar_conteudos(
                    por_numero[a].conteudo, por_numero[b].conteudo
                ),
            }
    return render(
        request,
        "selecoes/versoes.html",
        {"selecao": selecao, "versoes": todas, "comparacao": comparacao},
    )


def _numero(numero: int | None, validos: dict[int, Any]) -> int | None:
    return numero if numero in validos else None


@acesso.rh_requerido
def anexo(request: HttpRequest, pk: int) -> HttpResponse:
    """Anexo do edital para impressão: a versão pedida (?versao=n) ou o estado atual."""
    selecao = _selecao(request, pk)
    consulta = AnexoEditalForm(request.GET)
    if not consulta.is_valid():
        return consulta_invalida(request, consulta)
    versao = None
    if consulta.cleaned_data["versao"]:
        versao = get_object_or_404(selecao.versoes, numero=consulta.cleaned_data["versao"])
        conteudo = versao.conteudo
    else:
        versao = selecao.versoes.order_by("-numero").first() if selecao.publicada else None
        conteudo = versao.conteudo if versao else services.snapshot_edital(selecao)
    return render(
        request,
        "selecoes/anexo.html",
        {
            "selecao": selecao,
            "versao": versao,
            "minuta": not selecao.publicada,
            **selectors.anexo_de_conteudo(conteudo),
        },
    )


@require_POST
@acesso.rh_requerido
def previa_reserva(request: HttpRequest) -> HttpResponse:
    """Fragmento HTML do quadro de reserva calculado do formulário ainda não salvo."""
    if not acesso.orgaos_do_usuario(request.user, acesso.EDITORES).exists():
        raise PermissionDenied("Somente gestores e operadores editam seleções.")
    contexto = {**_quadro_da_previa(request.POST), "compacto": True}
    return render(request, "selecoes/_quadro_reserva.html", contexto)
