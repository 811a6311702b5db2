"""Minha situação: o candidato vê a própria inscrição, sem nada de terceiros."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import datetime

from django.urls import reverse

from candidatos.models import Inscricao, SituacaoConvocacao, TipoResultado
from candidatos.selectors.heteroidentificacao import explicacoes_da_inscricao
from candidatos.selectors.publico.resultados import (
    LinhaLista,
    VersaoResumo,
    resultado_publicado,
    versao_vigente,
    versoes_resultado,
)
from candidatos.selectors.situacao_atual import situacao_de_hoje
from candidatos.services.inscricoes import normalizar_codigo
from candidatos.situacao_atual import frase_da_versao
from selecoes.categorias import Categoria
from selecoes.models import CASAS_DECIMAIS_PADRAO, CriterioAvaliacao, Selecao, VagaEstagio
from selecoes.validators import mascarar_cpf, somente_digitos

# --------------------------------------------------------------------------- minha situação

_CPF_FICTICIO = b"00000000000"
_CODIGO_FICTICIO = b"----------------"


def localizar_inscricao(*, numero: str, cpf: str = "", codigo: str = "") -> int | None:
    """Id da inscrição quando número e CPF (ou código de verificação) conferem.

    "Não existe" e "CPF errado" fazem o mesmo trabalho — uma consulta e duas
    comparações em tempo constante — e dão a mesma resposta. O código vale como
    impresso no comprovante (``5GRX-QA4K-72QR``), com espaços ou em minúsculas.
    """
    codigo = normalizar_codigo(codigo)
    registro = (
        Inscricao.objects.filter(numero=numero.strip().upper())
        .values_list("pk", "cpf", "codigo_verificacao")
        .first()
    )
    pk, cpf_real, codigo_real = (
        (registro[0], registro[1].encode(), registro[2].upper().encode())
        if registro
        else (None, _CPF_FICTICIO, _CODIGO_FICTICIO)
    )
    cpf_confere = hmac.compare_digest(somente_digitos(cpf).encode(), cpf_real)
    codigo_confere = hmac.compare_digest(codigo.encode(), codigo_real)
    informou = bool(cpf) or bool(codigo)
    confere = informou and (cpf_confere or not cpf) and (codigo_confere or not codigo)
    return pk if pk is not None and confere else None


@dataclass(frozen=True)
class PosicaoNaVersao:
    versao: VersaoResumo
    vigente: bool
    classificacao: int | None
    nota_final: str
    lista_negros: int | None
    lista_pcd: int | None
    convocacao: int | None
    modalidade: str
    explicacao: str
    url: str
    listas_do_orgao: tuple[tuple[str, int], ...] = ()
    """(título da lista, posição) nas listas das categorias do órgão em que figura."""

    @property
    def preliminar(self) -> bool:
        return self.versao.tipo == TipoResultado.PRELIMINAR


@dataclass(frozen=True)
class ConvocacaoDoCandidato:
    ordem: int
    modalidade: str
    convocada_em: datetime
    prazo_resposta: datetime
    situacao: str
    respondida_em: datetime | None
    aberta: bool
    url: str  # vazio quando a consulta não provou ser o candidato (só número + CPF)


@dataclass(frozen=True)
class SituacaoCandidato:
    numero: str
    nome: str
    cpf_mascarado: str
    selecao: Selecao
    vaga: VagaEstagio
    situacao_inscricao: str
    situacao_atual: str
    concorre: tuple[str, ...]
    posicoes: tuple[PosicaoNaVersao, ...]
    convocacoes: tuple[ConvocacaoDoCandidato, ...]
    substituida_por: str = ""
    modalidade_atual: str = ""
    explicacao_atual: str = ""
    casas_nota: int = CASAS_DECIMAIS_PADRAO
    heteroidentificacao: tuple[str, ...] = ()
    """O resultado final de cada categoria verificada, com o item do edital (regras, § 1)."""


def _posicao(linhas: tuple[LinhaLista, ...], numero: str) -> LinhaLista | None:
    return next((linha for linha in linhas if linha.inscricao == numero), None)


def situacao_do_candidato(
    *, inscricao_id: int, agora: datetime, pelo_codigo: bool = False
) -> SituacaoCandidato:
    """Tudo o que o próprio candidato pode ver: posições, modalidade, frase do motor.

    O link pessoal da convocação (com ele se aceita ou recusa) só aparece com
    ``pelo_codigo``: número de inscrição é público e CPF é dado conhecido, então
    os dois só mostram a situação (issue 16, item 2).
    """
    inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga").get(pk=inscricao_id)
    versoes = versoes_resultado(selecao_id=inscricao.selecao_id, agora=agora)
    vigente = versao_vigente(versoes)
    posicoes = []
    for versao in reversed(versoes):
        vaga = resultado_publicado(versao).vagas.get(inscricao.vaga.codigo)
        if vaga is None:
            continue
        geral = _posicao(vaga.linhas["classificacao"], inscricao.numero)
        convocado = _posicao(vaga.linhas["convocacao"], inscricao.numero)
        negros = _posicao(vaga.linhas[Categoria.NEGROS], inscricao.numero)
        pcd = _posicao(vaga.linhas[Categoria.PCD], inscricao.numero)
        do_orgao = []
        for chave, titulo in vaga.titulos.items():
            if chave in ("classificacao", "convocacao", Categoria.NEGROS, Categoria.PCD):
                continue
            linha = _posicao(vaga.linhas.get(chave, ()), inscricao.numero)
            if linha is not None:
                do_orgao.append((titulo, linha.posicao))
        posicoes.append(
            PosicaoNaVersao(
                versao=versao,
                vigente=versao == vigente,
                classificacao=geral.posicao if geral else None,
                nota_final=geral.nota_final if geral else "",
                lista_negros=negros.posicao if negros else None,
                lista_pcd=pcd.posicao if pcd else None,
                convocacao=convocado.posicao if convocado else None,
                modalidade=convocado.modalidade if convocado else "",
                explicacao=frase_da_versao(
                    vaga.explicacoes.get(inscricao.numero, ""),
                    preliminar=versao.tipo == TipoResultado.PRELIMINAR,
                ),
                listas_do_orgao=tuple(do_orgao),
                url=reverse(
                    "publico:resultado_vaga",
                    args=[inscricao.selecao_id, versao.slug, vaga.codigo, "classificacao"],
                ),
            )
        )
    convocacoes = tuple(
        ConvocacaoDoCandidato(
            ordem=c.ordem,
            modalidade=c.get_modalidade_display(),
            convocada_em=c.convocada_em,
            prazo_resposta=c.prazo_resposta,
            situacao=c.get_situacao_display(),
            respondida_em=c.respondida_em,
            aberta=c.situacao == SituacaoConvocacao.AGUARDANDO and c.prazo_resposta >= agora,
            url=reverse("convocacao_publica:detalhe", args=[c.token]) if pelo_codigo else "",
        )
        for c in inscricao.convocacoes.order_by("convocada_em")
    )
    concorre = ["Ampla concorrência"]
    if inscricao.concorre_negros:
        concorre.append("Vagas reservadas a candidatos negros (Decreto nº 9.427/2018)")
    if inscricao.concorre_pcd:
        concorre.append("Vagas reservadas a pessoas com deficiência")
    substituta = Inscricao.objects.filter(substitui=inscricao).values_list("numero", flat=True)
    hoje = situacao_de_hoje(inscricao, agora=agora)
    return SituacaoCandidato(
        numero=inscricao.numero,
        nome=inscricao.nome_exibicao,
        cpf_mascarado=mascarar_cpf(inscricao.cpf),
        selecao=inscricao.selecao,
        vaga=inscricao.vaga,
        situacao_inscricao=inscricao.get_situacao_display(),
        situacao_atual=hoje.rotulo,
        concorre=tuple(concorre),
        posicoes=tuple(posicoes),
        convocacoes=convocacoes,
        substituida_por=substituta.first() or "",
        modalidade_atual=hoje.modalidade,
        explicacao_atual=hoje.frase,
        casas_nota=CriterioAvaliacao.casas_nota_final(inscricao.selecao_id),
        heteroidentificacao=tuple(e.texto for e in explicacoes_da_inscricao(inscricao.pk)),
    )
