"""Entrada hostil: nenhum formulário ou leitor de planilha responde 500 ou grava pela metade.

Quantos exemplos: o perfil do Hypothesis (``make fuzz``: ≥ 2.000 por propriedade).
"""

import csv
import io

import pytest
from django.apps import apps
from django.core import mail
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook

from candidatos.planilhas import (
    INICIOS_PERIGOSOS,
    ErroPlanilha,
    Planilha,
    escrever_csv,
    escrever_xlsx,
    ler_planilha,
)
from tests.seguranca.estrategias import (
    celulas_hostis,
    celulas_xlsx,
    emails_hostis,
    linhas_de_planilha,
    textos_hostis,
)
from tests.seguranca.hostil import HOSTIL

# O custo do PBKDF2 (proposital em produção) não é o que se testa aqui.
HASH_RAPIDO = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
APPS_DO_DOMINIO = ("auth", "sessions", "selecoes", "candidatos", "relatorios")

pytestmark = pytest.mark.hostil


def _retrato() -> dict[str, int]:
    return {
        modelo._meta.label: modelo.objects.count()
        for rotulo in APPS_DO_DOMINIO
        for modelo in apps.get_app_config(rotulo).get_models()
    }


@pytest.mark.django_db
def test_entrada_hostil_login_sem_500_sem_sessao_e_sem_gravar(alice):
    cliente = Client()
    antes = _retrato()

    @HOSTIL
    @given(usuario=textos_hostis(), senha=textos_hostis())
    def tentar(usuario: str, senha: str) -> None:
        resposta = cliente.post(reverse("login"), {"username": usuario, "password": senha})
        assert resposta.status_code in (200, 429)
        assert not resposta.wsgi_request.user.is_authenticated

    with HASH_RAPIDO:
        tentar()

    assert _retrato() == antes


@pytest.mark.django_db
def test_entrada_hostil_recuperacao_de_senha_sem_500_sem_email_e_sem_gravar(alice, celery_sincrono):
    cliente = Client()
    antes = _retrato()

    @HOSTIL
    @given(email=emails_hostis())
    def pedir(email: str) -> None:
        cache.clear()  # os limites de pedidos por IP e por conta têm teste próprio
        resposta = cliente.post(reverse("password_reset"), {"email": email})
        assert resposta.status_code in (200, 302)
        if resposta.status_code == 302:
            assert resposta["Location"] == reverse("password_reset_done")
        assert [m.to for m in mail.outbox if m.to != [alice.email]] == []

    with HASH_RAPIDO:
        pedir()

    assert _retrato() == antes


def _ler_ou_recusar(conteudo: bytes, nome: str) -> Planilha | None:
    """Só duas saídas admitidas: uma Planilha coerente ou ErroPlanilha com mensagem."""
    try:
        planilha = ler_planilha(conteudo, nome)
    except ErroPlanilha as erro:
        mensagem = str(erro)
        planilha = None
    if planilha is None:
        assert mensagem.strip()
        return None
    assert isinstance(planilha, Planilha)
    assert all(c and c == c.strip().lower() for c in planilha.colunas)
    numeros = [linha.numero for linha in planilha.linhas]
    assert numeros == sorted(set(numeros))
    assert all(n >= 2 for n in numeros)
    for linha in planilha.linhas:
        assert set(linha.valores) == set(planilha.colunas)
        assert all(isinstance(v, str) for v in linha.valores.values())
    return planilha


def _xlsx(linhas: list[list[object]]) -> bytes:
    livro = Workbook()
    aba = livro.active
    for linha in linhas:
        aba.append(linha)
    saida = io.BytesIO()
    livro.save(saida)
    return saida.getvalue()


XLSX_VALIDO = _xlsx([["nome", "cpf"], ["Ana", "12345678909"], ["=cmd|' /C calc'!A0", "1"]])


