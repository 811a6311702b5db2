"""Categorias do órgão na inscrição: a pergunta de cada uma, o documento privado e
quem o vê (LGPD, art. 11; ato do órgão citado no edital)."""

import pytest
from django.urls import reverse

from candidatos.models import AcessoDadoSensivel, DocumentoCategoria, Inscricao
from candidatos.services.inscricoes import InscricaoRecusada, inscricao_registrar
from tests.candidatos.inscricoes.conftest import pdf
from tests.candidatos.inscricoes.test_formulario import _erros_do_formulario, dados_post, url
from tests.factories import CategoriaEditalFactory


@pytest.fixture
def indigenas(selecao):
    return CategoriaEditalFactory(
        selecao=selecao,
        categoria="indigenas",
        nome="Indígenas",
        percentual=5,
        base_legal="Portaria MRE nº 649/2026",
        pergunta="Você se autodeclara indígena e deseja concorrer às vagas reservadas?",
        ajuda="Conforme o art. 3º da portaria.",
        documento_exigido=True,
        documento_descricao="Declaração da comunidade indígena",
        documento_tamanho_max_mb=1,
    )


@pytest.fixture
def trans(selecao):
    return CategoriaEditalFactory(
        selecao=selecao,
        categoria="trans",
        nome="Pessoas trans",
        percentual=2,
        base_legal="Portaria MRE nº 649/2026",
        pergunta="Você deseja concorrer às vagas reservadas a pessoas trans?",
        ordem=1,
    )


@pytest.mark.django_db
def test_formulario_pergunta_cada_categoria_com_a_base_legal(client, selecao, indigenas, trans):
    html = client.get(url(selecao)).content.decode()
    assert "Você se autodeclara indígena e deseja concorrer às vagas reservadas?" in html
    assert 'name="categoria_indigenas"' in html
    assert 'name="documento_indigenas"' in html
    assert 'name="categoria_trans"' in html
    assert 'name="documento_trans"' not in html
    assert "Portaria MRE nº 649/2026" in html
    assert "só pelo código de lista de cada candidato" in html  # trans, LGPD art. 11


@pytest.mark.django_db
def test_opcao_com_documento_grava_privado_e_entra_no_motor(
    client, selecao, vaga, indigenas, trans
):
    documento = pdf("declaracao-aldeia-maria.pdf")
    resposta = client.post(
        url(selecao),
        dados_post(
            vaga, categoria_indigenas="on", categoria_trans="on", documento_indigenas=documento
        ),
    )
    assert resposta.status_code == 302
    inscricao = Inscricao.objects.get()
    assert inscricao.concorre_categorias == ["indigenas", "trans"]
    assert inscricao.categorias == {"negros", "indigenas", "trans"}
    doc = DocumentoCategoria.objects.get(inscricao=inscricao)
    assert doc.categoria == "indigenas"
    assert doc.arquivo.name.startswith("documentos_categoria/")
    assert "maria" not in doc.arquivo.name  # nome aleatório: o original tem dado pessoal
    with doc.arquivo.open("rb") as arquivo:
        assert arquivo.read(5) == b"%PDF-"


@pytest.mark.parametrize(
    ("alteracoes", "trecho"),
    [
        ({"categoria_indigenas": "on"}, "envie o documento (PDF) para concorrer"),
        ({"documento_indigenas": "pdf"}, "somente se concorrer"),
        (
            {
                "categoria_indigenas": "on",
                "documento_indigenas": ("d.pdf", b"\x89PNG", "image/png"),
            },
            "envie um arquivo PDF",
        ),
        (
            {
                "categoria_indigenas": "on",
                "documento_indigenas": (
                    "d.pdf",
                    b"%PDF-" + b"0" * (1024 * 1024),
                    "application/pdf",
                ),
            },
            "mais de 1 MB",
        ),
    ],
)
@pytest.mark.django_db
def test_documento_da_categoria_recusado_nomeia_o_campo(
    client, selecao, vaga, indigenas, alteracoes, trecho
):
    dados = dict(alteracoes)
    documento = dados.pop("documento_indigenas", None)
    if documento == "pdf":
        dados["documento_indigenas"] = pdf()
    elif documento is not None:
        dados["documento_indigenas"] = pdf(*documento)
    resposta = client.post(url(selecao), dados_post(vaga, **dados))
    assert not Inscricao.objects.exists()
    assert not DocumentoCategoria.objects.exists()
    mensagens = _erros_do_formulario(resposta)["documento_indigenas"]
    assert any(m.startswith("Declaração da comunidade indígena:") for m in mensagens), mensagens
    assert any(trecho in m for m in mensagens), mensagens


