"""Tabelas somente de acréscimo no próprio banco, contra o papel que a aplicação usa.

Versões publicadas do edital, versões publicadas de resultado (e o vínculo de
cada vaga delas com a vaga de estágio), anúncios e sorteios de desempate, os
registros da heteroidentificação (pareceres, impedimentos, decisões, publicações) e
a trilha de auditoria: UPDATE, DELETE e TRUNCATE recusados pelos gatilhos de
``selecoes/imutavel.py`` (django-pgtrigger), e nenhuma das saídas que o papel
``selecoes_app`` teria para desligá-los funciona.
"""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.db import DatabaseError, connection, transaction

from candidatos.models import RegistroImutavel, ResultadoVersao, VagaDoResultado
from selecoes import auditoria
from selecoes.models import RegistroAuditoria, VersaoEdital
from tests.factories import InscricaoFactory, SelecaoFactory, UserFactory, VagaEstagioFactory
from tests.seguranca.factories import (
    AnuncioSorteioFactory,
    ResultadoVersaoFactory,
    SorteioFactory,
)
from tests.seguranca.papel_aplicacao import PAPEL, recusado

RAIZ = Path(__file__).resolve().parents[2]


def _auditoria(usuario=None) -> RegistroAuditoria:
    selecao = SelecaoFactory()
    return auditoria.registrar(
        acao="selecao.teste", objeto=selecao, selecao=selecao, descricao="Teste", usuario=usuario
    )


def _versao_edital(usuario=None) -> VersaoEdital:
    return VersaoEdital.objects.create(
        selecao=SelecaoFactory(),
        numero=1,
        publicada_por=usuario,
        conteudo={"formato": 1},
        hash_conteudo="0" * 64,
    )


def _resultado(usuario=None) -> ResultadoVersao:
    conteudo = {"vagas": [{"classificacao": [{"inscricao": "2026000001", "nome": "Ana Souza"}]}]}
    return ResultadoVersaoFactory(publicado_por=usuario, conteudo=conteudo)


def _vaga_do_resultado() -> VagaDoResultado:
    versao = _resultado()
    vaga = VagaEstagioFactory(selecao=versao.selecao)
    return VagaDoResultado.objects.create(versao=versao, codigo=vaga.codigo, vaga=vaga)


def _sorteio():
    anuncio = AnuncioSorteioFactory()
    return SorteioFactory(selecao=anuncio.selecao, vaga=anuncio.vaga, anuncio=anuncio)


def _chamado():
    from candidatos.models import ChamadoHeteroidentificacao

    inscricao = InscricaoFactory()
    return ChamadoHeteroidentificacao.objects.create(
        selecao=inscricao.selecao, inscricao=inscricao, categoria="negros", motivo="todos"
    )


def _parecer(usuario=None):
    from candidatos.models import Parecer
    from selecoes.models import Comissao, MembroComissao

    chamado = _chamado()
    comissao = Comissao.objects.create(
        orgao=chamado.selecao.orgao, nome="Comissão", tipo="heteroidentificacao"
    )
    membro = MembroComissao.objects.create(comissao=comissao, usuario=UserFactory(), nome="M")
    return Parecer.objects.create(
        chamado=chamado,
        membro=membro,
        voto="confirma",
        fundamentacao="Fundamentação do parecer.",
        registrado_por=usuario,
    )


def _impedimento(usuario=None):
    from candidatos.models import ImpedimentoMembro

    parecer = _parecer()
    return ImpedimentoMembro.objects.create(
        chamado=parecer.chamado,
        membro=parecer.membro,
        instancia="recursal",
        motivo="Parentesco até o 3º grau com o candidato.",
        registrado_por=usuario,
    )


def _decisao():
    from candidatos.models import DecisaoHeteroidentificacao

    return DecisaoHeteroidentificacao.objects.create(
        chamado=_chamado(), instancia="final", resultado="nao_confirmada", regra="maioria"
    )


def _publicacao_hetero():
    from candidatos.models import PublicacaoHeteroidentificacao

    return PublicacaoHeteroidentificacao.objects.create(
        selecao=SelecaoFactory(), tipo="final", numero=1, conteudo={"itens": []}, hash_conteudo="0"
    )


