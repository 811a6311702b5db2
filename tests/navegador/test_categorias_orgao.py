"""Navegador de verdade: o formulário de inscrição com as categorias do órgão, o
formulário do edital com a nova categoria (JavaScript) e a lista só de números."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.navegador.test_acessibilidade import AXE, GRAVES, REGRAS, violacoes_graves


def violacoes_graves_em(pagina, seletor: str) -> list[str]:
    """Como ``violacoes_graves``, só dentro do elemento (a parte que este teste cobre)."""
    pagina.evaluate(AXE)
    resultado = pagina.evaluate(
        "async ([seletor, tags]) => await axe.run(document.querySelector(seletor), "
        "{runOnly: {type: 'tag', values: tags}})",
        [seletor, REGRAS],
    )
    return [f"{v['id']}: {v['help']}" for v in resultado["violations"] if v["impact"] in GRAVES]


pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def selecao_itamaraty(live_server):
    from selecoes.models import Orgao, SituacaoSelecao
    from tests.factories import CategoriaEditalFactory, SelecaoFactory, VagaEstagioFactory

    orgao = Orgao.objects.create(
        sigla="MRE", nome="Ministério das Relações Exteriores", cnpj="45404722000140"
    )
    agora = timezone.now()
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=1),
        inscricoes_fim=agora + dt.timedelta(days=5),
        reserva_pcd=True,
    )
    VagaEstagioFactory(selecao=selecao, codigo="BSB")
    base = "Portaria MRE nº 649/2026"
    CategoriaEditalFactory(
        selecao=selecao,
        base_legal=base,
        documento_exigido=True,
        documento_descricao="Declaração da comunidade indígena",
    )
    CategoriaEditalFactory(
        selecao=selecao,
        categoria="trans",
        nome="Pessoas trans",
        percentual=2,
        base_legal=base,
        pergunta="Você deseja concorrer às vagas reservadas a pessoas trans?",
        ordem=1,
    )
    return selecao


def test_formulario_publico_com_categorias_sem_violacoes_graves(
    pagina, live_server, selecao_itamaraty
):
    url = reverse("inscricao_publica:formulario", args=[selecao_itamaraty.pk])
    pagina.goto(live_server.url + url)
    assert pagina.get_by_role("heading", name="Indígenas").is_visible()
    assert pagina.get_by_label("Você deseja concorrer às vagas reservadas a pessoas trans?")
    assert pagina.get_by_label("Declaração da comunidade indígena").is_visible()
    assert violacoes_graves(pagina) == []


def test_formulario_do_edital_acrescenta_categoria_sem_violacoes_graves(
    pagina, live_server, selecao_itamaraty
):
    from selecoes.models import Lotacao, Papel
    from tests.factories import UserFactory

    gestora = UserFactory(username="gestora-mre")
    Lotacao.objects.create(usuario=gestora, orgao=selecao_itamaraty.orgao, papel=Papel.GESTOR)
    from django.conf import settings
    from django.test import Client

    # A sessão da gestora, criada pelo cliente de teste, vai para o navegador.
    cliente = Client()
    cliente.force_login(gestora)
    nome = settings.SESSION_COOKIE_NAME
    pagina.context.add_cookies(
        [{"name": nome, "value": cliente.cookies[nome].value, "url": live_server.url}]
    )
    pagina.goto(live_server.url + reverse("selecoes:criar"))
    assert pagina.get_by_role("group", name="Categorias de reserva do órgão").is_visible()
    pagina.get_by_role("button", name="Adicionar categoria do órgão").click()
    assert pagina.get_by_role("heading", name="Nova categoria do órgão").is_visible()
    assert pagina.get_by_label("Base legal").first.is_visible()
    assert violacoes_graves_em(pagina, "fieldset[aria-describedby='ajuda-categorias']") == []


def test_lista_sem_nomes_pelo_codigo_de_lista_sem_violacoes_graves(pagina, live_server):
    """A lista de pessoas trans: posição e código de lista, sem nome nem número."""
    from decimal import Decimal

    from candidatos.models import TipoResultado
    from candidatos.services import resultado
    from selecoes.models import Lotacao, Papel
    from selecoes.sigilo import codigo_lista
    from tests.candidatos.classificacao.factories import AGORA, aprovar, inscrever, nova_vaga
    from tests.factories import CategoriaEditalFactory, OrgaoFactory, UserFactory

    orgao = OrgaoFactory(sigla="DPU")
    gestora = UserFactory(username="gestora-dpu")
    Lotacao.objects.create(usuario=gestora, orgao=orgao, papel=Papel.GESTOR)
    vaga = nova_vaga(orgao, ofertadas=10)
    CategoriaEditalFactory(
        selecao=vaga.selecao,
        categoria="trans",
        nome="Pessoas trans",
        percentual=10,
        base_legal="Resolução CSDPU nº 222/2024",
    )
    for i in range(12):
        ins = inscrever(
            vaga, f"2026{i + 1:06d}", nome=f"Pessoa {i}", concorre_categorias=["trans"] * (i > 9)
        )
        aprovar(ins, Decimal(100 - i))
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=gestora,
        motivo="",
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    url = reverse("publico:resultado_vaga", args=[vaga.selecao.pk, "atual", "DIR", "trans"])
    pagina.goto(live_server.url + url)
    tabela = pagina.get_by_role("table")
    assert tabela.get_by_role("columnheader", name="Código de lista").is_visible()
    assert tabela.get_by_role("rowheader", name=codigo_lista("2026000011", "trans")).is_visible()
    assert "Pessoa 10" not in pagina.content()
    assert "2026000011" not in pagina.content()
    assert violacoes_graves(pagina) == []
