"""A demonstração do gov.br (``make run``): com as contas que ``popular_demo`` grava, o
provedor local abre Minhas inscrições da candidata e o RH dos servidores."""

import json

import pytest
from django.urls import reverse

from candidatos.demo import SENHA_GOVBR_DEMO, popular_govbr, popular_inscricoes
from candidatos.models import Inscricao
from selecoes.demo import CPFS_GOVBR_SERVIDORES, popular_orgaos_e_usuarios, popular_selecoes
from selecoes.models import CpfServidor
from tests.govbr import local
from tests.provedor_govbr import processo

pytestmark = [pytest.mark.django_db, pytest.mark.lento]


def test_demo_govbr_candidata_cai_em_minhas_inscricoes_e_gestora_no_rh(client, settings, tmp_path):
    settings.VAR_DIR = tmp_path
    popular_orgaos_e_usuarios()
    popular_selecoes()
    popular_inscricoes()
    logins = popular_govbr()
    assert popular_govbr() == logins  # idempotente
    contas = json.loads((tmp_path / "govbr-local" / "contas.json").read_text(encoding="utf-8"))
    candidata = contas[-1]["login"]
    assert Inscricao.objects.filter(cpf=candidata).values("selecao").distinct().count() == 2
    for usuario, (cpf, _) in CPFS_GOVBR_SERVIDORES.items():
        assert CpfServidor.objects.get(cpf=cpf).usuario.username == usuario
    base = "http://testserver"
    provedor = processo.iniciar(
        contas=contas, redirect_uris=[f"{base}/conta/govbr/retorno/"], logout_uris=[f"{base}/"]
    )
    try:
        local.configurar(settings, provedor, base_url=base)
        navegador = local.sessao_no_provedor(provedor, candidata, senha=SENHA_GOVBR_DEMO)
        url = client.get(reverse("govbr_entrar"))["Location"]
        resposta = client.get(local.caminho(local.autorizar(navegador, url)))
        assert resposta["Location"] == reverse("publico:minhas_inscricoes")
        html = client.get(resposta["Location"]).content.decode()
        for numero in Inscricao.objects.filter(cpf=candidata).values_list("numero", flat=True):
            assert numero in html

        gestora, _ = CPFS_GOVBR_SERVIDORES["gestora"]
        navegador = local.sessao_no_provedor(provedor, gestora, senha=SENHA_GOVBR_DEMO)
        url = client.get(reverse("govbr_entrar_rh"))["Location"]
        resposta = client.get(local.caminho(local.autorizar(navegador, url)))
        assert resposta["Location"] == reverse("painel")
    finally:
        provedor.parar()