TABELAS = {
    "parecer_heteroidentificacao": (
        _parecer,
        "O parecer de um membro da comissão",
        "UPDATE candidatos_parecer SET voto = 'nao_confirma' WHERE id = %s",
    ),
    "impedimento_de_membro": (
        _impedimento,
        "O impedimento ou a suspeição de um membro",
        "UPDATE candidatos_impedimentomembro SET motivo = 'Outro motivo' WHERE id = %s",
    ),
    "decisao_heteroidentificacao": (
        _decisao,
        "A decisão de heteroidentificação",
        "UPDATE candidatos_decisaoheteroidentificacao SET resultado = 'confirmada' WHERE id = %s",
    ),
    "publicacao_heteroidentificacao": (
        _publicacao_hetero,
        "O resultado publicado da heteroidentificação",
        "UPDATE candidatos_publicacaoheteroidentificacao SET motivo = 'x' WHERE id = %s",
    ),
    "auditoria": (
        _auditoria,
        "A trilha de auditoria",
        "UPDATE selecoes_registroauditoria SET descricao = 'Reescrita' WHERE id = %s",
    ),
    "edital": (
        _versao_edital,
        "Uma versão publicada do edital",
        "UPDATE selecoes_versaoedital SET motivo = 'Trocado' WHERE id = %s",
    ),
    "resultado": (
        _resultado,
        "Uma versão publicada de resultado",
        "UPDATE candidatos_resultadoversao SET motivo = 'Trocado' WHERE id = %s",
    ),
    "vinculo_da_vaga": (
        _vaga_do_resultado,
        "O vínculo de uma versão de resultado com a vaga",
        "UPDATE candidatos_vagadoresultado SET codigo = 'OUTRA' WHERE id = %s",
    ),
    "anuncio_de_sorteio": (
        AnuncioSorteioFactory,
        "Um anúncio de sorteio",
        "UPDATE candidatos_anunciosorteio SET semente = '1' WHERE id = %s",
    ),
    "sorteio": (
        _sorteio,
        "Um sorteio de desempate",
        "UPDATE candidatos_sorteio SET semente = '1' WHERE id = %s",
    ),
}


def _em(tabela: str, modelo_sql: str) -> str:
    """SQL de teste sobre uma das tabelas fixas acima (nenhuma entrada externa)."""
    return modelo_sql.replace("{t}", tabela)


def _recusado_django(funcao) -> str:
    with pytest.raises(DatabaseError) as erro, transaction.atomic():
        funcao()
    return str(erro.value)


@pytest.mark.postgresql
def test_papel_da_aplicacao_nao_e_dono_nem_superusuario(conexao_aplicacao):
    with conexao_aplicacao.cursor() as cursor:
        cursor.execute(
            "SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles "
            "WHERE rolname = current_user"
        )
        assert cursor.fetchone() == (False, False, False, False)
        cursor.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = %s",
            [PAPEL],
        )
        assert cursor.fetchone() == (0,)
        for tabela in ("selecoes_registroauditoria", "candidatos_resultadoversao"):
            cursor.execute("SELECT has_table_privilege(%s, 'INSERT')", [tabela])
            assert cursor.fetchone() == (True,)


@pytest.mark.postgresql
@pytest.mark.parametrize("tabela", list(TABELAS))
def test_somente_acrescimo_update_delete_truncate_recusados_ao_papel_da_aplicacao(
    conexao_aplicacao, tabela
):
    criar, descricao, mudanca = TABELAS[tabela]
    linha = criar()
    nome = linha._meta.db_table

    assert f"{descricao} é somente de acréscimo: UPDATE recusado" in recusado(
        conexao_aplicacao, mudanca, linha.pk
    )
    assert f"{descricao} é somente de acréscimo: DELETE recusado" in recusado(
        conexao_aplicacao, _em(nome, "DELETE FROM {t} WHERE id = %s"), linha.pk
    )
    assert "permission denied" in recusado(conexao_aplicacao, f"TRUNCATE {nome}")
    assert type(linha).objects.filter(pk=linha.pk).exists()


