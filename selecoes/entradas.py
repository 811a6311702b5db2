"""Versão das entradas do motor de cada seleção: muda em toda escrita que possa
mudar a saída do motor (Decreto nº 9.427/2018, arts. 1º a 4º).

O rateio das vagas reservadas e o limiar de aplicação dependem de todas as vagas
da seleção (art. 1º, §§ 1º a 3º; art. 7º), e a classificação e a ordem de
convocação de uma vaga dependem das inscrições, notas, situações, sorteios,
convocações, vagas surgidas e da versão publicada (arts. 3º e 4º). O que é
guardado em cache a partir do motor fica sob ``(vaga, marca da seleção)``: uma
marca nova invalida tudo o que foi guardado sob a anterior.

Por que gatilhos no banco, e não uma chamada em cada serviço
-------------------------------------------------------------
Quem escreve uma entrada não precisa lembrar de nada: ``save``, ``update``,
``bulk_create``, ``COPY``, o admin, um ``UPDATE`` manual no ``psql``, a
importação, a retenção — tudo passa pelo gatilho da tabela. Uma chamada
esquecida em um serviço mostraria dado velho; um gatilho esquecido numa tabela
nova é pego pelo teste que confere que toda tabela ligada a seleção, vaga ou
inscrição está em ``TABELAS_DE_ENTRADA`` ou em ``FORA_DO_MOTOR`` com o motivo.

Como funciona
-------------
``selecoes_versaoentradas`` guarda, por seleção, a ``marca`` (UUID aleatório,
nunca repetido — nem depois de um ``rollback`` nem de uma restauração de cópia
de segurança com o Redis cheio) e o contador ``alteracoes`` (para pessoas).

* PostgreSQL: cada tabela de entrada tem gatilhos por comando (com as tabelas
  de transição) que anotam as seleções tocadas na transação; a marca é trocada
  uma vez por seleção, **no commit** (gatilho de restrição adiado), na mesma
  transação das escritas: ou as duas coisas ficam gravadas, ou nenhuma. A linha
  da marca só é travada durante o commit, então duas convocações em vagas da
  mesma seleção não esperam uma pela outra. Enquanto a transação não termina,
  ela mesma vê as próprias escritas e uma marca antiga: por isso ``marca()``
  devolve ``None`` (calcule sem cache) quando a transação já mudou entradas da
  seleção.
* SQLite (desenvolvimento e ``make test``): um só escritor por vez; gatilhos por
  linha trocam a marca na hora (dentro da transação), e uma transação desfeita
  leva a marca junto.

Ponto único para quem acrescenta uma entrada (ex.: a confirmação da
heteroidentificação)
-----------------------------------------------------------------------------
1. acrescente a tabela a ``TABELAS_DE_ENTRADA`` com a expressão SQL que leva da
   linha ``r`` ao id da seleção;
2. crie uma migration com ``migrations.RunPython(instalar(<tabela>: <expressão>),
   desinstalar(...))`` — a expressão copiada na migration, que não muda depois;
3. ``tests/selecoes/test_entradas.py`` confere os gatilhos de cada tabela e
   ``tests/candidatos/classificacao/test_cache_do_motor.py`` ganha uma linha na
   tabela de mudanças.

Uma entrada que não está numa tabela (raro) chama ``entradas_mudaram(selecao_id)``
dentro da transação que a muda. Quem escreve com os gatilhos desligados
(``session_replication_role = replica``, só superusuário do PostgreSQL) chama
``entradas_mudaram`` para cada seleção tocada antes do commit.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.db import connection

PARAMETRO_PENDENTES = "selecoes.entradas_pendentes"
"""Ids das seleções com entradas mudadas na transação atual (``,3,17,``)."""

TABELAS_DE_ENTRADA: dict[str, str] = {
    # tabela: expressão SQL, sobre a linha ``r``, que dá o id da seleção
    "selecoes_selecao": "r.id",
    "selecoes_vagaestagio": "r.selecao_id",
    "selecoes_categoriaedital": "r.selecao_id",
    "selecoes_criterioavaliacao": "r.selecao_id",
    "selecoes_versaoedital": "r.selecao_id",
    "candidatos_inscricao": "r.selecao_id",
    "candidatos_avaliacao": (
        "(SELECT i.selecao_id FROM candidatos_inscricao i WHERE i.id = r.inscricao_id)"
    ),
    "candidatos_convocacao": (
        "(SELECT v.selecao_id FROM selecoes_vagaestagio v WHERE v.id = r.vaga_id)"
    ),
    "candidatos_sorteio": "r.selecao_id",
    "candidatos_resultadoversao": "r.selecao_id",
    "candidatos_vagadoresultado": (
        "(SELECT rv.selecao_id FROM candidatos_resultadoversao rv WHERE rv.id = r.versao_id)"
    ),
    # Heteroidentificação: o resultado final tira a categoria (regras § 1); a regra do
    # edital diz se o ausente perde; o chamado liga a decisão à inscrição e à categoria.
    "selecoes_confirmacaocategoria": "r.selecao_id",
    "candidatos_chamadoheteroidentificacao": "r.selecao_id",
    "candidatos_decisaoheteroidentificacao": (
        "(SELECT c.selecao_id FROM candidatos_chamadoheteroidentificacao c"
        " WHERE c.id = r.chamado_id)"
    ),
}
"""Tabelas cujas linhas entram no motor (ou no que a página da vaga mostra dele)."""

FORA_DO_MOTOR: dict[str, str] = {
    "candidatos_documentocategoria": "documento da autodeclaração; não muda a lista",
    "candidatos_acessodadosensivel": "registro de acesso",
    "candidatos_anunciosorteio": "anúncio; só o sorteio realizado entra no desempate",
    "candidatos_recurso": "o recurso só muda a classificação por nova avaliação ou versão",
    "candidatos_pedidoconvocacao": "chave de idempotência; as convocações são a entrada",
    "candidatos_processoeliminacao": "a eliminação entra pela situação da inscrição",
    "candidatos_anexocandidato": "arquivo de recurso ou de defesa",
    "selecoes_registroauditoria": "trilha",
    "selecoes_mensagem": "caixa de saída",
    "selecoes_versaoentradas": "a própria marca",
    "candidatos_sessaoheteroidentificacao": "agenda; só a decisão final entra no motor",
    "candidatos_parecer": "voto de membro; só a decisão final entra no motor",
    "candidatos_impedimentomembro": "membro que não atua no caso; só a decisão final entra",
    "candidatos_publicacaoheteroidentificacao": "publicação; a decisão final é a entrada",
    "candidatos_recursoheteroidentificacao": "recurso; o julgamento vira decisão final",
    "candidatos_gravacaosessao": "arquivo da sessão",
    "candidatos_acessogravacao": "registro de acesso",
}
"""Tabelas ligadas a seleção, vaga ou inscrição que não mudam a saída do motor."""


# --------------------------------------------------------------------------- SQL

_FUNCOES_POSTGRESQL = """
CREATE TABLE IF NOT EXISTS selecoes_entradas_pendentes (
    id bigserial PRIMARY KEY,
    selecao_id bigint NOT NULL
);

