"""Cadeia de hashes da trilha de auditoria por seleção e ``manage.py verificar_auditoria``."""

import datetime as dt
import io
import threading

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections, transaction
from django.utils import timezone

from selecoes import auditoria, cadeia
from selecoes.management.commands.verificar_auditoria import Command
from selecoes.models import RegistroAuditoria
from tests.factories import OrgaoFactory, SelecaoFactory, UserFactory


def _registrar(selecao=None, orgao=None, descricao="Fato", **extra) -> RegistroAuditoria:
    objeto = selecao or orgao or UserFactory()
    return auditoria.registrar(
        acao="teste.fato",
        objeto=objeto,
        selecao=selecao,
        orgao=orgao,
        descricao=descricao,
        **extra,
    )


def _verificar(*argumentos: str) -> str:
    saida = io.StringIO()
    call_command("verificar_auditoria", *argumentos, stdout=saida)
    return saida.getvalue()


def _apagar_contornando_gatilhos(registro: RegistroAuditoria) -> None:
    """Como um superusuário mal-intencionado: em SQLite não há gatilho; no
    PostgreSQL, ``session_replication_role = replica`` desliga os gatilhos."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
        RegistroAuditoria.objects.filter(pk=registro.pk).delete()


def _alterar_contornando_gatilhos(registro: RegistroAuditoria, **campos) -> None:
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
        RegistroAuditoria.objects.filter(pk=registro.pk).update(**campos)


@pytest.mark.django_db
def test_cadeia_uma_por_selecao_e_ligada_ao_registro_anterior():
    orgao = OrgaoFactory()
    s1, s2 = SelecaoFactory(orgao=orgao), SelecaoFactory(orgao=orgao)
    a1, b1, a2 = _registrar(s1), _registrar(s2), _registrar(s1, antes={"x": 1}, depois={"x": 2})
    avulso = _registrar(orgao=orgao)

    assert [a1.sequencia, a2.sequencia, b1.sequencia, avulso.sequencia] == [1, 2, 1, 1]
    assert a1.hash_anterior == cadeia.HASH_INICIAL == b1.hash_anterior
    assert a2.hash_anterior == a1.hash
    a2.refresh_from_db()
    assert a2.hash == cadeia.hash_registro(a1.hash, a2.__dict__)
    assert "Trilha de auditoria íntegra." in _verificar()
    assert f"Cadeia seleção {s1.pk}: 2 registros íntegros; último hash {a2.hash}." in _verificar(
        "--selecao", str(s1.pk)
    )


@pytest.mark.django_db
def test_cadeia_autor_e_instante_vem_do_servidor():
    """``registrar`` não aceita instante nem nome de autor: vêm do relógio e da sessão."""
    usuario = UserFactory(username="gestora")
    antes = timezone.now()
    registro = _registrar(SelecaoFactory(), usuario=usuario)

    assert registro.usuario_nome == "gestora"
    assert antes <= registro.criado_em <= timezone.now()
    with pytest.raises(TypeError):
        _registrar(SelecaoFactory(), criado_em=antes - dt.timedelta(days=30))


@pytest.mark.django_db
def test_cadeia_verificar_acusa_registro_removido():
    selecao = SelecaoFactory()
    primeiro, meio, ultimo = (_registrar(selecao, descricao=f"Fato {n}") for n in range(3))

    _apagar_contornando_gatilhos(meio)

    with pytest.raises(CommandError) as erro:
        _verificar("--selecao", str(selecao.pk))
    mensagem = str(erro.value)
    assert f"cadeia seleção {selecao.pk}" in mensagem
    assert f"faltam registros antes do registro id {ultimo.pk} (nº 3)" in mensagem
    assert "Um registro foi removido." in mensagem
    assert primeiro.pk


@pytest.mark.django_db
def test_cadeia_verificar_acusa_registro_alterado():
    selecao = SelecaoFactory()
    registro = _registrar(selecao, descricao="Convocação de 2026000001")
    _registrar(selecao)

    _alterar_contornando_gatilhos(registro, descricao="Convocação de 2026000999")

    with pytest.raises(CommandError, match=rf"registro id {registro.pk} \(nº 1\) não confere"):
        _verificar()


@pytest.mark.django_db
def test_cadeia_verificar_acusa_registro_retrodatado():
    """Registro novo com data forjada e hash recalculado: a ordem de tempo o denuncia."""
    selecao = SelecaoFactory()
    _registrar(selecao)
    forjado = _registrar(selecao, descricao="Forjado")
    retroativo = forjado.criado_em - dt.timedelta(days=10)
    campos = {**forjado.__dict__, "criado_em": retroativo}
    _alterar_contornando_gatilhos(
        forjado,
        criado_em=retroativo,
        hash=cadeia.hash_registro(forjado.hash_anterior, campos),
    )

    with pytest.raises(CommandError, match="data retroativa"):
        _verificar("--selecao", str(selecao.pk))


@pytest.mark.django_db
def test_cadeia_verificar_sai_com_status_diferente_de_zero():
    selecao = SelecaoFactory()
    primeiro = _registrar(selecao)
    _registrar(selecao)
    _apagar_contornando_gatilhos(primeiro)  # fica o nº 2 sem o nº 1
    comando = Command(stdout=io.StringIO(), stderr=io.StringIO())

    with pytest.raises(SystemExit) as saida:
        comando.run_from_argv(["manage.py", "verificar_auditoria"])

    assert saida.value.code != 0


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_cadeia_concorrencia_acrescimos_simultaneos_na_mesma_selecao():
    selecao = SelecaoFactory()
    largada = threading.Barrier(4)
    erros: list[BaseException] = []

    def acrescentar(n: int) -> None:
        try:
            largada.wait(timeout=30)
            for i in range(5):
                with transaction.atomic():
                    _registrar(selecao, descricao=f"Fio {n}, fato {i}")
        except BaseException as erro:  # pragma: no cover - relatado abaixo
            erros.append(erro)
        finally:
            connections.close_all()

    fios = [threading.Thread(target=acrescentar, args=(n,)) for n in range(4)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join(timeout=120)

    assert erros == []
    sequencias = sorted(selecao.auditoria.values_list("sequencia", flat=True))
    assert sequencias == list(range(1, 21))
    assert "íntegra" in _verificar("--selecao", str(selecao.pk))


def _registrar_com_espera_maxima(selecao, espera: str) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('lock_timeout', %s, true)", [espera])
    _registrar(selecao)


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_cadeia_concorrencia_outra_selecao_do_orgao_nao_espera():
    """A trava é da cadeia da seleção: uma transação longa na seleção A não
    segura o acréscimo na seleção B do mesmo órgão."""
    orgao = OrgaoFactory()
    a, b = SelecaoFactory(orgao=orgao), SelecaoFactory(orgao=orgao)
    segurando, liberar = threading.Event(), threading.Event()

    def transacao_longa() -> None:
        try:
            with transaction.atomic():
                _registrar(a)
                segurando.set()
                liberar.wait(timeout=30)
        finally:
            connections.close_all()

    fio = threading.Thread(target=transacao_longa)
    fio.start()
    try:
        assert segurando.wait(timeout=30)
        with transaction.atomic():
            _registrar_com_espera_maxima(b, "3s")
        with pytest.raises(Exception, match="lock timeout"), transaction.atomic():
            _registrar_com_espera_maxima(a, "500ms")
    finally:
        liberar.set()
        fio.join(timeout=30)
    assert b.auditoria.count() == 1
