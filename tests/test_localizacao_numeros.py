"""Números e dinheiro em pt-BR em toda página: "9,50", "R$ 1.125,69", nunca "9.500",
"1125.69" ou "R$ 1125,69".

O detector lê só o texto visível (fora de <script>, <style> e atributos) e procura
números que a localização do Django não produziria: ponto decimal à inglesa, ou
milhar sem separador antes da vírgula decimal. Datas (01/12/2026), horas (12:05),
números de inscrição (2026-0001234), CPF e hashes não têm esse formato.
"""

from __future__ import annotations

import re
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from selecoes.models import VagaEstagio
from selecoes.templatetags import formatos
from tests.publico.factories import cenario_publicado, urls_publicas
from tests.seguranca import escopo

# Sequência de algarismos com separadores internos (ponto ou vírgula).
NUMERO = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)+(?![\w])")
# pt-BR com milhar agrupado: 1.125,69 ou 12.000,00 (sempre com decimais: neste mundo
# nenhum número inteiro passa de 999, então "9.500" sem vírgula é nota à inglesa).
AGRUPADO = re.compile(r"\d{1,3}(?:\.\d{3})+,\d+")
# Decimal pt-BR sem milhar: até três algarismos antes da vírgula (9,50; 220,00).
SIMPLES = re.compile(r"\d{1,3},\d+")
CPF = re.compile(r"[\d*]{3}\.\d{3}\.\d{3}-[\d*]{2}")
# Número de lei ou decreto com o ano: Decreto nº 9.427/2018, Lei nº 11.788/2008.
NORMA = re.compile(r"\d{1,3}(?:\.\d{3})+/\d{4}")
# Seção de um documento normativo: "regras de reserva, § 3.2" (numeração, não quantidade).
SECAO = re.compile(r"§\s*\d+(?:\.\d+)+")


class _TextoVisivel(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.partes: list[str] = []
        self._oculto = 0

    def handle_starttag(self, tag: str, attrs) -> None:  # type: ignore[no-untyped-def]
        if tag in ("script", "style"):
            self._oculto += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._oculto:
            self._oculto -= 1

    def handle_data(self, data: str) -> None:
        if not self._oculto:
            self.partes.append(data)


def texto_visivel(html: str) -> str:
    leitor = _TextoVisivel()
    leitor.feed(html)
    return " ".join(leitor.partes)


def numeros_nao_localizados(html: str) -> list[str]:
    """Números do texto visível fora do formato pt-BR do Django."""
    texto = SECAO.sub(" ", NORMA.sub(" ", CPF.sub(" ", texto_visivel(html))))
    return [
        m.group(0)
        for m in NUMERO.finditer(texto)
        if not (AGRUPADO.fullmatch(m.group(0)) or SIMPLES.fullmatch(m.group(0)))
    ]


@pytest.mark.parametrize(
    ("html", "esperado"),
    [
        ("<td>9.500</td>", ["9.500"]),
        ("<p>regras de reserva, § 3.2; § 3.1</p>", []),
        ("<td>1125.69 + 220.00</td>", ["1125.69", "220.00"]),
        ("<p>R$ 1125,69</p>", ["1125,69"]),
        ("<p>R$ 1.125,69 + R$ 220,00</p>", []),
        ("<p>nota 9,50 de 10</p>", []),
        ("<p>01/12/2026 12:05 — inscrição 2026-0001234, CPF ***.456.789-**</p>", []),
        ("<p>edital 12/2026, ano 2026, hash a3f9c0d1e2</p>", []),
        ('<a href="/x/1.5/" data-v="3.14">ok</a><script>var x = 1.5;</script>', []),
        ("<p>lista 1, 2, 3</p>", []),
        ("<p>Decreto nº 9.427/2018 e Lei nº 11.788/2008</p>", []),
    ],
)
def test_localizacao_detector_de_numeros(html, esperado):
    assert numeros_nao_localizados(html) == esperado


def _dinheiro_acima_de_mil() -> None:
    """Bolsa com milhar e auxílio com centavos: o caso que a falta de localização esconde."""
    VagaEstagio.objects.update(valor_bolsa=Decimal("1125.69"), auxilio_transporte=Decimal("220"))


@pytest.mark.django_db
def test_localizacao_paginas_publicas_sem_numero_a_inglesa(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    mundo = escopo.criar_mundo()
    cenario = cenario_publicado(orgao=mundo.orgao)
    _dinheiro_acima_de_mil()
    cliente = Client()
    achados: dict[str, list[str]] = {}
    urls = {
        **urls_publicas(cenario),
        "inscricao": reverse("inscricao_publica:formulario", args=[cenario.selecao.pk]),
        "inscricao_lista": reverse("inscricao_publica:lista"),
    }
    for nome, url in urls.items():
        resposta = cliente.get(url)
        if resposta.status_code != 200 or "html" not in resposta["Content-Type"]:
            continue
        if v := numeros_nao_localizados(resposta.content.decode()):
            achados[nome] = v
    inscricao = cenario.inscricoes[0]
    resposta = cliente.post(
        urls_publicas(cenario)["minha_situacao"],
        {"numero": inscricao.numero, "cpf": inscricao.cpf},
        REMOTE_ADDR="10.9.9.9",
    )
    assert resposta.context["situacao"] is not None
    if v := numeros_nao_localizados(resposta.content.decode()):
        achados["minha_situacao (resultado)"] = v
    assert achados == {}, "\n".join(f"{k}: {v}" for k, v in achados.items())


@pytest.mark.django_db
def test_localizacao_paginas_do_rh_sem_numero_a_inglesa(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    # O limite de linhas da importação aparece na tela ("até 100.000 linhas"): neste
    # mundo nenhum inteiro passa de 999, para que "9.500" só possa ser nota à inglesa.
    settings.PLANILHA_MAX_LINHAS = 900
    mundo = escopo.criar_mundo()
    _dinheiro_acima_de_mil()
    urls, falhas = escopo._urls(escopo.rotas_do_rh(), mundo)
    assert falhas == []
    cliente = escopo._cliente(mundo.dono)
    vistas = 0
    achados: dict[str, list[str]] = {}
    for rota, url in urls:
        resposta = cliente.get(url)
        if resposta.status_code != 200 or "html" not in resposta.get("Content-Type", ""):
            continue
        vistas += 1
        if v := numeros_nao_localizados(resposta.content.decode()):
            achados[f"{rota.nome} ({url})"] = v
    assert vistas > 30, "a varredura deixou de abrir as telas do RH"
    assert achados == {}, "\n".join(f"{k}: {v}" for k, v in achados.items())


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        (Decimal("1125.69"), "R$ 1.125,69"),
        ("1125.69", "R$ 1.125,69"),
        ("220.00", "R$ 220,00"),
        (Decimal("1500"), "R$ 1.500,00"),
        (None, ""),
        ("", ""),
    ],
)
def test_localizacao_filtro_dinheiro(valor, esperado):
    assert formatos.dinheiro(valor) == esperado


@pytest.mark.parametrize(
    ("valor", "casas", "esperado"),
    [
        ("9.500", 2, "9,50"),
        (Decimal("9.5"), 2, "9,50"),
        (Decimal("10"), 2, "10,00"),
        ("1000", 2, "1.000,00"),
        ("9.995", 2, "9,995"),
        ("7.25", 0, "7,25"),
        ("8", 1, "8,0"),
        (None, 2, ""),
        ("texto", 2, ""),
    ],
)
def test_localizacao_filtro_nota_com_as_casas_do_criterio(valor, casas, esperado):
    assert formatos.nota(valor, casas) == esperado
