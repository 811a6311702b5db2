"""Calendário legal da publicação (issue 16, itens 9, 14 a 17): inscrições
encerradas, prazo de recurso que só se prorroga, candidatos sem avaliação,
regras conferidas no formulário antes da fila, pedido repetido sem duas versões.
"""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from candidatos.forms.classificacao import PublicarResultadoForm
from candidatos.models import Recurso, ResultadoVersao, TipoResultado
from candidatos.services import resultado
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    AGORA,
    classificacao,
    inscrever,
    nova_vaga,
)

pytestmark = pytest.mark.django_db


def _local(momento):
    from django.utils import timezone

    return timezone.localtime(momento).strftime("%Y-%m-%dT%H:%M")


def _pagina(client, selecao):
    return client.get(reverse("classificacao:publicar", args=[selecao.pk]))


def _chave(pagina):
    """A chave do pedido vem no formulário (um clique duplo repete a mesma)."""
    return re.search(r'name="chave" value="([0-9a-f-]{36})"', pagina.text).group(1)


def _postar(client, selecao, dados, *, chave=None):
    chave = chave or _chave(_pagina(client, selecao))
    return client.post(
        reverse("classificacao:publicar", args=[selecao.pk]), {"chave": chave, **dados}
    )


def _preliminar_dados(inicio, fim, motivo=""):
    return {
        "tipo": "preliminar",
        "motivo": motivo,
        "recurso_inicio": _local(inicio),
        "recurso_fim": _local(fim),
    }


def _preliminar(selecao, usuario, *, agora=AGORA, fim=None, motivo="", **extra):
    return resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=usuario,
        motivo=motivo,
        recurso_inicio=agora,
        recurso_fim=fim or agora + dt.timedelta(days=2),
        agora=agora,
        **extra,
    )


# --- item 14: inscrições abertas ---------------------------------------------


def test_publicacao_recusada_com_inscricoes_abertas_pela_tela(
    client, alice, orgao, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao, inscricoes_fim=AGORA + dt.timedelta(days=3))
    classificacao(vaga, "ABXC")
    client.force_login(alice)
    with (
        time_machine.travel(AGORA, tick=False),
        django_capture_on_commit_callbacks(execute=False) as fila,
    ):
        resposta = _postar(
            client, vaga.selecao, _preliminar_dados(AGORA, AGORA + dt.timedelta(days=2))
        )
    assert resposta.status_code == 200
    assert "As inscrições só terminam em 04/06/2026 às 07:00" in resposta.text
    assert fila == []
    assert not ResultadoVersao.objects.exists()


def test_publicacao_recusada_com_inscricoes_abertas_no_servico(orgao, alice):
    vaga = nova_vaga(orgao, inscricoes_fim=AGORA + dt.timedelta(hours=1))
    classificacao(vaga, "AB")
    with pytest.raises(resultado.PublicacaoInvalida, match="inscrições só terminam"):
        _preliminar(vaga.selecao, alice)
    # No instante exato do fim as inscrições ainda estão abertas (fim inclusive).
    with pytest.raises(resultado.PublicacaoInvalida, match="inscrições só terminam"):
        _preliminar(vaga.selecao, alice, agora=AGORA + dt.timedelta(hours=1))
    v = _preliminar(vaga.selecao, alice, agora=AGORA + dt.timedelta(hours=1, minutes=1))
    assert v.numero == 1


# --- item 15: prazo de recurso só se prorroga --------------------------------


def test_nova_preliminar_nao_encurta_prazo_de_recurso_aberto_pela_tela(
    client, alice, orgao, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    _preliminar(vaga.selecao, alice)  # recursos de AGORA a AGORA + 2 dias
    durante = AGORA + dt.timedelta(days=1)
    client.force_login(alice)
    with (
        time_machine.travel(durante, tick=False),
        django_capture_on_commit_callbacks(execute=False) as fila,
    ):
        resposta = _postar(
            client,
            vaga.selecao,
            _preliminar_dados(durante, durante + dt.timedelta(minutes=10), "Nota corrigida."),
        )
    assert resposta.status_code == 200
    assert "pode ser prorrogado, nunca encurtado" in resposta.text
    assert "03/06/2026 às 07:00" in resposta.text
    assert fila == []
    assert ResultadoVersao.objects.count() == 1


def test_prazo_de_recurso_aberto_so_se_prorroga_no_servico(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    v1 = _preliminar(vaga.selecao, alice)
    durante = AGORA + dt.timedelta(days=1)
    with pytest.raises(resultado.PublicacaoInvalida, match="nunca encurtado"):
        resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo="preliminar",
            usuario=alice,
            motivo="Nota corrigida.",
            recurso_inicio=AGORA,
            recurso_fim=v1.recurso_fim - dt.timedelta(minutes=1),
            agora=durante,
        )
    # Adiar o início fecharia o prazo já aberto: também é encurtar.
    with pytest.raises(resultado.PublicacaoInvalida, match="início"):
        resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo="preliminar",
            usuario=alice,
            motivo="Nota corrigida.",
            recurso_inicio=durante + dt.timedelta(hours=1),
            recurso_fim=v1.recurso_fim + dt.timedelta(days=1),
            agora=durante,
        )
    v2 = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo="preliminar",
        usuario=alice,
        motivo="Nota corrigida; prazo prorrogado.",
        recurso_inicio=AGORA,
        recurso_fim=v1.recurso_fim + dt.timedelta(days=1),
        agora=durante,
    )
    assert v2.numero == 2
    # O final respeita o prazo prorrogado.
    with pytest.raises(resultado.PublicacaoInvalida, match="só termina em"):
        resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo="final",
            usuario=alice,
            motivo="",
            agora=v1.recurso_fim + dt.timedelta(hours=1),
        )


