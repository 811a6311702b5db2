"""Carrega os dados de demonstração (idempotente): `python manage.py popular_demo`."""

from importlib import import_module
from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from selecoes.demo import LoginDemo

# Cada capacidade acrescenta aqui sua etapa (função sem argumentos), em ordem.
# Uma etapa que devolve uma lista de LoginDemo tem seus logins impressos no fim.
ETAPAS = [
    "selecoes.demo.popular_orgaos_e_usuarios",
    "selecoes.demo.popular_selecoes",
    "candidatos.demo.popular_inscricoes",
    "candidatos.demo_resultados.popular_resultados",
    "relatorios.monitoramento.demo.popular_monitoramento",
    "relatorios.documentos.demo.popular_documentos",
    "candidatos.demo_comissao.popular_comissao",
    "candidatos.demo.popular_govbr",
]


class Command(BaseCommand):
    help = "Cria órgãos, usuários e dados de demonstração; pode ser executado várias vezes."

    def handle(self, *args: Any, **options: Any) -> None:
        logins = []
        for caminho in ETAPAS:
            modulo, funcao = caminho.rsplit(".", 1)
            with transaction.atomic():
                resultado = getattr(import_module(modulo), funcao)()
            if isinstance(resultado, list):
                logins += [item for item in resultado if isinstance(item, LoginDemo)]
            self.stdout.write(f"  ✓ {caminho}")
        self.stdout.write(self.style.SUCCESS("Dados de demonstração prontos. Logins:"))
        for login in logins:
            self.stdout.write(f"  {login.usuario:<12} senha: {login.senha:<24} {login.descricao}")
