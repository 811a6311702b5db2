"""Serviço de inscrição: período com ``agora``, substituição, numeração, laudo órfão."""

import datetime as dt
import re
from dataclasses import replace
from unittest import mock

import pytest
from django.core.files.storage import default_storage
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from candidatos.models import CorRaca, Inscricao, SituacaoInscricao
from candidatos.services.inscricoes import (
    ConfirmacaoSubstituicao,
    DadosInscricao,
    InscricaoRecusada,
    SubstituicaoNaoConfirmada,
    inscricao_registrar,
)
from candidatos.services.lote import inscricoes_criar_em_lote
from selecoes.models import RegistroAuditoria
from selecoes.selectors.auditoria import auditoria_verificar
from tests.candidatos.inscricoes.conftest import pdf
from tests.factories import InscricaoFactory, gerar_cpf


def dados(vaga, **alteracoes):
    base = DadosInscricao(
        vaga_id=vaga.pk,
        nome_civil="João da Silva",
        nome_social="",
        cpf="52998224725",
        data_nascimento=dt.date(2002, 1, 31),
        email="joao@exemplo.com",
        telefone="61999990000",
        instituicao_ensino="UnB",
        curso="Direito",
        periodo_curso="3º semestre",
        cor_raca=CorRaca.PRETA,
        concorre_negros=True,
        pcd=False,
        concorre_pcd=False,
    )
    return replace(base, **alteracoes)


@pytest.mark.parametrize(
    ("deslocamento", "aceita"),
    [
        (dt.timedelta(0), True),
        (dt.timedelta(seconds=-1), False),
        (dt.timedelta(days=7, seconds=1), False),
        (dt.timedelta(days=7), True),
    ],
)
@pytest.mark.django_db
def test_periodo_verificado_com_agora_informado(selecao, vaga, deslocamento, aceita):
    """Limites do período: início e fim inclusivos; fora deles, recusa."""
    agora = selecao.inscricoes_inicio + deslocamento
    if aceita:
        assert inscricao_registrar(selecao=selecao, dados=dados(vaga), agora=agora).pk
    else:
        with pytest.raises(InscricaoRecusada, match="não estão abertas"):
            inscricao_registrar(selecao=selecao, dados=dados(vaga), agora=agora)


@pytest.mark.django_db
def test_vaga_de_outra_selecao_e_recusada(selecao, agora):
    outra = InscricaoFactory().vaga
    with pytest.raises(InscricaoRecusada) as erro:
        inscricao_registrar(selecao=selecao, dados=dados(outra), agora=agora)
    assert erro.value.campo == "vaga"


@pytest.mark.django_db
def test_substituicao_em_cadeia_mantem_uma_vigente(selecao, vaga, agora):
    inscricoes = []
    for n in range(3):
        codigo = inscricoes[-1].codigo_verificacao if inscricoes else ""
        inscricoes.append(
            inscricao_registrar(
                selecao=selecao,
                dados=dados(vaga, nome_civil=f"Nome {n}"),
                agora=agora,
                confirmacao=ConfirmacaoSubstituicao(codigo_anterior=codigo),
            )
        )
    for inscricao in inscricoes:
        inscricao.refresh_from_db()
    assert [i.situacao for i in inscricoes] == [
        SituacaoInscricao.SUBSTITUIDA,
        SituacaoInscricao.SUBSTITUIDA,
        SituacaoInscricao.ATIVA,
    ]
    assert inscricoes[2].substitui == inscricoes[1]
    assert inscricoes[1].substitui == inscricoes[0]
    assert len({i.numero for i in inscricoes}) == 3


@pytest.mark.django_db
def test_substituicao_sem_confirmacao_nada_muda(selecao, vaga, agora):
    anterior = inscricao_registrar(selecao=selecao, dados=dados(vaga), agora=agora)
    with pytest.raises(SubstituicaoNaoConfirmada) as erro:
        inscricao_registrar(
            selecao=selecao, dados=dados(vaga, nome_civil="Outra Pessoa"), agora=agora
        )
    assert (erro.value.anterior_id, erro.value.codigo_errado) == (anterior.pk, False)
    anterior.refresh_from_db()
    assert anterior.situacao == SituacaoInscricao.ATIVA
    assert Inscricao.objects.count() == 1


