"""RH: pendências de cada órgão (o que espera uma ação e os prazos dos próximos dias)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from candidatos.forms.lote import ConvocacoesLoteForm, ConvocarLoteForm
from candidatos.selectors.pendencias import convocacoes_editaveis, vagas_editaveis
from relatorios.pendencias import selectors as pendencias
from selecoes import acesso


@acesso.rh_requerido
def inicio(request: HttpRequest) -> HttpResponse:
    """Um órgão: a página dele; vários: cada um com a sua contagem."""
    orgaos = list(acesso.orgaos_do_usuario(request.user).order_by("sigla"))
    if len(orgaos) == 1:
        return do_orgao(request, orgaos[0].pk)
    contagens = pendencias.contagens_da_requisicao(request)
    linhas = [(o, sum(contagens.get(o.pk, {}).values())) for o in orgaos]
    return render(request, "relatorios/pendencias/inicio.html", {"linhas": linhas})


@acesso.rh_requerido
def do_orgao(request: HttpRequest, orgao_pk: int) -> HttpResponse:
    orgao = get_object_or_404(acesso.orgaos_do_usuario(request.user), pk=orgao_pk)
    agora = timezone.now()
    pagina = pendencias.pagina(request.user, orgao=orgao, agora=agora)
    contexto = {"pagina": pagina, "orgao": orgao, "agora": agora}
    if pagina.pode_editar:
        contexto |= {
            "form_convocar": ConvocarLoteForm(vagas=vagas_editaveis(request.user), agora=agora),
            "form_convocacoes": ConvocacoesLoteForm(
                convocacoes=convocacoes_editaveis(request.user),
                initial={
                    "data": timezone.localdate(agora),
                    "motivo": "Sem resposta até o prazo da convocação.",
                },
            ),
        }
    return render(request, "relatorios/pendencias/orgao.html", contexto)
