"""Conferência da cadeia de hashes da trilha de auditoria (``selecoes/cadeia.py``)."""

from collections.abc import Iterator
from dataclasses import dataclass

from selecoes import cadeia
from selecoes.models import RegistroAuditoria


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
