"""Prévia guardada da importação e análise em segundo plano (issue 18, item 2).

A prévia de um arquivo grande é feita por uma tarefa Celery: a tela guarda o
arquivo no armazenamento privado (``importacao.pendente_guardar``), enfileira a
tarefa depois do commit e mostra o andamento. O resultado fica guardado ao lado
do arquivo — o resumo em JSON, com os primeiros ``ERROS_EXIBIDOS`` erros, e a
lista completa de erros em CSV (fórmulas neutralizadas) — e some com ele
(confirmação, cancelamento ou expiração em duas horas).
"""

import hashlib
import json
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from candidatos.planilhas import ErroPlanilha, escrever_csv
from candidatos.services import importacao
from candidatos.services.importacao_leiaute import ErroLinha
from selecoes.filas import enfileirar_apos_commit
from selecoes.models import Selecao

PROGRESSO_TTL = 3 * 3600


@dataclass(frozen=True)
class Substituicao:
    linha: int
    nome: str
    anterior_numero: str


@dataclass(frozen=True)
class ResumoPrevia:
    """O que a página da prévia mostra; cabe em JSON e não cresce com o arquivo."""

    nome_arquivo: str
    sha256: str
    total_linhas: int = 0
    a_criar: int = 0
    a_substituir: int = 0
    inalteradas: int = 0
    quantidade_validas: int = 0
    quantidade_linhas_com_erro: int = 0
    total_erros: int = 0
    erros: tuple[ErroLinha, ...] = ()
    substituicoes: tuple[Substituicao, ...] = ()
    total_substituicoes: int = 0
    importado_antes_em: str = ""
    importado_antes_por: str = ""
    erro_arquivo: str = ""  # o arquivo inteiro foi recusado (formato, limites, seleção)

    @property
    def valido(self) -> bool:
        return not self.total_erros and not self.erro_arquivo

    @property
    def erros_omitidos(self) -> int:
        return self.total_erros - len(self.erros)

    @property
    def importado_antes(self) -> datetime | None:
        return datetime.fromisoformat(self.importado_antes_em) if self.importado_antes_em else None

    @classmethod
    def de_json(cls, dados: dict[str, Any]) -> "ResumoPrevia":
        dados = dict(dados)
        dados["erros"] = tuple(ErroLinha(**e) for e in dados.get("erros", ()))
        dados["substituicoes"] = tuple(Substituicao(**s) for s in dados.get("substituicoes", ()))
        return cls(**dados)


def resumir(previa: importacao.Previa) -> ResumoPrevia:
    substituicoes = previa.substituicoes
    anterior = previa.importado_antes
    return ResumoPrevia(
        nome_arquivo=previa.nome_arquivo,
        sha256=previa.sha256,
        total_linhas=previa.total_linhas,
        a_criar=previa.a_criar,
        a_substituir=previa.a_substituir,
        inalteradas=previa.inalteradas,
        quantidade_validas=len(previa.validas),
        quantidade_linhas_com_erro=len(previa.linhas_com_erro),
        total_erros=len(previa.erros),
        erros=tuple(previa.erros[: importacao.ERROS_EXIBIDOS]),
        substituicoes=tuple(
            Substituicao(v.linha, v.dados.nome_social or v.dados.nome_civil, v.anterior_numero)
            for v in substituicoes[: importacao.ERROS_EXIBIDOS]
        ),
        total_substituicoes=len(substituicoes),
        importado_antes_em=anterior.criado_em.isoformat() if anterior else "",
        importado_antes_por=(anterior.usuario_nome or "") if anterior else "",
    )


def _caminho(token: str, extensao: str) -> str:
    return importacao.pendente_caminho(token, extensao)


def previa_guardar(token: str, previa: importacao.Previa) -> ResumoPrevia:
    """Guarda a lista completa de erros (CSV) e o resumo (JSON) ao lado do arquivo."""
    erros_csv = escrever_csv(
        ["linha", "coluna", "mensagem"], ((e.linha, e.coluna, e.mensagem) for e in previa.erros)
    )
    default_storage.save(_caminho(token, "erros.csv"), ContentFile(erros_csv))
    resumo = resumir(previa)
    _resumo_gravar(token, resumo)
    return resumo


def _resumo_gravar(token: str, resumo: ResumoPrevia) -> None:
    _json_gravar(token, "previa.json", asdict(resumo))


def previa_ler(token: str) -> ResumoPrevia | None:
    dados = _json_ler(token, "previa.json")
    return None if dados is None else ResumoPrevia.de_json(dados)


def erros_abrir(token: str):
    caminho = _caminho(token, "erros.csv")
    if not default_storage.exists(caminho):
        return None
    return default_storage.open(caminho, "rb")


# ---------------------------------------------------------------- andamento


def _chave(token: str) -> str:
    return f"importacao:{token}"


def progresso_marcar(token: str, **dados: Any) -> None:
    atual = cache.get(_chave(token)) or {}
    cache.set(_chave(token), atual | dados, PROGRESSO_TTL)


def andamento(token: str) -> dict[str, Any]:
    """Estado da análise: ``fila``, ``processando`` (feitos/total) ou ``concluida``.

    A prévia guardada decide; o cache só informa o progresso (perdê-lo não perde nada).
    """
    if default_storage.exists(_caminho(token, "resultado.json")):
        return {"estado": "gravada"}
    if default_storage.exists(_caminho(token, "confirmacao.json")):
        return {"estado": "gravando"}
    if default_storage.exists(_caminho(token, "previa.json")):
        return {"estado": "concluida"}
    return {"estado": "fila", "feitos": 0, "total": 0} | (cache.get(_chave(token)) or {})


