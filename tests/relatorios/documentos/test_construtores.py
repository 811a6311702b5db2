"""relatorios/documentos/construtores.py: registro de tipos e montagem das listas (sem banco)."""

from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from candidatos.conteudo_resultado import ConteudoResultado
from relatorios.documentos import construtores as documentos
from relatorios.documentos.construtores import Lista, Secao
from relatorios.models import TipoDocumento
from selecoes import canonico
from tests.relatorios.documentos.factories import (
    Aprovado,
    VagaResultado,
    conteudo_resultado,
    sha256_do_conteudo,
)

SELECAO = SimpleNamespace(
    pk=7, numero_edital="3/2026", titulo="Estágio", orgao=SimpleNamespace(sigla="MIR", nome="M")
)


def test_registro_resolve_todos_os_construtores():
    for tipo in documentos.CONSTRUTORES:
        assert callable(documentos.construtor(tipo))


def test_registro_tipo_sem_construtor_explica_onde_registrar():
    with pytest.raises(LookupError, match="CONSTRUTORES"):
        documentos.construtor("tipo_inexistente")


def test_registro_cobre_os_documentos_desta_issue():
    assert {
        TipoDocumento.ANEXO_EDITAL,
        TipoDocumento.RESULTADO,
        TipoDocumento.COMPROVANTE,
    } <= set(documentos.CONSTRUTORES)


def test_hash_conteudo_segue_docs_resultado():
    conteudo = conteudo_resultado(
        selecao=SELECAO, vagas=[VagaResultado("DIR", [Aprovado("1", "Ana Lúcia")])]
    )
    assert canonico.hash_conteudo(conteudo) == sha256_do_conteudo(conteudo)


def _vaga_exemplo():
    return VagaResultado(
        "DIR-BSB",
        [
            Aprovado("2026000001", "Ana Souza", "9.250"),
            Aprovado("2026000002", "Bruno Lima", "9.000", ("negros",)),
            Aprovado("2026000003", "Carla Dias", "8.500"),
            Aprovado("2026000004", "Davi Rocha", "8.000", ("negros", "pcd")),
        ],
        ofertadas=3,
        reservadas={"negros": 1, "pcd": 0},
        convocacao=[("2026000001", "AC"), ("2026000002", "negros"), ("2026000003", "AC")],
    )


def test_secoes_resultado_uma_secao_por_vaga_com_as_listas_na_ordem():
    conteudo = conteudo_resultado(selecao=SELECAO, vagas=[_vaga_exemplo()])
    [secao] = documentos.secoes_resultado(ConteudoResultado.from_json(conteudo))
    assert secao.vaga["codigo"] == "DIR-BSB"
    assert [lista.chave for lista in secao.listas] == [
        "classificacao",
        "negros",
        "pcd",
        "convocacao",
    ]
    classificacao, negros, pcd, convocacao = secao.listas
    assert [linha.split()[-2] for linha in classificacao.linhas] == [
        "Ana",
        "Bruno",
        "Carla",
        "Davi",
    ]
    assert negros.linhas[0].split()[:3] == ["1º", "2º", "2026000002"]
    assert negros.linhas[1].split()[:3] == ["2º", "4º", "2026000004"]
    assert pcd.linhas[0].split()[:3] == ["1º", "4º", "2026000004"]
    assert "Reserva — negros" in convocacao.linhas[1]
    assert "9,25 " in classificacao.linhas[0]  # casas do critério (padrão 2), como no HTML


def test_secoes_resultado_sem_pcd_na_selecao_omite_a_lista_pcd():
    vaga = _vaga_exemplo()
    vaga.reservadas = {"negros": 1}
    vaga.aprovados = [Aprovado(a.inscricao, a.nome, a.nota, ("negros",)) for a in vaga.aprovados]
    conteudo = conteudo_resultado(selecao=SELECAO, vagas=[vaga])
    [secao] = documentos.secoes_resultado(ConteudoResultado.from_json(conteudo))
    assert [lista.chave for lista in secao.listas] == ["classificacao", "negros", "convocacao"]


def test_colunas_alinhadas_e_nome_longo_quebra_com_recuo():
    nome_longo = " ".join(["Maria"] * 40)
    conteudo = conteudo_resultado(
        selecao=SELECAO,
        vagas=[VagaResultado("V", [Aprovado("1", "Ana"), Aprovado("22", nome_longo)])],
    )
    classificacao = documentos.secoes_resultado(ConteudoResultado.from_json(conteudo))[0].listas[0]
    inicio_nome = classificacao.cabecalho.index("Nome")
    assert classificacao.linhas[0].index("Ana") == inicio_nome
    linhas_longas = classificacao.linhas[1].split("\n")
    assert len(linhas_longas) > 1
    assert all(len(linha) <= documentos.LARGURA_LINHA for linha in linhas_longas)
    assert all(linha[:inicio_nome].strip() == "" for linha in linhas_longas[1:])


@pytest.mark.parametrize(
    ("cpf", "mascarado"),
    [("12345678909", "***.456.789-**"), ("", "***"), ("123", "***")],
)
def test_mascarar_cpf_mostra_so_o_meio(cpf, mascarado):
    assert documentos.mascarar_cpf(cpf) == mascarado


def _secoes(tamanhos: list[list[int]]) -> list[Secao]:
    return [
        Secao(
            vaga={"codigo": f"V{s}"},
            listas=tuple(
                Lista(
                    chave=f"L{li}",
                    titulo="",
                    descricao="",
                    cabecalho="",
                    linhas=tuple(f"V{s}-L{li}-{n}" for n in range(tamanho)),
                    vazia="",
                )
                for li, tamanho in enumerate(listas)
            ),
        )
        for s, listas in enumerate(tamanhos)
    ]


@settings(deadline=None)
@given(
    tamanhos=st.lists(
        st.lists(st.integers(min_value=0, max_value=60), min_size=1, max_size=4),
        min_size=1,
        max_size=5,
    ),
    limite=st.integers(min_value=1, max_value=50),
)
def test_dividir_preserva_ordem_e_respeita_limite(tamanhos, limite):
    secoes = _secoes(tamanhos)
    partes = documentos.dividir(secoes, limite)
    # Nenhuma linha perdida, repetida ou fora de ordem.
    original = [linha for s in secoes for li in s.listas for linha in li.linhas]
    juntado = [linha for p in partes for s in p for li in s.listas for linha in li.linhas]
    assert juntado == original
    # Cada parte cabe no limite e não é vazia.
    for parte in partes:
        assert sum(len(li.linhas) for s in parte for li in s.listas) <= limite
        assert parte
    # Continuação marcada exatamente quando a seção/lista já começou em parte anterior.
    vistas_secoes, vistas_listas = set(), set()
    for parte in partes:
        for secao in parte:
            assert secao.continuacao == (secao.vaga["codigo"] in vistas_secoes)
            vistas_secoes.add(secao.vaga["codigo"])
            for lista in secao.listas:
                chave = (secao.vaga["codigo"], lista.chave)
                assert lista.continuacao == (chave in vistas_listas)
                vistas_listas.add(chave)
    # Toda lista aparece (inclusive vazias, para a mensagem "nenhum aprovado").
    assert vistas_listas == {(s.vaga["codigo"], li.chave) for s in secoes for li in s.listas}


def test_lista_blocos_agrupam_linhas():
    lista = _secoes([[60]])[0].listas[0]
    blocos = lista.blocos
    assert len(blocos) == 3
    assert blocos[0].count("\n") == documentos.LINHAS_POR_BLOCO - 1