@pytest.mark.postgresql
@pytest.mark.parametrize("tabela", list(TABELAS))
def test_somente_acrescimo_papel_da_aplicacao_nao_desliga_os_gatilhos(conexao_aplicacao, tabela):
    criar, _descricao, mudanca = TABELAS[tabela]
    linha = criar()
    nome = linha._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            # Os da versão das entradas do motor (selecoes/entradas.py) só anotam a
            # mudança; os que protegem a tabela são os dois do django-pgtrigger.
            "SELECT array_agg(tgname) FROM pg_trigger WHERE tgrelid = %s::regclass "
            "AND NOT tgisinternal AND tgname NOT LIKE 'selecoes\\_entradas\\_%%'",
            [nome],
        )
        gatilhos = cursor.fetchone()[0]
    assert len(gatilhos) == 2

    # O "ignore" do django-pgtrigger, que qualquer papel pode ligar na sessão.
    with conexao_aplicacao.cursor() as cursor:
        cursor.execute(
            "SELECT set_config('pgtrigger.ignore', %s, false)", ["{" + ",".join(gatilhos) + "}"]
        )
    assert "UPDATE recusado" in recusado(conexao_aplicacao, mudanca, linha.pk)
    assert "permission denied" in recusado(
        conexao_aplicacao, "SET session_replication_role = replica"
    )
    assert "must be owner" in recusado(conexao_aplicacao, f"ALTER TABLE {nome} DISABLE TRIGGER ALL")
    assert "must be owner" in recusado(conexao_aplicacao, f"DROP TRIGGER {gatilhos[0]} ON {nome}")


ANONIMIZAR = (
    "UPDATE candidatos_resultadoversao SET conteudo = selecoes_json_sem_nomes(conteudo), "
    "anonimizado_em = now() WHERE id = %s"
)


def _com_parametro(conexao, sql: str, *parametros: object) -> None:
    with conexao.transaction(), conexao.cursor() as cursor:
        cursor.execute("SELECT set_config('selecoes.anonimizacao', 'on', true)")
        cursor.execute(sql, parametros)


@pytest.mark.postgresql
def test_somente_acrescimo_anonimizacao_so_a_troca_exata_dos_nomes_uma_vez(conexao_aplicacao):
    """O parâmetro, qualquer papel pode ligar (risco residual de docs/implantacao.md):
    o que o gatilho garante é que, com ele, só passa exatamente a troca dos nomes
    por ``[anonimizado]``, uma vez; nada mais do conteúdo nem das outras colunas."""
    versao = _resultado()

    assert "UPDATE recusado" in recusado(conexao_aplicacao, ANONIMIZAR, versao.pk)
    for sql in (
        "UPDATE candidatos_resultadoversao SET conteudo = '{}'::jsonb, anonimizado_em = now() "
        "WHERE id = %s",
        "UPDATE candidatos_resultadoversao SET conteudo = selecoes_json_sem_nomes(conteudo), "
        "anonimizado_em = now(), motivo = 'x' WHERE id = %s",
        "UPDATE candidatos_resultadoversao SET conteudo = selecoes_json_sem_nomes(conteudo) "
        "WHERE id = %s",
        "DELETE FROM candidatos_resultadoversao WHERE id = %s",
    ):
        with pytest.raises(psycopg.Error, match="recusado"):
            _com_parametro(conexao_aplicacao, sql, versao.pk)
    versao.refresh_from_db()
    assert versao.conteudo["vagas"][0]["classificacao"][0]["nome"] == "Ana Souza"

    _com_parametro(conexao_aplicacao, ANONIMIZAR, versao.pk)
    versao.refresh_from_db()
    assert versao.conteudo == {
        "vagas": [{"classificacao": [{"inscricao": "2026000001", "nome": "[anonimizado]"}]}]
    }
    assert versao.anonimizado_em is not None
    with pytest.raises(psycopg.Error, match="UPDATE recusado"):
        _com_parametro(conexao_aplicacao, ANONIMIZAR, versao.pk)


