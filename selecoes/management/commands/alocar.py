"""`python manage.py alocar ARQUIVO|-`: o contrato do § 7 das regras de reserva.

Adaptador fino sobre `selecoes.reserva.cli.main`: não usa o banco de dados nem
as verificações do sistema, para que auditores o rodem só com o código.
"""

import io
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from selecoes.reserva import cli


class Command(BaseCommand):
    help = (
        "Lê um JSON com edital, reservas, vagas e candidatos e imprime a alocação "
        "(Decreto nº 9.427/2018). Entrada inválida: status 2 e mensagem na saída de erro."
    )
    requires_system_checks: list[str] = []
    requires_migrations_checks = False

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("arquivo", help="arquivo JSON de entrada, ou - para a entrada padrão")

    def handle(self, *args: Any, **options: Any) -> None:
        # O contrato é UTF-8, qualquer que seja a localidade do terminal.
        for fluxo in (sys.stdin, sys.stdout, sys.stderr):
            if isinstance(fluxo, io.TextIOWrapper):
                fluxo.reconfigure(encoding="utf-8")
        status = cli.main([options["arquivo"]], sys.stdin, self.stdout, self.stderr)  # type: ignore[arg-type]
        if status:
            raise SystemExit(status)
