"""Pedidos simultâneos na heteroidentificação (PostgreSQL real, travas de linha): a
mesma decisão apurada duas vezes e o mesmo resultado final publicado duas vezes
gravam uma vez só."""

import datetime as dt
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import OperationalError, connection, transaction

from candidatos.models import (
    DecisaoHeteroidentificacao,
    Instancia,
    PublicacaoHeteroidentificacao,
    SituacaoConvocacao,
)
from candidatos.services import convocacao
from candidatos.services import heteroidentificacao as hetero
from selecoes import auditoria
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import (
    FINAL_DA_VERIFICACAO,
    MOTIVO,
    comissao,
    convocados_pelo_cadastro,
    julgar,
    montado,
    sessao,
    verificar,
    verificar_depois,
)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.postgresql]

VEZES = 4


def _juntos(funcao):
    barreira = threading.Barrier(VEZES)
    saidas: list[object] = []

    def rodar():
        try:
            barreira.wait()
            saidas.append(funcao())
        except ValidationError as erro:
            saidas.append(erro)
        finally:
            connection.close()

    threads = [threading.Thread(target=rodar) for _ in range(VEZES)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return saidas


def test_concorrencia_decisao_apurada_uma_vez(orgao, alice):
    _vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    s = sessao(chamados[0].selecao, julgadora, alice)
    alvo = chamados[0]
    hetero.chamados_convocar(sessao=s, chamados=[alvo], usuario=alice)
    hetero.presenca_registrar(chamado=alvo, presenca="presente", usuario=alice, agora=AGORA)
    julgar(alvo, julgadora, ["confirma"] * 3, alice)

    saidas = _juntos(lambda: hetero.decisao_apurar(chamado=alvo, usuario=alice, agora=AGORA))

    assert sum(isinstance(s, DecisaoHeteroidentificacao) for s in saidas) == 1
    assert all(
        "já foi apurada" in " ".join(s.messages) for s in saidas if isinstance(s, ValidationError)
    )
    assert (
        DecisaoHeteroidentificacao.objects.filter(
            chamado=alvo, instancia=Instancia.COMISSAO
        ).count()
        == 1
    )


def test_concorrencia_resultado_final_publicado_uma_vez(orgao, alice):
    vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    depois = AGORA + dt.timedelta(days=10)

    saidas = _juntos(
        lambda: hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=depois)
    )

    assert sum(isinstance(s, PublicacaoHeteroidentificacao) for s in saidas) == 1
    assert (
        PublicacaoHeteroidentificacao.objects.filter(selecao=vaga.selecao, tipo="final").count()
        == 1
    )
    assert DecisaoHeteroidentificacao.objects.filter(
        chamado__selecao=vaga.selecao, instancia=Instancia.FINAL
    ).count() == len(chamados)


def _publicar_sem_esperar(vaga, usuario):
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '300ms'")
        hetero.resultado_final_publicar(
            selecao=vaga.selecao, usuario=usuario, agora=FINAL_DA_VERIFICACAO, motivo=MOTIVO
        )


def test_convocacao_sem_efeito_espera_a_trava_da_vaga(orgao, alice):
    """Issue 15, item 4: deixar a convocação sem efeito é uma mudança de convocação como
    as outras, sob a trava da vaga. Com a vaga presa por outra conexão, a publicação do
    resultado final espera (aqui, desiste pelo ``lock_timeout``) e nada fica meio-salvo."""
    vaga, _ins, z, chamado = convocados_pelo_cadastro(orgao, alice)
    verificar_depois(orgao, alice, vaga, chamado, ["nao_confirma"] * 3, publicar_final=False)
    travou, soltar = threading.Event(), threading.Event()

    def segurar():
        try:
            with transaction.atomic():
                convocacao.travar_vaga(vaga.pk)
                travou.set()
                soltar.wait(10)
        finally:
            travou.set()
            connection.close()

    fio = threading.Thread(target=segurar)
    fio.start()
    try:
        assert travou.wait(10)
        with pytest.raises(OperationalError):
            _publicar_sem_esperar(vaga, alice)
    finally:
        soltar.set()
        fio.join(10)
    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.AGUARDANDO
    assert not DecisaoHeteroidentificacao.objects.filter(
        chamado=chamado, instancia=Instancia.FINAL
    ).exists()
    # Solta a vaga, a mesma publicação passa e deixa a convocação sem efeito.
    hetero.resultado_final_publicar(
        selecao=vaga.selecao, usuario=alice, agora=FINAL_DA_VERIFICACAO, motivo=MOTIVO
    )
    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.SEM_EFEITO


def test_convocacao_e_resultado_final_ao_mesmo_tempo_sem_impasse(orgao, alice):
    """Uma convocação na vaga (trava a vaga e depois grava a auditoria do órgão) e a
    publicação do resultado final da verificação (que também trava a vaga) ao mesmo
    tempo: a publicação trava a vaga antes da seleção e do órgão, a mesma ordem, e as
    duas terminam — sem impasse (deadlock) no banco."""
    vaga, _ins, z, chamado = convocados_pelo_cadastro(orgao, alice)
    verificar_depois(orgao, alice, vaga, chamado, ["nao_confirma"] * 3, publicar_final=False)
    travou = threading.Event()
    erros: list[BaseException] = []

    def convocar_e_auditar():
        try:
            with transaction.atomic():
                convocacao.travar_vaga(vaga.pk)
                travou.set()
                with connection.cursor() as cursor:
                    # Espera a publicação ficar presa numa trava (sem relógio).
                    for _ in range(1000):
                        cursor.execute(
                            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                            "'Lock' AND datname = current_database()"
                        )
                        if cursor.fetchone()[0]:
                            break
                        cursor.execute("SELECT pg_sleep(0.01)")
                auditoria.registrar(
                    acao="teste.impasse",
                    objeto=vaga,
                    descricao="Registro do órgão com a vaga travada",
                    usuario=alice,
                    selecao=vaga.selecao,
                )
        except BaseException as erro:
            erros.append(erro)
            travou.set()
        finally:
            connection.close()

    fio = threading.Thread(target=convocar_e_auditar)
    fio.start()
    try:
        assert travou.wait(10)
        hetero.resultado_final_publicar(
            selecao=vaga.selecao, usuario=alice, agora=FINAL_DA_VERIFICACAO, motivo=MOTIVO
        )
    finally:
        fio.join(20)
    assert erros == []
    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.SEM_EFEITO
