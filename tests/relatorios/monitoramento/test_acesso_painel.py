"""Fronteiras de papel do painel (art. 5º) e das exportações."""

import csv
import datetime as dt
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from selecoes.models import Papel

pytestmark = pytest.mark.django_db

PAINEL = reverse("monitoramento:painel")


def _exportar(tabela, formato):
    return reverse("monitoramento:exportar", args=[tabela, formato])


def _csv(resposta):
    texto = resposta.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(texto), delimiter=";"))


def _dados_pessoais(dados):
    for i in dados.inscricoes:
        yield i.nome_civil
        yield i.cpf
        yield i.numero


def test_painel_anonimo_vai_para_o_login(client):
    resposta = client.get(PAINEL)
    assert resposta.status_code == 302
    assert reverse("login") in resposta["Location"]


def test_painel_operador_nao_acessa(client, bruno):
    client.force_login(bruno)
    assert client.get(PAINEL).status_code == 403
    assert client.get(_exportar("indicadores", "csv")).status_code == 403


def test_painel_usuario_sem_lotacao_nem_perfil_nao_acessa(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("solto", password="x-senha-123"))
    assert client.get(PAINEL).status_code == 403


def test_painel_monitoramento_ve_todos_os_orgaos_sem_dado_pessoal(client, monica, dados):
    client.force_login(monica)
    resposta = client.get(PAINEL)
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "MIR" in html
    assert "OUTRO" in html
    assert "&lt; 5" in html  # supressão ligada
    for dado in _dados_pessoais(dados):
        assert dado not in html


@pytest.mark.parametrize("tabela", ["indicadores", "evolucao", "orgaos"])
def test_exportacao_monitoramento_sem_dado_pessoal_e_com_supressao(client, monica, dados, tabela):
    client.force_login(monica)
    resposta = client.get(_exportar(tabela, "csv"))
    assert resposta.status_code == 200
    assert resposta["Content-Type"].startswith("text/csv")
    conteudo = resposta.content.decode("utf-8-sig")
    assert "< 5" in conteudo
    for dado in _dados_pessoais(dados):
        assert dado not in conteudo


def test_exportacao_csv_indicadores_por_orgao(client, monica, dados):
    client.force_login(monica)
    linhas = _csv(client.get(_exportar("indicadores", "csv")))
    assert linhas[0] == ["Grupo", "Indicador", "MIR", "OUTRO", "Total"]
    por_rotulo = {linha[1]: linha[2:] for linha in linhas[1:]}
    assert por_rotulo["Seleções com edital publicado no ano"] == ["2", "1", "3"]
    assert por_rotulo["Vagas oferecidas"] == ["10", "3", "13"]
    # 1 desistência no MIR: suprimida, e o total 1 também
    assert por_rotulo["Desistências"] == ["< 5", "0", "< 5"]
    assert por_rotulo["Contratações"][2] == "11"


def test_exportacao_xlsx_igual_ao_csv(client, monica, dados):
    client.force_login(monica)
    csv_linhas = _csv(client.get(_exportar("orgaos", "csv")))
    resposta = client.get(_exportar("orgaos", "xlsx"))
    assert resposta["Content-Type"].startswith("application/vnd.openxmlformats")
    aba = load_workbook(io.BytesIO(resposta.content)).active
    xlsx_linhas = [
        ["" if v is None else str(v) for v in linha] for linha in aba.iter_rows(values_only=True)
    ]
    assert xlsx_linhas == csv_linhas


def test_exportacao_tabela_ou_formato_desconhecido_404(client, monica):
    client.force_login(monica)
    assert client.get(_exportar("pessoas", "csv")).status_code == 404
    assert client.get(_exportar("indicadores", "pdf")).status_code == 404


def test_painel_gestora_ve_so_o_proprio_orgao_sem_supressao(client, alice, dados):
    client.force_login(alice)
    html = client.get(PAINEL).content.decode()
    assert "OUTRO" not in html
    linhas = _csv(client.get(_exportar("indicadores", "csv")))
    assert linhas[0] == ["Grupo", "Indicador", "MIR", "Total"]
    por_rotulo = {linha[1]: linha[2:] for linha in linhas[1:]}
    assert por_rotulo["Desistências"] == ["1", "1"]
    assert por_rotulo["Contratações"] == ["8", "8"]


def test_painel_auditora_ve_o_proprio_orgao_com_supressao(client, carla, dados):
    client.force_login(carla)
    linhas = _csv(client.get(_exportar("indicadores", "csv")))
    assert linhas[0] == ["Grupo", "Indicador", "MIR", "Total"]
    por_rotulo = {linha[1]: linha[2:] for linha in linhas[1:]}
    assert por_rotulo["Desistências"] == ["< 5", "< 5"]


