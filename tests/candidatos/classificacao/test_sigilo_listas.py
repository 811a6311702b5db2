"""Sigilo das listas sem nomes (LGPD, art. 11; docs/resultado.md, "Sigilo das listas
sem nomes"): nenhuma página ou PDF público liga um nome a uma categoria cuja lista é
publicada sem nomes. A lista e a convocação nas vagas dela usam o código de lista
(``selecoes.sigilo``), que o candidato e o RH veem."""

import datetime as dt
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from candidatos.conteudo_resultado import ConteudoResultado
from candidatos.models import Convocacao, TipoResultado
from candidatos.selectors.publico.resultados import interpretar_conteudo
from candidatos.services import resultado
from selecoes.sigilo import calcular_codigo, codigo_lista
from tests.candidatos.classificacao.factories import AGORA, aprovar, inscrever, nova_vaga
from tests.factories import CategoriaEditalFactory
from tests.relatorios.documentos.conftest import texto_pdf

LETRAS = "ABCDEFGHIJKLMNO"
TRANS = {"B", "M", "N"}
"""B (2º) é alcançado pela ampla concorrência; M (13º) é chamado na vaga reservada a
pessoas trans; N (14º) está na lista e não é chamado."""


@pytest.fixture(autouse=True)
def _cache_limpo():
    from django.core.cache import cache

    from candidatos.selectors.publico.memoria import limpar_todas

    cache.clear()
    limpar_todas()
    yield
    cache.clear()
    limpar_todas()


@pytest.fixture
def cenario(orgao, alice, settings, tmp_path):
    """10 vagas; negros 30% (ninguém opta: revertem), pessoas trans 10% (1 vaga, só
    números por padrão) e indígenas 10% (lista com nomes)."""
    settings.MEDIA_ROOT = tmp_path / "midia"
    vaga = nova_vaga(orgao, ofertadas=10)
    selecao = vaga.selecao
    CategoriaEditalFactory(
        selecao=selecao,
        categoria="trans",
        nome="Pessoas trans",
        percentual=10,
        base_legal="Resolução CSDPU nº 222/2024",
    )
    CategoriaEditalFactory(
        selecao=selecao, categoria="indigenas", nome="Indígenas", percentual=10, ordem=1
    )
    inscricoes = {}
    for i, letra in enumerate(LETRAS):
        ins = inscrever(
            vaga,
            f"2026{i + 1:06d}",
            nome=f"Pessoa {letra} Sobrenome",
            concorre_categorias=["trans"] if letra in TRANS else (["indigenas"] * (letra == "O")),
        )
        aprovar(ins, Decimal(100 - i))
        inscricoes[letra] = ins
    versao = resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA,
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    return selecao, versao, inscricoes


def test_codigo_de_lista_estavel_e_dependente_do_segredo():
    um = calcular_codigo(segredo="s1", inscricao="2026000013", categoria="trans")
    assert um == calcular_codigo(segredo="s1", inscricao="2026000013", categoria="trans")
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}", um)
    assert um != calcular_codigo(segredo="s2", inscricao="2026000013", categoria="trans")
    assert um != calcular_codigo(segredo="s1", inscricao="2026000014", categoria="trans")
    assert um != calcular_codigo(segredo="s1", inscricao="2026000013", categoria="minorias")
    assert "2026000013" not in um


@pytest.mark.django_db
def test_motor_chama_m_na_vaga_de_pessoas_trans(cenario):
    _, versao, ins = cenario
    (vaga,) = ConteudoResultado.from_json(versao.conteudo).vagas
    chamados = {c.inscricao: c.modalidade for c in vaga.convocacao}
    assert chamados[ins["M"].numero] == "trans"
    assert chamados[ins["B"].numero] == "AC"
    assert ins["N"].numero not in chamados
    assert vaga.lista("trans") == (ins["B"].numero, ins["M"].numero, ins["N"].numero)


