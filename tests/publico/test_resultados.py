"""Resultados públicos: listas, paginação, busca, versões, estado atual e cache."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, SituacaoConvocacao, TipoResultado
from candidatos.selectors.publico import interpretar_conteudo, memoria
from candidatos.selectors.publico import resultados as resultados_selectors
from relatorios.models import Documento, StatusDocumento, TipoDocumento
from selecoes.models import SituacaoSelecao
from tests.factories import SelecaoFactory, VagaEstagioFactory
from tests.publico.factories import criar_inscricoes_em_massa, publicar_versao, selecao_publicar

pytestmark = pytest.mark.django_db


def _url(cenario, versao="atual", lista="classificacao", codigo="DIR-BSB"):
    return reverse("publico:resultado_vaga", args=[cenario.selecao.pk, versao, codigo, lista])


def _linhas(resposta):
    return [(linha.inscricao, estado) for linha, estado in resposta.context["linhas"]]


def test_atual_e_a_ultima_versao_final(client, cenario):
    resposta = client.get(_url(cenario))
    assert resposta.status_code == 200
    assert resposta.context["versao"].id == cenario.final.pk
    # Final v2 trocou a 1ª e a 2ª colocadas.
    assert [n for n, _ in _linhas(resposta)][:2] == ["2026000002", "2026000001"]


def test_versao_antiga_continua_publica_e_avisa_que_foi_substituida(client, cenario):
    resposta = client.get(_url(cenario, versao="preliminar-1"))
    html = resposta.content.decode()
    assert resposta.context["versao"].id == cenario.preliminar.pk
    assert [n for n, _ in _linhas(resposta)][:2] == ["2026000001", "2026000002"]
    assert "Esta versão foi substituída" in html
    assert _url(cenario, versao="final-2") in html


def test_historico_de_versoes_com_datas_motivo_e_hash(client, cenario):
    resposta = client.get(reverse("publico:resultados", args=[cenario.selecao.pk]))
    html = resposta.content.decode()
    rotulos = [v.rotulo for v in resposta.context["versoes"]]
    assert rotulos == [
        "Resultado final, versão 2",
        "Resultado final, versão 1",
        "Resultado preliminar, versão 1",
    ]
    assert "Recurso deferido: revisão da nota da inscrição 000001." in html
    assert cenario.final.hash_conteudo in html
    assert timezone.localtime(cenario.final.publicado_em).strftime("%d/%m/%Y %H:%M") in html
    assert _url(cenario, versao="final-2", lista="negros") in html


def test_pdf_da_versao_quando_pronto(client, cenario):
    url = reverse("publico:resultados", args=[cenario.selecao.pk])
    assert "(PDF)" not in client.get(url).content.decode()
    documento = Documento.objects.create(
        tipo=TipoDocumento.RESULTADO,
        chave=f"resultado:{cenario.final.pk}",
        titulo="Resultado final, versão 2",
        selecao=cenario.selecao,
        publico=True,
        status=StatusDocumento.PRONTO,
        arquivo="documentos/resultado-final-v2.pdf",
    )
    assert f'href="/documentos/{documento.pk}/arquivo/"' in client.get(url).content.decode()


def test_versao_agendada_para_o_futuro_nao_aparece(client, cenario):
    publicar_versao(
        cenario.selecao,
        [(cenario.vaga, cenario.inscricoes[::-1])],
        numero=3,
        motivo="Agendada",
        publicado_em=timezone.now() + dt.timedelta(days=1),
    )
    assert client.get(_url(cenario, versao="final-3")).status_code == 404
    assert client.get(_url(cenario)).context["versao"].id == cenario.final.pk


@pytest.mark.parametrize(
    ("lista", "primeiros"),
    [
        ("classificacao", ["2026000002", "2026000001", "2026000003"]),
        ("negros", ["2026000003", "2026000005", "2026000006"]),
        ("pcd", ["2026000007"]),
        ("convocacao", ["2026000002", "2026000003", "2026000001"]),
    ],
)
def test_cada_lista_da_vaga(client, cenario, lista, primeiros):
    resposta = client.get(_url(cenario, lista=lista))
    assert resposta.status_code == 200
    numeros = [n for n, _ in _linhas(resposta)]
    assert numeros[: len(primeiros)] == primeiros


def test_lista_de_convocacao_mostra_modalidade(client, cenario):
    html = client.get(_url(cenario, lista="convocacao")).content.decode()
    assert "Reservada a candidatos negros" in html
    assert "Ampla concorrência" in html


def test_estado_atual_sem_motivos(client, cenario):
    estados = dict(_linhas(client.get(_url(cenario))))
    assert estados["2026000002"] == "Contratado(a)"
    assert estados["2026000003"] == "Convocado(a)"
    assert estados["2026000001"] == "Desistente"
    assert estados["2026000012"] == "Eliminado(a)"
    assert estados["2026000008"] == ""


def test_lista_pcd_inexistente_quando_a_selecao_nao_reserva_pcd(client, orgao):
    selecao = selecao_publicar(SelecaoFactory(orgao=orgao, reserva_pcd=False))
    vaga = VagaEstagioFactory(selecao=selecao, codigo="X", vagas_ofertadas=3)
    publicar_versao(selecao, [(vaga, criar_inscricoes_em_massa(vaga, 4))])
    base = ["atual", "X"]
    assert (
        client.get(reverse("publico:resultado_vaga", args=[selecao.pk, *base])).status_code == 200
    )
    pcd = reverse("publico:resultado_vaga", args=[selecao.pk, *base, "pcd"])
    assert client.get(pcd).status_code == 404


def test_lista_pcd_some_quando_nao_ha_vaga_nem_candidato_pcd():
    """O produtor pode gravar "pcd": 0 em toda vaga (docs/resultado.md não proíbe)."""
    conteudo = {
        "vagas": [
            {"codigo": "A", "ofertadas": 2, "reservadas": {"negros": 1, "pcd": 0}},
            {
                "codigo": "B",
                "ofertadas": 1,
                "reservadas": {"negros": 0, "pcd": 0},
                "classificacao": [{"posicao": 1, "inscricao": "1", "nome": "X", "listas": ["pcd"]}],
                "lista_pcd": ["1"],
            },
        ]
    }
    vagas = interpretar_conteudo(1, conteudo).vagas
    assert "pcd" not in dict(vagas["A"].listas_disponiveis)
    assert "pcd" in dict(vagas["B"].listas_disponiveis)


@pytest.mark.parametrize(
    "caminho",
    [
        "/publico/selecoes/{pk}/resultados/final-9/DIR-BSB/",
        "/publico/selecoes/{pk}/resultados/atual/NAO-EXISTE/",
        "/publico/selecoes/{pk}/resultados/atual/DIR-BSB/outra/",
        "/publico/selecoes/{pk}/resultados/rascunho-1/",
        "/publico/selecoes/999999/resultados/atual/DIR-BSB/",
    ],
)
def test_enderecos_inexistentes_respondem_404(client, cenario, caminho):
    assert client.get(caminho.format(pk=cenario.selecao.pk)).status_code == 404


def test_resultado_de_selecao_em_rascunho_nao_e_publico(client, cenario):
    cenario.selecao.situacao = SituacaoSelecao.RASCUNHO
    cenario.selecao.save()
    assert client.get(_url(cenario)).status_code == 404
    assert client.get(reverse("publico:resultados", args=[cenario.selecao.pk])).status_code == 404


def test_selecao_sem_resultado_publicado(client, orgao):
    selecao = SelecaoFactory(orgao=orgao, situacao=SituacaoSelecao.PUBLICADA)
    html = client.get(reverse("publico:resultados", args=[selecao.pk])).content.decode()
    assert "Ainda não há resultado publicado" in html


@pytest.fixture
def vaga_grande(orgao):
    selecao = selecao_publicar(SelecaoFactory(orgao=orgao, reserva_pcd=False))
    vaga = VagaEstagioFactory(selecao=selecao, codigo="GRANDE", vagas_ofertadas=10)
    inscricoes = criar_inscricoes_em_massa(vaga, 120)
    publicar_versao(selecao, [(vaga, inscricoes)], tipo=TipoResultado.FINAL)
    return selecao


def _url_grande(selecao, lista="classificacao"):
    return reverse("publico:resultado_vaga", args=[selecao.pk, "atual", "GRANDE", lista])


def test_paginacao_de_50_em_50(client, vaga_grande):
    url = _url_grande(vaga_grande)
    paginas = [client.get(url, {"page": n}) for n in (1, 2, 3)]
    assert [len(p.context["linhas"]) for p in paginas] == [50, 50, 20]
    assert paginas[1].context["linhas"][0][0].posicao == 51
    assert "Página 2 de 3" in paginas[1].content.decode()
    assert 'rel="next"' in paginas[1].content.decode()
    # Página fora do intervalo mostra a última (nunca erro).
    assert client.get(url, {"page": 99}).context["page_obj"].number == 3


def test_paginacao_preserva_a_busca(client, vaga_grande):
    resposta = client.get(_url_grande(vaga_grande), {"q": "da silva"})
    assert resposta.context["total"] == 120
    # {% querystring %} codifica o espaço como "+" (QueryDict.urlencode).
    assert "q=da+silva&amp;page=2" in resposta.content.decode()


@pytest.mark.parametrize(
    ("termo", "esperados"),
    [
        ("jose araujo", ["2026000005"]),
        ("JOSÉ", ["2026000005"]),
        ("  social ", ["2026000004"]),
        ("2026000011", ["2026000011"]),
        ("00001", ["2026000001", "2026000010", "2026000011", "2026000012"]),
        ("inexistente", []),
    ],
)
def test_busca_por_nome_ou_numero(client, cenario, termo, esperados):
    resposta = client.get(_url(cenario), {"q": termo})
    assert sorted(n for n, _ in _linhas(resposta)) == esperados


def test_busca_nunca_por_cpf(client, cenario):
    inscricao = cenario.inscricoes[4]
    cpf = inscricao.cpf
    formatado = f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"
    for termo in (cpf, formatado):
        resposta = client.get(_url(cenario), {"q": termo})
        html = resposta.content.decode()
        assert resposta.context["linhas"] == []
        assert "a busca não aceita CPF" in html
        assert cpf not in html
        assert formatado not in html


def test_nome_civil_nunca_aparece_quando_ha_nome_social(client, cenario):
    html = client.get(_url(cenario)).content.decode()
    assert "Maria Social" in html
    assert "João Civil Registrado" not in html


def test_pagina_em_cache_sem_consultas_ao_banco(client, cenario, django_assert_num_queries):
    url = _url(cenario)
    primeira = client.get(url).content
    with django_assert_num_queries(0):
        assert client.get(url).content == primeira


def _nova_versao(cenario):
    return publicar_versao(
        cenario.selecao,
        [(cenario.vaga, cenario.inscricoes[::-1])],
        numero=3,
        motivo="Nova avaliação após decisão judicial.",
    )


@pytest.fixture
def estado_sem_atraso(monkeypatch):
    """Estado vivo relido a cada pedido, como se a validade curta já tivesse passado."""
    monkeypatch.setattr(resultados_selectors, "VALIDADE_ESTADO_SEGUNDOS", 0)


def test_publicar_nova_versao_invalida_a_pagina(client, cenario, estado_sem_atraso):
    url = _url(cenario)
    client.get(url)
    antiga = _url(cenario, versao="final-2")
    client.get(antiga)
    nova = _nova_versao(cenario)
    resposta = client.get(url)
    assert resposta.context["versao"].id == nova.pk
    assert _linhas(resposta)[0][0] == "2026000012"
    # A versão antiga, já em cache, passa a avisar que foi substituída.
    assert "Esta versão foi substituída" in client.get(antiga).content.decode()


def test_versao_nova_aparece_quando_vence_a_validade_do_estado(client, cenario, monkeypatch):
    url = _url(cenario)
    client.get(url)
    nova = _nova_versao(cenario)
    # Dentro da validade curta do estado, a página guardada continua valendo…
    assert "Resultado final, versão 3" not in client.get(url).content.decode()
    # …e, vencida a validade, a impressão não confere mais e a página é refeita.
    agora = memoria.time.monotonic()
    atraso = resultados_selectors.VALIDADE_ESTADO_SEGUNDOS + 0.1
    monkeypatch.setattr(memoria.time, "monotonic", lambda: agora + atraso)
    assert client.get(url).context["versao"].id == nova.pk


@pytest.mark.parametrize(
    ("nova_situacao", "rotulo"),
    [
        (SituacaoConvocacao.RECUSADA, "Desistente"),
        (SituacaoConvocacao.CONTRATADO, "Contratado(a)"),
        (SituacaoConvocacao.ELIMINADO, "Eliminado(a)"),
    ],
)
def test_cache_acompanha_o_estado_atual(client, cenario, estado_sem_atraso, nova_situacao, rotulo):
    url = _url(cenario)
    assert dict(_linhas(client.get(url)))["2026000003"] == "Convocado(a)"
    Convocacao.objects.filter(inscricao__numero="2026000003").update(
        situacao=nova_situacao, data_inicio=dt.date(2026, 12, 1), numero_tce="TCE-9"
    )
    html = client.get(url).content.decode()
    assert rotulo in html.split("2026000003", 1)[1].split("</tr>", 1)[0]


def test_usuario_com_sessao_nao_recebe_pagina_de_outro(client, cenario, alice):
    url = _url(cenario)
    client.get(url)
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert "Área do RH" in html
    client.logout()
    assert "alice" not in client.get(url).content.decode()
