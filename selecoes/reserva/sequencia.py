"""Sequência de convocação de uma vaga e quadro de reserva (art. 3º, art. 1º, §§ 2º e 3º)."""

from __future__ import annotations

from collections.abc import Sequence

from .tipos import (
    AC,
    Aplicabilidade,
    BaseReserva,
    EntradaInvalida,
    LinhaTabela,
    Reserva,
    SequenciaExplicita,
    TabelaReserva,
    rotulo_categoria,
    validar_reservas,
)

_Razao = tuple[int, int]
"""p_c como fração exata num/den (razão do `Decimal`)."""


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


def _razoes(reservas: Sequence[Reserva]) -> list[_Razao]:
    return [r.percentual.scaleb(-2).as_integer_ratio() for r in reservas]


def _deficits(
    codigos: list[int], dadas: list[int], alvos: Sequence[_Razao], de: int, ate: int
) -> None:
    """Regras, § 3.2 (art. 3º): posições s = de…ate (1, 2, …). A posição vai à
    categoria de maior déficit positivo alvo_c(s) − dadas_c (empate:
    precedência); sem déficit, AC. alvo_c(s) = arredondar(num/den × s) em
    aritmética inteira exata: (2·num·s + den) // (2·den).
    """
    if de > ate:
        return
    if len(alvos) == 1:
        num, den = alvos[0]
        passo, metade, divisor = 2 * num, den, 2 * den
        feitas = dadas[0]
        for s in range(de, ate + 1):
            if (passo * s + metade) // divisor > feitas:
                feitas += 1
                codigos[s - 1] = 1
        dadas[0] = feitas
        return
    passos = [2 * num for num, _ in alvos]
    metades = [den for _, den in alvos]
    divisores = [2 * den for _, den in alvos]
    indices = range(len(alvos))
    for s in range(de, ate + 1):
        melhor = -1
        maior = 0
        for i in indices:
            deficit = (passos[i] * s + metades[i]) // divisores[i] - dadas[i]
            if deficit > maior:
                maior = deficit
                melhor = i
        if melhor >= 0:
            dadas[melhor] += 1
            codigos[s - 1] = melhor + 1


