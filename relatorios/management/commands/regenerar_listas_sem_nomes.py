"""Refaz os PDFs de resultado gerados antes do código de lista (LGPD, art. 11)."""

from typing import Any

from django.core.management.base import BaseCommand

from relatorios.documentos import services


class Command(BaseCommand):
    help = (
        "Refaz o PDF de cada versão de resultado com lista sem nomes: o documento "
        "do resultado passa a não trazer a lista, que sai só pelos códigos de lista "
        "no documento próprio (docs/resultado.md, “Sigilo das listas sem nomes”). "
        "Rode uma vez depois de atualizar."
    )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        refeitos = services.resultados_com_lista_sem_nomes_regenerar()
        self.stdout.write(f"{refeitos} PDF(s) de resultado mandado(s) refazer.")
