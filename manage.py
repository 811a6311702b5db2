#!/usr/bin/env python
"""Ponto de entrada das tarefas administrativas do Django."""

import os
import sys


def main() -> None:
    if sys.argv[1:2] == ["alocar"]:
        # O contrato do § 7 das regras de reserva não usa banco nem configuração:
        # roda só com o motor (biblioteca padrão), num terminal sem variáveis de
        # ambiente, como um auditor o usaria. As configurações do servidor web
        # (SECRET_KEY obrigatória fora de DEBUG) não são carregadas.
        from selecoes.reserva.cli import executar

        executar(sys.argv[2:])
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
