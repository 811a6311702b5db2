"""Validação de CPF e CNPJ pelos dígitos verificadores (Receita Federal).

O CNPJ pode ser alfanumérico (Instrução Normativa RFB nº 2.229/2024, em vigor desde
julho de 2026): as 12 primeiras posições (raiz e ordem) levam letras maiúsculas ou
dígitos e os dois dígitos verificadores continuam numéricos. O cálculo do DV é o
mesmo módulo 11 com os pesos de sempre, com cada caractere valendo ``ord(c) - 48``
("0" a "9" valem 0 a 9; "A" vale 17, "Z" vale 42). Os números já emitidos seguem
válidos. A aritmética é a do pacote ``validate-docbr``; aqui fica a forma aceita
(só ASCII, máscara opcional), que é também a das restrições do banco.
"""

import re

from django.core.exceptions import ValidationError
from validate_docbr import CNPJ, CPF

# A forma guardada no banco (e exigida pelas CheckConstraint de Orgao.cnpj e
# EmpresaTerceirizada.cnpj): 12 caracteres alfanuméricos maiúsculos e 2 dígitos.
CNPJ_REGEX = r"^[0-9A-Z]{12}[0-9]{2}$"
_CNPJ = re.compile(CNPJ_REGEX)
MENSAGEM_CNPJ_FORMATO = "CNPJ: informe os 14 caracteres sem pontuação, letras em maiúsculas."
_CPF = re.compile(r"^[0-9]{11}$")
# Máscara do CNPJ e do CPF (00.000.000/0000-00, 000.000.000-00) e espaços.
_MASCARA = re.compile(r"[./\- ]")


def somente_digitos(valor: str) -> str:
    return re.sub(r"\D", "", valor or "")


def normalizar_cnpj(valor: str) -> str:
    """Sem máscara nem espaços, em maiúsculas: a forma guardada no banco."""
    return _MASCARA.sub("", (valor or "").strip()).upper()


def cpf_valido(valor: str) -> bool:
    cpf = somente_digitos(valor)
    # O pacote completaria com zeros um CPF curto; aqui são exatamente 11 dígitos.
    return bool(_CPF.fullmatch(cpf)) and CPF().validate(cpf)


def cnpj_valido(valor: str) -> bool:
    cnpj = normalizar_cnpj(valor)
    # O \d do pacote aceita dígitos não ASCII ("٣"); a forma exigida aqui, não.
    return bool(_CNPJ.fullmatch(cnpj)) and CNPJ().validate(cnpj)


def validar_cpf(valor: str) -> None:
    if not cpf_valido(valor):
        raise ValidationError("CPF inválido: confira os 11 dígitos.", code="cpf_invalido")


def validar_cnpj(valor: str) -> None:
    if not cnpj_valido(valor):
        raise ValidationError(
            "CNPJ inválido: confira os 14 caracteres (letras só antes dos 2 dígitos finais).",
            code="cnpj_invalido",
        )


def formatar_cpf(valor: str) -> str:
    c = somente_digitos(valor)
    return f"{c[:3]}.{c[3:6]}.{c[6:9]}-{c[9:]}" if len(c) == 11 else valor


def mascarar_cpf(valor: str) -> str:
    """Máscara do CPF para exibição restrita: ***.456.789-**."""
    c = somente_digitos(valor)
    return f"***.{c[3:6]}.{c[6:9]}-**" if len(c) == 11 else "***"


def cpf_ultimos_digitos(valor: str) -> str:
    """Só os quatro últimos dígitos (***.***.*89-01): o que a comissão de
    heteroidentificação confere com o documento do candidato, sem receber o CPF
    (issue 15, item 8; LGPD, art. 6º, III)."""
    c = somente_digitos(valor)
    return f"***.***.*{c[7:9]}-{c[9:]}" if len(c) == 11 else "***"


def formatar_cnpj(valor: str) -> str:
    """00.000.000/0000-00, também para o alfanumérico (12.ABC.345/01DE-35)."""
    c = normalizar_cnpj(valor)
    if not _CNPJ.fullmatch(c):
        return valor
    return f"{c[:2]}.{c[2:5]}.{c[5:8]}/{c[8:12]}-{c[12:]}"
