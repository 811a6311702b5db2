"""Telas do edital: criar, editar, publicar, retificar, versões, anexo, prévia e listas."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from selecoes.models import RegistroAuditoria, Selecao, SituacaoSelecao
from selecoes.services import selecao_publicar
from tests.factories import SelecaoFactory, VagaEstagioFactory
from tests.selecoes.formularios import edital_post

AGORA = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)


@pytest.fixture
def selecao(orgao):
    s = SelecaoFactory(
        orgao=orgao,
        numero_edital="5/2026",
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 21, 0, tzinfo=dt.UTC),
        reserva_pcd=True,
        criterios_desempate=[{"criterio": "maior_nota"}, {"criterio": "sorteio"}],
    )
    VagaEstagioFactory(selecao=s, codigo="DIR", area="Direito", vagas_ofertadas=10, ordem=0)
    VagaEstagioFactory(selecao=s, codigo="ADM", area="Administração", vagas_ofertadas=3, ordem=1)
    return s


def _post_da_selecao(selecao, **campos):
    """POST equivalente ao formulário preenchido com a seleção atual."""
    vagas = [
        {
            "id": v.pk,
            "codigo": v.codigo,
            "area": v.area,
            "vagas_ofertadas": v.vagas_ofertadas,
        }
        for v in selecao.vagas.all()
    ]
    dados = {
        "numero_edital": selecao.numero_edital,
        "data_publicacao_edital": "2026-03-02",
        "inscricoes_inicio": "2026-03-03T09:00",
        "inscricoes_fim": "2026-03-20T18:00",
        "desempate_2": "sorteio",
        "desempate_3": "",
    }
    dados.update(campos)
    return edital_post(vagas=vagas, iniciais_vagas=len(vagas), **dados)


@time_machine.travel(AGORA, tick=False)
def test_criar_selecao_em_rascunho_com_auditoria(client, bruno, orgao):
    client.force_login(bruno)
    resposta = client.post(
        reverse("selecoes:criar"),
        edital_post(orgao=orgao.pk, vagas=[{"codigo": "DIR"}, {"codigo": "ADM"}]),
    )
    selecao = Selecao.objects.get()
    assert resposta.status_code == 302
    assert resposta.url == reverse("selecoes:detalhe", args=[selecao.pk])
    assert selecao.situacao == SituacaoSelecao.RASCUNHO
    assert selecao.criado_por == bruno
    assert list(selecao.vagas.values_list("codigo", flat=True)) == ["DIR", "ADM"]
    assert RegistroAuditoria.objects.filter(acao="selecao.criar", selecao=selecao).exists()


def test_orgao_unico_vem_preenchido_e_so_orgaos_do_editor(client, alice, diego, orgao):
    client.force_login(alice)
    resposta = client.get(reverse("selecoes:criar"))
    form = resposta.context["edital"].selecao
    assert list(form.fields["orgao"].queryset) == [orgao]
    assert f'<option value="{orgao.pk}" selected>' in resposta.content.decode()


def test_criar_em_outro_orgao_e_recusado(client, alice, outro_orgao):
    client.force_login(alice)
    resposta = client.post(reverse("selecoes:criar"), edital_post(orgao=outro_orgao.pk))
    assert resposta.status_code == 200
    assert (
        "id_orgao",
        "Órgão: escolha um dos órgãos em que você é gestor ou operador.",
    ) in resposta.context["resumo_erros"]
    assert not Selecao.objects.exists()


@time_machine.travel(AGORA, tick=False)
def test_editar_rascunho_altera_vagas(client, alice, selecao):
    client.force_login(alice)
    dados = _post_da_selecao(selecao, titulo="Novo título")
    dados["vagas-1-vagas_ofertadas"] = "7"
    resposta = client.post(reverse("selecoes:editar", args=[selecao.pk]), dados)
    assert resposta.status_code == 302
    selecao.refresh_from_db()
    assert selecao.titulo == "Novo título"
    assert selecao.vagas.get(codigo="ADM").vagas_ofertadas == 7


@time_machine.travel(AGORA, tick=False)
def test_editar_troca_codigos_entre_vagas(client, alice, selecao):
    client.force_login(alice)
    dados = _post_da_selecao(selecao)
    dados["vagas-0-codigo"], dados["vagas-1-codigo"] = "ADM", "DIR"
    assert client.post(reverse("selecoes:editar", args=[selecao.pk]), dados).status_code == 302
    assert selecao.vagas.get(codigo="DIR").vagas_ofertadas == 3


@time_machine.travel(AGORA, tick=False)
def test_publicar_pela_tela(client, alice, selecao):
    client.force_login(alice)
    resposta = client.post(reverse("selecoes:publicar", args=[selecao.pk]), follow=True)
    selecao.refresh_from_db()
    assert selecao.situacao == SituacaoSelecao.PUBLICADA
    assert "Edital publicado (versão 1)" in resposta.content.decode()


def test_publicar_exige_post(client, alice, selecao):
    client.force_login(alice)
    assert client.get(reverse("selecoes:publicar", args=[selecao.pk])).status_code == 405


@time_machine.travel(AGORA, tick=False)
def test_publicar_com_pendencia_mostra_o_campo(client, alice, orgao):
    vazia = SelecaoFactory(orgao=orgao, inscricoes_fim=AGORA + dt.timedelta(days=3))
    client.force_login(alice)
    resposta = client.post(reverse("selecoes:publicar", args=[vazia.pk]), follow=True)
    assert "Vagas de estágio: cadastre ao menos uma vaga." in resposta.content.decode()
    vazia.refresh_from_db()
    assert vazia.situacao == SituacaoSelecao.RASCUNHO


@time_machine.travel(AGORA, tick=False)
def test_congelamento_editar_publicada_redireciona_para_retificacao(client, alice, selecao):
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    client.force_login(alice)
    dados = _post_da_selecao(selecao)
    dados["vagas-0-vagas_ofertadas"] = "1"
    resposta = client.post(reverse("selecoes:editar", args=[selecao.pk]), dados)
    assert resposta.status_code == 302
    assert resposta.url == reverse("selecoes:retificar", args=[selecao.pk])
    assert selecao.vagas.get(codigo="DIR").vagas_ofertadas == 10


@time_machine.travel(AGORA, tick=False)
def test_retificacao_pela_tela_cria_versao_e_mostra_diferencas(client, alice, selecao):
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    client.force_login(alice)
    dados = _post_da_selecao(
        selecao, motivo="Inclusão de vagas em Administração.", data_retificacao="2026-03-04"
    )
    dados["vagas-1-vagas_ofertadas"] = "5"
    previa = client.post(reverse("selecoes:retificar", args=[selecao.pk]), dados)
    assert previa.status_code == 200
    assert "Confira o que a retificação altera" in previa.content.decode()
    assert selecao.versoes.count() == 1
    dados["previa"] = previa.context["previa_retificacao"].hash_conteudo
    resposta = client.post(reverse("selecoes:retificar", args=[selecao.pk]), dados)
    assert resposta.status_code == 302
    assert resposta.url == reverse("selecoes:versoes", args=[selecao.pk])
    selecao.refresh_from_db()
    assert selecao.versao == 2
    assert selecao.situacao == SituacaoSelecao.PUBLICADA

    pagina = client.get(resposta.url)
    diferencas = pagina.context["comparacao"]["diferencas"]
    assert ("Vaga ADM", "Vagas ofertadas", "3", "5") in [
        (d.secao, d.campo, d.antes, d.depois) for d in diferencas
    ]
    # Base do total da seleção (regras, § 3.1): 13 → 15 vagas refaz o rateio; PcD
    # (10% de 15 = 1,5 → 2) ganha a vaga do maior resto em ADM (0,5).
    assert (
        "Reserva ADM",
        "Vagas reservadas",
        "negros: 1; PcD: 0",
        "negros: 2; PcD: 1",
    ) in [(d.secao, d.campo, d.antes, d.depois) for d in diferencas]
    mudancas = selecao.versoes.get(numero=2).conteudo["reserva"]["mudancas_rateio"]
    assert any("ADM: de 0 para 1" in frase for frase in mudancas)
    assert selecao.versao_regras == 2
    html = pagina.content.decode()
    assert "Inclusão de vagas em Administração." in html
    assert "O que mudou da versão 1 para a versão 2" in html

    anterior = client.get(reverse("selecoes:anexo", args=[selecao.pk]) + "?versao=1")
    linhas = {linha["codigo"]: linha for linha in anterior.context["linhas"]}
    assert linhas["ADM"]["vagas_ofertadas"] == 3


@time_machine.travel(AGORA, tick=False)
@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        (
            {"motivo": "", "data_retificacao": "2026-03-04"},
            "Motivo da retificação: informe o motivo.",
        ),
        (
            {"motivo": "Erro", "data_retificacao": ""},
            "Data da retificação: informe a data de publicação da retificação.",
        ),
        (
            {"motivo": "Erro", "data_retificacao": "2026-01-01"},
            "Data da retificação: não pode ser anterior à publicação do edital (02/03/2026).",
        ),
    ],
)
def test_retificacao_pela_tela_exige_motivo_e_data(client, alice, selecao, campos, mensagem):
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    client.force_login(alice)
    dados = _post_da_selecao(selecao, **campos)
    dados["vagas-1-vagas_ofertadas"] = "5"
    resposta = client.post(reverse("selecoes:retificar", args=[selecao.pk]), dados)
    assert resposta.status_code == 200
    assert mensagem in resposta.content.decode()
    assert selecao.versoes.count() == 1
    assert selecao.vagas.get(codigo="ADM").vagas_ofertadas == 3


def test_retificar_rascunho_volta_ao_detalhe(client, alice, selecao):
    client.force_login(alice)
    resposta = client.get(reverse("selecoes:retificar", args=[selecao.pk]))
    assert resposta.status_code == 302
    assert resposta.url == reverse("selecoes:detalhe", args=[selecao.pk])


def test_previa_reserva_valores_representativos(client, bruno):
    client.force_login(bruno)
    dados = edital_post(
        vagas=[{"codigo": "DIR", "vagas_ofertadas": 15}, {"codigo": "ADM", "vagas_ofertadas": 1}]
    )
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    assert resposta.status_code == 200
    quadro = resposta.context["quadro"]
    linhas = {linha.vaga.codigo: linha for linha in quadro.linhas}
    # Base do total da seleção (regras, § 3.1): N = 16; PcD 10% de 16 = 1,6 → 2, as
    # duas em DIR (15 × 10% = 1,5: a parte inteira e o maior resto).
    assert linhas["DIR"].reservadas == {"negros": 5, "pcd": 2}
    assert linhas["ADM"].reservadas == {"negros": 0, "pcd": 0}
    assert quadro.reservadas_esperadas_negros == 5
    html = resposta.content.decode()
    assert "<html" not in html
    assert 'data-total="negros">5<' in html
    assert "comparacao-bases" in html
    por_codigo = {linha.codigo: linha for linha in quadro.comparacao}
    assert por_codigo["DIR"].vaga == {"negros": 5, "pcd": 2}


def test_previa_reserva_base_vaga_e_fracionamento(client, bruno):
    client.force_login(bruno)
    dados = edital_post(vagas=[{"codigo": f"V{i}", "vagas_ofertadas": 1} for i in range(6)])
    dados["base_reserva"] = "vaga"
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    quadro = resposta.context["quadro"]
    assert quadro.base == "vaga"
    assert quadro.total_reservadas == {"negros": 0, "pcd": 0}
    assert quadro.totais_comparacao["selecao"] == {"negros": 2, "pcd": 1}
    html = resposta.content.decode()
    assert "alerta-fracionamento" in html
    dados["base_reserva"] = "selecao"
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    assert resposta.context["quadro"].alerta_fracionamento is None
    assert "maiores restos" in resposta.content.decode()


def test_previa_reserva_com_n_menor_que_3_diz_onde_a_reserva_comeca(client, bruno):
    client.force_login(bruno)
    dados = edital_post(vagas=[{"codigo": "DIR", "vagas_ofertadas": 2}])
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    assert "DIR, a partir da 3ª convocação" in resposta.content.decode()


def test_previa_reserva_art7_e_linhas_incompletas(client, bruno):
    client.force_login(bruno)
    dados = edital_post(
        data_publicacao_edital="2018-06-28",
        vagas=[{"codigo": "DIR", "vagas_ofertadas": 10}, {"codigo": "X", "vagas_ofertadas": ""}],
    )
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    assert not resposta.context["quadro"].aplicavel
    html = resposta.content.decode()
    assert "art. 7º" in html
    assert "Vaga X: informe as vagas ofertadas para entrar no quadro." in html


def test_previa_reserva_sequencia_explicita_invalida(client, bruno):
    client.force_login(bruno)
    dados = edital_post(negros_posicoes="3", pcd_posicoes="3")
    resposta = client.post(reverse("selecoes:previa_reserva"), dados)
    assert resposta.context["quadro"] is None
    assert "reivindicada por duas categorias" in resposta.content.decode()


@time_machine.travel(AGORA, tick=False)
def test_detalhe_mostra_fases_e_proximo_passo(client, carla, selecao):
    client.force_login(carla)
    resposta = client.get(reverse("selecoes:detalhe", args=[selecao.pk]))
    fases = resposta.context["fases"]
    assert [f.titulo for f in fases][:3] == ["Rascunho", "Edital publicado", "Inscrições"]
    assert fases[0].estado == "atual"
    assert "publique o edital" in resposta.context["proximo_passo"]
    html = resposta.content.decode()
    assert 'aria-current="step"' in html
    assert "Publicar edital" not in html  # auditora não publica


@pytest.mark.parametrize(
    ("momento", "trecho"),
    [
        (dt.datetime(2026, 3, 2, 15, 0, tzinfo=dt.UTC), "as inscrições abrem em 03/03/2026 09:00"),
        (dt.datetime(2026, 3, 10, 15, 0, tzinfo=dt.UTC), "Inscrições abertas até 20/03/2026 18:00"),
        (dt.datetime(2026, 3, 25, 15, 0, tzinfo=dt.UTC), "inicie a classificação"),
    ],
)
def test_detalhe_proximo_passo_segue_as_datas(client, alice, selecao, momento, trecho):
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    client.force_login(alice)
    with time_machine.travel(momento, tick=False):
        resposta = client.get(reverse("selecoes:detalhe", args=[selecao.pk]))
    assert trecho in resposta.context["proximo_passo"]


@time_machine.travel(AGORA, tick=False)
def test_anexo_conteudo(client, carla, alice, selecao):
    selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    client.force_login(carla)
    resposta = client.get(reverse("selecoes:anexo", args=[selecao.pk]))
    html = resposta.content.decode()
    assert "A reserva de vagas se aplica" in html
    assert "art. 7º" in html
    assert "art. 1º, § 1º" in html
    assert "Reserva de 30% das vagas a candidatos negros" in html
    assert "10% a pessoas com deficiência" in html
    # Regra de convocação em português simples, com as posições e as escolhas do sistema.
    assert "a 2ª, 5ª, 9ª, 12ª, 15ª, 19ª, 22ª, 25ª e 29ª posições" in html
    assert "Escolhas de interpretação" in html
    # Cada vaga com as 30 primeiras convocações.
    linhas = resposta.context["linhas"]
    assert [len(linha["sequencia"]) for linha in linhas] == [30, 30]
    dir_ = next(linha for linha in linhas if linha["codigo"] == "DIR")
    assert dir_["reservadas"] == [3, 1]
    assert dir_["ampla"] == 6
    assert [n for n, m, *_ in dir_["sequencia"] if m == "pcd"] == [6, 16, 26]
    assert re.findall(r"<caption>Convocações da (\d+)ª à (\d+)ª", html) == [
        ("1", "10"),
        ("11", "20"),
        ("21", "30"),
    ]
    # Critérios de desempate, em ordem.
    assert resposta.context["desempate"] == ["Maior nota final", "Sorteio público"]
    assert "Minuta" not in html


def test_anexo_de_rascunho_e_minuta_e_art7(client, alice, orgao):
    antiga = SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2018, 3, 15),
        inscricoes_inicio=dt.datetime(2018, 3, 19, 12, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2018, 4, 6, 21, tzinfo=dt.UTC),
    )
    VagaEstagioFactory(selecao=antiga, vagas_ofertadas=8)
    client.force_login(alice)
    html = client.get(reverse("selecoes:anexo", args=[antiga.pk])).content.decode()
    assert "Minuta" in html
    assert "A reserva de vagas não se aplica" in html
    assert "antes da entrada em vigor do Decreto nº 9.427/2018 em 29/06/2018 (art. 7º" in html
    assert '<span class="visually-hidden">Candidatos negros</span>' not in html


def test_anexo_versao_inexistente_404_e_ilegivel_400(client, alice, selecao):
    client.force_login(alice)
    url = reverse("selecoes:anexo", args=[selecao.pk])
    assert client.get(url + "?versao=9").status_code == 404
    assert client.get(url + "?versao=x").status_code == 400


def test_lista_filtros_e_paginacao(client, alice, orgao, outro_orgao):
    for i in range(23):
        SelecaoFactory(
            orgao=orgao,
            titulo=f"Seleção de Direito {i}",
            numero_edital=f"{i}/2025",
            data_publicacao_edital=dt.date(2025, 5, 1),
        )
    SelecaoFactory(
        orgao=orgao,
        titulo="Seleção de Engenharia",
        numero_edital="1/2024",
        data_publicacao_edital=dt.date(2024, 5, 1),
        situacao="publicada",
    )
    SelecaoFactory(orgao=outro_orgao, titulo="Seleção de Engenharia do outro órgão")
    client.force_login(alice)
    url = reverse("selecoes:lista")

    primeira = client.get(url)
    assert primeira.context["page_obj"].paginator.count == 24
    assert len(primeira.context["selecoes"]) == 20
    assert len(client.get(url, {"page": 2}).context["selecoes"]) == 4

    assert [s.titulo for s in client.get(url, {"q": "engenharia"}).context["selecoes"]] == [
        "Seleção de Engenharia"
    ]
    assert client.get(url, {"ano": 2024}).context["page_obj"].paginator.count == 1
    assert client.get(url, {"situacao": "publicada"}).context["page_obj"].paginator.count == 1
    assert (
        client.get(url, {"ano": 2025, "q": "Direito 1"}).context["page_obj"].paginator.count == 11
    )


def test_lista_soma_vagas_sem_duplicar_com_busca(client, alice, selecao):
    client.force_login(alice)
    item = client.get(reverse("selecoes:lista"), {"q": "Direito"}).context["selecoes"][0]
    assert (item.total_ofertadas, item.num_vagas) == (13, 2)


def test_painel_lista_selecoes_recentes(client, alice, selecao):
    client.force_login(alice)
    html = client.get(reverse("painel")).content.decode()
    assert reverse("selecoes:detalhe", args=[selecao.pk]) in html
    assert reverse("selecoes:criar") in html


def test_versoes_mostram_publicacao_de_usuario_excluido(client, alice, carla, selecao):
    with time_machine.travel(AGORA):
        selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA)
    selecao.versoes.update(publicada_por=None)
    client.force_login(carla)
    resposta = client.get(reverse("selecoes:versoes", args=[selecao.pk]))
    assert resposta.status_code == 200
    assert "Ver versão 1" in resposta.content.decode()


def test_paginacao_preserva_filtros_e_troca_so_a_pagina(client, alice, orgao):
    for i in range(23):
        SelecaoFactory(orgao=orgao, titulo=f"Seleção de Direito {i}", numero_edital=f"{i}/2025")
    client.force_login(alice)
    url = reverse("selecoes:lista")
    html = client.get(url, {"q": "de Direito", "page": "1"}).content.decode()
    assert 'href="?q=de+Direito&amp;page=2" rel="next"' in html
    html = client.get(url, {"q": "Direito", "page": "2"}).content.decode()
    assert 'href="?q=Direito&amp;page=1" rel="prev"' in html


def test_lista_diz_vagas_ofertadas_e_quantos_codigos_de_vaga(client, alice, selecao):
    client.force_login(alice)
    html = client.get(reverse("selecoes:lista")).content.decode()
    assert "vagas de estágio</span>" not in html
    assert re.search(r">\s*13\s*<span[^>]*>\(2 códigos de vaga\)</span>", html)
    assert '<th scope="col" class="text-end">Vagas ofertadas</th>' in html


def _fase_inscricoes(situacao, inicio, fim, agora=AGORA):
    from selecoes.selectors.listas import linha_do_tempo

    selecao = Selecao(
        situacao=situacao,
        inscricoes_inicio=inicio,
        inscricoes_fim=fim,
        publicada_em=None if situacao == SituacaoSelecao.RASCUNHO else AGORA,
        versao=1,
        validade_meses=12,
    )
    fases = {f.titulo: f for f in linha_do_tempo(selecao, agora=agora)}
    return fases["Inscrições"]


DIA = dt.timedelta(days=1)


@pytest.mark.parametrize(
    ("situacao", "inicio", "fim", "estado", "final"),
    [
        (SituacaoSelecao.RASCUNHO, AGORA + DIA, AGORA + 9 * DIA, "futura", "(horário de Brasília)"),
        (SituacaoSelecao.PUBLICADA, AGORA + DIA, AGORA + 9 * DIA, "atual", "— agendadas."),
        (SituacaoSelecao.PUBLICADA, AGORA - DIA, AGORA + 9 * DIA, "atual", "— abertas."),
        (SituacaoSelecao.PUBLICADA, AGORA - 9 * DIA, AGORA - DIA, "concluida", "— encerradas."),
        # Resultado publicado com o prazo de inscrição ainda correndo (prorrogado por
        # retificação): o serviço ainda aceita inscrições, a fase não está concluída.
        (SituacaoSelecao.RESULTADO_PRELIMINAR, AGORA - DIA, AGORA + DIA, "atual", "— abertas."),
        (
            SituacaoSelecao.EM_CLASSIFICACAO,
            AGORA - 9 * DIA,
            AGORA - DIA,
            "concluida",
            "— encerradas.",
        ),
        (SituacaoSelecao.ENCERRADA, AGORA - 9 * DIA, AGORA - DIA, "concluida", "— encerradas."),
    ],
)
def test_linha_do_tempo_fase_de_inscricoes_concorda_com_as_datas(
    situacao, inicio, fim, estado, final
):
    fase = _fase_inscricoes(situacao, inicio, fim)
    assert (fase.estado, fase.detalhe.endswith(final)) == (estado, True), fase.detalhe


def test_linha_do_tempo_nunca_diz_concluida_com_inscricoes_abertas():
    for situacao in SituacaoSelecao:
        fase = _fase_inscricoes(situacao, AGORA - DIA, AGORA + DIA)
        assert not (fase.estado == "concluida" and "abertas" in fase.detalhe), situacao
