"""Estado vivo das convocações para as páginas públicas (arts. 3º e 4º).

A ordem de convocação publicada é a do momento da publicação; depois dela o RH
continua chamando (desistências, reversões, vagas surgidas). Aqui ficam todas as
chamadas feitas, com a data, a modalidade da chamada e a atual (a situação de
hoje de um candidato está em ``candidatos.selectors.situacao_atual``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from candidatos.models import Convocacao, VagaDoResultado
from candidatos.selectors.classificacao import modalidades_atuais, rotulo_modalidade
from candidatos.selectors.publico.resultados import modalidades_sem_nomes, situacao_publica
from selecoes.sigilo import codigo_lista


@dataclass(frozen=True)
class ChamadaPublica:
    """Uma convocação feita, só com o que o edital publica (número, nome, modalidade).

    Numa vaga de categoria sem nomes (LGPD, art. 11), ``inscricao`` é o código de
    lista e ``nome`` fica vazio (``sigilosa``)."""

    ordem: int
    inscricao: str
    nome: str
    convocada_em: datetime
    modalidade_chamada: str
    modalidade_atual: str
    situacao: str
    sigilosa: bool = False

    @property
    def mudou_de_modalidade(self) -> bool:
        return self.modalidade_chamada != self.modalidade_atual


def vaga_da_versao(*, versao_id: int, codigo: str) -> int | None:
    """Id permanente da vaga publicada com ``codigo`` nessa versão."""
    return (
        VagaDoResultado.objects.filter(versao_id=versao_id, codigo=codigo)
        .values_list("vaga_id", flat=True)
        .first()
    )


def chamadas_da_vaga(*, vaga_id: int) -> tuple[ChamadaPublica, ...]:
    """Todas as convocações da vaga, na ordem, com a modalidade em que cada pessoa foi
    chamada e a de hoje (art. 4º, § 1º: o negro alcançado pela ampla concorrência
    passa a contar nela; regras, § 4)."""
    convocacoes = list(
        Convocacao.objects.filter(vaga_id=vaga_id)
        .select_related("inscricao", "vaga")
        .order_by("ordem")
    )
    if not convocacoes:
        return ()
    atuais = modalidades_atuais((c.pk, c.vaga_id, c.modalidade) for c in convocacoes)
    so_numeros = modalidades_sem_nomes(selecao_id=convocacoes[0].vaga.selecao_id)

    def chamada(c: Convocacao) -> ChamadaPublica:
        sigilosa = next((m for m in (c.modalidade, atuais[c.pk]) if m in so_numeros), None)
        return ChamadaPublica(
            ordem=c.ordem,
            inscricao=codigo_lista(c.inscricao.numero, sigilosa)
            if sigilosa
            else c.inscricao.numero,
            nome="" if sigilosa else c.inscricao.nome_exibicao,
            convocada_em=c.convocada_em,
            modalidade_chamada=rotulo_modalidade(c.modalidade),
            modalidade_atual=rotulo_modalidade(atuais[c.pk]),
            situacao=situacao_publica(convocacao=c.situacao, inscricao=c.inscricao.situacao),
            sigilosa=sigilosa is not None,
        )

    return tuple(chamada(c) for c in convocacoes)
