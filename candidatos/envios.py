"""Arquivos enviados que sobrevivem a um erro de validação do formulário.

O navegador não devolve um arquivo numa página de erro: sem isto, quem errou o
e-mail perde o laudo e precisa enviá-lo de novo. O arquivo já validado fica numa
pasta temporária e o formulário carrega só uma referência assinada (o caminho
não é escolhido pelo usuário, e a assinatura vale por ``VALIDADE``). Gravado o
formulário, a cópia temporária é descartada; a que ficar para trás (formulário
abandonado) é apagada por ``limpar_vencidos``, pois o laudo é dado sensível
(LGPD, art. 11) e não pode ficar órfão no disco.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from pathlib import PurePosixPath

from django.core import signing
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile, UploadedFile

PASTA = "temporarios"
VALIDADE = timedelta(hours=2)


def _sal(finalidade: str) -> str:
    return f"candidatos.envios:{finalidade}"


def guardar(arquivo: UploadedFile, *, finalidade: str) -> str:
    """Guarda uma cópia do arquivo e devolve a referência assinada para o formulário."""
    extensao = PurePosixPath(arquivo.name or "").suffix.lower()[:10]
    arquivo.seek(0)
    caminho = default_storage.save(
        f"{PASTA}/{finalidade}/{secrets.token_urlsafe(18)}{extensao}", ContentFile(arquivo.read())
    )
    arquivo.seek(0)
    return signing.dumps(
        {"c": caminho, "n": arquivo.name or "", "t": arquivo.content_type or ""},
        salt=_sal(finalidade),
        compress=True,
    )


def _caminho(referencia: str, finalidade: str) -> dict[str, str] | None:
    try:
        dados = signing.loads(referencia, salt=_sal(finalidade), max_age=VALIDADE)
    except signing.BadSignature:
        return None
    caminho = str(dados.get("c", ""))
    if not caminho.startswith(f"{PASTA}/{finalidade}/"):
        return None
    return dados


def recuperar(referencia: str, *, finalidade: str) -> UploadedFile | None:
    """O arquivo guardado, como se tivesse sido enviado agora; ``None`` se vencido ou inválido."""
    dados = _caminho(referencia, finalidade)
    if dados is None or not default_storage.exists(dados["c"]):
        return None
    with default_storage.open(dados["c"], "rb") as origem:
        conteudo = origem.read()
    return SimpleUploadedFile(dados["n"] or "arquivo", conteudo, content_type=dados["t"])


def nome_original(referencia: str, *, finalidade: str) -> str:
    dados = _caminho(referencia, finalidade)
    return dados["n"] if dados else ""


def descartar(referencia: str, *, finalidade: str) -> None:
    """Apaga a cópia temporária (formulário gravado ou arquivo trocado)."""
    dados = _caminho(referencia, finalidade)
    if dados is not None:
        default_storage.delete(dados["c"])


def limpar_vencidos(*, agora: datetime) -> int:
    """Apaga as cópias mais antigas que ``VALIDADE``; devolve quantas apagou."""
    apagados = 0
    if not default_storage.exists(PASTA):
        return 0
    for finalidade in default_storage.listdir(PASTA)[0]:
        pasta = f"{PASTA}/{finalidade}"
        for nome in default_storage.listdir(pasta)[1]:
            caminho = f"{pasta}/{nome}"
            if agora - default_storage.get_modified_time(caminho) > VALIDADE:
                default_storage.delete(caminho)
                apagados += 1
    return apagados
