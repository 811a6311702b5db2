"""Trilha de auditoria encadeada por hash; gatilhos somente de acréscimo pelo django-pgtrigger.

1. Os gatilhos escritos à mão em 0002 saem: os de ``selecoes/imutavel.py``, declarados
   nos modelos, os substituem (mesmas regras, agora também nas versões do edital).
2. Os registros existentes são encadeados (por seleção; sem seleção, por órgão; sem
   ambos, globalmente), na ordem ``criado_em``, ``id`` — antes de o novo gatilho existir.
3. A função ``selecoes_json_sem_nomes`` (usada pelo gatilho das versões de resultado
   para conferir a anonimização da retenção) é criada no PostgreSQL.
"""

import django.utils.timezone
import pgtrigger.compiler
import pgtrigger.migrations
import selecoes.imutavel
from django.conf import settings
from django.db import migrations, models

from selecoes.cadeia import CAMPOS, HASH_INICIAL, hash_registro
from selecoes.imutavel import FUNCAO_SEM_NOMES

REMOVER_GATILHOS_ANTIGOS = """
DROP TRIGGER IF EXISTS selecoes_auditoria_sem_truncate ON selecoes_registroauditoria;
DROP TRIGGER IF EXISTS selecoes_auditoria_somente_acrescimo ON selecoes_registroauditoria;
DROP FUNCTION IF EXISTS selecoes_auditoria_recusar_truncate();
DROP FUNCTION IF EXISTS selecoes_auditoria_recusar_alteracao();
"""

REMOVER_FUNCAO = "DROP FUNCTION IF EXISTS selecoes_json_sem_nomes(jsonb);"


