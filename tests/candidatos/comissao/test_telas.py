"""O que o membro vê e registra (issue 15, itens 6 e 8): só o que a verificação
precisa, um parecer por membro que não muda, a decisão apurada com os pareceres, a
recursal só com os recursos que lhe cabem."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    AcessoDadoSensivel,
    DecisaoHeteroidentificacao,
    Instancia,
    Parecer,
    Presenca,
    RecursoHeteroidentificacao,
    ResultadoHeteroidentificacao,
)
from candidatos.services import comissao_membro
from selecoes.models import MembroComissao
from tests.candidatos.comissao.factories import CPF_NEGRA, cenario_comissao

pytestmark = pytest.mark.django_db

FUNDAMENTO = "Traços fenotípicos compatíveis com a autodeclaração, observados na sessão."


def _presente(chamado):
    chamado.presenca = Presenca.PRESENTE
    chamado.save()
    return chamado


def _parecer(cenario, chamado, usuario, voto="confirma", instancia=Instancia.COMISSAO):
    comissao = cenario.comissao if instancia == Instancia.COMISSAO else cenario.recursal
    return Parecer.objects.create(
        chamado=chamado,
        membro=MembroComissao.objects.get(comissao=comissao, usuario=usuario),
        instancia=instancia,
        voto=voto,
        fundamentacao=f"Fundamentação de {usuario.username}, suficiente.",
    )


def test_membro_ve_nome_social_numero_categoria_e_so_o_final_do_cpf(client, cenario):
    client.force_login(cenario.membros[0])
    negra = cenario.inscricoes["negra"]
    for url in (
        reverse("comissao:sessao", args=[cenario.sessao.pk]),
        reverse("comissao:parecer", args=[cenario.chamados["negra"].pk]),
    ):
        html = client.get(url).content.decode()
        assert negra.numero in html
        assert "Joana Social" in html
        assert "Joana Civil" not in html
        assert "***.***.*47-25" in html
        for vazamento in (CPF_NEGRA, "529.982.247-25", "529.982", "8,765", "8.765", "Parda"):
            assert vazamento not in html, (url, vazamento)


def test_parecer_nao_mostra_outras_categorias_nem_nota(client, cenario):
    client.force_login(cenario.membros[0])
    url = reverse("comissao:parecer", args=[cenario.chamados["negra"].pk])
    html = client.get(url).content.decode()
    assert "Negros" in html or "negros" in html
    for vazamento in ("Indígenas", "Declaração da comunidade", "nota", "classifica"):
        assert vazamento not in html


def test_cada_exibicao_fica_registrada(client, cenario):
    usuario = cenario.membros[0]
    client.force_login(usuario)
    client.get(reverse("comissao:sessao", args=[cenario.sessao.pk]))
    assert AcessoDadoSensivel.objects.filter(usuario=usuario).count() == 3
    client.get(reverse("comissao:documento", args=[cenario.chamados["indigena"].pk]))
    ultimo = AcessoDadoSensivel.objects.filter(usuario=usuario).order_by("pk").last()
    assert ultimo.inscricao == cenario.inscricoes["indigena"]
    assert "documento" in ultimo.contexto


def test_membro_registra_presenca_depois_do_inicio_da_sessao(client, cenario):
    client.force_login(cenario.membros[0])
    chamado = cenario.chamados["negra"]
    resposta = client.post(
        reverse("comissao:presenca", args=[chamado.pk]), {"presenca": "presente"}
    )
    assert resposta.status_code == 302
    chamado.refresh_from_db()
    assert chamado.presenca == Presenca.PRESENTE


def test_presenca_antes_da_sessao_e_recusada(client, outro_orgao):
    futuro = cenario_comissao(outro_orgao, inicio=timezone.now() + dt.timedelta(days=2))
    client.force_login(futuro.membros[0])
    chamado = futuro.chamados["negra"]
    html = client.get(reverse("comissao:sessao", args=[futuro.sessao.pk])).content.decode()
    assert 'name="presenca"' not in html
    resposta = client.post(
        reverse("comissao:presenca", args=[chamado.pk]), {"presenca": "presente"}, follow=True
    )
    assert "a sessão ainda não começou" in resposta.content.decode()
    chamado.refresh_from_db()
    assert chamado.presenca == ""


def test_presenca_invalida_nomeia_o_campo(client, cenario):
    client.force_login(cenario.membros[0])
    chamado = cenario.chamados["negra"]
    resposta = client.post(
        reverse("comissao:presenca", args=[chamado.pk]), {"presenca": "talvez"}, follow=True
    )
    assert "Presença: escolha presente ou ausente." in resposta.content.decode()
    chamado.refresh_from_db()
    assert chamado.presenca == ""


def test_membro_registra_o_proprio_parecer_uma_vez(client, cenario):
    usuario = cenario.membros[0]
    chamado = _presente(cenario.chamados["negra"])
    client.force_login(usuario)
    url = reverse("comissao:parecer", args=[chamado.pk])
    outro = MembroComissao.objects.get(usuario=cenario.membros[1])
    resposta = client.post(
        url, {"voto": "confirma", "fundamentacao": FUNDAMENTO, "membro": outro.pk}
    )
    assert resposta.status_code == 302
    parecer = Parecer.objects.get()
    assert parecer.membro.usuario == usuario
    assert parecer.registrado_por == usuario
    html = client.get(url).content.decode()
    assert FUNDAMENTO in html
    assert "não pode ser alterado" in html
    assert 'name="fundamentacao"' not in html
    segunda = client.post(url, {"voto": "nao_confirma", "fundamentacao": FUNDAMENTO + " Mudei."})
    assert segunda.status_code == 200
    assert "já deu parecer" in segunda.content.decode()
    assert Parecer.objects.get().voto == "confirma"


@pytest.mark.parametrize(
    ("dados", "mensagem"),
    [
        ({"fundamentacao": FUNDAMENTO}, "Parecer: escolha se confirma ou não a autodeclaração."),
        ({"voto": "talvez", "fundamentacao": FUNDAMENTO}, "Parecer: escolha uma das opções."),
        ({"voto": "confirma"}, "Fundamentação: escreva as razões do parecer."),
        ({"voto": "confirma", "fundamentacao": "curta"}, "Fundamentação: escreva ao menos 20"),
    ],
)
def test_parecer_invalido_nomeia_o_campo_e_nada_grava(client, cenario, dados, mensagem):
    chamado = _presente(cenario.chamados["negra"])
    client.force_login(cenario.membros[0])
    resposta = client.post(reverse("comissao:parecer", args=[chamado.pk]), dados)
    assert resposta.status_code == 200
    assert mensagem in resposta.content.decode()
    assert not Parecer.objects.exists()


def test_sem_presenca_nao_ha_formulario_de_parecer(client, cenario):
    client.force_login(cenario.membros[0])
    chamado = cenario.chamados["negra"]
    url = reverse("comissao:parecer", args=[chamado.pk])
    assert 'name="fundamentacao"' not in client.get(url).content.decode()
    resposta = client.post(url, {"voto": "confirma", "fundamentacao": FUNDAMENTO})
    assert "presença" in resposta.content.decode()
    assert not Parecer.objects.exists()


def test_pareceres_dos_outros_so_aparecem_com_a_decisao(client, cenario):
    chamado = _presente(cenario.chamados["negra"])
    _parecer(cenario, chamado, cenario.membros[1], voto="nao_confirma")
    client.force_login(cenario.membros[0])
    url = reverse("comissao:parecer", args=[chamado.pk])
    html = client.get(url).content.decode()
    assert "Fundamentação de membro-beto" not in html
    assert "1 de 4 membros em exercício registrou parecer" in html
    DecisaoHeteroidentificacao.objects.create(
        chamado=chamado,
        instancia=Instancia.COMISSAO,
        resultado=ResultadoHeteroidentificacao.CONFIRMADA,
        regra="maioria",
        votos={"confirma": 3, "nao_confirma": 1, "indicio_fraude": 0},
        comissao=cenario.comissao,
    )
    html = client.get(url).content.decode()
    assert "Fundamentação de membro-beto" in html
    assert "Autodeclaração confirmada" in html
    assert "Maioria dos membros" in html
    assert 'name="fundamentacao"' not in html


def test_servico_recusa_parecer_em_nome_de_outro_membro(cenario, alice):
    from django.core.exceptions import ValidationError

    chamado = _presente(cenario.chamados["negra"])
    membro = MembroComissao.objects.get(usuario=cenario.membros[0])
    for intruso in (alice, cenario.membros[1]):
        with pytest.raises(ValidationError, match=r"só .* registra o próprio parecer"):
            comissao_membro.parecer_registrar(
                chamado=chamado,
                membro=membro,
                instancia=Instancia.COMISSAO,
                voto="confirma",
                fundamentacao=FUNDAMENTO,
                usuario=intruso,
                agora=timezone.now(),
            )
    assert not Parecer.objects.exists()


def _recurso(cenario):
    chamado = _presente(cenario.chamados["negra"])
    for usuario in cenario.membros:
        _parecer(cenario, chamado, usuario, voto="nao_confirma")
    DecisaoHeteroidentificacao.objects.create(
        chamado=chamado,
        instancia=Instancia.COMISSAO,
        resultado=ResultadoHeteroidentificacao.NAO_CONFIRMADA,
        regra="maioria",
        votos={"confirma": 0, "nao_confirma": 4, "indicio_fraude": 0},
        comissao=cenario.comissao,
    )
    return RecursoHeteroidentificacao.objects.create(
        chamado=chamado, razoes="Peço nova avaliação por vídeo.", comissao_recursal=cenario.recursal
    )


def test_recursal_ve_so_os_recursos_que_lhe_cabem_e_da_o_parecer(client, cenario):
    recurso = _recurso(cenario)
    url = reverse("comissao:recurso", args=[recurso.pk])
    client.force_login(cenario.membros[0])
    assert client.get(url).status_code == 404
    assert (
        recurso.chamado.inscricao.numero
        not in client.get(reverse("comissao:inicio")).content.decode()
    )
    julgador = cenario.membros_recursal[0]
    client.force_login(julgador)
    inicio = client.get(reverse("comissao:inicio")).content.decode()
    assert url in inicio
    html = client.get(url).content.decode()
    assert "Peço nova avaliação por vídeo." in html
    assert "Fundamentação de membro-ana" in html
    assert "Autodeclaração não confirmada" in html
    resposta = client.post(url, {"voto": "confirma", "fundamentacao": FUNDAMENTO})
    assert resposta.status_code == 302
    parecer = Parecer.objects.get(instancia=Instancia.RECURSAL)
    assert parecer.membro.usuario == julgador


def test_recursal_de_outra_recursal_recebe_404(client, cenario, outro_orgao):
    recurso = _recurso(cenario)
    alheio = cenario_comissao(outro_orgao)
    client.force_login(alheio.membros_recursal[0])
    assert client.get(reverse("comissao:recurso", args=[recurso.pk])).status_code == 404
    assert client.get(reverse("comissao:documento_recurso", args=[recurso.pk])).status_code == 404


def test_inicio_lista_as_sessoes_com_a_situacao(client, cenario):
    client.force_login(cenario.membros[0])
    html = client.get(reverse("comissao:inicio")).content.decode()
    assert reverse("comissao:sessao", args=[cenario.sessao.pk]) in html
    assert "Em andamento" in html
    assert "Comissão de heteroidentificação" in html


def test_presenca_nao_muda_depois_do_primeiro_parecer(client, cenario):
    chamado = _presente(cenario.chamados["negra"])
    _parecer(cenario, chamado, cenario.membros[1])
    client.force_login(cenario.membros[0])
    html = client.get(reverse("comissao:sessao", args=[cenario.sessao.pk])).content.decode()
    assert f'action="{reverse("comissao:presenca", args=[chamado.pk])}"' not in html
    resposta = client.post(
        reverse("comissao:presenca", args=[chamado.pk]), {"presenca": "ausente"}, follow=True
    )
    assert "a presença não muda mais" in resposta.content.decode()
    chamado.refresh_from_db()
    assert chamado.presenca == Presenca.PRESENTE
