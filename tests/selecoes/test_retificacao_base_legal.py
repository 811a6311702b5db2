"""Depois do resultado, a base legal da reserva não muda por retificação (issue 16,
item 7; regras, § 8); o que ainda muda mostra as diferenças antes de confirmar."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Convocacao, TipoResultado
from candidatos.services import convocacao as servico_convocacao
from candidatos.services import resultado
from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio
from selecoes.services import BASE_LEGAL_SELECAO
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import VagaEstagioFactory

pytestmark = pytest.mark.django_db

CAMPOS_VAGA = (
    "codigo",
    "area",
    "curso",
    "nivel",
    "municipio",
    "uf",
    "carga_horaria_semanal",
    "valor_bolsa",
    "auxilio_transporte",
    "vagas_ofertadas",
    "requisitos",
)


def _local(valor):
    return timezone.localtime(valor).strftime("%Y-%m-%dT%H:%M")


def _post_atual(selecao, **campos):
    """O formulário de retificação como a tela o traz, preenchido com o estado atual."""
    selecao.refresh_from_db()
    dados = {
        "titulo": selecao.titulo,
        "numero_edital": selecao.numero_edital,
        "data_publicacao_edital": selecao.data_publicacao_edital.isoformat(),
        "inscricoes_inicio": _local(selecao.inscricoes_inicio),
        "inscricoes_fim": _local(selecao.inscricoes_fim),
        "validade_meses": str(selecao.validade_meses),
        "descricao": selecao.descricao,
        "requisitos": selecao.requisitos,
        "percentual_pcd": str(selecao.percentual_pcd),
        "motivo": "Correção do edital.",
        "data_retificacao": timezone.localdate().isoformat(),
    }
    if selecao.reserva_pcd:
        dados["reserva_pcd"] = "on"
    for i, item in enumerate(selecao.criterios_desempate, 1):
        dados[f"desempate_{i}"] = item["criterio"]
    vagas = list(selecao.vagas.all())
    for i, vaga in enumerate(vagas):
        dados[f"vagas-{i}-id"] = str(vaga.pk)
        for campo in CAMPOS_VAGA:
            dados[f"vagas-{i}-{campo}"] = str(getattr(vaga, campo))
    dados |= {
        "vagas-TOTAL_FORMS": str(len(vagas)),
        "vagas-INITIAL_FORMS": str(len(vagas)),
        "vagas-MIN_NUM_FORMS": "1",
        "vagas-MAX_NUM_FORMS": "1000",
        "criterios-TOTAL_FORMS": "0",
        "criterios-INITIAL_FORMS": "0",
        "criterios-MIN_NUM_FORMS": "0",
        "criterios-MAX_NUM_FORMS": "1000",
    }
    dados.update(campos)
    return dados


def _retificar(client, selecao, dados):
    return client.post(reverse("selecoes:retificar", args=[selecao.pk]), dados)


def _hash_da_previa(resposta):
    return re.search(r'name="previa" value="([0-9a-f]{64})"', resposta.text).group(1)


@pytest.fixture
def com_resultado(orgao, alice):
    """Final publicado e cinco convocações feitas (X e Y em vagas reservadas)."""
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCDYEZW")
    agora = (timezone.now() - dt.timedelta(days=1)).replace(second=0, microsecond=0)
    Selecao.objects.filter(pk=vaga.selecao_id).update(
        inscricoes_inicio=agora - dt.timedelta(days=30),
        inscricoes_fim=agora - dt.timedelta(days=20),
    )
    vaga.selecao.refresh_from_db()
    publicar_final(vaga.selecao, alice, agora=agora)
    servico_convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=5,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=alice,
        agora=timezone.now(),
    )
    return vaga


def test_data_de_publicacao_anterior_ao_decreto_e_recusada_depois_do_resultado(
    client, alice, com_resultado
):
    vaga = com_resultado
    selecao = vaga.selecao
    client.force_login(alice)
    resposta = _retificar(
        client, selecao, _post_atual(selecao, data_publicacao_edital="2018-06-01")
    )
    assert resposta.status_code == 200
    assert (
        "Data de publicação do edital: não pode mudar depois da publicação do resultado"
        in resposta.text
    )
    assert "previa-retificacao" not in resposta.text
    selecao.refresh_from_db()
    assert selecao.data_publicacao_edital == dt.date(2026, 3, 2)
    assert selecao.versoes.count() == 0
    pagina = client.get(reverse("classificacao:vaga", args=[vaga.pk])).text
    assert "Reservada a candidatos negros" in pagina
    modalidades = set(Convocacao.objects.values_list("modalidade", flat=True))
    assert modalidades == {"AC", "negros"}


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        ({"vagas-0-vagas_ofertadas": "3"}, "Vaga “DIR” — Vagas ofertadas: não pode mudar"),
        ({"vagas-0-codigo": "DIR2"}, "Vaga “DIR” — Código: não pode mudar"),
        (
            {"reserva_pcd": "on", "percentual_pcd": "10"},
            "Reserva a pessoas com deficiência: não pode mudar",
        ),
        ({"negros_posicoes": "1, 3"}, "Sequência explícita de vagas reservadas: não pode mudar"),
        ({"desempate_2": "sorteio"}, "Critérios de desempate: não pode mudar"),
        ({"validade_meses": "6"}, "Validade (meses): depois da publicação do resultado"),
        (
            {"convocacao_automatica": "on"},
            "Convocar o próximo automaticamente: não pode mudar",
        ),
        ({"prazos_em_dias_uteis": "on"}, "Prazos em dias úteis: não pode mudar"),
        (
            {"prazo_resposta_dias": "10"},
            "Prazo para responder à convocação (dias): não pode mudar",
        ),
    ],
)
def test_base_legal_congelada_cada_campo_nomeado(client, alice, com_resultado, campos, mensagem):
    selecao = com_resultado.selecao
    client.force_login(alice)
    resposta = _retificar(client, selecao, _post_atual(selecao, **campos))
    assert resposta.status_code == 200
    assert mensagem in resposta.text
    assert selecao.versoes.count() == 0
    assert VagaEstagio.objects.get(pk=com_resultado.pk).codigo == "DIR"


def test_periodo_de_inscricoes_congelado(client, alice, com_resultado):
    selecao = com_resultado.selecao
    client.force_login(alice)
    fim = _local(selecao.inscricoes_fim + dt.timedelta(days=1))
    resposta = _retificar(client, selecao, _post_atual(selecao, inscricoes_fim=fim))
    assert "Fim das inscrições: não pode mudar" in resposta.text
    assert "Início das inscrições" not in resposta.text.split('id="resumo-erros"', 1)[1][:600]


def test_incluir_vaga_depois_do_resultado_e_recusado(client, alice, com_resultado):
    selecao = com_resultado.selecao
    client.force_login(alice)
    dados = _post_atual(selecao)
    dados |= {
        f"vagas-1-{c}": v
        for c, v in {
            "id": "",
            "codigo": "NOVA",
            "area": "Direito",
            "curso": "Direito",
            "nivel": "superior",
            "municipio": "Brasília",
            "uf": "DF",
            "carga_horaria_semanal": "20",
            "valor_bolsa": "1000.00",
            "auxilio_transporte": "0",
            "vagas_ofertadas": "2",
            "requisitos": "",
        }.items()
    }
    dados["vagas-TOTAL_FORMS"] = "2"
    resposta = _retificar(client, selecao, dados)
    assert "Vaga “NOVA”: não pode ser incluída" in resposta.text
    assert selecao.vagas.count() == 1


def test_ordem_das_vagas_congelada(client, alice, com_resultado):
    selecao = com_resultado.selecao
    VagaEstagioFactory(selecao=selecao, codigo="ADM", vagas_ofertadas=1, ordem=1)
    client.force_login(alice)
    dados = _post_atual(selecao)
    troca = {}
    for campo in ("id", *CAMPOS_VAGA):
        troca[f"vagas-0-{campo}"] = dados[f"vagas-1-{campo}"]
        troca[f"vagas-1-{campo}"] = dados[f"vagas-0-{campo}"]
    resposta = _retificar(client, selecao, dados | troca)
    assert "Ordem das vagas: não pode mudar" in resposta.text


def test_mudanca_permitida_mostra_o_que_altera_e_so_grava_ao_confirmar(
    client, alice, com_resultado
):
    selecao = com_resultado.selecao
    client.force_login(alice)
    dados = _post_atual(selecao, titulo="Título corrigido", **{"vagas-0-valor_bolsa": "1300.00"})
    previa = _retificar(client, selecao, dados)
    assert previa.status_code == 200
    texto = previa.text
    assert "Confira o que a retificação altera" in texto
    assert "Título corrigido" in texto
    assert "1300.00" in texto
    assert "Confirmar e publicar a retificação" in texto
    selecao.refresh_from_db()
    assert selecao.titulo != "Título corrigido"
    assert selecao.versoes.count() == 0

    # Mudou um campo depois da prévia: mostra a prévia de novo, não grava.
    mudado = dados | {"previa": _hash_da_previa(previa), "titulo": "Outro título"}
    de_novo = _retificar(client, selecao, mudado)
    assert de_novo.status_code == 200
    assert "Outro título" in de_novo.text
    assert selecao.versoes.count() == 0

    confirmada = _retificar(client, selecao, mudado | {"previa": _hash_da_previa(de_novo)})
    assert confirmada.status_code == 302
    selecao.refresh_from_db()
    assert selecao.titulo == "Outro título"
    assert selecao.versoes.count() == 1
    assert selecao.vagas.get().valor_bolsa == 1300


def test_prorrogar_validade_e_permitido(client, alice, com_resultado):
    selecao = com_resultado.selecao
    client.force_login(alice)
    dados = _post_atual(selecao, validade_meses="24")
    previa = _retificar(client, selecao, dados)
    assert "Validade (meses)" in previa.text
    resposta = _retificar(client, selecao, dados | {"previa": _hash_da_previa(previa)})
    assert resposta.status_code == 302
    selecao.refresh_from_db()
    assert selecao.validade_meses == 24


def test_resultado_preliminar_ja_congela(client, alice, orgao):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    agora = (timezone.now() - dt.timedelta(days=1)).replace(second=0, microsecond=0)
    Selecao.objects.filter(pk=vaga.selecao_id).update(
        inscricoes_inicio=agora - dt.timedelta(days=30),
        inscricoes_fim=agora - dt.timedelta(days=20),
    )
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=agora,
        recurso_fim=agora + dt.timedelta(days=3),
        agora=agora,
    )
    assert Selecao.objects.get(pk=vaga.selecao_id).situacao == SituacaoSelecao.RESULTADO_PRELIMINAR
    client.force_login(alice)
    resposta = _retificar(
        client, vaga.selecao, _post_atual(vaga.selecao, **{"vagas-0-vagas_ofertadas": "9"})
    )
    assert "Vaga “DIR” — Vagas ofertadas: não pode mudar" in resposta.text


def test_antes_do_resultado_a_base_ainda_muda_com_previa(client, alice, orgao):
    vaga = nova_vaga(orgao)
    inicio = timezone.now().replace(second=0, microsecond=0)
    Selecao.objects.filter(pk=vaga.selecao_id).update(
        inscricoes_inicio=inicio, inscricoes_fim=inicio + dt.timedelta(days=9)
    )
    client.force_login(alice)
    dados = _post_atual(vaga.selecao, **{"vagas-0-vagas_ofertadas": "10"})
    previa = _retificar(client, vaga.selecao, dados)
    assert "Vagas ofertadas" in previa.text
    assert "Vagas reservadas" in previa.text  # o quadro de reserva também muda
    resposta = _retificar(client, vaga.selecao, dados | {"previa": _hash_da_previa(previa)})
    assert resposta.status_code == 302
    assert VagaEstagio.objects.get(pk=vaga.pk).vagas_ofertadas == 10


def test_lista_congelada_nomeia_a_base_legal():
    """A lista é uma tupla só; `base_reserva` e `versao_regras` entram quando existirem."""
    assert {"data_publicacao_edital", "percentual_pcd", "sequencia_explicita"} <= set(
        BASE_LEGAL_SELECAO
    )
    assert "base_reserva" in BASE_LEGAL_SELECAO


def test_prazos_do_edital_gravados_no_rascunho_e_validados(client, alice, orgao):
    vaga = nova_vaga(orgao)
    selecao = vaga.selecao
    Selecao.objects.filter(pk=selecao.pk).update(situacao=SituacaoSelecao.RASCUNHO)
    client.force_login(alice)
    url = reverse("selecoes:editar", args=[selecao.pk])
    ruim = client.post(url, _post_atual(selecao, prazo_resposta_dias="0"))
    assert "Prazo para responder à convocação: no mínimo 1 dia." in ruim.text
    selecao.refresh_from_db()
    assert selecao.prazo_resposta_dias == 5
    resposta = client.post(
        url,
        _post_atual(
            selecao, convocacao_automatica="on", prazos_em_dias_uteis="on", prazo_resposta_dias="3"
        ),
    )
    assert resposta.status_code == 302
    selecao.refresh_from_db()
    assert (selecao.convocacao_automatica, selecao.prazos_em_dias_uteis) == (True, True)
    assert selecao.prazo_resposta_dias == 3
