"""Varredura das URLs do RH: ninguém de fora do órgão chega aos dados dele.

As rotas vêm da configuração de URLs (``get_resolver()``), então toda URL nova
entra sozinha. Para cada argumento da URL (``selecao_id``, ``pk``…) constrói-se
um objeto real do órgão "vítima"; argumento que não se sabe preencher faz o
teste falhar com a instrução do que acrescentar aqui.
"""

import re
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.files.base import ContentFile
from django.db.models import Model
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import NoReverseMatch, URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from candidatos.models import (
    AcessoDadoSensivel,
    AnexoCandidato,
    AnuncioSorteio,
    Avaliacao,
    ChamadoHeteroidentificacao,
    Convocacao,
    GravacaoSessao,
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    RecursoHeteroidentificacao,
    ResultadoVersao,
    SessaoHeteroidentificacao,
    Sorteio,
)
from relatorios.models import Documento, EmpresaTerceirizada, TipoDocumento
from selecoes.canonico import hash_conteudo
from selecoes.models import (
    Comissao,
    CriterioAvaliacao,
    Lotacao,
    MembroComissao,
    Mensagem,
    Orgao,
    Papel,
    RegistroAuditoria,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
    VersaoEdital,
)
from selecoes.services import snapshot_edital
from tests.factories import (
    AvaliacaoFactory,
    InscricaoFactory,
    LotacaoFactory,
    OrgaoFactory,
    SelecaoFactory,
    UserFactory,
    VagaEstagioFactory,
)
from tests.relatorios.monitoramento.factories import EmpresaTerceirizadaFactory
from tests.seguranca.factories import (
    AnuncioSorteioFactory,
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
    "numero": (Inscricao, "numero"),
    "token": (Convocacao, "token"),
    "codigo_verificacao": (Inscricao, "codigo_verificacao"),
    "codigo": (Inscricao, "codigo_verificacao"),
}
# Nome (sem _id/_pk) ou segmento de caminho antes de ``<int:pk>`` → modelo.
# Ex.: ``vaga/<int:pk>/``, ``<int:vaga_id>``, ``<int:selecao_pk>``.
MODELOS_POR_NOME: dict[str, type[Model]] = {
    "usuario": get_user_model(),
    "orgao": Orgao,
    "orgaos": Orgao,
    "selecao": Selecao,
    "selecoes": Selecao,
    "edital": Selecao,
    "vaga": VagaEstagio,
    "vagas": VagaEstagio,
    "criterio": CriterioAvaliacao,
    "criterios": CriterioAvaliacao,
    "inscricao": Inscricao,
    "inscricoes": Inscricao,
    "avaliacao": Avaliacao,
    "convocacao": Convocacao,
    "convocacoes": Convocacao,
    "processo": ProcessoEliminacao,
    "processos": ProcessoEliminacao,
    "eliminacao": ProcessoEliminacao,
    "recurso": Recurso,
    "recursos": Recurso,
    "anexo-candidato": AnexoCandidato,
    "resultado": ResultadoVersao,
    "resultados": ResultadoVersao,
    "sorteio": Sorteio,
    "sorteios": Sorteio,
    "anuncio": AnuncioSorteio,
    "documento": Documento,
    "documentos": Documento,
    "acesso": AcessoDadoSensivel,
    "lotacao": Lotacao,
    "empresa": EmpresaTerceirizada,
    "empresas": EmpresaTerceirizada,
    "mensagens": Mensagem,
    "comissao": Comissao,
    "membro": MembroComissao,
    "sessao": SessaoHeteroidentificacao,
    "chamado": ChamadoHeteroidentificacao,
    "recurso-hetero": RecursoHeteroidentificacao,
    "gravacao": GravacaoSessao,
}
# "versao" depende de onde aparece: versão do edital ou versão de resultado.
VERSAO_POR_NAMESPACE: dict[str, type[Model]] = {
    "selecoes": VersaoEdital,
    "classificacao": ResultadoVersao,
    "documentos": ResultadoVersao,
    "publico": ResultadoVersao,
}


