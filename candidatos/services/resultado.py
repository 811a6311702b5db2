"""Publicação de resultados: versões numeradas, imutáveis e com hash (docs/resultado.md).

O resultado preliminar abre o prazo de recurso; o final só sai depois dele,
sem recurso pendente. Qualquer mudança posterior (recurso deferido fora do
prazo, decisão judicial, eliminação) é uma nova versão, com o motivo.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any
from uuid import UUID

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import JSONField, Q, Value
from django.db.models.functions import Cast
from django.utils import timezone

from candidatos.models import (
    Inscricao,
    Recurso,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoInscricao,
    SituacaoRecurso,
    Sorteio,
    TipoResultado,
)
from candidatos.services.classificacao import (
    ClassificacaoVaga,
    Empate,
    ParametrosMotor,
    classificar_selecao,
    parametros_motor,
    resolver,
    sorteios_por_vaga,
)
from selecoes import auditoria
from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio
from selecoes.reserva import Candidato, EntradaInvalida, Situacao, explicar

FORMATO = 2
ORDEM_LISTAS = ("negros", "pcd")

Progresso = Callable[[int, int], None]


class PublicacaoInvalida(ValidationError):
    """A publicação não pode ser feita agora; a mensagem diz por quê, em português."""


class EmpateNaoResolvido(PublicacaoInvalida):
    """Regras, § 5: a classificação precisa ser estrita para publicar."""

    def __init__(self, empates: list[Empate]) -> None:
        self.empates = empates
        super().__init__([e.mensagem for e in empates])


def serializar(conteudo: dict[str, Any]) -> bytes:
    """Forma canônica do conteúdo, a que o hash cobre (docs/resultado.md)."""
    return json.dumps(conteudo, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode(
        "utf-8"
    )


def hash_conteudo(conteudo: dict[str, Any]) -> str:
    return hashlib.sha256(serializar(conteudo)).hexdigest()


def _nota(valor: Decimal) -> str:
    """Três casas, como publicado ("9.250"); o banco já guarda em milésimos."""
    texto = str(valor)
    return texto if valor.as_tuple().exponent == -3 else f"{valor:.3f}"


@lru_cache(maxsize=8)
def _listas(categorias: frozenset[str]) -> list[str]:
    return [x for x in ORDEM_LISTAS if x in categorias]


def _iso(momento: datetime | None) -> str | None:
    return timezone.localtime(momento).isoformat() if momento else None


def _sorteio_publicado(sorteio: Sorteio) -> dict[str, Any]:
    """Regras, § 5: o sorteio que desempatou, com o anúncio que o precedeu;
    qualquer pessoa o refaz com ``ordem_do_sorteio(semente, empatados)``."""
    anuncio = sorteio.anuncio
    return {
        "empatados": anuncio.empatados if anuncio else sorted(sorteio.resultado),
        "semente": sorteio.semente,
        "fonte_semente": anuncio.fonte_semente if anuncio else "",
        "anunciado_em": _iso(anuncio.anunciado_em) if anuncio else None,
        "realizar_a_partir_de": _iso(anuncio.realizar_a_partir_de) if anuncio else None,
        "realizado_em": _iso(sorteio.realizado_em),
        "resultado": list(sorteio.resultado),
    }


def montar_conteudo(
    selecao: Selecao,
    *,
    progresso: Progresso | None = None,
    vagas: Sequence[VagaEstagio] | None = None,
    parametros: ParametrosMotor | None = None,
    classificacoes: Mapping[int, ClassificacaoVaga] | None = None,
) -> dict[str, Any]:
    """Retrato publicável da seleção (sem tipo, número, data e motivo, que
    ``publicar_resultado`` acrescenta). Só dados que o decreto manda publicar.

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
        reservadas = dict.fromkeys(ORDEM_LISTAS, 0) | dict(resultado.reservadas)
        saida_vagas.append(
            {
                "codigo": vaga.codigo,
                "area": vaga.area,
                "municipio": vaga.municipio,
                "uf": vaga.uf,
                "ofertadas": vaga.vagas_ofertadas,
                "reservadas": reservadas,
                "classificacao": [
                    {
                        "posicao": i,
                        "inscricao": c.numero,
                        "nome": c.nome,
                        "nota_final": _nota(c.nota_final),
                        "listas": _listas(c.categorias),
                    }
                    for i, c in enumerate(ativos, 1)
                ],
                "lista_negros": [c.numero for c in ativos if "negros" in c.categorias],
                "lista_pcd": [c.numero for c in ativos if "pcd" in c.categorias],
                "convocacao": [
                    {
                        "ordem": c.ordem,
                        "inscricao": c.inscricao,
                        "nome": nomes[c.inscricao],
                        "modalidade": c.modalidade,
                        "explicacao": frases[c.inscricao],
                    }
                    for c in resultado.ordem.convocados
                ],
                "explicacoes": frases,
                "sorteios": [_sorteio_publicado(x) for x in sorteios.get(vaga.pk, [])],
            }
        )
        if progresso:
            progresso(n, total)
    return {
        "formato": FORMATO,
        "selecao": {
            "id": selecao.pk,
            "numero_edital": selecao.numero_edital,
            "titulo": selecao.titulo,
            "orgao": str(selecao.orgao),
        },
        "reserva": {
            "aplicavel": parametros.aplicacao.aplicavel,
            "motivo": parametros.aplicacao.motivo,
        },
        "vagas": saida_vagas,
    }


