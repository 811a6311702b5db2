"""Nenhuma página pública mostra CPF (além da máscara), cor/raça, deficiência ou e-mail.

Decreto nº 9.427/2018 e docs/resultado.md: só número de inscrição, nome de exibição
e a pertença às listas. LGPD, art. 11: cor/raça e deficiência são dados sensíveis.
"""

import re

import pytest
from django.urls import reverse

from candidatos.models import CorRaca
from tests.publico.factories import urls_publicas

pytestmark = pytest.mark.django_db

RACA = re.compile(
    "|".join(rf"\b{re.escape(r.label)}\b" for r in CorRaca if r != CorRaca.NAO_DECLARADA)
    + r"|\bcor[/ ]ra[çc]a\b",
    re.IGNORECASE,
)
CPF_FORMATADO = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")


def _vazamentos(html: str, inscricoes, *, dono=None) -> list[str]:
    achados = []
    if any(m != "000.000.000-00" for m in CPF_FORMATADO.findall(html)):
        achados.append("CPF formatado")
    if m := RACA.search(html):
        achados.append(f"cor/raça: {m.group(0)}")
    for i in inscricoes:
        cpf = i.cpf
        trechos = {cpf[n : n + 7] for n in range(len(cpf) - 6)}
        trechos |= {f"{cpf[:3]}.{cpf[3:6]}", f"{cpf[6:9]}-{cpf[9:]}", f"{cpf[:3]}.***"}
        achados += [f"CPF de {i.numero}: {t}" for t in trechos if t in html]
        achados += [f"e-mail de {i.numero}"] if i.email in html else []
        achados += (
            [f"nascimento de {i.numero}"] if i.data_nascimento.strftime("%d/%m/%Y") in html else []
        )
        achados += [f"telefone de {i.numero}"] if i.telefone and i.telefone in html else []
        if i.laudo_pcd and (i.laudo_pcd.name in html or "laudo" in html.lower()):
            achados.append(f"laudo de {i.numero}")
        if i.nome_social and i.nome_civil in html:
            achados.append(f"nome civil de {i.numero}")
        if dono is not None and i != dono and i.nome_exibicao in html:
            achados.append(f"dados de terceiro {i.numero} na página de {dono.numero}")
    if "@" in html.replace("@exemplo.gov.br", ""):
        achados.append("endereço de e-mail")
    return achados


def test_nenhuma_pagina_publica_vaza_dados_sensiveis(client, cenario):
    paginas = {nome: client.get(url) for nome, url in urls_publicas(cenario).items()}
    assert {nome: r.status_code for nome, r in paginas.items()} == {
        nome: 404 if nome == "nao_encontrada" else 200 for nome in paginas
    }
    achados = {
        nome: v
        for nome, r in paginas.items()
        if (v := _vazamentos(r.content.decode(), cenario.inscricoes))
    }
    assert achados == {}


def test_minha_situacao_so_mostra_o_proprio_titular_sem_dados_sensiveis(client, cenario):
    url = reverse("publico:minha_situacao")
    achados = {}
    for inscricao in cenario.inscricoes:
        resposta = client.post(
            url, {"numero": inscricao.numero, "cpf": inscricao.cpf}, REMOTE_ADDR=inscricao.numero
        )
        assert resposta.context["situacao"] is not None
        html = resposta.content.decode()
        if v := _vazamentos(html, cenario.inscricoes, dono=inscricao):
            achados[inscricao.numero] = v
    assert achados == {}


def test_falhas_e_429_nao_devolvem_o_cpf_digitado(client, cenario):
    url = reverse("publico:minha_situacao")
    alvo = cenario.inscricoes[3]
    outro = cenario.inscricoes[4]
    for _ in range(12):
        resposta = client.post(url, {"numero": alvo.numero, "cpf": outro.cpf})
        html = resposta.content.decode()
        assert _vazamentos(html, cenario.inscricoes) == []
    assert resposta.status_code == 429
