"""Regressões: cada entrada que derrubava uma tela (HTTP 500 ou minutos de CPU) e foi
encontrada pelos testes de entrada hostil (test_formularios_*, test_importacoes_hostis)."""

import time

import pytest
from django.urls import reverse

from selecoes.forms import vagas_da_previa
from tests.seguranca.hostil import CACHE_LOCAL, cliente_logado
from tests.seguranca.mundo_rh import criar_mundo_rh
from tests.selecoes.formularios import edital_post


@pytest.fixture
def mundo(db, settings, tmp_path, orgao, alice):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    return criar_mundo_rh(orgao, alice)


@pytest.fixture
def gestora(mundo):
    return cliente_logado(mundo.gestor)


def _edital(mundo, **campos):
    selecao = mundo.rascunho
    vagas = [
        {"codigo": "DIR", "id": v.pk} if i == 0 else {"codigo": "ADM", "id": v.pk}
        for i, v in enumerate(selecao.vagas.order_by("pk"))
    ]
    criterio = selecao.criterios.get()
    return edital_post(
        numero_edital="101/2026",
        vagas=vagas,
        criterios=[{"id": criterio.pk, "codigo": "prova"}],
        iniciais_vagas=2,
        iniciais_criterios=1,
        **campos,
    )


@pytest.mark.parametrize("codigo", ["²", "ÇÃO123", "١٢٣"])
def test_regressao_comprovante_com_codigo_nao_ascii_responde_404(client, mundo, codigo):
    inscricao = mundo.livre
    url = reverse("inscricao_publica:comprovante", args=[inscricao.numero, codigo])
    assert client.get(url).status_code == 404
    consulta = reverse("inscricao_publica:consultar")
    resposta = client.get(consulta, {"numero": inscricao.numero, "codigo": codigo})
    assert resposta.status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/convocacao/%00/",
        "/convocacao/abc%00def/ciente/",
        "/inscricao/comprovante/%00/ABC/",
        "/documentos/comprovante/%00/ABC/",
        "/documentos/comprovante/%00/ABC/progresso/",
    ],
)
def test_regressao_nul_na_url_publica_responde_404(client, mundo, url):
    metodo = client.post if url.endswith("ciente/") else client.get
    assert metodo(url).status_code == 404


def test_regressao_nul_no_filtro_da_auditoria(gestora, mundo):
    url = reverse("classificacao:auditoria", args=[mundo.classificada.pk])
    assert gestora.get(url, {"acao": "convocacao\x00"}).status_code == 200


@pytest.mark.parametrize("com", [":", "1e3", "١", "-1", "9" * 30, "9" * 5000])
def test_regressao_comparar_versao_com_parametro_invalido_responde_400(gestora, mundo, com):
    versao = mundo.classificada.resultados.order_by("pk").last()
    url = reverse("classificacao:comparar", args=[versao.pk])
    resposta = gestora.get(url, {"com": com})
    assert resposta.status_code == 400
    assert "Versão comparada: informe um número inteiro positivo." in resposta.content.decode()


def test_regressao_comparar_versao_inexistente_responde_404(gestora, mundo):
    versao = mundo.classificada.resultados.order_by("pk").last()
    url = reverse("classificacao:comparar", args=[versao.pk])
    assert gestora.get(url, {"com": str(2**63 - 1)}).status_code == 404


@pytest.mark.parametrize("texto", ["1e999999999", "-1e999999999", "Infinity", "sNaN", "1E+7"])
def test_regressao_previa_com_vagas_ofertadas_absurdas_avisa_na_hora(texto):
    inicio = time.perf_counter()
    vagas, avisos = vagas_da_previa(
        {"vagas-TOTAL_FORMS": "1", "vagas-0-codigo": "DIR", "vagas-0-vagas_ofertadas": texto}
    )
    assert time.perf_counter() - inicio < 1
    assert vagas == []
    assert avisos == ["Vaga DIR: informe as vagas ofertadas para entrar no quadro."]


@pytest.mark.parametrize(
    "campo", ["criterios-0-nota_maxima", "criterios-0-peso", "vagas-0-valor_bolsa"]
)
def test_regressao_nan_sinalizador_em_linha_do_formset_e_erro_do_campo(gestora, mundo, campo):
    dados = _edital(mundo, **{"vagas-INITIAL_FORMS": "0", "criterios-INITIAL_FORMS": "0"})
    dados[campo] = "-sNaN"
    resposta = gestora.post(reverse("selecoes:editar", args=[mundo.rascunho.pk]), dados)
    assert resposta.status_code == 200
    assert "Informe um número" in resposta.content.decode()


