"""Fixtures das inscrições: seleção aberta com duas vagas, PDF válido, cache limpo."""

import datetime as dt

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from selecoes.models import SituacaoSelecao
from tests.factories import SelecaoFactory, VagaEstagioFactory

PDF_MINIMO = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@pytest.fixture(autouse=True)
def _isolamento(settings, tmp_path):
    """Arquivos enviados num diretório temporário; limites de tentativa zerados."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def agora():
    return timezone.now()


@pytest.fixture
def selecao(orgao, agora):
    """Seleção publicada do órgão, com inscrições abertas e reserva PcD."""
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=2),
        inscricoes_fim=agora + dt.timedelta(days=5),
        reserva_pcd=True,
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR", area="Direito", municipio="Brasília")
    VagaEstagioFactory(selecao=selecao, codigo="TI", area="Tecnologia", municipio="Recife", uf="PE")
    return selecao


@pytest.fixture
def vaga(selecao):
    return selecao.vagas.get(codigo="DIR")


def pdf(nome="laudo.pdf", conteudo=PDF_MINIMO, tipo="application/pdf"):
    return SimpleUploadedFile(nome, conteudo, content_type=tipo)
