"""Parâmetros da URL de consulta (``?a=1&b=2``) lidos por formulários do Django.

Nunca ``int()`` à mão: "9" * 5000 passa do limite de conversão do Python
(``ValueError``) e "9" * 30 cabe no Python mas não no INTEGER do SQLite
(``OverflowError``); os dois eram HTTP 500. O campo recusa o que não é um
identificador guardável e a view responde 400 dizendo qual parâmetro está errado.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# O maior inteiro que as colunas de identificador (BigAutoField) guardam no
# PostgreSQL e no SQLite.
MAIOR_IDENTIFICADOR = 2**63 - 1
DIGITOS = re.compile(r"[0-9]+")


class CampoIdentificador(forms.IntegerField):
    """Inteiro positivo que cabe numa coluna de identificador do banco."""

    def __init__(self, *, rotulo: str, **kwargs: Any) -> None:
        mensagem = f"{rotulo}: informe um número inteiro positivo."
        kwargs.setdefault("required", False)
        super().__init__(
            label=rotulo,
            min_value=1,
            max_value=MAIOR_IDENTIFICADOR,
            error_messages={
                "invalid": mensagem,
                "min_value": mensagem,
                "max_value": mensagem,
                "required": f"{rotulo}: informe o número.",
            },
            **kwargs,
        )

    def to_python(self, value: Any) -> int | None:
        # Como o conversor <int:> das URLs: só dígitos ASCII. O int() do Python
        # aceitaria "١" (dígito árabe), " 1" e "1_000".
        if isinstance(value, str) and value and not DIGITOS.fullmatch(value):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        # O limite do banco não é uma informação útil no HTML.
        attrs = super().widget_attrs(widget)
        attrs.pop("max", None)
        return attrs


def e_identificador(valor: object) -> bool:
    """Texto de dígitos ASCII que cabe numa coluna de identificador (sem int() de
    5000 dígitos: o comprimento é conferido antes)."""
    texto = str(valor)
    return (
        bool(DIGITOS.fullmatch(texto))
        and len(texto) <= len(str(MAIOR_IDENTIFICADOR))
        and 0 < int(texto) <= MAIOR_IDENTIFICADOR
    )


class CampoEscolhaMultipla(forms.ModelMultipleChoiceField):
    """``ModelMultipleChoiceField`` que recusa chave fora do alcance do banco antes
    da consulta: o do Django faria ``pk__in=[2**63]``, OverflowError no SQLite."""

    def _check_values(self, value: Any) -> Any:
        for chave in value:
            if not e_identificador(chave):
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": str(chave)[:20]},
                )
        return super()._check_values(value)  # type: ignore[misc]


class VersoesEditalForm(forms.Form):
    """``?a=&b=``: as duas versões do edital comparadas na tela de versões."""

    a = CampoIdentificador(rotulo="Versão a")
    b = CampoIdentificador(rotulo="Versão b")


class AnexoEditalForm(forms.Form):
    """``?versao=``: a versão publicada do edital cujo anexo se imprime."""

    versao = CampoIdentificador(rotulo="Versão do edital")


class CompararResultadoForm(forms.Form):
    """``?com=``: a outra versão de resultado da comparação."""

    com = CampoIdentificador(rotulo="Versão comparada", required=True)


class FiltroAuditoriaForm(forms.Form):
    """``?acao=``: o começo do nome da ação na trilha de auditoria (no máximo o tamanho
    da coluna: um texto maior não acharia nada e, no SQLite, vira um LIKE recusado)."""

    acao = forms.CharField(
        label="Ação",
        required=False,
        max_length=60,
        error_messages={"max_length": "Ação: no máximo 60 caracteres."},
    )

    def __init__(self, consulta: Any) -> None:
        # Sem NUL: o PostgreSQL recusa o caractere em texto; o filtro o ignora.
        super().__init__({"acao": str(consulta.get("acao", "")).replace("\x00", "")})


def consulta_invalida(request: HttpRequest, form: forms.Form) -> HttpResponse:
    """HTTP 400 com as mensagens do formulário da consulta (cada uma diz o campo)."""
    mensagens = [m for erros in form.errors.values() for m in erros]
    return render(request, "400.html", {"mensagens": mensagens}, status=400)
