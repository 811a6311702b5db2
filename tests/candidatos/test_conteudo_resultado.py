"""O esquema único do conteúdo publicado (``candidatos.conteudo_resultado``).

Lê e regrava, byte a byte, as versões que o sistema já publicou (tabela de
``tests/selecoes/test_canonico.py``), o formato 1 e o que o serviço publica hoje.
"""

import ast
import datetime as dt
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from candidatos import conteudo_resultado
from candidatos.conteudo_resultado import (
    Classificado,
    ConteudoResultado,
    Convocado,
    SorteioPublicado,
    VagaPublicada,
)
from candidatos.models import ResultadoVersao, TipoResultado
from candidatos.services import resultado
from selecoes import canonico
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.selecoes.test_canonico import RESULTADOS


@pytest.mark.parametrize(("nome", "guardado", "publicado"), RESULTADOS)
def test_versao_ja_publicada_relida_e_regravada_da_os_mesmos_bytes(nome, guardado, publicado):
    conteudo = ConteudoResultado.from_json(json.loads(guardado))
    assert canonico.serializar(conteudo.to_json()) == guardado.encode("utf-8")
    assert canonico.hash_conteudo(conteudo.to_json()) == publicado


@pytest.mark.parametrize(("nome", "guardado", "publicado"), RESULTADOS)
def test_versao_ja_publicada_lida_com_tipos(nome, guardado, publicado):
    conteudo = ConteudoResultado.from_json(json.loads(guardado))
    (vaga,) = conteudo.vagas
    assert conteudo.formato == 2
    assert conteudo.tipo == nome.split()[-1]
    assert conteudo.publicado_em.utcoffset() == dt.timedelta(hours=-3)
    assert vaga.lista("negros") == ("ADM-2", "ADM-3")
    assert vaga.lista("pcd") == ("ADM-4",)
    assert vaga.lista("trans") == ()
    assert vaga.reservadas == {"negros": 1, "pcd": 0}
    assert vaga.classificacao[0] == Classificado(1, "ADM-1", "Ana Júlia Ávila", "9.500", ())
    assert [s.semente for s in vaga.sorteios_publicados] == ["48213"]
    assert [(f.inscricao, f.motivo) for f in conteudo.fora] == [
        ("ADM-9", "Não entregou o histórico (ata nº 4)."),
    ]


def test_formato_1_sem_sorteios_nem_sem_avaliacao_continua_igual():
    dados = json.loads(RESULTADOS[0][1])
    del dados["sem_avaliacao"]
    for vaga in dados["vagas"]:
        del vaga["sorteios"]
    dados["formato"] = 1
    conteudo = ConteudoResultado.from_json(dados)
    assert conteudo.sem_avaliacao is None
    assert conteudo.fora == ()
    assert conteudo.vagas[0].sorteios is None
    assert conteudo.vagas[0].sorteios_publicados == ()
    assert conteudo.to_json() == dados


def test_vaga_do_json_le_so_a_vaga_pedida():
    dados = json.loads(RESULTADOS[1][1])
    assert ConteudoResultado.vaga_do_json(dados, "DIR").codigo == "DIR"
    assert ConteudoResultado.vaga_do_json(dados, "OUTRA") is None


@pytest.mark.django_db
def test_o_que_o_servico_publica_e_o_que_o_esquema_grava(orgao, alice):
    vaga = nova_vaga(orgao, pcd=True)
    classificacao(vaga, "ABXCDYEZ", pcd="E")
    versao = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=2),
        agora=AGORA,
    )
    do_banco = ResultadoVersao.objects.get(pk=versao.pk).conteudo
    relido = ConteudoResultado.from_json(do_banco)
    assert canonico.serializar(relido.to_json()) == canonico.serializar(do_banco)
    assert canonico.confere(relido.to_json(), versao.hash_conteudo)
    assert relido.vagas[0].lista("pcd") == ("DIR-E",)


_texto = st.text(max_size=8)
_numero = st.text(alphabet="ABC0123456789-", min_size=1, max_size=6)
_momento = st.none() | st.datetimes(
    min_value=dt.datetime(2020, 1, 1), max_value=dt.datetime(2030, 1, 1)
).map(lambda m: m.replace(microsecond=0, tzinfo=dt.timezone(dt.timedelta(hours=-3))))
_vagas = st.builds(
    VagaPublicada,
    codigo=_numero,
    area=_texto,
    ofertadas=st.integers(0, 50),
    reservadas=st.dictionaries(st.sampled_from(["negros", "pcd", "trans"]), st.integers(0, 9)),
    classificacao=st.lists(
        st.builds(
            Classificado,
            posicao=st.integers(1, 99),
            inscricao=_numero,
            nome=_texto,
            nota_final=_texto,
            listas=st.tuples() | st.tuples(st.just("negros")),
        ),
        max_size=3,
    ).map(tuple),
    listas=st.dictionaries(
        st.sampled_from(["negros", "pcd", "indigenas"]), st.lists(_numero, max_size=3).map(tuple)
    ),
    convocacao=st.lists(
        st.builds(Convocado, st.integers(1, 9), _numero, _texto, st.sampled_from(["AC", "negros"]))
    ).map(tuple),
    explicacoes=st.dictionaries(_numero, _texto, max_size=3),
    sorteios=st.none()
    | st.lists(
        st.builds(
            SorteioPublicado,
            st.lists(_numero, max_size=3).map(tuple),
            _texto,
            _texto,
            _momento,
            _momento,
            _momento,
            st.lists(_numero, max_size=3).map(tuple),
        ),
        max_size=2,
    ).map(tuple),
)


@given(_vagas)
def test_vaga_ida_e_volta_pelo_json_e_identidade(vaga):
    dados = json.loads(canonico.serializar(vaga.to_json()))
    assert VagaPublicada.from_json(dados) == vaga


def test_esquema_nao_depende_do_django():
    """Lido também por ferramentas de conferência fora da aplicação: só a biblioteca padrão."""
    arvore = ast.parse(Path(conteudo_resultado.__file__).read_text(encoding="utf-8"))
    modulos = {
        nome.name if isinstance(no, ast.Import) else no.module
        for no in ast.walk(arvore)
        if isinstance(no, ast.Import | ast.ImportFrom)
        for nome in (no.names if isinstance(no, ast.Import) else [no])
    }
    assert modulos <= {"__future__", "collections.abc", "dataclasses", "datetime", "typing"}
