"""Telas do RH e página pública da heteroidentificação: papéis, escopo e mensagens."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from candidatos.models import ChamadoHeteroidentificacao, SessaoHeteroidentificacao, VotoParecer
from candidatos.services import heteroidentificacao as hetero
from selecoes.models import Comissao, RegistroAuditoria
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import (
    comissao,
    membro_usuario,
    montado,
    verificar,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def cenario(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    return vaga.selecao, ins, chamados


def _cliente(client, usuario):
    client.force_login(usuario)
    return client


@pytest.mark.parametrize("papel", ["alice", "bruno", "carla"])
def test_telas_abrem_para_todos_os_papeis_do_orgao(client, request, cenario, papel):
    selecao, _ins, chamados = cenario
    usuario = request.getfixturevalue(papel)
    c = comissao(selecao.orgao, "Comissão A", usuario=usuario if papel != "carla" else None)
    s = hetero.sessao_agendar(
        selecao=selecao,
        comissao=c,
        modalidade="video",
        inicio=AGORA + dt.timedelta(days=1),
        link="https://sala.exemplo.gov.br/abc",
        usuario=None,
        agora=AGORA,
    )
    cliente = _cliente(client, usuario)
    for url in (
        reverse("heteroidentificacao:comissoes"),
        reverse("heteroidentificacao:comissao", args=[c.pk]),
        reverse("heteroidentificacao:selecao", args=[selecao.pk]),
        reverse("heteroidentificacao:sessao", args=[s.pk]),
        reverse("heteroidentificacao:chamado", args=[chamados[0].pk]),
    ):
        assert cliente.get(url).status_code == 200, url


@pytest.mark.parametrize(
    ("nome", "args_de"),
    [
        ("chamados_montar", "selecao"),
        ("preliminar", "selecao"),
        ("final", "selecao"),
        ("sessao_nova", "selecao"),
        ("membro_incluir", "comissao"),
        ("comissao_editar", "comissao"),
        ("apurar", "chamado"),
        ("presenca", "chamado"),
        ("recurso_novo", "chamado"),
    ],
)
def test_auditor_so_le(client, cenario, carla, alice, nome, args_de):
    selecao, _ins, chamados = cenario
    c = comissao(selecao.orgao, "Comissão A", usuario=alice)
    alvo = {"selecao": selecao.pk, "comissao": c.pk, "chamado": chamados[0].pk}[args_de]
    antes = RegistroAuditoria.objects.count()
    resposta = _cliente(client, carla).post(reverse(f"heteroidentificacao:{nome}", args=[alvo]))
    assert resposta.status_code == 403
    assert RegistroAuditoria.objects.count() == antes


def test_auditor_nao_cadastra_comissao(client, carla):
    resposta = _cliente(client, carla).get(reverse("heteroidentificacao:comissao_nova"))
    assert resposta.status_code == 403


def test_outro_orgao_recebe_404(client, cenario, diego):
    selecao, _ins, chamados = cenario
    cliente = _cliente(client, diego)
    for url in (
        reverse("heteroidentificacao:selecao", args=[selecao.pk]),
        reverse("heteroidentificacao:chamado", args=[chamados[0].pk]),
    ):
        assert cliente.get(url).status_code == 404
    assert (
        cliente.post(reverse("heteroidentificacao:chamados_montar", args=[selecao.pk])).status_code
        == 404
    )


def test_operador_cadastra_comissao_e_membros_com_auditoria(client, orgao, bruno):
    cliente = _cliente(client, bruno)
    resposta = cliente.post(
        reverse("heteroidentificacao:comissao_nova"),
        {"orgao": orgao.pk, "nome": "Comissão DF", "tipo": "heteroidentificacao"},
    )
    c = Comissao.objects.get(nome="Comissão DF")
    assert resposta.status_code == 302
    membro = membro_usuario(orgao, "membro-1")
    cliente.post(
        reverse("heteroidentificacao:membro_incluir", args=[c.pk]),
        {"usuario": membro.pk, "nome": "Maria Membro", "sociedade_civil": "on"},
    )
    assert c.membros.get().sociedade_civil
    assert set(
        RegistroAuditoria.objects.filter(
            orgao=orgao, acao__startswith="heteroidentificacao."
        ).values_list("acao", flat=True)
    ) == {"heteroidentificacao.comissao_criada", "heteroidentificacao.membro_incluido"}


def test_comissao_sem_nome_mensagem_nomeia_o_campo(client, orgao, bruno):
    resposta = _cliente(client, bruno).post(
        reverse("heteroidentificacao:comissao_nova"),
        {"orgao": orgao.pk, "nome": "   ", "tipo": "heteroidentificacao"},
    )
    assert resposta.status_code == 200
    assert "Nome" in resposta.content.decode()
    assert not Comissao.objects.exists()


def test_sessao_por_video_sem_link_nomeia_o_campo(client, cenario, bruno, alice):
    selecao, _ins, _chamados = cenario
    c = comissao(selecao.orgao, "Comissão A", usuario=alice)
    with time_machine.travel(AGORA, tick=False):
        resposta = _cliente(client, bruno).post(
            reverse("heteroidentificacao:sessao_nova", args=[selecao.pk]),
            {"comissao": c.pk, "modalidade": "video", "inicio": "2026-06-05T14:00"},
        )
    assert resposta.status_code == 200
    assert "Link da sala de vídeo" in resposta.content.decode()
    assert not SessaoHeteroidentificacao.objects.exists()


def test_fluxo_pelo_rh_convocar_presenca_e_apurar(client, cenario, bruno, alice):
    selecao, _ins, chamados = cenario
    c = comissao(selecao.orgao, "Comissão A", usuario=alice)
    s = hetero.sessao_agendar(
        selecao=selecao,
        comissao=c,
        modalidade="presencial",
        inicio=AGORA + dt.timedelta(days=1),
        local="Sala 1",
        usuario=alice,
        agora=AGORA,
    )
    cliente = _cliente(client, bruno)
    cliente.post(
        reverse("heteroidentificacao:sessao_convocar", args=[s.pk]),
        {"chamados": [ch.pk for ch in chamados]},
    )
    assert ChamadoHeteroidentificacao.objects.filter(sessao=s).count() == len(chamados)
    alvo = chamados[0]
    cliente.post(reverse("heteroidentificacao:presenca", args=[alvo.pk]), {"presenca": "presente"})
    resposta = cliente.post(reverse("heteroidentificacao:apurar", args=[alvo.pk]), follow=True)
    assert "falta o parecer de" in resposta.content.decode()
    for membro in c.membros.all():
        hetero.parecer_registrar(
            membro=membro,
            chamado=alvo,
            voto=VotoParecer.CONFIRMA,
            fundamentacao="Características observadas confirmam a autodeclaração.",
            usuario=membro.usuario,
            agora=AGORA,
        )
    resposta = cliente.post(reverse("heteroidentificacao:apurar", args=[alvo.pk]), follow=True)
    assert "Decisão apurada: autodeclaração confirmada" in resposta.content.decode()


def test_fundamentacao_so_para_gestor(client, cenario, alice, bruno):
    selecao, _ins, chamados = cenario
    verificar(chamados, comissao(selecao.orgao, "Comissão A", usuario=alice), alice)
    url = reverse("heteroidentificacao:chamado", args=[chamados[0].pk])
    trecho = "Fundamentação do parecer com as características"
    assert trecho in _cliente(client, alice).get(url).content.decode()
    client.logout()
    assert trecho not in _cliente(client, bruno).get(url).content.decode()


def test_publicar_final_recusado_nomeia_o_pendente_na_tela(client, cenario, bruno, alice):
    selecao, _ins, chamados = cenario
    verificar(chamados[:2], comissao(selecao.orgao, "Comissão A", usuario=alice), alice)
    resposta = _cliente(client, bruno).post(
        reverse("heteroidentificacao:final", args=[selecao.pk]), follow=True
    )
    assert "Resultado final recusado — DIR-Z" in resposta.content.decode()


def test_pagina_publica_so_numeros(client, cenario, alice):
    selecao, ins, chamados = cenario
    verificar(
        chamados,
        comissao(selecao.orgao, "Comissão A", usuario=alice),
        alice,
        {"DIR-Y": [VotoParecer.NAO_CONFIRMA] * 3},
    )
    hetero.resultado_preliminar_publicar(
        selecao=selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    url = reverse("publico:heteroidentificacao", args=[selecao.pk])
    corpo = client.get(url).content.decode()
    assert "DIR-Y" in corpo
    assert "não confirmada" in corpo
    assert "item 3.2.16" in corpo
    for inscricao in ins.values():
        assert inscricao.nome_civil not in corpo
        assert inscricao.cpf not in corpo
    so_y = client.get(url, {"inscricao": "DIR-Y"}).content.decode()
    assert "DIR-Y" in so_y
    assert "DIR-X" not in so_y
    ruim = client.get(url, {"inscricao": "<script>"})
    assert ruim.status_code == 200
    assert "Número de inscrição: use só letras" in ruim.content.decode()


def _regras_post(**campos):
    dados = {
        "regras-TOTAL_FORMS": "1",
        "regras-INITIAL_FORMS": "0",
        "regras-MIN_NUM_FORMS": "0",
        "regras-MAX_NUM_FORMS": "10",
        "regras-0-categoria": "negros",
        "regras-0-tipo": "fenotipica",
        "regras-0-chamados": "multiplo_vagas",
        "regras-0-multiplo": "3",
        "regras-0-regra_decisao": "maioria",
        "regras-0-ausente": "ampla_concorrencia",
        "regras-0-item_edital": "item 7.1",
        "regras-0-prazo_recurso_dias": "2",
    }
    dados.update(campos)
    return dados


def test_regras_no_rascunho_pela_tela(client, orgao, bruno):
    from selecoes.models import ConfirmacaoCategoria, SituacaoSelecao
    from tests.factories import SelecaoFactory, VagaEstagioFactory

    selecao = SelecaoFactory(orgao=orgao, situacao=SituacaoSelecao.RASCUNHO)
    VagaEstagioFactory(selecao=selecao)
    url = reverse("heteroidentificacao:regras", args=[selecao.pk])
    cliente = _cliente(client, bruno)
    assert cliente.get(url).status_code == 200
    resposta = cliente.post(url, _regras_post())
    assert resposta.status_code == 302, resposta.content.decode()[:2000]
    regra = ConfirmacaoCategoria.objects.get(selecao=selecao)
    assert (regra.multiplo, regra.item_edital) == (3, "item 7.1")


def test_regras_publicado_exige_retificacao_e_nomeia_o_campo(client, cenario, bruno):
    from selecoes.models import ConfirmacaoCategoria

    selecao, _ins, _chamados = cenario
    url = reverse("heteroidentificacao:regras", args=[selecao.pk])
    resposta = _cliente(client, bruno).post(url, _regras_post())
    assert resposta.status_code == 200
    assert "Motivo da retificação" in resposta.content.decode()
    resposta = client.post(
        url,
        _regras_post(motivo="Ajuste.", data_retificacao="2026-05-01", **{"regras-0-multiplo": "5"}),
    )
    # Já há resultado preliminar: a regra é base legal congelada.
    assert "não pode mudar depois da publicação do resultado" in resposta.content.decode()
    assert ConfirmacaoCategoria.objects.get(selecao=selecao).multiplo is None


def test_regras_auditor_so_le(client, cenario, carla):
    selecao, _ins, _chamados = cenario
    url = reverse("heteroidentificacao:regras", args=[selecao.pk])
    cliente = _cliente(client, carla)
    assert cliente.get(url).status_code == 200
    assert cliente.post(url, _regras_post()).status_code == 403


def test_rh_nao_muda_a_presenca_depois_do_primeiro_parecer(client, cenario, bruno, alice):
    """Presente com parecer dado não vira ausente pela tela do RH: a decisão sairia
    "ausente" e descartaria os pareceres da comissão (a regra da tela do membro)."""
    selecao, _ins, chamados = cenario
    c = comissao(selecao.orgao, "Comissão A", usuario=alice)
    s = hetero.sessao_agendar(
        selecao=selecao,
        comissao=c,
        modalidade="presencial",
        inicio=AGORA + dt.timedelta(days=1),
        local="Sala 1",
        usuario=alice,
        agora=AGORA,
    )
    alvo = chamados[0]
    hetero.chamados_convocar(sessao=s, chamados=[alvo], usuario=alice)
    hetero.presenca_registrar(chamado=alvo, presenca="presente", usuario=alice, agora=AGORA)
    membro = c.membros.first()
    hetero.parecer_registrar(
        membro=membro,
        chamado=alvo,
        voto=VotoParecer.CONFIRMA,
        fundamentacao="Características observadas confirmam a autodeclaração.",
        usuario=membro.usuario,
        agora=AGORA,
    )

    resposta = _cliente(client, bruno).post(
        reverse("heteroidentificacao:presenca", args=[alvo.pk]),
        {"presenca": "ausente"},
        follow=True,
    )

    assert "a presença não muda mais" in resposta.content.decode()
    alvo.refresh_from_db()
    assert alvo.presenca == "presente"


def test_pagina_publica_nao_liga_o_numero_a_categoria_sem_nomes(client, orgao, alice):
    """Categoria cuja lista é sem nomes (pessoas trans, por padrão): o número de inscrição
    aparece com o nome na classificação geral, então a página da heteroidentificação
    mostra o código de lista, fora da ordem dos números (docs/resultado.md, "Sigilo das
    listas sem nomes"; LGPD, art. 11)."""
    from decimal import Decimal

    from selecoes.sigilo import codigo_lista
    from tests.candidatos.classificacao.factories import aprovar, inscrever, nova_vaga
    from tests.candidatos.heteroidentificacao.cenario import preliminar, regra
    from tests.factories import CategoriaEditalFactory

    vaga = nova_vaga(orgao, ofertadas=5)
    CategoriaEditalFactory(selecao=vaga.selecao, categoria="trans", percentual=20)
    ins = {}
    for i, letra in enumerate("ABCDE"):
        ins[letra] = inscrever(
            vaga,
            f"DIR-{letra}",
            negro=letra in "AC",
            concorre_categorias=["trans"] if letra == "B" else [],
        )
        aprovar(ins[letra], Decimal(100 - i))
    regra(vaga.selecao)
    regra(vaga.selecao, "trans", tipo="documental", item_edital="item 3.4")
    preliminar(vaga.selecao, alice)
    chamados = hetero.chamados_montar(selecao=vaga.selecao, usuario=alice, agora=AGORA)
    assert {(c.inscricao.numero, c.categoria) for c in chamados} >= {("DIR-B", "trans")}
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    url = reverse("publico:heteroidentificacao", args=[vaga.selecao.pk])

    corpo = client.get(url).content.decode()

    codigo = codigo_lista("DIR-B", "trans")
    assert "DIR-A" in corpo
    assert "DIR-C" in corpo
    assert codigo in corpo
    assert "DIR-B" not in corpo
    assert corpo.index("DIR-C") < corpo.index(codigo)
    pelo_numero = client.get(url, {"inscricao": "DIR-B"}).content.decode()
    assert "Nenhum resultado para a inscrição DIR-B" in pelo_numero
    assert codigo not in pelo_numero
    pelo_codigo = client.get(url, {"inscricao": codigo.lower()}).content.decode()
    assert f'<th scope="row">{codigo}</th>' in pelo_codigo
    assert "DIR-A" not in pelo_codigo