def test_painel_orgao_de_outro_no_filtro_e_ignorado(client, alice, dados, outro_orgao):
    client.force_login(alice)
    linhas = _csv(client.get(_exportar("indicadores", "csv") + f"?orgao={outro_orgao.pk}"))
    assert "OUTRO" not in linhas[0]
    assert {linha[1]: linha[2:] for linha in linhas[1:]}["Vagas oferecidas"] == ["10", "10"]


def test_painel_gestor_em_um_orgao_e_auditor_em_outro_tem_supressao(
    client, alice, dados, outro_orgao
):
    from tests.factories import LotacaoFactory

    LotacaoFactory(usuario=alice, orgao=outro_orgao, papel=Papel.AUDITOR)
    client.force_login(alice)
    linhas = _csv(client.get(_exportar("indicadores", "csv")))
    assert linhas[0] == ["Grupo", "Indicador", "MIR", "OUTRO", "Total"]
    assert {linha[1]: linha[2:] for linha in linhas[1:]}["Desistências"][0] == "< 5"


def test_painel_filtro_por_ano_e_nivel(client, monica, dados):
    client.force_login(monica)
    resposta = client.get(PAINEL, {"ano": 2018, "nivel": "superior"})
    assert resposta.status_code == 200
    assert resposta.context["painel"].ano == 2018
    assert resposta.context["resumo"]["selecoes"].valor == 1


def test_painel_graficos_acessiveis(client, monica, dados):
    client.force_login(monica)
    html = client.get(PAINEL).content.decode()
    assert html.count("<svg") == 4  # evolução, órgãos, reserva × ocupação × AC, modalidades
    assert 'role="img"' in html
    assert '<title id="grafico-orgaos-titulo">' in html
    assert '<desc id="grafico-orgaos-desc">' in html
    assert "Ver os dados do gráfico em tabela" in html
    assert "style=" not in html.split("<main", 1)[1]


def test_relatorio_anual_previa(client, monica, dados):
    client.force_login(monica)
    resposta = client.get(reverse("monitoramento:relatorio_anual"), {"ano": 2026})
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Relatório anual de monitoramento da reserva de vagas — 2026" in html
    assert "&lt; 5" in html
    for dado in _dados_pessoais(dados):
        assert dado not in html


def test_relatorio_anual_da_gestora_tambem_suprime(client, alice, dados):
    """O relatório é um documento que circula: sempre com supressão."""
    client.force_login(alice)
    html = client.get(reverse("monitoramento:relatorio_anual")).content.decode()
    assert "&lt; 5" in html
    assert "OUTRO" not in html


def _estados(painel, orgao_id):
    return {
        codigo: painel.cels[(ano, o, codigo)].texto
        for (ano, o, codigo) in painel.cels
        if o == orgao_id and ano == 2026
    }


def test_supressao_igual_em_todas_as_telas_do_orgao(dados, orgao, outro_orgao, usuario_lotado):
    """A auditora de um órgão vê, desse órgão, exatamente o que o monitoramento vê:
    do contrário, juntando as duas telas, o total de todos os órgãos menos uma célula
    visível só na tela do órgão revelaria uma célula pequena do outro."""
    from relatorios.monitoramento import selectors

    monitoramento = selectors.painel_monitoramento(
        escopo=selectors.EscopoMonitoramento((orgao, outro_orgao), True, True),
        hoje=dt.date(2026, 12, 1),
    )
    for alvo in (orgao, outro_orgao):
        auditor = usuario_lotado(alvo, Papel.AUDITOR, f"auditor-{alvo.sigla}")
        proprio = selectors.painel_monitoramento(
            escopo=selectors.escopo_monitoramento(auditor), hoje=dt.date(2026, 12, 1)
        )
        assert proprio.chave_total == alvo.pk
        assert _estados(proprio, alvo.pk) == _estados(monitoramento, alvo.pk)


def test_subtotal_de_quem_esta_em_dois_orgaos_e_protegido(
    dados, orgao, outro_orgao, usuario_lotado
):
    from relatorios.monitoramento import selectors
    from relatorios.monitoramento.indicadores import SUBTOTAL
    from tests.factories import LotacaoFactory

    auditor = usuario_lotado(orgao, Papel.AUDITOR, "auditor-dois")
    LotacaoFactory(usuario=auditor, orgao=outro_orgao, papel=Papel.AUDITOR)
    painel = selectors.painel_monitoramento(
        escopo=selectors.escopo_monitoramento(auditor), hoje=dt.date(2026, 12, 1)
    )
    assert painel.chave_total == SUBTOTAL
    assert painel.celula("contratacoes").texto == "11"
    assert painel.celula("desistencias").texto == "< 5"
