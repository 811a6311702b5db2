"""Tabelas somente de acréscimo, garantidas pelo PostgreSQL (gatilhos do django-pgtrigger).

Declarados uma vez aqui e usados no ``Meta.triggers`` de cada modelo publicado
(versões do edital, versões de resultado, trilha de auditoria): nada publicado
muda em silêncio — o edital que especificou a reserva (Decreto 9.427/2018, art.
1º, § 3º), os resultados e a trilha que sustentam o acompanhamento anual (art. 5º)
e a divulgação oficial dos atos (Lei 9.784/1999, art. 2º, parágrafo único, V).

- UPDATE e DELETE são recusados para todos, inclusive o dono das tabelas.
  Exceções, cada uma verificada pelo próprio gatilho coluna a coluna:

  * uma chave estrangeira ``on_delete=SET_NULL`` (autor que deixou o sistema)
    passar a NULL sem mudar mais nada;
  * a anonimização da retenção (LGPD, art. 16): só com
    ``SET LOCAL selecoes.anonimizacao = 'on'`` na transação, uma única vez por
    linha (``anonimizado_em`` de NULL para uma data) e só trocando cada nome do
    conteúdo por ``[anonimizado]`` — o novo conteúdo tem de ser exatamente
    ``selecoes_json_sem_nomes(conteudo antigo)``. Qualquer outra escrita é recusada.

- TRUNCATE é recusado, exceto para superusuário do PostgreSQL (o ``flush`` do
  Django entre testes transacionais; superusuários já podem desligar gatilhos).

O modelo de gatilho do django-pgtrigger começa consultando o parâmetro
``pgtrigger.ignore``, que qualquer papel pode definir na própria sessão: com ele o
papel da aplicação desligaria a proteção. Por isso estes gatilhos usam um modelo
próprio (``GatilhoSql``), igual ao da biblioteca menos essa consulta.

Em SQLite (desenvolvimento sem servidor) nada é instalado; ``save``/``delete``
dos modelos continuam recusando.
"""

from typing import Any

import pgtrigger
from pgtrigger import compiler

MARCA_ANONIMIZADO = "[anonimizado]"
PARAMETRO_ANONIMIZACAO = "selecoes.anonimizacao"


class RegistroImutavel(Exception):
    """Tentativa de alterar ou excluir um registro publicado ou somente de acréscimo."""


class GatilhoSql(compiler.UpsertTriggerSql):
    """Modelo de instalação v1 destes gatilhos; migrações o referenciam: não editar.

    Mudou? Crie ``GatilhoSqlV2`` e deixe este como está.
    """

    def get_template(self) -> str:
        return """
            CREATE OR REPLACE FUNCTION {pgid}()
            RETURNS TRIGGER AS $$
                {declare}
                BEGIN
                    {func}
                END;
            $$ LANGUAGE plpgsql;

            DROP TRIGGER IF EXISTS {pgid} ON {table};
            CREATE {constraint} TRIGGER {pgid}
                {when} {operation} ON {table}
                {timing}
                {referencing}
                FOR EACH {level} {condition}
                EXECUTE PROCEDURE {execute};

            COMMENT ON TRIGGER {pgid} ON {table} IS '{hash}';
        """


class _Gatilho(pgtrigger.Trigger):
    def compile(self, model: Any) -> compiler.Trigger:
        compilado = super().compile(model)
        return compiler.Trigger(
            name=compilado.name,
            sql=GatilhoSql(
                **{k: v for k, v in compilado.sql.kwargs.items() if k != "ignore_func_name"}
            ),
        )


def _sem_mudar_alem_de(*colunas: str) -> str:
    menos = "".join(f" - '{c}'" for c in colunas)
    return f"(to_jsonb(NEW){menos}) = (to_jsonb(OLD){menos})"


