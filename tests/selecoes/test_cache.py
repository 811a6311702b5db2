"""Um cálculo caro por vez em todos os nós (``selecoes.cache.calcular_uma_vez``).

Com o Redis real: as travas são do cache compartilhado, que é o que os processos
do gunicorn veem em comum. Os "outros nós" aqui são fios do mesmo processo, que
só se enxergam pelo Redis (a função não tem estado local).
"""

import threading
import time
import uuid

import pytest
from django.core.cache import cache as cache_django
from django.test import override_settings

from selecoes import cache
from tests.confiabilidade.processos import porta_livre

pytestmark = pytest.mark.redis


def _chave():
    return f"teste:uma-vez:{uuid.uuid4().hex}"


class Calculo:
    """Cálculo lento que guarda o resultado no cache, como o núcleo de uma vaga."""

    def __init__(self, chave, demora=0.3):
        self.chave, self.demora, self.vezes = chave, demora, 0
        self._trava = threading.Lock()

    def guardado(self):
        return cache_django.get(self.chave)

    def calcular(self):
        with self._trava:
            self.vezes += 1
        time.sleep(self.demora)
        cache_django.set(self.chave, "resultado", 60)
        return "resultado"


def test_calcular_uma_vez_pedidos_simultaneos_calculam_uma_vez_e_recebem_o_mesmo():
    calculo = Calculo(_chave())
    resultados = []

    def pedir():
        resultados.append(cache.calcular_uma_vez(calculo.chave, calculo.guardado, calculo.calcular))

    fios = [threading.Thread(target=pedir) for _ in range(4)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join(10)

    assert calculo.vezes == 1
    assert resultados == ["resultado"] * 4
    assert cache_django.get(f"trava-calculo:{calculo.chave}") is None  # soltou


def test_calcular_uma_vez_dono_da_trava_que_cai_sem_guardar_nao_prende_quem_espera():
    calculo = Calculo(_chave(), demora=0)
    trava = f"trava-calculo:{calculo.chave}"
    assert cache_django.add(trava, "outro-no", 60)  # outro nó pegou a trava e vai cair
    soltar = threading.Timer(0.2, lambda: cache_django.delete(trava))
    soltar.start()

    inicio = time.monotonic()
    assert cache.calcular_uma_vez(calculo.chave, calculo.guardado, calculo.calcular) == "resultado"

    assert calculo.vezes == 1
    assert time.monotonic() - inicio < 5  # não esperou a validade da trava (120 s)
    soltar.join()


def test_calcular_uma_vez_quem_espera_le_o_que_o_outro_no_guardou():
    calculo = Calculo(_chave(), demora=0)
    trava = f"trava-calculo:{calculo.chave}"
    assert cache_django.add(trava, "outro-no", 60)
    guardar = threading.Timer(0.2, lambda: cache_django.set(calculo.chave, "do outro nó", 60))
    guardar.start()

    valor = cache.calcular_uma_vez(calculo.chave, calculo.guardado, calculo.calcular)

    assert valor == "do outro nó"
    assert calculo.vezes == 0
    assert cache_django.get(trava) == "outro-no"  # a trava do outro não é apagada aqui
    cache_django.delete(trava)
    guardar.join()


def test_calcular_uma_vez_espera_tem_limite():
    calculo = Calculo(_chave(), demora=0)
    trava = f"trava-calculo:{calculo.chave}"
    assert cache_django.add(trava, "travado", 60)

    assert cache.calcular_uma_vez(
        calculo.chave, calculo.guardado, calculo.calcular, espera_s=0.2
    ) == ("resultado")
    assert calculo.vezes == 1
    cache_django.delete(trava)


def test_calcular_uma_vez_erro_no_calculo_solta_a_trava():
    chave = _chave()

    def falhar():
        raise RuntimeError("o motor falhou")

    with pytest.raises(RuntimeError):
        cache.calcular_uma_vez(chave, lambda: None, falhar)
    assert cache_django.get(f"trava-calculo:{chave}") is None


def test_calcular_uma_vez_sem_o_cache_calcula_na_hora():
    caches = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{porta_livre()}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=caches):
        inicio = time.monotonic()
        assert cache.calcular_uma_vez(_chave(), lambda: None, lambda: 42) == 42
        assert cache.calcular_uma_vez(_chave(), lambda: None, lambda: 43) == 43  # na pausa
    assert time.monotonic() - inicio < 3
