"""Entrada hostil nos formulários públicos (sem login): nenhum 500,
nada gravado pela metade (tests/seguranca/hostil.py)."""

import datetime as dt
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import CorRaca
from selecoes.models import SituacaoSelecao
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory, gerar_cpf
from tests.seguranca.estrategias import arquivos_hostis, post_hostil, valores_hostis
from tests.seguranca.factories import ConvocacaoFactory
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador

pytestmark = pytest.mark.hostil


@pytest.fixture
def mundo(db, settings, tmp_path, sem_captura_de_templates):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    selecao = SelecaoFactory(
        situacao=SituacaoSelecao.PUBLICADA,
        versao=1,
        publicada_em=timezone.now(),
        reserva_pcd=True,
        inscricoes_inicio=timezone.now() - dt.timedelta(days=1),
        inscricoes_fim=timezone.now() + dt.timedelta(days=30),
    )
    vaga = VagaEstagioFactory(selecao=selecao)
    inscricao = InscricaoFactory(
        vaga=vaga, numero="2026-0000001", codigo_verificacao="ABCDEF234567"
    )
    convocacao = ConvocacaoFactory(
        inscricao=inscricao, prazo_resposta=timezone.now() + dt.timedelta(days=5)
    )
    return {"selecao": selecao, "vaga": vaga, "inscricao": inscricao, "convocacao": convocacao}


def _laudo_valido() -> SimpleUploadedFile:
    return SimpleUploadedFile("laudo.pdf", b"%PDF-1.4 laudo", "application/pdf")


def test_entrada_hostil_formulario_de_inscricao(mundo):
    vaga = mundo["vaga"]
    url = reverse("inscricao_publica:formulario", args=[mundo["selecao"].pk])
    validos = {
        "vaga": str(vaga.pk),
        "nome_civil": "Maria da Silva",
        "nome_social": "",
        "cpf": gerar_cpf(4242),
        "data_nascimento": "2003-05-17",
        "email": "maria@exemplo.com",
        "email_confirmacao": "maria@exemplo.com",
        "telefone": "(61) 99999-0000",
        "instituicao_ensino": "UnB",
        "curso": "Direito",
        "periodo_curso": "5º semestre",
        "cor_raca": CorRaca.PARDA,
        "concorre_negros": "on",
        "pcd": "on",
        "concorre_pcd": "on",
        "aceite_termo": "on",
    }
    enviador = Enviador(Client())

    @HOSTIL
    @given(
        dados=post_hostil(validos),
        laudo=st.one_of(st.none(), arquivos_hostis("laudo.pdf", b"%PDF-1.4 laudo")),
    )
    @example(dados=validos, laudo=_laudo_valido())
    def inscrever(dados, laudo):
        if laudo is not None:
            laudo.seek(0)
            dados = {**dados, "laudo_pcd": laudo}
        with enviador.exemplo():
            enviador.enviar(url, dados)

    inscrever()
    assert enviador.sucessos > 0, "nenhum exemplo chegou a gravar: a estratégia não passa da 1ª"


def test_entrada_hostil_minha_situacao(mundo):
    inscricao = mundo["inscricao"]
    url = reverse("publico:minha_situacao")
    validos = {"numero": inscricao.numero, "cpf": inscricao.cpf, "codigo": ""}
    enviador = Enviador(Client())

    @HOSTIL
    @given(dados=post_hostil(validos))
    def consultar(dados):
        with enviador.exemplo():
            resposta = enviador.enviar(url, dados)
        assert resposta.status_code == 200

    consultar()


def test_entrada_hostil_consulta_de_comprovante(mundo):
    inscricao = mundo["inscricao"]
    validos = {"numero": inscricao.numero, "codigo": inscricao.codigo_verificacao}
    enviador = Enviador(Client())

    @HOSTIL
    @given(dados=post_hostil(validos), no_caminho=st.booleans())
    def consultar(dados, no_caminho):
        with enviador.exemplo():
            if no_caminho:
                numero = quote(str(dados.get("numero", "")), safe="")
                codigo = quote(str(dados.get("codigo", "")), safe="")
                for url in (
                    f"/inscricao/comprovante/{numero}/{codigo}/",
                    f"/documentos/comprovante/{numero}/{codigo}/",
                    f"/documentos/comprovante/{numero}/{codigo}/progresso/",
                ):
                    enviador.enviar(url, metodo="get")
            else:
                enviador.enviar(reverse("inscricao_publica:consultar"), dados, metodo="get")
            enviador.enviar(reverse("documentos:comprovante"), dados)

    consultar()


def test_entrada_hostil_resposta_a_convocacao(mundo):
    token = mundo["convocacao"].token
    validos = {"resposta": "aceitar", "confirmo": "on"}
    enviador = Enviador(Client())

    @HOSTIL
    @given(
        dados=post_hostil(validos),
        acao=st.sampled_from(["detalhe", "ciente", "responder"]),
        token_hostil=st.one_of(st.none(), valores_hostis()),
    )
    def responder(dados, acao, token_hostil):
        codigo = quote(token if token_hostil is None else token_hostil, safe="") or "x"
        url = f"/convocacao/{codigo}/" + ("" if acao == "detalhe" else f"{acao}/")
        with enviador.exemplo():
            enviador.enviar(url, dados, metodo="get" if acao == "detalhe" else "post")

    responder()
