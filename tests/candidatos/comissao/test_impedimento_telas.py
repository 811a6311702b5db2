"""Impedimento ou suspeição pelas telas (Lei nº 9.784/1999, arts. 18 a 21): o membro
declara por si, na tela do parecer; o motivo só ele e os gestores veem."""

import pytest
from django.test import Client
from django.urls import reverse

from candidatos.models import ImpedimentoMembro, Instancia, Presenca, RecursoHeteroidentificacao
from selecoes.models import MembroComissao, Papel
from tests.candidatos.comissao.factories import cenario_comissao

pytestmark = pytest.mark.django_db

MOTIVO = "Inimizade notória com a candidata, desde o processo anterior."


def _presente(chamado):
    chamado.presenca = Presenca.PRESENTE
    chamado.save()
    return chamado


def _declarar(client, chamado, motivo=MOTIVO):
    return client.post(reverse("comissao:impedimento", args=[chamado.pk]), {"motivo": motivo})


def test_impedimento_membro_declara_pela_tela_e_nao_ve_mais_o_parecer(client, cenario):
    chamado = _presente(cenario.chamados["negra"])
    ana = cenario.membros[0]
    client.force_login(ana)
    url = reverse("comissao:parecer", args=[chamado.pk])
    antes = client.get(url).content.decode()
    assert "Declarar impedimento ou suspeição" in antes
    assert "Registrar meu parecer" in antes

    resposta = _declarar(client, chamado)

    assert resposta.status_code == 302
    assert resposta.url == url
    impedimento = ImpedimentoMembro.objects.get()
    assert impedimento.membro == MembroComissao.objects.get(comissao=cenario.comissao, usuario=ana)
    assert impedimento.instancia == Instancia.COMISSAO
    assert impedimento.registrado_por == ana
    depois = client.get(url).content.decode()
    assert "Você declarou impedimento ou suspeição" in depois
    assert MOTIVO in depois
    assert "Registrar meu parecer" not in depois
    assert 'name="voto"' not in depois
    assert "Declarar impedimento ou suspeição</button>" not in depois
    sessao = client.get(reverse("comissao:sessao", args=[cenario.sessao.pk])).content.decode()
    assert "Declarei impedimento ou suspeição" in sessao


def test_impedimento_exige_csrf(cenario):
    cliente = Client(enforce_csrf_checks=True)
    cliente.force_login(cenario.membros[0])
    assert _declarar(cliente, cenario.chamados["negra"]).status_code == 403
    assert not ImpedimentoMembro.objects.exists()


def test_impedimento_get_nao_declara(client, cenario):
    client.force_login(cenario.membros[0])
    url = reverse("comissao:impedimento", args=[cenario.chamados["negra"].pk])
    assert client.get(url).status_code == 405


def test_impedimento_sem_motivo_volta_com_erro(client, cenario):
    client.force_login(cenario.membros[0])
    resposta = _declarar(client, cenario.chamados["negra"], motivo="  ")
    assert resposta.status_code == 302
    pagina = client.get(resposta.url).content.decode()
    assert "Motivo: descreva o impedimento ou a suspeição." in pagina
    assert not ImpedimentoMembro.objects.exists()


def test_impedimento_outro_membro_declara_so_por_si_e_nao_ve_o_motivo(client, cenario):
    chamado = _presente(cenario.chamados["negra"])
    ana, beto = cenario.membros[0], cenario.membros[1]
    client.force_login(ana)
    _declarar(client, chamado)

    client.force_login(beto)
    membro_ana = MembroComissao.objects.get(usuario=ana).pk
    client.post(
        reverse("comissao:impedimento", args=[chamado.pk]),
        {"motivo": "Outro motivo qualquer.", "membro": membro_ana},
    )
    assert sorted(
        ImpedimentoMembro.objects.values_list("membro__usuario__username", flat=True)
    ) == [
        ana.username,
        beto.username,
    ]
    pagina = client.get(reverse("comissao:parecer", args=[chamado.pk])).content.decode()
    assert MOTIVO not in pagina
    assert "2 declararam impedimento ou suspeição" in pagina


def test_impedimento_membro_de_outra_comissao_ou_outro_orgao_recebe_404(
    client, cenario, outro_orgao
):
    alheio = cenario_comissao(outro_orgao)
    for usuario in (cenario.membros_recursal[0], alheio.membros[0]):
        client.force_login(usuario)
        assert _declarar(client, cenario.chamados["negra"]).status_code == 404
    assert not ImpedimentoMembro.objects.exists()


@pytest.mark.parametrize("papel", [Papel.GESTOR, Papel.OPERADOR, Papel.AUDITOR])
def test_impedimento_rh_nao_declara_em_nome_de_membro(client, cenario, usuario_por_papel, papel):
    client.force_login(usuario_por_papel(papel))
    assert _declarar(client, cenario.chamados["negra"]).status_code == 403
    assert not ImpedimentoMembro.objects.exists()


def test_impedimento_na_recursal_pela_tela_do_recurso(client, cenario):
    chamado = cenario.chamados["negra"]
    recurso = RecursoHeteroidentificacao.objects.create(
        chamado=chamado, razoes="Peço nova avaliação.", comissao_recursal=cenario.recursal
    )
    client.force_login(cenario.membros_recursal[0])
    resposta = client.post(
        reverse("comissao:impedimento_recurso", args=[recurso.pk]), {"motivo": MOTIVO}
    )
    assert resposta.url == reverse("comissao:recurso", args=[recurso.pk])
    assert ImpedimentoMembro.objects.get().instancia == Instancia.RECURSAL
    client.force_login(cenario.membros[0])
    url = reverse("comissao:impedimento_recurso", args=[recurso.pk])
    assert client.post(url, {"motivo": MOTIVO}).status_code == 404


@pytest.mark.parametrize(
    ("papel", "ve_motivo"),
    [(Papel.GESTOR, True), (Papel.OPERADOR, False), (Papel.AUDITOR, False)],
)
def test_impedimento_na_tela_do_rh_motivo_so_para_gestor(
    client, cenario, usuario_por_papel, papel, ve_motivo
):
    chamado = cenario.chamados["negra"]
    client.force_login(cenario.membros[0])
    _declarar(client, chamado)

    client.force_login(usuario_por_papel(papel))
    html = client.get(reverse("heteroidentificacao:chamado", args=[chamado.pk])).content.decode()
    assert "Impedimentos e suspeições declarados" in html
    assert MembroComissao.objects.get(usuario=cenario.membros[0]).nome in html
    assert (MOTIVO in html) is ve_motivo


def test_impedimento_tela_do_rh_de_outro_orgao_404(client, cenario, diego):
    client.force_login(diego)
    url = reverse("heteroidentificacao:chamado", args=[cenario.chamados["negra"].pk])
    assert client.get(url).status_code == 404
