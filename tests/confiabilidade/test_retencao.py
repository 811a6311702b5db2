"""Retenção (LGPD): anonimização das inscrições depois da validade + prazo de retenção."""

import datetime as dt
import io
import json
import re
from decimal import Decimal

import pytest
import time_machine
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test import override_settings
from django.utils import timezone
from hypothesis import given
from hypothesis import strategies as st

from candidatos.models import (
    AnexoCandidato,
    CorRaca,
    Inscricao,
    Modalidade,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
    TipoResultado,
)
from candidatos.services import retencao
from selecoes.calendario import somar_meses
from selecoes.imutavel import MARCA_ANONIMIZADO, sem_nomes
from selecoes.models import RegistroAuditoria, SituacaoSelecao
from selecoes.validators import cpf_valido
from tests.factories import (
    AvaliacaoFactory,
    InscricaoFactory,
    SelecaoFactory,
    UserFactory,
    VagaEstagioFactory,
)
from tests.seguranca.factories import (
    ConvocacaoFactory,
    ProcessoEliminacaoFactory,
    RecursoFactory,
    ResultadoVersaoFactory,
)

FUSO = timezone.get_default_timezone()


def _momento(ano: int, mes: int, dia: int) -> dt.datetime:
    return dt.datetime(ano, mes, dia, 14, 0, tzinfo=FUSO)


@pytest.mark.parametrize(
    ("data", "meses", "esperado"),
    [
        (dt.date(2026, 3, 10), 12, dt.date(2027, 3, 10)),
        (dt.date(2026, 1, 31), 1, dt.date(2026, 2, 28)),
        (dt.date(2027, 1, 31), 13, dt.date(2028, 2, 29)),
        (dt.date(2026, 12, 15), 1, dt.date(2027, 1, 15)),
        (dt.date(2026, 11, 30), 14, dt.date(2028, 1, 30)),
        (dt.date(2026, 3, 1), 0, dt.date(2026, 3, 1)),
    ],
)
def test_retencao_somar_meses(data, meses, esperado):
    assert somar_meses(data, meses) == esperado


@given(st.integers(min_value=1, max_value=10**12))
def test_retencao_cpf_anonimo_cumpre_a_restricao_e_nunca_e_cpf_valido(inscricao_id):
    cpf = retencao.cpf_anonimo(inscricao_id)
    assert re.fullmatch(r"[0-9]{11}", cpf)
    assert not cpf_valido(cpf)


def _selecao_com_resultado_final(publicado_em: dt.datetime, validade_meses: int = 12):
    selecao = SelecaoFactory(
        situacao=SituacaoSelecao.RESULTADO_FINAL,
        validade_meses=validade_meses,
        inscricoes_inicio=publicado_em - dt.timedelta(days=60),
        inscricoes_fim=publicado_em - dt.timedelta(days=30),
    )
    ResultadoVersaoFactory(selecao=selecao, tipo=TipoResultado.FINAL, publicado_em=publicado_em)
    InscricaoFactory(vaga=VagaEstagioFactory(selecao=selecao))
    return selecao


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("hoje", "meses", "devida"),
    [
        (dt.date(2032, 3, 9), 60, False),
        (dt.date(2032, 3, 10), 60, True),
        (dt.date(2027, 3, 9), 0, False),
        (dt.date(2027, 3, 10), 0, True),
        (dt.date(2029, 3, 10), 24, True),
    ],
)
def test_retencao_prazo_conta_do_fim_da_validade(hoje, meses, devida):
    """Resultado final em 10/03/2026, validade de 12 meses: validade até 10/03/2027."""
    selecao = _selecao_com_resultado_final(_momento(2026, 3, 10))

    planos = retencao.planejar(hoje=hoje, meses=meses)

    assert [p.selecao_id for p in planos] == ([selecao.pk] if devida else [])
    if devida:
        assert planos[0].fim_validade == dt.date(2027, 3, 10)


@pytest.mark.django_db
def test_retencao_prazo_conta_da_primeira_versao_do_resultado_final():
    selecao = _selecao_com_resultado_final(_momento(2026, 3, 10))
    ResultadoVersaoFactory(
        selecao=selecao,
        tipo=TipoResultado.FINAL,
        numero=2,
        motivo="Recurso deferido",
        publicado_em=_momento(2026, 9, 1),
    )

    assert retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)[0].fim_validade == dt.date(
        2027, 3, 10
    )


@pytest.mark.django_db
def test_retencao_selecao_em_andamento_nunca_e_anonimizada():
    selecao = SelecaoFactory(
        situacao=SituacaoSelecao.EM_CLASSIFICACAO,
        inscricoes_inicio=_momento(2020, 1, 1),
        inscricoes_fim=_momento(2020, 2, 1),
    )
    ResultadoVersaoFactory(selecao=selecao, tipo=TipoResultado.PRELIMINAR)
    InscricaoFactory(vaga=VagaEstagioFactory(selecao=selecao))

    assert retencao.planejar(hoje=dt.date(2060, 1, 1), meses=0) == []