@dataclass(frozen=True)
class Fixo:
    """Valor fixo para um argumento que não aponta objeto do órgão."""

    valor: object


@dataclass(frozen=True)
class Extra:
    """Objeto nomeado do mundo que não é o único do seu modelo (ex.: um 2º Documento)."""

    nome: str
    atributo: str = "pk"


CHAVE_QUALQUER = uuid.UUID("00000000-0000-4000-8000-000000000000")
# Casos que a dedução não resolve: "namespace:nome" → argumento → alvo.
ALVOS_POR_ROTA: dict[str, dict[str, "tuple[type[Model], str] | Fixo | Extra"]] = {
    "classificacao:publicacao": {"chave": Fixo(CHAVE_QUALQUER)},
    "monitoramento:relatorio_anual_documento": {"pk": Extra("relatorio_anual")},
    "monitoramento:relatorio_anual_progresso": {"pk": Extra("relatorio_anual")},
    "monitoramento:relatorio_anual_arquivo": {"pk": Extra("relatorio_anual")},
    "classificacao:publicacao_progresso": {"chave": Fixo(CHAVE_QUALQUER)},
    "classificacao:processo_arquivo": {"qual": Fixo("evidencias")},
    "inscricoes:documento_categoria": {"categoria": Fixo("indigenas")},
    # Telas do membro de comissão (o gestor dono recebe 403; o membro as abre:
    # tests/candidatos/comissao/test_permissoes.py); o segmento "recurso" é o do recurso
    # de heteroidentificação, não o do resultado.
    "comissao:recurso": {"pk": (RecursoHeteroidentificacao, "pk")},
    "comissao:documento_recurso": {"pk": (RecursoHeteroidentificacao, "pk")},
    "comissao:impedimento_recurso": {"pk": (RecursoHeteroidentificacao, "pk")},
}
# Argumentos que não apontam um objeto (filtros): valores fixos válidos.
PARAMETROS: dict[str, object] = {
    "tabela": "indicadores",
    "ano": 2026,
    "formato": "csv",
    "tipo": "final",
}
# URLs do RH que, de propósito, respondem a quem não é do órgão, com o motivo.
# (test_escopo_urls confere que cada nome aqui ainda existe nas rotas.)
ROTAS_ISENTAS: dict[str, str] = {
    "documentos:anexo_publico": "anexo de edital publicado é público.",
    "documentos:resultado_publico": "PDF de resultado publicado é público.",
    "documentos:resultado_sem_nomes": "PDF público das listas sem nomes (só códigos de lista).",
    "documentos:resultado_atual": "leva ao PDF público da última versão do resultado.",
    "documentos:comprovante": "formulário público do candidato (número + código).",
    "documentos:comprovante_baixar": "capacidade: exige número e código de verificação.",
    "documentos:comprovante_progresso": "capacidade: exige número e código de verificação.",
}
# URLs que o próprio dono não abre por GET no mundo construído aqui, com o motivo
# (sem isso, uma URL que dá 404 para todos passaria na varredura sem provar nada).
DONO_SEM_GET: dict[str, str] = {
    "classificacao:publicacao": "a chave só existe enquanto a tarefa de publicação roda.",
    "classificacao:publicacao_progresso": "a chave só existe enquanto a publicação roda.",
    "classificacao:comparar": "exige ?com=<outra versão>; sem ele responde 404 a todos.",
    "inscricoes:importar_andamento_json": "só existe com um arquivo pendente na própria sessão.",
    "inscricoes:importar_erros": "só existe com uma prévia pendente na própria sessão.",
    "inscricoes:documento_categoria": "só existe quando a inscrição enviou o documento da "
    "categoria do órgão (tests/candidatos/inscricoes/test_categorias_orgao.py).",
    "documentos:resultado_sem_nomes": "só existe quando a versão tem lista sem nomes "
    "(tests/candidatos/classificacao/test_sigilo_listas.py).",
}


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
    extras: dict[str, Model] = field(default_factory=dict)

    def retrato(self) -> dict[str, Any]:
        """Estado dos objetos do órgão e contagens, para provar que nada mudou."""
        estado: dict[str, Any] = {
            f"{type(o)._meta.label}:{o.pk}": model_to_dict(
                type(o).objects.get(pk=o.pk), exclude=["arquivo", "laudo_pcd"]
            )
            for o in [*self.objetos.values(), *self.extras.values()]
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
    # Publicada e com resultado final: o estado em que quase toda tela do RH abre.
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.RESULTADO_FINAL,
        versao=1,
        publicada_em=timezone.now(),
    )
    vaga = VagaEstagioFactory(selecao=selecao)
    inscricao = InscricaoFactory(
        vaga=vaga,
        pcd=True,
        concorre_pcd=True,
        laudo_pcd=ContentFile(b"%PDF-1.4 laudo", name="laudo.pdf"),
    )
    criterio = CriterioAvaliacaoFactory(selecao=selecao)
    conteudo_edital = snapshot_edital(selecao)
    objetos: list[Model] = [
        orgao,
        selecao,
        vaga,
        inscricao,
        criterio,
        AvaliacaoFactory(inscricao=inscricao),
        VersaoEditalFactory(
            selecao=selecao,
            conteudo=conteudo_edital,
            hash_conteudo=hash_conteudo(conteudo_edital),
            publicada_por=dono,
        ),
        ResultadoVersaoFactory(selecao=selecao, publicado_por=dono),
        ConvocacaoFactory(inscricao=inscricao),
        ProcessoEliminacaoFactory(
            inscricao=inscricao,
            aberto_por=dono,
            arquivo_evidencias=ContentFile(b"%PDF-1.4 prova", name="prova.pdf"),
        ),
        (recurso := RecursoFactory(inscricao=inscricao)),
        AnexoCandidato.objects.create(
            recurso=recurso,
            arquivo=ContentFile(b"%PDF-1.4 recurso", name="recurso.pdf"),
            nome_original="recurso.pdf",
            tamanho=16,
            sha256="0" * 64,
        ),
        SorteioFactory(selecao=selecao, vaga=vaga),
        AnuncioSorteioFactory(selecao=selecao, vaga=vaga),
        DocumentoFactory(selecao=selecao),
        AcessoDadoSensivel.objects.create(
            usuario=dono, inscricao=inscricao, contexto="varredura de escopo"
        ),
        Lotacao.objects.get(usuario=dono, orgao=orgao),
        EmpresaTerceirizadaFactory(orgao=orgao),
        dono,  # usuário lotado no órgão (CPF para o gov.br: rh/servidores/<usuario_id>/cpf/)
        Mensagem.objects.create(
            orgao=orgao,
            selecao=selecao,
            inscricao_id=inscricao.pk,
            destinatario=inscricao.email,
            assunto="Convocação",
            modelo="convocacao",
            corpo="Texto com o link pessoal do candidato.",
        ),
    ]
    objetos += _heteroidentificacao(orgao, dono, selecao, inscricao)
    extras: dict[str, Model] = {
        "relatorio_anual": DocumentoFactory(
            tipo=TipoDocumento.RELATORIO_ANUAL,
            titulo="Relatório anual do órgão",
            selecao=None,
            orgao=orgao,
        ),
    }
    return Mundo(orgao=orgao, dono=dono, objetos={type(o): o for o in objetos}, extras=extras)


