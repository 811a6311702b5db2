"""O candidato na heteroidentificação: aviso da sessão, "Minha situação" e recurso
pela área do candidato (issue 15, itens 5 e 6).

Só o titular (código do comprovante) recorre; número e CPF mostram a sessão e nada
mais, e o link da sala de vídeo não aparece para quem entrou só com o CPF.
"""

import datetime as dt

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from candidatos.models import RecursoHeteroidentificacao
from candidatos.services import heteroidentificacao as hetero
from candidatos.services.heteroidentificacao import candidato
from candidatos.services.inscricoes import formatar_codigo
from selecoes.models import Mensagem, RegistroAuditoria, TipoComissao
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import comissao, montado, sessao

pytestmark = pytest.mark.django_db

N, C = "nao_confirma", "confirma"
MINHA = reverse("publico:minha_situacao")
FIM_RECURSO = AGORA + dt.timedelta(days=2)


@pytest.fixture(autouse=True)
def _limites():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _decidido(orgao, alice, votos_y=(N, N, C), *, recursal=True, video=False):
    """X, Y e Z chamados (negros); Y não confirmado pela comissão; preliminar publicado."""
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    if recursal:
        comissao(orgao, "Recursal", TipoComissao.RECURSAL, usuario=alice)
    s = sessao(vaga.selecao, julgadora, alice)
    if video:
        s.modalidade, s.link, s.local = "video", "https://sala.exemplo.gov.br/abc", ""
        s.save()
    hetero.chamados_convocar(sessao=s, chamados=chamados, usuario=alice)
    for chamado in chamados:
        hetero.presenca_registrar(chamado=chamado, presenca="presente", usuario=alice, agora=AGORA)
        votos = votos_y if chamado.inscricao.numero == "DIR-Y" else (C, C, C)
        for membro, voto in zip(julgadora.membros.order_by("nome", "pk"), votos, strict=True):
            hetero.parecer_registrar(
                membro=membro,
                chamado=chamado,
                voto=voto,
                fundamentacao="Fundamentação do parecer com as características observadas.",
                usuario=membro.usuario,
                agora=AGORA,
            )
        hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=FIM_RECURSO, usuario=alice, agora=AGORA
    )
    for chamado in chamados:
        chamado.refresh_from_db()
    por_numero = {c.inscricao.numero: c for c in chamados}
    return vaga, ins, por_numero


