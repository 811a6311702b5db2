"""Roda os benchmarks e grava bench/resultados.json e a tabela de docs/desempenho.md.

Uso: ``python -m bench`` (todos) ou ``python -m bench motor importacao`` (alguns).
"""

import json
import sys
from importlib import import_module
from pathlib import Path

RAIZ = Path(__file__).resolve().parent
MODULOS = ["motor", "selecoes", "importacao", "publicacao", "pdf", "paginas"]


def main(nomes: list[str]) -> int:
    arquivo = RAIZ / "resultados.json"
    resultados = json.loads(arquivo.read_text()) if arquivo.exists() else {}
    for nome in nomes or MODULOS:
        try:
            modulo = import_module(f"bench.{nome}")
        except ModuleNotFoundError as erro:
            if erro.name != f"bench.{nome}":
                raise
            print(f"[bench] {nome}: não existe, ignorado")
            continue
        print(f"[bench] {nome}…", flush=True)
        figuras = modulo.executar()
        resultados.update(figuras)
        for chave, valor in figuras.items():
            print(f"    {chave} = {valor}")
        arquivo.write_text(json.dumps(resultados, indent=2, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