@pytest.mark.parametrize("situacao", [SituacaoInscricao.ELIMINADA, SituacaoInscricao.DESISTENTE])
@pytest.mark.django_db
def test_substituicao_de_eliminada_ou_desistente_e_recusada(selecao, vaga, agora, situacao):
    InscricaoFactory(selecao=selecao, vaga=vaga, cpf="52998224725", situacao=situacao)
    laudo = pdf()
    with pytest.raises(InscricaoRecusada, match="não pode ser substituída"):
        inscricao_registrar(
            selecao=selecao,
            dados=dados(vaga, pcd=True, concorre_pcd=True),
            agora=agora,
            laudo=laudo,
        )
    assert Inscricao.objects.count() == 1
    # o laudo gravado antes da recusa não fica órfão no disco
    _, arquivos = default_storage.listdir(f"laudos/{timezone.localtime(agora):%Y/%m}")
    assert arquivos == []


@pytest.mark.django_db
def test_numeracao_em_lote_unica_e_legivel(selecao, vaga, agora):
    """COPY com chaves reservadas (PostgreSQL) ou bulk_create + numeração (outros bancos).

    Cada ramo roda no banco que o tem: o PostgreSQL na CI, o SQLite no padrão do README.
    """
    antiga = InscricaoFactory(selecao=selecao, vaga=vaga, cpf=gerar_cpf(0))
    linhas = [
        (dados(vaga, cpf=gerar_cpf(n), concorre_negros=False), agora, agora) for n in range(50)
    ]
    with CaptureQueriesContext(connection) as consultas:
        ids = inscricoes_criar_em_lote(
            selecao=selecao,
            linhas=linhas,
            substituir={antiga.cpf: antiga.pk},
            agora=agora,
            descricao_auditoria="teste",
        )
    # O COPY vai pelo cursor do psycopg, por fora do registro de consultas do Django:
    # no PostgreSQL não há INSERT de inscrição (as chaves saem antes, da sequência).
    tabela = connection.ops.quote_name(Inscricao._meta.db_table)
    sql = [c["sql"] for c in consultas.captured_queries]
    inseriu = any(c.startswith(f"INSERT INTO {tabela}") for c in sql)
    reservou = any("pg_get_serial_sequence" in c for c in sql)
    assert (reservou, inseriu) == (
        (True, False) if connection.vendor == "postgresql" else (False, True)
    )
    criadas = Inscricao.objects.filter(pk__in=ids)
    numeros = list(criadas.values_list("numero", flat=True))
    assert len(set(numeros)) == 50
    ano = timezone.localtime(agora).year
    assert all(re.fullmatch(rf"{ano}-\d{{7}}", n) for n in numeros)
    assert criadas.get(cpf=antiga.cpf).substitui == antiga
    antiga.refresh_from_db()
    assert antiga.situacao == SituacaoInscricao.SUBSTITUIDA
    assert RegistroAuditoria.objects.filter(acao="inscricao.importada").count() == 50
    registro = RegistroAuditoria.objects.get(acao="inscricao.substituida")
    assert registro.inscricao_id == antiga.pk
    assert registro.depois["situacao"] == "substituida"
    # Os 51 registros em massa entram na cadeia de hashes da seleção, em ordem.
    assert [r.falha for r in auditoria_verificar(selecao_id=selecao.pk)] == [None]
    assert sorted(selecao.auditoria.values_list("sequencia", flat=True)) == list(range(1, 52))


@pytest.mark.django_db
def test_comprovante_falha_no_envio_nao_desfaz_a_inscricao(
    selecao, vaga, agora, django_capture_on_commit_callbacks, caplog, celery_sincrono
):
    with (
        mock.patch.object(EmailMultiAlternatives, "send", side_effect=OSError("SMTP fora")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        inscricao = inscricao_registrar(selecao=selecao, dados=dados(vaga), agora=agora)
    assert Inscricao.objects.filter(pk=inscricao.pk).exists()
    assert f"Falha ao enviar o comprovante da inscrição {inscricao.numero}" in caplog.text
