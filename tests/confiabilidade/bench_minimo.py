"""Um benchmark mínimo, no formato dos de ``bench/``, para testar o executor sem medir nada."""

import time


def executar() -> dict[str, float]:
    inicio, cpu = time.monotonic(), time.process_time()
    total = sum(i * i for i in range(300_000))
    assert total > 0
    return {
        "minimo_s": round(time.monotonic() - inicio, 4),
        "minimo_cpu_s": round(time.process_time() - cpu, 4),
        "minimo_rss_mb": 1.0,
    }