@HOSTIL
@given(
    conteudo=st.one_of(
        st.binary(max_size=4096),
        st.binary(max_size=4096).map(lambda b: b"PK\x03\x04" + b),
        st.binary(max_size=512).map(lambda b: b"\xef\xbb\xbf" + b),
    ),
    nome=st.sampled_from(["a.csv", "a.xlsx", "A.CSV", "a.XLSX", "a.txt", "a", "a.csv.exe"]),
)
def test_entrada_hostil_planilha_bytes_aleatorios(conteudo, nome):
    _ler_ou_recusar(conteudo, nome)


@HOSTIL
@given(dados=st.data())
def test_entrada_hostil_planilha_xlsx_corrompido(dados):
    conteudo = bytearray(XLSX_VALIDO)
    for _ in range(dados.draw(st.integers(min_value=1, max_value=20))):
        posicao = dados.draw(st.integers(min_value=0, max_value=len(conteudo) - 1))
        conteudo[posicao] = dados.draw(st.integers(min_value=0, max_value=255))
    corte = dados.draw(st.integers(min_value=0, max_value=len(conteudo)))
    _ler_ou_recusar(bytes(conteudo[:corte] if dados.draw(st.booleans()) else conteudo), "a.xlsx")


@HOSTIL
@given(
    linhas=linhas_de_planilha(celulas_hostis()),
    delimitador=st.sampled_from([",", ";", "\t", "|"]),
    aspas=st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL, csv.QUOTE_NONNUMERIC]),
    fim_de_linha=st.sampled_from(["\r\n", "\n", "\r"]),
    bom=st.booleans(),
)
def test_entrada_hostil_planilha_csv_com_celulas_hostis(
    linhas, delimitador, aspas, fim_de_linha, bom
):
    saida = io.StringIO()
    escritor = csv.writer(saida, delimiter=delimitador, quoting=aspas, lineterminator=fim_de_linha)
    escritor.writerows([["" if c is None else c for c in linha] for linha in linhas])
    conteudo = ("\ufeff" if bom else "") + saida.getvalue()
    _ler_ou_recusar(conteudo.encode("utf-8"), "hostil.csv")


@HOSTIL
@given(linhas=linhas_de_planilha(celulas_xlsx()))
def test_entrada_hostil_planilha_xlsx_com_celulas_hostis(linhas):
    _ler_ou_recusar(_xlsx(linhas), "hostil.xlsx")


@HOSTIL
@given(linhas=st.lists(st.lists(celulas_xlsx(), min_size=3, max_size=3), max_size=6))
def test_entrada_hostil_exportacao_neutraliza_formulas(linhas):
    cabecalho = ["nome", "curso", "obs"]

    lidas_csv = list(
        csv.reader(
            io.StringIO(escrever_csv(cabecalho, linhas).decode("utf-8-sig"), newline=""),
            delimiter=";",
        )
    )
    aba = load_workbook(io.BytesIO(escrever_xlsx(cabecalho, linhas))).active

    assert len(lidas_csv) == len(linhas) + 1
    for i, (original, lida_csv) in enumerate(zip(linhas, lidas_csv[1:], strict=True), start=2):
        for j, (valor, texto_csv) in enumerate(zip(original, lida_csv, strict=True), start=1):
            celula = aba.cell(row=i, column=j)
            assert celula.data_type != "f"
            if isinstance(valor, str):
                assert not texto_csv.startswith(INICIOS_PERIGOSOS)
                assert not (celula.value or "").startswith(INICIOS_PERIGOSOS)
                if valor.startswith(INICIOS_PERIGOSOS):
                    assert texto_csv == "'" + valor


@pytest.mark.parametrize("texto", ["Ana\x01", "\x0bSilva", "Maria\x1f"])
def test_entrada_hostil_exportacao_xlsx_com_caractere_de_controle(texto):
    import io

    from openpyxl import load_workbook

    livro = load_workbook(io.BytesIO(escrever_xlsx(["nome"], [[texto]])))
    gravado = livro.active["A2"].value
    assert gravado == "".join(c for c in texto if c.isprintable())
