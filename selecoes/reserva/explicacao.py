"""Por que cada candidato é ou não é convocado, em português, citando o decreto."""

from __future__ import annotations

from bisect import bisect_left

from .alocacao import _executar, alocacao_com_retirados, coletor_pausado
from .sequencia import sequencia, sequencia_linha
from .tipos import AC, REVERSAO, BaseReserva, Candidato, Explicacao, Situacao, rotulo_categoria
from .vaga import ResultadoVaga

_ENTRE = {
    "negros": "entre os candidatos negros",
    "pcd": "entre as pessoas com deficiência",
}

_DESISTENCIA = {
    "negros": "desistência de candidato negro",
    "pcd": "desistência de candidato com deficiência",
}


_SUCESSOR = {
    "negros": "ao candidato negro classificado na posição imediatamente posterior",
    "pcd": "à próxima pessoa com deficiência da classificação",
}


def _entre(categoria: str) -> str:
    return _ENTRE.get(categoria, f"entre os {rotulo_categoria(categoria)}")


def _lista(itens: list[str]) -> str:
    if len(itens) <= 1:
        return "".join(itens)
    return ", ".join(itens[:-1]) + " e " + itens[-1]


def _qtd(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if n == 1 else plural}"


def _modalidade(m: str) -> str:
    if m == AC:
        return "de ampla concorrência"
    if m == REVERSAO:
        return "reservada revertida à ampla concorrência"
    return f"reservada a {rotulo_categoria(m)}"


class _Contexto:
    """Dados da vaga que todas as frases usam, calculados uma vez."""

    def __init__(self, r: ResultadoVaga) -> None:
        self.r = r
        o = r.ordem
        self.k = o.k
        self.a = o.a
        self.categorias = r.classificacao.categorias
        self.aplicavel = r.aplicacao.aplicavel
        self.elegiveis = r.classificacao.elegiveis
        vazias = [c for c, v in zip(self.categorias, o.vazias, strict=True) if v]
        self.rotulos_vazias = _lista([rotulo_categoria(c) for c in vazias])
        self.hipotese = self._hipotese(r)
        self.liberadas = [
            (c.situacao, self.hipotese[c.inscricao])
            for c in r.classificacao.retirados
            if c.inscricao in self.hipotese
        ]
        self._causas: dict[str, str] = {}
        self.sufixos: dict[tuple[frozenset[str], str], str] = {}
        self.por_categoria = {
            c: (n, rotulo_categoria(c), _entre(c)) for n, c in enumerate(self.categorias)
        }
        self.dentro_ac = f"dentro das {self.a} vagas de ampla concorrência (art. 4º, caput)."
        self.fora_ac = f"fora das {self.a} vagas de ampla concorrência (art. 4º, caput, e art. 3º)."
        self.reversao = f"em vaga reservada a {self.rotulos_vazias} revertida à ampla concorrência"
        self.preenchido = self.preenchimento()
        self.notas = self._notas(r)

    @staticmethod
    def _notas(r: ResultadoVaga) -> dict[str, str]:
        """Frases da versão 2 para quem ocupa vaga reservada (regras, §§ 2, 3.1, 3.2)."""
        tabela, linha = r.tabela, r.linha
        if tabela is None or linha is None or tabela.versao != 2:
            return {}
        notas: dict[str, str] = {}
        proprio = dict(linha.proprio)
        na_selecao = dict(tabela.reservadas_na_selecao)
        for reserva in r.reservas:
            c = reserva.categoria
            partes: list[str] = []
            qtd = linha.quantidade(c)
            if tabela.base is BaseReserva.SELECAO and qtd and qtd != proprio.get(c, qtd):
                partes.append(
                    f" Esta vaga de estágio tem {_qtd(qtd, 'vaga reservada', 'vagas reservadas')}"
                    f" a {rotulo_categoria(c)} pelo rateio do total da seleção: "
                    f"{reserva.percentual.normalize():f}% das {tabela.total_vagas} vagas da "
                    f"seleção dão {na_selecao.get(c, 0)}, distribuídas entre as vagas de estágio "
                    "pelos maiores restos (art. 1º, caput e § 3º; regras de reserva, § 3.1)."
                )
            if linha.inicio is not None and linha.inicio > 1:
                partes.append(
                    f" Com {_qtd(tabela.total_vagas, 'vaga oferecida', 'vagas oferecidas')} "
                    "na seleção, as oferecidas são de ampla concorrência e a reserva começa na "
                    f"3ª vaga da seleção: nesta vaga de estágio, a partir da {linha.inicio}ª "
                    "convocação (art. 1º, § 1º; regras de reserva, § 2)."
                )
            for categoria, posicao in linha.colisoes:
                if categoria == c and posicao <= r.ordem.k:
                    partes.append(
                        f" A {posicao}ª posição foi antecipada para {rotulo_categoria(c)} "
                        "pela regra de colisão: a categoria perdeu um empate por precedência e "
                        "toma a última posição de ampla concorrência entre as vagas ofertadas, "
                        "para chegar à sua contagem do quadro (art. 3º; regras de reserva, § 3.2)."
                    )
            if partes:
                notas[c] = "".join(partes)
        return notas

    def rank_categoria(self, n_cat: int, i: int) -> int:
        """Posição (1, 2, …) do ativo i entre os elegíveis da categoria n_cat."""
        return bisect_left(self.elegiveis[n_cat], i) + 1

    @staticmethod
    def _hipotese(r: ResultadoVaga) -> dict[str, str]:
        """Alocação com desistentes e eliminados de volta à classificação: diz
        quais vagas eles liberaram e quem entrou por isso (art. 4º, § 2º)."""
        if not r.classificacao.retirados:
            return {}
        return alocacao_com_retirados(r.classificacao, r.sequencia, r.ordem)

    def causa_entrada(self, inscricao: str, modalidade: str) -> str:
        """Se o candidato só está convocado porque alguém saiu, diz por quê."""
        if not self.hipotese or inscricao in self.hipotese:
            return ""
        if modalidade not in self._causas:
            self._causas[modalidade] = self._causa(modalidade)
        return self._causas[modalidade]

    def _causa(self, modalidade: str) -> str:
        liberadas = self.liberadas
        # Uma reversão nasce de vaga reservada sem elegível: a causa é quem saiu
        # dessa reserva (ou de outra reversão).
        alvo = {modalidade}
        if modalidade == REVERSAO:
            alvo |= {c for c, v in zip(self.categorias, self.r.ordem.vazias, strict=True) if v}
        mesmas = [s for s, m in liberadas if m in alvo] or [s for s, _ in liberadas]
        if Situacao.DESISTENTE in mesmas and Situacao.ELIMINADO in mesmas:
            # Saídas das duas espécies liberaram vagas desta modalidade: não há
            # como atribuir esta entrada a uma delas só, então as duas são citadas.
            return (
                " (art. 4º, § 2º, e art. 2º, parágrafo único: vagas abertas por "
                "desistência e por eliminação de candidatos)"
            )
        if Situacao.DESISTENTE in mesmas:
            if modalidade in self.categorias:
                desc = _DESISTENCIA.get(modalidade, "desistência de candidato em vaga reservada")
                return f" (art. 4º, § 2º: {desc})"
            return " (art. 4º, § 2º: vaga aberta por desistência)"
        if Situacao.ELIMINADO in mesmas:
            return " (art. 2º, parágrafo único: vaga aberta por eliminação de candidato)"
        return ""

    def preenchimento(self) -> str:
        if self.k == 0:
            return "ainda não há convocações nesta vaga (cadastro de reserva)"
        ativos = self.r.classificacao.ativos
        ultimo = ativos[min(self.a, len(ativos)) - 1].classificacao if self.a and ativos else 0
        ac = f"{self.a} de ampla concorrência"
        partes = [f"{ac} (até o {ultimo}º da classificação)" if ultimo else ac]
        o = self.r.ordem
        for c, t, v in zip(self.categorias, o.t, o.vazias, strict=True):
            if t:
                texto = f"{t} reservada{'s' if t > 1 else ''} a {rotulo_categoria(c)}"
                if v:
                    texto += f" ({_qtd(v, 'revertida', 'revertidas')} à ampla concorrência)"
                partes.append(texto)
        vagas = (
            "a única vaga foi preenchida"
            if self.k == 1
            else (f"as {self.k} vagas foram preenchidas")
        )
        return f"{vagas} por candidatos mais bem classificados: {_lista(partes)}"


