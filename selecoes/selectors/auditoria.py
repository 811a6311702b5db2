"""Trilha de auditoria lida como frase: quem fez o quê, quando (horário de Brasília),
antes → depois em palavras.

Único lugar que traduz um ``RegistroAuditoria`` para leitura (a tela do RH e o CSV
usam este retrato) e que confere a cadeia de hashes da trilha (``auditoria_verificar``).
Rótulos de campos e de situações vêm dos próprios modelos (``verbose_name`` e
``choices``), para que uma situação nova já saia em palavras.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime

from selecoes import cadeia
from selecoes.models import RegistroAuditoria
from selecoes.templatetags.formatos import nota

BRASILIA = ZoneInfo("America/Sao_Paulo")
VAZIO = "—"
SEM_USUARIO = "o candidato ou o sistema"
APPS_DO_PROJETO = ("selecoes", "candidatos", "relatorios")

# O que a pessoa fez, por código de ação; prefixos valem para famílias ("convocacao.*").
VERBOS: dict[str, str] = {
    "selecao.criar": "criou a seleção em rascunho",
    "selecao.editar": "editou o rascunho",
    "selecao.publicar": "publicou o edital",
    "selecao.retificar": "retificou o edital",
    "selecao.encerrar": "encerrou a seleção",
    "inscricao.criada": "registrou a inscrição",
    "inscricao.substituida": "substituiu a inscrição",
    "inscricao.desistente": "registrou a desistência",
    "inscricao.eliminada": "eliminou a inscrição",
    "avaliacao.registrada": "registrou a avaliação",
    "avaliacao.alterada": "alterou a avaliação",
    "sorteio.realizado": "realizou o sorteio de desempate",
    "vaga.vagas_surgidas": "registrou vagas surgidas",
    "recurso.registrado": "registrou o recurso",
    "recurso.alterado": "alterou o recurso",
    "convocacao.email_enviado": "enviou o e-mail de convocação",
    "eliminacao.email_enviado": "enviou o e-mail do processo de eliminação",
    "documento.solicitado": "pediu o documento",
    "documento.gerado": "gerou o documento",
    "documento.regenerado": "pediu nova geração do documento",
    "documento.erro": "registrou erro na geração do documento",
    "heteroidentificacao.comissao_criada": "cadastrou a comissão",
    "heteroidentificacao.comissao_alterada": "alterou a comissão",
    "heteroidentificacao.membro_incluido": "incluiu membro na comissão",
    "heteroidentificacao.membro_desligado": "desligou membro da comissão",
    "heteroidentificacao.chamados_montados": "montou a lista de chamados à heteroidentificação",
    "heteroidentificacao.sessao_agendada": "agendou sessão de heteroidentificação",
    "heteroidentificacao.chamados_convocados": "convocou candidatos à sessão",
    "heteroidentificacao.presenca": "registrou a presença na heteroidentificação",
    "heteroidentificacao.parecer": "registrou o parecer de membro da comissão",
    "heteroidentificacao.impedimento": "declarou impedimento ou suspeição de membro da comissão",
    "heteroidentificacao.decisao_comissao": "apurou a decisão da comissão",
    "heteroidentificacao.decisao_recursal": "apurou o julgamento da comissão recursal",
    "heteroidentificacao.decisao_final": "registrou o resultado final da heteroidentificação",
    "heteroidentificacao.recurso_recebido": "registrou recurso de heteroidentificação",
    "heteroidentificacao.preliminar_publicado": (
        "publicou o resultado preliminar da heteroidentificação"
    ),
    "heteroidentificacao.final_publicado": "publicou o resultado final da heteroidentificação",
    "heteroidentificacao.convocacao_pendente": (
        "deixou a convocação pendente da heteroidentificação"
    ),
    "heteroidentificacao.gravacao_enviada": "enviou a gravação da sessão",
    "heteroidentificacao.gravacao_acessada": "abriu a gravação da sessão",
}
VERBOS_POR_PREFIXO: dict[str, str] = {
    "resultado.": "publicou o resultado",
    "recurso.": "decidiu o recurso",
    "convocacao.": "atualizou a convocação",
    "eliminacao.": "atualizou o processo de eliminação",
    "importacao": "importou inscrições",
    "retencao": "aplicou a retenção de dados",
}
# Chaves dos retratos que não são campo do modelo auditado.
ROTULOS: dict[str, str] = {"hash": "hash", "versao": "versão"}

_DECIMAL = re.compile(r"-?\d+\.\d+")


@dataclass(frozen=True)
class Mudanca:
    campo: str
    antes: str
    depois: str

    def __str__(self) -> str:
        return f"{self.campo}: {self.antes} → {self.depois}"


@dataclass(frozen=True)
class FraseAuditoria:
    quando: str
    quem: str
    acao: str
    descricao: str
    mudancas: tuple[Mudanca, ...]
    motivo: str

    @property
    def antes_depois(self) -> str:
        return "; ".join(str(m) for m in self.mudancas)

    @property
    def texto(self) -> str:
        data, hora = self.quando.split(" ")
        partes = [
            f"Em {data} às {hora} (horário de Brasília), {self.quem} {self.acao}: "
            f"{self.descricao.rstrip('.')}."
        ]
        if self.mudancas:
            partes.append(f"{self.antes_depois[:1].upper()}{self.antes_depois[1:]}.")
        if self.motivo:
            partes.append(f"Motivo: {self.motivo}")
        return " ".join(partes)


def _verbo(acao: str) -> str:
    if acao in VERBOS:
        return VERBOS[acao]
    for prefixo, verbo in VERBOS_POR_PREFIXO.items():
        if acao.startswith(prefixo):
            return verbo
    return f"registrou: {acao}"


def _modelo(rotulo: str) -> type[models.Model] | None:
    try:
        return apps.get_model(rotulo)
    except (LookupError, ValueError):
        return None


def _campo(modelo: type[models.Model] | None, nome: str) -> models.Field | None:
    if modelo is None:
        return None
    try:
        campo = modelo._meta.get_field(nome)
    except FieldDoesNotExist:
        return None
    return campo if isinstance(campo, models.Field) else None  # relações reversas não


@functools.cache
def _choices_por_nome(nome: str) -> tuple[dict[str, str], ...]:
    escolhas = []
    for app in APPS_DO_PROJETO:
        for modelo in apps.get_app_config(app).get_models():
            campo = _campo(modelo, nome)
            if campo is not None and campo.choices:
                escolhas.append({str(k): str(v) for k, v in campo.flatchoices})
    return tuple(escolhas)


def _choices_em_outros_modelos(nome: str, valor: str) -> str | None:
    """Retratos que descrevem outro objeto (a seleção ao publicar um resultado)."""
    for rotulos in _choices_por_nome(nome):
        if valor in rotulos:
            return rotulos[valor]
    return None


def _data_ou_hora(valor: str) -> str | None:
    try:
        if "T" in valor and (momento := parse_datetime(valor)) is not None:
            return _hora(momento)
        if len(valor) == 10 and (dia := parse_date(valor)) is not None:
            return dia.strftime("%d/%m/%Y")
    except ValueError:  # bem formada mas inexistente ("2026-02-30")
        return None
    return None


def _rotulo(modelo: type[models.Model] | None, nome: str) -> str:
    campo = _campo(modelo, nome)
    if campo is not None:
        return str(campo.verbose_name)
    return ROTULOS.get(nome, nome.replace("_", " "))


def _hora(valor: dt.datetime) -> str:
    if timezone.is_naive(valor):  # retratos gravados com USE_TZ: sem fuso é UTC
        valor = timezone.make_aware(valor, dt.UTC)
    return timezone.localtime(valor, BRASILIA).strftime("%d/%m/%Y %H:%M")


def _palavras(valor: Any, campo: models.Field | None = None, nome: str = "") -> str:
    """Um valor de retrato em palavras: situação pelo rótulo, data em pt-BR, sim/não."""
    if valor is None or valor in ("", [], {}):
        return VAZIO
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if isinstance(valor, Mapping):
        return "; ".join(f"{k} {_palavras(v)}" for k, v in valor.items())
    if isinstance(valor, list | tuple):
        return ", ".join(_palavras(v) for v in valor)
    if isinstance(valor, str):
        if campo is not None and campo.choices:
            rotulos = {str(k): str(v) for k, v in campo.flatchoices}
            if valor in rotulos:
                return rotulos[valor]
        elif campo is None and nome and (rotulo := _choices_em_outros_modelos(nome, valor)):
            return rotulo
        if (data := _data_ou_hora(valor)) is not None:
            return data
        if _DECIMAL.fullmatch(valor):
            return nota(valor)
    return str(valor)


def _mudancas(
    registro: RegistroAuditoria, mascara: Callable[[Any], Any] | None
) -> tuple[Mudanca, ...]:
    antes, depois = registro.antes, registro.depois
    if mascara is not None:
        antes, depois = mascara(antes), mascara(depois)
    antes = antes if isinstance(antes, Mapping) else {}
    depois = depois if isinstance(depois, Mapping) else {}
    modelo = _modelo(registro.objeto_tipo)
    mudancas = []
    for nome in [*antes, *(k for k in depois if k not in antes)]:
        a, d = antes.get(nome), depois.get(nome)
        if a == d:
            continue
        campo = _campo(modelo, nome)
        texto_antes, texto_depois = _palavras(a, campo, nome), _palavras(d, campo, nome)
        if texto_antes == texto_depois:
            continue
        mudancas.append(Mudanca(_rotulo(modelo, nome), texto_antes, texto_depois))
    return tuple(mudancas)


def frase_auditoria(
    registro: RegistroAuditoria, *, mascara: Callable[[Any], Any] | None = None
) -> FraseAuditoria:
    """Retrato legível de um registro da trilha (quem, o quê, quando, antes → depois).

    ``mascara`` troca o que o papel de quem lê não pode ver (as escolhas sensíveis,
    em ``candidatos.selectors.sensiveis``) antes de a frase ser montada."""
    return FraseAuditoria(
        quando=timezone.localtime(registro.criado_em, BRASILIA).strftime("%d/%m/%Y %H:%M:%S"),
        quem=registro.usuario_nome or SEM_USUARIO,
        acao=_verbo(registro.acao),
        descricao=registro.descricao,
        mudancas=_mudancas(registro, mascara),
        motivo=registro.motivo,
    )


# --- Conferência da cadeia de hashes (``selecoes/cadeia.py``) ---------------------------


@dataclass(frozen=True)
class ResultadoCadeia:
    nome: str
    registros: int
    ultimo_hash: str
    falha: str | None


def _cadeias(selecao_id: int | None) -> Iterator[tuple[str, object]]:
    todos = RegistroAuditoria.objects.all()
    if selecao_id is not None:
        yield f"seleção {selecao_id}", todos.filter(selecao_id=selecao_id)
        return
    for sid in todos.exclude(selecao=None).values_list("selecao_id", flat=True).distinct():
        yield f"seleção {sid}", todos.filter(selecao_id=sid)
    sem_selecao = todos.filter(selecao=None)
    for oid in sem_selecao.exclude(orgao=None).values_list("orgao_id", flat=True).distinct():
        yield f"órgão {oid} (registros sem seleção)", sem_selecao.filter(orgao_id=oid)
    if sem_selecao.filter(orgao=None).exists():
        yield "global (registros sem seleção nem órgão)", sem_selecao.filter(orgao=None)


def _conferir(nome: str, registros: object) -> ResultadoCadeia:
    esperado, anterior, instante, total = 1, cadeia.HASH_INICIAL, None, 0
    campos = ("pk", "hash_anterior", "hash", *cadeia.CAMPOS)
    for linha in registros.order_by("sequencia").values(*campos).iterator():  # type: ignore[attr-defined]
        total += 1
        rotulo = f"registro id {linha['pk']} (nº {linha['sequencia']})"
        falha = None
        if linha["sequencia"] != esperado:
            falha = (
                f"faltam registros antes do {rotulo}: esperava o nº {esperado}. "
                "Um registro foi removido."
            )
        elif linha["hash_anterior"] != anterior:
            falha = f"o {rotulo} não aponta para o registro anterior: a cadeia foi alterada."
        elif cadeia.hash_registro(linha["hash_anterior"], linha) != linha["hash"]:
            falha = f"o conteúdo do {rotulo} não confere com o seu hash: o registro foi alterado."
        elif instante is not None and linha["criado_em"] < instante:
            falha = f"o {rotulo} tem data anterior à do registro anterior: data retroativa."
        if falha:
            return ResultadoCadeia(nome, total, anterior, falha)
        esperado, anterior, instante = esperado + 1, linha["hash"], linha["criado_em"]
    return ResultadoCadeia(nome, total, anterior, None)


def auditoria_verificar(*, selecao_id: int | None = None) -> list[ResultadoCadeia]:
    """Confere cada cadeia (ou só a da seleção): sequência sem lacunas, cada
    registro apontando para o anterior e o hash de cada um batendo com o conteúdo.

    A remoção dos últimos registros de uma cadeia só se prova contra um
    ``ultimo_hash`` anotado fora do sistema (o comando o imprime).
    """
    return [_conferir(nome, registros) for nome, registros in _cadeias(selecao_id)]