@dataclass(frozen=True)
class Problema:
    """Uma regra de publicação violada; ``campo`` é o do formulário (ou ``None``)."""

    campo: str | None
    mensagem: str


@dataclass(frozen=True)
class SemAvaliacao:
    """Inscrição que concorre mas não tem nota final (avaliação pendente)."""

    inscricao_id: int
    numero: str
    nome: str

    @property
    def campo(self) -> str:
        return f"pendente_{self.inscricao_id}"


def inscricoes_sem_avaliacao(selecao: Selecao) -> list[SemAvaliacao]:
    """Inscrições vigentes e ativas sem avaliação, pendentes ou aprovadas sem nota
    final: sem um motivo explícito, sumiriam do resultado sem uma palavra."""
    sem_nota = (
        Q(avaliacao__isnull=True)
        | Q(avaliacao__situacao=SituacaoAvaliacao.PENDENTE)
        | Q(avaliacao__situacao=SituacaoAvaliacao.APROVADO, avaliacao__nota_final__isnull=True)
    )
    linhas = (
        Inscricao.objects.vigentes()
        .filter(sem_nota, selecao=selecao, situacao=SituacaoInscricao.ATIVA)
        .order_by("numero")
        .values_list("pk", "numero", "nome_social", "nome_civil")
    )
    return [SemAvaliacao(pk, numero, social or civil) for pk, numero, social, civil in linhas]


def _local(momento: datetime) -> str:
    return f"{timezone.localtime(momento):%d/%m/%Y às %H:%M}"


def _problemas_prazo_recurso(
    *,
    anterior: ResultadoVersao | None,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    agora: datetime,
) -> list[Problema]:
    """Prazo de recurso do preliminar; aberto, só se prorroga (nunca se encurta)."""
    problemas = []
    if recurso_inicio is None:
        problemas.append(Problema("recurso_inicio", "Informe o início do prazo de recurso."))
    if recurso_fim is None:
        problemas.append(Problema("recurso_fim", "Informe o fim do prazo de recurso."))
    if recurso_inicio is None or recurso_fim is None:
        return problemas
    if recurso_fim <= recurso_inicio:
        return [Problema("recurso_fim", "O fim do prazo deve ser depois do início.")]
    if anterior is None or anterior.recurso_inicio is None or anterior.recurso_fim is None:
        return []
    if not anterior.recurso_inicio <= agora < anterior.recurso_fim:
        return []
    if recurso_inicio > agora:
        problemas.append(
            Problema(
                "recurso_inicio",
                "O prazo de recurso já está aberto: o início não pode ser adiado para depois "
                "de agora (o prazo ficaria fechado no meio).",
            )
        )
    if recurso_fim < anterior.recurso_fim:
        problemas.append(
            Problema(
                "recurso_fim",
                f"O prazo de recurso já está aberto e termina em {_local(anterior.recurso_fim)}: "
                "pode ser prorrogado, nunca encurtado. Informe um fim igual ou posterior.",
            )
        )
    return problemas


