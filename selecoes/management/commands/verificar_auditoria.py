"""Confere a cadeia de hashes da trilha de auditoria (nada removido nem alterado)."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from selecoes.selectors.auditoria import auditoria_verificar


class Command(BaseCommand):
    help = (
        "Confere a trilha de auditoria: cada registro aponta para o anterior da mesma "
        "seleção e o hash confere com o conteúdo. Sai com status diferente de zero se "
        "algum registro foi removido, alterado ou retrodatado."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--selecao", type=int, default=None, help="Só a cadeia desta seleção.")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        resultados = auditoria_verificar(selecao_id=opcoes["selecao"])
        falhas = [r for r in resultados if r.falha]
        for r in resultados:
            if r.falha is None:
                self.stdout.write(
                    f"Cadeia {r.nome}: {r.registros} registros íntegros; "
                    f"último hash {r.ultimo_hash}."
                )
        if falhas:
            raise CommandError(
                "Trilha de auditoria violada — "
                + "; ".join(f"cadeia {r.nome}: {r.falha}" for r in falhas)
            )
        if not resultados:
            self.stdout.write("Nenhum registro de auditoria a conferir.")
        self.stdout.write(self.style.SUCCESS("Trilha de auditoria íntegra."))