CREATE OR REPLACE FUNCTION selecoes_entradas_mudaram(ids bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    pendentes text := coalesce(current_setting('@PARAMETRO@', true), '');
    s bigint;
BEGIN
    FOREACH s IN ARRAY coalesce(ids, '{}'::bigint[]) LOOP
        CONTINUE WHEN s IS NULL OR position(',' || s || ',' IN pendentes) > 0;
        pendentes := CASE WHEN pendentes = '' THEN ',' ELSE pendentes END || s || ',';
        INSERT INTO selecoes_entradas_pendentes (selecao_id) VALUES (s);
    END LOOP;
    PERFORM set_config('@PARAMETRO@', pendentes, true);
END;
$$;

CREATE OR REPLACE FUNCTION selecoes_entradas_carimbar() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    s bigint;
BEGIN
    -- Todas as pendentes desta transação (só ela as vê), em ordem de id: duas
    -- transações que mudam as mesmas seleções travam as marcas na mesma ordem.
    FOR s IN SELECT DISTINCT selecao_id FROM selecoes_entradas_pendentes ORDER BY 1 LOOP
        INSERT INTO selecoes_versaoentradas (selecao_id, marca, alteracoes)
            SELECT id, gen_random_uuid(), 1 FROM selecoes_selecao WHERE id = s
        ON CONFLICT (selecao_id) DO UPDATE
            SET marca = EXCLUDED.marca,
                alteracoes = selecoes_versaoentradas.alteracoes + 1;
    END LOOP;
    DELETE FROM selecoes_entradas_pendentes;
    RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS selecoes_entradas_carimbar ON selecoes_entradas_pendentes;
CREATE CONSTRAINT TRIGGER selecoes_entradas_carimbar
    AFTER INSERT ON selecoes_entradas_pendentes
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION selecoes_entradas_carimbar();
""".replace("@PARAMETRO@", PARAMETRO_PENDENTES)

_REMOVER_FUNCOES_POSTGRESQL = """
DROP TABLE IF EXISTS selecoes_entradas_pendentes;
DROP FUNCTION IF EXISTS selecoes_entradas_carimbar();
DROP FUNCTION IF EXISTS selecoes_entradas_mudaram(bigint[]);
"""

_OPERACOES = {
    "insert": ("INSERT", "novas"),
    "update": ("UPDATE", "novas"),
    "delete": ("DELETE", "antigas"),
}


def _sql_postgresql(tabela: str, expressao: str) -> list[str]:
    comandos = []
    for sufixo, (operacao, transicao) in _OPERACOES.items():
        nome = f"selecoes_entradas_{sufixo}"
        referencia = {
            "INSERT": "NEW TABLE AS novas",
            "UPDATE": "NEW TABLE AS novas OLD TABLE AS antigas",
            "DELETE": "OLD TABLE AS antigas",
        }[operacao]
        origens = [transicao] + (["antigas"] if operacao == "UPDATE" else [])
        selecao = " UNION ".join(f"SELECT {expressao} FROM {t} r" for t in origens)  # noqa: S608
        funcao = f"selecoes_entradas_{tabela}_{sufixo}"
        comandos += [
            f"""
            CREATE OR REPLACE FUNCTION {funcao}() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM selecoes_entradas_mudaram(ARRAY({selecao}));
                RETURN NULL;
            END;
            $$;""",
            f"DROP TRIGGER IF EXISTS {nome} ON {tabela};",
            f"CREATE TRIGGER {nome} AFTER {operacao} ON {tabela} REFERENCING {referencia} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {funcao}();",
        ]
    return comandos


def _remover_postgresql(tabela: str) -> list[str]:
    return [
        comando
        for sufixo in _OPERACOES
        for comando in (
            f"DROP TRIGGER IF EXISTS selecoes_entradas_{sufixo} ON {tabela};",
            f"DROP FUNCTION IF EXISTS selecoes_entradas_{tabela}_{sufixo}();",
        )
    ]


def _na_linha(expressao: str, linha: str) -> str:
    """A expressão sobre ``r`` escrita sobre ``NEW``/``OLD`` (gatilho por linha)."""
    return re.sub(r"\br\.", f"{linha}.", expressao)


def _sql_sqlite(tabela: str, expressao: str) -> list[str]:
    comandos = []
    for sufixo, (operacao, _transicao) in _OPERACOES.items():
        linhas = {"INSERT": ["NEW"], "UPDATE": ["NEW", "OLD"], "DELETE": ["OLD"]}[operacao]
        corpo = "".join(
            # Marca nova na hora: no SQLite há um só escritor, e a transação
            # desfeita leva a marca junto.
            "INSERT OR IGNORE INTO selecoes_versaoentradas (selecao_id, marca, alteracoes) "  # noqa: S608
            f"SELECT id, lower(hex(randomblob(16))), 0 FROM selecoes_selecao "
            f"WHERE id = {_na_linha(expressao, linha)}; "
            f"UPDATE selecoes_versaoentradas SET marca = lower(hex(randomblob(16))), "
            f"alteracoes = alteracoes + 1 "
            f"WHERE selecao_id = {_na_linha(expressao, linha)}; "
            for linha in linhas
        )
        nome = f"selecoes_entradas_{tabela}_{sufixo}"
        comandos += [
            f"DROP TRIGGER IF EXISTS {nome};",
            f"CREATE TRIGGER {nome} AFTER {operacao} ON {tabela} FOR EACH ROW BEGIN {corpo} END;",
        ]
    return comandos


def _remover_sqlite(tabela: str) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS selecoes_entradas_{tabela}_{sufixo};" for sufixo in _OPERACOES]


Operacao = Callable[[Any, Any], None]


def instalar(tabelas: Mapping[str, str], *, funcoes: bool = False) -> Operacao:
    """Para ``migrations.RunPython``: gatilhos das ``tabelas`` (tabela → expressão
    da seleção), e antes as funções comuns (``funcoes=True``, na primeira)."""
    tabelas = dict(tabelas)

    def operacao(apps: Any, schema_editor: Any) -> None:
        vendor = schema_editor.connection.vendor
        comandos: list[str] = []
        if vendor == "postgresql":
            if funcoes:
                comandos.append(_FUNCOES_POSTGRESQL)
            for tabela, expressao in tabelas.items():
                comandos += _sql_postgresql(tabela, expressao)
        elif vendor == "sqlite":
            for tabela, expressao in tabelas.items():
                comandos += _sql_sqlite(tabela, expressao)
        else:
            raise NotImplementedError(f"versão das entradas: banco {vendor} sem gatilhos")
        for comando in comandos:
            schema_editor.execute(comando)

    return operacao


def desinstalar(tabelas: Mapping[str, str], *, funcoes: bool = False) -> Operacao:
    """O inverso de ``instalar``."""
    tabelas = dict(tabelas)

    def operacao(apps: Any, schema_editor: Any) -> None:
        vendor = schema_editor.connection.vendor
        remover = _remover_postgresql if vendor == "postgresql" else _remover_sqlite
        for tabela in tabelas:
            for comando in remover(tabela):
                schema_editor.execute(comando)
        if vendor == "postgresql" and funcoes:
            schema_editor.execute(_REMOVER_FUNCOES_POSTGRESQL)

    return operacao


# --------------------------------------------------------------------------- leitura


def marca(selecao_id: int) -> str | None:
    """A marca das entradas da seleção, ou ``None``: calcule sem cache.

    ``None`` quando a transação atual já mudou entradas desta seleção (ela vê as
    próprias escritas, que ainda não trocaram a marca) ou quando a seleção não
    tem marca.
    """
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT (SELECT marca::text FROM selecoes_versaoentradas WHERE selecao_id = %s), "
                "current_setting(%s, true)",
                [selecao_id, PARAMETRO_PENDENTES],
            )
            valor, pendentes = cursor.fetchone()
            if pendentes and f",{selecao_id}," in pendentes:
                return None
        else:
            cursor.execute(
                "SELECT marca FROM selecoes_versaoentradas WHERE selecao_id = %s", [selecao_id]
            )
            linha = cursor.fetchone()
            valor = linha[0] if linha else None
    return str(valor).replace("-", "") if valor else None


def entradas_mudaram(selecao_id: int) -> None:
    """Para uma entrada que não está em tabela: chame dentro da transação que a muda."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT selecoes_entradas_mudaram(ARRAY[%s]::bigint[])", [selecao_id])
        else:
            cursor.execute(
                "UPDATE selecoes_versaoentradas SET marca = lower(hex(randomblob(16))), "
                "alteracoes = alteracoes + 1 WHERE selecao_id = %s",
                [selecao_id],
            )
