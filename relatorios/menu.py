"""Menu do RH: só os links que o usuário abre.

As perguntas são as mesmas das views, feitas às mesmas funções:
``selecoes.acesso.e_rh`` (``rh_requerido`` e o cadastro de empresas do art. 6º) e
``relatorios.monitoramento.selectors.ve_painel_monitoramento`` (``escopo_monitoramento``, art. 5º).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from relatorios.monitoramento import selectors
from selecoes import acesso


@dataclass(frozen=True)
class ItemMenu:
    rotulo: str
    url: str


def itens_do_menu(usuario: acesso.Usuario) -> list[ItemMenu]:
    if not usuario.is_authenticated:
        return []
    itens = [ItemMenu("Área do RH", reverse("painel"))]
    if acesso.e_rh(usuario):
        itens += [
            ItemMenu("Editais (RH)", reverse("selecoes:lista")),
            ItemMenu("Inscrições", reverse("inscricoes:inicio")),
            ItemMenu("Classificação e convocação", reverse("classificacao:inicio")),
            ItemMenu("Empresas (art. 6º)", reverse("monitoramento:empresas")),
        ]
    if selectors.ve_painel_monitoramento(usuario):
        itens.append(ItemMenu("Monitoramento", reverse("monitoramento:painel")))
    return itens


def menu(request: HttpRequest) -> dict[str, object]:
    """Processador de contexto: ``menu_rh``, calculado só se o template o usar."""
    return {"menu_rh": SimpleLazyObject(lambda: itens_do_menu(request.user))}
