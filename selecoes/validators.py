"""Validação de CPF e CNPJ pelos dígitos verificadores (Receita Federal)."""

import re

from django.core.exceptions import ValidationError


def somente_digitos(valor: str) -> str:
    return re.sub(r"\D", "", valor or "")


def _digito(numeros: str, pesos: list[int]) -> str:
    resto = sum(int(n) * p for n, p in zip(numeros, pesos, strict=True)) % 11
    return "0" if resto < 2 else str(11 - resto)


def cpf_valido(valor: str) -> bool:
    cpf = somente_digitos(valor)
    if len(cpf) != 11 or cpf == cpf[0] * 11:
        return False
    d1 = _digito(cpf[:9], list(range(10, 1, -1)))
    d2 = _digito(cpf[:9] + d1, list(range(11, 1, -1)))
    return cpf[9:] == d1 + d2


def cnpj_valido(valor: str) -> bool:
    cnpj = somente_digitos(valor)
    if len(cnpj) != 14 or cnpj == cnpj[0] * 14:
        return False
    pesos1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    d1 = _digito(cnpj[:12], pesos1)
    d2 = _digito(cnpj[:12] + d1, [6, *pesos1])
    return cnpj[12:] == d1 + d2


def validar_cpf(valor: str) -> None:
    if not cpf_valido(valor):
        raise ValidationError("CPF inválido: confira os 11 dígitos.", code="cpf_invalido")


def validar_cnpj(valor: str) -> None:
    if not cnpj_valido(valor):
        raise ValidationError("CNPJ inválido: confira os 14 dígitos.", code="cnpj_invalido")


def formatar_cpf(valor: str) -> str:
    c = somente_digitos(valor)
    return f"{c[:3]}.{c[3:6]}.{c[6:9]}-{c[9:]}" if len(c) == 11 else valor


def mascarar_cpf(valor: str) -> str:
    """Máscara do CPF para exibição restrita: ***.456.789-**."""
    c = somente_digitos(valor)
    return f"***.{c[3:6]}.{c[6:9]}-**" if len(c) == 11 else "***"


def formatar_cnpj(valor: str) -> str:
    c = somente_digitos(valor)
    if len(c) != 14:
        return valor
    return f"{c[:2]}.{c[2:5]}.{c[5:8]}/{c[8:12]}-{c[12:]}"
