"""Minhas inscrições e Minha situação de quem entrou com gov.br (sem número + CPF)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import add_never_cache_headers, patch_cache_control
from django.views.decorators.http import require_safe

from candidatos.selectors.area_candidato import area_do_candidato
from candidatos.selectors.publico import minhas, situacao_do_candidato
from candidatos.services.heteroidentificacao import candidato as hetero_candidato
from candidatos.views import area_candidato
from selecoes.govbr import sessao


def _privada(resposta: HttpResponse) -> HttpResponse:
    add_never_cache_headers(resposta)
    patch_cache_control(resposta, private=True)
    return resposta


@require_safe
def minhas_inscricoes(request: HttpRequest) -> HttpResponse:
    cidadao = sessao.cidadao(request)
    inscricoes = minhas.minhas_inscricoes(cpf=cidadao.cpf, agora=timezone.now()) if cidadao else ()
    contexto = {"secao": "minhas_inscricoes", "cidadao": cidadao, "inscricoes": inscricoes}
    return _privada(render(request, "publico/minhas_inscricoes.html", contexto))


@require_safe
def minha_situacao_govbr(request: HttpRequest, numero: str) -> HttpResponse:
    """A página "Minha situação" de uma inscrição do CPF da sessão gov.br."""
    cidadao = sessao.cidadao(request)
    inscricao_id = minhas.inscricao_do_cidadao(cpf=cidadao.cpf, numero=numero) if cidadao else None
    if inscricao_id is None:
        contexto: dict[str, object] = {
            "secao": "minhas_inscricoes",
            "cidadao": cidadao,
            "inscricoes": (),
        }
        contexto["nao_encontrada"] = cidadao is not None
        resposta = render(request, "publico/minhas_inscricoes.html", contexto, status=404)
        return _privada(resposta)
    # O gov.br provou o titular (o CPF do token é o da inscrição): abre a área do
    # candidato desta inscrição, como o código do comprovante abriria.
    area_candidato.entrar(request, inscricao_id)
    agora = timezone.now()
    situacao = situacao_do_candidato(inscricao_id=inscricao_id, agora=agora, pelo_codigo=True)
    contexto = {
        "secao": "minha_situacao",
        "situacao": situacao,
        "area": area_do_candidato(inscricao_id=inscricao_id, agora=agora),
        # As sessões da heteroidentificação, com o link da sala e o recurso: o gov.br
        # provou o titular, como o código do comprovante (views/publico.py).
        "sessoes_hetero": hetero_candidato.sessoes_do_candidato(inscricao_id, agora=agora),
        "pelo_govbr": True,
        "form": None,
    }
    return _privada(render(request, "publico/minha_situacao.html", contexto))
