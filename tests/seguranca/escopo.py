"""Varredura das URLs do RH: ninguém de fora do órgão chega aos dados dele.

As rotas vêm da configuração de URLs (``get_resolver()``), então toda URL nova
entra sozinha. Para cada argumento da URL (``selecao_id``, ``pk``…) constrói-se
um objeto real do órgão "vítima"; argumento que não se sabe preencher faz o
teste falhar com a instrução do que acrescentar aqui.
"""

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Model
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse

from candidatos.models import (
    AcessoDadoSensivel,
    Avaliacao,
    Convocacao,
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    Sorteio,
)
from relatorios.models import Documento
from selecoes.models import (
    CriterioAvaliacao,
    Lotacao,
    Orgao,
    Papel,
    RegistroAuditoria,
    Selecao,
    VagaEstagio,
    VersaoEdital,
)
from tests.factories import (
    AvaliacaoFactory,
    InscricaoFactory,
    LotacaoFactory,
    OrgaoFactory,
    SelecaoFactory,
    UserFactory,
    VagaEstagioFactory,
)
from tests.seguranca.factories import (
    ConvocacaoFactory,
    CriterioAvaliacaoFactory,
    DocumentoFactory,
    ProcessoEliminacaoFactory,
    RecursoFactory,
    ResultadoVersaoFactory,
    SorteioFactory,
    VersaoEditalFactory,
)

NAMESPACES_RH = frozenset(
    {"selecoes", "inscricoes", "classificacao", "documentos", "monitoramento"}
)
PREFIXO_RH = "rh/"

# Argumento de URL → (modelo, atributo cujo valor vai na URL).
OBJETOS_POR_ARGUMENTO: dict[str, tuple[type[Model], str]] = {
    "orgao_id": (Orgao, "pk"),
    "selecao_id": (Selecao, "pk"),
    "vaga_id": (VagaEstagio, "pk"),
    "criterio_id": (CriterioAvaliacao, "pk"),
    "inscricao_id": (Inscricao, "pk"),
    "avaliacao_id": (Avaliacao, "pk"),
    "convocacao_id": (Convocacao, "pk"),
    "processo_id": (ProcessoEliminacao, "pk"),
    "recurso_id": (Recurso, "pk"),
    "resultado_id": (ResultadoVersao, "pk"),
    "sorteio_id": (Sorteio, "pk"),
    "documento_id": (Documento, "pk"),
    "acesso_id": (AcessoDadoSensivel, "pk"),
    "numero": (Inscricao, "numero"),
    "token": (Convocacao, "token"),
    "codigo_verificacao": (Inscricao, "codigo_verificacao"),
    "chave": (Documento, "chave"),
}
# Argumento ambíguo numa rota específica ("namespace:nome" → argumento → modelo), e
# ``pk`` de views de função (nas CBVs o modelo vem de ``model``/``queryset``).
MODELOS_POR_ROTA: dict[str, dict[str, tuple[type[Model], str]]] = {}
# "versao_id" depende de onde aparece: versão do edital ou versão de resultado.
VERSAO_POR_NAMESPACE: dict[str, type[Model]] = {
    "selecoes": VersaoEdital,
    "classificacao": ResultadoVersao,
    "documentos": ResultadoVersao,
    "publico": ResultadoVersao,
}
# Argumentos que não apontam um objeto (filtros): valores fixos válidos.
PARAMETROS: dict[str, object] = {
    "ano": 2026,
    "formato": "csv",
    "tipo": "final",
}
# URLs do RH que, de propósito, respondem a quem não é do órgão, com o motivo.
ROTAS_ISENTAS: dict[str, str] = {}
# URLs que o próprio dono não abre por GET no mundo construído aqui, com o motivo
# (sem isso, uma URL que dá 404 para todos passaria na varredura sem provar nada).
DONO_SEM_GET: dict[str, str] = {}


@dataclass(frozen=True)
class RotaRH:
    nome: str
    rota: str
    namespaces: tuple[str, ...]
    argumentos: tuple[str, ...]
    callback: Any


@dataclass
class Mundo:
    """Um órgão com um objeto de cada modelo, todos ligados entre si."""

    orgao: Orgao
    dono: AbstractBaseUser
    objetos: dict[type[Model], Model] = field(default_factory=dict)

    def retrato(self) -> dict[str, Any]:
        """Estado dos objetos do órgão e contagens, para provar que nada mudou."""
        estado: dict[str, Any] = {
            f"{type(o)._meta.label}:{o.pk}": model_to_dict(
                type(o).objects.get(pk=o.pk), exclude=["arquivo", "laudo_pcd"]
            )
            for o in self.objetos.values()
        }
        for rotulo in ("selecoes", "candidatos", "relatorios"):
            for modelo in apps.get_app_config(rotulo).get_models():
                estado[f"total:{modelo._meta.label}"] = modelo.objects.count()
        estado["auditoria"] = RegistroAuditoria.objects.count()
        return estado


