"""Sequência de convocação de uma vaga e quadro de reserva (art. 3º, art. 1º, §§ 2º e 3º)."""

from __future__ import annotations

from collections.abc import Sequence

from .aplicabilidade import arredondar
from .tipos import (
    AC,
    Aplicabilidade,
    EntradaInvalida,
    LinhaTabela,
    Reserva,
    SequenciaExplicita,
    TabelaReserva,
    rotulo_categoria,
    validar_reservas,
)


def _codigos_por_arredondamento(reservas: tuple[Reserva, ...], n: int) -> list[int]:
    """Art. 3º e art. 1º, § 2º: depois de k convocações, a categoria c tem
    arredondar(p_c * k) convocações reservadas. A posição k vai à categoria de
    maior déficit positivo (empate: precedência); sem déficit, é AC (código 0).
    Uma passada, O(n * categorias).

    O arredondamento do decreto é feito em aritmética inteira exata: com
    p_c = num/den (razão exata do `Decimal`), arredondar(p_c * k) =
    (2 * num * k + den) // (2 * den) para k ≥ 0 — o mesmo inteiro que
    `Decimal.quantize(ROUND_HALF_UP)`, sem arredondamento binário (os testes
    comparam as duas formas), e várias vezes mais rápido no laço.
    """
    razoes = [r.percentual.scaleb(-2).as_integer_ratio() for r in reservas]
    passos = [2 * num for num, _ in razoes]
    metades = [den for _, den in razoes]
    divisores = [2 * den for _, den in razoes]
    dadas = [0] * len(reservas)
    codigos = [0] * n
    if len(reservas) == 1:
        passo, metade, divisor = passos[0], metades[0], divisores[0]
        feitas = 0
        for k in range(1, n + 1):
            if (passo * k + metade) // divisor > feitas:
                feitas += 1
                codigos[k - 1] = 1
        return codigos
    indices = range(len(reservas))
    for k in range(1, n + 1):
        melhor = -1
        maior = 0
        for i in indices:
            deficit = (passos[i] * k + metades[i]) // divisores[i] - dadas[i]
            if deficit > maior:
                maior = deficit
                melhor = i
        if melhor >= 0:
            dadas[melhor] += 1
            codigos[k - 1] = melhor + 1
    return codigos


def alvo_reservado(reserva: Reserva, k: int) -> int:
    """Art. 1º, § 2º: vagas reservadas da categoria depois de k convocações."""
    return arredondar(reserva.percentual.scaleb(-2) * k)


def _codigos_explicitos(
    reservas: tuple[Reserva, ...], n: int, explicita: SequenciaExplicita
) -> list[int]:
    """Posições publicadas no edital, continuadas pelo intervalo depois da última."""
    codigos = [0] * n
    indice = {r.categoria: i + 1 for i, r in enumerate(reservas)}
    if set(explicita.categorias()) != set(indice):
        faltam = sorted(set(indice) - set(explicita.categorias()))
        sobram = sorted(set(explicita.categorias()) - set(indice))
        nome = faltam[0] if faltam else sobram[0]
        motivo = "não tem posições" if faltam else "não é uma reserva declarada"
        raise EntradaInvalida(nome, f'a categoria "{nome}" {motivo} na sequência explícita.')
    for item in explicita.itens:
        codigo = indice[item.categoria]
        for p in item.posicoes:
            if p > n:
                break
            codigos[p - 1] = codigo
        if item.intervalo is not None:
            for p in range(item.posicoes[-1] + item.intervalo, n + 1, item.intervalo):
                codigos[p - 1] = codigo
    return codigos


def codigos_sequencia(
    reservas: Sequence[Reserva],
    n: int,
    aplicavel: bool,
    explicita: SequenciaExplicita | None = None,
) -> list[int]:
    """Sequência em códigos: 0 = AC, i = i-ésima reserva na ordem de precedência."""
    reservas = validar_reservas(tuple(reservas))
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise EntradaInvalida("n", "o número de posições deve ser um inteiro não negativo.")
    if not aplicavel:
        return [0] * n
    if explicita is not None:
        return _codigos_explicitos(reservas, n, explicita)
    return _codigos_por_arredondamento(reservas, n)


