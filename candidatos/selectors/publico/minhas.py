"""Minhas inscrições: todas as inscrições do CPF que entrou pelo gov.br.

O CPF vem do token do gov.br (``sub``), não de entrada digitada: a sessão prova
quem é a pessoa, como o código do comprovante prova em "Minha situação". Por isso
os links pessoais (comprovante, resposta à convocação) aparecem aqui.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse

from candidatos.models import Inscricao
from candidatos.selectors.publico.situacao import SituacaoCandidato, situacao_do_candidato


@dataclass(frozen=True)
class InscricaoDoCidadao:
    situacao: SituacaoCandidato
    criada_em: datetime
    comprovante_url: str
    minha_situacao_url: str

    @property
    def convocacao_aberta(self) -> bool:
        return any(c.aberta for c in self.situacao.convocacoes)


def inscricao_do_cidadao(*, cpf: str, numero: str) -> int | None:
    """Id da inscrição ``numero`` se ela é do ``cpf``; senão ``None`` (mesma resposta)."""
    return (
        Inscricao.objects.filter(cpf=cpf, numero=numero.strip().upper())
        .values_list("pk", flat=True)
        .first()
    )


def minhas_inscricoes(*, cpf: str, agora: datetime) -> tuple[InscricaoDoCidadao, ...]:
    """Todas as inscrições do CPF, em todas as seleções e órgãos, mais recentes primeiro."""
    linhas = (
        Inscricao.objects.filter(cpf=cpf)
        .order_by("-criada_em", "-pk")
        .values_list("pk", "numero", "codigo_verificacao", "criada_em")
    )
    return tuple(
        InscricaoDoCidadao(
            situacao=situacao_do_candidato(inscricao_id=pk, agora=agora, pelo_codigo=True),
            criada_em=criada_em,
            comprovante_url=reverse("inscricao_publica:comprovante", args=[numero, codigo]),
            minha_situacao_url=reverse("publico:minha_situacao_govbr", args=[numero]),
        )
        for pk, numero, codigo, criada_em in linhas
    )