def criar_mundo(sigla: str = "VITIMA") -> Mundo:
    orgao = OrgaoFactory(sigla=sigla, nome="Órgão vítima")
    dono = UserFactory(username=f"{sigla.lower()}-gestor")
    LotacaoFactory(usuario=dono, orgao=orgao, papel=Papel.GESTOR)
    selecao = SelecaoFactory(orgao=orgao)
    vaga = VagaEstagioFactory(selecao=selecao)
    inscricao = InscricaoFactory(vaga=vaga)
    objetos: list[Model] = [
        orgao,
        selecao,
        vaga,
        inscricao,
        AvaliacaoFactory(inscricao=inscricao),
        CriterioAvaliacaoFactory(selecao=selecao),
        VersaoEditalFactory(selecao=selecao),
        ResultadoVersaoFactory(selecao=selecao),
        ConvocacaoFactory(inscricao=inscricao),
        ProcessoEliminacaoFactory(inscricao=inscricao, aberto_por=dono),
        RecursoFactory(inscricao=inscricao),
        SorteioFactory(selecao=selecao, vaga=vaga),
        DocumentoFactory(selecao=selecao),
        AcessoDadoSensivel.objects.create(
            usuario=dono, inscricao=inscricao, contexto="varredura de escopo"
        ),
        Lotacao.objects.get(usuario=dono, orgao=orgao),
    ]
    return Mundo(orgao=orgao, dono=dono, objetos={type(o): o for o in objetos})


def _argumentos(padrao: URLPattern | URLResolver) -> tuple[str, ...]:
    converters = getattr(padrao.pattern, "converters", None)
    if converters is not None:
        return tuple(converters)
    return tuple(padrao.pattern.regex.groupindex)


def rotas(
    padroes: Iterable[URLPattern | URLResolver] | None = None,
    prefixo: str = "",
    namespaces: tuple[str, ...] = (),
    argumentos: tuple[str, ...] = (),
) -> Iterator[RotaRH]:
    """Todas as rotas, com a rota completa, os namespaces e os argumentos acumulados."""
    if padroes is None:
        padroes = get_resolver().url_patterns
    for padrao in padroes:
        rota = prefixo + str(padrao.pattern)
        args = argumentos + _argumentos(padrao)
        if isinstance(padrao, URLResolver):
            ns = (*namespaces, padrao.namespace) if padrao.namespace else namespaces
            yield from rotas(padrao.url_patterns, rota, ns, args)
        else:
            nome = ":".join((*namespaces, padrao.name)) if padrao.name else ""
            yield RotaRH(nome, rota, namespaces, args, padrao.callback)


def e_do_rh(rota: RotaRH) -> bool:
    if "admin" in rota.namespaces:
        return False
    return bool(NAMESPACES_RH.intersection(rota.namespaces)) or rota.rota.startswith(PREFIXO_RH)


def rotas_do_rh() -> list[RotaRH]:
    return [r for r in rotas() if e_do_rh(r) and r.nome not in ROTAS_ISENTAS]


def _modelo_da_view(callback: Any) -> type[Model] | None:
    classe = getattr(callback, "view_class", None)
    if classe is None:
        return None
    if getattr(classe, "model", None) is not None:
        return classe.model
    queryset = getattr(classe, "queryset", None)
    return queryset.model if queryset is not None else None


def _alvo(rota: RotaRH, argumento: str) -> tuple[type[Model], str] | None:
    if argumento in MODELOS_POR_ROTA.get(rota.nome, {}):
        return MODELOS_POR_ROTA[rota.nome][argumento]
    if argumento == "pk":
        modelo = _modelo_da_view(rota.callback)
        return (modelo, "pk") if modelo else None
    if argumento == "versao_id":
        for ns in reversed(rota.namespaces):
            if ns in VERSAO_POR_NAMESPACE:
                return VERSAO_POR_NAMESPACE[ns], "pk"
        return None
    return OBJETOS_POR_ARGUMENTO.get(argumento)