@pytest.mark.django_db
def test_retencao_selecao_encerrada_sem_resultado_conta_do_fim_das_inscricoes():
    selecao = SelecaoFactory(
        situacao=SituacaoSelecao.ENCERRADA,
        validade_meses=6,
        inscricoes_inicio=_momento(2026, 1, 5),
        inscricoes_fim=_momento(2026, 2, 5),
    )
    InscricaoFactory(vaga=VagaEstagioFactory(selecao=selecao))

    (plano,) = retencao.planejar(hoje=dt.date(2031, 8, 5), meses=60)
    assert plano.fim_validade == dt.date(2026, 8, 5)
    assert plano.anonimizar_desde == dt.date(2031, 8, 5)


def _cenario():
    """Seleção vencida com inscrições de todo tipo e outra seleção ainda vigente."""
    selecao = _selecao_com_resultado_final(_momento(2026, 3, 10))
    vaga = selecao.vagas.get()
    gestor = UserFactory(username="gestora-retencao")
    negra = InscricaoFactory(
        vaga=vaga,
        nome_social="Dandara",
        cor_raca=CorRaca.PRETA,
        concorre_negros=True,
        pcd=True,
        concorre_pcd=True,
    )
    negra.laudo_pcd.save("laudo.pdf", ContentFile(b"%PDF-1.4 laudo"), save=True)
    substituida = InscricaoFactory(
        vaga=vaga, cpf=negra.cpf, situacao=SituacaoInscricao.SUBSTITUIDA, cor_raca=CorRaca.PARDA
    )
    AvaliacaoFactory(inscricao=negra, notas={"prova": "9.5"}, nota_final=Decimal("9.500"))
    ConvocacaoFactory(
        inscricao=negra,
        modalidade=Modalidade.NEGROS,
        situacao=SituacaoConvocacao.CONTRATADO,
        data_inicio=dt.date(2026, 4, 1),
        numero_tce="TCE 123/2026",
    )
    RecursoFactory(inscricao=negra, texto="Sou Dandara, CPF ...")
    processo = ProcessoEliminacaoFactory(
        inscricao=negra, aberto_por=gestor, defesa="Minha defesa", evidencias="Fotos"
    )
    processo.arquivo_evidencias.save("prova.jpg", ContentFile(b"jpg"), save=False)
    processo.documento_decisao.save("decisao.pdf", ContentFile(b"%PDF decisao"), save=False)
    processo.situacao = SituacaoProcesso.IMPROCEDENTE
    processo.decidido_em = _momento(2026, 5, 1)
    processo.fundamentacao = "A comissão confirmou a autodeclaração de Dandara."
    processo.save()
    vigente = InscricaoFactory(
        vaga=VagaEstagioFactory(selecao=SelecaoFactory(orgao=selecao.orgao)),
        cor_raca=CorRaca.PARDA,
    )
    return selecao, negra, substituida, processo, vigente


@pytest.mark.django_db
def test_retencao_anonimiza_dados_pessoais_e_preserva_os_agregados_do_art5(
    tmp_path, django_capture_on_commit_callbacks
):
    with override_settings(MEDIA_ROOT=tmp_path):
        selecao, negra, substituida, processo, vigente = _cenario()
        laudo = tmp_path / negra.laudo_pcd.name
        prova = tmp_path / processo.arquivo_evidencias.name
        decisao = tmp_path / processo.documento_decisao.name
        agregados_antes = retencao.agregados_art5(selecao.pk)
        (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)

        with django_capture_on_commit_callbacks(execute=True):
            feito = retencao.selecao_anonimizar(plano=plano, meses=60)

    assert feito.inscricoes == 3
    negra.refresh_from_db()
    assert negra.nome_civil == retencao.NOME_ANONIMO
    assert negra.nome_social == ""
    assert negra.cpf == retencao.cpf_anonimo(negra.pk)
    assert negra.email == retencao.EMAIL_ANONIMO
    assert negra.telefone == ""
    assert negra.data_nascimento == retencao.NASCIMENTO_ANONIMO
    assert negra.instituicao_ensino == negra.curso == retencao.MARCA
    assert negra.numero == f"ANON-{negra.pk}"
    assert negra.codigo_verificacao == ""
    assert not negra.laudo_pcd
    assert not laudo.exists()
    assert (negra.cor_raca, negra.concorre_negros, negra.pcd, negra.concorre_pcd) == (
        CorRaca.PRETA,
        True,
        True,
        True,
    )
    assert negra.avaliacao.nota_final is None
    assert negra.avaliacao.notas == {}
    convocacao = negra.convocacoes.get()
    assert convocacao.numero_tce == retencao.MARCA
    assert convocacao.situacao == SituacaoConvocacao.CONTRATADO
    assert negra.recursos.get().texto == retencao.MARCA
    processo.refresh_from_db()
    assert (processo.defesa, processo.evidencias, processo.fundamentacao) == (retencao.MARCA,) * 3
    assert not processo.arquivo_evidencias
    assert not prova.exists()
    assert decisao.exists()
    substituida.refresh_from_db()
    assert substituida.cpf != negra.cpf
    assert substituida.cor_raca == CorRaca.PARDA

    assert retencao.agregados_art5(selecao.pk) == agregados_antes
    registro = RegistroAuditoria.objects.get(acao=retencao.ACAO_AUDITORIA)
    assert registro.selecao == selecao
    assert registro.depois["agregados_art5"] == agregados_antes
    assert registro.depois["inscricoes"] == 3
    assert registro.depois["arquivos_apagados"] == 2

    vigente_depois = Inscricao.objects.get(pk=vigente.pk)
    assert vigente_depois.nome_civil == vigente.nome_civil
    assert vigente_depois.cpf == vigente.cpf
    assert retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60) == []


