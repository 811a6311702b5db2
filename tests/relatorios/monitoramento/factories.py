"""Fábricas do monitoramento (convocações, processos, empresas do art. 6º, perfis)."""

import datetime as dt

import factory
from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import Convocacao, ProcessoEliminacao
from relatorios.models import EmpresaTerceirizada, PerfilMonitoramento
from tests.factories import OrgaoFactory, UserFactory, gerar_cnpj


class ConvocacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Convocacao

    vaga = factory.SelfAttribute("inscricao.vaga")
    ordem = factory.Sequence(lambda n: n + 1)
    modalidade = "AC"
    prazo_resposta = factory.LazyFunction(lambda: timezone.now() + dt.timedelta(days=5))
    token = factory.Sequence(lambda n: f"token-convocacao-{n:06d}")
    situacao = "aguardando"

    class Params:
        contratada = factory.Trait(
            situacao="contratado",
            data_inicio=dt.date(2026, 8, 1),
            numero_tce=factory.Sequence(lambda n: f"TCE-{n:04d}"),
        )


class ProcessoEliminacaoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProcessoEliminacao

    aberto_por = factory.SubFactory(UserFactory)
    motivo = "Heteroidentificação não confirmou a autodeclaração."
    situacao = "procedente"
    decidido_em = factory.LazyFunction(timezone.now)
    fundamentacao = "Declaração falsa constatada pela comissão."
    documento_decisao = "processos/2026/decisao.pdf"


class EmpresaTerceirizadaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EmpresaTerceirizada

    orgao = factory.SubFactory(OrgaoFactory)
    cnpj = factory.Sequence(lambda n: gerar_cnpj(1000 + n))
    razao_social = factory.Sequence(lambda n: f"Empresa de Serviços {n} Ltda.")
    porte = "demais"
    numero_contrato = factory.Sequence(lambda n: f"{n:02d}/2026")
    objeto_contrato = "Limpeza e conservação"
    empregados_formacao = 100
    aprendizes = 5
    data_referencia = dt.date(2026, 1, 31)
    comprovante = factory.LazyFunction(
        lambda: ContentFile(b"%PDF-1.4 comprovante", name="comprovante.pdf")
    )


class PerfilMonitoramentoFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PerfilMonitoramento

    usuario = factory.SubFactory(UserFactory, username="monica")
    instituicao = "Secretaria Nacional de Políticas de Promoção da Igualdade Racial"
