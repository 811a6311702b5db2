"""Telas do RH: grade de notas, planilha, sorteio, publicação, versões, recursos, auditoria."""

import datetime as dt
import re
import uuid
from decimal import Decimal

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from candidatos.models import Avaliacao, Recurso, ResultadoVersao, SituacaoRecurso
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import (
    aprovar,
    classificacao,
    inscrever,
    nova_vaga,
    publicar_final,
)

pytestmark = pytest.mark.django_db


def _grade(vaga, valores):
    """POST da grade: valores = lista de (inscricao, situacao, {campo: texto})."""
    dados = {
        "grade-TOTAL_FORMS": str(len(valores)),
        "grade-INITIAL_FORMS": str(len(valores)),
        "grade-MIN_NUM_FORMS": "0",
        "grade-MAX_NUM_FORMS": "1000",
    }
    for i, (ins, situacao, notas) in enumerate(valores):
        dados[f"grade-{i}-inscricao"] = str(ins.pk)
        dados[f"grade-{i}-situacao"] = situacao
        for campo, texto in notas.items():
            dados[f"grade-{i}-{campo}"] = texto
    return dados


@pytest.fixture
def vaga_com_criterios(orgao):
    vaga = nova_vaga(orgao, criterios=[("prova", "2"), ("curriculo", "1")])
    a = inscrever(vaga, "2026-0001", nome="Ana")
    b = inscrever(vaga, "2026-0002", nome="Beto")
    return vaga, a, b


def test_grade_salva_notas_com_virgula_e_calcula_a_nota_final(client, bruno, vaga_com_criterios):
    vaga, a, b = vaga_com_criterios
    client.force_login(bruno)
    url = reverse("classificacao:notas", args=[vaga.pk])
    resposta = client.get(url)
    assert resposta.status_code == 200
    assert 'for="id_grade-0-nota_prova"' in resposta.text
    resposta = client.post(
        url,
        _grade(
            vaga,
            [
                (a, "aprovado", {"nota_prova": "8,5", "nota_curriculo": "7"}),
                (b, "ausente", {}),
            ],
        ),
    )
    assert resposta.status_code == 302
    assert Avaliacao.objects.get(inscricao=a).nota_final == Decimal("8.000")
    assert Avaliacao.objects.get(inscricao=b).situacao == "ausente"


def test_grade_com_erro_nao_salva_nada_e_mantem_o_digitado(client, bruno, vaga_com_criterios):
    vaga, a, b = vaga_com_criterios
    client.force_login(bruno)
    resposta = client.post(
        reverse("classificacao:notas", args=[vaga.pk]),
        _grade(
            vaga,
            [
                (a, "aprovado", {"nota_prova": "9,25", "nota_curriculo": "6"}),
                (b, "aprovado", {"nota_prova": "11", "nota_curriculo": ""}),
            ],
        ),
    )
    assert resposta.status_code == 200
    assert not Avaliacao.objects.exists()
    assert 'value="9,25"' in resposta.text
    assert "Prova: a nota deve estar entre 0 e 10.00." in resposta.text
    assert "Curriculo: informe a nota (obrigatória para aprovados)." in resposta.text
    assert "Nada foi salvo" in resposta.text


def test_grade_recusa_inscricao_de_outra_vaga(client, bruno, vaga_com_criterios, orgao):
    vaga, _a, _ = vaga_com_criterios
    intrusa = inscrever(nova_vaga(orgao, codigo="ADM"), "OUTRA-1")
    client.force_login(bruno)
    resposta = client.post(
        reverse("classificacao:notas", args=[vaga.pk]),
        _grade(vaga, [(intrusa, "aprovado", {"nota_prova": "9", "nota_curriculo": "9"})]),
    )
    assert resposta.status_code == 200
    assert not Avaliacao.objects.exists()