class SomenteAcrescimo(_Gatilho):
    """Recusa UPDATE/DELETE da linha, salvo as exceções descritas no módulo."""

    when = pgtrigger.Before
    operation = pgtrigger.Update | pgtrigger.Delete
    level = pgtrigger.Row

    def __init__(
        self,
        *,
        name: str,
        descricao: str,
        desvinculaveis: tuple[str, ...] = (),
        anonimizavel: str | None = None,
    ) -> None:
        self.descricao = descricao
        self.desvinculaveis = desvinculaveis
        self.anonimizavel = anonimizavel
        super().__init__(name=name)

    def get_func(self, model: Any) -> str:
        excecoes = []
        for coluna in self.desvinculaveis:
            excecoes.append(
                f"IF OLD.{coluna} IS NOT NULL AND NEW.{coluna} IS NULL "
                f"AND {_sem_mudar_alem_de(coluna)} THEN RETURN NEW; END IF;"
            )
        if self.anonimizavel:
            conteudo = self.anonimizavel
            excecoes.append(
                f"IF current_setting('{PARAMETRO_ANONIMIZACAO}', true) = 'on' "
                "AND OLD.anonimizado_em IS NULL AND NEW.anonimizado_em IS NOT NULL "
                f"AND NEW.{conteudo} = selecoes_json_sem_nomes(OLD.{conteudo}) "
                f"AND {_sem_mudar_alem_de(conteudo, 'anonimizado_em')} THEN RETURN NEW; END IF;"
            )
        mensagem = f"{self.descricao} é somente de acréscimo: % recusado."
        return (
            "IF TG_OP = 'UPDATE' THEN "
            + " ".join(excecoes)
            + " END IF; "
            + f"RAISE EXCEPTION '{mensagem}', TG_OP USING ERRCODE = 'insufficient_privilege';"
        )


class SemTruncate(_Gatilho):
    """Recusa TRUNCATE, salvo para superusuário do PostgreSQL."""

    when = pgtrigger.Before
    operation = pgtrigger.Truncate
    level = pgtrigger.Statement

    def __init__(self, *, name: str, descricao: str) -> None:
        self.descricao = descricao
        super().__init__(name=name)

    def get_func(self, model: Any) -> str:
        # Texto fixo do código (nenhuma entrada): corpo de função, não consulta.
        return (
            "IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) "  # noqa: S608
            "THEN RETURN NULL; END IF; "
            f"RAISE EXCEPTION '{self.descricao} é somente de acréscimo: TRUNCATE recusado.' "
            "USING ERRCODE = 'insufficient_privilege';"
        )


def somente_acrescimo(
    descricao: str, *, desvinculaveis: tuple[str, ...] = (), anonimizavel: str | None = None
) -> list[pgtrigger.Trigger]:
    """Os gatilhos de uma tabela somente de acréscimo, para ``Meta.triggers``."""
    return [
        SomenteAcrescimo(
            name="somente_acrescimo",
            descricao=descricao,
            desvinculaveis=desvinculaveis,
            anonimizavel=anonimizavel,
        ),
        SemTruncate(name="sem_truncate", descricao=descricao),
    ]


def sem_nomes(valor: Any) -> Any:
    """Cada valor de chave ``nome`` vira ``[anonimizado]``, em qualquer profundidade.

    Espelho exato da função SQL ``selecoes_json_sem_nomes``, que o gatilho usa para
    conferir que a anonimização não mudou mais nada.
    """
    if isinstance(valor, dict):
        return {
            chave: MARCA_ANONIMIZADO if chave == "nome" else sem_nomes(item)
            for chave, item in valor.items()
        }
    if isinstance(valor, list):
        return [sem_nomes(item) for item in valor]
    return valor


# A marca é a de MARCA_ANONIMIZADO (o teste de anonimização confere as duas).
FUNCAO_SEM_NOMES = """
CREATE OR REPLACE FUNCTION selecoes_json_sem_nomes(valor jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    IF jsonb_typeof(valor) = 'object' THEN
        RETURN COALESCE(
            (SELECT jsonb_object_agg(
                        chave,
                        CASE WHEN chave = 'nome' THEN to_jsonb('[anonimizado]'::text)
                             ELSE selecoes_json_sem_nomes(item) END)
               FROM jsonb_each(valor) AS e(chave, item)),
            '{}'::jsonb);
    ELSIF jsonb_typeof(valor) = 'array' THEN
        RETURN COALESCE(
            (SELECT jsonb_agg(selecoes_json_sem_nomes(item) ORDER BY posicao)
               FROM jsonb_array_elements(valor) WITH ORDINALITY AS a(item, posicao)),
            '[]'::jsonb);
    END IF;
    RETURN valor;
END;
$$;
"""
