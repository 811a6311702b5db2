"""Fábricas factory_boy dos modelos (sem arquivos de fixtures)."""

import datetime as dt
import random
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from candidatos.models import Avaliacao, CorRaca, Inscricao, SituacaoAvaliacao
from selecoes.models import (
    CategoriaEdital,
    Lotacao,
    NivelEnsino,
    Orgao,
    Papel,
    Selecao,
    VagaEstagio,
)


def gerar_cpf(semente: int | None = None) -> str:
    """Um CPF com dígitos verificadores válidos."""
    rnd = random.Random(semente)
    while True:
        base = [rnd.randint(0, 9) for _ in range(9)]
        if len(set(base)) > 1:
            break
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(base, range(tamanho + 1, 1, -1), strict=True))
        resto = soma % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


def gerar_cnpj(semente: int | None = None) -> str:
    rnd = random.Random(semente)
    base = [rnd.randint(0, 9) for _ in range(8)] + [0, 0, 0, 1]
    pesos1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    for pesos in (pesos1, [6, *pesos1]):
        resto = sum(d * p for d, p in zip(base, pesos, strict=True)) % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"usuario{n}")
    email = factory.LazyAttribute(lambda o: f"{o.username}@exemplo.gov.br")
    password = factory.django.Password("senha-de-teste-123")


class OrgaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Orgao
        django_get_or_create = ("sigla",)

    nome = factory.LazyAttribute(lambda o: f"Órgão {o.sigla}")
    sigla = factory.Sequence(lambda n: f"ORG{n}")
    cnpj = factory.Sequence(gerar_cnpj)


class LotacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Lotacao

    usuario = factory.SubFactory(UserFactory)
    orgao = factory.SubFactory(OrgaoFactory)
    papel = Papel.GESTOR


class SelecaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Selecao

    orgao = factory.SubFactory(OrgaoFactory)
    titulo = factory.Sequence(lambda n: f"Seleção de estagiários {n}")
    # Fora da faixa dos números escritos nos testes ("3/2026", "102/2026"): a sequência
    # é global, e um edital repetido no mesmo órgão dependeria da ordem dos testes.
    numero_edital = factory.Sequence(lambda n: f"{n + 1}/2039")
    data_publicacao_edital = dt.date(2026, 3, 2)
    inscricoes_inicio = factory.LazyFunction(lambda: timezone.now() - dt.timedelta(days=5))
    inscricoes_fim = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=10))
    criterios_desempate = factory.LazyFunction(
        lambda: [{"criterio": "maior_nota"}, {"criterio": "maior_idade"}]
    )


class VagaEstagioFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = VagaEstagio

    selecao = factory.SubFactory(SelecaoFactory)
    codigo = factory.Sequence(lambda n: f"V{n:03d}")
    area = "Direito"
    curso = "Direito"
    nivel = NivelEnsino.SUPERIOR
    municipio = "Brasília"
    uf = "DF"
    valor_bolsa = Decimal("1125.69")
    auxilio_transporte = Decimal("220.00")
    vagas_ofertadas = 5


class InscricaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Inscricao

    vaga = factory.SubFactory(VagaEstagioFactory)
    selecao = factory.SelfAttribute("vaga.selecao")
    numero = factory.Sequence(lambda n: f"T{n:08d}")
    codigo_verificacao = factory.Sequence(lambda n: f"VER{n:08d}")
    nome_civil = factory.Sequence(lambda n: f"Candidata Teste {n}")
    cpf = factory.Sequence(gerar_cpf)
    data_nascimento = dt.date(2003, 5, 17)
    email = factory.Sequence(lambda n: f"candidato{n}@exemplo.com")
    telefone = "(61) 99999-0000"
    instituicao_ensino = "Universidade de Brasília"
    curso = "Direito"
    periodo_curso = "5º semestre"
    cor_raca = CorRaca.BRANCA
    termo_aceito_em = factory.LazyFunction(timezone.now)


class AvaliacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Avaliacao

    inscricao = factory.SubFactory(InscricaoFactory)
    situacao = SituacaoAvaliacao.APROVADO
    nota_final = Decimal("7.500")


class CategoriaEditalFactory(factory.django.DjangoModelFactory):
    """Categoria do órgão (ex.: indígenas, Portaria MRE nº 649/2026)."""

    class Meta:
        model = CategoriaEdital

    selecao = factory.SubFactory(SelecaoFactory)
    categoria = "indigenas"
    nome = "Indígenas"
    percentual = Decimal("5")
    base_legal = "Portaria MRE nº 649/2026"
    pergunta = "Você se autodeclara indígena e deseja concorrer às vagas reservadas?"
