"""As partes puras do benchmark da inscrição no pico (bench/inscricao_pico.py)."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench import desempenho, inscricao_pico
from selecoes.validators import cpf_valido


@given(st.integers(min_value=0, max_value=10_000_000))
def test_bench_pico_cpf_de_cada_pedido_valido_e_unico(n):
    assert cpf_valido(inscricao_pico.cpf(500_000_000 + n))
    assert inscricao_pico.cpf(500_000_000 + n) != inscricao_pico.cpf(500_000_001 + n)


def test_bench_pico_instantes_fixados_antes_e_na_taxa():
    marcados = inscricao_pico.instantes(20, 60, semente=22)
    assert marcados == inscricao_pico.instantes(20, 60, semente=22)
    assert marcados == sorted(marcados)
    assert marcados[0] > 0
    assert marcados[-1] < 60
    assert 1_100 < len(marcados) < 1_300  # Poisson de média 1.200


def test_bench_pico_malha_aberta_nao_espera_a_resposta_anterior(monkeypatch):
    """Com respostas de 0,5 s e chegadas a cada ~0,05 s, os pedidos se sobrepõem."""
    monkeypatch.setattr(inscricao_pico, "SEMENTE", 1)
    em_voo, maximo = 0, 0

    async def acao(n, alvo):
        nonlocal em_voo, maximo
        em_voo += 1
        maximo = max(maximo, em_voo)
        await asyncio.sleep(0.5)
        em_voo -= 1
        laco = asyncio.get_running_loop()
        return inscricao_pico.Resultado(n, True, laco.time() - alvo, laco.time() - alvo, 0.0)

    # Num fio próprio: os testes de navegador deixam um laço de eventos no fio principal.
    with ThreadPoolExecutor(max_workers=1) as fio:
        rodada = fio.submit(
            asyncio.run, inscricao_pico.malha_aberta(20, 1, acao, primeiro=0)
        ).result()
    assert maximo > 3
    assert rodada.erros == 0
    assert rodada.percentil_ms(95) >= 500


@pytest.mark.parametrize(
    ("chave", "valor", "situacao"),
    [
        ("inscricao_pico_p95_ms", 420.0, "cumprida"),
        ("inscricao_pico_p95_ms", 650.0, "**não cumprida**"),
        ("inscricao_pico_erros", 0, "cumprida"),
        ("inscricao_pico_erros", 3, "**não cumprida**"),
        ("inscricao_pico_razao_trivial", 0.3, "cumprida"),
        ("inscricao_pico_razao_trivial", 0.05, "**não cumprida**"),
    ],
)
def test_bench_pico_metas_na_tabela(chave, valor, situacao):
    meta = next(m for m in desempenho.METAS if m.chave == chave)
    assert desempenho.situacao(meta, {chave: valor}) == situacao


@pytest.mark.parametrize(
    ("capacidade", "inicio", "entre"),
    [
        (35.0, 10.0, (28.3, 35.0)),  # sobe 10, 14, 20, 28, reprova 40, refina
        (8.0, 10.0, (7.07, 8.0)),  # o primeiro reprova: desce até aprovar, refina
        (0.5, 10.0, (0.0, 0.0)),  # nem 10 ÷ 8 se sustenta
    ],
)
def test_bench_pico_escada_acha_a_maior_taxa_sustentavel(capacidade, inicio, entre):
    escada = inscricao_pico.Escada("teste", acao=None, inicio=inicio, primeiro=0)
    while (taxa := escada.proxima()) is not None:
        escada.anotar(taxa, sustentavel=taxa <= capacidade)
    assert entre[0] <= escada.aprovada <= entre[1]
    assert escada.degraus < 12


@pytest.mark.django_db
def test_bench_pico_custo_por_etapa_percorre_cada_caminho_de_verdade(settings, tmp_path, orgao):
    """Cada etapa medida é o caminho real: a trivial responde, a gravação mínima grava
    uma linha por pedido, e o POST da inscrição grava a inscrição e o comprovante abre."""
    import datetime as dt

    from django.db import connection
    from django.utils import timezone

    from candidatos.models import Inscricao
    from selecoes.models import SituacaoSelecao
    from tests.factories import SelecaoFactory, VagaEstagioFactory

    settings.ROOT_URLCONF = "bench.inscricao_pico"
    settings.MEDIA_ROOT = tmp_path
    agora = timezone.now()
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=1),
        inscricoes_fim=agora + dt.timedelta(days=1),
        reserva_pcd=True,
    )
    vagas = [VagaEstagioFactory(selecao=selecao).pk for _ in range(2)]
    inscricao_pico.criar_tabela_gravacao()

    custo = inscricao_pico.custo_por_etapa(selecao.pk, vagas, pedidos=3)

    pedidos = 3 + 10  # os dez primeiros aquecem e não contam
    assert Inscricao.objects.filter(selecao=selecao).count() == pedidos
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {inscricao_pico.TABELA_GRAVACAO}")  # noqa: S608
        assert cursor.fetchone()[0] == pedidos
    assert min(custo.trivial_ms, custo.gravacao_minima_ms, custo.post_ms, custo.comprovante_ms) > 0
    assert custo.razao_custo == pytest.approx(
        custo.trivial_ms / (custo.post_ms + custo.comprovante_ms)
    )


def test_bench_pico_teto_pelo_custo_na_tabela_sem_meta():
    meta = next(m for m in desempenho.METAS if m.chave == "inscricao_pico_razao_custo_cpu")
    assert meta.limite is None
    assert any(r.chave == "inscricao_pico_razao_custo_cpu" for r in desempenho.RAZOES)
