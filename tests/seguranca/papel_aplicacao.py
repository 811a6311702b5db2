"""Conexão ao banco de teste como o papel restrito da aplicação (docs/implantacao.md).

O Django dos testes conecta como dono/superusuário (cria o banco de teste e roda
as migrações, como o papel dono em produção). Aqui se abre uma segunda conexão,
como ``selecoes_app``, com os mesmos privilégios que a aplicação recebe em
produção — nunca o de dono: quem é dono pode desligar gatilhos.
"""

import os
from collections.abc import Iterator

import psycopg
import pytest
from django.db import connection

PAPEL = os.environ.get("SELECOES_APP_ROLE", "selecoes_app")

# As mesmas concessões de docs/implantacao.md (lá por ALTER DEFAULT PRIVILEGES).
CONCESSOES = """
GRANT CONNECT ON DATABASE {banco} TO {papel};
GRANT USAGE ON SCHEMA public TO {papel};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {papel};
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {papel};
"""


def _papel_existe() -> tuple[bool, bool]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT rolsuper OR rolcreaterole OR rolbypassrls FROM pg_roles WHERE rolname = %s",
            [PAPEL],
        )
        linha = cursor.fetchone()
    return (linha is not None, bool(linha and linha[0]))


def conectar_como_aplicacao() -> Iterator[psycopg.Connection]:
    existe, privilegiado = _papel_existe()
    if not existe:
        pytest.fail(
            f"O papel {PAPEL!r} não existe no PostgreSQL: .ci/run o cria "
            "(veja docs/implantacao.md)."
        )
    assert not privilegiado, f"O papel {PAPEL!r} não pode ser superusuário nem criar papéis."
    ajustes = connection.settings_dict
    banco = ajustes["NAME"]
    with connection.cursor() as cursor:
        cursor.execute(CONCESSOES.format(banco=f'"{banco}"', papel=f'"{PAPEL}"'))
    conexao = psycopg.connect(
        host=ajustes.get("HOST") or None,
        port=ajustes.get("PORT") or None,
        dbname=banco,
        user=PAPEL,
        password=os.environ.get("SELECOES_APP_PASSWORD") or None,
        autocommit=True,
    )
    try:
        yield conexao
    finally:
        conexao.close()


def recusado(conexao: psycopg.Connection, sql: str, *parametros: object) -> str:
    """Executa ``sql`` como a aplicação; devolve a mensagem do erro (falha se passar)."""
    with pytest.raises(psycopg.Error) as erro, conexao.cursor() as cursor:
        cursor.execute(sql, parametros or None)
    return str(erro.value)
