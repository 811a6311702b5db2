"""Anonimiza as inscrições das seleções cujo prazo de retenção terminou (LGPD)."""

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from candidatos.services import retencao


class Command(BaseCommand):
    help = (
        "Anonimiza os dados pessoais das inscrições das seleções cuja validade terminou "
        "há mais de RETENCAO_MESES meses, mantendo os dados dos indicadores do art. 5º."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="Só mostra o que seria anonimizado; nada é alterado.",
        )
        parser.add_argument(
            "--meses",
            type=int,
            default=None,
            help="Prazo de retenção após o fim da validade (padrão: RETENCAO_MESES).",
        )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        meses = settings.RETENCAO_MESES if opcoes["meses"] is None else opcoes["meses"]
        if meses < 0:
            raise CommandError("--meses deve ser zero ou positivo.")
        hoje = timezone.localdate()
        planos = retencao.planejar(hoje=hoje, meses=meses)
        simulacao = opcoes["dry_run"]
        self.stdout.write(
            f"Retenção de {meses} meses após a validade; referência {hoje:%d/%m/%Y}."
            + (" SIMULAÇÃO: nada será alterado." if simulacao else "")
        )
        if not planos:
            self.stdout.write("Nenhuma seleção com dados pessoais a anonimizar.")
            return
        total = 0
        for plano in planos:
            if not simulacao:
                plano = retencao.selecao_anonimizar(plano=plano, meses=meses)
            total += plano.inscricoes
            prefixo = "Seria anonimizado" if simulacao else "Anonimizado"
            self.stdout.write(f"{prefixo}: {plano.descrever()}")
        verbo = "seriam anonimizadas" if simulacao else "anonimizadas"
        self.stdout.write(
            self.style.SUCCESS(f"{total} inscrições de {len(planos)} seleções {verbo}.")
        )
