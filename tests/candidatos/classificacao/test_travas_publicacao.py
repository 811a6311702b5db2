"""Trava da publicação (issue 16, itens 9 e 13), com PostgreSQL real.

A publicação trava só a linha da sua seleção: outra seleção do mesmo órgão
publica e a trilha de auditoria recebe registros enquanto ela está em curso;
dois pedidos simultâneos da mesma seleção nunca dão duas versões.
"""

import datetime as dt
import threading
import uuid

import pytest

from candidatos.models import ResultadoVersao, TipoResultado
from candidatos.services import resultado
from selecoes import auditoria
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.candidatos.classificacao.test_concorrencia import _em_paralelo
from tests.travas import em_outro_fio, sem_esperar

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]


def _preliminar(selecao, usuario, **extra):
    return resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=usuario,
        motivo="",
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=2),
        agora=AGORA,
        **extra,
    )


def test_publicacao_em_curso_nao_trava_o_orgao_nem_a_auditoria(orgao, alice):
    vaga = nova_vaga(orgao, codigo="A")
    classificacao(vaga, "ABXC")
    em_curso = vaga.selecao
    outra_vaga = nova_vaga(orgao, codigo="B")
    classificacao(outra_vaga, "ABXC")
    dentro, liberar = threading.Event(), threading.Event()
    saida = {}

    def segurar(feitos, total):
        dentro.set()
        liberar.wait(20)

    thread = em_outro_fio(lambda: _preliminar(em_curso, alice, progresso=segurar), dentro, saida)
    try:
        # Outra seleção do mesmo órgão publica no meio (trava a sua linha e
        # grava auditoria que referencia o órgão).
        outra = sem_esperar(lambda: _preliminar(outra_vaga.selecao, alice))
        # Um registro de auditoria da própria seleção em curso também não espera.
        registro = sem_esperar(
            lambda: auditoria.registrar(
                acao="teste.durante_publicacao",
                objeto=em_curso,
                descricao="Registro durante a publicação",
                selecao=em_curso,
            )
        )
    finally:
        liberar.set()
        thread.join(30)
    assert "erro" not in saida, saida
    assert outra.numero == 1
    assert saida["resultado"].selecao_id == em_curso.pk
    assert RegistroAuditoria.objects.filter(pk=registro.pk).exists()


def test_dois_pedidos_simultaneos_com_a_mesma_chave_dao_uma_versao(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    chave = uuid.uuid4()
    saidas = _em_paralelo(*[lambda: _preliminar(vaga.selecao, alice, chave=chave)] * 2)
    assert all(isinstance(s, ResultadoVersao) for s in saidas), saidas
    assert saidas[0].pk == saidas[1].pk
    assert ResultadoVersao.objects.count() == 1


def test_dois_finais_simultaneos_dao_uma_versao(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA - dt.timedelta(days=3),
        recurso_fim=AGORA - dt.timedelta(days=1),
        agora=AGORA - dt.timedelta(days=3),
    )

    def final():
        return resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo=TipoResultado.FINAL,
            usuario=alice,
            motivo="",
            agora=AGORA,
            chave=uuid.uuid4(),
        )

    saidas = _em_paralelo(final, final)
    versoes = [s for s in saidas if isinstance(s, ResultadoVersao)]
    recusas = [s for s in saidas if isinstance(s, resultado.PublicacaoInvalida)]
    assert (len(versoes), len(recusas)) == (1, 1), saidas
    assert "Motivo" in recusas[0].messages[0]
    assert ResultadoVersao.objects.filter(tipo=TipoResultado.FINAL).count() == 1