@pytest.mark.postgresql
@pytest.mark.django_db
@pytest.mark.parametrize("tabela", list(TABELAS))
def test_somente_acrescimo_vale_tambem_para_o_dono(tabela):
    """O gatilho não distingue papéis: nem o dono (migrações) reescreve."""
    criar, _descricao, mudanca = TABELAS[tabela]
    linha = criar()
    modelo = type(linha)

    def reescrever() -> None:
        with connection.cursor() as cursor:
            cursor.execute(mudanca, [linha.pk])

    assert "UPDATE recusado" in _recusado_django(reescrever)
    assert "DELETE recusado" in _recusado_django(
        lambda: modelo.objects.filter(pk=linha.pk).delete()
    )


@pytest.mark.postgresql
@pytest.mark.django_db
def test_somente_acrescimo_truncate_recusado_mesmo_com_o_privilegio():
    """O gatilho de TRUNCATE recusa até a um papel que recebesse o privilégio."""
    registro = _auditoria()
    papel = f"app_teste_{uuid.uuid4().hex[:8]}"

    def truncar():
        # Confere já as chaves estrangeiras adiadas do INSERT (senão o PostgreSQL
        # recusa o TRUNCATE por "pending trigger events", não pelo gatilho).
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f'CREATE ROLE "{papel}" NOLOGIN')
            cursor.execute(f'GRANT ALL ON selecoes_registroauditoria TO "{papel}"')
            cursor.execute(f'SET LOCAL ROLE "{papel}"')
            cursor.execute("TRUNCATE selecoes_registroauditoria")

    assert "TRUNCATE recusado" in _recusado_django(truncar)
    assert RegistroAuditoria.objects.filter(pk=registro.pk).exists()


@pytest.mark.postgresql
@pytest.mark.django_db
def test_somente_acrescimo_exclusao_de_usuario_so_desliga_o_vinculo():
    usuario = UserFactory(username="servidor-que-saiu")
    registro = _auditoria(usuario=usuario)
    edital = _versao_edital(usuario=usuario)
    resultado = _resultado(usuario=usuario)

    usuario.delete()

    registro.refresh_from_db()
    edital.refresh_from_db()
    resultado.refresh_from_db()
    assert (registro.usuario_id, edital.publicada_por_id, resultado.publicado_por_id) == (
        None,
        None,
        None,
    )
    assert registro.usuario_nome == "servidor-que-saiu"


@pytest.mark.postgresql
@pytest.mark.django_db
def test_somente_acrescimo_desligar_usuario_nao_abre_brecha_para_reescrever():
    registro = _auditoria(usuario=UserFactory())
    resultado = _resultado(usuario=UserFactory())

    assert "UPDATE recusado" in _recusado_django(
        lambda: RegistroAuditoria.objects.filter(pk=registro.pk).update(
            usuario=None, usuario_nome="outra pessoa"
        )
    )
    assert "UPDATE recusado" in _recusado_django(
        lambda: ResultadoVersao.objects.filter(pk=resultado.pk).update(
            publicado_por=None, motivo="outro"
        )
    )


@pytest.mark.django_db
@pytest.mark.parametrize("tabela", list(TABELAS))
def test_somente_acrescimo_no_python_save_e_delete_recusam(tabela):
    """Em SQLite não há gatilho; o modelo recusa do mesmo jeito."""
    linha = TABELAS[tabela][0]()

    with pytest.raises(RegistroImutavel):
        linha.save()
    with pytest.raises(RegistroImutavel):
        linha.delete()


@pytest.mark.django_db(transaction=True)
def test_somente_acrescimo_acrescimo_segue_livre_e_flush_dos_testes_funciona():
    """Testes transacionais terminam com TRUNCATE de todas as tabelas (flush do Django)."""
    _auditoria()
    _auditoria()
    _resultado()
    assert RegistroAuditoria.objects.filter(acao="selecao.teste").count() == 2


def test_somente_acrescimo_migracoes_rodam_em_sqlite(tmp_path):
    ambiente = {
        "PATH": os.environ["PATH"],
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "VAR_DIR": str(tmp_path),
    }
    processo = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=RAIZ,
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
    )
    assert processo.returncode == 0, processo.stdout + processo.stderr
    assert "selecoes.0005_auditoria_encadeada_e_gatilhos_pgtrigger... OK" in processo.stdout
    assert "candidatos.0005_resultado_somente_acrescimo_pgtrigger... OK" in processo.stdout