def sequencia(
    reservas: Sequence[Reserva],
    n: int,
    aplicavel: bool,
    explicita: SequenciaExplicita | None = None,
) -> tuple[str, ...]:
    """Modalidade das posições 1…n de convocação de uma vaga (art. 3º).

    Sem reserva aplicável (art. 1º, § 1º; art. 7º) todas as posições são AC.
    Com `explicita`, usa as posições publicadas no edital; senão, a regra de
    arredondamento de 30% de k (art. 1º, § 2º). Negros (30%): 2, 5, 9, 12, 15…
    """
    nomes = (AC, *(r.categoria for r in reservas))
    return tuple(nomes[c] for c in codigos_sequencia(reservas, n, aplicavel, explicita))


def reservadas(
    reservas: Sequence[Reserva], seq: Sequence[str], ofertadas: int
) -> tuple[tuple[str, int], ...]:
    """Art. 1º, § 3º: vagas reservadas de cada categoria entre as `ofertadas` primeiras."""
    inicio = list(seq[:ofertadas])
    return tuple((r.categoria, inicio.count(r.categoria)) for r in reservas)


def tabela_reserva(
    reservas: Sequence[Reserva],
    vagas: Sequence[tuple[str, int]],
    aplicacao: Aplicabilidade,
    explicita: SequenciaExplicita | None = None,
) -> TabelaReserva:
    """Quadro de reserva do edital (art. 1º, § 3º): reservadas por vaga de estágio
    e total da seleção, comparado a arredondar(p * N) (art. 1º, § 2º).

    Se o total por vaga for menor que o da seleção, avisa que o fracionamento das
    vagas pode frustrar a reserva (STF, ADC 41) e que o edital pode publicar uma
    sequência explícita.
    """
    reservas = validar_reservas(tuple(reservas))
    linhas: list[LinhaTabela] = []
    vistos: set[str] = set()
    for i, (codigo, ofertadas) in enumerate(vagas):
        if codigo in vistos:
            raise EntradaInvalida(f"vagas[{i}].codigo", f'código "{codigo}" repetido.')
        vistos.add(codigo)
        if isinstance(ofertadas, bool) or not isinstance(ofertadas, int) or ofertadas < 0:
            raise EntradaInvalida(
                f"vagas[{i}].ofertadas", "deve ser um inteiro maior ou igual a zero."
            )
        seq = sequencia(reservas, ofertadas, aplicacao.aplicavel, explicita)
        linhas.append(LinhaTabela(codigo, ofertadas, reservadas(reservas, seq, ofertadas)))
    total = sum(linha.ofertadas for linha in linhas)
    somas = tuple(
        (r.categoria, sum(dict(linha.reservadas)[r.categoria] for linha in linhas))
        for r in reservas
    )
    na_selecao = tuple(
        (
            r.categoria,
            arredondar(r.percentual.scaleb(-2) * total) if aplicacao.aplicavel else 0,
        )
        for r in reservas
    )
    avisos: list[str] = []
    for (categoria, soma), (_, esperado) in zip(somas, na_selecao, strict=True):
        if soma < esperado:
            avisos.append(
                f"As vagas de estágio somam {soma} vaga(s) reservada(s) a "
                f"{rotulo_categoria(categoria)}, menos que as {esperado} que o percentual "
                f"daria sobre as {total} vagas da seleção (art. 1º, caput e § 2º). O "
                "fracionamento das vagas pode frustrar a reserva (STF, ADC 41); o edital "
                "pode publicar uma sequência explícita de posições reservadas."
            )
    return TabelaReserva(tuple(linhas), total, somas, na_selecao, tuple(avisos))
