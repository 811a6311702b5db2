"""Trilha de auditoria somente de acréscimo, garantida pelo próprio PostgreSQL.

- UPDATE e DELETE em ``selecoes_registroauditoria`` são recusados para todos,
  inclusive superusuários. Única exceção: ``usuario_id`` passar a NULL sem mudar
  mais nada, que é o ``on_delete=SET_NULL`` da exclusão de um usuário; o nome
  continua em ``usuario_nome``.
- TRUNCATE é recusado, exceto para superusuário do PostgreSQL. A aplicação não
  roda como superusuário (docs/operacao.md); a exceção existe porque o ``flush``
  do Django (usado entre testes transacionais e por DBAs em manutenção) apaga
  todas as tabelas num único TRUNCATE, e superusuários já podem desligar
  gatilhos de qualquer forma (``session_replication_role = replica``).

Em SQLite (desenvolvimento sem servidor) nada é instalado.
"""

from django.db import migrations

FUNCOES_E_GATILHOS = """
CREATE OR REPLACE FUNCTION selecoes_auditoria_recusar_alteracao() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE'
       AND OLD.usuario_id IS NOT NULL AND NEW.usuario_id IS NULL
       AND (to_jsonb(NEW) - 'usuario_id') = (to_jsonb(OLD) - 'usuario_id') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'A trilha de auditoria é somente de acréscimo: % recusado.', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE OR REPLACE FUNCTION selecoes_auditoria_recusar_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'A trilha de auditoria é somente de acréscimo: TRUNCATE recusado.'
        USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER selecoes_auditoria_somente_acrescimo
    BEFORE UPDATE OR DELETE ON selecoes_registroauditoria
    FOR EACH ROW EXECUTE FUNCTION selecoes_auditoria_recusar_alteracao();

CREATE TRIGGER selecoes_auditoria_sem_truncate
    BEFORE TRUNCATE ON selecoes_registroauditoria
    FOR EACH STATEMENT EXECUTE FUNCTION selecoes_auditoria_recusar_truncate();
"""

REMOVER = """
DROP TRIGGER IF EXISTS selecoes_auditoria_sem_truncate ON selecoes_registroauditoria;
DROP TRIGGER IF EXISTS selecoes_auditoria_somente_acrescimo ON selecoes_registroauditoria;
DROP FUNCTION IF EXISTS selecoes_auditoria_recusar_truncate();
DROP FUNCTION IF EXISTS selecoes_auditoria_recusar_alteracao();
"""


def _somente_postgresql(sql):
    def executar(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return executar


class Migration(migrations.Migration):
    dependencies = [
        ("selecoes", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(
            _somente_postgresql(FUNCOES_E_GATILHOS),
            _somente_postgresql(REMOVER),
            elidable=False,
        ),
    ]
