"""Benchmark do quadro de reserva do edital e da prévia ao vivo (sem banco de dados).

- ``selecoes_quadro_200_vagas_ms``: quadro de reserva de uma seleção com 200 vagas de
  estágio (negros e PcD), 30 posições de sequência por vaga — o que o anexo calcula.
- ``selecoes_previa_50_vagas_ms``: o caminho inteiro de uma atualização da prévia com
  50 vagas — leitura do POST, validação, quadro e renderização do fragmento HTML.

Melhor de 5 execuções. Uso: ``python -m bench selecoes``.
"""

import os
import time
from datetime import date
from decimal import Decimal

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from django.http import QueryDict  # noqa: E402
from django.template.loader import render_to_string  # noqa: E402

from selecoes.forms import PreviaReservaForm, vagas_da_previa  # noqa: E402
from selecoes.selectors import quadro_reserva_de_dados  # noqa: E402

METAS_MS = {"selecoes_quadro_200_vagas_ms": 150.0, "selecoes_previa_50_vagas_ms": 150.0}


def _melhor(funcao, repeticoes: int = 5) -> float:
    melhor = float("inf")
    for _ in range(repeticoes):
        inicio = time.perf_counter()
        funcao()
        melhor = min(melhor, time.perf_counter() - inicio)
    return round(melhor * 1000, 2)


def _quadro_200() -> None:
    vagas = [(f"V{i:03d}", i % 12) for i in range(200)]
    quadro = quadro_reserva_de_dados(
        data_publicacao=date(2024, 3, 1),
        vagas=vagas,
        reserva_pcd=True,
        percentual_pcd=Decimal("10"),
        sequencia_explicita=None,
        posicoes=30,
    )
    assert len(quadro.linhas) == 200


def _post(n: int) -> QueryDict:
    dados = QueryDict(mutable=True)
    dados.update(
        {
            "data_publicacao_edital": "2024-03-01",
            "reserva_pcd": "on",
            "percentual_pcd": "10",
            "vagas-TOTAL_FORMS": str(n),
        }
    )
    for i in range(n):
        dados[f"vagas-{i}-codigo"] = f"V{i:03d}"
        dados[f"vagas-{i}-vagas_ofertadas"] = str(i % 12)
    return dados


def _previa(dados: QueryDict) -> None:
    form = PreviaReservaForm(dados)
    assert form.is_valid()
    vagas, _ = vagas_da_previa(dados)
    quadro = quadro_reserva_de_dados(
        data_publicacao=form.cleaned_data["data_publicacao_edital"],
        vagas=vagas,
        reserva_pcd=form.cleaned_data["reserva_pcd"],
        percentual_pcd=form.cleaned_data["percentual_pcd"],
        sequencia_explicita=form.sequencia_explicita(),
    )
    html = render_to_string(
        "selecoes/_quadro_reserva.html", {"quadro": quadro, "avisos": [], "compacto": True}
    )
    assert "V049" in html


def executar() -> dict[str, float]:
    dados = _post(50)
    figuras = {
        "selecoes_quadro_200_vagas_ms": _melhor(_quadro_200),
        "selecoes_previa_50_vagas_ms": _melhor(lambda: _previa(dados)),
    }
    for chave, valor in figuras.items():
        print(f"    {chave} = {valor} ms (meta ≤ {METAS_MS[chave]} ms)")
    return figuras


if __name__ == "__main__":
    executar()
