"""Formulários do RH que não perdem trabalho nem aceitam o impossível (issue 21, item 6)."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Recurso
from tests.candidatos.classificacao.factories import classificacao, nova_vaga

pytestmark = pytest.mark.django_db


def _recurso(client, vaga, ins, recebido_em):
    return client.post(
        reverse("classificacao:recurso_novo", args=[vaga.selecao.pk]),
        {
            "inscricao": ins["B"].pk,
            "assunto": "Revisão da prova",
            "texto": "Questão 3 anulada.",
            "recebido_em": recebido_em.strftime("%Y-%m-%dT%H:%M"),
        },
    )


def test_recurso_recebido_no_futuro_e_recusado(client, bruno, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(bruno)
    resposta = _recurso(client, vaga, ins, timezone.localtime() + dt.timedelta(days=1))
    assert resposta.status_code == 200
    assert "Recebido em: não pode ser depois de agora" in resposta.text
    assert not Recurso.objects.exists()


def test_recurso_recebido_agora_e_aceito(client, bruno, orgao):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(bruno)
    resposta = _recurso(client, vaga, ins, timezone.localtime())
    assert resposta.status_code == 302
    assert Recurso.objects.count() == 1


# --- Grade de notas ---------------------------------------------------------------


def _pendente(inscricao, nota_final, notas):
    from candidatos.models import Avaliacao, SituacaoAvaliacao

    return Avaliacao.objects.create(
        inscricao=inscricao,
        situacao=SituacaoAvaliacao.PENDENTE,
        nota_final=nota_final,
        notas=notas,
    )


def test_grade_sem_criterios_tem_uma_coluna_so_de_nota_final(client, bruno, orgao):
    from tests.candidatos.classificacao.factories import inscrever

    vaga = nova_vaga(orgao)
    inscrever(vaga, "2026-0001")
    client.force_login(bruno)
    html = client.get(reverse("classificacao:notas", args=[vaga.pk])).text
    cabecalho = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert cabecalho.count("Nota final") == 1


def test_grade_com_criterios_distingue_a_nota_final_calculada(client, bruno, orgao):
    from tests.candidatos.classificacao.factories import inscrever

    vaga = nova_vaga(orgao, criterios=[("prova", "2"), ("curriculo", "1")])
    inscrever(vaga, "2026-0001")
    client.force_login(bruno)
    html = client.get(reverse("classificacao:notas", args=[vaga.pk])).text
    cabecalho = html.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert cabecalho.count("Nota final") == 1
    assert "Aprovar todos com nota final ≥" in html


def test_aprovar_todos_com_nota_maior_ou_igual_ao_corte(client, bruno, carla, orgao):
    from decimal import Decimal

    from candidatos.models import Avaliacao
    from selecoes.models import RegistroAuditoria
    from tests.candidatos.classificacao.factories import inscrever

    vaga = nova_vaga(orgao, criterios=[("prova", "2"), ("curriculo", "1")])
    acima = inscrever(vaga, "2026-0001")
    no_corte = inscrever(vaga, "2026-0002")
    abaixo = inscrever(vaga, "2026-0003")
    incompleta = inscrever(vaga, "2026-0004")
    _pendente(acima, Decimal("9"), {"prova": "9", "curriculo": "9"})
    _pendente(no_corte, Decimal("7"), {"prova": "7", "curriculo": "7"})
    _pendente(abaixo, Decimal("6.99"), {"prova": "7", "curriculo": "6.97"})
    _pendente(incompleta, Decimal("9"), {"prova": "9"})
    url = reverse("classificacao:notas_aprovar_corte", args=[vaga.pk])
    client.force_login(carla)
    assert client.post(url, {"corte": "7"}).status_code == 403
    client.force_login(bruno)
    resposta = client.post(url, {"corte": "7,00"}, follow=True)
    situacoes = dict(Avaliacao.objects.values_list("inscricao__numero", "situacao"))
    assert situacoes == {
        "2026-0001": "aprovado",
        "2026-0002": "aprovado",
        "2026-0003": "pendente",
        "2026-0004": "pendente",
    }
    assert "2 avaliação(ões) passaram a Aprovado(a)" in resposta.text
    assert RegistroAuditoria.objects.filter(acao="avaliacao.alterada").count() == 2


def test_aprovar_por_corte_sem_corte_explica(client, bruno, orgao):
    vaga = nova_vaga(orgao, criterios=[("prova", "1")])
    client.force_login(bruno)
    resposta = client.post(
        reverse("classificacao:notas_aprovar_corte", args=[vaga.pk]), {"corte": ""}, follow=True
    )
    assert "Nota de corte: informe a nota" in resposta.text


# --- Documento da decisão de eliminação não se perde num erro -------------------------


def test_documento_da_decisao_sobrevive_ao_erro_de_validacao(client, alice, orgao):
    import re

    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos.models import ProcessoEliminacao, SituacaoProcesso

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(alice)
    client.post(reverse("classificacao:processo_abrir", args=[ins["A"].pk]), {"motivo": "Indício."})
    p = ProcessoEliminacao.objects.get()
    amanha = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    client.post(reverse("classificacao:processo_notificar", args=[p.pk]), {"prazo_defesa": amanha})
    client.post(reverse("classificacao:processo_defesa", args=[p.pk]), {"defesa": "Nego."})
    url = reverse("classificacao:processo_decidir", args=[p.pk])
    documento = SimpleUploadedFile("ata.pdf", b"%PDF-1.4 ata", content_type="application/pdf")
    resposta = client.post(url, {"procedente": "1", "fundamentacao": "", "documento": documento})
    assert resposta.status_code == 400
    assert "Documento já recebido: ata.pdf" in resposta.text
    referencia = re.search(r'name="documento_ref" value="([^"]+)"', resposta.text).group(1)
    resposta = client.post(
        url, {"procedente": "1", "fundamentacao": "Confirmada.", "documento_ref": referencia}
    )
    assert resposta.status_code == 302
    p.refresh_from_db()
    assert p.situacao == SituacaoProcesso.PROCEDENTE
    with p.documento_decisao.open("rb") as arquivo:
        assert arquivo.read() == b"%PDF-1.4 ata"


# --- Arquivo de evidências da abertura do processo não se perde num erro ---------------


def test_arquivo_de_evidencias_sobrevive_ao_erro_de_validacao(client, alice, orgao):
    import re

    from django.core.files.storage import default_storage
    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos import envios
    from candidatos.forms.classificacao import FINALIDADE_EVIDENCIAS
    from candidatos.models import ProcessoEliminacao

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(alice)
    url = reverse("classificacao:processo_abrir", args=[ins["A"].pk])
    prova = SimpleUploadedFile("foto.png", b"\x89PNG\r\n\x1a\nprova", content_type="image/png")
    resposta = client.post(url, {"motivo": "", "evidencias": "Foto.", "arquivo": prova})
    assert resposta.status_code == 200
    assert not ProcessoEliminacao.objects.exists()
    assert "Arquivo de evidências já recebido: foto.png" in resposta.text
    referencia = re.search(r'name="arquivo_ref" value="([^"]+)"', resposta.text).group(1)
    pasta = f"{envios.PASTA}/{FINALIDADE_EVIDENCIAS}"
    assert len(default_storage.listdir(pasta)[1]) == 1
    resposta = client.post(
        url, {"motivo": "Indício de fraude.", "evidencias": "Foto.", "arquivo_ref": referencia}
    )
    assert resposta.status_code == 302
    p = ProcessoEliminacao.objects.get()
    with p.arquivo_evidencias.open("rb") as arquivo:
        assert arquivo.read() == b"\x89PNG\r\n\x1a\nprova"
    assert default_storage.listdir(pasta)[1] == [], "a cópia temporária ficou no disco"


def test_referencia_de_evidencias_adulterada_nao_anexa_nada(client, alice, orgao):
    from candidatos.models import ProcessoEliminacao

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    client.force_login(alice)
    resposta = client.post(
        reverse("classificacao:processo_abrir", args=[ins["A"].pk]),
        {"motivo": "Indício.", "arquivo_ref": "temporarios/decisao/../../segredo.pdf"},
    )
    assert resposta.status_code == 302
    assert not ProcessoEliminacao.objects.get().arquivo_evidencias


def test_referencia_do_documento_da_decisao_nao_serve_como_evidencia(client, alice, orgao):
    """A assinatura é por finalidade: um arquivo guardado para outra tela não entra aqui."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos import envios
    from candidatos.forms.classificacao import FINALIDADE_DECISAO
    from candidatos.models import ProcessoEliminacao

    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    alheia = envios.guardar(
        SimpleUploadedFile("ata.pdf", b"%PDF-1.4 ata", content_type="application/pdf"),
        finalidade=FINALIDADE_DECISAO,
    )
    client.force_login(alice)
    resposta = client.post(
        reverse("classificacao:processo_abrir", args=[ins["A"].pk]),
        {"motivo": "Indício.", "arquivo_ref": alheia},
    )
    assert resposta.status_code == 302
    assert not ProcessoEliminacao.objects.get().arquivo_evidencias