def _sufixo_ac(ctx: _Contexto, categorias: frozenset[str], inicial: str) -> str:
    """Complemento da frase de AC para quem também concorre à reserva (art. 4º, § 1º)."""
    chave = (categorias, inicial)
    texto = ctx.sufixos.get(chave)
    if texto is None:
        texto = ""
        if ctx.aplicavel and categorias:
            rotulos = _lista([rotulo_categoria(x) for x in ctx.categorias if x in categorias])
            texto += (
                f" Concorre também às vagas reservadas a {rotulos}, mas, aprovado(a) dentro "
                "das vagas de ampla concorrência, não ocupa vaga reservada (art. 4º, § 1º)."
            )
        if inicial != AC:
            texto += (
                f" Foi chamado(a) primeiro em vaga {_modalidade(inicial)}; com {ctx.a} vagas "
                "de ampla concorrência, passou a contar nelas (art. 4º, § 1º)."
            )
        ctx.sufixos[chave] = texto
    return texto


def _convocado(
    ctx: _Contexto, c: Candidato, i: int, ordem: int, modalidade: str, inicial: str
) -> str:
    """Frase de um convocado; as partes fixas vêm prontas do contexto."""
    cl = c.classificacao
    causa = ctx.causa_entrada(c.inscricao, modalidade) if ctx.hipotese else ""
    if modalidade == AC:
        return (
            f"Convocado(a) na {ordem}ª posição, em vaga de ampla concorrência{causa}: {cl}º "
            f"na classificação, {ctx.dentro_ac}{_sufixo_ac(ctx, c.categorias, inicial)}"
        )
    if modalidade == REVERSAO:
        return (
            f"Convocado(a) na {ordem}ª posição, {ctx.reversao}{causa}: não há "
            f"{ctx.rotulos_vazias} aprovados em número suficiente, e a vaga passa ao próximo "
            f"da classificação ainda não convocado ({cl}º na classificação) (art. 4º, § 3º)."
        )
    n_cat, rotulo, entre = ctx.por_categoria[modalidade]
    rc = ctx.rank_categoria(n_cat, i)
    return (
        f"Convocado(a) na {ordem}ª posição, em vaga reservada a {rotulo}{causa}: {rc}º "
        f"{entre} e {cl}º na classificação geral, {ctx.fora_ac}{ctx.notas.get(modalidade, '')}"
    )


