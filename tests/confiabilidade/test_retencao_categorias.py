"""Retenção (LGPD): o documento da categoria do órgão some com a anonimização."""

import datetime as dt

import pytest
from django.core.files.base import ContentFile
from django.test import override_settings

from candidatos.models import DocumentoCategoria, Inscricao
from candidatos.services import retencao
from tests.confiabilidade.test_retencao import _cenario


@pytest.mark.django_db
def test_retencao_apaga_o_documento_da_categoria_e_guarda_a_opcao(
    tmp_path, django_capture_on_commit_callbacks
):
    with override_settings(MEDIA_ROOT=tmp_path):
        _, negra, *_ = _cenario()
        Inscricao.objects.filter(pk=negra.pk).update(concorre_categorias=["indigenas"])
        documento = DocumentoCategoria(inscricao=negra, categoria="indigenas")
        documento.arquivo.save("declaracao.pdf", ContentFile(b"%PDF-1.4 declaracao"), save=True)
        caminho = tmp_path / documento.arquivo.name
        assert caminho.exists()
        (plano,) = retencao.planejar(hoje=dt.date(2032, 3, 10), meses=60)
        with django_capture_on_commit_callbacks(execute=True):
            retencao.selecao_anonimizar(plano=plano, meses=60)
    assert not caminho.exists()
    assert not DocumentoCategoria.objects.exists()
    negra.refresh_from_db()
    assert negra.concorre_categorias == ["indigenas"]  # agregado do art. 5º
