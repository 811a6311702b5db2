"""A conferência "nada gravado pela metade" das baterias hostis enxerga o que deve.

O retrato barato (tabelas anotadas no pedido + contagens) não pode deixar passar uma
alteração no lugar nem uma inserção que não passa pelo cursor do Django.
"""

import pytest
from django.db import connection
from django.http import HttpResponse

from selecoes.models import Orgao
from tests.seguranca.hostil import Enviador


class _ClienteQueGrava:
    """Faz de conta que é a view: grava e devolve o formulário com erros (200)."""

    def __init__(self, gravar):
        self.gravar = gravar
        self.cookies: dict[str, str] = {}

    def post(self, url, dados):
        self.gravar()
        return HttpResponse("formulário com erros", status=200)


def _enviar(gravar) -> None:
    enviador = Enviador(_ClienteQueGrava(gravar))
    with enviador.exemplo():
        enviador.enviar("/qualquer/", {})


@pytest.mark.django_db
def test_hostil_recusa_que_altera_linha_no_lugar_e_apanhada(orgao):
    def renomear():
        Orgao.objects.filter(pk=orgao.pk).update(nome="Alterado pela metade")

    with pytest.raises(AssertionError, match=r"gravou em: selecoes\.Orgao"):
        _enviar(renomear)


@pytest.mark.django_db
def test_hostil_insercao_por_fora_do_cursor_do_django_e_apanhada(orgao):
    """Como o COPY da importação: o cursor do driver, sem o execute_wrapper."""
    tabela = connection.ops.quote_name(Orgao._meta.db_table)
    colunas = [c.column for c in Orgao._meta.concrete_fields if not c.primary_key]
    valores = [getattr(orgao, c.attname) for c in Orgao._meta.concrete_fields if not c.primary_key]
    valores[colunas.index("sigla")] = "COPIA"
    valores[colunas.index("cnpj")] = "00000000000191"
    marca = "?" if connection.vendor == "sqlite" else "%s"
    nomes = ", ".join(connection.ops.quote_name(c) for c in colunas)
    # Só nomes de tabela e coluna do modelo (citados); os valores vão como parâmetros.
    sql = f"INSERT INTO {tabela} ({nomes}) VALUES ({', '.join([marca] * len(colunas))})"  # noqa: S608

    def inserir_cru():
        with connection.cursor() as cursor:
            cursor.cursor.execute(sql, valores)

    with pytest.raises(AssertionError, match=r"gravou em: selecoes\.Orgao"):
        _enviar(inserir_cru)


@pytest.mark.django_db
def test_hostil_recusa_que_nao_grava_passa(orgao):
    _enviar(lambda: Orgao.objects.filter(pk=orgao.pk).exists())
