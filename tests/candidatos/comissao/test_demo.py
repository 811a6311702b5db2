"""Demonstração da heteroidentificação (``make run``): o Itamaraty com as categorias da
Portaria MRE nº 649/2026, as comissões e sessões em todos os estados; idempotente."""

import pytest
from django.urls import reverse

from candidatos.demo_comissao import popular_comissao
from candidatos.models import (
    DecisaoHeteroidentificacao,
    Instancia,
    Parecer,
    ProcessoEliminacao,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    SessaoHeteroidentificacao,
)
from selecoes.models import CategoriaEdital, Lotacao, MembroComissao, Papel, Selecao

pytestmark = pytest.mark.django_db

ESTADOS = [
    "Agendada",
    "Em andamento (presença)",
    "Pareceres em andamento",
    "Decidida, com recurso na comissão recursal",
    "Decidida, resultado preliminar publicado",
    "Resultado final publicado",
]


@pytest.fixture
def logins(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return popular_comissao()


def _contagens():
    return [
        m.objects.count()
        for m in (
            Selecao,
            SessaoHeteroidentificacao,
            Parecer,
            DecisaoHeteroidentificacao,
            PublicacaoHeteroidentificacao,
            RecursoHeteroidentificacao,
            MembroComissao,
            Lotacao,
        )
    ]


def test_demo_da_comissao_e_idempotente(logins):
    antes = _contagens()
    assert popular_comissao() == logins
    assert _contagens() == antes


def test_editais_com_as_categorias_da_portaria_do_itamaraty(logins):
    selecoes = Selecao.objects.filter(orgao__sigla="MRE")
    assert selecoes.count() == 3
    for selecao in selecoes:
        assert selecao.percentual_negros == 30
        assert selecao.reserva_pcd
        categorias = {
            c.categoria: (c.percentual, c.base_legal)
            for c in CategoriaEdital.objects.filter(selecao=selecao)
        }
        assert categorias == {
            "indigenas": (5, "Portaria MRE nº 649/2026"),
            "quilombolas": (3, "Portaria MRE nº 649/2026"),
            "trans": (2, "Portaria MRE nº 649/2026"),
        }


def test_comissao_com_sociedade_civil_e_recursal_de_outros_membros(logins):
    membros = MembroComissao.objects.filter(comissao__orgao__sigla="MRE")
    assert membros.filter(comissao__tipo="heteroidentificacao").count() == 4
    assert membros.filter(comissao__tipo="heteroidentificacao", sociedade_civil=True).count() == 1
    assert membros.filter(comissao__tipo="recursal").count() == 3
    usuarios = set(membros.values_list("usuario__username", flat=True))
    assert Lotacao.objects.filter(usuario__username__in=usuarios, papel=Papel.COMISSAO).count() == 7


def test_sessoes_em_todos_os_estados_e_cada_login_entra(client, logins):
    membro = next(login for login in logins if login.usuario == "membro.ana")
    assert client.login(username=membro.usuario, password=membro.senha)
    html = client.get(reverse("comissao:inicio")).content.decode()
    for estado in ESTADOS:
        assert estado in html, estado
    assert client.get(reverse("selecoes:lista")).status_code == 403
    for login in logins:
        client.logout()
        assert client.login(username=login.usuario, password=login.senha), login.usuario


def test_recurso_pendente_julgado_final_e_processo_por_indicio_de_fraude(logins):
    assert set(RecursoHeteroidentificacao.objects.values_list("situacao", flat=True)) == {
        "pendente",
        "julgado",
    }
    assert DecisaoHeteroidentificacao.objects.filter(instancia=Instancia.FINAL).count() == 9
    assert DecisaoHeteroidentificacao.objects.filter(resultado="ausente").exists()
    assert ProcessoEliminacao.objects.filter(inscricao__selecao__orgao__sigla="MRE").count() == 1
    pendente = RecursoHeteroidentificacao.objects.get(situacao="pendente")
    assert not Parecer.objects.filter(
        chamado=pendente.chamado,
        instancia=Instancia.RECURSAL,
        membro__usuario__username="recursal.dora",
    ).exists()
