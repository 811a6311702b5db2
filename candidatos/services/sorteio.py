"""Sorteio público de desempate (regras, § 5): anunciado antes, por gestor,
com a semente publicada ou a fonte pública futura que a dará, e realizado uma
única vez por empate. O algoritmo reproduzível está em
``candidatos.services.desempate.ordem_do_sorteio``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from candidatos.models import AnuncioSorteio, Sorteio
from candidatos.services.classificacao import classificar_vaga
from candidatos.services.desempate import ordem_do_sorteio
from selecoes import acesso, auditoria
from selecoes.models import CriterioDesempate, Papel, Selecao, VagaEstagio


def _exigir_gestor(usuario: Any, selecao: Selecao) -> None:
    """Regras, § 5: o sorteio público é ato de gestor, nunca de operador."""
    papel = acesso.papel_no_orgao(usuario, selecao.orgao_id) if usuario is not None else None
    if papel is not Papel.GESTOR:
        raise PermissionError("Só um(a) gestor(a) do órgão anuncia e realiza o sorteio.")


def _exigir_sorteio_no_edital(selecao: Selecao) -> None:
    criterios = selecao.criterios_desempate or []
    if not any(c.get("criterio") == CriterioDesempate.SORTEIO for c in criterios):
        raise ValueError(
            "O edital desta seleção não prevê sorteio entre os critérios de desempate."
        )


def _empatados_agora(vaga: VagaEstagio) -> list[str]:
    """Quem ainda está empatado depois dos critérios do edital e dos sorteios já
    feitos: só esses vão a sorteio (um empate já sorteado não se sorteia de novo)."""
    return sorted(c.numero for e in classificar_vaga(vaga).empates for c in e.concorrentes)


def _local(momento: datetime) -> str:
    return f"{timezone.localtime(momento):%d/%m/%Y às %H:%M}"


def _horas(horas: int) -> str:
    return "1 hora" if horas == 1 else f"{horas} horas"


def problema_antecedencia(
    *, semente: str, realizar_a_partir_de: datetime, agora: datetime, horas_minimas: int
) -> str | None:
    """Regras, § 5: a semente escolhida por quem sorteia fica publicada ao menos
    ``horas_minimas`` antes do sorteio. A fonte pública futura não tem esse piso:
    a data dela é a da própria fonte (ex.: a extração da Loteria Federal).
    """
    if realizar_a_partir_de <= agora:
        return (
            "O sorteio deve ser marcado para depois de agora: a semente é publicada antes "
            "de ser usada."
        )
    minimo = agora + timedelta(hours=horas_minimas)
    if semente.strip() and realizar_a_partir_de < minimo:
        return (
            f"Com semente escolhida pelo(a) gestor(a), o sorteio só pode ser marcado com ao "
            f"menos {_horas(horas_minimas)} de antecedência do anúncio: a partir de "
            f"{_local(minimo)}. Para uma data mais próxima, use uma fonte pública futura."
        )
    return None


def sorteio_anunciar(
    *,
    vaga: VagaEstagio,
    usuario: Any,
    agora: datetime,
    realizar_a_partir_de: datetime,
    semente: str = "",
    fonte_semente: str = "",
    descricao: str = "",
) -> AnuncioSorteio:
    """Regras, § 5: o sorteio público é anunciado antes de acontecer, com os
    empatados e a semente já publicada ou a fonte pública futura que a dará
    (ex.: a Loteria Federal de uma data), e só então realizado, uma vez. A
    semente escolhida pelo gestor fica publicada ao menos
    ``settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS`` antes do sorteio.
    """
    selecao = vaga.selecao
    _exigir_gestor(usuario, selecao)
    _exigir_sorteio_no_edital(selecao)
    semente, fonte_semente = semente.strip(), fonte_semente.strip()
    if not semente and not fonte_semente:
        raise ValueError(
            "Informe a semente, publicada já no anúncio, ou a fonte pública futura que a dará "
            "(ex.: o 1º prêmio da Loteria Federal de uma data posterior)."
        )
    problema = problema_antecedencia(
        semente=semente,
        realizar_a_partir_de=realizar_a_partir_de,
        agora=agora,
        horas_minimas=settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS,
    )
    if problema:
        raise ValueError(problema)
    with transaction.atomic():
        VagaEstagio.objects.select_for_update(of=("self",)).get(pk=vaga.pk)
        empatados = _empatados_agora(vaga)
        if not empatados:
            if Sorteio.objects.filter(vaga=vaga).exists():
                raise ValueError(
                    f"O empate da vaga {vaga.codigo} já foi desfeito por sorteio; o sorteio não "
                    "se repete."
                )
            raise ValueError(f"Não há empate a desfazer na vaga {vaga.codigo}.")
        pendente = (
            AnuncioSorteio.objects.filter(vaga=vaga, sorteio__isnull=True, empatados=empatados)
            .order_by("anunciado_em")
            .first()
        )
        if pendente is not None:
            raise ValueError(
                f"Já há sorteio anunciado para este empate, a partir de "
                f"{_local(pendente.realizar_a_partir_de)}; o sorteio não se repete."
            )
        anuncio = AnuncioSorteio.objects.create(
            selecao=selecao,
            vaga=vaga,
            empatados=empatados,
            semente=semente,
            fonte_semente=fonte_semente,
            realizar_a_partir_de=realizar_a_partir_de,
            descricao=descricao.strip(),
            anunciado_em=agora,
            anunciado_por=usuario,
        )
        auditoria.registrar(
            acao="sorteio.anunciado",
            objeto=anuncio,
            descricao=f"Sorteio de desempate anunciado na vaga {vaga.codigo}",
            usuario=usuario,
            selecao=selecao,
            depois={
                "empatados": empatados,
                "semente": semente,
                "fonte_semente": fonte_semente,
                "realizar_a_partir_de": realizar_a_partir_de.isoformat(),
            },
        )
    return anuncio


def sorteio_realizar(
    *,
    anuncio: AnuncioSorteio,
    usuario: Any,
    agora: datetime,
    semente: str = "",
) -> Sorteio:
    """Realiza, uma única vez, o sorteio anunciado: a semente é a do anúncio ou,
    se o anúncio nomeou uma fonte pública futura, o valor que ela deu."""
    vaga = anuncio.vaga
    selecao = vaga.selecao
    _exigir_gestor(usuario, selecao)
    _exigir_sorteio_no_edital(selecao)
    semente = semente.strip()
    with transaction.atomic():
        VagaEstagio.objects.select_for_update(of=("self",)).get(pk=vaga.pk)
        feito = Sorteio.objects.filter(anuncio=anuncio).first()
        if feito is not None:
            raise ValueError(
                f"Este sorteio já foi realizado em {_local(feito.realizado_em)}; não se repete."
            )
        if agora < anuncio.realizar_a_partir_de:
            raise ValueError(
                "O sorteio anunciado só pode ser realizado a partir de "
                f"{_local(anuncio.realizar_a_partir_de)}."
            )
        if anuncio.semente:
            if semente and semente != anuncio.semente:
                raise ValueError(
                    "A semente anunciada é a que vale; ela não se troca na hora do sorteio."
                )
            semente = anuncio.semente
        elif not semente:
            raise ValueError(
                f"Fonte anunciada: {anuncio.fonte_semente}. Agora que ela é pública, informe a "
                "semente que ela deu."
            )
        if _empatados_agora(vaga) != anuncio.empatados:
            raise ValueError(
                f"O empate mudou desde o anúncio (eram {', '.join(anuncio.empatados)}); "
                "anuncie um novo sorteio para o empate atual."
            )
        sorteio = Sorteio.objects.create(
            selecao=selecao,
            vaga=vaga,
            anuncio=anuncio,
            semente=semente,
            realizado_em=agora,
            realizado_por=usuario,
            descricao=anuncio.descricao,
            resultado=ordem_do_sorteio(semente, anuncio.empatados),
        )
        auditoria.registrar(
            acao="sorteio.realizado",
            objeto=sorteio,
            descricao=f"Sorteio público de desempate na vaga {vaga.codigo}",
            usuario=usuario,
            selecao=selecao,
            depois={
                "anuncio": anuncio.pk,
                "semente": semente,
                "resultado": sorteio.resultado,
            },
        )
    return sorteio