def analise_solicitar(*, selecao: Selecao, token: str, nome_arquivo: str, agora: datetime) -> None:
    """Enfileira a análise depois do commit; a tarefa recebe só ids e textos."""
    from candidatos import tasks

    progresso_marcar(token, estado="fila", feitos=0, total=0)
    argumentos = (selecao.pk, token, nome_arquivo, agora.isoformat())
    enfileirar_apos_commit(tasks.analisar_importacao, *argumentos)


def analise_executar(*, selecao_id: int, token: str, nome_arquivo: str, agora: datetime) -> None:
    """Analisa o arquivo guardado e guarda a prévia; rodar duas vezes não muda nada."""
    if default_storage.exists(_caminho(token, "previa.json")):
        return
    conteudo = importacao.pendente_ler(token)
    if conteudo is None:  # cancelado ou expirado antes da vez da tarefa
        return
    selecao = Selecao.objects.select_related("orgao").get(pk=selecao_id)
    progresso_marcar(token, estado="processando", feitos=0, total=0)

    def progresso(feitos: int, total: int) -> None:
        progresso_marcar(token, estado="processando", feitos=feitos, total=total)

    try:
        previa = importacao.analisar(
            selecao=selecao,
            conteudo=conteudo,
            nome_arquivo=nome_arquivo,
            agora=agora,
            progresso=progresso,
        )
    except (ErroPlanilha, importacao.ImportacaoInvalida) as erro:
        _resumo_gravar(
            token,
            ResumoPrevia(
                nome_arquivo=nome_arquivo,
                sha256=hashlib.sha256(conteudo).hexdigest(),
                erro_arquivo=str(erro),
            ),
        )
    else:
        previa_guardar(token, previa)
    progresso_marcar(token, estado="concluida", em=timezone.now().isoformat())


# ---------------------------------------------------------------- confirmação em segundo plano


def _json_gravar(token: str, extensao: str, dados: dict[str, Any]) -> None:
    caminho = _caminho(token, extensao)
    default_storage.delete(caminho)
    default_storage.save(caminho, ContentFile(json.dumps(dados, ensure_ascii=False).encode()))


def _json_ler(token: str, extensao: str) -> dict[str, Any] | None:
    caminho = _caminho(token, extensao)
    if not default_storage.exists(caminho):
        return None
    with default_storage.open(caminho, "rb") as arquivo:
        return json.loads(arquivo.read())


def confirmacao_solicitar(
    *,
    selecao: Selecao,
    token: str,
    nome_arquivo: str,
    sha256: str,
    somente_validas: bool,
    usuario_id: int | None,
    agora: datetime,
) -> None:
    """Marca o pedido (a página de andamento passa a mostrar "gravando") e enfileira
    a gravação depois do commit. Pedir de novo não enfileira outra."""
    from candidatos import tasks

    if _json_ler(token, "confirmacao.json") is not None:
        return
    argumentos = (
        selecao.pk,
        token,
        nome_arquivo,
        sha256,
        somente_validas,
        usuario_id,
        agora.isoformat(),
    )
    _json_gravar(token, "confirmacao.json", {"argumentos": list(argumentos)})
    enfileirar_apos_commit(tasks.confirmar_importacao, *argumentos)


def confirmacao_executar(
    *,
    selecao_id: int,
    token: str,
    nome_arquivo: str,
    sha256: str,
    somente_validas: bool,
    usuario_id: int | None,
    agora: datetime,
) -> None:
    """Grava a importação (``importacao.confirmar``) e guarda o resultado para a tela.

    Idempotente: com o resultado já guardado, não faz nada. Gravada, o arquivo, a
    prévia e a lista de erros (dados pessoais) são apagados; fica só o resumo.
    """
    from django.contrib.auth import get_user_model

    if _json_ler(token, "resultado.json") is not None:
        return
    conteudo = importacao.pendente_ler(token)
    if conteudo is None:
        _json_gravar(
            token,
            "resultado.json",
            {"ok": False, "mensagem": "A prévia expirou: envie o arquivo de novo."},
        )
        return
    usuario = get_user_model().objects.filter(pk=usuario_id).first() if usuario_id else None
    selecao = Selecao.objects.select_related("orgao").get(pk=selecao_id)
    try:
        resultado = importacao.confirmar(
            selecao=selecao,
            conteudo=conteudo,
            nome_arquivo=nome_arquivo,
            sha256_esperado=sha256,
            somente_validas=somente_validas,
            usuario=usuario,
            agora=agora,
        )
    except importacao.ImportacaoInvalida as erro:
        _json_gravar(token, "resultado.json", {"ok": False, "mensagem": str(erro)})
        return
    _json_gravar(token, "resultado.json", {"ok": True, "mensagem": resultado.resumo})
    for extensao in ("bin", "previa.json", "erros.csv"):
        default_storage.delete(_caminho(token, extensao))


def resultado_ler(token: str) -> dict[str, Any] | None:
    """``{"ok": bool, "mensagem": str}`` da gravação em segundo plano, quando terminou."""
    return _json_ler(token, "resultado.json")
