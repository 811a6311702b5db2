"""O sorteio de desempate e as inscrições sem avaliação aparecem onde a versão é
lida (issue 16, item 8 e item 16): a página interna da versão, as páginas públicas
de resultado e o PDF do resultado. Nas públicas, só número de inscrição e motivo:
nem nome, nem CPF, nem cor/raça de quem ficou fora.
"""

import datetime as dt
import io
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from candidatos.conteudo_resultado import ConteudoResultado
from candidatos.models import TipoResultado
from candidatos.services import resultado
from candidatos.services import sorteio as servico_sorteio
from relatorios.documentos import pdf
from relatorios.documentos.construtores import lista_resultado, secoes_resultado
from relatorios.models import Documento, TipoDocumento
from tests.candidatos.classificacao.factories import AGORA, aprovar, inscrever, nova_vaga

pytestmark = pytest.mark.django_db

SESSAO = AGORA + dt.timedelta(days=2)
MOTIVO = "Não entregou o histórico escolar (ata 4)."


@pytest.fixture
def versao(orgao, alice):
    """Três empatados (E-1, E-2, E-3) desfeitos por sorteio anunciado com semente e
    uma inscrição sem nota (E-9, de Zélia, parda) fora com motivo."""
    vaga = nova_vaga(orgao, desempate=[{"criterio": "maior_nota"}, {"criterio": "sorteio"}])
    for numero, nome in (("E-1", "Eva"), ("E-2", "Ivo"), ("E-3", "Lia")):
        aprovar(inscrever(vaga, numero, nome=nome), "7")
    fora = inscrever(vaga, "E-9", nome="Zélia Quaresma", negro=True)
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=vaga, usuario=alice, agora=AGORA, semente="48213", realizar_a_partir_de=SESSAO
    )
    sorteio = servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO)
    publicada = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=SESSAO + dt.timedelta(hours=1),
        recurso_fim=SESSAO + dt.timedelta(days=3),
        agora=SESSAO + dt.timedelta(hours=1),
        sem_avaliacao={"E-9": MOTIVO},
    )
    publicada.sorteio = sorteio
    publicada.fora = fora
    return publicada


def _texto(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _confere_sorteio(html: str, versao) -> None:
    texto = _texto(html)
    assert "Empate entre as inscrições E-1, E-2, E-3." in texto
    assert "Semente publicada no anúncio: 48213 " in texto
    anunciado = timezone.localtime(AGORA)
    assert f"Anunciado em {anunciado:%d/%m/%Y %H:%M}" in texto
    assert f"Realizado em {timezone.localtime(SESSAO):%d/%m/%Y %H:%M}" in texto
    ordem = re.search(r'<ol class="ordem-sorteada">(.*?)</ol>', html, re.S).group(1)
    assert re.findall(r"<li>([^<]+)</li>", ordem) == versao.sorteio.resultado


def _confere_fora_sem_dados_pessoais(html: str, versao) -> None:
    texto = _texto(html)
    assert f"E-9 {MOTIVO}" in texto
    assert "Zélia" not in texto
    assert versao.fora.cpf not in html
    assert "parda" not in texto.lower()


def test_pagina_interna_da_versao_mostra_sorteio_e_sem_avaliacao(client, alice, versao):
    client.force_login(alice)
    resposta = client.get(reverse("classificacao:versao", args=[versao.pk]))
    assert resposta.status_code == 200
    _confere_sorteio(resposta.text, versao)
    assert f"E-9 {MOTIVO}" in _texto(resposta.text)


def test_pagina_publica_de_resultados_mostra_sorteio_e_sem_avaliacao(client, versao):
    resposta = client.get(reverse("publico:resultados", args=[versao.selecao_id]))
    assert resposta.status_code == 200
    _confere_sorteio(resposta.text, versao)
    _confere_fora_sem_dados_pessoais(resposta.text, versao)
    assert "Vaga DIR" in _texto(resposta.text)


def test_lista_publica_da_vaga_mostra_o_sorteio_da_vaga(client, versao):
    url = reverse(
        "publico:resultado_vaga", args=[versao.selecao_id, "preliminar-1", "DIR", "classificacao"]
    )
    resposta = client.get(url)
    assert resposta.status_code == 200
    _confere_sorteio(resposta.text, versao)


def test_pdf_do_resultado_mostra_sorteio_e_sem_avaliacao(versao):
    (secao,) = secoes_resultado(ConteudoResultado.from_json(versao.conteudo))
    assert [s.resultado for s in secao.sorteios] == [tuple(versao.sorteio.resultado)]
    documento = Documento(
        tipo=TipoDocumento.RESULTADO,
        titulo="Resultado preliminar",
        parametros={"versao": versao.pk},
        selecao=versao.selecao,
        orgao=versao.selecao.orgao,
    )
    conteudo = lista_resultado(documento)
    html = render_to_string(conteudo.template, dict(conteudo.contexto))
    _confere_sorteio(html, versao)
    _confere_fora_sem_dados_pessoais(html, versao)
    leitor = PdfReader(io.BytesIO(pdf.renderizar(html).conteudo))
    texto = " ".join(" ".join(p.extract_text() for p in leitor.pages).split())
    assert "Empate entre as inscrições E-1, E-2, E-3." in texto
    assert MOTIVO in texto


def test_versao_sem_sorteio_nem_fora_nao_mostra_as_secoes(client, orgao, alice):
    vaga = nova_vaga(orgao)
    aprovar(inscrever(vaga, "U-1"), "8")
    v = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=AGORA + dt.timedelta(hours=1),
        recurso_fim=AGORA + dt.timedelta(days=3),
        agora=AGORA,
    )
    html = client.get(reverse("publico:resultados", args=[vaga.selecao_id])).text
    assert "Sorteios de desempate" not in html
    assert "Inscrições fora desta versão" not in html
    client.force_login(alice)
    interna = client.get(reverse("classificacao:versao", args=[v.pk])).text
    assert "Sorteios de desempate" not in interna
    assert "sem avaliação" not in interna


def test_sorteio_pela_fonte_publica_mostra_a_fonte_e_o_valor(client, orgao, alice):
    vaga = nova_vaga(orgao, desempate=[{"criterio": "maior_nota"}, {"criterio": "sorteio"}])
    for numero in ("F-1", "F-2"):
        aprovar(inscrever(vaga, numero), "6")
    fonte = "1º prêmio da Loteria Federal de 03/06/2026"
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=vaga, usuario=alice, agora=AGORA, fonte_semente=fonte, realizar_a_partir_de=SESSAO
    )
    servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=SESSAO, semente="07731")
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=alice,
        motivo="",
        recurso_inicio=SESSAO + dt.timedelta(hours=1),
        recurso_fim=SESSAO + dt.timedelta(days=3),
        agora=SESSAO + dt.timedelta(hours=1),
    )
    texto = _texto(client.get(reverse("publico:resultados", args=[vaga.selecao_id])).text)
    assert f"Semente dada pela fonte pública anunciada ({fonte}): 07731" in texto
    assert "Semente publicada no anúncio" not in texto
