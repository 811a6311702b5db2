"""Fábricas dos documentos: versões de resultado no formato de docs/resultado.md."""

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

import factory
from django.utils import timezone

from candidatos.models import ResultadoVersao, TipoResultado
from tests.factories import SelecaoFactory


@dataclass
class Aprovado:
    inscricao: str
    nome: str
    nota: str = "7.000"
    listas: Sequence[str] = ()


@dataclass
class VagaResultado:
    codigo: str
    aprovados: Sequence[Aprovado]
    ofertadas: int = 5
    reservadas: dict[str, int] = field(default_factory=lambda: {"negros": 2})
    convocacao: Sequence[tuple[str, str]] = ()  # (inscrição, modalidade)
    area: str = "Direito"


def conteudo_resultado(
    *, selecao, tipo: str = "final", numero: int = 1, vagas: Sequence[VagaResultado]
) -> dict:
    """Um conteúdo de versão exatamente no formato do contrato (docs/resultado.md)."""
    saida = []
    for vaga in vagas:
        nomes = {a.inscricao: a.nome for a in vaga.aprovados}
        saida.append(
            {
                "codigo": vaga.codigo,
                "area": vaga.area,
                "municipio": "Brasília",
                "uf": "DF",
                "ofertadas": vaga.ofertadas,
                "reservadas": vaga.reservadas,
                "classificacao": [
                    {
                        "posicao": i,
                        "inscricao": a.inscricao,
                        "nome": a.nome,
                        "nota_final": a.nota,
                        "listas": list(a.listas),
                    }
                    for i, a in enumerate(vaga.aprovados, 1)
                ],
                "lista_negros": [a.inscricao for a in vaga.aprovados if "negros" in a.listas],
                "lista_pcd": [a.inscricao for a in vaga.aprovados if "pcd" in a.listas],
                "convocacao": [
                    {
                        "ordem": i,
                        "inscricao": n,
                        "nome": nomes[n],
                        "modalidade": m,
                        "explicacao": f"Convocado(a) na {i}ª posição.",
                    }
                    for i, (n, m) in enumerate(vaga.convocacao, 1)
                ],
                "explicacoes": {a.inscricao: "Classificado(a)." for a in vaga.aprovados},
            }
        )
    return {
        "formato": 1,
        "selecao": {
            "id": selecao.pk,
            "numero_edital": selecao.numero_edital,
            "titulo": selecao.titulo,
            "orgao": f"{selecao.orgao.sigla} — {selecao.orgao.nome}",
        },
        "tipo": tipo,
        "numero": numero,
        "publicado_em": "2026-11-29T14:00:00-03:00",
        "motivo": "" if numero == 1 else "Recurso deferido.",
        "reserva": {"aplicavel": True, "motivo": "Edital posterior ao Decreto (art. 7º)."},
        "vagas": saida,
    }


def sha256_do_conteudo(conteudo: dict) -> str:
    texto = json.dumps(conteudo, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


class ResultadoVersaoFactory(factory.django.DjangoModelFactory):
    """Use ``vagas=[VagaResultado(...)]``; o conteúdo e o hash são montados daqui."""

    class Meta:
        model = ResultadoVersao
        exclude = ("vagas",)

    selecao = factory.SubFactory(SelecaoFactory)
    tipo = TipoResultado.FINAL
    numero = 1
    publicado_em = factory.LazyFunction(timezone.now)
    motivo = factory.LazyAttribute(lambda o: "" if o.numero == 1 else "Recurso deferido.")
    vagas: Sequence[VagaResultado] = ()
    conteudo = factory.LazyAttribute(
        lambda o: conteudo_resultado(selecao=o.selecao, tipo=o.tipo, numero=o.numero, vagas=o.vagas)
    )
    hash_conteudo = factory.LazyAttribute(lambda o: sha256_do_conteudo(o.conteudo))
