"""O resultado publicado é a base da convocação: vagas pelo id permanente,
eliminados fora de toda lista, validade e pedidos repetidos (issue 16, itens 9,
10 e 12)."""

import datetime as dt
import importlib
import re
import uuid

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    Convocacao,
    Inscricao,
    ResultadoVersao,
    SituacaoInscricao,
    TipoResultado,
    VagaDoResultado,
)
from candidatos.services import convocacao as servico
from selecoes.canonico import hash_conteudo
from selecoes.models import Selecao, VagaEstagio
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import VagaEstagioFactory
from tests.gatilhos import sem_gatilhos

pytestmark = pytest.mark.django_db

migracao = importlib.import_module(
    "candidatos.migrations.0003_vinculo_vaga_resultado_e_pedido_convocacao"
)


def _prazo():
    return (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")


def _convocar(client, vaga, n, **extra):
    return client.post(
        reverse("classificacao:convocar", args=[vaga.pk]),
        {"quantidade": n, "prazo_resposta": _prazo(), **extra},
    )


@pytest.fixture
def duas_vagas(orgao, alice):
    """V0 e V1 na mesma seleção, cada uma com a sua classificação; final publicado."""
    v0 = nova_vaga(orgao, codigo="V0", ofertadas=2)
    v1 = VagaEstagioFactory(selecao=v0.selecao, codigo="V1", vagas_ofertadas=2, ordem=1)
    ins0 = classificacao(v0, "ABC", negros="")
    ins1 = classificacao(v1, "PQR", negros="")
    _publicar_final(v0.selecao, alice, timezone.now() - dt.timedelta(days=1))
    return v0, v1, ins0, ins1


def _publicar_final(selecao, usuario, agora):
    """Inscrições encerradas antes do resultado, como o calendário exige."""
    Selecao.objects.filter(pk=selecao.pk).update(
        inscricoes_inicio=agora - dt.timedelta(days=30),
        inscricoes_fim=agora - dt.timedelta(days=20),
    )
    selecao.refresh_from_db()
    return publicar_final(selecao, usuario, agora=agora)


def _trocar_codigos(v0, v1):
    """O que uma retificação anterior ao congelamento fazia: V0 ↔ V1."""
    VagaEstagio.objects.filter(pk=v0.pk).update(codigo="~")
    VagaEstagio.objects.filter(pk=v1.pk).update(codigo="V0")
    VagaEstagio.objects.filter(pk=v0.pk).update(codigo="V1")


# ----------------------------------------------------------------- item 10


def test_vaga_com_codigo_trocado_continua_com_a_propria_classificacao(client, bruno, duas_vagas):
    v0, v1, ins0, _ins1 = duas_vagas
    _trocar_codigos(v0, v1)
    client.force_login(bruno)
    pagina = client.get(reverse("classificacao:vaga", args=[v0.pk])).text
    assert "V0-A" in pagina
    assert "V1-P" not in pagina
    assert _convocar(client, v0, 1).status_code == 302
    convocacao = Convocacao.objects.get()
    assert (convocacao.vaga_id, convocacao.inscricao_id) == (v0.pk, ins0["A"].pk)


def test_renomear_depois_de_convocar_nao_cria_divergencia(client, bruno, duas_vagas):
    v0, _v1, _ins0, _ins1 = duas_vagas
    client.force_login(bruno)
    _convocar(client, v0, 2)
    VagaEstagio.objects.filter(pk=v0.pk).update(codigo="V0-NOVO", vagas_surgidas=1)
    pagina = client.get(reverse("classificacao:vaga", args=[v0.pk])).text
    assert "não estão mais na ordem do motor" not in pagina
    assert _convocar(client, v0, 1).status_code == 302
    assert Convocacao.objects.filter(vaga=v0).count() == 3


def test_convocacao_recusada_para_inscricao_de_outra_vaga(alice, duas_vagas):
    """Uma versão cujo conteúdo, para V0, classifica inscrições de V1 (como as
    versões gravadas antes do vínculo por id): o serviço não convoca ninguém."""
    v0, v1, _ins0, ins1 = duas_vagas
    vigente = ResultadoVersao.objects.vigente(v0.selecao, TipoResultado.FINAL)
    conteudo = dict(vigente.conteudo)
    por_codigo = {v["codigo"]: v for v in conteudo["vagas"]}
    conteudo["vagas"] = [{**por_codigo["V1"], "codigo": "V0"}, {**por_codigo["V0"], "codigo": "V1"}]
    conteudo["numero"] = vigente.numero + 1
    versao = ResultadoVersao.objects.create(
        selecao=v0.selecao,
        tipo=TipoResultado.FINAL,
        numero=vigente.numero + 1,
        motivo="Versão de teste com as vagas trocadas.",
        conteudo=conteudo,
        hash_conteudo=hash_conteudo(conteudo),
    )
    VagaDoResultado.objects.create(versao=versao, vaga=v0, codigo="V0")
    VagaDoResultado.objects.create(versao=versao, vaga=v1, codigo="V1")
    with pytest.raises(servico.AcaoInvalida, match=r"não é da vaga V0"):
        servico.proximos_convocar(
            vaga=v0,
            quantidade=1,
            prazo_resposta=timezone.now() + dt.timedelta(days=5),
            usuario=alice,
            agora=timezone.now(),
        )
    assert not Convocacao.objects.exists()
    assert ins1["P"].convocacoes.count() == 0


def test_migracao_vincula_versoes_antigas_pelas_inscricoes_e_preserva_o_hash(duas_vagas):
    v0, v1, _ins0, _ins1 = duas_vagas
    with sem_gatilhos():
        VagaDoResultado.objects.all()._raw_delete(VagaDoResultado.objects.db)
    _trocar_codigos(v0, v1)
    antes = {
        v.pk: (v.hash_conteudo, hash_conteudo(v.conteudo)) for v in ResultadoVersao.objects.all()
    }
    migracao.vincular_versoes_existentes(apps, None)
    for versao in ResultadoVersao.objects.all():
        vinculos = dict(versao.vagas_vinculadas.values_list("codigo", "vaga_id"))
        # Publicadas como V0 e V1; hoje os códigos estão trocados, os ids não.
        assert vinculos == {"V0": v0.pk, "V1": v1.pk}
        versao.refresh_from_db()
        assert (versao.hash_conteudo, hash_conteudo(versao.conteudo)) == antes[versao.pk]
        assert versao.hash_conteudo == hash_conteudo(versao.conteudo)


def test_publicacao_grava_o_vinculo_de_cada_vaga(duas_vagas):
    v0, v1, _ins0, _ins1 = duas_vagas
    for versao in ResultadoVersao.objects.all():
        assert dict(versao.vagas_vinculadas.values_list("vaga_id", "codigo")) == {
            v0.pk: "V0",
            v1.pk: "V1",
        }


# ----------------------------------------------------------------- item 12


def test_eliminado_sai_da_classificacao_e_da_lista_de_negros_depois_do_final(
    client, carla, orgao, alice
):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABXCDYEZW")
    _publicar_final(vaga.selecao, alice, timezone.now() - dt.timedelta(days=1))
    Inscricao.objects.filter(pk=ins["X"].pk).update(situacao=SituacaoInscricao.ELIMINADA)
    client.force_login(carla)
    url = reverse("classificacao:vaga", args=[vaga.pk])
    geral = client.get(url).text.split('id="titulo-listas"', 1)[1]
    negros = client.get(url + "?lista=negros").text.split('id="titulo-listas"', 1)[1]
    assert "DIR-X" not in geral
    assert "DIR-X" not in negros
    assert "DIR-Y" in negros
    assert "Candidatos negros (art. 4º) (3)" in client.get(url).text


def test_convocacao_depois_da_validade_e_recusada(client, bruno, orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCD")
    final = timezone.now() - dt.timedelta(days=400)
    _publicar_final(vaga.selecao, alice, final)
    assert vaga.selecao.validade_meses == 12
    client.force_login(bruno)
    resposta = _convocar(client, vaga, 1)
    assert resposta.status_code == 302
    assert not Convocacao.objects.exists()
    mensagens = client.get(reverse("classificacao:vaga", args=[vaga.pk])).text
    assert "A validade da seleção terminou em" in mensagens


def test_convocacao_no_ultimo_dia_da_validade_e_aceita(alice, orgao):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCD")
    final = dt.datetime(2026, 1, 10, 15, tzinfo=dt.UTC)
    _publicar_final(vaga.selecao, alice, final)
    ultimo_dia = dt.datetime(2027, 1, 10, 15, tzinfo=dt.UTC)
    criadas = servico.proximos_convocar(
        vaga=vaga,
        quantidade=1,
        prazo_resposta=ultimo_dia + dt.timedelta(days=5),
        usuario=alice,
        agora=ultimo_dia,
    )
    assert len(criadas) == 1
    with pytest.raises(servico.AcaoInvalida, match="10/01/2027"):
        servico.proximos_convocar(
            vaga=vaga,
            quantidade=1,
            prazo_resposta=ultimo_dia + dt.timedelta(days=6),
            usuario=alice,
            agora=ultimo_dia + dt.timedelta(days=1),
        )


# ----------------------------------------------------------------- item 9


def test_convocar_proximos_enviado_duas_vezes_convoca_uma_vez(client, bruno, orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCDYEZW")
    _publicar_final(vaga.selecao, alice, timezone.now() - dt.timedelta(days=1))
    vaga.vagas_surgidas = 4
    vaga.save()
    client.force_login(bruno)
    pagina = client.get(reverse("classificacao:vaga", args=[vaga.pk])).text
    chave = re.search(r'name="chave" value="([0-9a-f-]{36})"', pagina).group(1)
    assert _convocar(client, vaga, 3, chave=chave).status_code == 302
    assert _convocar(client, vaga, 3, chave=chave).status_code == 302
    assert Convocacao.objects.filter(vaga=vaga).count() == 3
    outra = str(uuid.uuid4())
    assert _convocar(client, vaga, 3, chave=outra).status_code == 302
    assert Convocacao.objects.filter(vaga=vaga).count() == 6


def test_chave_de_outra_vaga_nao_convoca(alice, duas_vagas):
    v0, v1, _ins0, _ins1 = duas_vagas
    chave = uuid.uuid4()
    agora = timezone.now()
    prazo = agora + dt.timedelta(days=5)
    servico.proximos_convocar(
        vaga=v0, quantidade=1, prazo_resposta=prazo, usuario=alice, agora=agora, chave=chave
    )
    with pytest.raises(servico.AcaoInvalida, match="outra vaga"):
        servico.proximos_convocar(
            vaga=v1, quantidade=1, prazo_resposta=prazo, usuario=alice, agora=agora, chave=chave
        )
    assert Convocacao.objects.filter(vaga=v1).count() == 0


# ----------------------------------------------------------------- item 11


def test_relatorio_conta_a_modalidade_atual_do_negro_alcancado_pela_ampla(orgao, alice):
    """Cadastro de reserva: X* chamado na 2ª vaga (reservada) e, com duas vagas
    surgidas, alcançado pela ampla concorrência (3ª vaga de AC): conta como AC
    (art. 4º, § 1º; regras, § 4), embora o histórico guarde "negros"."""
    from candidatos.services import retencao
    from relatorios.monitoramento import selectors as relatorios
    from relatorios.monitoramento.indicadores import montar_cubo

    vaga = nova_vaga(orgao, ofertadas=3)
    ins = classificacao(vaga, "ABXCDYEZ")
    _publicar_final(vaga.selecao, alice, timezone.now() - dt.timedelta(days=1))
    agora = timezone.now()
    prazo = agora + dt.timedelta(days=5)
    primeiras = servico.proximos_convocar(
        vaga=vaga, quantidade=3, prazo_resposta=prazo, usuario=alice, agora=agora
    )
    assert [(c.inscricao.numero, c.modalidade) for c in primeiras] == [
        ("DIR-A", "AC"),
        ("DIR-X", "negros"),
        ("DIR-B", "AC"),
    ]
    servico.vagas_surgidas_registrar(
        vaga=vaga, quantidade=2, motivo="Portaria 1/2026", usuario=alice
    )
    servico.proximos_convocar(
        vaga=vaga, quantidade=2, prazo_resposta=prazo, usuario=alice, agora=agora
    )
    assert Convocacao.objects.get(inscricao=ins["X"]).modalidade == "negros"  # histórico

    cubo = montar_cubo(relatorios.dados_indicadores(orgao_ids=[orgao.pk]))
    contagens = cubo[(2026, orgao.pk)]
    assert (contagens["convocacoes_AC"], contagens["convocacoes_negros"]) == (3, 2)
    assert contagens["negros_em_ac"] == 1
    agregados = retencao.agregados_art5(vaga.selecao_id)
    assert agregados["convocacoes_por_modalidade"] == {"AC": 3, "negros": 2}


# ----------------------------------------------------------------- item 18


@pytest.fixture
def reversao_depois_do_final(orgao, alice):
    """Regras, § 4 (exemplo): A, X*, B, Y*, Z* chamados; Y desiste e C entra por
    reversão (nenhum negro aprovado resta), depois do resultado final."""
    from django.core.cache import cache

    cache.clear()
    vaga = nova_vaga(orgao, ofertadas=3)
    ins = classificacao(vaga, "ABXCDYEZ", negros="XYZ")
    _publicar_final(vaga.selecao, alice, timezone.now() - dt.timedelta(days=2))
    agora = timezone.now()
    prazo = agora + dt.timedelta(days=5)
    servico.proximos_convocar(
        vaga=vaga, quantidade=3, prazo_resposta=prazo, usuario=alice, agora=agora
    )
    servico.vagas_surgidas_registrar(
        vaga=vaga, quantidade=2, motivo="Portaria 2/2026", usuario=alice
    )
    servico.proximos_convocar(
        vaga=vaga, quantidade=2, prazo_resposta=prazo, usuario=alice, agora=agora
    )
    y = Convocacao.objects.get(inscricao=ins["Y"])
    servico.desistencia_registrar(
        convocacao=y, situacao="desistiu", data=agora.date(), motivo="Outro estágio.", usuario=alice
    )
    servico.proximos_convocar(
        vaga=vaga, quantidade=1, prazo_resposta=prazo, usuario=alice, agora=agora
    )
    assert Convocacao.objects.get(inscricao=ins["C"]).modalidade == "reversao"
    return vaga, ins


def test_ordem_publica_mostra_toda_convocacao_com_data_e_modalidades(
    client, reversao_depois_do_final
):
    vaga, ins = reversao_depois_do_final
    url = reverse("publico:resultado_vaga", args=[vaga.selecao_id, "final-1", "DIR", "convocacao"])
    pagina = client.get(url).text
    chamadas = pagina.split('id="titulo-chamadas"', 1)[1].split("</section>", 1)[0]
    linhas = re.findall(r"<tr>(.*?)</tr>", chamadas, re.S)[1:]
    hoje = timezone.localdate().strftime("%d/%m/%Y")
    celulas = [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", linha) for linha in linhas]
    assert [c[1] for c in celulas] == ["DIR-A", "DIR-X", "DIR-B", "DIR-Y", "DIR-Z", "DIR-C"]
    assert all(c[3] == hoje for c in celulas)
    por_numero = {c[1]: (c[4], c[5], c[6]) for c in celulas}
    assert por_numero["DIR-X"] == (
        "Reservada a candidatos negros",
        "Ampla concorrência",
        "Convocado(a)",
    )
    assert por_numero["DIR-Y"][0] == "Reservada a candidatos negros"
    assert por_numero["DIR-Y"][2] == "Desistente"
    assert por_numero["DIR-C"][:2] == ("Revertida para a ampla concorrência (art. 4º, § 3º)",) * 2
    assert ins["C"].cpf not in pagina


def test_minha_situacao_de_quem_entrou_por_reversao_diz_convocado(client, reversao_depois_do_final):
    _vaga, ins = reversao_depois_do_final
    c = ins["C"]
    resposta = client.post(reverse("publico:minha_situacao"), {"numero": c.numero, "cpf": c.cpf})
    html = resposta.text
    atual = html.split('id="explicacao-atual"', 1)[1].split("</p>", 1)[0]
    assert "Não convocado" not in atual
    assert "Convocado(a)" in atual
    assert "art. 4º, § 3º" in atual
    assert "Revertida para a ampla concorrência" in html.split('id="titulo-inscricao"', 1)[1]
