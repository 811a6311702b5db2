"""Categorias do órgão no formulário do edital: cada erro nomeia o campo (pt-BR)."""

from decimal import Decimal

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from selecoes.forms import FormularioEdital
from tests.selecoes.formularios import edital_post


def _categorias_post(linhas):
    dados = {
        "categorias-TOTAL_FORMS": str(len(linhas)),
        "categorias-INITIAL_FORMS": "0",
        "categorias-MIN_NUM_FORMS": "0",
        "categorias-MAX_NUM_FORMS": "1000",
    }
    for i, linha in enumerate(linhas):
        base = {
            "categoria": "indigenas",
            "nome": "Indígenas",
            "percentual": "5",
            "base_legal": "Portaria MRE nº 649/2026",
            "pergunta": "Você se autodeclara indígena?",
            "ajuda": "",
            "lista_com_nomes": "",
            "documento_descricao": "",
            "documento_tamanho_max_mb": "5",
            "posicoes": "",
            "intervalo": "",
            "id": "",
        }
        base.update({k: str(v) for k, v in linha.items()})
        dados.update({f"categorias-{i}-{k}": v for k, v in base.items() if v != "False"})
    return dados


def _formulario(orgao, linhas, **campos):
    dados = edital_post(orgao=orgao.pk, **campos)
    dados.update(_categorias_post(linhas))
    edital = FormularioEdital(dados, orgaos=type(orgao).objects.filter(pk=orgao.pk))
    valido = edital.is_valid()
    return edital, valido, [m for _, m in edital.resumo_erros()]


def test_categorias_validas_chegam_aos_dados_na_ordem(orgao):
    edital, valido, erros = _formulario(
        orgao,
        [
            {"categoria": "trans", "nome": "Pessoas trans", "percentual": "2"},
            {"categoria": "indigenas", "documento_exigido": "on", "documento_descricao": "RANI"},
        ],
    )
    assert valido, erros
    categorias = edital.dados().categorias
    assert [c["categoria"] for c in categorias] == ["trans", "indigenas"]
    assert categorias[1]["documento_exigido"] is True
    assert categorias[0]["lista_com_nomes"] is None


@pytest.mark.parametrize(
    ("linhas", "campos", "mensagem"),
    [
        ([{"percentual": "0"}], {}, "Percentual: deve ser maior que zero."),
        ([{"percentual": "100.5"}], {}, "Percentual: no máximo 100%."),
        ([{"percentual": ""}], {}, "Percentual: informe o percentual das vagas."),
        ([{"base_legal": ""}], {}, "Base legal: informe o ato do órgão que cria a reserva."),
        (
            [{"pergunta": ""}],
            {},
            "Pergunta de autodeclaração: informe a pergunta do formulário.",
        ),
        ([{"categoria": "negros"}], {}, "Código nacional: escolha uma das categorias da lista."),
        ([{}, {}], {}, "Código nacional: “Indígenas” já foi declarada nesta seleção."),
        (
            [{"documento_exigido": "on"}],
            {},
            "Documento exigido: descreva o documento (ex.: declaração da comunidade).",
        ),
        (
            [{"documento_tamanho_max_mb": "11"}],
            {},
            "Tamanho máximo do documento: no máximo 10 MB.",
        ),
        ([{"intervalo": "10"}], {}, "Intervalo: informe também as posições reservadas."),
        (
            [{"percentual": "61"}],
            {},
            "Percentual: a soma das reservas (30% (negros) + 10% (pcd) + 61% (indigenas) = "
            "101%) passa de 100%; o máximo é 100%.",
        ),
        ([], {"percentual_negros": "29.99"}, "Percentual negros: no mínimo 30%"),
        ([], {"percentual_negros": "100.01"}, "Percentual negros: no máximo 100%."),
        (
            [{"posicoes": "11, 21"}],
            {"negros_posicoes": "3, 6", "pcd_posicoes": "10"},
            None,
        ),
        (
            [{"posicoes": "11, 21"}],
            {},
            "Sequência explícita: informe também as posições reservadas a candidatos negros.",
        ),
        (
            [{}],
            {"negros_posicoes": "3, 6", "pcd_posicoes": "10"},
            "Posições reservadas: informe também as posições reservadas a indígenas.",
        ),
        (
            [{"posicoes": "10"}],
            {"negros_posicoes": "3, 6", "pcd_posicoes": "10"},
            "Posições reservadas:",
        ),
    ],
)
def test_erros_de_categoria_nomeiam_o_campo(orgao, linhas, campos, mensagem):
    _, valido, erros = _formulario(orgao, linhas, **campos)
    if mensagem is None:
        assert valido, erros
    else:
        assert not valido
        assert any(mensagem in e for e in erros), erros


