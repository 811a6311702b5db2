"""Parâmetros de consulta lidos por formulários do Django, nunca por ``int()`` à mão.

Um número de 5000 dígitos passa do limite de conversão do Python (ValueError); um de
30 dígitos cabe no Python mas não no INTEGER do SQLite (OverflowError). Nenhum dos
dois pode virar HTTP 500: a tela responde 400 ou devolve o formulário com o erro.
"""

import pytest
from django.urls import reverse

from selecoes.models import Papel
from tests.factories import LotacaoFactory
from tests.seguranca.hostil import CACHE_LOCAL, cliente_logado
from tests.seguranca.mundo_rh import criar_mundo_rh

ABSURDOS = ["9" * 5000, "9" * 30, str(2**63), "-" + "9" * 30, "0", "1e3", "²", "١", " 1", "0x1"]


@pytest.fixture
def mundo(db, settings, tmp_path, orgao, alice):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    return criar_mundo_rh(orgao, alice)


@pytest.fixture
def gestora(mundo):
    return cliente_logado(mundo.gestor)


@pytest.mark.parametrize("valor", ABSURDOS)
def test_priorizacao_com_orgao_absurdo_devolve_o_formulario_com_erro(gestora, mundo, valor):
    url = reverse("monitoramento:priorizacao")
    resposta = gestora.get(url, {"contratacao": "Pregão 1/2026", "orgao": valor})
    assert resposta.status_code == 200
    assert resposta.context["ordem"] == []
    # Um órgão só: o campo não aparece e o valor enviado é ignorado.
    assert "orgao" not in resposta.context["form"].fields


@pytest.mark.parametrize("valor", ["9" * 5000, "9" * 30, "abc"])
def test_priorizacao_com_dois_orgaos_e_orgao_absurdo_diz_o_campo(mundo, outro_orgao, valor):
    LotacaoFactory(usuario=mundo.gestor, orgao=outro_orgao, papel=Papel.GESTOR)
    url = reverse("monitoramento:priorizacao")
    resposta = cliente_logado(mundo.gestor).get(
        url, {"contratacao": "Pregão 1/2026", "orgao": valor}
    )
    assert resposta.status_code == 200
    erros = resposta.context["form"].errors
    assert list(erros) == ["orgao", "empresas"]
    assert "Órgão" in erros["orgao"][0]


@pytest.mark.parametrize("valor", ABSURDOS)
def test_comparar_versoes_do_resultado_com_parametro_absurdo_nao_e_500(gestora, mundo, valor):
    versao = mundo.classificada.resultados.order_by("pk").last()
    url = reverse("classificacao:comparar", args=[versao.pk])
    resposta = gestora.get(url, {"com": valor})
    assert resposta.status_code == 400
    assert "Versão comparada: informe um número inteiro positivo." in resposta.content.decode()


@pytest.mark.parametrize("parametro", ["a", "b"])
@pytest.mark.parametrize("valor", ABSURDOS)
def test_versoes_do_edital_com_parametro_absurdo_nao_e_500(gestora, mundo, parametro, valor):
    url = reverse("selecoes:versoes", args=[mundo.publicada.pk])
    resposta = gestora.get(url, {parametro: valor})
    assert resposta.status_code == 400
    assert f"Versão {parametro}: informe um número inteiro positivo." in resposta.content.decode()


def test_versoes_do_edital_sem_parametros_compara_as_duas_ultimas(gestora, mundo):
    url = reverse("selecoes:versoes", args=[mundo.publicada.pk])
    resposta = gestora.get(url, {"a": "", "b": ""})
    assert resposta.status_code == 200


@pytest.mark.parametrize("valor", ABSURDOS)
def test_anexo_do_edital_com_versao_absurda_nao_e_500(gestora, mundo, valor):
    url = reverse("selecoes:anexo", args=[mundo.publicada.pk])
    resposta = gestora.get(url, {"versao": valor})
    assert resposta.status_code == 400
    assert "Versão do edital: informe um número inteiro positivo." in resposta.content.decode()


@pytest.mark.parametrize(("valor", "status"), [("", 200), ("1", 200), ("2", 404)])
def test_anexo_do_edital_com_versao_valida(gestora, mundo, valor, status):
    url = reverse("selecoes:anexo", args=[mundo.publicada.pk])
    assert gestora.get(url, {"versao": valor}).status_code == status


@pytest.mark.parametrize("valor", ["9" * 5000, "9" * 30, str(2**63), "١", "-1"])
def test_priorizacao_com_empresa_absurda_e_erro_do_campo(gestora, mundo, valor):
    url = reverse("monitoramento:priorizacao")
    resposta = gestora.get(url, {"contratacao": "Pregão 1/2026", "empresas": [valor]})
    assert resposta.status_code == 200
    erros = resposta.context["form"].errors
    assert list(erros) == ["empresas"]
    assert erros["empresas"][0].startswith("Empresas candidatas:")