@pytest.mark.django_db
def test_servico_recusa_categoria_que_o_edital_nao_declara(selecao, vaga, agora):
    from candidatos.services.inscricoes import DadosInscricao

    dados = DadosInscricao(
        vaga_id=vaga.pk,
        nome_civil="Ana",
        nome_social="",
        cpf="52998224725",
        data_nascimento=agora.date().replace(year=2003),
        email="ana@exemplo.com",
        telefone="61999990000",
        instituicao_ensino="UnB",
        curso="Direito",
        periodo_curso="5º",
        cor_raca="parda",
        concorre_negros=False,
        pcd=False,
        concorre_pcd=False,
        concorre_categorias=("quilombolas",),
    )
    with pytest.raises(InscricaoRecusada) as erro:
        inscricao_registrar(selecao=selecao, dados=dados, agora=agora)
    assert "não reserva vagas a essa categoria" in erro.value.mensagem
    assert not Inscricao.objects.exists()


@pytest.fixture
def inscrita(client, selecao, vaga, indigenas):
    client.post(url(selecao), dados_post(vaga, categoria_indigenas="on", documento_indigenas=pdf()))
    client.logout()
    return Inscricao.objects.get()


def _url_documento(inscricao):
    return reverse("inscricoes:documento_categoria", args=[inscricao.pk, "indigenas"])


@pytest.mark.django_db
def test_gestor_baixa_documento_e_o_acesso_fica_registrado(client, alice, inscrita):
    client.force_login(alice)
    resposta = client.get(_url_documento(inscrita))
    assert resposta.status_code == 200
    assert "no-store" in resposta["Cache-Control"]
    assert b"".join(resposta.streaming_content).startswith(b"%PDF-")
    acesso = AcessoDadoSensivel.objects.get(usuario=alice, inscricao=inscrita)
    assert "Indígenas" in acesso.contexto


@pytest.mark.django_db
def test_gestor_ve_a_opcao_no_detalhe_e_operador_nao(client, alice, bruno, inscrita):
    detalhe = reverse("inscricoes:detalhe", args=[inscrita.pk])
    client.force_login(alice)
    html = client.get(detalhe).content.decode()
    assert "Reserva: Indígenas" in html
    assert _url_documento(inscrita) in html
    client.force_login(bruno)
    html = client.get(detalhe).content.decode()
    assert "Reserva: Indígenas" not in html
    assert _url_documento(inscrita) not in html


@pytest.mark.django_db
def test_operador_auditor_e_outro_orgao_nao_baixam_documento(
    client, bruno, carla, inscrita, outro_orgao
):
    from selecoes.models import Papel
    from tests.conftest import _usuario

    for usuario in (bruno, carla):
        client.force_login(usuario)
        assert client.get(_url_documento(inscrita)).status_code == 403
    client.force_login(_usuario(outro_orgao, Papel.GESTOR, "gestora_de_fora"))
    assert client.get(_url_documento(inscrita)).status_code == 404
    assert not AcessoDadoSensivel.objects.exists()


# ---------------------------------------------------------------- importação


@pytest.mark.django_db
def test_importacao_le_a_coluna_das_categorias_do_orgao(selecao, indigenas, trans, bruno):
    import datetime as dt

    from django.utils import timezone

    from tests.candidatos.inscricoes.test_importacao import confirmar, csv, linha

    momento = timezone.localtime(selecao.inscricoes_inicio + dt.timedelta(hours=1))
    conteudo = csv(
        [
            linha(momento, 0, concorre_categorias="Trans; indigenas"),
            linha(momento, 1, concorre_categorias=""),
        ]
    )
    confirmar(selecao, conteudo, bruno)
    por_nome = {i.nome_civil: i for i in Inscricao.objects.filter(selecao=selecao)}
    assert por_nome["Pessoa Importada 0"].concorre_categorias == ["indigenas", "trans"]
    assert por_nome["Pessoa Importada 0"].categorias == {"negros", "indigenas", "trans"}
    assert por_nome["Pessoa Importada 1"].concorre_categorias == []
    # O mesmo arquivo de novo: nada muda (a comparação normaliza a lista).
    from tests.candidatos.inscricoes.test_importacao import analisar

    previa = analisar(selecao, conteudo)
    assert {v.acao for v in previa.validas} == {"inalterada"}


