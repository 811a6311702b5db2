"""Os gráficos do monitoramento dizem o que o decreto diz (art. 1º: 30% das VAGAS)."""

import io

import pytest
from django.urls import reverse
from django.utils.html import escape
from pypdf import PdfReader

from relatorios.documentos import services
from relatorios.models import Documento, TipoDocumento
from relatorios.monitoramento.graficos import Barra, Grupo, colunas_agrupadas

pytestmark = pytest.mark.django_db

PAINEL = reverse("monitoramento:painel")


def _graficos(client, usuario, **consulta):
    client.force_login(usuario)
    resposta = client.get(PAINEL, consulta)
    return resposta, {g.identificador: g for g in resposta.context["graficos"]}


def test_meta_de_30_por_cento_fica_na_serie_das_vagas_reservadas(client, monica, dados):
    _, graficos = _graficos(client, monica)
    com_meta = {i for i, g in graficos.items() if 'stroke-dasharray="6 4"' in str(g.svg)}
    assert com_meta == {"grafico-evolucao", "grafico-orgaos"}
    for identificador in com_meta:
        assert "Vagas reservadas a negros, em % das vagas oferecidas" in (
            graficos[identificador].titulo
        )
        assert "meta 30% das vagas" in str(graficos[identificador].svg)
    assert not any("entre os contratados" in g.titulo for g in graficos.values())
    # 2026: 4 de 13 vagas oferecidas reservadas nos dois órgãos (quadro dos editais).
    assert graficos["grafico-evolucao"].barras[-1].texto == "30,8%"


def test_anos_sem_dados_ficam_no_eixo_vazios(client, monica, dados):
    _, graficos = _graficos(client, monica)
    evolucao = graficos["grafico-evolucao"]
    assert [b.rotulo for b in evolucao.barras] == [str(a) for a in range(2018, 2027)]
    assert {b.texto for b in evolucao.barras[1:-1]} == {"sem dados"}
    assert all(f">{a}</text>" in str(evolucao.svg) for a in range(2018, 2027))
    reserva = graficos["grafico-reserva"]
    assert [rotulo for rotulo, _ in reserva.grupos] == [str(a) for a in range(2018, 2027)]


def test_series_reservadas_ocupadas_e_negros_em_ac(client, alice, dados):
    _, graficos = _graficos(client, alice)
    reserva = graficos["grafico-reserva"]
    assert reserva.series == (
        "Vagas reservadas a negros (quadro do edital)",
        "Ocupadas pela reserva (contratações em vaga reservada)",
        "Pessoas negras contratadas em ampla concorrência",
    )
    ultimo = dict(reserva.grupos)["2026"]
    assert len(ultimo) == 3
    assert ultimo[0].valor is not None  # vagas do quadro não são dados pessoais
    # A legenda nomeia as três séries; a tabela tem uma coluna por série.
    for nome in reserva.series:
        assert nome in str(reserva.svg)


def test_grafico_de_orgao_todo_suprimido_mostra_estado_vazio(client, monica, dados, orgao):
    resposta, graficos = _graficos(client, monica, orgao=orgao.pk)
    modalidades = graficos["grafico-modalidades"]
    assert modalidades.vazio.startswith("Sem gráfico: os números de MIR estão suprimidos")
    html = resposta.content.decode()
    assert 'id="grafico-modalidades-vazio"' in html
    assert 'aria-labelledby="grafico-modalidades-titulo' not in html


def test_agrupado_sem_valores_mantem_o_grupo_com_texto():
    g = colunas_agrupadas(
        identificador="g",
        titulo="t",
        descricao="d",
        series=["A", "B"],
        grupos=[
            Grupo("2019", (Barra("A", None, "sem dados"), Barra("B", None, "sem dados"))),
            Grupo("2020", (Barra("A", 4, "4"), Barra("B", 2, "2"))),
        ],
    )
    svg = str(g.svg)
    assert svg.count("<rect") == 2 + 2  # legenda (2) + barras de 2020 (2)
    assert ">2019</text>" in svg
    assert ">sem dados</text>" in svg
    assert "style=" not in svg


def test_pdf_traz_cada_legenda_uma_vez(client, monica, dados, django_capture_on_commit_callbacks):
    client.force_login(monica)
    with django_capture_on_commit_callbacks(execute=False):
        client.post(f"{reverse('monitoramento:relatorio_anual_gerar')}?ano=2026")
    documento = Documento.objects.get(tipo=TipoDocumento.RELATORIO_ANUAL)
    services.gerar(documento_id=documento.pk, geracao=documento.geracao)
    documento.refresh_from_db()
    with documento.arquivo.open("rb") as arquivo:
        leitor = PdfReader(io.BytesIO(arquivo.read()))
    texto = " ".join(" ".join(p.extract_text().split()) for p in leitor.pages)
    assert texto.count("Convocações por modalidade em 2026 — todos os órgãos") == 1
    assert "meta 30% das vagas" in texto


def test_descricao_do_agrupado_diz_cada_ano(client, monica, dados):
    _, graficos = _graficos(client, monica)
    descricao = graficos["grafico-reserva"].descricao
    assert descricao.startswith("Três colunas por ano, nesta ordem: Vagas reservadas")
    assert "2019: sem dados; sem dados; sem dados." in descricao
    assert f'<desc id="grafico-reserva-desc">{escape(descricao)}</desc>' in str(
        graficos["grafico-reserva"].svg
    )