def test_regressao_percentual_pcd_acima_de_70_e_erro_do_campo(gestora, mundo):
    dados = _edital(mundo, percentual_pcd="100")
    resposta = gestora.post(reverse("selecoes:editar", args=[mundo.rascunho.pk]), dados)
    assert resposta.status_code == 200
    assert "Percentual PcD: no máximo 70%." in resposta.content.decode()


def test_regressao_percentual_pcd_negativo_com_posicoes_explicitas(gestora, mundo):
    dados = _edital(mundo, percentual_pcd="-1", negros_posicoes="3, 8", pcd_posicoes="5")
    resposta = gestora.post(reverse("selecoes:editar", args=[mundo.rascunho.pk]), dados)
    assert resposta.status_code == 200
    assert "Percentual PcD: deve ser maior que zero." in resposta.content.decode()


@pytest.mark.parametrize(
    ("titulo", "aba"),
    [
        ("Pregão 12/2026", "Pregão 12-2026"),
        ("[a]*?:\\b", "-a-----b"),
        ("\x00\x01", "Dados"),
        ("'citado'", "citado"),
        ("x" * 40, "x" * 31),
    ],
)
def test_regressao_titulo_de_aba_xlsx_com_caractere_proibido(titulo, aba):
    import io

    from openpyxl import load_workbook

    from candidatos.planilhas import escrever_xlsx

    livro = load_workbook(io.BytesIO(escrever_xlsx(["a"], [["b"]], titulo=titulo)))
    assert livro.sheetnames == [aba]


@pytest.mark.parametrize("valor", ["²", "¹²", "٣"])
def test_regressao_priorizacao_com_orgao_em_digito_nao_ascii(gestora, valor):
    url = reverse("monitoramento:priorizacao")
    resposta = gestora.get(url, {"contratacao": "Pregão 1/2026", "orgao": valor})
    assert resposta.status_code == 200


def test_regressao_retificacao_com_vagas_astronomicas_e_erro_do_campo(gestora, mundo):
    """Achado por ``make fuzz``: 59.178.721.381 vagas na retificação montavam o quadro da
    reserva posição a posição até o ``MemoryError`` (HTTP 500 e gigabytes de memória)."""
    from selecoes.models.selecao import MAX_VAGAS_POR_POSICAO
    from tests.seguranca.test_formularios_rh import _daqui, _edital_valido

    url = reverse("selecoes:retificar", args=[mundo.publicada.pk])
    dados = {
        **_edital_valido(mundo, "102/2026", mundo.publicada),
        "motivo": "Erro material no número de vagas.",
        "data_retificacao": _daqui(formato="%Y-%m-%d"),
        "vagas-0-vagas_ofertadas": "59178721381",
    }
    resposta = gestora.post(url, dados)
    assert resposta.status_code == 200
    limite = f"{MAX_VAGAS_POR_POSICAO:_}".replace("_", ".")
    assert f"no máximo {limite} por vaga de estágio" in resposta.content.decode()
    mundo.publicada.refresh_from_db()
    assert mundo.publicada.vagas.order_by("pk").first().vagas_ofertadas < 100


@pytest.mark.parametrize("acao", ["👩🏿" * 6250, "a" * 61])
def test_regressao_filtro_de_acao_da_auditoria_longo_demais_e_400(gestora, mundo, acao):
    """Achado por ``make fuzz``: 6.250 emojis no filtro de ação viravam um LIKE que o SQLite
    recusa ("pattern too complex"), HTTP 500. A ação tem no máximo 60 caracteres."""
    url = reverse("classificacao:auditoria", args=[mundo.publicada.pk])
    resposta = gestora.get(url, {"acao": acao})
    assert resposta.status_code == 400
    assert "Ação: no máximo 60 caracteres." in resposta.content.decode()
    assert gestora.get(url, {"acao": "convocacao"}).status_code == 200


@pytest.mark.parametrize("valor", ["9999-12-31T21:00", "9999-12-3102100", "0001-01-01T00:00"])
def test_regressao_data_hora_fora_do_alcance_e_erro_do_campo(valor):
    """Achado por ``make fuzz`` (sorteio e convocação): 31/12/9999 21:00 em Brasília passa
    do ano 9999 em UTC e o banco levantava ``OverflowError`` (HTTP 500)."""
    from django.core.exceptions import ValidationError

    from selecoes.forms.campos import campo_data_hora

    with pytest.raises(ValidationError) as erro:
        campo_data_hora("Prazo para resposta").clean(valor)
    assert erro.value.messages == ["Prazo para resposta: informe uma data entre 1900 e 2200."]


def test_data_hora_no_alcance_continua_valendo():
    from selecoes.forms.campos import campo_data_hora

    assert campo_data_hora("Prazo para resposta").clean("2200-12-31T23:59").year == 2200
