"""O registro único das categorias nacionais de reserva (``selecoes.categorias``)."""

import re

import pytest
from django.template import Context, Template, TemplateSyntaxError

from candidatos.models import Modalidade
from relatorios.monitoramento.indicadores import definicoes
from selecoes import reserva, vocabulario
from selecoes.categorias import ORDEM_PADRAO, Categoria

NACIONAIS = ["negros", "pcd", "indigenas", "quilombolas", "trans", "minorias", "outra"]


def test_codigos_nacionais_sao_os_do_registro_na_ordem():
    assert Categoria.values == NACIONAIS
    assert list(vocabulario.CODIGOS) == NACIONAIS
    assert ORDEM_PADRAO == (Categoria.NEGROS, Categoria.PCD)


@pytest.mark.parametrize("codigo", NACIONAIS)
def test_codigo_e_aceito_pelo_motor_como_nome_de_categoria(codigo):
    """O motor fica com cadeias simples; os códigos do registro são essas cadeias."""
    assert re.fullmatch(r"[a-z][a-z0-9_]*", codigo)
    assert reserva.Reserva(Categoria(codigo), reserva.RESERVA_NEGROS_PADRAO.percentual)


def test_valores_do_registro_sao_as_cadeias_do_motor():
    assert reserva.RESERVA_NEGROS_PADRAO.categoria == Categoria.NEGROS
    for categoria in Categoria:
        assert reserva.rotulo_categoria(categoria.value) == categoria.label.lower()


@pytest.mark.parametrize(
    ("categoria", "rotulo", "titulo", "curto", "sigla"),
    [
        (Categoria.NEGROS, "Candidatos negros", "Lista de candidatos negros", "negros", "N"),
        (
            Categoria.PCD,
            "Pessoas com deficiência",
            "Lista de pessoas com deficiência",
            "PcD",
            "PcD",
        ),
        (Categoria.INDIGENAS, "Indígenas", "Lista de indígenas", "indígenas", "I"),
        (Categoria.TRANS, "Pessoas trans", "Lista de pessoas trans", "trans", "T"),
    ],
)
def test_rotulos_em_portugues(categoria, rotulo, titulo, curto, sigla):
    assert (categoria.label, categoria.titulo_lista, categoria.curto, categoria.sigla) == (
        rotulo,
        titulo,
        curto,
        sigla,
    )


def test_base_legal_das_categorias_nacionais_e_vazia_nas_do_orgao():
    assert "9.427/2018" in Categoria.NEGROS.base_legal
    assert "11.788/2008, art. 17, § 5º" in Categoria.PCD.base_legal
    assert "9.427/2018" in Categoria.NEGROS.descricao_lista
    for categoria in Categoria:
        if categoria not in ORDEM_PADRAO:
            assert categoria.base_legal == ""
            assert categoria.nome in categoria.descricao_lista


def test_lista_publica_de_pessoas_trans_so_com_numeros():
    """LGPD, art. 11: a pertença à categoria é o próprio dado sensível."""
    assert [c for c in Categoria if not c.lista_publica_com_nomes] == [Categoria.TRANS]


def test_modalidades_da_convocacao_vem_do_registro():
    assert Modalidade.NEGROS == Categoria.NEGROS
    assert Modalidade.PCD.label == Categoria.PCD.rotulo_modalidade
    assert Modalidade.NEGROS.label == "Reservada a candidatos negros"


def test_monitoramento_puro_usa_os_mesmos_codigos():
    assert definicoes.MODALIDADES == (
        "AC",
        "negros",
        "pcd",
        "indigenas",
        "quilombolas",
        "trans",
        "minorias",
        "outra",
        "reversao",
    )
    assert vocabulario.definicao("negros") is Categoria.NEGROS.definicao
    with pytest.raises(LookupError, match="desconhecida"):
        vocabulario.definicao("ciganos")


def test_ordenar_segue_a_ordem_do_registro():
    assert vocabulario.ordenar(frozenset({"pcd", "negros", "trans"})) == ("negros", "pcd", "trans")


@pytest.mark.parametrize(
    ("modelo", "esperado"),
    [
        ('{{ c|categoria:"curto"|capfirst }}', "Negros"),
        ('{{ p|categoria:"curto" }}', "PcD"),
        ("{{ p|categoria|lower }}", "pessoas com deficiência"),
        ('{{ t|categoria:"titulo_lista" }}', "Lista de pessoas trans"),
        ("{{ x|categoria }}", "ciganos"),
    ],
)
def test_filtro_de_template_le_o_registro(modelo, esperado):
    saida = Template("{% load formatos %}" + modelo).render(
        Context({"c": "negros", "p": Categoria.PCD, "t": "trans", "x": "ciganos"})
    )
    assert saida == esperado


def test_filtro_de_template_recusa_atributo_desconhecido():
    with pytest.raises(TemplateSyntaxError, match="atributo desconhecido"):
        Template('{% load formatos %}{{ c|categoria:"cpf" }}').render(Context({"c": "negros"}))