@pytest.mark.parametrize(("persona", "status"), [("carla", 403), ("diego", 404)])
def test_grade_escopo_e_papel(client, request, vaga_com_criterios, persona, status):
    vaga, a, _ = vaga_com_criterios
    client.force_login(request.getfixturevalue(persona))
    resposta = client.post(
        reverse("classificacao:notas", args=[vaga.pk]),
        _grade(vaga, [(a, "aprovado", {"nota_prova": "9", "nota_curriculo": "9"})]),
    )
    assert resposta.status_code == status
    assert not Avaliacao.objects.exists()


def _csv(texto):
    return SimpleUploadedFile("notas.csv", texto.encode("utf-8"), content_type="text/csv")


def test_planilha_com_erro_mostra_linha_e_coluna_e_nao_grava(client, bruno, vaga_com_criterios):
    vaga, _a, _b = vaga_com_criterios
    client.force_login(bruno)
    url = reverse("classificacao:importar_notas", args=[vaga.selecao.pk])
    planilha = (
        "inscricao;situacao;prova;curriculo\n"
        "2026-0001;aprovado;8,5;7\n"
        "2026-0002;aprovado;x;7\n"
        "2026-9999;aprovado;5;5\n"
    )
    resposta = client.post(url, {"arquivo": _csv(planilha)})
    assert resposta.status_code == 200
    assert "2 erro(s)" in resposta.text
    assert "número inválido" in resposta.text
    assert "2026-9999 não existe" in resposta.text
    assert not Avaliacao.objects.exists()


def test_planilha_valida_tem_previa_e_grava_na_confirmacao(client, bruno, vaga_com_criterios):
    vaga, a, b = vaga_com_criterios
    client.force_login(bruno)
    url = reverse("classificacao:importar_notas", args=[vaga.selecao.pk])
    planilha = (
        "inscricao,situacao,prova,curriculo\n2026-0001,aprovado,9,6\n2026-0002,reprovado,3,2\n"
    )
    resposta = client.post(url, {"arquivo": _csv(planilha)})
    assert "2 linha(s) prontas" in resposta.text
    assert not Avaliacao.objects.exists()
    pedido = client.session["importacao_notas"]["id"]
    resposta = client.post(url, {"confirmar": pedido})
    assert resposta.status_code == 302
    assert Avaliacao.objects.get(inscricao=a).nota_final == Decimal("8.000")
    assert Avaliacao.objects.get(inscricao=b).situacao == "reprovado"
    assert RegistroAuditoria.objects.filter(acao="avaliacao.registrada").count() == 2


def test_modelo_de_planilha_traz_as_inscricoes(client, carla, vaga_com_criterios):
    vaga, _a, _ = vaga_com_criterios
    client.force_login(carla)
    resposta = client.get(reverse("classificacao:modelo_planilha", args=[vaga.selecao.pk]))
    texto = resposta.content.decode("utf-8-sig")
    assert texto.splitlines()[0] == "inscricao;vaga;nome;situacao;prova;curriculo"
    assert "2026-0001;DIR;Ana;pendente;;" in texto


def test_painel_mostra_empate_e_sorteio_pela_tela_resolve(client, alice, orgao):
    vaga = nova_vaga(orgao, desempate=[{"criterio": "sorteio"}])
    aprovar(inscrever(vaga, "E-1", nome="Eva"), "7")
    aprovar(inscrever(vaga, "E-2", nome="Ivo"), "7")
    client.force_login(alice)
    painel = client.get(reverse("classificacao:painel", args=[vaga.selecao.pk]))
    assert "E-1 (Eva), E-2 (Ivo)" in painel.text
    agora = dt.datetime(2026, 6, 1, 10, 0, tzinfo=dt.UTC)
    with time_machine.travel(agora, tick=False):
        resposta = client.post(
            reverse("classificacao:sorteio", args=[vaga.pk]),
            {"semente": "Loteria 123", "realizar_a_partir_de": "2026-06-02T10:00"},
        )
        assert resposta.status_code == 302
    anuncio = vaga.anuncios_sorteio.get()
    with time_machine.travel(agora + dt.timedelta(days=2), tick=False):
        resposta = client.post(reverse("classificacao:sorteio_realizar", args=[anuncio.pk]))
    assert resposta.status_code == 302
    detalhe = client.get(resposta.url)
    assert "confere" in detalhe.text
    painel = client.get(reverse("classificacao:painel", args=[vaga.selecao.pk]))
    assert "impedem a publicação" not in painel.text


