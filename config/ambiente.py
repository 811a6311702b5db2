"""Leitura tipada de variáveis de ambiente (configuração 12-factor)."""

import os


def texto(nome: str, padrao: str = "") -> str:
    return os.environ.get(nome, padrao)


def booleano(nome: str, padrao: bool = False) -> bool:
    valor = os.environ.get(nome)
    if valor is None or valor == "":
        return padrao
    return valor.strip().lower() in {"1", "true", "sim", "yes", "on"}


def inteiro(nome: str, padrao: int) -> int:
    valor = os.environ.get(nome)
    return int(valor) if valor else padrao


def lista(nome: str, padrao: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(nome, padrao).split(",") if item.strip()]


def real(nome: str, padrao: float) -> float:
    valor = os.environ.get(nome)
    return float(valor) if valor else padrao
