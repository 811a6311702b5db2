"""A trilha de auditoria é somente de acréscimo no próprio banco (gatilho no PostgreSQL)."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import DatabaseError, connection, transaction

from selecoes import auditoria
from selecoes.models import RegistroAuditoria
from tests.factories import SelecaoFactory, UserFactory

RAIZ = Path(__file__).resolve().parents[2]

somente_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="O gatilho de auditoria só existe no PostgreSQL (em SQLite a migração não o instala).",
)


def _registro(usuario=None) -> RegistroAuditoria:
    selecao = SelecaoFactory()
    return auditoria.registrar(
        acao="selecao.teste", objeto=selecao, selecao=selecao, descricao="Teste", usuario=usuario
    )


def _recusado(funcao) -> str:
    with pytest.raises(DatabaseError) as erro, transaction.atomic():
        funcao()
    return str(erro.value)


def _sql(comando: str, *parametros: object) -> None:
    with connection.cursor() as cursor:
        cursor.execute(comando, parametros)


@somente_postgresql
@pytest.mark.django_db
def test_auditoria_update_recusado():
    registro = _registro()

    registro.descricao = "Reescrita"
    mensagem = _recusado(registro.save)
    assert "somente de acréscimo: UPDATE recusado" in mensagem
    assert "somente de acréscimo" in _recusado(
        lambda: RegistroAuditoria.objects.filter(pk=registro.pk).update(motivo="outro")
    )

    registro.refresh_from_db()
    assert registro.descricao == "Teste"


@somente_postgresql
@pytest.mark.django_db
def test_auditoria_delete_recusado():
    registro = _registro()

    assert "DELETE recusado" in _recusado(registro.delete)
    assert "DELETE recusado" in _recusado(
        lambda: _sql("DELETE FROM selecoes_registroauditoria WHERE id = %s", registro.pk)
    )
    assert RegistroAuditoria.objects.filter(pk=registro.pk).exists()


@somente_postgresql
@pytest.mark.django_db
def test_auditoria_truncate_recusado_para_o_papel_da_aplicacao():
    with connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if not cursor.fetchone()[0]:
            pytest.skip("Criar um papel comum para o teste exige superusuário do PostgreSQL.")
    registro = _registro()
    papel = f"app_teste_{uuid.uuid4().hex[:8]}"

    def truncar_como_aplicacao():
        # Verifica já as chaves estrangeiras adiadas do INSERT acima (senão o
        # PostgreSQL recusa o TRUNCATE por "pending trigger events", não pelo gatilho).
        _sql("SET CONSTRAINTS ALL IMMEDIATE")
        _sql(f'CREATE ROLE "{papel}" NOLOGIN')
        _sql(f'GRANT ALL ON selecoes_registroauditoria TO "{papel}"')
        _sql(f'SET LOCAL ROLE "{papel}"')
        _sql("TRUNCATE selecoes_registroauditoria")

    assert "TRUNCATE recusado" in _recusado(truncar_como_aplicacao)
    assert RegistroAuditoria.objects.filter(pk=registro.pk).exists()


@somente_postgresql
@pytest.mark.django_db
def test_auditoria_exclusao_de_usuario_so_desliga_o_vinculo():
    usuario = UserFactory(username="servidor-que-saiu")
    registro = _registro(usuario=usuario)

    usuario.delete()

    registro.refresh_from_db()
    assert registro.usuario_id is None
    assert registro.usuario_nome == "servidor-que-saiu"


@somente_postgresql
@pytest.mark.django_db
def test_auditoria_desligar_usuario_nao_abre_brecha_para_reescrever():
    registro = _registro(usuario=UserFactory())

    assert "UPDATE recusado" in _recusado(
        lambda: RegistroAuditoria.objects.filter(pk=registro.pk).update(
            usuario=None, usuario_nome="outra pessoa"
        )
    )


@pytest.mark.django_db(transaction=True)
def test_auditoria_acrescimo_segue_livre_e_flush_dos_testes_funciona():
    """Testes transacionais terminam com TRUNCATE de todas as tabelas (flush do Django)."""
    _registro()
    _registro()
    assert RegistroAuditoria.objects.count() == 2


def test_auditoria_migracoes_rodam_em_sqlite(tmp_path):
    ambiente = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    processo = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
    )
    assert processo.returncode == 0, processo.stdout + processo.stderr
    assert "selecoes.0002_auditoria_somente_acrescimo... OK" in processo.stdout