def _heteroidentificacao(orgao: Orgao, dono: Any, selecao: Selecao, inscricao: Inscricao) -> list:
    """Comissões, sessão, chamado, recurso e gravação do órgão vítima."""
    comissao = Comissao.objects.create(orgao=orgao, nome="Comissão", tipo="heteroidentificacao")
    recursal = Comissao.objects.create(orgao=orgao, nome="Recursal", tipo="recursal")
    membro = MembroComissao.objects.create(comissao=comissao, usuario=dono, nome="Membro")
    sessao = SessaoHeteroidentificacao.objects.create(
        selecao=selecao,
        comissao=comissao,
        modalidade="presencial",
        inicio=timezone.now(),
        local="Sala 1",
    )
    chamado = ChamadoHeteroidentificacao.objects.create(
        selecao=selecao, inscricao=inscricao, categoria="negros", motivo="todos", sessao=sessao
    )
    recurso = RecursoHeteroidentificacao.objects.create(
        chamado=chamado, razoes="Razões.", comissao_recursal=recursal
    )
    gravacao = GravacaoSessao.objects.create(
        sessao=sessao,
        arquivo=ContentFile(b"video", name="sessao.mp4"),
        nome_original="sessao.mp4",
        tamanho=5,
        sha256="0" * 64,
    )
    return [comissao, membro, sessao, chamado, recurso, gravacao]


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