def test_formulario_sem_categorias_no_post_mantem_as_gravadas(orgao, alice):
    from selecoes.services import selecao_criar

    dados = edital_post(orgao=orgao.pk)
    dados.update(_categorias_post([{}]))
    edital = FormularioEdital(dados, orgaos=type(orgao).objects.filter(pk=orgao.pk))
    assert edital.is_valid()
    selecao = selecao_criar(orgao=orgao, usuario=alice, dados=edital.dados())
    edital = FormularioEdital(edital_post(titulo="Outro título"), instance=selecao)
    assert edital.is_valid(), edital.resumo_erros()
    assert [c["categoria"] for c in edital.dados().categorias] == ["indigenas"]


PERCENTUAIS = st.decimals(min_value=Decimal("-5"), max_value=Decimal("120"), places=2)


@pytest.mark.django_db
@given(negros=PERCENTUAIS, outras=st.lists(PERCENTUAIS, max_size=3))
@example(negros=Decimal("30"), outras=[Decimal("10"), Decimal("5")])
@example(negros=Decimal("30"), outras=[Decimal("70.01")])
def test_propriedade_aceita_exatamente_os_percentuais_legais(negros, outras):
    """Aceito ⇔ negros em [30, 100], cada categoria em (0, 100] e soma ≤ 100 (sem PcD)."""
    from tests.factories import OrgaoFactory

    orgao = OrgaoFactory()
    codigos = ["indigenas", "quilombolas", "trans"]
    linhas = [{"categoria": codigos[i], "percentual": str(p)} for i, p in enumerate(outras)]
    _, valido, erros = _formulario(orgao, linhas, percentual_negros=str(negros), reserva_pcd=None)
    legal = (
        Decimal(30) <= negros <= 100
        and all(Decimal(0) < p <= 100 for p in outras)
        and negros + sum(outras, Decimal(0)) <= 100
    )
    assert valido == legal, erros


def test_tela_do_edital_cria_rascunho_com_as_categorias(client, orgao, alice):
    from django.urls import reverse

    from selecoes.models import Selecao

    client.force_login(alice)
    pagina = client.get(reverse("selecoes:criar")).content.decode()
    assert "Categorias de reserva do órgão" in pagina
    assert 'id="modelo-categorias"' in pagina
    assert "categorias-__prefix__-base_legal" in pagina
    dados = edital_post(orgao=orgao.pk)
    dados.update(
        _categorias_post([{"categoria": "trans", "nome": "Pessoas trans", "percentual": "2"}])
    )
    resposta = client.post(reverse("selecoes:criar"), dados)
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    selecao = Selecao.objects.get()
    assert [c.categoria for c in selecao.categorias_orgao.all()] == ["trans"]
    edicao = client.get(reverse("selecoes:editar", args=[selecao.pk])).content.decode()
    assert 'name="categorias-0-base_legal"' in edicao
    assert "Portaria MRE nº 649/2026" in edicao


def test_tela_do_edital_com_soma_acima_de_100_nao_grava_nada(client, orgao, alice):
    from django.urls import reverse

    from selecoes.models import Selecao

    client.force_login(alice)
    dados = edital_post(orgao=orgao.pk)
    dados.update(_categorias_post([{"percentual": "61"}]))
    resposta = client.post(reverse("selecoes:criar"), dados)
    assert resposta.status_code == 200
    assert "passa de 100%" in resposta.content.decode()
    assert not Selecao.objects.exists()
