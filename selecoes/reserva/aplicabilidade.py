"""Quando a reserva se aplica e como o decreto arredonda (art. 1º, art. 7º, art. 8º)."""

from __future__ import annotations

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from .tipos import VERSAO_ATUAL, Aplicabilidade, EntradaInvalida, validar_versao

DATA_VIGENCIA = date(2018, 6, 29)
"""Art. 8º: vigência na data da publicação no DOU, 29/06/2018."""

MINIMO_VAGAS = 3
"""Art. 1º, § 1º: a reserva se aplica a seleções com três ou mais vagas."""


def arredondar(valor: Decimal) -> int:
    """Art. 1º, § 2º: fração ≥ 0,5 arredonda para cima, < 0,5 para baixo.

    `round()` do Python arredonda 4,5 para 4 (para o par); o decreto manda 5.
    """
    if not isinstance(valor, Decimal) or not valor.is_finite() or valor < 0:
        raise EntradaInvalida("valor", "o valor a arredondar deve ser um decimal não negativo.")
    return int(valor.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _data(d: date) -> str:
    return d.strftime("%d/%m/%Y")


def _vagas(n: int) -> str:
    return "1 vaga" if n == 1 else f"{n} vagas"


def aplicabilidade(
    data_publicacao: date, total_vagas: int, versao: int = VERSAO_ATUAL
) -> Aplicabilidade:
    """Art. 7º e art. 1º, § 1º: a reserva vale para editais publicados a partir de
    29/06/2018.

    Versão 2 (regras, § 2): com N ≥ 3 vagas oferecidas na seleção, vale para as
    oferecidas e para as que surgirem; com N < 3 (inclusive N = 0), as oferecidas
    são de ampla concorrência e a reserva começa quando a seleção tem três vagas.
    Versão 1 (regras, § 8): N ≥ 3 ou N = 0 desde a 1ª posição; N = 1, 2 nunca.
    """
    if not isinstance(data_publicacao, date):
        raise EntradaInvalida("data_publicacao", "informe uma data válida.")
    if isinstance(total_vagas, bool) or not isinstance(total_vagas, int) or total_vagas < 0:
        raise EntradaInvalida(
            "total_vagas", "o total de vagas deve ser um inteiro maior ou igual a zero."
        )
    versao = validar_versao(versao)
    if versao == 1:
        return _aplicabilidade_v1(data_publicacao, total_vagas)
    nas_ofertadas = total_vagas >= MINIMO_VAGAS
    if data_publicacao < DATA_VIGENCIA:
        motivo = (
            f"A reserva de vagas não se aplica: o edital foi publicado em "
            f"{_data(data_publicacao)}, antes da entrada em vigor do Decreto nº 9.427/2018 "
            f"em {_data(DATA_VIGENCIA)} (art. 7º e art. 8º). Todas as vagas são de ampla "
            "concorrência."
        )
        return Aplicabilidade(False, motivo, False, total_vagas, versao)
    publicacao = (
        f"o edital foi publicado em {_data(data_publicacao)}, a partir da vigência do "
        "Decreto nº 9.427/2018 (art. 7º e art. 8º)"
    )
    if nas_ofertadas:
        numero = (
            f"a seleção oferece {_vagas(total_vagas)}, número igual ou superior a três "
            "(art. 1º, § 1º), e a reserva vale para as vagas oferecidas e para as que surgirem"
        )
        return Aplicabilidade(
            True, f"A reserva de vagas se aplica: {publicacao} e {numero}.", True, total_vagas
        )
    oferece = (
        "é só para cadastro de reserva (nenhuma vaga oferecida de início)"
        if total_vagas == 0
        else f"oferece {_vagas(total_vagas)}, menos que as três do art. 1º, § 1º"
    )
    motivo = (
        f"A reserva de vagas se aplica às vagas que surgirem: {publicacao}, e a seleção "
        f"{oferece}. As vagas oferecidas são de ampla concorrência; a reserva começa quando "
        "a seleção tem três vagas (art. 1º, § 1º; regras de reserva, § 2): a posição s de "
        "uma vaga de estágio com n vagas oferecidas fica sob a reserva quando N − n + s ≥ 3, "
        f"com N = {total_vagas}."
    )
    return Aplicabilidade(True, motivo, False, total_vagas)


def _aplicabilidade_v1(data_publicacao: date, total_vagas: int) -> Aplicabilidade:
    """Versão 1 das regras, reproduzida exatamente (regras, § 8)."""
    impedimentos: list[str] = []
    if data_publicacao < DATA_VIGENCIA:
        impedimentos.append(
            f"o edital foi publicado em {_data(data_publicacao)}, antes da entrada em vigor "
            f"do Decreto nº 9.427/2018 em {_data(DATA_VIGENCIA)} (art. 7º e art. 8º)"
        )
    if 0 < total_vagas < MINIMO_VAGAS:
        impedimentos.append(
            f"a seleção oferece {_vagas(total_vagas)}, menos que as três exigidas (art. 1º, § 1º)"
        )
    if impedimentos:
        motivo = "A reserva de vagas não se aplica: " + " e ".join(impedimentos) + "."
        return Aplicabilidade(
            False, motivo + " Todas as vagas são de ampla concorrência.", False, total_vagas, 1
        )
    publicacao = (
        f"o edital foi publicado em {_data(data_publicacao)}, a partir da vigência do "
        "Decreto nº 9.427/2018 (art. 7º e art. 8º)"
    )
    if total_vagas == 0:
        numero = (
            "a seleção é só para cadastro de reserva (nenhuma vaga oferecida de início): "
            "as vagas que surgirem serão convocadas pela sequência de reserva "
            "(art. 1º, § 1º, conforme a regra adotada pelo sistema para cadastro de reserva)"
        )
    else:
        numero = (
            f"a seleção oferece {_vagas(total_vagas)}, número igual ou superior a três "
            "(art. 1º, § 1º)"
        )
    return Aplicabilidade(
        True,
        f"A reserva de vagas se aplica: {publicacao} e {numero}.",
        total_vagas >= MINIMO_VAGAS,
        total_vagas,
        1,
    )