@pytest.mark.django_db
def test_importacao_recusa_categoria_que_o_edital_nao_declara(selecao, indigenas):
    import datetime as dt

    from django.utils import timezone

    from tests.candidatos.inscricoes.test_importacao import analisar, csv, linha

    momento = timezone.localtime(selecao.inscricoes_inicio + dt.timedelta(hours=1))
    previa = analisar(selecao, csv([linha(momento, 0, concorre_categorias="quilombolas")]))
    assert [(e.linha, e.coluna) for e in previa.erros] == [(2, "concorre_categorias")]
    assert "declaradas: indigenas" in previa.erros[0].mensagem


@pytest.mark.django_db
def test_comprovante_mostra_a_opcao_de_cada_categoria(client, selecao, vaga, indigenas, trans):
    resposta = client.post(url(selecao), dados_post(vaga, categoria_trans="on"), follow=True)
    html = resposta.content.decode()
    assert "Vagas reservadas a pessoas trans" in html
    assert "Vagas reservadas a indígenas" in html
    inscricao = Inscricao.objects.get()
    assert inscricao.concorre_categorias == ["trans"]
    # O código de lista das pessoas trans (lista sem nomes; LGPD, art. 11), só aqui.
    from selecoes.sigilo import codigo_lista

    assert f"seu código de lista: <strong>{codigo_lista(inscricao.numero, 'trans')}" in html


def _referencia_documento(html, codigo):
    import re

    achado = re.search(rf'name="documento_{codigo}_ref" value="([^"]+)"', html)
    assert achado is not None, "a página com erro não guardou o documento da categoria"
    return achado.group(1)


@pytest.mark.django_db
def test_documento_da_categoria_sobrevive_ao_erro_de_validacao(
    client, selecao, vaga, indigenas, settings
):
    """Como o laudo (issue 21, item 6): o documento válido fica guardado e o reenvio
    leva só a referência assinada; gravada a inscrição, a cópia temporária some."""
    resposta = client.post(
        url(selecao),
        dados_post(
            vaga,
            categoria_indigenas="on",
            documento_indigenas=pdf("declaracao.pdf"),
            email_confirmacao="outro@exemplo.com",
        ),
    )
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Confirmação do e-mail" in html
    assert "Declaração da comunidade indígena já recebido: <strong>declaracao.pdf</strong>" in html
    referencia = _referencia_documento(html, "indigenas")
    resposta = client.post(
        url(selecao),
        dados_post(vaga, categoria_indigenas="on", documento_indigenas_ref=referencia),
    )
    assert resposta.status_code == 302
    doc = DocumentoCategoria.objects.get(inscricao=Inscricao.objects.get())
    assert doc.categoria == "indigenas"
    with doc.arquivo.open("rb") as arquivo:
        assert arquivo.read(5) == b"%PDF-"
    temporarios = settings.MEDIA_ROOT / "temporarios"
    assert not temporarios.exists() or not any(p.is_file() for p in temporarios.rglob("*"))


@pytest.mark.parametrize(
    "referencia", ["temporarios/x.pdf", "de-outra-categoria"], ids=["adulterada", "outra"]
)
@pytest.mark.django_db
def test_referencia_de_documento_invalida_nao_vale(client, selecao, vaga, indigenas, referencia):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos import envios
    from tests.candidatos.inscricoes.conftest import PDF_MINIMO

    if referencia == "de-outra-categoria":
        referencia = envios.guardar(
            SimpleUploadedFile("laudo.pdf", PDF_MINIMO, content_type="application/pdf"),
            finalidade="laudo",
        )
    resposta = client.post(
        url(selecao),
        dados_post(vaga, categoria_indigenas="on", documento_indigenas_ref=referencia),
    )
    assert resposta.status_code == 200
    assert "envie o documento (PDF) para concorrer" in resposta.content.decode()
    assert not Inscricao.objects.exists()
