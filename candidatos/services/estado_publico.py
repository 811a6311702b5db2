"""Páginas públicas em dia em todos os nós: a geração do estado público avança.

Cada processo web guarda o estado público de uma seleção (versões publicadas e
estado vivo das convocações) sob a geração da seleção no Redis
(``candidatos.selectors.publico.estado_publico``). Estes assinantes dos eventos de
domínio avançam a geração depois do commit: o pedido seguinte, em qualquer nó, não
mostra o resultado anterior a uma publicação (art. 4º: a ordem de convocação é
pública e vale a versão vigente).
"""

from __future__ import annotations

from collections.abc import Sequence

from candidatos.models import Inscricao, ResultadoVersao
from candidatos.selectors.publico.resultados import nome_geracao
from selecoes import cache as cache_compartilhado


def estado_publico_invalidar(*, selecao_id: int) -> None:
    cache_compartilhado.avancar_geracao(nome_geracao(selecao_id))


def ao_publicar_resultado(*, versao_id: int) -> None:
    selecao_id = ResultadoVersao.objects.values_list("selecao_id", flat=True).get(pk=versao_id)
    estado_publico_invalidar(selecao_id=selecao_id)


def ao_alterar_inscricoes(*, inscricao_ids: Sequence[int]) -> None:
    selecoes = Inscricao.objects.filter(pk__in=inscricao_ids).values_list("selecao_id", flat=True)
    for selecao_id in sorted(set(selecoes)):
        estado_publico_invalidar(selecao_id=selecao_id)


def ao_alterar_convocacao(*, selecao_id: int) -> None:
    estado_publico_invalidar(selecao_id=selecao_id)
