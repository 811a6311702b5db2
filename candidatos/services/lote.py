"""Gravação de inscrições em lote (importação, demonstração).

No PostgreSQL, ``COPY … FROM STDIN`` com as chaves reservadas na sequência da
tabela: o número de inscrição já vai na linha e nenhum modelo é instanciado
(meta: 50 mil linhas validadas e gravadas em até 20 s). Nos outros bancos,
``bulk_create`` em lotes e numeração depois da inserção.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Case, CharField, Field, JSONField, Model, Value, When
from django.db.models.functions import Cast, Concat, LPad
from psycopg.types.json import Jsonb

from candidatos.models import Inscricao, OrigemInscricao, SituacaoInscricao
from candidatos.services.inscricoes import (
    ATIVA,
    DIGITOS_NUMERO,
    PREFIXO_PROVISORIO,
    DadosInscricao,
    ano_local,
    formatar_numero,
    gerar_codigos_verificacao,
    numero_provisorio,
)
from selecoes import auditoria, eventos
from selecoes.models import RegistroAuditoria, Selecao


def _numerar_provisorias(*, selecao: Selecao, ano: int) -> None:
    """Troca os números provisórios pelo definitivo, derivado da chave primária.

    A chave vem da sequência do banco, segura sob concorrência sem bloqueio; as
    linhas provisórias só são visíveis na própria transação.
    """
    id_texto = Cast("pk", CharField())
    Inscricao.objects.filter(selecao=selecao, numero__startswith=PREFIXO_PROVISORIO).update(
        numero=Case(
            When(
                pk__lt=10**DIGITOS_NUMERO,
                then=Concat(Value(f"{ano}-"), LPad(id_texto, DIGITOS_NUMERO, Value("0"))),
            ),
            default=Concat(Value(f"{ano}-"), id_texto),
            output_field=CharField(),
        )
    )


def _reservar_ids(quantidade: int) -> list[int] | None:
    """No PostgreSQL, reserva as chaves na sequência da tabela antes de inserir.

    Assim o número definitivo já vai no INSERT (sem UPDATE posterior). Nos outros
    bancos devolve None e a numeração é feita depois da inserção.
    """
    if connection.vendor != "postgresql" or not quantidade:
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval(pg_get_serial_sequence(%s, 'id')) FROM generate_series(1, %s)",
            [Inscricao._meta.db_table, quantidade],
        )
        return [linha[0] for linha in cursor.fetchall()]


def _inserir_em_massa(
    modelo: type[Model], linhas: list[dict[str, Any]], *, tamanho_lote: int
) -> list[Any]:
    """Insere linhas (atributo → valor Python) e devolve as chaves primárias.

    PostgreSQL: ``COPY … FROM STDIN``, sem instanciar modelos — a importação de
    50 mil linhas tem meta de 20 s e o ``bulk_create`` gasta a maior parte disso
    convertendo campo a campo. As linhas trazem a chave reservada na sequência
    (``_reservar_ids``) ou a deixam ao banco. Outros bancos: ``bulk_create``.
    Todas as linhas têm as mesmas chaves, na mesma ordem.
    """
    if not linhas:
        return []
    if connection.vendor != "postgresql":
        objetos = modelo._default_manager.bulk_create(
            [modelo(**linha) for linha in linhas], batch_size=tamanho_lote
        )
        return [objeto.pk for objeto in objetos]
    opcoes = modelo._meta
    # Só colunas concretas do modelo (nunca relações reversas) chegam aqui.
    campos = [cast("Field[Any, Any]", opcoes.get_field(nome)) for nome in linhas[0]]
    jsons = [i for i, campo in enumerate(campos) if isinstance(campo, JSONField)]
    colunas = ", ".join(connection.ops.quote_name(campo.column) for campo in campos)  # type: ignore[arg-type]
    tabela = connection.ops.quote_name(opcoes.db_table)
    with (
        connection.cursor() as cursor,
        cursor.cursor.copy(f"COPY {tabela} ({colunas}) FROM STDIN") as copia,
    ):
        for linha in linhas:
            valores = list(linha.values())
            for i in jsons:
                if valores[i] is not None:
                    valores[i] = Jsonb(valores[i])
            copia.write_row(valores)
    return [linha.get(opcoes.pk.attname) for linha in linhas]


def inscricoes_criar_em_lote(
    *,
    selecao: Selecao,
    linhas: Sequence[tuple[DadosInscricao, datetime, datetime]],
    substituir: dict[str, int],
    agora: datetime,
    origem: str = OrigemInscricao.IMPORTACAO,
    descricao_auditoria: str,
    usuario: User | AnonymousUser | None = None,
    tamanho_lote: int = 2000,
) -> list[int]:
    """Cria muitas inscrições de uma vez (importação, demonstração); chame em ``atomic``.

    ``linhas``: (dados, criada_em, termo_aceito_em). ``substituir``: CPF → id da
    inscrição ativa que a nova substitui. Sem consulta por linha: a validação
    já foi feita em Python por quem chama. Cada inscrição criada (e cada
    substituída) ganha seu registro de auditoria. Devolve os ids criados.
    """
    if substituir:
        Inscricao.objects.filter(pk__in=substituir.values()).update(
            situacao=SituacaoInscricao.SUBSTITUIDA, atualizada_em=agora
        )
        eventos.emitir(
            eventos.Evento.INSCRICAO_SUBSTITUIDA, inscricao_ids=list(substituir.values())
        )
    ano = ano_local(agora)
    reservados = _reservar_ids(len(linhas))
    codigos = gerar_codigos_verificacao(len(linhas))
    comum = {
        "selecao_id": selecao.pk,
        "origem": str(origem),
        "situacao": ATIVA,
        "laudo_pcd": "",
        "atualizada_em": agora,
    }
    novas = []
    for i, (dados, criada_em, termo) in enumerate(linhas):
        linha = {
            **comum,
            **vars(dados),
            "codigo_verificacao": codigos[i],
            "criada_em": criada_em,
            "termo_aceito_em": termo,
            "substitui_id": substituir.get(dados.cpf),
        }
        if reservados:
            linha["id"] = reservados[i]
            linha["numero"] = formatar_numero(ano, reservados[i])
        else:
            linha["numero"] = numero_provisorio()
        novas.append(linha)
    ids = _inserir_em_massa(Inscricao, novas, tamanho_lote=tamanho_lote)
    if reservados is None:
        _numerar_provisorias(selecao=selecao, ano=ano)

    autor = usuario if isinstance(usuario, User) else None
    auditoria_comum = {
        "usuario_id": autor.pk if autor else None,
        "usuario_nome": autor.get_username() if autor else "",
        "orgao_id": selecao.orgao_id,
        "selecao_id": selecao.pk,
        "objeto_tipo": Inscricao._meta.label,
        "motivo": "",
    }
    acao = "inscricao.importada" if origem == OrigemInscricao.IMPORTACAO else "inscricao.criada"
    registros = [
        {
            **auditoria_comum,
            "inscricao_id": pk,
            "acao": acao,
            "objeto_id": str(pk),
            "descricao": descricao_auditoria[:300],
            "antes": None,
            "depois": {
                "substitui_id": linha["substitui_id"],
                "concorre_negros": linha["concorre_negros"],
                "concorre_pcd": linha["concorre_pcd"],
                **(
                    {"concorre_categorias": list(linha["concorre_categorias"])}
                    if linha.get("concorre_categorias")
                    else {}
                ),
            },
        }
        for pk, linha in zip(ids, novas, strict=True)
    ]
    registros += [
        {
            **auditoria_comum,
            "inscricao_id": linha["substitui_id"],
            "acao": "inscricao.substituida",
            "objeto_id": str(linha["substitui_id"]),
            "descricao": f"Substituída por nova inscrição ({descricao_auditoria})"[:300],
            "antes": {"situacao": ATIVA},
            "depois": {"situacao": SituacaoInscricao.SUBSTITUIDA.value, "substituida_por_id": pk},
        }
        for pk, linha in zip(ids, novas, strict=True)
        if linha["substitui_id"]
    ]
    _inserir_em_massa(
        RegistroAuditoria, auditoria.encadear_em_lote(registros), tamanho_lote=tamanho_lote
    )
    return ids
