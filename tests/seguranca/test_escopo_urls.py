"""Nenhuma URL do RH entrega dados de um órgão a quem é de outro órgão ou anônimo."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.factories import SelecaoFactory
from tests.seguranca import escopo


@pytest.fixture
def mundo(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return escopo.criar_mundo()


@pytest.fixture
def atacantes(db):
    return escopo.criar_atacantes()


def test_escopo_urls_do_rh_recusam_outro_orgao_e_anonimo(mundo, atacantes):
    rotas = escopo.rotas_do_rh()
    assert "painel" in {r.nome for r in rotas}, "a varredura deixou de enxergar as rotas /rh/"

    falhas = escopo.verificar(rotas, mundo, atacantes)

    assert falhas == [], "\n".join(falhas)


@pytest.mark.django_db
def test_escopo_urls_varredura_percorre_includes_e_namespaces():
    rotas = {r.nome: r for r in escopo.rotas()}
    assert rotas["painel"].rota == "rh/"
    assert escopo.e_do_rh(rotas["painel"])
    assert not escopo.e_do_rh(rotas["login"])
    assert not any(escopo.e_do_rh(r) for r in rotas.values() if r.rota.startswith("admin/"))


def test_escopo_urls_excecoes_apontam_rotas_que_existem():
    """Exceção com nome velho (rota renomeada ou removida) não isentaria nada e enganaria."""
    nomes = {r.nome for r in escopo.rotas()}
    excecoes = {*escopo.ROTAS_ISENTAS, *escopo.DONO_SEM_GET, *escopo.ALVOS_POR_ROTA}
    assert excecoes - nomes == set()
    assert all(motivo.strip() for motivo in escopo.ROTAS_ISENTAS.values())
    assert all(motivo.strip() for motivo in escopo.DONO_SEM_GET.values())


def test_escopo_urls_isentas_nao_servem_rascunho_de_outro_orgao(mundo, atacantes):
    """As rotas públicas isentas só servem o que foi publicado: o rascunho de outro órgão
    (e seu anexo) dá 404 a todos os atacantes."""
    rascunho = SelecaoFactory(orgao=mundo.orgao)
    urls = [
        reverse("documentos:anexo_publico", args=[rascunho.pk]),
        reverse("documentos:resultado_atual", args=[rascunho.pk, "final"]),
        reverse("publico:selecao", args=[rascunho.pk]),
    ]
    for atacante in atacantes:
        cliente = escopo._cliente(atacante.usuario)
        for url in urls:
            assert cliente.get(url).status_code == 404, (url, atacante.descricao)


def _sinteticas() -> list[escopo.RotaRH]:
    return [r for r in escopo.rotas_do_rh() if "sintetico" in r.namespaces]


@override_settings(ROOT_URLCONF="tests.seguranca.urls_sinteticas")
def test_escopo_urls_varredura_pega_vazamento_escrita_e_argumento_sem_mapa(mundo, atacantes):
    rotas = _sinteticas()
    assert {r.nome for r in rotas} == {
        "sintetico:vazada",
        "sintetico:protegida",
        "sintetico:escreve",
        "sintetico:desconhecida",
        "sintetico:detalhe",
        "sintetico:aberta",
        "sintetico:vaga",
        "sintetico:vaga_vazada",
    }

    falhas = "\n".join(escopo.verificar(rotas, mundo, atacantes))

    for papel in ("Gestor(a)", "Operador(a)", "Auditor(a)"):
        assert f"sintetico:vazada (GET /rh/sintetico/{mundo.objetos[escopo.Selecao].pk}" in falhas
        assert f"como {papel} de outro órgão: 200" in falhas
    assert "sintetico:vazada (POST" in falhas
    assert "como visitante anônimo: 200" in falhas
    assert "sintetico:aberta (GET" in falhas
    assert "sintetico:vaga_vazada (GET" in falhas
    assert "sintetico:vaga (" not in falhas
    assert "não sei preencher o argumento 'coisa_id'" in falhas
    assert "Dados do órgão vítima mudaram durante a varredura: selecoes.Selecao:" in falhas
    assert "sintetico:protegida" not in falhas
    assert "sintetico:detalhe " not in falhas
    assert "sintetico:escreve (" not in falhas


@override_settings(ROOT_URLCONF="tests.seguranca.urls_sinteticas")
def test_escopo_urls_varredura_exige_que_o_dono_abra_a_url(mundo, atacantes):
    """Uma URL que dá 404 para todos (mundo mal montado) não pode passar calada."""
    outro = escopo.criar_mundo("OUTRAVITIMA")
    rotas = [r for r in _sinteticas() if r.nome == "sintetico:protegida"]
    mundo_torto = escopo.Mundo(orgao=mundo.orgao, dono=mundo.dono, objetos=dict(outro.objetos))

    falhas = escopo.verificar(rotas, mundo_torto, atacantes)

    assert len(falhas) == 1
    assert "o gestor do próprio órgão recebeu 404" in falhas[0]


@pytest.mark.parametrize(
    ("rota", "argumento", "namespaces", "esperado"),
    [
        ("rh/classificacao/vaga/<int:pk>/convocar/", "pk", ("classificacao",), "VagaEstagio"),
        ("rh/classificacao/recurso/<int:pk>/decidir/", "pk", ("classificacao",), "Recurso"),
        ("rh/selecoes/<int:pk>/editar/", "pk", ("selecoes",), "Selecao"),
        ("rh/inscricoes/<int:pk>/laudo/", "pk", ("inscricoes",), "Inscricao"),
        ("documentos/<int:pk>/arquivo/", "pk", ("documentos",), "Documento"),
        ("documentos/selecao/<int:selecao_pk>/", "selecao_pk", ("documentos",), "Selecao"),
        ("documentos/resultado/<int:versao_pk>/", "versao_pk", ("documentos",), "ResultadoVersao"),
        (
            "rh/selecoes/<int:s>/versoes/<int:versao_id>/",
            "versao_id",
            ("selecoes",),
            "VersaoEdital",
        ),
        ("documentos/x/<int:inscricao_pk>/", "inscricao_pk", ("documentos",), "Inscricao"),
        ("rh/inscricoes/<int:convocacao_id>/", "convocacao_id", ("inscricoes",), "Convocacao"),
        ("monitoramento/<int:ano>/", "ano", ("monitoramento",), "Fixo"),
        ("monitoramento/<int:pk>/", "pk", ("monitoramento",), None),
        ("rh/x/<int:coisa_id>/", "coisa_id", (), None),
    ],
)
def test_escopo_urls_deduz_o_modelo_do_argumento(rota, argumento, namespaces, esperado):
    alvo = escopo._alvo(escopo.RotaRH("x:y", rota, namespaces, (argumento,), None), argumento)
    if isinstance(alvo, escopo.Fixo):
        assert esperado == "Fixo"
    else:
        assert (alvo[0].__name__ if alvo else None) == esperado