def problemas_publicacao(
    *,
    selecao: Selecao,
    tipo: str,
    motivo: str,
    recurso_inicio: datetime | None,
    recurso_fim: datetime | None,
    agora: datetime,
    sem_avaliacao: Mapping[str, str] | None = None,
    empates: Sequence[Empate] | None = None,
) -> list[Problema]:
    """Todas as regras de publicação, numa fonte só: o formulário as confere
    antes de enfileirar e o serviço, de novo, sob a trava da seleção.

    - inscrições encerradas (ninguém inscrito a tempo fica fora do resultado);
    - nova versão com motivo; preliminar com prazo de recurso que, aberto, só se
      prorroga; final depois do prazo e sem recurso pendente;
    - todo candidato sem avaliação nomeado, com motivo explícito;
    - classificação estrita (regras, § 5).
    """
    if tipo not in TipoResultado.values:
        return [Problema("tipo", f"Tipo de resultado desconhecido: {tipo}.")]
    problemas: list[Problema] = []
    if agora <= selecao.inscricoes_fim:
        problemas.append(
            Problema(
                None,
                f"As inscrições só terminam em {_local(selecao.inscricoes_fim)}: o resultado só "
                "pode ser publicado depois do fim das inscrições.",
            )
        )
    anterior = ResultadoVersao.objects.vigente(selecao, tipo)
    if anterior is not None and not motivo.strip():
        problemas.append(
            Problema(
                "motivo",
                "Motivo: informe por que esta nova versão substitui a anterior "
                "(ex.: recurso deferido, decisão judicial).",
            )
        )
    if tipo == TipoResultado.PRELIMINAR:
        problemas += _problemas_prazo_recurso(
            anterior=anterior, recurso_inicio=recurso_inicio, recurso_fim=recurso_fim, agora=agora
        )
    else:
        problemas += _problemas_final(selecao=selecao, primeira=anterior is None, agora=agora)
    justificativas = sem_avaliacao or {}
    for p in inscricoes_sem_avaliacao(selecao):
        if not justificativas.get(p.numero, "").strip():
            problemas.append(
                Problema(
                    p.campo,
                    f"{p.numero} ({p.nome}) está sem avaliação: registre a nota na grade ou "
                    "informe o motivo de ficar fora do resultado.",
                )
            )
    if empates is None:
        empates = [e for c in classificar_selecao(selecao).values() for e in c.empates]
    problemas += [Problema(None, e.mensagem) for e in empates]
    return problemas


def _problemas_final(*, selecao: Selecao, primeira: bool, agora: datetime) -> list[Problema]:
    preliminar = ResultadoVersao.objects.vigente(selecao, TipoResultado.PRELIMINAR)
    if preliminar is None:
        return [Problema(None, "Publique primeiro o resultado preliminar, com o prazo de recurso.")]
    problemas = []
    if primeira and preliminar.recurso_fim and agora < preliminar.recurso_fim:
        problemas.append(
            Problema(
                None,
                "O prazo de recurso do resultado preliminar só termina em "
                f"{_local(preliminar.recurso_fim)}.",
            )
        )
    pendentes = Recurso.objects.filter(selecao=selecao, situacao=SituacaoRecurso.PENDENTE)
    if pendentes.exists():
        numeros = ", ".join(pendentes.values_list("inscricao__numero", flat=True)[:10])
        problemas.append(
            Problema(
                None,
                f"Há recursos pendentes de decisão (inscrições {numeros}); decida-os antes do "
                "resultado final.",
            )
        )
    return problemas


def validar_publicacao(**argumentos: Any) -> None:
    """``problemas_publicacao`` como exceção: ``EmpateNaoResolvido`` se só os
    empates impedem; ``PublicacaoInvalida`` com todas as mensagens, senão."""
    empates = argumentos.get("empates")
    problemas = problemas_publicacao(**argumentos)
    if not problemas:
        return
    mensagens_empate = {e.mensagem for e in empates or []}
    if empates and all(p.mensagem in mensagens_empate for p in problemas):
        raise EmpateNaoResolvido(list(empates))
    raise PublicacaoInvalida([p.mensagem for p in problemas])


