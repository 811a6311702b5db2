"""Leituras da classificação e da convocação de uma vaga (tudo vem do motor).

``estado_vaga(vaga)`` é a porta de entrada para páginas do RH e páginas
públicas: classificação geral, listas de negros e de PcD, ordem de convocação
com a modalidade e a frase do motor, convocações vivas e quem chamar agora.

Fonte da classificação: depois do resultado final, a versão final mais recente
(o que foi publicado, com a situação viva de cada inscrição: desistências e
eliminações posteriores); antes dele, uma prévia calculada das avaliações.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from candidatos.conteudo_resultado import ConteudoResultado, VagaPublicada
from candidatos.models import (
    Convocacao,
    Inscricao,
    Modalidade,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    TipoResultado,
    VagaDoResultado,
)
from candidatos.services.classificacao import (
    ClassificacaoVaga,
    Empate,
    ParametrosMotor,
    classificar_selecao,
    parametros_motor,
    resolver,
    situacao_motor,
)
from selecoes.categorias import Categoria
from selecoes.models import Selecao, VagaEstagio
from selecoes.reserva import (
    Aplicabilidade,
    Candidato,
    EntradaInvalida,
    ResultadoVaga,
    explicar,
)
from selecoes.vocabulario import ordenar

ROTULOS_MODALIDADE = dict(Modalidade.choices)
OCUPAM_VAGA = [s.value for s in SituacaoConvocacao if s.ocupa_vaga]


def rotulo_modalidade(modalidade: str | None) -> str:
    return ROTULOS_MODALIDADE.get(modalidade or "", modalidade or "")


@dataclass(frozen=True)
class LinhaClassificacao:
    """Um classificado da vaga, com a frase do motor."""

    posicao: int
    numero: str
    nome: str
    nota_final: str
    listas: tuple[str, ...]
    situacao: str
    explicacao: str = ""
    modalidade: str | None = None
    inscricao_id: int | None = None

    @property
    def situacao_rotulo(self) -> str:
        return SituacaoInscricao(self.situacao).label

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_modalidade(self.modalidade)


@dataclass(frozen=True)
class ItemOrdem:
    """Uma posição da ordem de convocação do motor com k convocações."""

    ordem: int
    numero: str
    nome: str
    posicao: int
    modalidade: str
    modalidade_inicial: str
    explicacao: str
    inscricao_id: int | None
    convocacao: Convocacao | None = None

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_modalidade(self.modalidade)


@dataclass(frozen=True)
class EstadoVaga:
    """Tudo o que a página de uma vaga mostra; nada aqui é calculado fora do motor."""

    vaga: VagaEstagio
    fonte: str
    """``"resultado_final"`` (versão publicada) ou ``"previa"`` (antes do final)."""
    versao: ResultadoVersao | None
    aplicacao: Aplicabilidade | None
    k: int
    sequencia: tuple[str, ...] = ()
    reservadas: dict[str, int] = field(default_factory=dict)
    classificacao: tuple[LinhaClassificacao, ...] = ()
    ordem: tuple[ItemOrdem, ...] = ()
    convocacoes: tuple[Convocacao, ...] = ()
    a_convocar: tuple[ItemOrdem, ...] = ()
    divergentes: tuple[Convocacao, ...] = ()
    eliminados: tuple[LinhaClassificacao, ...] = ()
    """Fora de toda lista (art. 2º, parágrafo único); só para o processo e o histórico."""
    empates: tuple[Empate, ...] = ()
    erro: str = ""
    desatualizada: bool = False
    resultado: ResultadoVaga | None = None

    @property
    def lista_negros(self) -> tuple[LinhaClassificacao, ...]:
        """Art. 4º, caput: aprovados que concorrem às vagas reservadas a negros."""
        return tuple(c for c in self.classificacao if Categoria.NEGROS in c.listas)

    @property
    def lista_pcd(self) -> tuple[LinhaClassificacao, ...]:
        return tuple(c for c in self.classificacao if Categoria.PCD in c.listas)

    def lista(self, categoria: str) -> tuple[LinhaClassificacao, ...]:
        """Aprovados que concorrem às vagas da categoria (também as do órgão)."""
        return tuple(c for c in self.classificacao if categoria in c.listas)

    @property
    def convocacoes_vivas(self) -> tuple[Convocacao, ...]:
        """Convocações que ocupam vaga: aguardando resposta, aceitas e contratações."""
        return tuple(c for c in self.convocacoes if c.situacao in OCUPAM_VAGA)

    @property
    def vagas_ocupadas(self) -> int:
        return len(self.convocacoes_vivas)

    @property
    def pode_convocar(self) -> bool:
        return self.fonte == "resultado_final" and not self.erro and bool(self.a_convocar)

    @property
    def sequencia_rotulada(self) -> list[tuple[int, str]]:
        return [(i, rotulo_modalidade(m)) for i, m in enumerate(self.sequencia, 1)]


def _linhas_da_versao(
    conteudo_vaga: VagaPublicada, situacoes: dict[str, tuple[int, str]]
) -> list[LinhaClassificacao]:
    linhas = []
    for item in conteudo_vaga.classificacao:
        inscricao_id, situacao = situacoes.get(item.inscricao, (None, SituacaoInscricao.ATIVA))
        linhas.append(
            LinhaClassificacao(
                posicao=item.posicao,
                numero=item.inscricao,
                nome=item.nome,
                nota_final=item.nota_final,
                listas=item.listas,
                situacao=situacao,
                inscricao_id=inscricao_id,
            )
        )
    return linhas


def _linhas_da_previa(classif: ClassificacaoVaga) -> list[LinhaClassificacao]:
    return [
        LinhaClassificacao(
            posicao=i,
            numero=c.numero,
            nome=c.nome,
            nota_final=f"{c.nota_final:.3f}",
            listas=ordenar(c.categorias),
            situacao=c.situacao,
            inscricao_id=c.inscricao_id,
        )
        for i, c in enumerate(classif.ordenados, 1)
    ]


def codigo_na_versao(versao_id: int, vaga_id: int) -> str | None:
    """O código com que a vaga foi publicada nessa versão, pelo id permanente
    (o código de hoje pode ser outro; art. 4º: cada vaga tem a sua classificação)."""
    return (
        VagaDoResultado.objects.filter(versao_id=versao_id, vaga_id=vaga_id)
        .values_list("codigo", flat=True)
        .first()
    )


def _conteudo_da_vaga(versao: ResultadoVersao, vaga: VagaEstagio) -> VagaPublicada:
    """A vaga na versão, pelo vínculo permanente; vazia se a versão não a tem."""
    codigo = codigo_na_versao(versao.pk, vaga.pk)
    publicada = None
    if codigo is not None:
        publicada = ConteudoResultado.vaga_do_json(versao.conteudo, codigo)
    return publicada or VagaPublicada(codigo=codigo or "")


def estado_vaga(
    vaga: VagaEstagio,
    *,
    parametros: ParametrosMotor | None = None,
    previa: bool = False,
) -> EstadoVaga:
    """Estado completo de uma vaga: da versão final mais recente ou, se não há
    (ou com ``previa=True``), das avaliações atuais.
    """
    selecao: Selecao = vaga.selecao
    parametros = parametros or parametros_motor(selecao)
    versao = None if previa else ResultadoVersao.objects.vigente(selecao, TipoResultado.FINAL)
    convocacoes = tuple(
        Convocacao.objects.filter(vaga=vaga).select_related("inscricao").order_by("ordem")
    )
    base: dict[str, Any] = {
        "vaga": vaga,
        "versao": versao,
        "aplicacao": parametros.aplicacao,
        "k": vaga.vagas_a_preencher,
        "convocacoes": convocacoes,
    }
    atual = classificar_selecao(selecao, vagas=[vaga], parametros=parametros)[vaga.pk]
    if versao is not None:
        conteudo_vaga = _conteudo_da_vaga(versao, vaga)
        numeros = [c.inscricao for c in conteudo_vaga.classificacao]
        # Só inscrições desta vaga: um número de outra vaga nunca é convocado aqui.
        situacoes = {
            numero: (pk, situacao)
            for pk, numero, situacao in Inscricao.objects.filter(
                vaga=vaga, numero__in=numeros
            ).values_list("pk", "numero", "situacao")
        }
        linhas = _linhas_da_versao(conteudo_vaga, situacoes)
        fonte = "resultado_final"
        publicados_ativos = [
            linha.numero for linha in linhas if linha.situacao == SituacaoInscricao.ATIVA
        ]
        desatualizada = publicados_ativos != [c.numero for c in atual.ativos]
        empates: tuple[Empate, ...] = ()
    else:
        linhas = _linhas_da_previa(atual)
        fonte = "previa"
        desatualizada = False
        empates = atual.empates
    base |= {"fonte": fonte, "desatualizada": desatualizada, "empates": empates}
    if empates:
        return EstadoVaga(
            **base,
            classificacao=_sem_eliminados(linhas),
            erro=" ".join(e.mensagem for e in empates),
        )
    candidatos = [
        Candidato(
            linha.numero,
            linha.posicao,
            frozenset(linha.listas) & parametros.categorias,
            situacao_motor(linha.situacao),
        )
        for linha in linhas
    ]
    try:
        resultado = resolver(vaga=vaga, parametros=parametros, candidatos=candidatos)
    except EntradaInvalida as erro:
        return EstadoVaga(**base, classificacao=_sem_eliminados(linhas), erro=str(erro))
    return _montar(base, linhas, resultado, convocacoes)


def _sem_eliminados(linhas: Sequence[LinhaClassificacao]) -> tuple[LinhaClassificacao, ...]:
    """Art. 2º, parágrafo único (regras, § 4): o eliminado sai de toda lista — a
    classificação geral e as listas de negros e de PcD, que dela derivam. O motor
    continua recebendo-o (como eliminado), para recalcular com o mesmo k."""
    return tuple(linha for linha in linhas if linha.situacao != SituacaoInscricao.ELIMINADA)


def _montar(
    base: dict[str, Any],
    linhas: Sequence[LinhaClassificacao],
    resultado: ResultadoVaga,
    convocacoes: Sequence[Convocacao],
) -> EstadoVaga:
    explicacoes = {e.inscricao: e for e in explicar(resultado)}
    por_numero = {linha.numero: linha for linha in linhas}
    convocacao_de = {c.inscricao.numero: c for c in convocacoes}
    linhas_finais = tuple(
        LinhaClassificacao(
            posicao=linha.posicao,
            numero=linha.numero,
            nome=linha.nome,
            nota_final=linha.nota_final,
            listas=linha.listas,
            situacao=linha.situacao,
            explicacao=explicacoes[linha.numero].texto if linha.numero in explicacoes else "",
            modalidade=explicacoes[linha.numero].modalidade
            if linha.numero in explicacoes
            else None,
            inscricao_id=linha.inscricao_id,
        )
        for linha in linhas
    )
    ordem = tuple(
        ItemOrdem(
            ordem=c.ordem,
            numero=c.inscricao,
            nome=por_numero[c.inscricao].nome,
            posicao=por_numero[c.inscricao].posicao,
            modalidade=c.modalidade,
            modalidade_inicial=c.modalidade_inicial,
            explicacao=explicacoes[c.inscricao].texto,
            inscricao_id=por_numero[c.inscricao].inscricao_id,
            convocacao=convocacao_de.get(c.inscricao),
        )
        for c in resultado.ordem.convocados
    )
    alocados = {item.numero for item in ordem}
    return EstadoVaga(
        **base,
        sequencia=resultado.sequencia,
        reservadas=dict(resultado.reservadas),
        classificacao=_sem_eliminados(linhas_finais),
        eliminados=tuple(
            linha for linha in linhas_finais if linha.situacao == SituacaoInscricao.ELIMINADA
        ),
        ordem=ordem,
        a_convocar=tuple(item for item in ordem if item.convocacao is None),
        divergentes=tuple(
            c
            for c in convocacoes
            if c.situacao in OCUPAM_VAGA and c.inscricao.numero not in alocados
        ),
        resultado=resultado,
    )


def modalidades_atuais(convocacoes: Iterable[tuple[int, int, str]]) -> dict[int, str]:
    """Id da convocação → modalidade atual, a que relatórios e indicadores contam
    (art. 4º, § 1º; regras, § 4: "o histórico guarda a modalidade da chamada, os
    relatórios usam a atual").

    ``convocacoes``: ``(id, vaga_id, modalidade registrada na chamada)``. A atual é
    a do motor com o k de hoje: o candidato negro chamado numa vaga reservada e
    depois alcançado pela ampla concorrência conta como AC. Quem já saiu da ordem
    (desistiu, foi eliminado) fica com a modalidade da chamada. Chamada em AC
    continua AC (as vagas de AC só crescem com k e quem está entre os primeiros
    ``a`` da lista é sempre AC, regras § 6), então só as vagas com alguma chamada
    de outra modalidade passam pelo motor.
    """
    linhas = list(convocacoes)
    atuais = {pk: modalidade for pk, _vaga, modalidade in linhas}
    vagas = sorted({vaga for _pk, vaga, modalidade in linhas if modalidade != Modalidade.AC})
    for vaga in VagaEstagio.objects.filter(pk__in=vagas).select_related("selecao__orgao"):
        estado = estado_vaga(vaga)
        if estado.fonte != "resultado_final":
            continue
        for item in estado.ordem:
            if item.convocacao is not None and item.convocacao.pk in atuais:
                atuais[item.convocacao.pk] = item.modalidade
    return atuais


# secrets.token_urlsafe: letras, dígitos, "-" e "_" (e nada de NUL, que o PostgreSQL recusa).
TOKEN_VALIDO = re.compile(r"[A-Za-z0-9_-]{1,64}")


def convocacao_por_token(token: str) -> Convocacao | None:
    """A convocação do link enviado ao candidato (página dedicada)."""
    if not TOKEN_VALIDO.fullmatch(token):
        return None
    return (
        Convocacao.objects.select_related("inscricao", "vaga", "vaga__selecao__orgao")
        .filter(token=token)
        .first()
    )
