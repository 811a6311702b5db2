"""Apaga os arquivos enviados guardados para formulários que não foram concluídos."""

from typing import Any

from django.core.management.base import BaseCommand
from django.utils import timezone

from candidatos import envios


class Command(BaseCommand):
    help = "Apaga as cópias temporárias de arquivos enviados mais antigas que a validade."

    def handle(self, *args: Any, **opcoes: Any) -> None:
        apagados = envios.limpar_vencidos(agora=timezone.now())
        self.stdout.write(f"{apagados} arquivo(s) temporário(s) apagado(s).")
