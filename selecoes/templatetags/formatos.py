"""Números em pt-BR pela localização do Django, um valor de cada vez.

Sem ``USE_THOUSAND_SEPARATOR`` global: anos, números de edital e de inscrição não
são quantidades e não levam ponto de milhar ("2026", não "2.026").
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.template.defaultfilters import floatformat

from selecoes.categorias import Categoria

register = template.Library()

# O mesmo de `selecoes.models.CASAS_DECIMAIS_PADRAO` (sem importar modelos aqui).
CASAS_NOTA = 2


def _decimal(valor: Any) -> Decimal | None:
    """Aceita Decimal, int e o texto decimal dos retratos publicados ("1125.69")."""
    if valor is None or valor == "" or isinstance(valor, bool):
        return None
    try:
        numero = Decimal(str(valor))
    except InvalidOperation:
        return None
    return numero if numero.is_finite() else None


@register.filter
def dinheiro(valor: Any) -> str:
    """Reais com milhar e centavos: "R$ 1.125,69"; vazio quando não há valor."""
    numero = _decimal(valor)
    if numero is None:
        return ""
    return f"R$ {floatformat(numero, '2g')}"


@register.filter
def nota(valor: Any, casas: Any = CASAS_NOTA) -> str:
    """Nota com as casas do critério (padrão 2): "9,50", "1.000,00".

    Nunca arredonda um algarismo significativo: a nota de desempate "9,995" continua
    "9,995" (arredondar para "10,00" esconderia a diferença que decidiu a ordem).
    """
    numero = _decimal(valor)
    if numero is None:
        return ""
    try:
        minimo = max(int(casas), 0)
    except (TypeError, ValueError):
        minimo = CASAS_NOTA
    expoente = numero.normalize().as_tuple().exponent
    significativas = -expoente if isinstance(expoente, int) and expoente < 0 else 0
    return floatformat(numero, f"{max(minimo, significativas)}g")


ATRIBUTOS_CATEGORIA = frozenset({"label", "nome", "curto", "sigla", "titulo_lista", "base_legal"})


@register.filter
def categoria(codigo: Any, atributo: str = "label") -> str:
    """Um nome da categoria no registro único (``selecoes.categorias``):
    ``{{ c|categoria:"curto" }}`` → "PcD". Código fora do registro: ele mesmo."""
    if atributo not in ATRIBUTOS_CATEGORIA:
        raise template.TemplateSyntaxError(f"categoria: atributo desconhecido {atributo!r}.")
    try:
        membro = Categoria(str(codigo))
    except ValueError:
        return str(codigo)
    return str(getattr(membro, atributo))