def test_prazo_ainda_nao_aberto_pode_ser_remarcado(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo="preliminar",
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA + dt.timedelta(days=1),
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    v2 = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo="preliminar",
        usuario=alice,
        motivo="Erro material no edital de resultado.",
        recurso_inicio=AGORA + dt.timedelta(days=1),
        recurso_fim=AGORA + dt.timedelta(days=2),
        agora=AGORA + dt.timedelta(hours=1),
    )
    assert v2.numero == 2


# --- item 16: candidatos sem avaliação ---------------------------------------


def test_pendentes_nomeados_e_publicacao_recusada_sem_motivo(
    client, alice, orgao, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    inscrever(vaga, "DIR-P", nome="Paula Pendente")
    client.force_login(alice)
    with time_machine.travel(AGORA, tick=False):
        pagina = _pagina(client, vaga.selecao)
        assert "DIR-P — Paula Pendente" in pagina.text
        with django_capture_on_commit_callbacks(execute=False) as fila:
            resposta = _postar(
                client,
                vaga.selecao,
                _preliminar_dados(AGORA, AGORA + dt.timedelta(days=2)),
                chave=_chave(pagina),
            )
    assert resposta.status_code == 200
    assert "sem avaliação" in resposta.text
    assert "DIR-P" in resposta.text
    assert fila == []
    assert not ResultadoVersao.objects.exists()


def test_pendente_com_motivo_explicito_fica_registrado_na_versao(
    client, alice, orgao, celery_sincrono, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    sem_nota = inscrever(vaga, "DIR-P", nome="Paula Pendente")
    client.force_login(alice)
    with (
        time_machine.travel(AGORA, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        resposta = _postar(
            client,
            vaga.selecao,
            _preliminar_dados(AGORA, AGORA + dt.timedelta(days=2))
            | {f"pendente_{sem_nota.pk}": "Não compareceu à entrevista (ata 3)."},
        )
    assert resposta.status_code == 302
    versao = ResultadoVersao.objects.get()
    assert versao.conteudo["sem_avaliacao"] == [
        {"inscricao": "DIR-P", "motivo": "Não compareceu à entrevista (ata 3)."}
    ]
    registro = RegistroAuditoria.objects.get(acao="resultado.preliminar.publicado")
    assert registro.depois["sem_avaliacao"] == ["DIR-P"]


def test_pendente_sem_motivo_recusado_no_servico(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    inscrever(vaga, "DIR-P")
    with pytest.raises(resultado.PublicacaoInvalida, match="DIR-P"):
        _preliminar(vaga.selecao, alice)
    with pytest.raises(resultado.PublicacaoInvalida, match="DIR-P"):
        _preliminar(vaga.selecao, alice, sem_avaliacao={"DIR-P": "   "})
    v = _preliminar(vaga.selecao, alice, sem_avaliacao={"DIR-P": "Desclassificado na ata 2."})
    assert v.conteudo["sem_avaliacao"] == [
        {"inscricao": "DIR-P", "motivo": "Desclassificado na ata 2."}
    ]


# --- item 17: toda regra no formulário, antes da fila --------------------------


def test_final_dentro_do_prazo_de_recurso_falha_no_formulario(
    client, alice, orgao, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    _preliminar(vaga.selecao, alice)
    client.force_login(alice)
    with (
        time_machine.travel(AGORA + dt.timedelta(days=1), tick=False),
        django_capture_on_commit_callbacks(execute=False) as fila,
    ):
        resposta = _postar(client, vaga.selecao, {"tipo": "final", "motivo": ""})
    assert resposta.status_code == 200
    assert "O prazo de recurso do resultado preliminar só termina em 03/06/2026 às 07:00" in (
        resposta.text
    )
    assert fila == []
    assert ResultadoVersao.objects.filter(tipo="final").count() == 0


def _cenarios_invalidos(orgao, alice):
    """Cada regra de publicação violada uma vez: (seleção, dados do pedido)."""
    abertas = nova_vaga(orgao, codigo="V1", inscricoes_fim=AGORA + dt.timedelta(days=1))
    classificacao(abertas, "AB")
    sem_preliminar = nova_vaga(orgao, codigo="V2")
    classificacao(sem_preliminar, "AB")
    no_prazo = nova_vaga(orgao, codigo="V3")
    classificacao(no_prazo, "AB")
    _preliminar(no_prazo.selecao, alice, agora=AGORA - dt.timedelta(days=1))
    com_recurso = nova_vaga(orgao, codigo="V4")
    ins = classificacao(com_recurso, "AB")
    _preliminar(
        com_recurso.selecao,
        alice,
        agora=AGORA - dt.timedelta(days=5),
        fim=AGORA - dt.timedelta(days=3),
    )
    Recurso.objects.create(
        selecao=com_recurso.selecao, inscricao=ins["B"], assunto="Nota", texto="Revisão"
    )
    pendente = nova_vaga(orgao, codigo="V5")
    classificacao(pendente, "AB")
    inscrever(pendente, "V5-P")
    empate = nova_vaga(orgao, codigo="V6", desempate=[{"criterio": "sorteio"}])
    from tests.candidatos.classificacao.factories import aprovar

    aprovar(inscrever(empate, "V6-1"), "7")
    aprovar(inscrever(empate, "V6-2"), "7")
    prazo = {"recurso_inicio": AGORA, "recurso_fim": AGORA + dt.timedelta(days=2)}
    return [
        (abertas.selecao, {"tipo": "preliminar", **prazo}),
        (sem_preliminar.selecao, {"tipo": "final"}),
        (no_prazo.selecao, {"tipo": "final"}),
        (no_prazo.selecao, {"tipo": "preliminar", **prazo}),  # sem motivo (versão 2)
        (com_recurso.selecao, {"tipo": "final"}),
        (pendente.selecao, {"tipo": "preliminar", **prazo}),
        (empate.selecao, {"tipo": "preliminar", **prazo}),
        (sem_preliminar.selecao, {"tipo": "preliminar"}),
    ]


def test_formulario_e_servico_usam_as_mesmas_regras(orgao, alice):
    """Uma fonte só: para cada regra violada, o formulário recusa com as mesmas
    mensagens que o serviço (e a tarefa) dariam."""
    for selecao, pedido in _cenarios_invalidos(orgao, alice):
        with pytest.raises(resultado.PublicacaoInvalida) as erro:
            resultado.resultado_publicar(
                selecao=selecao,
                usuario=alice,
                agora=AGORA,
                motivo="",
                recurso_inicio=pedido.get("recurso_inicio"),
                recurso_fim=pedido.get("recurso_fim"),
                tipo=pedido["tipo"],
            )
        dados = {
            "chave": "6f1c6c0e-5d55-4a39-9d0e-2b1a3c4d5e6f",
            "tipo": pedido["tipo"],
            "motivo": "",
            **{k: _local(v) for k, v in pedido.items() if k.startswith("recurso")},
        }
        form = PublicarResultadoForm(dados, selecao=selecao, agora=AGORA)
        assert not form.is_valid(), pedido
        mensagens = [m for lista in form.errors.values() for m in lista]
        assert sorted(mensagens) == sorted(erro.value.messages), pedido


# --- item 9: dois cliques, uma versão -----------------------------------------


def test_dois_cliques_em_publicar_dao_uma_versao(
    client, alice, orgao, celery_sincrono, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    client.force_login(alice)
    dados = _preliminar_dados(AGORA, AGORA + dt.timedelta(days=2))
    with time_machine.travel(AGORA, tick=False):
        chave = _chave(_pagina(client, vaga.selecao))
        with django_capture_on_commit_callbacks(execute=False) as fila:
            primeira = _postar(client, vaga.selecao, dados, chave=chave)
            segunda = _postar(client, vaga.selecao, dados, chave=chave)
        assert primeira.status_code == segunda.status_code == 302
        assert primeira.url == segunda.url
        (enfileirar,) = fila  # uma tarefa só
        enfileirar()
        enfileirar()  # e a própria tarefa, reentregue, não publica de novo
    assert ResultadoVersao.objects.count() == 1
    assert RegistroAuditoria.objects.filter(acao="resultado.preliminar.publicado").count() == 1


def test_tarefa_repetida_com_a_mesma_chave_nao_publica_de_novo(orgao, alice):
    import uuid

    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    chave = uuid.uuid4()
    v1 = _preliminar(vaga.selecao, alice, chave=chave, motivo="")
    # Mesmo pedido reentregue depois de outro ter mudado o estado: devolve a mesma.
    v2 = _preliminar(vaga.selecao, alice, chave=chave, motivo="Outro.")
    assert v1.pk == v2.pk
    assert ResultadoVersao.objects.count() == 1