def test_convocar_a_sessao_avisa_cada_candidato_no_email_da_inscricao(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    s = sessao(vaga.selecao, julgadora, alice)
    Mensagem.objects.all().delete()

    hetero.chamados_convocar(sessao=s, chamados=chamados, usuario=alice)

    avisos = Mensagem.objects.filter(modelo="heteroidentificacao_sessao")
    assert sorted(m.destinatario for m in avisos) == sorted(c.inscricao.email for c in chamados)
    corpo = avisos.get(inscricao_id=ins["Y"].pk).corpo
    assert "Sala 101, Bloco A" in corpo
    assert "02/06/2026" in corpo  # um dia depois de AGORA, no horário de Brasília
    assert ins["Y"].numero in corpo
    assert "item 3.2.16" in corpo
    assert "continua na ampla concorrência" in corpo


def test_recurso_pelo_candidato_vai_a_recursal_e_fica_na_trilha(orgao, alice):
    _vaga, ins, chamados = _decidido(orgao, alice)

    recurso = candidato.recurso_pelo_candidato(
        inscricao_id=ins["Y"].pk,
        chamado_id=chamados["DIR-Y"].pk,
        razoes="  Sou pardo; peço nova avaliação.  ",
        agora=AGORA + dt.timedelta(days=1),
    )

    assert recurso.comissao_recursal.nome == "Recursal"
    assert recurso.razoes == "Sou pardo; peço nova avaliação."
    assert recurso.recebido_por is None
    registro = RegistroAuditoria.objects.get(acao="heteroidentificacao.recurso_recebido")
    assert registro.usuario_nome == ""
    assert registro.motivo == candidato.CANAL_AREA
    confirmacao = Mensagem.objects.get(modelo="heteroidentificacao_recurso_recebido")
    assert confirmacao.destinatario == ins["Y"].email
    assert "Recursal" in confirmacao.corpo


@pytest.mark.parametrize(
    ("caso", "mensagem"),
    [
        pytest.param("fora_do_prazo", "prazo de recurso", id="fora_do_prazo"),
        pytest.param("confirmado", "foi confirmada", id="confirmado"),
        pytest.param("outra_inscricao", "não há verificação", id="chamado_de_outra_inscricao"),
        pytest.param("repetido", "já tem recurso", id="segundo_recurso"),
        pytest.param("sem_recursal", "não designou a comissão recursal", id="sem_recursal"),
        pytest.param("longo", "no máximo 5000", id="razoes_longas"),
    ],
)
def test_recurso_pelo_candidato_recusado(orgao, alice, caso, mensagem):
    _vaga, ins, chamados = _decidido(orgao, alice, recursal=caso != "sem_recursal")
    inscricao, chamado, razoes = ins["Y"], chamados["DIR-Y"], "Peço revisão."
    agora = AGORA + dt.timedelta(days=1)
    if caso == "fora_do_prazo":
        agora = FIM_RECURSO + dt.timedelta(minutes=1)
    elif caso == "confirmado":
        inscricao, chamado = ins["X"], chamados["DIR-X"]
    elif caso == "outra_inscricao":
        inscricao = ins["X"]
    elif caso == "repetido":
        candidato.recurso_pelo_candidato(
            inscricao_id=inscricao.pk, chamado_id=chamado.pk, razoes=razoes, agora=agora
        )
    elif caso == "longo":
        razoes = "x" * 5001
    antes = RecursoHeteroidentificacao.objects.count()

    with pytest.raises(ValidationError, match=mensagem):
        candidato.recurso_pelo_candidato(
            inscricao_id=inscricao.pk, chamado_id=chamado.pk, razoes=razoes, agora=agora
        )
    assert RecursoHeteroidentificacao.objects.count() == antes


def test_recursal_com_membro_da_comissao_que_decidiu_nao_serve(orgao, alice):
    _vaga, _ins, chamados = _decidido(orgao, alice, recursal=False)
    julgadora = chamados["DIR-Y"].sessao.comissao
    impedida = hetero.comissao_criar(
        orgao=orgao, nome="Recursal impedida", tipo=TipoComissao.RECURSAL, usuario=alice
    )
    membro = julgadora.membros.first()
    hetero.membro_incluir(
        comissao=impedida,
        usuario_membro=membro.usuario,
        nome=membro.nome,
        sociedade_civil=False,
        usuario=alice,
    )
    with pytest.raises(ValidationError, match="não designou"):
        candidato.recursal_da_selecao(chamados["DIR-Y"])


def _entrar(client, inscricao):
    return client.post(
        MINHA,
        {"numero": inscricao.numero, "codigo": formatar_codigo(inscricao.codigo_verificacao)},
    )


def test_minha_situacao_com_cpf_mostra_a_sessao_sem_link_nem_recurso(client, orgao, alice):
    _vaga, ins, chamados = _decidido(orgao, alice, video=True)
    with time_machine.travel(AGORA + dt.timedelta(days=1), tick=False):
        html = client.post(MINHA, {"numero": ins["Y"].numero, "cpf": ins["Y"].cpf}).content.decode()

    assert "Heteroidentificação" in html
    assert "02/06/2026" in html
    assert "sala.exemplo.gov.br" not in html
    assert reverse("publico:area_recurso_hetero", args=[chamados["DIR-Y"].pk]) not in html
    assert "pela área do candidato" in html


def test_area_do_candidato_mostra_o_link_e_recorre(client, orgao, alice):
    _vaga, ins, chamados = _decidido(orgao, alice, video=True)
    url = reverse("publico:area_recurso_hetero", args=[chamados["DIR-Y"].pk])
    with time_machine.travel(AGORA + dt.timedelta(days=1), tick=False):
        html = _entrar(client, ins["Y"]).content.decode()
        assert "https://sala.exemplo.gov.br/abc" in html
        assert url in html

        vazio = client.post(url, {"razoes": ""})
        assert "Razões do recurso" in vazio.content.decode()
        assert not RecursoHeteroidentificacao.objects.exists()

        resposta = client.post(url, {"razoes": "Peço nova avaliação presencial."})

    assert resposta.status_code == 302
    recurso = RecursoHeteroidentificacao.objects.get()
    assert recurso.chamado_id == chamados["DIR-Y"].pk


def test_area_nao_abre_o_recurso_de_outro_candidato(client, orgao, alice):
    _vaga, ins, chamados = _decidido(orgao, alice)
    url = reverse("publico:area_recurso_hetero", args=[chamados["DIR-Y"].pk])
    with time_machine.travel(AGORA + dt.timedelta(days=1), tick=False):
        assert client.post(url, {"razoes": "Sem área aberta."}).status_code in (302, 403)
        _entrar(client, ins["X"])
        assert client.get(url).status_code == 404
        assert client.post(url, {"razoes": "Do outro."}).status_code == 404
    assert not RecursoHeteroidentificacao.objects.exists()


def test_recurso_recusado_depois_do_resultado_final_mesmo_com_nova_versao_do_preliminar(
    client, orgao, alice
):
    """O resultado final encerra a verificação do chamado: uma nova versão do preliminar
    (alcançados pelo cadastro de reserva) não reabre o prazo de quem já tem o final."""
    vaga, ins, chamados = _decidido(orgao, alice)
    hetero.resultado_final_publicar(
        selecao=vaga.selecao, usuario=alice, agora=FIM_RECURSO + dt.timedelta(hours=1)
    )
    nova = FIM_RECURSO + dt.timedelta(days=1)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao,
        recurso_fim=nova + dt.timedelta(days=2),
        usuario=alice,
        agora=nova,
        motivo="Candidato alcançado pelo cadastro de reserva.",
    )
    url = reverse("publico:area_recurso_hetero", args=[chamados["DIR-Y"].pk])
    with time_machine.travel(nova + dt.timedelta(hours=1), tick=False):
        html = _entrar(client, ins["Y"]).content.decode()
        assert url not in html
        resposta = client.post(url, {"razoes": "Peço nova avaliação depois do final."})

    assert resposta.status_code == 200
    assert "resultado final" in resposta.content.decode()
    assert not RecursoHeteroidentificacao.objects.exists()


def test_minha_situacao_pelo_govbr_mostra_a_sessao_com_link_e_recurso(client, orgao, alice):
    """Quem entrou com gov.br é o titular provado (como pelo código do comprovante): vê a
    sessão da heteroidentificação, o link da sala e o botão de recurso."""
    from selecoes.govbr import sessao as sessao_govbr

    _vaga, ins, chamados = _decidido(orgao, alice, video=True)
    sessao_do_navegador = client.session
    sessao_do_navegador[sessao_govbr.CHAVE_CIDADAO] = {"cpf": ins["Y"].cpf, "primeiro_nome": "Y"}
    sessao_do_navegador.save()

    with time_machine.travel(AGORA + dt.timedelta(days=1), tick=False):
        resposta = client.get(reverse("publico:minha_situacao_govbr", args=[ins["Y"].numero]))

    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Heteroidentificação" in html
    assert "https://sala.exemplo.gov.br/abc" in html
    assert reverse("publico:area_recurso_hetero", args=[chamados["DIR-Y"].pk]) in html
