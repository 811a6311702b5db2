"""Página pública do resultado da heteroidentificação: só números de inscrição.

Sem nomes nem dado sensível além do próprio resultado (LGPD, art. 11); a consulta
por número mostra só a linha daquela inscrição.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from candidatos.forms.heteroidentificacao import ConsultaPublicaForm
from candidatos.selectors.heteroidentificacao import resultado_publico
from selecoes.models import Selecao


@require_safe
def resultado(request: HttpRequest, pk: int) -> HttpResponse:
    selecao = get_object_or_404(Selecao.objects.publicadas().select_related("orgao"), pk=pk)
    form = ConsultaPublicaForm(request.GET or None)
    numero = form.cleaned_data["inscricao"] or None if form.is_valid() else None
    dados = resultado_publico(selecao.pk, numero=numero)
    return render(
        request,
        "publico/heteroidentificacao.html",
        {"selecao": selecao, "form": form, "dados": dados, "numero": numero},
    )
