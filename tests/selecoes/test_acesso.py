"""Escopo por órgão e permissões por papel (selecoes.acesso)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from selecoes import acesso
from selecoes.models import Papel, Selecao, VagaEstagio
from tests.factories import SelecaoFactory, VagaEstagioFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("papel", list(Papel))
def test_escopo_objeto_de_outro_orgao_responde_404(papel, usuario_por_papel, outro_orgao):
    usuario = usuario_por_papel(papel)
    alheia = SelecaoFactory(orgao=outro_orgao)
    with pytest.raises(Http404):
        acesso.obter_no_escopo(Selecao.objects.all(), usuario, pk=alheia.pk)


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_escopo_objeto_do_proprio_orgao_e_visivel(papel, usuario_por_papel, orgao):
    usuario = usuario_por_papel(papel)
    propria = SelecaoFactory(orgao=orgao)
    assert acesso.obter_no_escopo(Selecao.objects.all(), usuario, pk=propria.pk) == propria


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_escopo_por_caminho_aninhado(papel, usuario_por_papel, orgao, outro_orgao):
    usuario = usuario_por_papel(papel)
    minha = VagaEstagioFactory(selecao__orgao=orgao)
    VagaEstagioFactory(selecao__orgao=outro_orgao)
    vagas = acesso.escopo(VagaEstagio.objects.all(), usuario, caminho_orgao="selecao__orgao")
    assert list(vagas) == [minha]


def test_escopo_anonimo_nao_ve_nada(orgao):
    SelecaoFactory(orgao=orgao)
    assert not acesso.escopo(Selecao.objects.all(), AnonymousUser()).exists()


def test_escopo_filtra_por_papel(alice, carla, orgao):
    SelecaoFactory(orgao=orgao)
    editores = acesso.EDITORES
    assert acesso.escopo(Selecao.objects.all(), alice, papeis=editores).count() == 1
    assert acesso.escopo(Selecao.objects.all(), carla, papeis=editores).count() == 0


def test_usuario_em_dois_orgaos_ve_os_dois(alice, orgao, outro_orgao):
    from tests.factories import LotacaoFactory

    LotacaoFactory(usuario=alice, orgao=outro_orgao, papel=Papel.AUDITOR)
    SelecaoFactory(orgao=orgao)
    SelecaoFactory(orgao=outro_orgao)
    assert acesso.escopo(Selecao.objects.all(), alice).count() == 2
    assert acesso.papel_no_orgao(alice, outro_orgao) is Papel.AUDITOR


@pytest.mark.parametrize(
    ("papel", "sensiveis", "edita"),
    [
        (Papel.GESTOR, True, True),
        (Papel.OPERADOR, False, True),
        (Papel.AUDITOR, False, False),
        (Papel.COMISSAO, False, False),
    ],
)
def test_permissoes_por_papel(papel, sensiveis, edita, usuario_por_papel, orgao):
    usuario = usuario_por_papel(papel)
    assert acesso.ve_dados_sensiveis(usuario, orgao) is sensiveis
    assert acesso.pode_editar(usuario, orgao) is edita


# --- membro de comissão: fora do escopo do RH (issue 15, item 8) --------------


def test_membro_de_comissao_nao_abre_o_rh_nem_entra_no_escopo_dele(usuario_por_papel, orgao):
    membro = usuario_por_papel(Papel.COMISSAO)
    selecao = SelecaoFactory(orgao=orgao)
    assert not acesso.e_rh(membro)
    assert acesso.e_comissao(membro)
    assert not acesso.escopo(Selecao.objects.all(), membro).exists()
    assert not acesso.orgaos_do_usuario(membro).exists()
    with pytest.raises(Http404):
        acesso.obter_com_papel(Selecao.objects.all(), membro, pk=selecao.pk)
    with pytest.raises(PermissionDenied, match="seu papel neste órgão é membro de comissão"):
        acesso.exigir_papel(membro, orgao, acesso.PAPEIS_RH)


def test_escopo_da_comissao_pede_o_papel_comissao(usuario_por_papel, orgao, alice):
    membro = usuario_por_papel(Papel.COMISSAO)
    SelecaoFactory(orgao=orgao)
    papeis = acesso.PAPEIS_COMISSAO
    assert acesso.escopo(Selecao.objects.all(), membro, papeis=papeis).count() == 1
    assert acesso.escopo(Selecao.objects.all(), alice, papeis=papeis).count() == 0
    assert not acesso.e_comissao(alice)


def test_exigir_papel_nega_auditor_em_acao_de_escrita(carla, orgao):
    with pytest.raises(PermissionDenied):
        acesso.exigir_papel(carla, orgao, acesso.EDITORES)


def test_exigir_papel_sem_lotacao_responde_404(diego, orgao):
    with pytest.raises(Http404):
        acesso.exigir_papel(diego, orgao, acesso.PAPEIS_RH)


def test_orgao_com_cnpj_invalido_nao_passa_na_validacao(orgao):
    from django.core.exceptions import ValidationError

    orgao.cnpj = "11222333000182"
    with pytest.raises(ValidationError) as erro:
        orgao.full_clean()
    assert "cnpj" in erro.value.message_dict


# --- obter_com_papel: o objeto e o papel, numa chamada só ---------------------


@pytest.mark.parametrize("papel", acesso.PAPEIS_RH)
def test_obter_com_papel_devolve_objeto_e_papel_do_orgao_do_objeto(
    papel, usuario_por_papel, orgao, django_assert_num_queries
):
    usuario = usuario_por_papel(papel)
    vaga = VagaEstagioFactory(selecao__orgao=orgao)
    with django_assert_num_queries(2):
        no_orgao = acesso.obter_com_papel(
            VagaEstagio.objects.select_related("selecao"),
            usuario,
            caminho_orgao="selecao__orgao",
            pk=vaga.pk,
        )
    assert no_orgao.objeto == vaga
    assert no_orgao.papel is papel
    assert no_orgao.pode_editar is papel.pode_editar
    assert no_orgao.ve_dados_sensiveis is papel.ve_dados_sensiveis
    assert no_orgao.contexto() == {
        "papel": papel,
        "pode_editar": papel.pode_editar,
        "eh_gestor": papel.ve_dados_sensiveis,
    }


@pytest.mark.parametrize(
    ("papel", "permitido"),
    [
        (Papel.GESTOR, True),
        (Papel.OPERADOR, True),
        (Papel.AUDITOR, False),
    ],
)
def test_obter_com_papel_exigir_recusa_com_403_quem_nao_tem_o_papel(
    papel, permitido, usuario_por_papel, orgao
):
    usuario = usuario_por_papel(papel)
    selecao = SelecaoFactory(orgao=orgao)
    if permitido:
        no_orgao = acesso.obter_com_papel(
            Selecao.objects.all(), usuario, exigir=acesso.EDITORES, pk=selecao.pk
        )
        assert no_orgao.papel is papel
        return
    with pytest.raises(PermissionDenied, match="seu papel neste órgão é auditor"):
        acesso.obter_com_papel(
            Selecao.objects.all(), usuario, exigir=acesso.EDITORES, pk=selecao.pk
        )


@pytest.mark.parametrize("papel", list(Papel))
def test_obter_com_papel_de_outro_orgao_responde_404(papel, usuario_por_papel, outro_orgao):
    usuario = usuario_por_papel(papel)
    alheia = SelecaoFactory(orgao=outro_orgao)
    with pytest.raises(Http404):
        acesso.obter_com_papel(Selecao.objects.all(), usuario, pk=alheia.pk)
    with pytest.raises(Http404):
        acesso.obter_com_papel(Selecao.objects.all(), AnonymousUser(), pk=alheia.pk)