def publicar_resultado(
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
        fora = [
            {"inscricao": p.numero, "motivo": (sem_avaliacao or {})[p.numero].strip()}
            for p in inscricoes_sem_avaliacao(selecao)
        ]
        conteudo = montar_conteudo(
            selecao,
            progresso=progresso,
            vagas=vagas,
            parametros=parametros,
            classificacoes=classificacoes,
        )
        conteudo |= {
            "tipo": tipo,
            "numero": numero,
            "publicado_em": timezone.localtime(agora).isoformat(),
            "motivo": motivo.strip(),
            "sem_avaliacao": fora,
        }
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
            hash_conteudo=hashlib.sha256(canonico).hexdigest(),
            chave=chave,
        )
        versao.conteudo = conteudo
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
                "sem_avaliacao": [f["inscricao"] for f in fora],
            },
            motivo=motivo.strip(),
        )
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


def _por_inscricao(itens: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {i["inscricao"]: i for i in itens}


def _convocacao_texto(item: dict[str, Any] | None) -> str:
    if item is None:
        return "não convocado(a)"
    return f"{item['ordem']}ª convocação, {item['modalidade']}"


def comparar_vaga(antes: dict[str, Any], depois: dict[str, Any]) -> DiferencaVaga:
    """O que mudou numa vaga entre duas versões (ambas no formato publicado)."""
    a = _por_inscricao(antes.get("classificacao", []))
    d = _por_inscricao(depois.get("classificacao", []))
    ca = _por_inscricao(antes.get("convocacao", []))
    cd = _por_inscricao(depois.get("convocacao", []))

    def mudanca(numero: str, x: str, y: str) -> Mudanca:
        nome = (d.get(numero) or a.get(numero) or {}).get("nome", "")
        return Mudanca(numero, nome, x, y)

    entraram = tuple(mudanca(n, "—", f"{d[n]['posicao']}º") for n in d if n not in a)
    sairam = tuple(mudanca(n, f"{a[n]['posicao']}º", "—") for n in a if n not in d)
    comuns = [n for n in d if n in a]
    posicao = tuple(
        mudanca(n, f"{a[n]['posicao']}º", f"{d[n]['posicao']}º")
        for n in comuns
        if a[n]["posicao"] != d[n]["posicao"]
    )
    nota = tuple(
        mudanca(n, a[n]["nota_final"], d[n]["nota_final"])
        for n in comuns
        if a[n]["nota_final"] != d[n]["nota_final"]
    )
    convocacao = tuple(
        mudanca(n, _convocacao_texto(ca.get(n)), _convocacao_texto(cd.get(n)))
        for n in dict.fromkeys([*ca, *cd])
        if _convocacao_texto(ca.get(n)) != _convocacao_texto(cd.get(n))
    )
    ra, rd = antes.get("reservadas"), depois.get("reservadas")
    reservadas = (json.dumps(ra), json.dumps(rd)) if ra != rd else None
    extras = tuple(
        f"{campo}: {antes.get(campo)} → {depois.get(campo)}"
        for campo in ("ofertadas", "area", "municipio", "uf")
        if antes.get(campo) != depois.get(campo)
    )
    return DiferencaVaga(
        codigo=depois.get("codigo") or antes.get("codigo", ""),
        entraram=entraram,
        sairam=sairam,
        posicao=posicao,
        nota=nota,
        convocacao=convocacao,
        reservadas=reservadas,
        extras=extras,
    )


def comparar_versoes(antes: dict[str, Any], depois: dict[str, Any]) -> list[DiferencaVaga]:
    """Diferenças por vaga entre dois conteúdos publicados (ordem da versão nova)."""
    va = {v["codigo"]: v for v in antes.get("vagas", [])}
    vd = {v["codigo"]: v for v in depois.get("vagas", [])}
    codigos = list(dict.fromkeys([*vd, *va]))
    return [comparar_vaga(va.get(c, {"codigo": c}), vd.get(c, {"codigo": c})) for c in codigos]
