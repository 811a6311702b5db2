"""Apaga laudos médicos que nenhuma inscrição usa (envios abandonados); rode todo dia."""

from argparse import ArgumentParser
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from candidatos.services import arquivos


class Command(BaseCommand):
    help = (
        "Apaga os laudos médicos (PDF) sem inscrição gravados há mais de --horas horas: "
        "restos de envios interrompidos antes de a inscrição ser gravada."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--horas",
            type=int,
            default=int(arquivos.CARENCIA_PADRAO.total_seconds() // 3600),
            help="Carência desde a gravação do arquivo (padrão: 24).",
        )
        parser.add_argument("--dry-run", action="store_true", help="Só lista o que seria apagado.")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        if opcoes["horas"] < 1:
            raise CommandError("--horas deve ser ao menos 1.")
        resultado = arquivos.laudos_orfaos_apagar(
            agora=timezone.now(),
            carencia=timedelta(hours=opcoes["horas"]),
            simular=opcoes["dry_run"],
        )
        verbo = "seriam apagados" if opcoes["dry_run"] else "apagados"
        for nome in resultado.apagados:
            self.stdout.write(f"  {nome}")
        self.stdout.write(
            f"{len(resultado.apagados)} laudos órfãos {verbo} de {resultado.examinados} examinados."
        )