def _convocar(inscricoes, versao):
    """As convocações da ordem publicada, como o RH as faria (com M na vaga trans)."""
    (vaga_publicada,) = ConteudoResultado.from_json(versao.conteudo).vagas
    por_numero = {i.numero: i for i in inscricoes.values()}
    for c in vaga_publicada.convocacao:
        inscricao = por_numero[c.inscricao]
        Convocacao.objects.create(
            vaga=inscricao.vaga,
            inscricao=inscricao,
            ordem=c.ordem,
            modalidade=c.modalidade,
            convocada_em=AGORA,
            prazo_resposta=AGORA + dt.timedelta(days=5),
            token=f"token-{c.inscricao}",
        )
    from candidatos.services.estado_publico import estado_publico_invalidar

    estado_publico_invalidar(selecao_id=inscricoes["A"].selecao_id)


def _paginas_publicas(client, selecao, versao, inscricoes, capturar):
    """Texto de toda página e PDF público da seleção (HTML sem marcação; PDF por pypdf)."""
    textos = {}

    def html(nome, url, **params):
        resposta = client.get(url, params)
        assert resposta.status_code == 200, url
        pagina = resposta.content.decode()
        if termo := params.get("q"):
            # O termo digitado volta na página (campo e resumo): não é o que ela revela.
            pagina = pagina.replace(f'value="{termo}"', "").replace(f"“{termo}”", "")
        sem_tags = re.sub(r"<[^>]+>", " ", pagina)
        textos[nome] = " ".join(sem_tags.split())

    html("selecoes", reverse("publico:selecoes"))
    html("selecao", reverse("publico:selecao", args=[selecao.pk]))
    html("resultados", reverse("publico:resultados", args=[selecao.pk]))
    html("inscricoes", reverse("inscricao_publica:lista"))
    publicado = interpretar_conteudo(versao.pk, versao.conteudo)
    for vaga in publicado.vagas.values():
        for lista, _ in vaga.listas_disponiveis:
            url = reverse("publico:resultado_vaga", args=[selecao.pk, "atual", vaga.codigo, lista])
            html(f"{vaga.codigo}/{lista}", url)
            for letra in TRANS:
                i = inscricoes[letra]
                html(f"{vaga.codigo}/{lista}?numero={letra}", url, q=i.numero)
                html(f"{vaga.codigo}/{lista}?nome={letra}", url, q=i.nome_exibicao)
    for nome, url in (
        ("pdf-resultado", reverse("documentos:resultado_publico", args=[versao.pk])),
        ("pdf-sem-nomes", reverse("documentos:resultado_sem_nomes", args=[versao.pk])),
        ("pdf-anexo", reverse("documentos:anexo_publico", args=[selecao.pk])),
    ):
        with capturar(execute=True):
            client.get(url)  # pede o documento; o worker (na hora) o gera
        resposta = client.get(url)
        assert resposta.status_code == 200, url
        conteudo = b"".join(resposta.streaming_content)
        assert conteudo.startswith(b"%PDF"), url
        textos[nome] = " ".join(texto_pdf(conteudo).split())
    return textos


@pytest.fixture
def documentos_na_hora(monkeypatch):
    """Gera o PDF na hora do pedido, como o worker faria."""
    from relatorios.documentos import services

    monkeypatch.setattr(
        services,
        "_enfileirar",
        lambda documento_id, geracao: services.gerar(documento_id=documento_id, geracao=geracao),
    )


