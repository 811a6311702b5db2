"""Sorteio de desempate (issue 16, item 8): uma vez por empate, por gestor, com a
semente publicada antes de usada (ou a fonte pública que a dará), e o resultado
dentro da versão publicada. Repetir até "dar certo" é recusado.
"""

import datetime as dt
import hashlib

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from candidatos.models import AnuncioSorteio, Sorteio, TipoResultado
from candidatos.services import resultado
from candidatos.services import sorteio as servico_sorteio
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import AGORA, aprovar, inscrever, nova_vaga
from tests.seguranca.factories import AnuncioSorteioFactory

pytestmark = pytest.mark.django_db

SESSAO = AGORA + dt.timedelta(days=2)


def _local(momento):
    return timezone.localtime(momento).strftime("%Y-%m-%dT%H:%M")


@pytest.fixture
def empate(orgao):
    vaga = nova_vaga(orgao, desempate=[{"criterio": "maior_nota"}, {"criterio": "sorteio"}])
    for numero, nome in (("E-1", "Eva"), ("E-2", "Ivo"), ("E-3", "Lia")):
        aprovar(inscrever(vaga, numero, nome=nome), "7")
    return vaga


def _esperado(semente, numeros):
    """O algoritmo publicado, recalculado aqui só com hashlib."""
    return sorted(numeros, key=lambda n: hashlib.sha256(f"{semente}:{n}".encode()).hexdigest())


def _anunciar(client, vaga, **dados):
    return client.post(
        reverse("classificacao:sorteio", args=[vaga.pk]),
        {"semente": "", "fonte_semente": "", "descricao": "", **dados},
    )


def _realizar(client, anuncio, semente=""):
    return client.post(
        reverse("classificacao:sorteio_realizar", args=[anuncio.pk]), {"semente": semente}
    )


def test_operador_nao_sorteia_nem_anuncia(client, bruno, empate):
    """A reprodução do issue: o operador trocava o vencedor com sementes livres."""
    client.force_login(bruno)
    with time_machine.travel(AGORA, tick=False):
        for semente in ("a", "b", "c"):
            resposta = _anunciar(
                client, empate, semente=semente, realizar_a_partir_de=_local(SESSAO)
            )
            assert resposta.status_code == 403
    assert not AnuncioSorteio.objects.exists()
    assert not Sorteio.objects.exists()


def test_semente_publicada_antes_sorteio_uma_vez_so(client, alice, bruno, empate):
    client.force_login(alice)
    with time_machine.travel(AGORA, tick=False):
        pagina = client.get(reverse("classificacao:sorteio", args=[empate.pk]))
        assert "E-1 (Eva), E-2 (Ivo), E-3 (Lia)" in pagina.text
        resposta = _anunciar(
            client,
            empate,
            semente="48213",
            realizar_a_partir_de=_local(SESSAO),
            descricao="Sessão pública na sede, 3/6 às 7h.",
        )
        assert resposta.status_code == 302
        anuncio = AnuncioSorteio.objects.get()
        assert anuncio.empatados == ["E-1", "E-2", "E-3"]
        # Antes da sessão anunciada, não se sorteia.
        cedo = _realizar(client, anuncio)
        assert "só pode ser realizado a partir de 03/06/2026 às 07:00" in client.get(cedo.url).text
        assert not Sorteio.objects.exists()
    with time_machine.travel(SESSAO, tick=False):
        client.force_login(bruno)
        assert _realizar(client, anuncio).status_code == 403
        client.force_login(alice)
        # A semente anunciada não se troca na hora.
        trocada = _realizar(client, anuncio, semente="outra")
        assert "semente anunciada" in client.get(trocada.url).text
        assert not Sorteio.objects.exists()
        feito = _realizar(client, anuncio)
        assert feito.status_code == 302
        sorteio = Sorteio.objects.get()
        assert sorteio.resultado == _esperado("48213", ["E-1", "E-2", "E-3"])
        assert sorteio.anuncio == anuncio
        # Repetir: recusado, pelo mesmo anúncio ou por um novo.
        de_novo = _realizar(client, anuncio)
        assert "já foi realizado" in client.get(de_novo.url).text
        outro = _anunciar(
            client,
            empate,
            semente="1",
            realizar_a_partir_de=_local(SESSAO + dt.timedelta(days=1)),
        )
        assert "não se repete" in outro.text
    assert Sorteio.objects.count() == 1
    assert AnuncioSorteio.objects.count() == 1
    acoes = list(
        RegistroAuditoria.objects.filter(acao__startswith="sorteio.")
        .order_by("pk")
        .values_list("acao", "usuario_nome")
    )
    assert acoes == [("sorteio.anunciado", "alice"), ("sorteio.realizado", "alice")]


def test_fonte_publica_futura_da_a_semente_na_hora(orgao, alice, empate):
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate,
        usuario=alice,
        agora=AGORA,
        fonte_semente="1º prêmio da Loteria Federal, extração de 03/06/2026",
        realizar_a_partir_de=SESSAO,
    )
    with pytest.raises(ValueError, match="informe a semente"):
        servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO)
    sorteio = servico_sorteio.sorteio_realizar(
        anuncio=anuncio, usuario=alice, agora=SESSAO, semente="72519"
    )
    assert sorteio.resultado == _esperado("72519", ["E-1", "E-2", "E-3"])


