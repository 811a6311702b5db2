"""Versões de resultado somente de acréscimo no PostgreSQL (gatilhos de ``selecoes/imutavel.py``)."""

import pgtrigger.compiler
import pgtrigger.migrations
import selecoes.imutavel
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0004_sorteio_anunciado_antes"),
        ("selecoes", "0005_auditoria_encadeada_e_gatilhos_pgtrigger"),
    ]

    operations = [
        migrations.AddField(
            model_name="resultadoversao",
            name="anonimizado_em",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="nomes anonimizados em"
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="resultadoversao",
            trigger=pgtrigger.compiler.Trigger(
                name="somente_acrescimo",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF TG_OP = 'UPDATE' THEN IF OLD.publicado_por_id IS NOT NULL AND NEW.publicado_por_id IS NULL AND (to_jsonb(NEW) - 'publicado_por_id') = (to_jsonb(OLD) - 'publicado_por_id') THEN RETURN NEW; END IF; IF current_setting('selecoes.anonimizacao', true) = 'on' AND OLD.anonimizado_em IS NULL AND NEW.anonimizado_em IS NOT NULL AND NEW.conteudo = selecoes_json_sem_nomes(OLD.conteudo) AND (to_jsonb(NEW) - 'conteudo' - 'anonimizado_em') = (to_jsonb(OLD) - 'conteudo' - 'anonimizado_em') THEN RETURN NEW; END IF; END IF; RAISE EXCEPTION 'Uma versão publicada de resultado é somente de acréscimo: % recusado.', TG_OP USING ERRCODE = 'insufficient_privilege';",
                    hash="babec299f63c66fc4753550e049c4b6f7d600e3e",
                    operation="UPDATE OR DELETE",
                    pgid="pgtrigger_somente_acrescimo_64f5e",
                    table="candidatos_resultadoversao",
                    when="BEFORE",
                ),
            ),
        ),
        pgtrigger.migrations.AddTrigger(
            model_name="resultadoversao",
            trigger=pgtrigger.compiler.Trigger(
                name="sem_truncate",
                sql=selecoes.imutavel.GatilhoSql(
                    func="IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN RETURN NULL; END IF; RAISE EXCEPTION 'Uma versão publicada de resultado é somente de acréscimo: TRUNCATE recusado.' USING ERRCODE = 'insufficient_privilege';",
                    hash="86a65c0a3b31262cbc6f89acc46a83acc7d6b834",
                    level="STATEMENT",
                    operation="TRUNCATE",
                    pgid="pgtrigger_sem_truncate_09b9e",
                    table="candidatos_resultadoversao",
                    when="BEFORE",
                ),
            ),
        ),
    ]
