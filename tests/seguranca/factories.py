"""Fábricas dos modelos que tests/factories.py ainda não cobre (mundo completo de um órgão)."""

import datetime as dt
import hashlib

import factory
from django.utils import timezone

from candidatos.models import (
    AnuncioSorteio,
    Convocacao,
    Modalidade,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    Sorteio,
    TipoResultado,
)
from relatorios.models import Documento, TipoDocumento
from selecoes.models import CriterioAvaliacao, VersaoEdital
from tests.factories import InscricaoFactory, SelecaoFactory, UserFactory, VagaEstagioFactory


def _hash(conteudo: object) -> str:
    return hashlib.sha256(repr(conteudo).encode()).hexdigest()


class CriterioAvaliacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CriterioAvaliacao

    selecao = factory.SubFactory(SelecaoFactory)
    codigo = factory.Sequence(lambda n: f"criterio-{n}")
    nome = "Análise curricular"


class VersaoEditalFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = VersaoEdital

    selecao = factory.SubFactory(SelecaoFactory)
    numero = 1
    conteudo = factory.LazyAttribute(lambda o: {"titulo": o.selecao.titulo})
    hash_conteudo = factory.LazyAttribute(lambda o: _hash(o.conteudo))


class ResultadoVersaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ResultadoVersao

    selecao = factory.SubFactory(SelecaoFactory)
    tipo = TipoResultado.FINAL
    numero = 1
    conteudo = factory.LazyAttribute(lambda o: {"formato": 1, "vagas": []})
    hash_conteudo = factory.LazyAttribute(lambda o: _hash(o.conteudo))


class ConvocacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Convocacao

    inscricao = factory.SubFactory(InscricaoFactory)
    vaga = factory.SelfAttribute("inscricao.vaga")
    ordem = factory.Sequence(lambda n: n + 1)
    modalidade = Modalidade.AC
    prazo_resposta = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=5))
    token = factory.Sequence(lambda n: f"token-convocacao-{n:08d}")


class ProcessoEliminacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProcessoEliminacao

    inscricao = factory.SubFactory(InscricaoFactory)
    aberto_por = factory.SubFactory(UserFactory)
    motivo = "Denúncia de declaração falsa (art. 2º, parágrafo único)."


class RecursoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Recurso

    inscricao = factory.SubFactory(InscricaoFactory)
    selecao = factory.SelfAttribute("inscricao.selecao")
    assunto = "Revisão de nota"
    texto = "Peço a revisão da nota da análise curricular."


class AnuncioSorteioFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = AnuncioSorteio

    selecao = factory.SubFactory(SelecaoFactory)
    vaga = factory.SubFactory(VagaEstagioFactory, selecao=factory.SelfAttribute("..selecao"))
    empatados = factory.LazyFunction(lambda: ["T-1", "T-2"])
    semente = "48213"
    anunciado_em = factory.LazyFunction(timezone.now)
    realizar_a_partir_de = factory.LazyAttribute(lambda o: o.anunciado_em + dt.timedelta(days=1))


class SorteioFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Sorteio

    selecao = factory.SubFactory(SelecaoFactory)
    semente = factory.Sequence(lambda n: f"{n:064x}")


class DocumentoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Documento

    tipo = TipoDocumento.RESULTADO
    chave = factory.Sequence(lambda n: f"teste:{n}")
    titulo = "Lista de resultado"
    selecao = factory.SubFactory(SelecaoFactory)
    orgao = factory.SelfAttribute("selecao.orgao")
    publico = False
