"""Anexos da área do candidato: PDF pelos bytes, até 3 arquivos e 5 MB no total."""

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.forms.area_candidato import AnexosField

PDF = b"%PDF-1.7\n%%EOF\n"


def _arquivo(conteudo: bytes, nome: str = "anexo.pdf", tipo: str = "application/pdf"):
    return SimpleUploadedFile(nome, conteudo, content_type=tipo)


@given(conteudo=st.binary(max_size=64))
@example(conteudo=PDF)
@example(conteudo=b"%PDF")
def test_anexo_aceito_so_quando_os_bytes_sao_de_pdf(conteudo):
    campo = AnexosField()
    if conteudo.startswith(b"%PDF-"):
        assert [a.name for a in campo.clean([_arquivo(conteudo)])] == ["anexo.pdf"]
    else:
        with pytest.raises(ValidationError, match=r"Anexo anexo\.pdf"):
            campo.clean([_arquivo(conteudo)])


@pytest.mark.parametrize(
    ("arquivos", "mensagem"),
    [
        pytest.param([_arquivo(PDF, "a.exe")], "envie um arquivo PDF", id="extensao"),
        pytest.param([_arquivo(PDF, tipo="text/html")], "envie um arquivo PDF", id="tipo"),
        pytest.param([_arquivo(PDF)] * 4, "no máximo 3", id="quatro_arquivos"),
        pytest.param(
            [_arquivo(PDF + b"0" * (3 * 1024 * 1024)) for _ in range(2)], "somam mais", id="6MB"
        ),
    ],
)
def test_anexos_recusados_nomeiam_o_problema(arquivos, mensagem):
    with pytest.raises(ValidationError, match=mensagem):
        AnexosField().clean(arquivos)


def test_sem_anexo_e_lista_vazia():
    assert AnexosField().clean(None) == []
    assert AnexosField().clean([]) == []