def _segmento_antes(rota: str, argumento: str) -> str:
    """``"rh/classificacao/vaga/<int:pk>/"``, ``"pk"`` → ``"vaga"``."""
    achado = re.search(rf"([^/<>]+)/<(?:[^<>:]+:)?{re.escape(argumento)}>", rota)
    return achado.group(1) if achado else ""


def _alvo(rota: RotaRH, argumento: str) -> "tuple[type[Model], str] | Fixo | Extra | None":
    if argumento in ALVOS_POR_ROTA.get(rota.nome, {}):
        return ALVOS_POR_ROTA[rota.nome][argumento]
    if argumento in OBJETOS_POR_ARGUMENTO:
        return OBJETOS_POR_ARGUMENTO[argumento]
    if argumento in PARAMETROS:
        return Fixo(PARAMETROS[argumento])
    base = re.sub(r"_(id|pk)$", "", argumento)
    segmento = _segmento_antes(rota.rota, argumento)
    if base == "pk":
        modelo = _modelo_da_view(rota.callback) or MODELOS_POR_NOME.get(segmento)
        return (modelo, "pk") if modelo else None
    if base == "versao":
        modelo = MODELOS_POR_NOME.get(segmento) if segmento != "selecoes" else None
        for ns in reversed(rota.namespaces):
            modelo = modelo or VERSAO_POR_NAMESPACE.get(ns)
        return (modelo, "pk") if modelo else None
    if base != argumento and base in MODELOS_POR_NOME:
        return MODELOS_POR_NOME[base], "pk"
    return None


def argumentos_da_url(rota: RotaRH, mundo: Mundo) -> tuple[dict[str, Any], list[str]]:
    """Valores reais do mundo para os argumentos da rota; e as instruções do que falta."""
    valores: dict[str, Any] = {}
    faltas: list[str] = []
    for argumento in rota.argumentos:
        alvo = _alvo(rota, argumento)
        if isinstance(alvo, Fixo):
            valores[argumento] = alvo.valor
        elif isinstance(alvo, Extra):
            valores[argumento] = getattr(mundo.extras[alvo.nome], alvo.atributo)
        elif alvo is not None:
            modelo, atributo = alvo
            if modelo not in mundo.objetos:
                faltas.append(
                    f"{rota.nome or rota.rota}: o mundo de teste não tem um {modelo.__name__}; "
                    "crie-o em criar_mundo() (tests/seguranca/escopo.py)."
                )
                continue
            valores[argumento] = getattr(mundo.objetos[modelo], atributo)
        else:
            faltas.append(
                f"{rota.nome or rota.rota}: não sei preencher o argumento '{argumento}'. "
                "Dê-lhe um nome deduzível (<int:vaga_id>, vaga/<int:pk>/) ou acrescente-o a "
                "MODELOS_POR_NOME, PARAMETROS ou ALVOS_POR_ROTA em tests/seguranca/escopo.py."
            )
    return valores, faltas


def aponta_objeto(rota: RotaRH) -> bool:
    return any(not isinstance(_alvo(rota, a), Fixo) for a in rota.argumentos)


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