def argumentos_da_url(rota: RotaRH, mundo: Mundo) -> tuple[dict[str, Any], list[str]]:
    """Valores reais do mundo para os argumentos da rota; e as instruções do que falta."""
    valores: dict[str, Any] = {}
    faltas: list[str] = []
    for argumento in rota.argumentos:
        alvo = _alvo(rota, argumento)
        if alvo is not None:
            modelo, atributo = alvo
            if modelo not in mundo.objetos:
                faltas.append(
                    f"{rota.nome or rota.rota}: o mundo de teste não tem um {modelo.__name__}; "
                    "crie-o em criar_mundo() (tests/seguranca/escopo.py)."
                )
                continue
            valores[argumento] = getattr(mundo.objetos[modelo], atributo)
        elif argumento in PARAMETROS:
            valores[argumento] = PARAMETROS[argumento]
        else:
            faltas.append(
                f"{rota.nome or rota.rota}: não sei preencher o argumento '{argumento}'. "
                "Acrescente-o a OBJETOS_POR_ARGUMENTO (modelo, atributo) ou, se não "
                "aponta um objeto, a PARAMETROS em tests/seguranca/escopo.py; para 'pk' em "
                "view de função, use MODELOS_POR_ROTA."
            )
    return valores, faltas


def aponta_objeto(rota: RotaRH) -> bool:
    return any(a not in PARAMETROS for a in rota.argumentos)


@dataclass(frozen=True)
class Atacante:
    descricao: str
    usuario: AbstractBaseUser | None


def criar_atacantes(sigla: str = "INTRUSO") -> list[Atacante]:
    """Um usuário de cada papel de OUTRO órgão, um usuário sem lotação e o anônimo."""
    orgao = OrgaoFactory(sigla=sigla, nome="Órgão de outra pessoa")
    atacantes = []
    for papel in Papel:
        usuario = UserFactory(username=f"{sigla.lower()}-{papel.value}")
        LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
        atacantes.append(Atacante(f"{papel.label} de outro órgão", usuario))
    atacantes.append(Atacante("usuário sem lotação", UserFactory(username=f"{sigla.lower()}-sem")))
    atacantes.append(Atacante("visitante anônimo", None))
    return atacantes


def _cliente(usuario: AbstractBaseUser | None) -> Client:
    cliente = Client(raise_request_exception=False)
    if usuario is not None:
        cliente.force_login(usuario)
    return cliente


def _recusa(resposta: Any, anonimo: bool) -> bool:
    """403, 404, 405 (método errado, antes de qualquer dado) ou, ao anônimo, ir ao login."""
    if resposta.status_code in (403, 404, 405):
        return True
    if anonimo and resposta.status_code == 302:
        return resposta["Location"].startswith(reverse("login"))
    return False


def _urls(lista: Iterable[RotaRH], mundo: Mundo) -> tuple[list[tuple[RotaRH, str]], list[str]]:
    urls: list[tuple[RotaRH, str]] = []
    falhas: list[str] = []
    for rota in lista:
        if not rota.nome:
            falhas.append(f"{rota.rota}: URL do RH sem name=; dê um nome para que seja testada.")
            continue
        valores, faltas = argumentos_da_url(rota, mundo)
        if faltas:
            falhas.extend(faltas)
            continue
        try:
            urls.append((rota, reverse(rota.nome, kwargs=valores)))
        except NoReverseMatch:
            falhas.append(f"{rota.nome}: os valores {valores} não casam com a rota {rota.rota}.")
    return urls, falhas


def verificar(lista: Iterable[RotaRH], mundo: Mundo, atacantes: list[Atacante]) -> list[str]:
    """Visita cada rota como cada atacante, por GET e POST; devolve as falhas."""
    urls, falhas = _urls(lista, mundo)
    dono = _cliente(mundo.dono)
    for rota, url in urls:
        if aponta_objeto(rota) and rota.nome not in DONO_SEM_GET:
            status = dono.get(url).status_code
            if status == 404 or status >= 500:
                falhas.append(
                    f"{rota.nome} ({url}): o gestor do próprio órgão recebeu {status}; o mundo "
                    "de teste não serve a esta URL (ajuste criar_mundo ou DONO_SEM_GET)."
                )
    antes = mundo.retrato()
    for atacante in atacantes:
        cliente = _cliente(atacante.usuario)
        anonimo = atacante.usuario is None
        for rota, url in urls:
            if not aponta_objeto(rota) and not anonimo:
                continue  # listas sem id: cada um vê o próprio órgão
            for metodo in ("get", "post"):
                resposta = getattr(cliente, metodo)(url)
                if not _recusa(resposta, anonimo):
                    destino = resposta.get("Location", "")
                    falhas.append(
                        f"{rota.nome} ({metodo.upper()} {url}) como {atacante.descricao}: "
                        f"{resposta.status_code} {destino}".rstrip()
                    )
    depois = mundo.retrato()
    mudancas = sorted(k for k in antes.keys() | depois.keys() if antes.get(k) != depois.get(k))
    if mudancas:
        falhas.append(f"Dados do órgão vítima mudaram durante a varredura: {', '.join(mudancas)}.")
    return falhas
