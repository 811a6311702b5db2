"""Laudos médicos órfãos: arquivo no armazenamento sem inscrição que o use.

Um envio interrompido depois de gravar o laudo e antes do commit (processo morto,
tempo limite do gunicorn) deixa o PDF no disco sem dono. É dado sensível de saúde
(LGPD, art. 5º, II, e art. 6º, III — necessidade): apaga-se depois de uma carência
que cobre qualquer envio ainda em andamento. Seguro para rodar periodicamente e em
paralelo: só apaga o que nenhuma inscrição referencia.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.files.storage import Storage, default_storage

from candidatos.models import Inscricao

logger = logging.getLogger(__name__)

PASTA_LAUDOS = "laudos"
CARENCIA_PADRAO = timedelta(hours=24)


@dataclass(frozen=True)
class LimpezaLaudos:
    examinados: int
    apagados: list[str]


def _arquivos(armazenamento: Storage, pasta: str) -> Iterator[str]:
    if not armazenamento.exists(pasta):
        return
    subpastas, arquivos = armazenamento.listdir(pasta)
    for nome in arquivos:
        yield f"{pasta}/{nome}"
    for sub in subpastas:
        yield from _arquivos(armazenamento, f"{pasta}/{sub}")


def laudos_em_uso() -> set[str]:
    """Nomes de laudo referenciados por alguma inscrição (de qualquer situação)."""
    return set(Inscricao.objects.exclude(laudo_pcd="").values_list("laudo_pcd", flat=True))


def laudos_orfaos_apagar(
    *, agora: datetime, carencia: timedelta = CARENCIA_PADRAO, simular: bool = False
) -> LimpezaLaudos:
    """Apaga os laudos sem inscrição gravados há mais de ``carencia``."""
    em_uso = laudos_em_uso()
    examinados = 0
    apagados: list[str] = []
    for nome in _arquivos(default_storage, PASTA_LAUDOS):
        examinados += 1
        if nome in em_uso:
            continue
        try:
            gravado_em = default_storage.get_modified_time(nome)
        except (NotImplementedError, FileNotFoundError):
            continue  # sem data não há como respeitar a carência
        if agora - gravado_em < carencia:
            continue
        # Relê o uso: uma inscrição pode ter sido gravada durante a varredura.
        if Inscricao.objects.filter(laudo_pcd=nome).exists():
            continue
        if not simular:
            default_storage.delete(nome)
        apagados.append(nome)
    if apagados and not simular:
        logger.info("Laudos órfãos apagados: %d de %d examinados.", len(apagados), examinados)
    return LimpezaLaudos(examinados=examinados, apagados=apagados)