@pytest.mark.django_db
def test_retencao_apaga_os_pdfs_do_candidato_em_recurso_e_defesa(
    tmp_path, django_capture_on_commit_callbacks
):
    with override_settings(MEDIA_ROOT=tmp_path):
        selecao, negra, _substituida, processo, _vigente = _cenario()
        anexos = [
            AnexoCandidato(
                recurso=negra.recursos.get(), nome_original="Dandara-recurso.pdf", tamanho=9
            ),
            AnexoCandidato(processo=processo, nome_original="Dandara-defesa.pdf", tamanho=9),
        ]
        for n, anexo in enumerate(anexos):
            anexo.arquivo.save(f"anexo-{n}.pdf", ContentFile(b"%PDF-1.4 "), save=True)
        caminhos = [tmp_path / a.arquivo.name for a in anexos]
        (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)
        with django_capture_on_commit_callbacks(execute=True):
            retencao.selecao_anonimizar(plano=plano, meses=60)

    assert not any(c.exists() for c in caminhos)
    for anexo in anexos:
        anexo.refresh_from_db()
        assert (anexo.arquivo.name, anexo.nome_original) == ("", retencao.MARCA)
    registro = RegistroAuditoria.objects.get(acao=retencao.ACAO_AUDITORIA, selecao=selecao)
    assert registro.depois["arquivos_apagados"] == 4


@pytest.mark.django_db
def test_retencao_falha_no_meio_nao_deixa_nada_pela_metade(
    tmp_path, monkeypatch, django_capture_on_commit_callbacks
):
    with override_settings(MEDIA_ROOT=tmp_path):
        _, negra, *_ = _cenario()
        laudo = tmp_path / negra.laudo_pcd.name
        (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)

        def auditoria_fora_do_ar(**_):
            raise RuntimeError("banco caiu")

        monkeypatch.setattr(retencao.auditoria, "registrar", auditoria_fora_do_ar)
        with (
            django_capture_on_commit_callbacks(execute=True) as callbacks,
            pytest.raises(RuntimeError),
        ):
            retencao.selecao_anonimizar(plano=plano, meses=60)

    assert callbacks == []
    negra.refresh_from_db()
    assert negra.nome_civil != retencao.NOME_ANONIMO
    assert negra.laudo_pcd
    assert laudo.exists()


@pytest.mark.django_db
def test_retencao_comando_dry_run_so_mostra(tmp_path):
    with override_settings(MEDIA_ROOT=tmp_path):
        selecao, negra, *_ = _cenario()
    saida = io.StringIO()

    with time_machine.travel(_momento(2032, 3, 10)):
        call_command("anonimizar_inscricoes", "--dry-run", stdout=saida)

    texto = saida.getvalue()
    assert "SIMULAÇÃO: nada será alterado." in texto
    assert f"Seria anonimizado: Edital {selecao.numero_edital}" in texto
    assert "validade até 10/03/2027, anonimizar desde 10/03/2032" in texto
    assert "3 inscrições, 1 laudos, 1 recursos, 1 processos de eliminação, 1 convocações" in texto
    assert "3 inscrições de 1 seleções seriam anonimizadas." in texto
    negra.refresh_from_db()
    assert negra.nome_civil != retencao.NOME_ANONIMO
    assert not RegistroAuditoria.objects.filter(acao=retencao.ACAO_AUDITORIA).exists()