def codigos_v2(
    reservas: Sequence[Reserva],
    n: int,
    *,
    ofertadas: int,
    tabela: Sequence[int],
    inicio: int | None,
) -> tuple[list[int], tuple[tuple[int, int], ...]]:
    """Sequência da versão 2 de uma vaga de estágio, em códigos (0 = AC, i = i-ésima
    reserva), e as posições antecipadas pela regra de colisão (código, posição).

    Regras, § 3.2 (art. 3º, "alternância e proporcionalidade"; art. 1º, §§ 2º e 3º):
    - só as posições a partir de `inicio` estão sob a reserva (§ 2; art. 1º, § 1º);
    - alvo padrão: arredondar(p_c × s); nas n_i primeiras posições de uma vaga cuja
      contagem do quadro r_{c,i} difere de arredondar(p_c × n_i), alvo espalhado
      arredondar(r_{c,i} × s / n_i);
    - colisão: depois das n_i primeiras, a categoria com menos que r_{c,i} posições
      (perdeu um empate) toma a última posição AC entre as n_i primeiras, e toda
      categoria chega à sua contagem do quadro (15 vagas, negros 30% + PcD 10%:
      PcD na 6ª e na 14ª, não na 16ª);
    - depois de n_i, os déficits continuam com o alvo padrão.
    """
    codigos = [0] * max(n, ofertadas)
    if inicio is None:
        return codigos[:n], ()
    padrao = _razoes(reservas)
    dadas = [0] * len(reservas)
    colisoes: list[tuple[int, int]] = []
    if inicio <= ofertadas:
        proprios = [(2 * num * ofertadas + den) // (2 * den) for num, den in padrao]
        alvos = [
            (r, ofertadas) if r != proprio else razao
            for r, proprio, razao in zip(tabela, proprios, padrao, strict=True)
        ]
        _deficits(codigos, dadas, alvos, inicio, ofertadas)
        ultima_ac = ofertadas - 1
        for c, r in enumerate(tabela):
            while dadas[c] < r:
                while ultima_ac >= 0 and codigos[ultima_ac] != 0:
                    ultima_ac -= 1
                if ultima_ac < 0:
                    break
                codigos[ultima_ac] = c + 1
                dadas[c] += 1
                colisoes.append((c + 1, ultima_ac + 1))
    _deficits(codigos, dadas, padrao, max(inicio, ofertadas + 1), n)
    return codigos[:n], tuple(sorted(colisoes, key=lambda x: x[1]))


def _codigos_explicitos_v2(
    reservas: tuple[Reserva, ...], n: int, explicita: SequenciaExplicita, inicio: int | None
) -> list[int]:
    """Art. 3º e art. 1º, § 1º (regras, §§ 2 e 3.2): posições publicadas no edital,
    só a partir de onde a reserva começa; antes disso, AC."""
    if inicio is None:
        return [0] * n
    codigos = _codigos_explicitos(reservas, n, explicita)
    for s in range(min(inicio - 1, n)):
        codigos[s] = 0
    return codigos


def sequencia(
    reservas: Sequence[Reserva],
    n: int,
    aplicavel: bool,
    explicita: SequenciaExplicita | None = None,
) -> tuple[str, ...]:
    """Modalidade das posições 1…n de convocação de uma vaga (art. 3º), pela regra
    padrão desde a 1ª posição: é a sequência da versão 1 (regras, § 8); a versão 2
    usa `sequencia_linha`, que parte do quadro da seleção.

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


def _validar_base(
    base: BaseReserva | str | None, versao: int, explicita: SequenciaExplicita | None
) -> BaseReserva:
    """Art. 1º, caput e § 3º (regras, §§ 3.1, 7 e 8): `base_reserva` só existe na
    versão 2; a sequência explícita, que vale em cada vaga (art. 3º), implica `vaga`."""
    if base is not None:
        if versao == 1:
            raise EntradaInvalida(
                "base_reserva",
                "a base da reserva só existe na versão 2 das regras; a versão 1 arredonda "
                "cada vaga de estágio sozinha.",
            )
        if not isinstance(base, BaseReserva):
            try:
                base = BaseReserva(base)
            except ValueError:
                raise EntradaInvalida(
                    "base_reserva",
                    f'base da reserva desconhecida: {base!r}; use "selecao" ou "vaga".',
                ) from None
        if explicita is not None and base is BaseReserva.SELECAO:
            raise EntradaInvalida(
                "base_reserva",
                'a sequência explícita se aplica a cada vaga de estágio e implica a base "vaga"; '
                'não pode ser usada com a base "selecao".',
            )
        return base
    if versao == 1 or explicita is not None:
        return BaseReserva.VAGA
    return BaseReserva.SELECAO


def _ordem_restos(num: int, den: int, ofertadas: Sequence[int]) -> list[int]:
    """Regras, § 3.1: maior parte fracionária de p_c × n_i primeiro; empate: mais
    vagas ofertadas, depois a ordem das vagas no edital."""
    return sorted(
        range(len(ofertadas)), key=lambda i: (-(num * ofertadas[i] % den), -ofertadas[i], i)
    )


def ratear(
    reservas: Sequence[Reserva], ofertadas: Sequence[int]
) -> tuple[list[list[int]], list[int]]:
    """Base `selecao` (regras, § 3.1; art. 1º, caput, "das vagas oferecidas nas
    seleções", e § 3º; STF, ADC 41): para cada categoria, na ordem de precedência,
    R_c = arredondar(p_c × N) rateado pelos maiores restos.

    A vaga i recebe primeiro a parte inteira de p_c × n_i; as vagas restantes vão,
    uma a cada, às de maior parte fracionária (empate: mais vagas ofertadas, depois
    a ordem do edital), sem passar de teto(p_c × n_i). As reservadas de todas as
    categorias de uma vaga nunca passam de n_i: o que não cabe vai, na mesma ordem,
    às vagas com espaço (primeiro até o teto, depois em qualquer uma); o que não
    cabe em nenhuma se perde (devolvido por categoria, para o anexo dizer).
    """
    total = sum(ofertadas)
    usadas = [0] * len(ofertadas)
    por_categoria: list[list[int]] = []
    perdidas: list[int] = []
    for num, den in _razoes(reservas):
        r_total = (2 * num * total + den) // (2 * den)
        espaco = [n - u for n, u in zip(ofertadas, usadas, strict=True)]
        piso = [num * n // den for n in ofertadas]
        teto = [p + (1 if num * n % den else 0) for p, n in zip(piso, ofertadas, strict=True)]
        dado = [min(p, e) for p, e in zip(piso, espaco, strict=True)]
        faltam = r_total - sum(dado)
        ordem = _ordem_restos(num, den, ofertadas)
        for i in ordem:
            if faltam == 0:
                break
            if dado[i] < min(teto[i], espaco[i]):
                dado[i] += 1
                faltam -= 1
        while faltam > 0:
            antes = faltam
            for i in ordem:
                if faltam == 0:
                    break
                if dado[i] < espaco[i]:
                    dado[i] += 1
                    faltam -= 1
            if faltam == antes:
                break
        for i, d in enumerate(dado):
            usadas[i] += d
        por_categoria.append(dado)
        perdidas.append(faltam)
    return por_categoria, perdidas


def _por_vaga_capado(reservas: Sequence[Reserva], ofertadas: Sequence[int]) -> list[list[int]]:
    """Base `vaga` (art. 1º, §§ 2º e 3º; regras, § 3.1): r_{c,i} = arredondar(p_c × n_i),
    limitado ao espaço que resta na vaga, na ordem de precedência."""
    usadas = [0] * len(ofertadas)
    por_categoria: list[list[int]] = []
    for num, den in _razoes(reservas):
        dado = []
        for i, n in enumerate(ofertadas):
            r = min((2 * num * n + den) // (2 * den), n - usadas[i])
            usadas[i] += r
            dado.append(r)
        por_categoria.append(dado)
    return por_categoria


def _validar_vagas(vagas: Sequence[tuple[str, int]]) -> None:
    vistos: set[str] = set()
    for i, (codigo, ofertadas) in enumerate(vagas):
        if codigo in vistos:
            raise EntradaInvalida(f"vagas[{i}].codigo", f'código "{codigo}" repetido.')
        vistos.add(codigo)
        if isinstance(ofertadas, bool) or not isinstance(ofertadas, int) or ofertadas < 0:
            raise EntradaInvalida(
                f"vagas[{i}].ofertadas", "deve ser um inteiro maior ou igual a zero."
            )


def tabela_reserva(
    reservas: Sequence[Reserva],
    vagas: Sequence[tuple[str, int]],
    aplicacao: Aplicabilidade,
    explicita: SequenciaExplicita | None = None,
    base: BaseReserva | str | None = None,
) -> TabelaReserva:
    """Quadro de reserva do edital (art. 1º, § 3º; regras, § 3.1): reservadas por
    vaga de estágio e total da seleção, comparado a arredondar(p_c × N) (art. 1º, § 2º).

    A versão vem de `aplicacao` (regras, § 8). Versão 2: base `selecao` (padrão)
    rateia o total da seleção pelos maiores restos; base `vaga` arredonda cada vaga
    sozinha (e avisa quando o fracionamento frustra a reserva, STF, ADC 41,
    apontando a base `selecao`); com N < 3 o quadro tem zeros e cada linha diz em
    que posição a reserva começa (§ 2). Versão 1: o quadro é o número de posições
    de cada categoria entre as ofertadas da sequência da versão 1.
    """
    reservas = validar_reservas(tuple(reservas))
    _validar_vagas(vagas)
    versao = aplicacao.versao
    base_efetiva = _validar_base(base, versao, explicita)
    ofertadas = [n for _, n in vagas]
    total = sum(ofertadas)
    razoes = _razoes(reservas)
    nomes = [r.categoria for r in reservas]
    perdidas = [0] * len(reservas)
    tabela: list[list[int]]
    if versao == 1:
        tabela = [[0] * len(vagas) for _ in reservas]
        for i, n in enumerate(ofertadas):
            seq = sequencia(reservas, n, aplicacao.aplicavel, explicita)
            for c, nome in enumerate(nomes):
                tabela[c][i] = seq.count(nome)
    elif explicita is not None:
        tabela = [[0] * len(vagas) for _ in reservas]
        for i, n in enumerate(ofertadas):
            codigos = _codigos_explicitos_v2(reservas, n, explicita, aplicacao.inicio(n))
            for c in range(len(reservas)):
                tabela[c][i] = codigos.count(c + 1)
    elif not (aplicacao.aplicavel and aplicacao.nas_ofertadas):
        tabela = [[0] * len(vagas) for _ in reservas]
    elif base_efetiva is BaseReserva.SELECAO:
        tabela, perdidas = ratear(reservas, ofertadas)
    else:
        tabela = _por_vaga_capado(reservas, ofertadas)

    linhas: list[LinhaTabela] = []
    for i, (codigo, n) in enumerate(vagas):
        colisoes: tuple[tuple[int, int], ...] = ()
        inicio = aplicacao.inicio(n)
        if versao == 2 and explicita is None:
            _, colisoes = codigos_v2(
                reservas, n, ofertadas=n, tabela=[t[i] for t in tabela], inicio=inicio
            )
        linhas.append(
            LinhaTabela(
                codigo,
                n,
                tuple((nome, tabela[c][i]) for c, nome in enumerate(nomes)),
                inicio=inicio,
                proprio=tuple(
                    (nome, (2 * num * n + den) // (2 * den))
                    for nome, (num, den) in zip(nomes, razoes, strict=True)
                ),
                piso=tuple(
                    (nome, num * n // den) for nome, (num, den) in zip(nomes, razoes, strict=True)
                ),
                colisoes=tuple((nomes[c - 1], s) for c, s in colisoes),
            )
        )
    somas = tuple((nome, sum(tabela[c])) for c, nome in enumerate(nomes))
    na_selecao = tuple(
        (nome, (2 * num * total + den) // (2 * den) if aplicacao.nas_ofertadas else 0)
        for nome, (num, den) in zip(nomes, razoes, strict=True)
    )
    avisos = _avisos(versao, base_efetiva, explicita, total, somas, na_selecao, perdidas, nomes)
    return TabelaReserva(
        tuple(linhas),
        total,
        somas,
        na_selecao,
        tuple(avisos),
        base=base_efetiva,
        versao=versao,
        perdidas=tuple(zip(nomes, perdidas, strict=True)),
        aplicacao=aplicacao,
        reservas=reservas,
        explicita=explicita,
    )


def _avisos(
    versao: int,
    base: BaseReserva,
    explicita: SequenciaExplicita | None,
    total: int,
    somas: Sequence[tuple[str, int]],
    na_selecao: Sequence[tuple[str, int]],
    perdidas: Sequence[int],
    nomes: Sequence[str],
) -> list[str]:
    """Avisos do anexo (art. 1º, caput e § 2º; STF, ADC 41; regras, § 3.1):
    fracionamento na base `vaga` e vagas perdidas no rateio da base `selecao`."""
    avisos: list[str] = []
    if base is BaseReserva.VAGA:
        if versao == 1:
            conselho = (
                " Este edital foi publicado sob a versão 1 das regras de reserva, que "
                "arredonda cada vaga de estágio sozinha, e a mantém por toda a sua vida "
                "(regras de reserva, § 8)."
            )
        elif explicita is not None:
            conselho = (
                " A sequência explícita vale em cada vaga de estágio e não resolve o "
                'fracionamento; sem ela, a base "total da seleção" rateia as vagas '
                "reservadas entre as vagas de estágio (regras de reserva, § 3.1)."
            )
        else:
            conselho = (
                ' Use a base "total da seleção", que rateia as vagas reservadas entre as '
                "vagas de estágio pelos maiores restos (regras de reserva, § 3.1)."
            )
        for (categoria, soma), (_, esperado) in zip(somas, na_selecao, strict=True):
            if soma < esperado:
                avisos.append(
                    f"As vagas de estágio somam {soma} vaga(s) reservada(s) a "
                    f"{rotulo_categoria(categoria)}, menos que as {esperado} que o percentual "
                    f"daria sobre as {total} vagas da seleção (art. 1º, caput e § 2º). O "
                    f"fracionamento das vagas frustra a reserva (STF, ADC 41).{conselho}"
                )
    for categoria, perdida in zip(nomes, perdidas, strict=True):
        if perdida:
            avisos.append(
                f"{perdida} vaga(s) reservada(s) a {rotulo_categoria(categoria)} do total da "
                "seleção não couberam em nenhuma vaga de estágio: as vagas ofertadas já estão "
                "todas reservadas a categorias de maior precedência (regras de reserva, § 3.1)."
            )
    return avisos


def sequencia_vaga(tabela: TabelaReserva, codigo: str, n: int) -> tuple[str, ...]:
    """As n primeiras posições de convocação da vaga de estágio `codigo` (art. 3º;
    regras, § 3.2), pela versão e base do quadro."""
    linha = tabela.linha(codigo)
    return sequencia_linha(tabela, linha, n)


def sequencia_linha(tabela: TabelaReserva, linha: LinhaTabela, n: int) -> tuple[str, ...]:
    """Como `sequencia_vaga`, para uma linha do quadro."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise EntradaInvalida("n", "o número de posições deve ser um inteiro não negativo.")
    reservas = tabela.reservas
    nomes = (AC, *(r.categoria for r in reservas))
    if tabela.versao == 1:
        aplicavel = linha.inicio is not None
        return sequencia(reservas, n, aplicavel, tabela.explicita)
    if tabela.explicita is not None:
        codigos = _codigos_explicitos_v2(reservas, n, tabela.explicita, linha.inicio)
    else:
        codigos, _ = codigos_v2(
            reservas,
            n,
            ofertadas=linha.ofertadas,
            tabela=[r for _, r in linha.reservadas],
            inicio=linha.inicio,
        )
    return tuple(nomes[c] for c in codigos)