def _somente_postgresql(sql):
    def executar(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return executar


def encadear_existentes(apps, schema_editor):
    registro = apps.get_model("selecoes", "RegistroAuditoria")
    cadeias = {}
    campos = ("pk", "usuario_nome", *[c for c in CAMPOS if c not in ("sequencia", "usuario_nome")])
    for linha in registro.objects.order_by("criado_em", "pk").values(*campos).iterator():
        if linha["selecao_id"] is not None:
            chave = ("selecao", linha["selecao_id"])
        elif linha["orgao_id"] is not None:
            chave = ("orgao", linha["orgao_id"])
        else:
            chave = ("global", None)
        sequencia, anterior = cadeias.get(chave, (0, HASH_INICIAL))
        linha["sequencia"] = sequencia + 1
        atual = hash_registro(anterior, linha)
        registro.objects.filter(pk=linha["pk"]).update(
            sequencia=linha["sequencia"], hash_anterior=anterior, hash=atual
        )
        cadeias[chave] = (linha["sequencia"], atual)


class Migration(migrations.Migration):
    dependencies = [
        ("selecoes", "0004_cnpj_alfanumerico"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(
            _somente_postgresql(REMOVER_GATILHOS_ANTIGOS), migrations.RunPython.noop, elidable=False
        ),
        migrations.AddField(
            model_name="registroauditoria",
            name="hash",
            field=models.CharField(
                default="", editable=False, max_length=64, verbose_name="hash do registro"
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registroauditoria",
            name="hash_anterior",
            field=models.CharField(
                default="", editable=False, max_length=64, verbose_name="hash do registro anterior"
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registroauditoria",
            name="sequencia",
            field=models.PositiveBigIntegerField(
                default=0, editable=False, verbose_name="nº na cadeia"
            ),
            preserve_default=False,
        ),
        migrations.AlterField(
            model_name="registroauditoria",
            name="criado_em",
            field=models.DateTimeField(
                db_index=True,
                default=django.utils.timezone.now,
                editable=False,
                verbose_name="quando",
            ),
        ),
        migrations.RunPython(encadear_existentes, migrations.RunPython.noop, elidable=False),
        migrations.AddConstraint(
            model_name="registroauditoria",
            constraint=models.UniqueConstraint(
                condition=models.Q(("selecao__isnull", False)),
                fields=("selecao", "sequencia"),
                name="auditoria_cadeia_da_selecao",
            ),
        ),
        migrations.AddConstraint(
            model_name="registroauditoria",
            constraint=models.UniqueConstraint(
                condition=models.Q(("orgao__isnull", False), ("selecao__isnull", True)),
                fields=("orgao", "sequencia"),
                name="auditoria_cadeia_do_orgao",
            ),
        ),
        migrations.AddConstraint(
            model_name="registroauditoria",
            constraint=models.UniqueConstraint(
                condition=models.Q(("orgao__isnull", True), ("selecao__isnull", True)),
                fields=("sequencia",),
                name="auditoria_cadeia_global",
            ),
        ),
        migrations.RunPython(
            _somente_postgresql(FUNCAO_SEM_NOMES),
            _somente_postgresql(REMOVER_FUNCAO),
            elidable=False,
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="registroauditoria",
            trigger=pgtrigger.compiler.Trigger(
                name="somente_acrescimo",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF TG_OP = 'UPDATE' THEN IF OLD.usuario_id IS NOT NULL AND NEW.usuario_id IS NULL AND (to_jsonb(NEW) - 'usuario_id') = (to_jsonb(OLD) - 'usuario_id') THEN RETURN NEW; END IF; END IF; RAISE EXCEPTION 'A trilha de auditoria é somente de acréscimo: % recusado.', TG_OP USING ERRCODE = 'insufficient_privilege';",
                    hash="a83d647e82ceefe00a1941b79dda12fd0236f305",
                    operation="UPDATE OR DELETE",
                    pgid="pgtrigger_somente_acrescimo_d475f",
                    table="selecoes_registroauditoria",
                    when="BEFORE",
                ),
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="registroauditoria",
            trigger=pgtrigger.compiler.Trigger(
                name="sem_truncate",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN RETURN NULL; END IF; RAISE EXCEPTION 'A trilha de auditoria é somente de acréscimo: TRUNCATE recusado.' USING ERRCODE = 'insufficient_privilege';",
                    hash="13776d6120c27eff8141644b5a98276adf386672",
                    level="STATEMENT",
                    operation="TRUNCATE",
                    pgid="pgtrigger_sem_truncate_ffaf3",
                    table="selecoes_registroauditoria",
                    when="BEFORE",
                ),
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="versaoedital",
            trigger=pgtrigger.compiler.Trigger(
                name="somente_acrescimo",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF TG_OP = 'UPDATE' THEN IF OLD.publicada_por_id IS NOT NULL AND NEW.publicada_por_id IS NULL AND (to_jsonb(NEW) - 'publicada_por_id') = (to_jsonb(OLD) - 'publicada_por_id') THEN RETURN NEW; END IF; END IF; RAISE EXCEPTION 'Uma versão publicada do edital é somente de acréscimo: % recusado.', TG_OP USING ERRCODE = 'insufficient_privilege';",
                    hash="5dca01e6d790ced2f5b0db77dccaf987bc7c8b3d",
                    operation="UPDATE OR DELETE",
                    pgid="pgtrigger_somente_acrescimo_68f08",
                    table="selecoes_versaoedital",
                    when="BEFORE",
                ),
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="versaoedital",
            trigger=pgtrigger.compiler.Trigger(
                name="sem_truncate",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN RETURN NULL; END IF; RAISE EXCEPTION 'Uma versão publicada do edital é somente de acréscimo: TRUNCATE recusado.' USING ERRCODE = 'insufficient_privilege';",
                    hash="96b8a08260521e196966fb30d2341110ed648998",
                    level="STATEMENT",
                    operation="TRUNCATE",
                    pgid="pgtrigger_sem_truncate_2176d",
                    table="selecoes_versaoedital",
                    when="BEFORE",
                ),
            ),
        ),
    ]
