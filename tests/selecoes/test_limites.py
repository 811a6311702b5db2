import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory

from selecoes.limites import limitar, registrar_tentativa


@pytest.fixture(autouse=True)
def _cache_limpo():
    cache.clear()


def test_limite_conta_tentativas_na_janela():
    resultados = [registrar_tentativa("t:1", limite=3, janela_segundos=60) for _ in range(5)]
    assert resultados == [False, False, False, True, True]


@pytest.mark.django_db
def test_decorador_responde_429_com_retry_after():
    @limitar("teste", limite=2, janela_segundos=30)
    def view(request):
        return HttpResponse("ok")

    fabrica = RequestFactory()
    codigos = [view(fabrica.post("/", REMOTE_ADDR="10.0.0.9")).status_code for _ in range(3)]
    assert codigos == [200, 200, 429]
    resposta = view(fabrica.post("/", REMOTE_ADDR="10.0.0.9"))
    assert resposta["Retry-After"] == "30"
    assert "Muitas tentativas" in resposta.content.decode()
    assert view(fabrica.post("/", REMOTE_ADDR="10.0.0.10")).status_code == 200
    assert view(fabrica.get("/", REMOTE_ADDR="10.0.0.9")).status_code == 200
