"""O membro de comissão da demonstração entra com gov.br (provedor local) e o painel o
leva a Minhas sessões (issue 15, item 8)."""

import json

import pytest
from django.urls import reverse

from candidatos.demo import SENHA_GOVBR_DEMO, popular_govbr
from candidatos.demo_comissao import CPFS_GOVBR, popular_comissao
from tests.govbr import local
from tests.provedor_govbr import processo

pytestmark = [pytest.mark.django_db, pytest.mark.lento]


def test_membro_de_comissao_entra_com_govbr_e_ve_minhas_sessoes(client, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    settings.MEDIA_ROOT = tmp_path / "media"
    popular_comissao()
    popular_govbr()
    contas = json.loads((tmp_path / "govbr-local" / "contas.json").read_text(encoding="utf-8"))
    cpf, _ = CPFS_GOVBR["membro.ana"]
    assert cpf in {c["login"] for c in contas}
    base = "http://testserver"
    provedor = processo.iniciar(
        contas=contas, redirect_uris=[f"{base}/conta/govbr/retorno/"], logout_uris=[f"{base}/"]
    )
    try:
        local.configurar(settings, provedor, base_url=base)
        navegador = local.sessao_no_provedor(provedor, cpf, senha=SENHA_GOVBR_DEMO)
        url = client.get(reverse("govbr_entrar_rh"))["Location"]
        resposta = client.get(local.caminho(local.autorizar(navegador, url)))
        assert resposta["Location"] == reverse("painel")
        html = client.get(reverse("painel")).content.decode()
        assert reverse("comissao:inicio") in html
        assert client.get(reverse("comissao:inicio")).status_code == 200
    finally:
        provedor.parar()
