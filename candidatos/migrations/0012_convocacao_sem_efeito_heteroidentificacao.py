"""Situação ``sem_efeito`` da convocação (heteroidentificação do cadastro de reserva;
issue 15, item 4; regras de reserva, § 1); uma convocação por inscrição, sem contar a
sem efeito.

No SQLite, mudar a restrição recria a tabela e leva junto os gatilhos da versão das
entradas (``selecoes.entradas``): eles são gravados de novo depois, nos dois sentidos.
A expressão está copiada aqui para que a migration não mude depois.
"""

from django.db import migrations, models

from selecoes.entradas import instalar

TABELAS = {
    "candidatos_convocacao": (
        "(SELECT v.selecao_id FROM selecoes_vagaestagio v WHERE v.id = r.vaga_id)"
    ),
}


def _gatilhos_no_sqlite(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        instalar(TABELAS)(apps, schema_editor)


SITUACOES = [
    ("aguardando", "Aguardando resposta"),
    ("aceita", "Aceita (aguardando contratação)"),
    ("contratado", "Contratado(a)"),
    ("recusada", "Recusada"),
    ("nao_compareceu", "Não compareceu"),
    ("desistiu", "Desistiu"),
    ("eliminado", "Eliminado(a) (art. 2º, parágrafo único)"),
    ("desligado", "Desligado(a)"),
    ("sem_efeito", "Sem efeito (heteroidentificação não confirmou)"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0011_gatilhos_da_heteroidentificacao"),
        ("selecoes", "0013_versao_das_entradas"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, _gatilhos_no_sqlite),
        migrations.RemoveConstraint(
            model_name="convocacao",
            name="convocacao_situacao_valida",
        ),
        migrations.AlterField(
            model_name="convocacao",
            name="situacao",
            field=models.CharField(
                choices=SITUACOES,
                default="aguardando",
                max_length=15,
                verbose_name="situação",
            ),
        ),
        migrations.AddConstraint(
            model_name="convocacao",
            constraint=models.CheckConstraint(
                condition=models.Q(situacao__in=[valor for valor, _rotulo in SITUACOES]),
                name="convocacao_situacao_valida",
            ),
        ),
        # Regras, § 1: a convocação sem efeito não impede que a ampla concorrência chame
        # o candidato de novo.
        migrations.RemoveConstraint(
            model_name="convocacao",
            name="convocacao_uma_por_inscricao",
        ),
        migrations.AddConstraint(
            model_name="convocacao",
            constraint=models.UniqueConstraint(
                condition=~models.Q(situacao="sem_efeito"),
                fields=("inscricao",),
                name="convocacao_uma_por_inscricao",
            ),
        ),
        migrations.RunPython(_gatilhos_no_sqlite, migrations.RunPython.noop),
    ]
