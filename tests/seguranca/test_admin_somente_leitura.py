"""O admin não muda o que é publicado nem o estado do domínio (issue: integridade, 5 e 6).

Como superusuário, via HTTP: versões de resultado e do edital e a trilha de
auditoria não se editam, não se excluem (nem em lote) e a trilha não recebe
registros à mão; inscrições, convocações e seleções só se consultam — mudam
pelas telas, que passam pelos serviços e pela auditoria.
"""

import pytest
from django.urls import reverse

from candidatos.models import (
    Convocacao,
    Inscricao,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
)
from selecoes import auditoria
from selecoes.models import Lotacao, Papel, RegistroAuditoria, Selecao, VersaoEdital
from tests.factories import InscricaoFactory, OrgaoFactory, SelecaoFactory, UserFactory
from tests.seguranca.factories import ConvocacaoFactory, ResultadoVersaoFactory


def _versao_edital() -> VersaoEdital:
    return VersaoEdital.objects.create(
        selecao=SelecaoFactory(), numero=1, conteudo={"formato": 1}, hash_conteudo="0" * 64
    )


def _auditoria() -> RegistroAuditoria:
    selecao = SelecaoFactory()
    return auditoria.registrar(
        acao="selecao.teste", objeto=selecao, selecao=selecao, descricao="Teste"
    )


PUBLICADOS = {
    "resultado": ResultadoVersaoFactory,
    "edital": _versao_edital,
    "auditoria": _auditoria,
}


def _url(objeto, acao: str) -> str:
    meta = objeto._meta
    return reverse(f"admin:{meta.app_label}_{meta.model_name}_{acao}", args=[objeto.pk])


@pytest.mark.django_db
@pytest.mark.parametrize("tipo", list(PUBLICADOS))
def test_admin_publicado_sem_editar_nem_excluir(admin_client, tipo):
    objeto = PUBLICADOS[tipo]()
    modelo = type(objeto)

    pagina = admin_client.get(_url(objeto, "change"))
    assert pagina.status_code == 200  # consulta
    assert b'name="_save"' not in pagina.content
    assert admin_client.post(_url(objeto, "change"), {"motivo": "x"}).status_code == 403
    assert admin_client.get(_url(objeto, "delete")).status_code == 403
    assert admin_client.post(_url(objeto, "delete"), {"post": "yes"}).status_code == 403

    lista = reverse(f"admin:{modelo._meta.app_label}_{modelo._meta.model_name}_changelist")
    assert b"delete_selected" not in admin_client.get(lista).content
    admin_client.post(
        lista, {"action": "delete_selected", "_selected_action": [objeto.pk], "post": "yes"}
    )
    assert modelo.objects.filter(pk=objeto.pk).exists()


@pytest.mark.django_db
def test_admin_editar_versao_de_resultado_nao_da_erro_500(admin_client):
    """Antes: o formulário de edição chamava ``save()``, que recusa, e a resposta era 500."""
    versao = ResultadoVersaoFactory()

    resposta = admin_client.post(
        _url(versao, "change"),
        {"selecao": versao.selecao_id, "tipo": "final", "numero": 1, "conteudo": "{}"},
    )

    assert resposta.status_code == 403
    versao.refresh_from_db()
    assert versao.conteudo == {"formato": 1, "vagas": []}


@pytest.mark.django_db
def test_admin_trilha_nao_aceita_registro_a_mao_nem_retroativo(admin_client):
    url = reverse("admin:selecoes_registroauditoria_add")
    antes = RegistroAuditoria.objects.count()

    assert admin_client.get(url).status_code == 403
    resposta = admin_client.post(
        url,
        {
            "criado_em_0": "01/01/2026",
            "criado_em_1": "10:00:00",
            "usuario_nome": "outra servidora",
            "acao": "convocacao.contratado",
            "objeto_tipo": "candidatos.Convocacao",
            "descricao": "Forjado",
        },
    )

    assert resposta.status_code == 403
    assert RegistroAuditoria.objects.count() == antes


@pytest.mark.django_db
def test_admin_inscricao_nao_vira_eliminada_pelo_admin(admin_client):
    inscricao = InscricaoFactory()
    antes = RegistroAuditoria.objects.count()

    resposta = admin_client.post(
        _url(inscricao, "change"), {"situacao": SituacaoInscricao.ELIMINADA}
    )

    assert resposta.status_code == 403
    inscricao.refresh_from_db()
    assert inscricao.situacao != SituacaoInscricao.ELIMINADA
    assert RegistroAuditoria.objects.count() == antes
    assert admin_client.get(_url(inscricao, "delete")).status_code == 403
    assert admin_client.get(reverse("admin:candidatos_inscricao_add")).status_code == 403


@pytest.mark.django_db
def test_admin_convocacao_nao_vira_contratado_pelo_admin(admin_client):
    convocacao = ConvocacaoFactory()

    resposta = admin_client.post(
        _url(convocacao, "change"), {"situacao": SituacaoConvocacao.CONTRATADO}
    )

    assert resposta.status_code == 403
    convocacao.refresh_from_db()
    assert convocacao.situacao == SituacaoConvocacao.AGUARDANDO
    assert admin_client.get(_url(convocacao, "delete")).status_code == 403


@pytest.mark.django_db
@pytest.mark.parametrize("modelo", [Inscricao, Convocacao, Selecao, ResultadoVersao])
def test_admin_estado_do_dominio_sem_acao_de_excluir_em_lote(admin_client, modelo):
    meta = modelo._meta
    resposta = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))

    assert resposta.status_code == 200
    assert b"delete_selected" not in resposta.content
    assert reverse(f"admin:{meta.app_label}_{meta.model_name}_add").encode() not in (
        resposta.content
    )


@pytest.mark.django_db
def test_admin_inscricao_nao_mostra_dados_sensiveis_nem_o_codigo(admin_client):
    inscricao = InscricaoFactory(codigo_verificacao="SEGREDO123")

    conteudo = admin_client.get(_url(inscricao, "change")).content.decode()

    assert "SEGREDO123" not in conteudo
    assert inscricao.cpf not in conteudo


@pytest.mark.django_db
def test_admin_lotacao_alterada_pelo_admin_fica_na_auditoria(admin_client, admin_user):
    """Configuração que o admin ainda edita (órgãos, lotações) passa pela trilha."""
    orgao = OrgaoFactory()
    servidora = UserFactory(username="servidora")
    url_add = reverse("admin:selecoes_lotacao_add")

    resposta = admin_client.post(
        url_add, {"usuario": servidora.pk, "orgao": orgao.pk, "papel": Papel.OPERADOR}
    )
    assert resposta.status_code == 302
    lotacao = Lotacao.objects.get(usuario=servidora)
    admin_client.post(
        _url(lotacao, "change"),
        {"usuario": servidora.pk, "orgao": orgao.pk, "papel": Papel.GESTOR},
    )
    admin_client.post(_url(lotacao, "delete"), {"post": "yes"})

    registros = list(
        RegistroAuditoria.objects.filter(acao__startswith="admin.lotacao.").order_by("sequencia")
    )
    assert [r.acao for r in registros] == [
        "admin.lotacao.criado",
        "admin.lotacao.alterado",
        "admin.lotacao.excluido",
    ]
    assert {r.usuario_nome for r in registros} == {admin_user.username}
    assert {r.orgao_id for r in registros} == {orgao.pk}
    assert registros[1].antes["papel"] == Papel.OPERADOR
    assert registros[1].depois["papel"] == Papel.GESTOR
    assert not Lotacao.objects.filter(pk=lotacao.pk).exists()
