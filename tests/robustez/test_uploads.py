"""Envios grandes recusados antes de ir para o disco (issue 18, item 7).

O corpo do pedido é um fluxo preguiçoso que só produz bytes quando lido: um envio
de 1 GiB não ocupa memória no teste, e dá para contar quanto o servidor leu.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos.models import Inscricao
from selecoes.models import SituacaoSelecao
from tests.factories import SelecaoFactory, VagaEstagioFactory

GIB = 1024**3
MB = 1024**2
FRONTEIRA = "fronteira-de-teste"


class CorpoPreguicoso:
    """``wsgi.input`` feito de pedaços: bytes prontos ou ``n`` bytes de enchimento."""

    def __init__(self, partes: list[bytes | int]) -> None:
        self.partes = list(partes)
        self.tamanho = sum(p if isinstance(p, int) else len(p) for p in partes)
        self.lidos = 0

    def read(self, n: int = -1) -> bytes:
        if n is None or n < 0:
            n = self.tamanho - self.lidos
        saida = bytearray()
        while self.partes and len(saida) < n:
            parte = self.partes[0]
            falta = n - len(saida)
            if isinstance(parte, int):
                usar = min(parte, falta)
                saida += b"0" * usar
                self.partes[0] = parte - usar
                if self.partes[0] == 0:
                    self.partes.pop(0)
            else:
                saida += parte[:falta]
                self.partes[0] = parte[falta:]
                if not self.partes[0]:
                    self.partes.pop(0)
        self.lidos += len(saida)
        return bytes(saida)

    def readline(self, *args) -> bytes:
        return self.read(*args)


def _multipart(campos: dict[str, str], arquivo: str, tamanho: int) -> CorpoPreguicoso:
    disposicao = f"--{FRONTEIRA}\r\nContent-Disposition: form-data; name="
    cabeca = b"".join(
        f'{disposicao}"{nome}"\r\n\r\n{valor}\r\n'.encode() for nome, valor in campos.items()
    )
    cabeca += (
        f'--{FRONTEIRA}\r\nContent-Disposition: form-data; name="{arquivo}"; '
        'filename="laudo.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-'
    ).encode()
    return CorpoPreguicoso([cabeca, tamanho, f"\r\n--{FRONTEIRA}--\r\n".encode()])


def _enviar(cliente: Client, caminho: str, corpo: CorpoPreguicoso):
    return cliente.request(
        REQUEST_METHOD="POST",
        PATH_INFO=caminho,
        CONTENT_TYPE=f"multipart/form-data; boundary={FRONTEIRA}",
        CONTENT_LENGTH=str(corpo.tamanho),
        **{"wsgi.input": corpo},
    )


@pytest.fixture
def pasta_temporaria(settings, tmp_path):
    """Onde o Django gravaria os arquivos grandes durante o envio."""
    pasta = tmp_path / "envios"
    pasta.mkdir()
    settings.FILE_UPLOAD_TEMP_DIR = str(pasta)
    settings.MEDIA_ROOT = tmp_path / "media"
    return pasta


@pytest.fixture
def selecao_aberta(orgao):
    agora = timezone.now()
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=2),
        inscricoes_fim=agora + dt.timedelta(days=5),
        reserva_pcd=True,
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR", area="Direito")
    return selecao


@pytest.fixture
def vaga_pcd(selecao_aberta):
    return selecao_aberta.vagas.get()


@pytest.mark.django_db
def test_upload_anonimo_de_1_gib_recusado_pelo_content_length_sem_ler(
    pasta_temporaria, selecao_aberta
):
    corpo = _multipart({"nome_civil": "Maria"}, "laudo_pcd", GIB)
    url = reverse("inscricao_publica:formulario", args=[selecao_aberta.pk])

    resposta = _enviar(Client(), url, corpo)

    assert resposta.status_code == 413
    assert "Envio grande demais" in resposta.content.decode()
    assert corpo.lidos == 0
    assert list(pasta_temporaria.iterdir()) == []
    assert Inscricao.objects.count() == 0


@pytest.mark.django_db
def test_upload_do_rh_tem_limite_maior_mas_1_gib_tambem_e_recusado(pasta_temporaria, client, alice):
    client.force_login(alice)
    corpo = _multipart({}, "arquivo", GIB)

    resposta = _enviar(client, reverse("inscricoes:inicio"), corpo)

    assert resposta.status_code == 413
    assert corpo.lidos == 0


@pytest.mark.django_db
def test_upload_arquivo_alem_do_limite_interrompido_enquanto_chega(
    pasta_temporaria, selecao_aberta, settings
):
    """Corpo abaixo do limite do Content-Length, arquivo acima: a leitura para no limite."""
    limite = settings.UPLOAD_MAXIMO_ANONIMO_MB * MB
    corpo = _multipart({"nome_civil": "Maria"}, "laudo_pcd", limite + MB // 2)
    url = reverse("inscricao_publica:formulario", args=[selecao_aberta.pk])

    resposta = _enviar(Client(), url, corpo)

    assert resposta.status_code == 200
    assert corpo.lidos < limite + 256 * 1024
    assert corpo.lidos < corpo.tamanho
    assert list(pasta_temporaria.iterdir()) == []
    assert Inscricao.objects.count() == 0


@pytest.mark.django_db
def test_laudos_orfaos_apagados_depois_da_carencia_e_os_em_uso_ficam(pasta_temporaria, vaga_pcd):
    import os
    from io import StringIO

    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage
    from django.core.management import call_command

    from tests.factories import InscricaoFactory

    pdf = ContentFile(b"%PDF-1.4 laudo")
    em_uso = default_storage.save("laudos/2026/11/em-uso.pdf", pdf)
    substituida = default_storage.save("laudos/2026/10/substituida.pdf", pdf)
    orfao_antigo = default_storage.save("laudos/2026/11/orfao-antigo.pdf", pdf)
    orfao_recente = default_storage.save("laudos/2026/12/orfao-recente.pdf", pdf)
    InscricaoFactory(vaga=vaga_pcd, pcd=True, concorre_pcd=True, laudo_pcd=em_uso)
    InscricaoFactory(vaga=vaga_pcd, pcd=True, situacao="substituida", laudo_pcd=substituida)
    dois_dias = (timezone.now() - dt.timedelta(days=2)).timestamp()
    for nome in (em_uso, substituida, orfao_antigo):
        os.utime(default_storage.path(nome), (dois_dias, dois_dias))

    simulado = StringIO()
    call_command("limpar_laudos_orfaos", "--dry-run", stdout=simulado)
    assert default_storage.exists(orfao_antigo)
    assert "1 laudos órfãos seriam apagados de 4 examinados" in simulado.getvalue()

    saida = StringIO()
    call_command("limpar_laudos_orfaos", stdout=saida)
    call_command("limpar_laudos_orfaos", stdout=StringIO())  # rodar de novo não quebra

    assert not default_storage.exists(orfao_antigo)
    assert default_storage.exists(orfao_recente)
    assert default_storage.exists(em_uso)
    assert default_storage.exists(substituida)
    assert orfao_antigo in saida.getvalue()