def _nao_convocado(ctx: _Contexto, c: Candidato, i: int, proxima: int | None) -> str:
    posicoes = [f"{c.classificacao}º na classificação da ampla concorrência"]
    if ctx.aplicavel:
        for n, cat in enumerate(ctx.categorias):
            if cat in c.categorias:
                posicoes.append(f"{ctx.rank_categoria(n, i)}º {_entre(cat)}")
    texto = f"Não convocado(a): {_lista(posicoes)}; {ctx.preenchido} (art. 4º, caput)."
    if proxima is not None:
        texto += (
            f" Pela classificação atual, será chamado(a) na {proxima}ª convocação desta "
            "vaga, se surgirem vagas no cadastro de reserva."
        )
    if not ctx.aplicavel and c.categorias:
        texto += " " + ctx.r.aplicacao.motivo
    return texto


def _retirado(ctx: _Contexto, c: Candidato) -> str:
    ocuparia = ctx.hipotese.get(c.inscricao)
    if c.situacao is Situacao.ELIMINADO:
        texto = (
            "Eliminado(a) do processo seletivo por declaração falsa (art. 2º, parágrafo "
            "único): não concorre a nenhuma vaga e, se já tiver sido contratado(a), deve ser "
            "desligado(a) imediatamente."
        )
        if ocuparia is not None:
            texto += (
                f" A vaga {_modalidade(ocuparia)} que ocuparia passa ao próximo candidato "
                "pela mesma regra."
            )
        return texto
    texto = "Desistente: saiu da classificação desta vaga e não é convocado(a)"
    if ocuparia is None:
        return texto + " (art. 4º, § 2º)."
    if ocuparia in ctx.categorias:
        return (
            f"{texto}. Ocupava vaga reservada a {rotulo_categoria(ocuparia)}, que passa "
            f"{_SUCESSOR.get(ocuparia, 'ao próximo elegível da classificação')} "
            "(art. 4º, § 2º)."
        )
    return (
        f"{texto}. Ocupava vaga {_modalidade(ocuparia)}, que passa ao próximo da "
        "classificação (art. 4º, caput e § 2º)."
    )


def _proximas(r: ResultadoVaga) -> dict[int, int]:
    """Em que convocação cada ativo ainda não chamado seria chamado (k > atual)."""
    classif = r.classificacao
    m = len(classif.ativos)
    if m <= len(r.ordem.convocados):
        return {}
    n = max(m, r.ordem.k)
    if r.tabela is not None and r.linha is not None:
        seq = sequencia_linha(r.tabela, r.linha, n)
    else:
        seq = sequencia(r.reservas, n, r.aplicacao.aplicavel, r.explicita)
    motor = _executar(classif, seq, len(seq))
    return {x: n for n, x in enumerate(motor.ordem, 1) if n > len(r.ordem.convocados)}


def explicar(r: ResultadoVaga, *, somente_convocados: bool = False) -> tuple[Explicacao, ...]:
    """Uma frase para cada candidato da vaga (convocados, não convocados,
    desistentes e eliminados), na ordem da classificação; com
    `somente_convocados`, só os convocados, na ordem de convocação.
    """
    with coletor_pausado():
        return _explicar(r, somente_convocados)


def _explicar(r: ResultadoVaga, somente_convocados: bool) -> tuple[Explicacao, ...]:
    ctx = _Contexto(r)
    ativos = r.classificacao.ativos
    convocados = [
        Explicacao(
            conv.inscricao,
            True,
            conv.modalidade,
            _convocado(ctx, ativos[i], i, conv.ordem, conv.modalidade, conv.modalidade_inicial),
        )
        for conv, i in zip(r.ordem.convocados, r.ordem.posicoes, strict=True)
    ]
    if somente_convocados:
        return tuple(convocados)
    por_posicao = dict(zip(r.ordem.posicoes, convocados, strict=True))
    proximas = _proximas(r)
    saida: dict[int, Explicacao] = {}
    for i, c in enumerate(ativos):
        e = por_posicao.get(i)
        if e is None:
            e = Explicacao(c.inscricao, False, None, _nao_convocado(ctx, c, i, proximas.get(i)))
        saida[c.classificacao] = e
    for c in r.classificacao.retirados:
        saida[c.classificacao] = Explicacao(c.inscricao, False, None, _retirado(ctx, c))
    return tuple(saida[n] for n in sorted(saida))
