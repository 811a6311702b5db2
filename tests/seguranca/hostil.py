"""Maquinaria dos testes de entrada hostil pelos formulários (cliente de teste do Django).

Cada exemplo gerado roda dentro de um ponto de salvamento desfeito ao fim
(``exemplo()``): o mundo do teste é montado uma vez e todo exemplo parte dele.
``Enviador.enviar`` faz o pedido e confere as duas regras:

* nunca HTTP 500 (o cliente de teste relança a exceção da view, com o traceback);
* resposta que não é sucesso (formulário devolvido com erros, mensagem de erro,
  403/404/405/429) deixa as tabelas do domínio exatamente como estavam
  (contagem e conteúdo de todas as linhas): nada gravado pela metade.

Sucesso é o redirecionamento sem mensagem de erro (ou o 202 de pedido aceito); aí
as gravações valem, e o ponto de salvamento as desfaz para o exemplo seguinte.

Tempo: desenhar o HTML das telas mais pesadas custa de 50 a 130 ms por pedido (o
formulário do edital, com crispy-forms e o quadro de reserva). Todo exemplo passa
pela URL, pelos middlewares, pela view, pelos formulários e pelos serviços; o HTML
é desenhado de verdade em um exemplo a cada ``DESENHAR_A_CADA`` (e sempre com
``HOSTIL_DESENHAR_TODOS=1`` no ambiente). Nos demais, o template devolve texto vazio.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.messages import constants, get_messages
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Model
from django.template.backends.django import Template as TemplateDjango
from django.test import Client
from hypothesis import HealthCheck, settings

DOIS_MIL = settings(
    max_examples=int(__import__("os").environ.get("XX_EXEMPLOS", 2000)),
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
APPS_DO_DOMINIO = ("auth", "selecoes", "candidatos", "relatorios")
# Registro de leitura (LGPD, art. 11: quem viu a cor/raça), gravado a cada exibição
# ao gestor, inclusive quando a página volta com erro: não é gravação do formulário.
FORA_DO_RETRATO = frozenset({"candidatos.AcessoDadoSensivel", "auth.Permission"})
CACHE_LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
DESENHAR_A_CADA = 1 if os.environ.get("HOSTIL_DESENHAR_TODOS") else 8


def _sem_html(self: TemplateDjango, context: Any = None, request: Any = None) -> str:
    return ""


@contextmanager
def html_desenhado(desenhar: bool) -> Iterator[None]:
    """Com ``desenhar=False``, todo template devolve texto vazio (ver o topo do módulo)."""
    if desenhar:
        yield
        return
    original = TemplateDjango.render
    TemplateDjango.render = _sem_html
    try:
        yield
    finally:
        TemplateDjango.render = original


def modelos_do_dominio() -> list[type[Model]]:
    return [
        modelo
        for rotulo in APPS_DO_DOMINIO
        for modelo in apps.get_app_config(rotulo).get_models()
        if modelo._meta.label not in FORA_DO_RETRATO
    ]


def retrato() -> dict[str, tuple[int, str]]:
    """Por tabela do domínio: (linhas, resumo de todas as linhas em ordem de pk).

    No PostgreSQL, uma consulta só (o retrato roda a cada exemplo recusado).
    """
    modelos = modelos_do_dominio()
    if connection.vendor == "postgresql":
        return _retrato_postgresql(modelos)
    estado = {}
    for modelo in modelos:
        linhas = list(modelo.objects.order_by("pk").values_list())
        resumo = hashlib.sha256(repr(linhas).encode()).hexdigest()
        estado[modelo._meta.label] = (len(linhas), resumo)
    return estado


def _retrato_postgresql(modelos: list[type[Model]]) -> dict[str, tuple[int, str]]:
    nome = connection.ops.quote_name
    # Só nomes de tabela e coluna dos modelos (citados); nenhum dado de fora.
    consultas = [
        "SELECT %s::text, COUNT(*), MD5(COALESCE(STRING_AGG(t::text, '|' ORDER BY "  # noqa: S608
        f"t.{nome(m._meta.pk.column)}), '')) FROM {nome(m._meta.db_table)} t"
        for m in modelos
    ]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(consultas), [m._meta.label for m in modelos])
        return {rotulo: (total, resumo) for rotulo, total, resumo in cursor.fetchall()}


def diferencas(antes: Mapping[str, Any], depois: Mapping[str, Any]) -> list[str]:
    return sorted(k for k in antes.keys() | depois.keys() if antes.get(k) != depois.get(k))


@contextmanager
def exemplo() -> Iterator[None]:
    """Um exemplo: limites de tentativas zerados e tudo o que gravar, desfeito."""
    cache.clear()
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def _mensagens(resposta: Any) -> list[Any]:
    return list(get_messages(resposta.wsgi_request))


def e_sucesso(resposta: Any) -> bool:
    """Redirecionamento sem mensagem de erro (a convenção das views do projeto) ou
    202 (pedido aceito: o documento pedido entrou na fila)."""
    if resposta.status_code == 202:
        return True
    if resposta.status_code not in (301, 302, 303):
        return False
    return not any(m.level >= constants.ERROR for m in _mensagens(resposta))


@dataclass
class Enviador:
    """Um cliente (uma sessão) por teste e o retrato do mundo antes dos exemplos."""

    cliente: Client
    inicial: dict[str, tuple[int, str]] = field(default_factory=retrato)
    sucessos: int = 0
    recusas: int = 0
    exemplos: int = 0
    # Estado antes do próximo pedido; None: um sucesso no mesmo exemplo o mudou.
    _referencia: dict[str, tuple[int, str]] | None = None

    @contextmanager
    def exemplo(self) -> Iterator[None]:
        """Um exemplo (ver ``exemplo()``): começa sempre do mundo inicial."""
        self._referencia = self.inicial
        self.exemplos += 1
        with html_desenhado(self.exemplos % DESENHAR_A_CADA == 1 % DESENHAR_A_CADA), exemplo():
            yield

    def enviar(
        self, url: str, dados: Mapping[str, Any] | None = None, *, metodo: str = "post"
    ) -> Any:
        antes = self._referencia if self._referencia is not None else retrato()
        # Mensagens de um exemplo anterior não contam para este.
        self.cliente.cookies.pop("messages", None)
        resposta = getattr(self.cliente, metodo)(url, dados or {})
        assert resposta.status_code < 500, f"{metodo.upper()} {url}: {resposta.status_code}"
        if e_sucesso(resposta):
            self.sucessos += 1
            self._referencia = None
            return resposta
        self.recusas += 1
        mudou = diferencas(antes, retrato())
        assert mudou == [], (
            f"{metodo.upper()} {url} respondeu {resposta.status_code} sem sucesso, "
            f"mas gravou em: {', '.join(mudou)}"
        )
        self._referencia = antes
        return resposta


def cliente_logado(usuario: Any) -> Client:
    cliente = Client()
    cliente.force_login(usuario)
    return cliente