def test_anuncio_exige_sessao_futura_e_semente_ou_fonte(orgao, alice, empate):
    with pytest.raises(ValueError, match="depois de agora"):
        servico_sorteio.sorteio_anunciar(
            vaga=empate, usuario=alice, agora=AGORA, semente="1", realizar_a_partir_de=AGORA
        )
    with pytest.raises(ValueError, match="fonte pública"):
        servico_sorteio.sorteio_anunciar(
            vaga=empate, usuario=alice, agora=AGORA, realizar_a_partir_de=SESSAO
        )


def test_operador_recusado_tambem_no_servico(orgao, bruno, empate):
    with pytest.raises(PermissionError, match="gestor"):
        servico_sorteio.sorteio_anunciar(
            vaga=empate, usuario=bruno, agora=AGORA, semente="1", realizar_a_partir_de=SESSAO
        )


def test_resultado_do_sorteio_faz_parte_da_versao_publicada(orgao, alice, empate):
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate, usuario=alice, agora=AGORA, semente="48213", realizar_a_partir_de=SESSAO
    )
    sorteio = servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO)
    versao = resultado.resultado_publicar(
        selecao=empate.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=SESSAO,
        recurso_fim=SESSAO + dt.timedelta(days=2),
        agora=SESSAO,
    )
    (vaga,) = versao.conteudo["vagas"]
    assert [c["inscricao"] for c in vaga["classificacao"]] == sorteio.resultado
    assert vaga["sorteios"] == [
        {
            "empatados": ["E-1", "E-2", "E-3"],
            "semente": "48213",
            "fonte_semente": "",
            "anunciado_em": timezone.localtime(AGORA).isoformat(),
            "realizar_a_partir_de": timezone.localtime(SESSAO).isoformat(),
            "realizado_em": timezone.localtime(SESSAO).isoformat(),
            "resultado": sorteio.resultado,
        }
    ]


def test_empate_mudou_depois_do_anuncio_recusa_o_sorteio(orgao, alice, empate):
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate, usuario=alice, agora=AGORA, semente="48213", realizar_a_partir_de=SESSAO
    )
    aprovar(inscrever(empate, "E-4", nome="Noé"), "7")
    with pytest.raises(ValueError, match="empate mudou"):
        servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO)
    assert not Sorteio.objects.exists()


def test_anuncio_publico_antes_do_sorteio(client, orgao, alice, empate):
    """A semente é publicada (página pública da seleção) antes de ser usada."""
    servico_sorteio.sorteio_anunciar(
        vaga=empate,
        usuario=alice,
        agora=AGORA,
        fonte_semente="1º prêmio da Loteria Federal de 03/06/2026",
        realizar_a_partir_de=SESSAO,
    )
    with time_machine.travel(AGORA + dt.timedelta(hours=1), tick=False):
        pagina = client.get(reverse("publico:selecao", args=[empate.selecao.pk]))
    assert pagina.status_code == 200
    assert "Sorteio de desempate — vaga DIR" in pagina.text
    assert "1º prêmio da Loteria Federal de 03/06/2026" in pagina.text
    assert "E-1, E-2, E-3" in pagina.text


def test_quem_empata_depois_do_sorteio_pede_novo_sorteio(orgao, alice, empate):
    """Um recurso deferido leva Noé à mesma nota dos já sorteados: o sorteio
    antigo não o põe em último sem sorteio; o empate novo bloqueia a publicação
    até um novo sorteio anunciado, entre os quatro."""
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate, usuario=alice, agora=AGORA, semente="48213", realizar_a_partir_de=SESSAO
    )
    servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO)
    aprovar(inscrever(empate, "E-4", nome="Noé"), "7")
    depois = SESSAO + dt.timedelta(days=1)

    def preliminar(agora):
        return resultado.resultado_publicar(
            selecao=empate.selecao,
            tipo=TipoResultado.PRELIMINAR,
            usuario=alice,
            motivo="",
            recurso_inicio=agora,
            recurso_fim=agora + dt.timedelta(days=2),
            agora=agora,
        )

    with pytest.raises(resultado.EmpateNaoResolvido, match="E-4 \\(Noé\\)"):
        preliminar(depois)
    novo = servico_sorteio.sorteio_anunciar(
        vaga=empate,
        usuario=alice,
        agora=depois,
        semente="90817",
        realizar_a_partir_de=depois + dt.timedelta(days=1),
    )
    assert novo.empatados == ["E-1", "E-2", "E-3", "E-4"]
    sorteio = servico_sorteio.sorteio_realizar(
        anuncio=novo, usuario=alice, agora=depois + dt.timedelta(days=1)
    )
    versao = preliminar(depois + dt.timedelta(days=1, hours=1))
    (vaga,) = versao.conteudo["vagas"]
    assert [c["inscricao"] for c in vaga["classificacao"]] == sorteio.resultado
    assert len(vaga["sorteios"]) == 2


