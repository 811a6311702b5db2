"""Menu do RH: só os links que o usuário abre.

As perguntas são as mesmas das views, feitas às mesmas funções:
``selecoes.acesso.e_rh`` (``rh_requerido`` e o cadastro de empresas do art. 6º),
``selecoes.acesso.e_comissao`` (``comissao_requerida``, issue 15 item 8) e
``relatorios.monitoramento.selectors.ve_painel_monitoramento`` (``escopo_monitoramento``, art. 5º).
As pendências trazem a contagem, calculada uma vez por requisição.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject

from relatorios.monitoramento import selectors
from relatorios.pendencias import selectors as pendencias
from selecoes import acesso


@dataclass(frozen=True)
class ItemMenu:
    rotulo: str
    url: str
    contagem: int | None = None
    """Quantos itens esperam (só nas pendências)."""


def itens_do_menu(usuario: acesso.Usuario, request: HttpRequest | None = None) -> list[ItemMenu]:
    if not usuario.is_authenticated:
        return []
    itens = [ItemMenu("Área do RH", reverse("painel"))]
    if acesso.e_rh(usuario):
        contagens = (
            pendencias.contagens_da_requisicao(request)
            if request is not None
            else pendencias.contagens(usuario, agora=timezone.now())
        )
        itens += [
            ItemMenu("Pendências", reverse("pendencias:inicio"), pendencias.total(contagens)),
            ItemMenu("Editais (RH)", reverse("selecoes:lista")),
            ItemMenu("Inscrições", reverse("inscricoes:inicio")),
            ItemMenu("Classificação e convocação", reverse("classificacao:inicio")),
            ItemMenu("Empresas (art. 6º)", reverse("monitoramento:empresas")),
            ItemMenu("Mensagens", reverse("mensagens:lista")),
        ]
        if acesso.orgaos_do_usuario(usuario, (acesso.Papel.GESTOR,)).exists():
            itens.append(ItemMenu("Servidores (gov.br)", reverse("servidores")))
    if acesso.e_comissao(usuario):
        itens.append(ItemMenu("Comissão de heteroidentificação", reverse("comissao:inicio")))
    if selectors.ve_painel_monitoramento(usuario):
        itens.append(ItemMenu("Monitoramento", reverse("monitoramento:painel")))
    return itens


def menu(request: HttpRequest) -> dict[str, object]:
    """Processador de contexto: ``menu_rh``, calculado só se o template o usar."""
    return {"menu_rh": SimpleLazyObject(lambda: itens_do_menu(request.user, request))}
