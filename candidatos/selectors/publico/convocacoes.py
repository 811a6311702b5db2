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
from candidatos.selectors.publico.resultados import situacao_publica
from selecoes.models import CategoriaEdital


@dataclass(frozen=True)
class ChamadaPublica:
    """Uma convocação feita, só com o que o edital publica (número, nome, modalidade)."""

    ordem: int
    inscricao: str
    nome: str
    convocada_em: datetime
    modalidade_chamada: str
    modalidade_atual: str
    situacao: str

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


def _modalidades_so_numeros(vaga_id: int) -> frozenset[str]:
    """Categorias do órgão cuja pertença não se publica com o nome (LGPD, art. 11)."""
    categorias = CategoriaEdital.objects.filter(selecao__vagas__pk=vaga_id)
    return frozenset(c.categoria for c in categorias if not c.publica_nomes)


def chamadas_da_vaga(*, vaga_id: int) -> tuple[ChamadaPublica, ...]:
    """Todas as convocações da vaga, na ordem, com a modalidade em que cada pessoa foi
    chamada e a de hoje (art. 4º, § 1º: o negro alcançado pela ampla concorrência
    passa a contar nela; regras, § 4)."""
    convocacoes = list(
        Convocacao.objects.filter(vaga_id=vaga_id).select_related("inscricao").order_by("ordem")
    )
    atuais = modalidades_atuais((c.pk, c.vaga_id, c.modalidade) for c in convocacoes)
    so_numeros = _modalidades_so_numeros(vaga_id)
    return tuple(
        ChamadaPublica(
            ordem=c.ordem,
            inscricao=c.inscricao.numero,
            nome="" if {c.modalidade, atuais[c.pk]} & so_numeros else c.inscricao.nome_exibicao,
            convocada_em=c.convocada_em,
            modalidade_chamada=rotulo_modalidade(c.modalidade),
            modalidade_atual=rotulo_modalidade(atuais[c.pk]),
            situacao=situacao_publica(convocacao=c.situacao, inscricao=c.inscricao.situacao),
        )
        for c in convocacoes
    )