def test_semente_do_gestor_exige_antecedencia_minima(client, alice, empate, settings):
    """Com semente escolhida pelo(a) gestor(a), o sorteio fica ao menos
    ``SORTEIO_ANTECEDENCIA_MINIMA_HORAS`` depois do anúncio: recusado antes, com
    a data mínima na mensagem; aceito a partir dela."""
    settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS = 24
    client.force_login(alice)
    with time_machine.travel(AGORA, tick=False):
        cedo = AGORA + dt.timedelta(hours=23, minutes=59)
        resposta = _anunciar(client, empate, semente="48213", realizar_a_partir_de=_local(cedo))
        assert resposta.status_code == 200
        minimo = timezone.localtime(AGORA + dt.timedelta(hours=24))
        assert "ao menos 24 horas de antecedência" in resposta.text
        assert f"{minimo:%d/%m/%Y às %H:%M}" in resposta.text
        assert not AnuncioSorteio.objects.exists()

        resposta = _anunciar(
            client,
            empate,
            semente="48213",
            realizar_a_partir_de=_local(AGORA + dt.timedelta(hours=24)),
        )
        assert resposta.status_code == 302
    assert AnuncioSorteio.objects.get().semente == "48213"


def test_antecedencia_minima_configuravel(alice, empate, settings):
    settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS = 72
    with pytest.raises(ValueError, match="ao menos 72 horas de antecedência"):
        servico_sorteio.sorteio_anunciar(
            vaga=empate,
            usuario=alice,
            agora=AGORA,
            semente="48213",
            realizar_a_partir_de=AGORA + dt.timedelta(days=2),
        )
    settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS = 1
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate,
        usuario=alice,
        agora=AGORA,
        semente="48213",
        realizar_a_partir_de=AGORA + dt.timedelta(hours=1),
    )
    assert anuncio.realizar_a_partir_de == AGORA + dt.timedelta(hours=1)


def test_fonte_publica_futura_segue_a_propria_data(alice, empate, settings):
    """A fonte pública (ex.: a extração da Loteria Federal de hoje à noite) não
    tem o piso de antecedência: ninguém escolhe o valor que ela vai dar."""
    settings.SORTEIO_ANTECEDENCIA_MINIMA_HORAS = 24
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=empate,
        usuario=alice,
        agora=AGORA,
        fonte_semente="1º prêmio da Loteria Federal da extração desta noite",
        realizar_a_partir_de=AGORA + dt.timedelta(hours=3),
    )
    assert anuncio.semente == ""
    with pytest.raises(ValueError, match="depois de agora"):
        servico_sorteio.sorteio_anunciar(
            vaga=empate,
            usuario=alice,
            agora=AGORA,
            fonte_semente="Loteria Federal de ontem",
            realizar_a_partir_de=AGORA,
        )


@pytest.mark.parametrize(
    ("semente", "horas", "recusa"),
    [
        ("48213", 23, True),
        ("48213", 24, False),
        ("", 1, False),
        ("", 0, True),
        ("  ", 1, False),
    ],
)
def test_problema_antecedencia(semente, horas, recusa):
    problema = servico_sorteio.problema_antecedencia(
        semente=semente,
        realizar_a_partir_de=AGORA + dt.timedelta(hours=horas),
        agora=AGORA,
        horas_minimas=24,
    )
    assert (problema is not None) is recusa


@pytest.mark.parametrize("fabrica", ["anuncio", "sorteio"])
def test_admin_do_sorteio_so_consulta(admin_client, fabrica):
    """Anúncio e sorteio são atos públicos só de acréscimo: o admin mostra, mas não
    acrescenta, não edita e não exclui (nem em lote)."""
    anuncio = AnuncioSorteioFactory()
    objeto = anuncio
    if fabrica == "sorteio":
        objeto = Sorteio.objects.create(
            selecao=anuncio.selecao,
            vaga=anuncio.vaga,
            anuncio=anuncio,
            semente=anuncio.semente,
            resultado=["T-2", "T-1"],
        )
    modelo = type(objeto)
    nome = f"admin:candidatos_{modelo._meta.model_name}"

    assert admin_client.get(reverse(f"{nome}_changelist")).status_code == 200
    pagina = admin_client.get(reverse(f"{nome}_change", args=[objeto.pk]))
    assert pagina.status_code == 200
    assert b'name="_save"' not in pagina.content
    assert admin_client.get(reverse(f"{nome}_add")).status_code == 403
    assert admin_client.post(reverse(f"{nome}_change", args=[objeto.pk]), {}).status_code == 403
    assert admin_client.get(reverse(f"{nome}_delete", args=[objeto.pk])).status_code == 403
    lote = admin_client.post(
        reverse(f"{nome}_changelist"),
        {"action": "delete_selected", "_selected_action": [objeto.pk], "post": "yes"},
    )
    assert lote.status_code in (200, 302)
    assert modelo.objects.filter(pk=objeto.pk).exists()
