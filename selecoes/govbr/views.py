"""Tela do(a) gestor(a): CPF dos usuários lotados, para entrarem com gov.br."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from selecoes import acesso
from selecoes.govbr import services
from selecoes.govbr.forms import CpfServidorForm
from selecoes.govbr.selectors import servidores_geridos


def _exigir_gestor(request: HttpRequest) -> None:
    if not acesso.orgaos_do_usuario(request.user, (acesso.Papel.GESTOR,)).exists():
        raise PermissionDenied("O CPF dos servidores é registrado pelo(a) gestor(a) do órgão.")


@acesso.rh_requerido
def servidores(request: HttpRequest) -> HttpResponse:
    _exigir_gestor(request)
    return render(
        request,
        "rh/servidores.html",
        {"servidores": servidores_geridos(request.user), "form": CpfServidorForm()},
    )


@require_POST
@acesso.rh_requerido
def registrar_cpf(request: HttpRequest, usuario_id: int) -> HttpResponse:
    _exigir_gestor(request)
    usuario = get_object_or_404(
        get_user_model()
        .objects.filter(
            lotacoes__orgao__in=acesso.orgaos_do_usuario(request.user, (acesso.Papel.GESTOR,))
        )
        .distinct(),
        pk=usuario_id,
    )
    form = CpfServidorForm(request.POST)
    if form.is_valid():
        try:
            services.cpf_servidor_registrar(
                autor=acesso.usuario_autenticado(request),
                usuario=usuario,
                cpf=form.cleaned_data["cpf"],
            )
        except ValidationError as erro:
            form.add_error(None, erro)
        else:
            messages.success(request, f"CPF de {usuario.get_full_name() or usuario} registrado.")
            return redirect("servidores")
    return render(
        request,
        "rh/servidores.html",
        {"servidores": servidores_geridos(request.user), "form": form, "com_erro": usuario.pk},
        status=400,
    )