@pytest.mark.django_db
def test_nenhuma_pagina_ou_pdf_publico_liga_nome_a_lista_sem_nomes(
    client, cenario, documentos_na_hora, django_capture_on_commit_callbacks
):
    selecao, versao, ins = cenario
    _convocar(ins, versao)
    textos = _paginas_publicas(client, selecao, versao, ins, django_capture_on_commit_callbacks)

    # O que a lista de pessoas trans mostra, e que ela existe de fato nas páginas.
    lista = textos["DIR/trans"]
    identificadores = {letra: codigo_lista(ins[letra].numero, "trans") for letra in TRANS}
    assert all(codigo in lista for codigo in identificadores.values())
    assert identificadores["M"] in textos["DIR/convocacao"]
    assert identificadores["M"] in textos["pdf-sem-nomes"]
    assert all(ins[letra].numero not in lista for letra in TRANS)

    for pagina, texto in textos.items():
        for letra in TRANS:
            nome = ins[letra].nome_exibicao
            assert not (nome in texto and identificadores[letra] in texto), (pagina, letra)
        # Nenhuma página com nomes fala da lista de um candidato trans ao lado do nome.
        if identificadores["M"] not in texto:
            assert "Reservada a pessoas trans" not in texto or pagina in {
                "DIR/convocacao",
                "DIR/trans",
            }
    # A convocação de M na vaga trans não aparece ao lado do nome dele em lugar nenhum.
    assert "Convocado(a)" not in _linha_de(textos["DIR/classificacao"], ins["M"])
    assert ins["M"].numero not in textos["DIR/convocacao"]
    assert ins["M"].nome_exibicao not in textos["DIR/convocacao"]
    assert ins["M"].nome_exibicao not in textos["pdf-sem-nomes"]
    assert ins["M"].numero not in textos["pdf-sem-nomes"]
    # A lista com nomes (indígenas) continua com nome e número.
    assert ins["O"].nome_exibicao in textos["DIR/indigenas"]
    # B, chamado pela ampla concorrência, aparece com o nome na convocação.
    assert ins["B"].nome_exibicao in textos["DIR/convocacao"]


def _linha_de(texto: str, inscricao) -> str:
    """O trecho da classificação entre o número da inscrição e o próximo número."""
    inicio = texto.index(inscricao.numero)
    proximo = re.search(r"2026\d{6}", texto[inicio + 10 :])
    return texto[inicio : inicio + 10 + (proximo.start() if proximo else 200)]


@pytest.mark.django_db
def test_busca_pelo_numero_nao_acha_ninguem_na_lista_sem_nomes(client, cenario):
    selecao, _, ins = cenario
    url = reverse("publico:resultado_vaga", args=[selecao.pk, "atual", "DIR", "trans"])
    assert "0 resultados" in client.get(url, {"q": ins["M"].numero}).content.decode()
    codigo = codigo_lista(ins["M"].numero, "trans")
    assert "1 resultado " in client.get(url, {"q": codigo}).content.decode()


@pytest.mark.django_db
def test_minha_situacao_mostra_o_codigo_e_as_posicoes_nas_listas_sem_nomes(client, cenario):
    """O próprio candidato vê o seu código, a posição na lista e a convocação na vaga."""
    _, _, ins = cenario
    m = ins["M"]
    resposta = client.post(reverse("publico:minha_situacao"), {"numero": m.numero, "cpf": m.cpf})
    situacao = resposta.context["situacao"]
    codigo = codigo_lista(m.numero, "trans")
    assert any(codigo in item for item in situacao.concorre)
    (vigente,) = situacao.posicoes
    assert vigente.listas_do_orgao == (("Lista de pessoas trans", 2),)
    assert vigente.convocacao is not None
    assert vigente.modalidade == "Reservada a pessoas trans"
    assert codigo in resposta.content.decode()


@pytest.mark.django_db
def test_rh_com_acesso_a_dado_sensivel_ve_o_codigo_e_operador_nao(client, alice, bruno, cenario):
    _, _, ins = cenario
    m = ins["M"]
    codigo = codigo_lista(m.numero, "trans")
    detalhe = reverse("inscricoes:detalhe", args=[m.pk])
    client.force_login(alice)
    assert f"código de lista {codigo}" in client.get(detalhe).content.decode()
    client.force_login(bruno)
    assert codigo not in client.get(detalhe).content.decode()


@pytest.mark.django_db
def test_comando_refaz_o_pdf_gerado_antes_do_codigo_de_lista(
    cenario, documentos_na_hora, django_capture_on_commit_callbacks
):
    import io

    from django.core.management import call_command

    from relatorios.documentos import services

    _, versao, _ = cenario
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    documento.refresh_from_db()
    geracao = documento.geracao
    saida = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("regenerar_listas_sem_nomes", stdout=saida)
    assert "1 PDF(s)" in saida.getvalue()
    documento.refresh_from_db()
    assert documento.geracao == geracao + 1
    assert documento.status == "pronto"
