"""Maquinaria dos testes de entrada hostil pelos formulários (cliente de teste do Django).

Cada exemplo gerado roda dentro de um ponto de salvamento desfeito ao fim
(``exemplo()``): o mundo do teste é montado uma vez e todo exemplo parte dele.
``Enviador.enviar`` faz o pedido (URL, middlewares, view, formulários, serviços e o
HTML desenhado de verdade) e confere as duas regras:

* nunca HTTP 500 (o cliente de teste relança a exceção da view, com o traceback);
* resposta que não é sucesso (formulário devolvido com erros, mensagem de erro,
  403/404/405/429) deixa as tabelas do domínio exatamente como estavam: nada
  gravado pela metade.

A conferência é barata e ainda enxerga alterações no lugar: durante o pedido, um
``execute_wrapper`` anota as tabelas em que houve INSERT, UPDATE ou DELETE (o
registro de mudanças da transação) e só essas são comparadas linha a linha com o
estado de antes; as contagens de todas as tabelas (uma consulta) pegam o que não
passa pelo cursor do Django (o ``COPY`` da importação no PostgreSQL).

Sucesso é o redirecionamento sem mensagem de erro (ou o 202 de pedido aceito); aí
as gravações valem, e o ponto de salvamento as desfaz para o exemplo seguinte.

Quantos exemplos: o perfil do Hypothesis (``tests/conftest.py``); ``make fuzz`` roda
as baterias inteiras (≥ 2.000 por formulário).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache as memorizar
from typing import Any

from django.apps import apps
from django.contrib.messages import constants, get_messages
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Model
from django.test import Client
from hypothesis import settings

# Sem max_examples: vale o perfil carregado (dev, ci ou fuzz).
HOSTIL = settings(deadline=None)
APPS_DO_DOMINIO = ("auth", "selecoes", "candidatos", "relatorios")
# Registro de leitura (LGPD, art. 11: quem viu a cor/raça), gravado a cada exibição
# ao gestor, inclusive quando a página volta com erro: não é gravação do formulário.
FORA_DO_RETRATO = frozenset({"candidatos.AcessoDadoSensivel", "auth.Permission"})
CACHE_LOCAL = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
_ESCRITA = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.IGNORECASE)


def modelos_do_dominio() -> list[type[Model]]:
    return [
        modelo
        for rotulo in APPS_DO_DOMINIO
        for modelo in apps.get_app_config(rotulo).get_models()
        if modelo._meta.label not in FORA_DO_RETRATO
    ]


@memorizar
def _tabelas() -> dict[str, str]:
    """Tabela do banco → rótulo do modelo, para as tabelas do domínio."""
    return {m._meta.db_table: m._meta.label for m in modelos_do_dominio()}


def retrato(rotulos: frozenset[str] | None = None) -> dict[str, tuple[int, str]]:
    """Por tabela do domínio (ou só as de ``rotulos``): (linhas, resumo de todas as
    linhas em ordem de pk). No PostgreSQL, uma consulta só."""
    modelos = [m for m in modelos_do_dominio() if rotulos is None or m._meta.label in rotulos]
    if not modelos:
        return {}
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


def contagens() -> dict[str, int]:
    """Linhas por tabela do domínio, numa consulta só."""
    nome = connection.ops.quote_name
    consultas = [
        f"SELECT %s, COUNT(*) FROM {nome(tabela)}"  # noqa: S608 - nomes dos modelos, citados
        for tabela in _tabelas()
    ]
    with connection.cursor() as cursor:
        cursor.execute(" UNION ALL ".join(consultas), list(_tabelas().values()))
        return dict(cursor.fetchall())


@contextmanager
def escritas_anotadas() -> Iterator[set[str]]:
    """Rótulos dos modelos do domínio em cujas tabelas o pedido mandou escrever."""
    anotadas: set[str] = set()

    def anotar(executar: Callable[..., Any], sql: str, params: Any, many: bool, ctx: Any) -> Any:
        achado = _ESCRITA.match(sql)
        if achado and achado.group(1) in _tabelas():
            anotadas.add(_tabelas()[achado.group(1)])
        return executar(sql, params, many, ctx)

    with connection.execute_wrapper(anotar):
        yield anotadas


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
    """Um cliente (uma sessão) por teste e o estado do mundo antes dos exemplos."""

    cliente: Client
    inicial: dict[str, tuple[int, str]] = field(default_factory=retrato)
    inicial_contagens: dict[str, int] = field(default_factory=contagens)
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
        with exemplo():
            yield

    def enviar(
        self, url: str, dados: Mapping[str, Any] | None = None, *, metodo: str = "post"
    ) -> Any:
        antes = self._referencia if self._referencia is not None else retrato()
        contagens_antes = (
            self.inicial_contagens
            if self._referencia is self.inicial
            else {rotulo: linhas for rotulo, (linhas, _) in antes.items()}
        )
        # Mensagens de um exemplo anterior não contam para este.
        self.cliente.cookies.pop("messages", None)
        with escritas_anotadas() as escritas:
            resposta = getattr(self.cliente, metodo)(url, dados or {})
        assert resposta.status_code < 500, f"{metodo.upper()} {url}: {resposta.status_code}"
        if e_sucesso(resposta):
            self.sucessos += 1
            self._referencia = None
            return resposta
        self.recusas += 1
        agora = contagens()
        suspeitas = frozenset(escritas - FORA_DO_RETRATO) | {
            r for r, n in agora.items() if n != contagens_antes.get(r)
        }
        mudou = diferencas({r: antes[r] for r in suspeitas}, retrato(suspeitas))
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
