"""Resultado com categorias do órgão: o motor chama pela categoria, cada categoria
tem sua lista, e a lista só de números não liga a pertença ao nome (LGPD, art. 11)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from candidatos.conteudo_resultado import ConteudoResultado
from candidatos.models import TipoResultado
from candidatos.services import resultado
from tests.candidatos.classificacao.factories import AGORA, aprovar, inscrever, nova_vaga
from tests.factories import CategoriaEditalFactory

LETRAS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


@pytest.fixture(autouse=True)
def _cache_limpo():
    """As páginas públicas de resultado vivem no cache (como em tests/publico)."""
    from django.core.cache import cache

    from candidatos.selectors.publico.memoria import limpar_todas

    cache.clear()
    limpar_todas()
    yield
    cache.clear()
    limpar_todas()


@pytest.fixture
def cenario(orgao, alice, settings):
    """Itamaraty (Portaria MRE nº 649/2026): 20 vagas, negros 30, PcD 10, indígenas 5,
    quilombolas 3, pessoas trans 2. Ninguém opta por negros nem PcD; X (24º) é
    indígena e T (20º) é pessoa trans."""
    vaga = nova_vaga(orgao, ofertadas=20, pcd=True)
    selecao = vaga.selecao
    base = "Portaria MRE nº 649/2026"
    CategoriaEditalFactory(
        selecao=selecao, categoria="indigenas", nome="Indígenas", base_legal=base
    )
    CategoriaEditalFactory(
        selecao=selecao, categoria="quilombolas", nome="Quilombolas", percentual=3, ordem=1
    )
    CategoriaEditalFactory(
        selecao=selecao, categoria="trans", nome="Pessoas trans", percentual=2, ordem=2
    )
    inscricoes = {}
    for i, letra in enumerate(LETRAS):
        categorias = {"X": ["indigenas"], "T": ["trans"]}.get(letra, [])
        ins = inscrever(
            vaga,
            f"DIR-{letra}",
            nome=f"Pessoa {letra}",
            concorre_categorias=categorias,
        )
        aprovar(ins, Decimal(100 - i))
        inscricoes[letra] = ins
    versao = resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    return selecao, versao


@pytest.mark.django_db
def test_motor_chama_o_indigena_na_vaga_reservada_e_as_outras_revertem(cenario):
    _, versao = cenario
    (vaga,) = ConteudoResultado.from_json(versao.conteudo).vagas
    # Quadro (à mão): round_half_up(p × 20) = negros 6, PcD 2, indígenas 1,
    # quilombolas 1, trans 0. Sem negros, PcD nem quilombolas, essas vagas revertem
    # à ampla concorrência (art. 4º, § 3º): A…S (1º a 19º) e, na 10ª posição, X.
    assert dict(vaga.reservadas) == {
        "negros": 6,
        "pcd": 2,
        "indigenas": 1,
        "quilombolas": 1,
        "trans": 0,
    }
    chamados = {c.inscricao: c.modalidade for c in vaga.convocacao}
    assert set(chamados) == {f"DIR-{letra}" for letra in LETRAS[:19]} | {"DIR-X"}
    assert chamados["DIR-X"] == "indigenas"
    assert [c.ordem for c in vaga.convocacao if c.inscricao == "DIR-X"] == [10]
    assert vaga.lista("indigenas") == ("DIR-X",)
    assert "indígenas" in vaga.explicacoes["DIR-X"]
    assert vaga.lista("trans") == ("DIR-T",)
    assert vaga.lista("quilombolas") == ()
    codigos = [c.codigo for c in ConteudoResultado.from_json(versao.conteudo).categorias_orgao]
    assert codigos == ["indigenas", "quilombolas", "trans"]
    assert versao.conteudo["categorias_orgao"][2]["lista_com_nomes"] is False


def _pagina(client, selecao, lista):
    url = reverse("publico:resultado_vaga", args=[selecao.pk, "atual", "DIR", lista])
    resposta = client.get(url)
    assert resposta.status_code == 200
    return resposta.content.decode()


@pytest.mark.django_db
def test_lista_publica_de_cada_categoria_com_titulo_e_base_legal(client, cenario):
    selecao, _ = cenario
    html = _pagina(client, selecao, "indigenas")
    assert "Lista de indígenas" in html
    assert "Portaria MRE nº 649/2026" in html
    assert "Pessoa X" in html


@pytest.mark.django_db
def test_lista_de_pessoas_trans_so_com_codigos_de_lista(client, cenario):
    from selecoes.sigilo import codigo_lista

    selecao, _ = cenario
    html = _pagina(client, selecao, "trans")
    assert codigo_lista("DIR-T", "trans") in html
    assert "DIR-T" not in html
    assert "Pessoa T" not in html
    assert "sem nomes nem números de inscrição" in html
    geral = _pagina(client, selecao, "classificacao")
    assert "Pessoa T" in geral  # está na classificação geral, sem a lista trans ao lado
    assert "Pessoas trans" not in geral


@pytest.mark.django_db
def test_pdf_do_resultado_tem_uma_lista_por_categoria_e_a_trans_sem_nomes(cenario):
    from relatorios.documentos.construtores import secoes_resultado

    _, versao = cenario
    (secao,) = secoes_resultado(ConteudoResultado.from_json(versao.conteudo))
    listas = {lista.chave: lista for lista in secao.listas}
    assert list(listas) == [
        "classificacao",
        "negros",
        "pcd",
        "indigenas",
        "quilombolas",
        "trans",
        "convocacao",
    ]
    assert "Portaria MRE nº 649/2026" in listas["indigenas"].descricao
    assert any("Pessoa X" in linha for linha in listas["indigenas"].linhas)
    # A lista sem nomes sai no documento próprio, pelos códigos (test_sigilo_listas).
    assert listas["trans"].linhas == ()
    assert "listas sem nomes" in listas["trans"].vazia
    assert any("indígenas" in linha and "DIR-X" in linha for linha in listas["convocacao"].linhas)


@pytest.mark.django_db
def test_tela_da_vaga_do_rh_tem_a_lista_de_cada_categoria(client, alice, cenario):
    selecao, _ = cenario
    vaga = selecao.vagas.get()
    client.force_login(alice)
    url = reverse("classificacao:vaga", args=[vaga.pk])
    html = client.get(url, {"lista": "indigenas"}).content.decode()
    assert "Indígenas (Portaria MRE nº 649/2026)" in html
    assert "DIR-X" in html
    assert "Reservada a indígenas" in html  # modalidade na ordem de convocação


@pytest.mark.django_db
def test_retificacao_depois_do_resultado_nao_muda_as_categorias(alice, cenario):
    """Regras, § 8: com resultado publicado, a base legal da reserva está congelada."""
    import dataclasses

    from django.core.exceptions import ValidationError

    from selecoes.services import dados_da_selecao, selecao_retificar

    selecao, _ = cenario
    dados = dados_da_selecao(selecao)
    categorias = [dict(c) for c in dados.categorias]
    categorias[0]["percentual"] = Decimal("6")
    with pytest.raises(ValidationError) as erro:
        selecao_retificar(
            selecao=selecao,
            usuario=alice,
            motivo="Aumentar a reserva de indígenas.",
            data_retificacao=selecao.data_publicacao_edital,
            dados=dataclasses.replace(dados, categorias=categorias),
            agora=AGORA,
        )
    assert any("Categorias de reserva do órgão" in m for m in erro.value.messages)
    assert selecao.categorias_orgao.get(categoria="indigenas").percentual == Decimal("5")
    # O texto do edital (nome, pergunta) continua retificável.
    categorias = [dict(c) for c in dados.categorias]
    categorias[0]["pergunta"] = "Você se autodeclara indígena?"
    versao = selecao_retificar(
        selecao=selecao,
        usuario=alice,
        motivo="Pergunta mais clara.",
        data_retificacao=selecao.data_publicacao_edital,
        dados=dataclasses.replace(dados, categorias=categorias),
        agora=AGORA,
    )
    assert versao.conteudo["categorias_orgao"][0]["pergunta"] == "Você se autodeclara indígena?"


@pytest.mark.django_db
def test_minha_situacao_traz_a_posicao_na_lista_da_categoria(cenario):
    from candidatos.models import Inscricao
    from candidatos.selectors.publico.situacao import situacao_do_candidato

    selecao, _ = cenario
    inscricao = Inscricao.objects.get(selecao=selecao, numero="DIR-X")
    situacao = situacao_do_candidato(inscricao_id=inscricao.pk, agora=AGORA + dt.timedelta(hours=1))
    (posicao,) = situacao.posicoes
    assert posicao.listas_do_orgao == (("Lista de indígenas", 1),)
    assert posicao.modalidade == "Reservada a indígenas"
    assert "indígenas" in posicao.explicacao
