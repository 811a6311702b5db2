"""Registro de auditoria de toda mudança de estado (quem, quando, o quê, antes → depois)."""

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, transaction
from django.db.models import Model, QuerySet
from django.utils import timezone

from selecoes import cadeia
from selecoes.models import Orgao, RegistroAuditoria, Selecao

# Primeira chave dos travamentos consultivos (pg_advisory_xact_lock) de cada cadeia.
_TRAVA_SELECAO, _TRAVA_ORGAO, _TRAVA_GLOBAL = 16_061, 16_062, 16_063


def cadeia_do_registro(*, selecao_id: int | None, orgao_id: int | None) -> QuerySet:
    """Os registros da mesma cadeia: a seleção; sem ela, o órgão; sem ambos, a global."""
    if selecao_id is not None:
        return RegistroAuditoria.objects.filter(selecao_id=selecao_id)
    if orgao_id is not None:
        return RegistroAuditoria.objects.filter(selecao__isnull=True, orgao_id=orgao_id)
    return RegistroAuditoria.objects.filter(selecao__isnull=True, orgao__isnull=True)


def _travar_cadeia(*, selecao_id: int | None, orgao_id: int | None) -> None:
    """Uma trava por cadeia, até o fim da transação: acréscimos em seleções
    diferentes do mesmo órgão não esperam um pelo outro, e nenhuma linha de
    seleção ou órgão é travada (inscrições e convocações seguem livres)."""
    if connection.vendor != "postgresql":
        return  # SQLite serializa toda escrita no arquivo.
    if selecao_id is not None:
        chave = (_TRAVA_SELECAO, selecao_id)
    elif orgao_id is not None:
        chave = (_TRAVA_ORGAO, orgao_id)
    else:
        chave = (_TRAVA_GLOBAL, 0)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, (%s::bigint %% 2147483647)::integer)", chave
        )


def _ultimo_da_cadeia(*, selecao_id: int | None, orgao_id: int | None) -> tuple[int, str]:
    ultimo = (
        cadeia_do_registro(selecao_id=selecao_id, orgao_id=orgao_id)
        .order_by("-sequencia")
        .values_list("sequencia", "hash")
        .first()
    )
    return (ultimo[0], ultimo[1]) if ultimo else (0, cadeia.HASH_INICIAL)


def _chave_da_cadeia(linha: dict[str, Any]) -> tuple[int | None, int | None]:
    """(seleção, órgão) da cadeia: com seleção, o órgão não distingue cadeias."""
    selecao_id = linha["selecao_id"]
    return (selecao_id, None if selecao_id is not None else linha["orgao_id"])


def encadear_em_lote(linhas: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Prepara registros para inserção em massa (importação): cada linha traz os
    ``cadeia.CAMPOS`` menos ``sequencia`` e ``criado_em``, e sai com eles, o
    instante do servidor e os hashes da cadeia. Chame dentro de ``atomic`` e
    insira na mesma transação, na ordem devolvida: as travas valem até o fim dela.
    """
    chaves = {_chave_da_cadeia(linha) for linha in linhas}
    ultimos = {}
    # Ordem fixa das travas: duas importações nunca se esperam em círculo.
    for selecao_id, orgao_id in sorted(chaves, key=lambda c: (c[0] or 0, c[1] or 0)):
        _travar_cadeia(selecao_id=selecao_id, orgao_id=orgao_id)
        ultimos[(selecao_id, orgao_id)] = _ultimo_da_cadeia(
            selecao_id=selecao_id, orgao_id=orgao_id
        )
    agora = timezone.now()
    prontas = []
    for linha in linhas:
        chave = _chave_da_cadeia(linha)
        sequencia, anterior = ultimos[chave]
        campos = {
            **linha,
            "antes": cadeia.normalizar_json(linha["antes"]),
            "depois": cadeia.normalizar_json(linha["depois"]),
            "sequencia": sequencia + 1,
            "criado_em": agora,
            "hash_anterior": anterior,
        }
        campos["hash"] = cadeia.hash_registro(anterior, campos)
        ultimos[chave] = (campos["sequencia"], campos["hash"])
        prontas.append(campos)
    return prontas


def registrar(
    *,
    acao: str,
    objeto: Model,
    descricao: str,
    usuario: User | AnonymousUser | None = None,
    orgao: Orgao | None = None,
    selecao: Selecao | None = None,
    inscricao_id: int | None = None,
    antes: dict[str, Any] | None = None,
    depois: dict[str, Any] | None = None,
    motivo: str = "",
) -> RegistroAuditoria:
    """Acrescenta um registro à cadeia; chame dentro da mesma transação da mudança.

    O instante é o relógio do servidor, lido depois da trava da cadeia (a cadeia
    fica em ordem de tempo); o autor é o usuário autenticado da requisição.
    """
    autor = usuario if isinstance(usuario, User) else None
    if orgao is None and selecao is not None:
        orgao = selecao.orgao
    campos: dict[str, Any] = {
        "usuario_nome": autor.get_username() if autor else "",
        "orgao_id": orgao.pk if orgao is not None else None,
        "selecao_id": selecao.pk if selecao is not None else None,
        "inscricao_id": inscricao_id,
        "acao": acao,
        "objeto_tipo": objeto._meta.label,
        "objeto_id": str(objeto.pk or ""),
        "descricao": descricao[:300],
        "antes": cadeia.normalizar_json(antes),
        "depois": cadeia.normalizar_json(depois),
        "motivo": motivo,
    }
    with transaction.atomic():
        _travar_cadeia(selecao_id=campos["selecao_id"], orgao_id=campos["orgao_id"])
        ultimo = (
            cadeia_do_registro(selecao_id=campos["selecao_id"], orgao_id=campos["orgao_id"])
            .order_by("-sequencia")
            .values_list("sequencia", "hash")
            .first()
        )
        sequencia, hash_anterior = (
            (ultimo[0] + 1, ultimo[1]) if ultimo else (1, cadeia.HASH_INICIAL)
        )
        campos["sequencia"] = sequencia
        campos["criado_em"] = timezone.now()
        return RegistroAuditoria.objects.create(
            usuario=autor,
            hash_anterior=hash_anterior,
            hash=cadeia.hash_registro(hash_anterior, campos),
            **campos,
        )
