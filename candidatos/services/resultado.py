"""Publicação de resultados: versões numeradas, imutáveis e com hash (docs/resultado.md).

O resultado preliminar abre o prazo de recurso; o final só sai depois dele,
sem recurso pendente. Qualquer mudança posterior (recurso deferido fora do
prazo, decisão judicial, eliminação) é uma nova versão, com o motivo.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any, TypeVar
from uuid import UUID

from django.db import transaction
from django.db.models import JSONField, Value
from django.db.models.functions import Cast
from django.utils import timezone

from candidatos.conteudo_resultado import (
    FORMATO,
    CategoriaPublicada,
    Classificado,
    ConteudoResultado,
    Convocado,
    ForaDoResultado,
    ReservaDoResultado,
    SelecaoDoResultado,
    SorteioPublicado,
    VagaPublicada,
)
from candidatos.models import (
    ResultadoVersao,
    Sorteio,
    TipoResultado,
    VagaDoResultado,
)
from candidatos.services.classificacao import (
    ClassificacaoVaga,
    ParametrosMotor,
    classificar_selecao,
    parametros_motor,
    resolver,
    sorteios_por_vaga,
)
from candidatos.services.regras_publicacao import (
    EmpateNaoResolvido,
    Problema,
    PublicacaoInvalida,
    SemAvaliacao,
    inscricoes_sem_avaliacao,
    problemas_publicacao,
    validar_publicacao,
)
from selecoes import auditoria, eventos
from selecoes.canonico import hash_bytes, serializar
from selecoes.categorias import ORDEM_PADRAO
from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio
from selecoes.reserva import Candidato, EntradaInvalida, Situacao, explicar

ORDEM_LISTAS: tuple[str, ...] = tuple(c.value for c in ORDEM_PADRAO)

Progresso = Callable[[int, int], None]

__all__ = [
    "FORMATO",
    "DiferencaVaga",
    "EmpateNaoResolvido",
    "Mudanca",
    "Problema",
    "PublicacaoInvalida",
    "SemAvaliacao",
    "comparar_vaga",
    "comparar_versoes",
    "inscricoes_sem_avaliacao",
    "montar_conteudo",
    "problemas_publicacao",
    "resultado_publicar",
    "validar_publicacao",
]


def _nota(valor: Decimal) -> str:
    """Três casas, como publicado ("9.250"); o banco já guarda em milésimos."""
    texto = str(valor)
    return texto if valor.as_tuple().exponent == -3 else f"{valor:.3f}"


@lru_cache(maxsize=32)
def _listas(categorias: frozenset[str], ordem: tuple[str, ...] = ORDEM_LISTAS) -> tuple[str, ...]:
    return tuple(x for x in ordem if x in categorias)


def _categorias_publicadas(selecao: Selecao) -> tuple[CategoriaPublicada, ...]:
    """As categorias do órgão do edital, para o título, a base legal e a forma das listas."""
    return tuple(
        CategoriaPublicada(
            codigo=c.categoria,
            nome=c.nome,
            base_legal=c.base_legal,
            percentual=str(c.percentual),
            lista_com_nomes=c.publica_nomes,
        )
        for c in selecao.categorias_orgao.all()
    )


def _local(momento: datetime | None) -> datetime | None:
    return timezone.localtime(momento) if momento else None


def _sorteio_publicado(sorteio: Sorteio) -> SorteioPublicado:
    """Regras, § 5: o sorteio que desempatou, com o anúncio que o precedeu;
    qualquer pessoa o refaz com ``ordem_do_sorteio(semente, empatados)``."""
    anuncio = sorteio.anuncio
    return SorteioPublicado(
        empatados=tuple(anuncio.empatados if anuncio else sorted(sorteio.resultado)),
        semente=sorteio.semente,
        fonte_semente=anuncio.fonte_semente if anuncio else "",
        anunciado_em=_local(anuncio.anunciado_em) if anuncio else None,
        realizar_a_partir_de=_local(anuncio.realizar_a_partir_de) if anuncio else None,
        realizado_em=_local(sorteio.realizado_em),
        resultado=tuple(sorteio.resultado),
    )


def montar_conteudo(
    selecao: Selecao,
    *,
    progresso: Progresso | None = None,
    vagas: Sequence[VagaEstagio] | None = None,
    parametros: ParametrosMotor | None = None,
    classificacoes: Mapping[int, ClassificacaoVaga] | None = None,
) -> ConteudoResultado:
    """Retrato publicável da seleção (sem tipo, número, data e motivo, que
    ``resultado_publicar`` acrescenta). Só dados que o decreto manda publicar.

    Levanta ``EmpateNaoResolvido`` se alguma vaga tem empate; ``PublicacaoInvalida``
    se o motor recusar a entrada (ex.: sequência explícita inconsistente).
    """
    vagas = list(selecao.vagas.all()) if vagas is None else list(vagas)
    parametros = parametros or parametros_motor(selecao, vagas)
    if classificacoes is None:
        classificacoes = classificar_selecao(selecao, vagas=vagas, parametros=parametros)
    empates = [e for c in classificacoes.values() for e in c.empates]
    if empates:
        raise EmpateNaoResolvido(empates)
    total = len(vagas)
    sorteios = sorteios_por_vaga(selecao)
    do_orgao = _categorias_publicadas(selecao)
    ordem = (*ORDEM_LISTAS, *(c.codigo for c in do_orgao))
    saida_vagas = []
    for n, vaga in enumerate(vagas, 1):
        ativos = classificacoes[vaga.pk].ativos
        candidatos = [
            Candidato(c.numero, i, c.categorias, Situacao.ATIVO) for i, c in enumerate(ativos, 1)
        ]
        try:
            resultado = resolver(vaga=vaga, parametros=parametros, candidatos=candidatos)
        except EntradaInvalida as erro:
            raise PublicacaoInvalida(f"Vaga {vaga.codigo}: {erro}") from erro
        frases = {e.inscricao: e.texto for e in explicar(resultado)}
        nomes = {c.numero: c.nome for c in ativos}
        reservadas = dict.fromkeys(ordem, 0) | dict(resultado.reservadas)
        saida_vagas.append(
            VagaPublicada(
                codigo=vaga.codigo,
                area=vaga.area,
                municipio=vaga.municipio,
                uf=vaga.uf,
                ofertadas=vaga.vagas_ofertadas,
                reservadas=reservadas,
                classificacao=tuple(
                    Classificado(
                        posicao=i,
                        inscricao=c.numero,
                        nome=c.nome,
                        nota_final=_nota(c.nota_final),
                        listas=_listas(c.categorias, ordem),
                    )
                    for i, c in enumerate(ativos, 1)
                ),
                listas={
                    categoria: tuple(c.numero for c in ativos if categoria in c.categorias)
                    for categoria in ordem
                },
                convocacao=tuple(
                    Convocado(
                        ordem=c.ordem,
                        inscricao=c.inscricao,
                        nome=nomes[c.inscricao],
                        modalidade=c.modalidade,
                        explicacao=frases[c.inscricao],
                    )
                    for c in resultado.ordem.convocados
                ),
                explicacoes=frases,
                sorteios=tuple(_sorteio_publicado(x) for x in sorteios.get(vaga.pk, [])),
            )
        )
        if progresso:
            progresso(n, total)
    return ConteudoResultado(
        formato=FORMATO,
        selecao=SelecaoDoResultado(
            id=selecao.pk,
            numero_edital=selecao.numero_edital,
            titulo=selecao.titulo,
            orgao=str(selecao.orgao),
        ),
        reserva=ReservaDoResultado(
            aplicavel=parametros.aplicacao.aplicavel,
            motivo=parametros.aplicacao.motivo,
        ),
        vagas=tuple(saida_vagas),
        categorias_orgao=do_orgao,
    )


def resultado_publicar(
    *,
    selecao: Selecao,
    tipo: str,
    usuario: Any,
    motivo: str,
    recurso_inicio: datetime | None = None,
    recurso_fim: datetime | None = None,
    agora: datetime,
    chave: UUID | None = None,
    progresso: Progresso | None = None,
    sem_avaliacao: Mapping[str, str] | None = None,
) -> ResultadoVersao:
    """Publica uma nova versão (1, 2, …) do resultado ``tipo``: conteúdo
    congelado no formato de docs/resultado.md, hash SHA-256, auditoria e
    situação da seleção. Com ``chave``, pedir duas vezes dá a mesma versão.

    Pedidos da mesma seleção são serializados pela trava da linha da seleção,
    e só dela (``of=("self",)``, ``no_key``): nem o órgão fica travado nem as
    inserções que apenas referenciam a seleção (auditoria, inscrições) esperam.
    ``sem_avaliacao``: número de inscrição → motivo de ficar fora, para cada
    inscrição sem nota (registrado na versão).
    """
    if chave is not None:
        existente = ResultadoVersao.objects.filter(chave=chave).first()
        if existente is not None:
            return existente
    agora = agora.replace(microsecond=0)
    with transaction.atomic():
        selecao = (
            Selecao.objects.select_for_update(no_key=True, of=("self",))
            .select_related("orgao")
            .get(pk=selecao.pk)
        )
        if chave is not None:
            existente = ResultadoVersao.objects.filter(chave=chave).first()
            if existente is not None:
                return existente
        anterior = ResultadoVersao.objects.vigente(selecao, tipo)
        numero = anterior.numero + 1 if anterior else 1
        vagas = list(selecao.vagas.all())
        parametros = parametros_motor(selecao, vagas)
        classificacoes = classificar_selecao(selecao, vagas=vagas, parametros=parametros)
        validar_publicacao(
            selecao=selecao,
            tipo=tipo,
            motivo=motivo,
            recurso_inicio=recurso_inicio,
            recurso_fim=recurso_fim,
            agora=agora,
            sem_avaliacao=sem_avaliacao,
            empates=[e for c in classificacoes.values() for e in c.empates],
        )
        fora = tuple(
            ForaDoResultado(inscricao=p.numero, motivo=(sem_avaliacao or {})[p.numero].strip())
            for p in inscricoes_sem_avaliacao(selecao)
        )
        retrato = montar_conteudo(
            selecao,
            progresso=progresso,
            vagas=vagas,
            parametros=parametros,
            classificacoes=classificacoes,
        )
        conteudo = replace(
            retrato,
            tipo=str(tipo),
            numero=numero,
            publicado_em=timezone.localtime(agora),
            motivo=motivo.strip(),
            sem_avaliacao=fora,
        ).to_json()
        canonico = serializar(conteudo)
        versao = ResultadoVersao.objects.create(
            selecao=selecao,
            tipo=tipo,
            numero=numero,
            publicado_em=agora,
            publicado_por=usuario if getattr(usuario, "is_authenticated", False) else None,
            motivo=motivo.strip(),
            recurso_inicio=recurso_inicio,
            recurso_fim=recurso_fim,
            # Serializado uma vez só: os mesmos bytes dão o hash e vão ao banco.
            conteudo=Cast(Value(canonico.decode("utf-8")), output_field=JSONField()),
            hash_conteudo=hash_bytes(canonico),
            chave=chave,
        )
        versao.conteudo = conteudo
        VagaDoResultado.objects.bulk_create(
            VagaDoResultado(versao=versao, vaga_id=pk, codigo=codigo)
            for pk, codigo in selecao.vagas.values_list("pk", "codigo")
        )
        nova_situacao = (
            SituacaoSelecao.RESULTADO_FINAL
            if tipo == TipoResultado.FINAL
            else SituacaoSelecao.RESULTADO_PRELIMINAR
        )
        situacao_antes = selecao.situacao
        if tipo == TipoResultado.FINAL or situacao_antes != SituacaoSelecao.RESULTADO_FINAL:
            Selecao.objects.filter(pk=selecao.pk).update(situacao=nova_situacao)
        auditoria.registrar(
            acao=f"resultado.{tipo}.publicado",
            objeto=versao,
            descricao=f"{versao.get_tipo_display()}, versão {numero}, publicado",
            usuario=usuario,
            selecao=selecao,
            antes={
                "situacao_selecao": situacao_antes,
                "versao_anterior": anterior.numero if anterior else None,
            },
            depois={
                "versao": numero,
                "hash": versao.hash_conteudo,
                "sem_avaliacao": [f.inscricao for f in fora],
            },
            motivo=motivo.strip(),
        )
        eventos.emitir(eventos.Evento.RESULTADO_PUBLICADO, versao_id=versao.pk)
    return versao


# ---------------------------------------------------------------------------
# Comparação de versões
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Mudanca:
    inscricao: str
    nome: str
    antes: str
    depois: str


@dataclass(frozen=True)
class DiferencaVaga:
    codigo: str
    entraram: tuple[Mudanca, ...] = ()
    sairam: tuple[Mudanca, ...] = ()
    posicao: tuple[Mudanca, ...] = ()
    nota: tuple[Mudanca, ...] = ()
    convocacao: tuple[Mudanca, ...] = ()
    reservadas: tuple[str, str] | None = None
    extras: tuple[str, ...] = field(default=())

    @property
    def vazia(self) -> bool:
        return not (
            self.entraram
            or self.sairam
            or self.posicao
            or self.nota
            or self.convocacao
            or self.reservadas
            or self.extras
        )


_Item = TypeVar("_Item", Classificado, Convocado)


def _por_inscricao(itens: tuple[_Item, ...]) -> dict[str, _Item]:
    return {i.inscricao: i for i in itens}


def _convocacao_texto(item: Convocado | None) -> str:
    if item is None:
        return "não convocado(a)"
    return f"{item.ordem}ª convocação, {item.modalidade}"


def comparar_vaga(
    antes: VagaPublicada | None, depois: VagaPublicada | None, codigo: str = ""
) -> DiferencaVaga:
    """O que mudou numa vaga entre duas versões (``None``: a vaga não está na versão)."""
    a = _por_inscricao(antes.classificacao) if antes else {}
    d = _por_inscricao(depois.classificacao) if depois else {}
    ca = _por_inscricao(antes.convocacao) if antes else {}
    cd = _por_inscricao(depois.convocacao) if depois else {}

    def mudanca(numero: str, x: str, y: str) -> Mudanca:
        item = d.get(numero) or a.get(numero)
        return Mudanca(numero, item.nome if item else "", x, y)

    entraram = tuple(mudanca(n, "—", f"{d[n].posicao}º") for n in d if n not in a)
    sairam = tuple(mudanca(n, f"{a[n].posicao}º", "—") for n in a if n not in d)
    comuns = [n for n in d if n in a]
    posicao = tuple(
        mudanca(n, f"{a[n].posicao}º", f"{d[n].posicao}º")
        for n in comuns
        if a[n].posicao != d[n].posicao
    )
    nota = tuple(
        mudanca(n, a[n].nota_final, d[n].nota_final)
        for n in comuns
        if a[n].nota_final != d[n].nota_final
    )
    convocacao = tuple(
        mudanca(n, _convocacao_texto(ca.get(n)), _convocacao_texto(cd.get(n)))
        for n in dict.fromkeys([*ca, *cd])
        if _convocacao_texto(ca.get(n)) != _convocacao_texto(cd.get(n))
    )
    ra = dict(antes.reservadas) if antes else None
    rd = dict(depois.reservadas) if depois else None
    reservadas = (json.dumps(ra), json.dumps(rd)) if ra != rd else None
    extras = tuple(
        f"{campo}: {_campo(antes, campo)} → {_campo(depois, campo)}"
        for campo in ("ofertadas", "area", "municipio", "uf")
        if _campo(antes, campo) != _campo(depois, campo)
    )
    return DiferencaVaga(
        codigo=(depois.codigo if depois else "") or (antes.codigo if antes else "") or codigo,
        entraram=entraram,
        sairam=sairam,
        posicao=posicao,
        nota=nota,
        convocacao=convocacao,
        reservadas=reservadas,
        extras=extras,
    )


def _campo(vaga: VagaPublicada | None, campo: str) -> Any:
    return getattr(vaga, campo) if vaga else None


def comparar_versoes(antes: ConteudoResultado, depois: ConteudoResultado) -> list[DiferencaVaga]:
    """Diferenças por vaga entre dois conteúdos publicados (ordem da versão nova)."""
    va = {v.codigo: v for v in antes.vagas}
    vd = {v.codigo: v for v in depois.vagas}
    codigos = list(dict.fromkeys([*vd, *va]))
    return [comparar_vaga(va.get(c), vd.get(c), c) for c in codigos]
