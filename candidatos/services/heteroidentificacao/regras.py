"""Regras puras da heteroidentificação (só a biblioteca padrão; regras de reserva, § 1).

- ``decidir``: a decisão da comissão com os votos dos membros, pela regra do edital;
- ``chamados_da_vaga``: quem é chamado numa vaga de estágio (todos os optantes ou os
  primeiros M × as vagas da categoria entre as primeiras max(n, k) vagas);
- ``perde_categoria``: se o resultado final tira a elegibilidade da categoria.

Os valores são os de ``candidatos.models`` (``VotoParecer``, ``ResultadoHeteroidentificacao``)
e de ``selecoes.models`` (``RegraDecisao``, ``EfeitoAusencia``); um teste confere.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

CONFIRMA, NAO_CONFIRMA, INDICIO_FRAUDE = "confirma", "nao_confirma", "indicio_fraude"
CONFIRMADA, NAO_CONFIRMADA, AUSENTE = "confirmada", "nao_confirmada", "ausente"
MAIORIA, UNANIMIDADE = "maioria", "unanimidade"
AMPLA_CONCORRENCIA = "ampla_concorrencia"
TODOS, MULTIPLO_VAGAS = "todos", "multiplo_vagas"


@dataclass(frozen=True)
class Decisao:
    resultado: str
    votos: dict[str, int]


def decidir(votos: Sequence[str], regra: str, *, ausente: bool = False) -> Decisao:
    """A decisão da comissão (edital; Portaria Normativa MPOG nº 4/2018, art. 10, como modelo).

    - ausente → ``ausente`` (o efeito vem do edital: ``perde_categoria``);
    - ``maioria``: não confirmada quando mais da metade dos votos não confirma (empate:
      vale a autodeclaração, que é presumida verdadeira — art. 2º); indício de fraude
      quando mais da metade vê indício;
    - ``unanimidade``: não confirmada só se todos os votos não confirmam; indício de
      fraude só se todos o veem.

    Sem votos não há decisão (``ValueError``): quem chama exige o quórum antes.
    """
    contagem = {CONFIRMA: 0, NAO_CONFIRMA: 0, INDICIO_FRAUDE: 0}
    for voto in votos:
        if voto not in contagem:
            raise ValueError(f"voto desconhecido: {voto}")
        contagem[voto] += 1
    if ausente:
        return Decisao(AUSENTE, contagem)
    total = len(votos)
    if total == 0:
        raise ValueError("sem votos")
    contra = contagem[NAO_CONFIRMA] + contagem[INDICIO_FRAUDE]
    fraude = contagem[INDICIO_FRAUDE]
    if regra == MAIORIA:
        nao_confirma, com_fraude = 2 * contra > total, 2 * fraude > total
    elif regra == UNANIMIDADE:
        nao_confirma, com_fraude = contra == total, fraude == total
    else:
        raise ValueError(f"regra desconhecida: {regra}")
    if com_fraude:
        return Decisao(INDICIO_FRAUDE, contagem)
    return Decisao(NAO_CONFIRMADA if nao_confirma else CONFIRMADA, contagem)


def perde_categoria(resultado: str, *, ausente_perde: bool) -> bool:
    """Regras, § 1: não confirmado perde a categoria e fica na ampla concorrência.

    Indício de fraude também não confirma (a categoria sai); eliminar, só o processo
    (art. 2º, parágrafo único). Ausente: o que o edital diz (padrão: perde).
    """
    if resultado in (NAO_CONFIRMADA, INDICIO_FRAUDE):
        return True
    if resultado == AUSENTE:
        return ausente_perde
    return False


def vagas_da_categoria(sequencia: Iterable[str], categoria: str) -> int:
    """Vagas da categoria entre as posições dadas (as primeiras max(n, k), art. 3º)."""
    return sum(1 for modalidade in sequencia if modalidade == categoria)


def chamados_da_vaga(
    optantes: Sequence[str],
    *,
    regra: str,
    vagas_categoria: int,
    multiplo: int | None,
) -> tuple[str, ...]:
    """Quem é chamado numa vaga de estágio, na ordem da classificação.

    ``optantes``: os que concorrem à categoria, ativos, em ordem de classificação.
    ``todos``: todos eles; ``multiplo_vagas``: os primeiros M × ``vagas_categoria``.
    """
    if regra == TODOS:
        return tuple(optantes)
    if regra == MULTIPLO_VAGAS:
        if multiplo is None or multiplo < 1:
            raise ValueError("múltiplo ausente")
        return tuple(optantes[: multiplo * max(vagas_categoria, 0)])
    raise ValueError(f"regra de chamados desconhecida: {regra}")
