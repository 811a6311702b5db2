"""Convocado pelo cadastro de reserva é verificado antes de a convocação valer (issue 15,
item 4; regras de reserva, § 1), depois do resultado final da seleção publicado."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from candidatos.models import (
    ProcessoEliminacao,
    SituacaoConvocacao,
    SituacaoInscricao,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.selectors.pendencias import TipoPendencia, pendencias_do_orgao, vagas_a_suprir
from candidatos.services import convocacao
from candidatos.services import heteroidentificacao as hetero
from selecoes.models import Mensagem, RegistroAuditoria
from tests.candidatos.heteroidentificacao.cenario import (
    DEPOIS,
    FINAL_DA_VERIFICACAO,
    convocados_pelo_cadastro,
    verificar_depois,
)

pytestmark = pytest.mark.django_db

N, C, F = "nao_confirma", "confirma", "indicio_fraude"


def _modalidades(vaga):
    return {i.numero: i.modalidade for i in estado_vaga(vaga).ordem}


def test_caminho_publicado_tira_a_categoria_perdida_depois_do_final(orgao, alice):
    vaga, _ins, _z, chamado = convocados_pelo_cadastro(orgao, alice)
    assert estado_vaga(vaga).fonte == "resultado_final"
    assert _modalidades(vaga)["DIR-Z"] == "negros"

    # O cache da vaga muda com a decisão final: test_cache_do_motor (com commits de
    # verdade, pois no PostgreSQL a marca só muda no commit).
    verificar_depois(orgao, alice, vaga, chamado, [N, N, C])

    estado = estado_vaga(vaga)
    # O motor não chama Z pela reserva; a vaga de negros vai ao próximo da lista (W).
    assert _modalidades(vaga).get("DIR-Z") != "negros"
    assert [(i.numero, i.modalidade) for i in estado.a_convocar] == [("DIR-W", "negros")]
    # O documento publicado não muda: a versão é a mesma.
    assert estado.versao.numero == 1


@pytest.mark.parametrize(
    ("votos", "regra_campos", "resultado_final"),
    [
        pytest.param([N, N, C], {}, "nao_confirmada", id="nao_confirmada"),
        pytest.param(
            "ausente", {"ausente": "ampla_concorrencia"}, "ausente", id="ausente_perde_pelo_edital"
        ),
        pytest.param([F, F, C], {}, "indicio_fraude", id="indicio_de_fraude"),
    ],
)
def test_nao_confirmado_convocacao_sem_efeito_e_rh_confirma_o_proximo(
    orgao, alice, votos, regra_campos, resultado_final
):
    vaga, ins, z, chamado = convocados_pelo_cadastro(orgao, alice, **regra_campos)

    verificar_depois(orgao, alice, vaga, chamado, votos)

    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.SEM_EFEITO
    assert "item 3.2.16" in z.motivo_encerramento
    assert z.encerrada_em == FINAL_DA_VERIFICACAO.date()
    ins["Z"].refresh_from_db()
    assert ins["Z"].situacao == SituacaoInscricao.ATIVA  # continua na ampla concorrência
    registro = RegistroAuditoria.objects.get(acao="convocacao.sem_efeito")
    assert registro.inscricao_id == ins["Z"].pk
    assert "item 3.2.16" in registro.motivo
    aviso = Mensagem.objects.get(modelo="convocacao_sem_efeito")
    assert aviso.destinatario == ins["Z"].email
    assert "item 3.2.16" in aviso.corpo
    assert "ampla concorrência" in aviso.corpo
    # Sem convocação automática: a vaga fica nas pendências do RH, com W a chamar.
    assert vaga in vagas_a_suprir(alice, agora=FINAL_DA_VERIFICACAO)
    (linha,) = pendencias_do_orgao(alice, orgao_id=orgao.pk, agora=FINAL_DA_VERIFICACAO)[
        TipoPendencia.VAGA_A_SUPRIR
    ]
    assert "a convocar: DIR-W" in linha.situacao
    assert linha.acao.resolve
    assert [i.numero for i in estado_vaga(vaga).a_convocar] == ["DIR-W"]
    assert Mensagem.objects.filter(modelo="aviso_rh", destinatario=alice.email).exists()
    if resultado_final == "indicio_fraude":
        assert ProcessoEliminacao.objects.filter(inscricao=ins["Z"]).exists()


def test_nao_confirmado_com_convocacao_automatica_chama_o_proximo(orgao, alice):
    vaga, ins, z, chamado = convocados_pelo_cadastro(orgao, alice, automatica=True)

    verificar_depois(orgao, alice, vaga, chamado, [N, N, C])

    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.SEM_EFEITO
    w = ins["W"].convocacoes.get()
    assert (w.modalidade, w.situacao) == ("negros", SituacaoConvocacao.AGUARDANDO)
    assert w.convocada_em == FINAL_DA_VERIFICACAO
    # W também é alcançado pelo cadastro de reserva: verificado antes de valer.
    assert hetero.convocacao_pendente_verificacao(w) is not None
    assert estado_vaga(vaga).a_convocar == ()
    assert vaga not in vagas_a_suprir(alice, agora=FINAL_DA_VERIFICACAO)


@pytest.mark.parametrize(
    ("votos", "regra_campos"),
    [
        pytest.param([C, C, N], {}, id="confirmada"),
        pytest.param("ausente", {"ausente": "mantem_categoria"}, id="ausente_mantem_pelo_edital"),
    ],
)
def test_confirmado_convocacao_segue_e_contratacao_liberada(orgao, alice, votos, regra_campos):
    vaga, _ins, z, chamado = convocados_pelo_cadastro(orgao, alice, **regra_campos)
    with pytest.raises(ValidationError, match="pendente da heteroidentificação"):
        convocacao.contratacao_registrar(
            convocacao=z, data_inicio=DEPOIS.date(), numero_tce="TCE-9", usuario=alice
        )

    verificar_depois(orgao, alice, vaga, chamado, votos)

    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.AGUARDANDO
    assert hetero.convocacao_pendente_verificacao(z) is None
    assert RegistroAuditoria.objects.filter(acao="heteroidentificacao.convocacao_liberada").exists()
    assert not Mensagem.objects.filter(modelo="convocacao_sem_efeito").exists()
    assert _modalidades(vaga)["DIR-Z"] == "negros"
    convocacao.contratacao_registrar(
        convocacao=z, data_inicio=FINAL_DA_VERIFICACAO.date(), numero_tce="TCE-9", usuario=alice
    )
    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.CONTRATADO


def test_sem_efeito_continua_na_ampla_e_pode_ser_chamado_de_novo_por_ela(orgao, alice):
    """Regras, § 1: quem não foi confirmado continua na ampla concorrência; alcançado
    por ela (vagas surgidas), é convocado de novo — agora em AC."""
    vaga, ins, _z, chamado = convocados_pelo_cadastro(orgao, alice)
    verificar_depois(orgao, alice, vaga, chamado, [N, N, C])
    vaga = convocacao.vagas_surgidas_registrar(
        vaga=vaga, quantidade=5, motivo="Portaria 12/2026.", usuario=alice
    )
    a_convocar = estado_vaga(vaga).a_convocar
    assert "DIR-Z" in [i.numero for i in a_convocar]
    convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=len(a_convocar),
        prazo_resposta=FINAL_DA_VERIFICACAO + dt.timedelta(days=5),
        usuario=alice,
        agora=FINAL_DA_VERIFICACAO,
    )
    nova, sem_efeito = ins["Z"].convocacoes.order_by("-convocada_em")
    assert (sem_efeito.situacao, sem_efeito.modalidade) == (SituacaoConvocacao.SEM_EFEITO, "negros")
    # Ampla concorrência: uma vaga de AC ou a reservada revertida a ela (art. 4º, § 3º).
    assert nova.situacao == SituacaoConvocacao.AGUARDANDO
    assert nova.modalidade in ("AC", "reversao")
    assert estado_vaga(vaga).divergentes == ()


def test_sem_efeito_pode_desistir_antes_de_nova_convocacao(orgao, alice):
    vaga, ins, z, chamado = convocados_pelo_cadastro(orgao, alice)
    verificar_depois(orgao, alice, vaga, chamado, [N, N, C])
    convocacao.desistencia_inscricao_registrar(
        inscricao=ins["Z"], motivo="Pedido por e-mail.", usuario=alice
    )
    ins["Z"].refresh_from_db()
    assert ins["Z"].situacao == SituacaoInscricao.DESISTENTE
    z.refresh_from_db()
    assert z.situacao == SituacaoConvocacao.SEM_EFEITO


def test_duas_sem_efeito_na_mesma_vaga_com_convocacao_automatica_chamam_dois(orgao, alice):
    """Os próximos só são chamados depois de encerradas todas: a convocação ainda viva de
    quem já perdeu a categoria ficaria fora da ordem do motor e seguraria a vaga."""
    vaga, ins, z, chamado_z = convocados_pelo_cadastro(orgao, alice, automatica=True)
    # Com k = 9, a terceira vaga de negros (30 %, arredondado na vaga) vai a W.
    vaga = convocacao.vagas_surgidas_registrar(
        vaga=vaga, quantidade=4, motivo="Portaria 12/2026.", usuario=alice
    )
    criadas = convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=len(estado_vaga(vaga).a_convocar),
        prazo_resposta=DEPOIS + dt.timedelta(days=5),
        usuario=alice,
        agora=DEPOIS,
    )
    (w,) = [c for c in criadas if c.inscricao_id == ins["W"].pk]
    assert w.modalidade == "negros"
    chamado_w = hetero.convocacao_pendente_verificacao(w)
    assert chamado_w is not None

    verificar_depois(orgao, alice, vaga, [chamado_z, chamado_w], [N, N, C])

    for c in (z, w):
        c.refresh_from_db()
        assert c.situacao == SituacaoConvocacao.SEM_EFEITO
    novas = vaga.convocacoes.filter(convocada_em=FINAL_DA_VERIFICACAO)
    assert novas.count() == 2
    estado = estado_vaga(vaga)
    assert estado.divergentes == ()
    assert estado.a_convocar == ()
    assert estado.vagas_ocupadas == estado.k
