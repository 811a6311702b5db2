"""Aritmética de datas dos prazos: validade da seleção e retenção dos dados (sem Django)."""

import calendar
import datetime as dt


def somar_meses(data: dt.date, meses: int) -> dt.date:
    """``data`` + ``meses`` meses; dia 31 vira o último dia do mês quando preciso."""
    indice = data.month - 1 + meses
    ano, mes = data.year + indice // 12, indice % 12 + 1
    return dt.date(ano, mes, min(data.day, calendar.monthrange(ano, mes)[1]))
