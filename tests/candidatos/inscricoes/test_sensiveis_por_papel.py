"""Cor/raça, deficiência e opções de reserva só para o gestor, com registro (issue 18, item 9)."""

import pytest
from django.urls import reverse

from candidatos.models import AcessoDadoSensivel, CorRaca
from candidatos.services import inscricoes as servico
from selecoes import auditoria
from tests.factories import InscricaoFactory

pytestmark = pytest.mark.django_db

# O que revela a escolha de uma pessoa (as contagens agregadas por vaga ficam).
MARCAS_SENSIVEIS = [
    '<dt class="col-sm-4">Reserva PcD</dt>',
    '<dt class="col-sm-4">Reserva para negros</dt>',
    '<dt class="col-sm-4">Laudo médico</dt>',
    '<dt class="col-sm-4">Pessoa com deficiência</dt>',
    "Cor/raça declarada",
    'class="badge text-bg-primary">Negros',
    'class="badge text-bg-info">PcD',
    'name="concorre_pcd"',
    'name="concorre_negros"',
    "Somente AC",
]

# A opção pela reserva PcD como a trilha de auditoria a conta (selecoes/selectors/auditoria.py).
OPCAO_PCD_NA_FRASE = "pessoas com deficiência: — → sim"


@pytest.fixture
def pcd(selecao, vaga):
    inscricao = InscricaoFactory(
        selecao=selecao,
        vaga=vaga,
        nome_civil="Paula Laudo",
        cor_raca=CorRaca.PRETA,
        concorre_negros=True,
        pcd=True,
        concorre_pcd=True,
        laudo_pcd="laudos/2026/11/laudo-sigiloso.pdf",
    )
    auditoria.registrar(
        acao="inscricao.criada",
        objeto=inscricao,
        descricao=f"Inscrição {inscricao.numero} pelo formulário on-line",
        selecao=selecao,
        inscricao_id=inscricao.pk,
        depois=servico.dados_publicos(inscricao),
    )
    return inscricao


def _paginas(selecao, inscricao):
    return {
        "lista": reverse("inscricoes:lista", args=[selecao.pk]) + "?sensiveis=1",
        "lista_filtrada": reverse("inscricoes:lista", args=[selecao.pk]) + "?concorre_pcd=sim",
        "detalhe": reverse("inscricoes:detalhe", args=[inscricao.pk]),
        "auditoria_inscricao": reverse("classificacao:auditoria_inscricao", args=[inscricao.pk]),
        "auditoria_selecao": reverse("classificacao:auditoria", args=[selecao.pk]),
    }


@pytest.mark.parametrize("papel", ["bruno", "carla"])
@pytest.mark.parametrize(
    "pagina", ["lista", "lista_filtrada", "detalhe", "auditoria_inscricao", "auditoria_selecao"]
)
def test_sensiveis_operador_e_auditor_nao_veem_escolhas(
    request, client, selecao, pcd, papel, pagina
):
    client.force_login(request.getfixturevalue(papel))

    resposta = client.get(_paginas(selecao, pcd)[pagina])

    assert resposta.status_code == 200
    html = resposta.content.decode()
    for marca in MARCAS_SENSIVEIS:
        assert marca not in html, marca
    assert OPCAO_PCD_NA_FRASE not in html
    assert "Enviado" not in html
    assert AcessoDadoSensivel.objects.count() == 0


@pytest.mark.parametrize("papel", ["bruno", "carla"])
def test_sensiveis_filtro_por_reserva_nao_separa_para_operador_e_auditor(
    request, client, selecao, vaga, pcd, papel
):
    InscricaoFactory(selecao=selecao, vaga=vaga, nome_civil="Sem Reserva")
    client.force_login(request.getfixturevalue(papel))

    resposta = client.get(reverse("inscricoes:lista", args=[selecao.pk]), {"concorre_pcd": "sim"})

    nomes = sorted(i.nome_civil for i, _ in resposta.context["linhas"])
    assert nomes == ["Paula Laudo", "Sem Reserva"]


@pytest.mark.parametrize("papel", ["bruno", "carla"])
def test_sensiveis_csv_da_auditoria_sem_escolhas_para_operador_e_auditor(
    request, client, selecao, pcd, papel
):
    client.force_login(request.getfixturevalue(papel))

    resposta = client.get(
        reverse("classificacao:auditoria_inscricao", args=[pcd.pk]), {"formato": "csv"}
    )

    texto = resposta.content.decode()
    assert "inscricao.criada" in texto
    assert OPCAO_PCD_NA_FRASE not in texto
    assert "oculto" in texto


@pytest.mark.parametrize(
    ("pagina", "marca"),
    [
        ("lista", 'class="badge text-bg-info">PcD'),
        ("lista_filtrada", 'class="badge text-bg-info">PcD'),
        ("detalhe", '<dt class="col-sm-4">Reserva PcD</dt>'),
        ("auditoria_inscricao", OPCAO_PCD_NA_FRASE),
        ("auditoria_selecao", OPCAO_PCD_NA_FRASE),
    ],
)
def test_sensiveis_gestor_ve_e_cada_exibicao_fica_registrada(
    client, alice, selecao, pcd, pagina, marca
):
    client.force_login(alice)

    html = client.get(_paginas(selecao, pcd)[pagina]).content.decode()

    assert marca in html
    acessos = AcessoDadoSensivel.objects.filter(usuario=alice, inscricao=pcd)
    assert acessos.count() == 1


def test_sensiveis_gestor_lista_sem_pedir_nao_mostra_nem_registra(client, alice, selecao, pcd):
    client.force_login(alice)

    html = client.get(reverse("inscricoes:lista", args=[selecao.pk])).content.decode()

    assert 'class="badge text-bg-info">PcD' not in html
    assert AcessoDadoSensivel.objects.count() == 0


def test_sensiveis_gestor_exporta_csv_completo_e_a_exportacao_fica_registrada(
    client, alice, selecao, pcd
):
    client.force_login(alice)

    resposta = client.get(reverse("classificacao:auditoria", args=[selecao.pk]), {"formato": "csv"})

    assert OPCAO_PCD_NA_FRASE in resposta.content.decode()
    acesso = AcessoDadoSensivel.objects.get(usuario=alice)
    assert (acesso.inscricao, acesso.contexto) == (pcd, "exportação CSV da auditoria")