@pytest.mark.django_db
def test_retencao_comando_usa_configuracao_e_aceita_meses(tmp_path):
    with override_settings(MEDIA_ROOT=tmp_path):
        _, negra, *_ = _cenario()

        with time_machine.travel(_momento(2030, 3, 10)):
            saida = io.StringIO()
            call_command("anonimizar_inscricoes", stdout=saida)
            assert "Nenhuma seleção" in saida.getvalue()
            with override_settings(RETENCAO_MESES=36):
                call_command("anonimizar_inscricoes", "--meses", "48", stdout=io.StringIO())
            negra.refresh_from_db()
            assert negra.nome_civil != retencao.NOME_ANONIMO

            saida = io.StringIO()
            call_command("anonimizar_inscricoes", "--meses", "36", stdout=saida)

    assert "Anonimizado: Edital" in saida.getvalue()
    negra.refresh_from_db()
    assert negra.nome_civil == retencao.NOME_ANONIMO


CONTEUDO_COM_NOMES = {
    "formato": 1,
    "selecao": {"id": 1, "numero_edital": "3/2026", "orgao": "MIR"},
    "vagas": [
        {
            "codigo": "DIR",
            "classificacao": [
                {"posicao": 1, "inscricao": "2026000123", "nome": "Ana Souza", "listas": []},
                {"posicao": 2, "inscricao": "2026000124", "nome": "Dandara", "listas": ["negros"]},
            ],
            "lista_negros": ["2026000124"],
            "convocacao": [{"ordem": 1, "inscricao": "2026000123", "nome": "Ana Souza"}],
            "explicacoes": {"2026000123": "Convocado(a) na 1ª posição."},
        }
    ],
}


def _versao_com_nomes(selecao):
    return ResultadoVersaoFactory(
        selecao=selecao,
        tipo=TipoResultado.FINAL,
        numero=2,
        motivo="Recurso deferido",
        publicado_em=_momento(2026, 3, 20),
        conteudo=CONTEUDO_COM_NOMES,
    )


@pytest.mark.django_db
def test_retencao_anonimiza_os_nomes_das_versoes_publicadas_pelo_caminho_unico():
    selecao = _selecao_com_resultado_final(_momento(2026, 3, 10))
    versao = _versao_com_nomes(selecao)
    hash_publicado = versao.hash_conteudo
    outra = _versao_com_nomes(SelecaoFactory(orgao=selecao.orgao))
    (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)

    retencao.selecao_anonimizar(plano=plano, meses=60)

    versao.refresh_from_db()
    classificacao = versao.conteudo["vagas"][0]["classificacao"]
    assert [c["nome"] for c in classificacao] == ["[anonimizado]", "[anonimizado]"]
    assert versao.conteudo["vagas"][0]["convocacao"][0]["nome"] == "[anonimizado]"
    assert versao.conteudo == sem_nomes(CONTEUDO_COM_NOMES)
    assert [c["inscricao"] for c in classificacao] == ["2026000123", "2026000124"]
    assert versao.anonimizado_em is not None
    assert versao.hash_conteudo == hash_publicado  # o hash é do documento publicado
    registro = RegistroAuditoria.objects.get(acao=retencao.ACAO_AUDITORIA)
    assert registro.depois["versoes_de_resultado_anonimizadas"] == 2
    outra.refresh_from_db()
    assert outra.conteudo == CONTEUDO_COM_NOMES


@pytest.mark.postgresql
@pytest.mark.django_db
def test_retencao_versao_publicada_so_muda_pelo_servico():
    selecao = _selecao_com_resultado_final(_momento(2026, 3, 10))
    versao = _versao_com_nomes(selecao)

    with (
        pytest.raises(DatabaseError, match="somente de acréscimo: UPDATE recusado"),
        transaction.atomic(),
    ):
        ResultadoVersao.objects.filter(pk=versao.pk).update(
            conteudo=sem_nomes(versao.conteudo), anonimizado_em=timezone.now()
        )

    (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)
    with transaction.atomic():
        retencao.selecao_anonimizar(plano=plano, meses=60)
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('selecoes.anonimizacao', true)")
            assert cursor.fetchone() == ("off",)  # desligado logo depois, na mesma transação
        with pytest.raises(DatabaseError, match="UPDATE recusado"), transaction.atomic():
            ResultadoVersao.objects.filter(pk=versao.pk).update(motivo="Reescrito")


@pytest.mark.postgresql
@pytest.mark.django_db
def test_retencao_funcao_sql_sem_nomes_igual_a_do_python():
    amostra = {**CONTEUDO_COM_NOMES, "nome": {"aninhado": 1}, "lista": [[{"nome": None}], 3]}
    with connection.cursor() as cursor:
        cursor.execute("SELECT selecoes_json_sem_nomes(%s::jsonb)::text", [json.dumps(amostra)])
        (resultado,) = cursor.fetchone()
    assert json.loads(resultado) == sem_nomes(amostra)
    assert sem_nomes({"nome": "x"}) == {"nome": MARCA_ANONIMIZADO}
