import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from hypothesis import example, given
from hypothesis import strategies as st

from selecoes.validators import (
    cnpj_valido,
    cpf_ultimos_digitos,
    cpf_valido,
    formatar_cnpj,
    mascarar_cpf,
    normalizar_cnpj,
    validar_cnpj,
)
from tests.factories import OrgaoFactory, gerar_cnpj, gerar_cpf


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
        # CNPJ alfanumérico (Receita Federal, a partir de julho de 2026): letras e
        # dígitos na raiz e na ordem, convertidos por ord(c) - 48; DV só numérico.
        ("12.ABC.345/01DE-35", True),
        ("12ABC34501DE35", True),
        ("12abc34501de35", True),
        (" 12.ABC.345/01DE-35 ", True),
        ("12ABC34501DE36", False),
        ("12ABC34501DE3A", False),
        ("12ABC34501DEAB", False),
        ("AAAAAAAAAAAAAA", False),
        ("12ÇBC34501DE35", False),
        ("12ABC34501DE3٥", False),
        ("١٢ABC34501DE35", False),
        ("12_ABC_345/01DE-35", False),
        ("12ABC34501DE351", False),
        ("12.ABC.345/01DE-35" * 300, False),
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


@pytest.mark.parametrize(
    ("valor", "exibido"),
    [
        ("52998224725", "***.***.*47-25"),
        ("529.982.247-25", "***.***.*47-25"),
        ("", "***"),
        ("123", "***"),
    ],
)
def test_cpf_da_comissao_so_com_os_ultimos_digitos(valor, exibido):
    assert cpf_ultimos_digitos(valor) == exibido


@given(st.integers(min_value=0, max_value=10**6))
@example(0)
def test_cpf_da_comissao_nunca_mostra_os_sete_primeiros_digitos(semente):
    """Issue 15, item 8: a comissão recebe só os quatro últimos dígitos."""
    cpf = gerar_cpf(semente)
    exibido = cpf_ultimos_digitos(cpf)
    assert [c for c in exibido if c.isdigit()] == list(cpf[7:])


@pytest.mark.parametrize(
    ("valor", "formatado"),
    [
        ("45404722000140", "45.404.722/0001-40"),
        ("12ABC34501DE35", "12.ABC.345/01DE-35"),
        ("12abc34501de35", "12.ABC.345/01DE-35"),
        ("123", "123"),
    ],
)
def test_formatar_cnpj(valor, formatado):
    assert formatar_cnpj(valor) == formatado


@pytest.mark.parametrize(
    ("valor", "normalizado"),
    [
        ("45.404.722/0001-40", "45404722000140"),
        ("12.abc.345/01de-35", "12ABC34501DE35"),
        (" 12 ABC 345 01DE 35 ", "12ABC34501DE35"),
    ],
)
def test_normalizar_cnpj_tira_a_mascara_e_poe_maiusculas(valor, normalizado):
    assert normalizar_cnpj(valor) == normalizado


@pytest.mark.django_db
@pytest.mark.parametrize("modelo", ["orgao", "empresa"])
def test_restricao_do_banco_aceita_cnpj_alfanumerico(modelo, orgao):
    from tests.relatorios.monitoramento.factories import EmpresaTerceirizadaFactory

    if modelo == "orgao":
        OrgaoFactory(sigla="ALFA", cnpj="12ABC34501DE35")
    else:
        EmpresaTerceirizadaFactory(orgao=orgao, cnpj="12ABC34501DE35")


@pytest.mark.django_db
@pytest.mark.parametrize("modelo", ["orgao", "empresa"])
@pytest.mark.parametrize(
    "cnpj", ["12abc34501de35", "12ABC34501DEAB", "12.ABC.345/01", "12ÇBC34501DE35"]
)
def test_restricao_do_banco_recusa_cnpj_fora_do_formato(modelo, cnpj, orgao):
    from tests.relatorios.monitoramento.factories import EmpresaTerceirizadaFactory

    fabrica = (
        (lambda: OrgaoFactory(sigla="ALFA", cnpj=cnpj))
        if modelo == "orgao"
        else (lambda: EmpresaTerceirizadaFactory(orgao=orgao, cnpj=cnpj))
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        fabrica()
