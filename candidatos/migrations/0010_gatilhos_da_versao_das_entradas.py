"""Gatilhos que trocam a marca das entradas do motor (``selecoes.entradas``).

As tabelas e expressões estão copiadas aqui (e não lidas de
``selecoes.entradas.TABELAS_DE_ENTRADA``) para que esta migration não mude
quando uma tabela nova for acrescentada por outra migration.
"""

from django.db import migrations

from selecoes.entradas import desinstalar, instalar

TABELAS = {
    "selecoes_selecao": "r.id",
    "selecoes_vagaestagio": "r.selecao_id",
    "selecoes_categoriaedital": "r.selecao_id",
    "selecoes_criterioavaliacao": "r.selecao_id",
    "selecoes_versaoedital": "r.selecao_id",
    "candidatos_inscricao": "r.selecao_id",
    "candidatos_avaliacao": (
        "(SELECT i.selecao_id FROM candidatos_inscricao i WHERE i.id = r.inscricao_id)"
    ),
    "candidatos_convocacao": (
        "(SELECT v.selecao_id FROM selecoes_vagaestagio v WHERE v.id = r.vaga_id)"
    ),
    "candidatos_sorteio": "r.selecao_id",
    "candidatos_resultadoversao": "r.selecao_id",
    "candidatos_vagadoresultado": (
        "(SELECT rv.selecao_id FROM candidatos_resultadoversao rv WHERE rv.id = r.versao_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0009_heteroidentificacao_dos_candidatos"),
        ("selecoes", "0013_versao_das_entradas"),
    ]

    operations = [
        migrations.RunPython(
            instalar(TABELAS, funcoes=True), desinstalar(TABELAS, funcoes=True)
        ),
    ]
