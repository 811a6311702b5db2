import pytest
from django.core.exceptions import ValidationError

from selecoes.validators import (
    cnpj_valido,
    cpf_valido,
    formatar_cnpj,
    mascarar_cpf,
    validar_cnpj,
)
from tests.factories import gerar_cnpj, gerar_cpf


@pytest.mark.parametrize(
    ("cnpj", "valido"),
    [
        ("45404722000140", True),
        ("45.404.722/0001-40", True),
        ("11222333000181", True),
        ("11222333000182", False),
        ("11111111111111", False),
        ("1122233300018", False),
        ("", False),
        ("abcdefghijklmn", False),
    ],
)
def test_cnpj_digitos_verificadores(cnpj, valido):
    assert cnpj_valido(cnpj) is valido


@pytest.mark.parametrize(
    ("cpf", "valido"),
    [
        ("52998224725", True),
        ("529.982.247-25", True),
        ("52998224724", False),
        ("00000000000", False),
        ("5299822472", False),
    ],
)
def test_cpf_digitos_verificadores(cpf, valido):
    assert cpf_valido(cpf) is valido


def test_validar_cnpj_mensagem_em_portugues():
    with pytest.raises(ValidationError, match="CNPJ inválido"):
        validar_cnpj("11222333000182")


def test_geradores_das_fabricas_produzem_documentos_validos():
    assert all(cpf_valido(gerar_cpf(i)) for i in range(200))
    assert all(cnpj_valido(gerar_cnpj(i)) for i in range(200))


def test_mascara_de_cpf_esconde_primeiros_e_ultimos_digitos():
    assert mascarar_cpf("52998224725") == "***.982.247-**"


def test_formatar_cnpj():
    assert formatar_cnpj("45404722000140") == "45.404.722/0001-40"
