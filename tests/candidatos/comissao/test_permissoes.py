"""Quem entra nas telas da comissão (issue 15, item 8): outro órgão 404, outro papel
403, membro que não é da comissão 404; nem o RH registra parecer em nome de membro."""

import pytest
from django.urls import reverse

from candidatos.models import Parecer, Presenca
from selecoes.models import Papel
from tests.candidatos.comissao.factories import cenario_comissao, membro_de_comissao

pytestmark = pytest.mark.django_db

PARECER = {"voto": "confirma", "fundamentacao": "Traços fenotípicos compatíveis com a declaração."}


def _urls(cenario):
    chamado = cenario.chamados["indigena"]
    return [
        reverse("comissao:inicio"),
        reverse("comissao:sessao", args=[cenario.sessao.pk]),
        reverse("comissao:parecer", args=[chamado.pk]),
        reverse("comissao:documento", args=[chamado.pk]),
    ]


def test_membro_da_comissao_abre_as_telas_da_sua_sessao(client, cenario):
    client.force_login(cenario.membros[0])
    for url in _urls(cenario):
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize("papel", [Papel.GESTOR, Papel.OPERADOR, Papel.AUDITOR])
def test_papel_do_rh_recebe_403_nas_telas_da_comissao(client, cenario, usuario_por_papel, papel):
    client.force_login(usuario_por_papel(papel))
    for url in _urls(cenario):
        resposta = client.get(url)
        assert resposta.status_code == 403, url
        assert "membro de comissão" in resposta.content.decode()


@pytest.mark.parametrize("papel", [Papel.GESTOR, Papel.OPERADOR, Papel.AUDITOR])
def test_rh_nao_registra_parecer_nem_presenca_em_nome_de_membro(
    client, cenario, usuario_por_papel, papel
):
    chamado = cenario.chamados["negra"]
    chamado.presenca = Presenca.PRESENTE
    chamado.save()
    client.force_login(usuario_por_papel(papel))
    url = reverse("comissao:parecer", args=[chamado.pk])
    membro_id = cenario.comissao.membros.first().pk
    assert client.post(url, {**PARECER, "membro": membro_id}).status_code == 403
    resposta = client.post(reverse("comissao:presenca", args=[chamado.pk]), {"presenca": "ausente"})
    assert resposta.status_code == 403
    assert not Parecer.objects.exists()
    chamado.refresh_from_db()
    assert chamado.presenca == Presenca.PRESENTE


def test_membro_de_outro_orgao_recebe_404(client, cenario, outro_orgao):
    alheio = cenario_comissao(outro_orgao)
    client.force_login(alheio.membros[0])
    for url in _urls(cenario)[1:]:
        assert client.get(url).status_code == 404, url
    assert client.post(_urls(cenario)[2], PARECER).status_code == 404


def test_membro_do_orgao_que_nao_e_da_comissao_recebe_404(client, cenario):
    """A recursal não vê a sessão da comissão; um membro de outra comissão, também não."""
    for usuario in (
        cenario.membros_recursal[0],
        membro_de_comissao(cenario.orgao, "sem-comissao", cenario.recursal, ativo=False),
    ):
        client.force_login(usuario)
        assert client.get(reverse("comissao:inicio")).status_code == 200
        for url in _urls(cenario)[1:]:
            assert client.get(url).status_code == 404, url


def test_membro_desligado_nao_ve_mais_a_sessao(client, cenario):
    usuario = cenario.membros[1]
    cenario.comissao.membros.filter(usuario=usuario).update(ativo=False)
    client.force_login(usuario)
    assert client.get(_urls(cenario)[1]).status_code == 404


def test_comissao_desativada_nao_abre_mais_as_sessoes(client, cenario):
    cenario.comissao.ativa = False
    cenario.comissao.save()
    client.force_login(cenario.membros[0])
    assert client.get(_urls(cenario)[1]).status_code == 404


def test_visitante_anonimo_vai_para_o_login(client, cenario):
    for url in _urls(cenario):
        resposta = client.get(url)
        assert resposta.status_code == 302
        assert resposta["Location"].startswith(reverse("login"))


def test_documento_so_na_verificacao_documental(client, cenario):
    client.force_login(cenario.membros[0])
    fenotipica = cenario.chamados["negra"]
    assert client.get(reverse("comissao:documento", args=[fenotipica.pk])).status_code == 404
    documental = cenario.chamados["indigena"]
    resposta = client.get(reverse("comissao:documento", args=[documental.pk]))
    assert resposta.status_code == 200
    assert "private" in resposta["Cache-Control"]
    assert "no-store" in resposta["Cache-Control"]


@pytest.mark.parametrize(
    ("papel", "membro", "mesmo_orgao", "esperado"),
    [
        (Papel.COMISSAO, "ativo", True, 200),
        (Papel.COMISSAO, "desligado", True, 404),
        (Papel.COMISSAO, "nao", True, 404),
        (Papel.COMISSAO, "ativo", False, 404),
        (Papel.GESTOR, "ativo", True, 403),
        (Papel.OPERADOR, "ativo", True, 403),
        (Papel.AUDITOR, "nao", True, 403),
        (Papel.GESTOR, "ativo", False, 403),
    ],
)
def test_quem_abre_a_sessao(client, cenario, outro_orgao, papel, membro, mesmo_orgao, esperado):
    """O papel (403), o órgão da lotação e a participação em exercício (404)."""
    from tests.factories import LotacaoFactory, UserFactory

    usuario = UserFactory(username=f"matriz-{papel.value}-{membro}-{mesmo_orgao}")
    LotacaoFactory(
        usuario=usuario, orgao=cenario.orgao if mesmo_orgao else outro_orgao, papel=papel
    )
    if membro != "nao":
        cenario.comissao.membros.create(
            usuario=usuario, nome="Membro da matriz", ativo=membro == "ativo"
        )
    client.force_login(usuario)
    assert client.get(reverse("comissao:sessao", args=[cenario.sessao.pk])).status_code == esperado