def test_publicacao_pela_tela_roda_a_tarefa_e_mostra_a_versao(
    client, alice, orgao, celery_sincrono, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    client.force_login(alice)
    pagina = client.get(reverse("classificacao:publicar", args=[vaga.selecao.pk]))
    chave_pedido = re.search(r'name="chave" value="([0-9a-f-]{36})"', pagina.text).group(1)
    with django_capture_on_commit_callbacks(execute=True):
        resposta = client.post(
            reverse("classificacao:publicar", args=[vaga.selecao.pk]),
            {
                "chave": chave_pedido,
                "tipo": "preliminar",
                "motivo": "",
                "recurso_inicio": "2026-06-01T09:00",
                "recurso_fim": "2026-06-03T18:00",
            },
        )
    assert resposta.status_code == 302
    progresso = client.get(resposta.url)
    versao = ResultadoVersao.objects.get(selecao=vaga.selecao)
    assert progresso.status_code == 302
    assert progresso.url == reverse("classificacao:versao", args=[versao.pk])
    chave = resposta.url.rstrip("/").rsplit("/", 1)[-1]
    estado = client.get(
        reverse("classificacao:publicacao_progresso", args=[vaga.selecao.pk, chave])
    ).json()
    assert estado["estado"] == "concluida"
    pagina = client.get(progresso.url)
    assert versao.hash_conteudo in pagina.text
    assert "Convocado(a) na 1ª posição" in pagina.text
    baixado = client.get(reverse("classificacao:versao_json", args=[versao.pk]))
    import hashlib

    assert hashlib.sha256(baixado.content).hexdigest() == versao.hash_conteudo


def test_publicacao_exige_prazo_de_recurso_no_formulario(client, alice, orgao):
    vaga = nova_vaga(orgao)
    client.force_login(alice)
    resposta = client.post(
        reverse("classificacao:publicar", args=[vaga.selecao.pk]), {"tipo": "preliminar"}
    )
    assert resposta.status_code == 200
    assert "Informe o fim do prazo de recurso." in resposta.text


def test_progresso_de_pedido_desconhecido_e_404(client, alice, orgao):
    vaga = nova_vaga(orgao)
    client.force_login(alice)
    url = reverse("classificacao:publicacao_progresso", args=[vaga.selecao.pk, uuid.uuid4()])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("persona", ["carla"])
def test_auditor_nao_publica(client, request, orgao, persona):
    vaga = nova_vaga(orgao)
    client.force_login(request.getfixturevalue(persona))
    assert client.get(reverse("classificacao:publicar", args=[vaga.selecao.pk])).status_code == 403


def test_comparacao_de_versoes_mostra_a_mudanca_por_vaga(client, alice, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABC")
    v1 = publicar_final(vaga.selecao, alice)
    aprovar(ins["C"], "500")
    from candidatos.services.resultado import resultado_publicar

    v2 = resultado_publicar(
        selecao=vaga.selecao,
        tipo="final",
        usuario=alice,
        motivo="Decisão judicial no processo 42.",
        agora=v1.publicado_em + dt.timedelta(days=1),
    )
    client.force_login(alice)
    resposta = client.get(reverse("classificacao:comparar", args=[v2.pk]) + f"?com={v1.pk}")
    assert resposta.status_code == 200
    assert "Decisão judicial no processo 42." in resposta.text
    assert "DIR-C — Candidato DIR-C" in resposta.text
    assert "3º" in resposta.text


def test_recurso_registrado_e_decidido_pela_tela(client, bruno, carla, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(bruno)
    resposta = client.post(
        reverse("classificacao:recurso_novo", args=[vaga.selecao.pk]),
        {
            "inscricao": ins["B"].pk,
            "assunto": "Revisão da prova",
            "texto": "Questão 3 anulada.",
            "recebido_em": "2026-06-02T10:00",
        },
    )
    assert resposta.status_code == 302
    recurso = Recurso.objects.get()
    resposta = client.post(
        reverse("classificacao:recurso_decidir", args=[recurso.pk]),
        {"situacao": "deferido", "fundamentacao": ""},
    )
    assert resposta.status_code == 200
    assert "Este campo é obrigatório" in resposta.text
    client.post(
        reverse("classificacao:recurso_decidir", args=[recurso.pk]),
        {"situacao": "deferido", "fundamentacao": "Gabarito retificado."},
    )
    recurso.refresh_from_db()
    assert (recurso.situacao, recurso.decidido_por) == (SituacaoRecurso.DEFERIDO, bruno)
    client.force_login(carla)
    resposta = client.post(
        reverse("classificacao:recurso_decidir", args=[recurso.pk]),
        {"situacao": "indeferido", "fundamentacao": "x"},
    )
    assert resposta.status_code == 403


def test_auditoria_exporta_csv_sem_formulas(client, carla, alice, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    from candidatos.services.convocacao import desistencia_inscricao_registrar

    desistencia_inscricao_registrar(
        inscricao=ins["B"], motivo='=HYPERLINK("http://x")', usuario=alice
    )
    client.force_login(carla)
    pagina = client.get(reverse("classificacao:auditoria", args=[vaga.selecao.pk]))
    assert "inscricao.desistente" in pagina.text
    resposta = client.get(
        reverse("classificacao:auditoria", args=[vaga.selecao.pk]) + "?formato=csv"
    )
    texto = resposta.content.decode("utf-8-sig")
    assert "'=HYPERLINK" in texto
    assert ";=HYPERLINK" not in texto
    por_candidato = client.get(reverse("classificacao:auditoria_inscricao", args=[ins["B"].pk]))
    assert "passou a desistente" in por_candidato.text


def test_auditoria_de_outro_orgao_e_404(client, diego, orgao):
    vaga = nova_vaga(orgao)
    ins = inscrever(vaga, "Z-1")
    client.force_login(diego)
    assert client.get(reverse("classificacao:auditoria", args=[vaga.selecao.pk])).status_code == 404
    assert (
        client.get(reverse("classificacao:auditoria_inscricao", args=[ins.pk])).status_code == 404
    )


def test_painel_pagina_as_vagas_e_mostra_os_aprovados_de_cada_uma(client, carla, orgao):
    from tests.factories import VagaEstagioFactory

    vaga = nova_vaga(orgao, codigo="A000")
    classificacao(vaga, "ABC")
    for i in range(1, 55):
        VagaEstagioFactory(selecao=vaga.selecao, codigo=f"A{i:03d}", ordem=i)
    client.force_login(carla)
    url = reverse("classificacao:painel", args=[vaga.selecao_id])

    primeira = client.get(url).content.decode()
    segunda = client.get(url, {"page": 2}).content.decode()

    for codigo in ("A000", "A049"):
        assert f"{codigo} —" in primeira
        assert f"{codigo} —" not in segunda
    for codigo in ("A050", "A054"):
        assert f"{codigo} —" in segunda
        assert f"{codigo} —" not in primeira
    assert "(vagas 1 a 50 de 55)" in primeira
    assert 'aria-label="Paginação"' in primeira
    assert "?page=2" in primeira
    linha = re.search(r"A000 —.*?</th>\s*<td>[^<]*</td>\s*<td>(\d+)</td>", primeira, re.S)
    assert linha is not None
    assert linha.group(1) == "3"
