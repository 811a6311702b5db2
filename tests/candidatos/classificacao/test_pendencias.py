"""Pendências do RH (issue 17, item 6): cada tipo aparece e some quando resolvido,
só no órgão do servidor, com a ação que o papel permite e sem dado sensível."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from candidatos.models import Recurso, SituacaoConvocacao, SituacaoRecurso
from candidatos.selectors import pendencias as sel
from candidatos.selectors.pendencias import TipoPendencia
from candidatos.services import convocacao as servico
from candidatos.services import eliminacao
from selecoes.models import SituacaoSelecao
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    nova_vaga,
    publicar_final,
)
from tests.factories import SelecaoFactory

pytestmark = pytest.mark.django_db

DEPOIS_DO_PRAZO = AGORA + dt.timedelta(days=6)


def _cenario(orgao, usuario, *, ofertadas=2, letras="ABCD"):
    vaga = nova_vaga(orgao, ofertadas=ofertadas)
    inscricoes = classificacao(vaga, letras, negros="")
    publicar_final(vaga.selecao, usuario)
    return vaga, inscricoes


def _convocar(vaga, usuario, quantidade, agora=AGORA, prazo=AGORA + dt.timedelta(days=5)):
    return servico.proximos_convocar(
        vaga=vaga, quantidade=quantidade, prazo_resposta=prazo, usuario=usuario, agora=agora
    )


def _linhas(usuario, orgao, tipo, agora=DEPOIS_DO_PRAZO):
    return sel.pendencias_do_orgao(usuario, orgao_id=orgao.pk, agora=agora).get(tipo, [])


def _contagem(usuario, orgao, tipo, agora=DEPOIS_DO_PRAZO):
    return sel.contagens(usuario, agora=agora).get(orgao.pk, {}).get(tipo, 0)


def test_convocacao_vencida_aparece_depois_do_prazo_e_some_com_o_desfecho(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    c1, c2 = _convocar(vaga, alice, 2)
    assert _linhas(alice, orgao, TipoPendencia.CONVOCACAO_VENCIDA, agora=AGORA) == []

    vencidas = _linhas(alice, orgao, TipoPendencia.CONVOCACAO_VENCIDA)
    assert [p.objeto_id for p in vencidas] == [c1.pk, c2.pk]
    assert _contagem(alice, orgao, TipoPendencia.CONVOCACAO_VENCIDA) == 2
    assert vencidas[0].acao.resolve
    assert vencidas[0].acao.url == f"/rh/classificacao/convocacao/{c1.pk}/"

    servico.desistencia_registrar(
        convocacao=c1,
        situacao=SituacaoConvocacao.NAO_COMPARECEU,
        data=DEPOIS_DO_PRAZO.date(),
        motivo="Sem resposta.",
        usuario=alice,
    )
    assert [p.objeto_id for p in _linhas(alice, orgao, TipoPendencia.CONVOCACAO_VENCIDA)] == [c2.pk]


def test_aceita_nao_e_vencida(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    (c1,) = _convocar(vaga, alice, 1)
    servico.responder(convocacao=c1, aceita=True, agora=AGORA + dt.timedelta(hours=1))
    assert _linhas(alice, orgao, TipoPendencia.CONVOCACAO_VENCIDA) == []


def test_vaga_liberada_aguarda_o_proximo_e_some_quando_convocado(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    c1, _c2 = _convocar(vaga, alice, 2)
    assert _linhas(alice, orgao, TipoPendencia.VAGA_A_SUPRIR) == []

    servico.responder(convocacao=c1, aceita=False, agora=AGORA + dt.timedelta(hours=1))
    linhas = _linhas(alice, orgao, TipoPendencia.VAGA_A_SUPRIR)
    assert [(p.objeto_id, p.quantidade) for p in linhas] == [(vaga.pk, 1)]
    assert linhas[0].situacao == "1 vaga(s) liberada(s) sem ocupante; a convocar: DIR-C"
    assert linhas[0].acao.url == f"/rh/classificacao/vaga/{vaga.pk}/"
    assert _contagem(alice, orgao, TipoPendencia.VAGA_A_SUPRIR) == 1

    _convocar(vaga, alice, 1, agora=AGORA + dt.timedelta(hours=2))
    assert _linhas(alice, orgao, TipoPendencia.VAGA_A_SUPRIR) == []
    assert _contagem(alice, orgao, TipoPendencia.VAGA_A_SUPRIR) == 0


def test_vaga_liberada_com_classificacao_esgotada_diz_que_nao_ha_quem_chamar(orgao, alice):
    vaga, _ = _cenario(orgao, alice, letras="AB")
    c1, _c2 = _convocar(vaga, alice, 2)
    servico.responder(convocacao=c1, aceita=False, agora=AGORA + dt.timedelta(hours=1))
    (linha,) = _linhas(alice, orgao, TipoPendencia.VAGA_A_SUPRIR)
    assert linha.quantidade == 0
    assert "classificação esgotada" in linha.situacao
    assert (linha.acao.rotulo, linha.acao.resolve) == ("Ver a vaga", False)


def test_vaga_liberada_depois_da_validade_nao_e_pendencia(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    (c1,) = _convocar(vaga, alice, 1)
    servico.responder(convocacao=c1, aceita=False, agora=AGORA + dt.timedelta(hours=1))
    depois_da_validade = AGORA + dt.timedelta(days=400)
    assert _linhas(alice, orgao, TipoPendencia.VAGA_A_SUPRIR, agora=depois_da_validade) == []
    assert _contagem(alice, orgao, TipoPendencia.VAGA_A_SUPRIR, agora=depois_da_validade) == 0


def test_recurso_pendente_aparece_e_some_quando_decidido(orgao, alice):
    vaga, ins = _cenario(orgao, alice)
    recurso = Recurso.objects.create(
        selecao=vaga.selecao, inscricao=ins["A"], assunto="Nota da prova", texto="Texto."
    )
    linhas = _linhas(alice, orgao, TipoPendencia.RECURSO)
    assert [p.objeto_id for p in linhas] == [recurso.pk]
    assert "Nota da prova" in linhas[0].descricao
    assert "Texto." not in linhas[0].descricao
    assert linhas[0].acao.url == f"/rh/classificacao/recurso/{recurso.pk}/decidir/"

    recurso.situacao = SituacaoRecurso.INDEFERIDO
    recurso.fundamentacao = "Nota conferida."
    recurso.save()
    assert _linhas(alice, orgao, TipoPendencia.RECURSO) == []
    assert _contagem(alice, orgao, TipoPendencia.RECURSO) == 0


def test_processo_a_notificar_depois_aguardando_defesa_e_decisao(orgao, alice):
    _vaga, ins = _cenario(orgao, alice)
    p = eliminacao.processo_abrir(
        inscricao=ins["B"],
        motivo="Indício.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=AGORA,
    )
    linhas = _linhas(alice, orgao, TipoPendencia.PROCESSO, agora=AGORA)
    assert [(x.objeto_id, x.situacao) for x in linhas] == [(p.pk, "Aberto: notificar o candidato")]

    eliminacao.candidato_notificar(
        processo=p, prazo_defesa=AGORA.date() + dt.timedelta(days=3), usuario=alice, agora=AGORA
    )
    # No prazo de defesa: espera o candidato, não o RH (mas o prazo aparece na agenda).
    assert _linhas(alice, orgao, TipoPendencia.PROCESSO, agora=AGORA) == []
    prazos = sel.prazos_proximos(alice, orgao_id=orgao.pk, agora=AGORA)
    assert f"Fim do prazo de defesa de {ins['B'].numero}" in [x.nome for x in prazos]

    # Prazo encerrado sem defesa: é o RH que deve a decisão.
    depois = AGORA + dt.timedelta(days=4)
    assert [x.situacao for x in _linhas(alice, orgao, TipoPendencia.PROCESSO, agora=depois)] == [
        "Prazo de defesa encerrado: aguardando decisão"
    ]

    eliminacao.defesa_registrar(processo=p, defesa="Sou parda.", usuario=alice, agora=AGORA)
    linhas = _linhas(alice, orgao, TipoPendencia.PROCESSO, agora=AGORA)
    assert [x.situacao for x in linhas] == ["Defesa recebida: aguardando decisão"]
    assert "parda" not in linhas[0].descricao.lower()

    eliminacao.processo_decidir(
        processo=p,
        procedente=False,
        fundamentacao="Declaração confirmada.",
        documento=SimpleUploadedFile("decisao.pdf", b"%PDF-1.4 decisao"),
        usuario=alice,
        agora=AGORA,
    )
    assert _linhas(alice, orgao, TipoPendencia.PROCESSO, agora=AGORA) == []
    assert _contagem(alice, orgao, TipoPendencia.PROCESSO, agora=AGORA) == 0


def test_escopo_outro_orgao_nao_ve_nem_conta(orgao, alice, diego, outro_orgao):
    vaga, ins = _cenario(orgao, alice)
    _convocar(vaga, alice, 2)
    Recurso.objects.create(selecao=vaga.selecao, inscricao=ins["A"], assunto="X", texto="Y")
    assert sel.contagens(diego, agora=DEPOIS_DO_PRAZO) == {}
    assert sel.pendencias_do_orgao(diego, orgao_id=orgao.pk, agora=DEPOIS_DO_PRAZO) == {}
    assert sel.prazos_proximos(diego, orgao_id=orgao.pk, agora=AGORA) == []
    proprias = sel.pendencias_do_orgao(diego, orgao_id=outro_orgao.pk, agora=DEPOIS_DO_PRAZO)
    assert all(linhas == [] for linhas in proprias.values())


def _acoes(usuario, orgao, agora):
    por_tipo = sel.pendencias_do_orgao(usuario, orgao_id=orgao.pk, agora=agora)
    return {
        tipo: [(p.acao.rotulo, p.acao.resolve) for p in linhas] for tipo, linhas in por_tipo.items()
    }


@pytest.mark.parametrize(
    ("persona", "convocacao", "processo"),
    [
        ("alice", ("Registrar o desfecho", True), ("Decidir", True)),
        ("bruno", ("Registrar o desfecho", True), ("Ver (decisão do gestor)", False)),
        ("carla", ("Ver convocação", False), ("Ver (decisão do gestor)", False)),
    ],
)
def test_papel_decide_a_acao_de_cada_linha(request, orgao, alice, persona, convocacao, processo):
    usuario = request.getfixturevalue(persona)
    vaga, ins = _cenario(orgao, alice)
    _convocar(vaga, alice, 1)
    p = eliminacao.processo_abrir(
        inscricao=ins["C"],
        motivo="Indício.",
        evidencias="",
        arquivo=None,
        usuario=alice,
        agora=AGORA,
    )
    eliminacao.candidato_notificar(
        processo=p, prazo_defesa=AGORA.date() + dt.timedelta(days=1), usuario=alice, agora=AGORA
    )
    acoes = _acoes(usuario, orgao, DEPOIS_DO_PRAZO)
    assert acoes[TipoPendencia.CONVOCACAO_VENCIDA] == [convocacao]
    assert acoes[TipoPendencia.PROCESSO] == [processo]


def test_linhas_sem_dado_sensivel(orgao, alice, carla):
    vaga = nova_vaga(orgao, ofertadas=2)
    ins = classificacao(vaga, "AX", negros="X")
    publicar_final(vaga.selecao, alice)
    _convocar(vaga, alice, 2)
    texto = repr(sel.pendencias_do_orgao(carla, orgao_id=orgao.pk, agora=DEPOIS_DO_PRAZO))
    for inscricao in ins.values():
        assert inscricao.cpf not in texto
    assert "parda" not in texto.lower()
    assert "negros" not in texto.lower()


def test_prazos_dos_proximos_7_dias(orgao, alice):
    vaga, _ = _cenario(orgao, alice)
    _convocar(vaga, alice, 1, prazo=AGORA + dt.timedelta(days=3))
    _convocar(vaga, alice, 1, prazo=AGORA + dt.timedelta(days=9))
    SelecaoFactory(
        orgao=orgao,
        numero_edital="77/2026",
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=AGORA - dt.timedelta(days=3),
        inscricoes_fim=AGORA + dt.timedelta(days=2),
        data_publicacao_edital=AGORA.date() - dt.timedelta(days=10),
    )
    SelecaoFactory(
        orgao=orgao,
        numero_edital="78/2026",
        inscricoes_inicio=AGORA + dt.timedelta(days=10),
        inscricoes_fim=AGORA + dt.timedelta(days=30),
        data_publicacao_edital=AGORA.date() + dt.timedelta(days=5),
    )
    nomes = [
        (p.selecao, p.nome) for p in sel.prazos_proximos(alice, orgao_id=orgao.pk, agora=AGORA)
    ]
    assert nomes == [
        ("Edital 77/2026", "Fim das inscrições"),
        (
            f"Edital {vaga.selecao.numero_edital}",
            f"Resposta à convocação de {vaga.codigo}-A (vaga {vaga.codigo})",
        ),
        ("Edital 78/2026", "Publicação do edital no DOU (ainda em rascunho no sistema)"),
    ]
    # O fim da validade (12 meses do resultado final) entra na semana em que chega.
    perto_do_fim = AGORA + dt.timedelta(days=362)
    assert "Fim da validade da seleção (últimas convocações)" in [
        p.nome for p in sel.prazos_proximos(alice, orgao_id=orgao.pk, agora=perto_do_fim)
    ]


def test_prazo_de_recurso_abre_e_fecha_na_agenda(orgao, alice):
    from candidatos.models import TipoResultado
    from candidatos.services import resultado

    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB", negros="")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA + dt.timedelta(days=1),
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    nomes = [p.nome for p in sel.prazos_proximos(alice, orgao_id=orgao.pk, agora=AGORA)]
    assert nomes == [
        "Abre o prazo de recurso — Resultado preliminar v1",
        "Fecha o prazo de recurso — Resultado preliminar v1",
    ]
    passou = AGORA + dt.timedelta(days=4)
    assert sel.prazos_proximos(alice, orgao_id=orgao.pk, agora=passou) == []


def test_contagens_em_poucas_consultas(orgao, alice, django_assert_max_num_queries):
    for codigo in ("V1", "V2", "V3"):
        vaga = nova_vaga(orgao, ofertadas=2, codigo=codigo)
        classificacao(vaga, "ABC", negros="")
        publicar_final(vaga.selecao, alice)
        c1, _ = _convocar(vaga, alice, 2)
        servico.responder(convocacao=c1, aceita=False, agora=AGORA + dt.timedelta(hours=1))
    with django_assert_max_num_queries(3):
        contagem = sel.contagens(alice, agora=DEPOIS_DO_PRAZO)
    assert contagem[orgao.pk] == {
        TipoPendencia.CONVOCACAO_VENCIDA: 3,
        TipoPendencia.VAGA_A_SUPRIR: 3,
    }
