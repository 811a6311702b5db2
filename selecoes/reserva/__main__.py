"""``python -m selecoes.reserva ARQUIVO|-``: o contrato do § 7 sem Django."""

from .cli import executar

executar()
