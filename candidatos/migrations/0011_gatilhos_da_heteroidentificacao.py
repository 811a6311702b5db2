"""A heteroidentificação entra na marca das entradas do motor (``selecoes.entradas``).

Expressões copiadas aqui para que esta migration não mude quando a lista mudar.
"""

from django.db import migrations

from selecoes.entradas import desinstalar, instalar

TABELAS = {
    "selecoes_confirmacaocategoria": "r.selecao_id",
    "candidatos_chamadoheteroidentificacao": "r.selecao_id",
    "candidatos_decisaoheteroidentificacao": (
        "(SELECT c.selecao_id FROM candidatos_chamadoheteroidentificacao c"
        " WHERE c.id = r.chamado_id)"
    ),
}


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0010_gatilhos_da_versao_das_entradas"),
    ]

    operations = [migrations.RunPython(instalar(TABELAS), desinstalar(TABELAS))]
