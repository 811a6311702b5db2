"""Linha de comando do motor (§ 7 das regras): um JSON na entrada, um JSON na saída.

Uso: ``python manage.py alocar ARQUIVO`` ou ``python -m selecoes.reserva ARQUIVO``
(``-`` lê a entrada padrão). Entrada inválida: status 2, mensagem em português
na saída de erro nomeando o campo (``candidatos[3].classificacao``: índices a
partir de 0, como em JSONPath), e nada na saída padrão.

A saída é ``json.dumps(..., ensure_ascii=False, indent=2)`` seguida de uma
quebra de linha, em UTF-8: a mesma entrada dá sempre os mesmos bytes.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, TextIO

from .aplicabilidade import aplicabilidade
from .sequencia import tabela_reserva
from .tipos import (
    RESERVA_NEGROS_PADRAO,
    VERSAO_ATUAL,
    Candidato,
    EntradaInvalida,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    Situacao,
    validar_categoria,
    validar_reservas,
    validar_versao,
)
from .vaga import resolver_vaga

STATUS_ENTRADA_INVALIDA = 2

_DATA = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DECIMAL = re.compile(r"^\d+(\.\d+)?$")


def _objeto(
    valor: object, campo: str, obrigatorios: tuple[str, ...], opcionais: tuple[str, ...]
) -> dict[str, Any]:
    if not isinstance(valor, dict):
        raise EntradaInvalida(campo or "entrada", "deve ser um objeto JSON ({...}).")
    prefixo = f"{campo}." if campo else ""
    for chave in valor:
        if chave not in obrigatorios and chave not in opcionais:
            raise EntradaInvalida(f"{prefixo}{chave}", "campo desconhecido.")
    for chave in obrigatorios:
        if chave not in valor:
            raise EntradaInvalida(f"{prefixo}{chave}", "campo obrigatório ausente.")
    return valor


def _lista(valor: object, campo: str) -> list[Any]:
    if not isinstance(valor, list):
        raise EntradaInvalida(campo, "deve ser uma lista JSON ([...]).")
    return valor


def _texto(valor: object, campo: str) -> str:
    if not isinstance(valor, str) or not valor:
        raise EntradaInvalida(campo, "deve ser um texto não vazio.")
    return valor


def _inteiro(valor: object, campo: str, minimo: int) -> int:
    if isinstance(valor, bool) or not isinstance(valor, int):
        raise EntradaInvalida(campo, f"deve ser um número inteiro; veio {_mostrar(valor)}.")
    if valor < minimo:
        condicao = "positivo" if minimo == 1 else "maior ou igual a zero"
        raise EntradaInvalida(campo, f"deve ser um inteiro {condicao}; veio {valor}.")
    return valor


def _mostrar(valor: object) -> str:
    if isinstance(valor, Decimal):
        return str(valor)
    return json.dumps(valor, ensure_ascii=False, default=str)


def _data(valor: object, campo: str) -> date:
    if isinstance(valor, str) and _DATA.match(valor):
        try:
            return date.fromisoformat(valor)
        except ValueError:
            pass
    raise EntradaInvalida(
        campo,
        f"data inválida: {_mostrar(valor)}; use o formato AAAA-MM-DD (ex.: 2024-03-01).",
    )


def _percentual(valor: object, campo: str) -> Decimal:
    p: Decimal | None = None
    if isinstance(valor, str) and _DECIMAL.match(valor):
        try:
            p = Decimal(valor)
        except InvalidOperation:
            p = None
    elif isinstance(valor, Decimal):
        p = valor
    elif isinstance(valor, int) and not isinstance(valor, bool):
        p = Decimal(valor)
    if p is None or not p.is_finite():
        raise EntradaInvalida(
            campo,
            f'deve ser um número decimal (ex.: "30" ou 30); veio {_mostrar(valor)}.',
        )
    if not Decimal(0) < p <= Decimal(100):
        raise EntradaInvalida(campo, f"deve ser maior que 0 e no máximo 100; veio {p}.")
    return p


def _reservas(valor: object) -> tuple[Reserva, ...]:
    itens = _lista(valor, "reservas")
    if not itens:
        raise EntradaInvalida("reservas", "declare ao menos uma categoria de reserva.")
    reservas: list[Reserva] = []
    for i, item in enumerate(itens):
        campo = f"reservas[{i}]"
        obj = _objeto(item, campo, ("categoria", "percentual"), ())
        categoria = validar_categoria(obj["categoria"], f"{campo}.categoria")
        percentual = _percentual(obj["percentual"], f"{campo}.percentual")
        reservas.append(Reserva(categoria, percentual))
    return validar_reservas(tuple(reservas))


def _explicita(valor: object, reservas: tuple[Reserva, ...]) -> SequenciaExplicita:
    declaradas = tuple(r.categoria for r in reservas)
    obj = _objeto(valor, "sequencia_explicita", declaradas, ())
    itens: list[PosicoesReservadas] = []
    for categoria in declaradas:
        campo = f"sequencia_explicita.{categoria}"
        dados = _objeto(obj[categoria], campo, ("posicoes",), ("intervalo",))
        posicoes = _lista(dados["posicoes"], f"{campo}.posicoes")
        for j, p in enumerate(posicoes):
            _inteiro(p, f"{campo}.posicoes[{j}]", 1)
        intervalo = dados.get("intervalo")
        if intervalo is not None:
            _inteiro(intervalo, f"{campo}.intervalo", 1)
        try:
            itens.append(PosicoesReservadas(categoria, tuple(posicoes), intervalo))
        except EntradaInvalida as erro:
            raise erro.prefixar(campo) from None
    try:
        return SequenciaExplicita(tuple(itens))
    except EntradaInvalida as erro:
        raise erro.prefixar("sequencia_explicita") from None


def _chaves_unicas(pares: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for chave, valor in pares:
        if chave in obj:
            raise EntradaInvalida(chave, "chave repetida no mesmo objeto JSON.")
        obj[chave] = valor
    return obj


def _constante(nome: str) -> Any:
    raise EntradaInvalida("entrada", f"{nome} não é um número JSON válido.")


def _vagas(valor: object) -> dict[str, tuple[int, int]]:
    """Vagas de estágio: código → (ofertadas, convocações k)."""
    vagas: dict[str, tuple[int, int]] = {}
    for i, item in enumerate(_lista(valor, "vagas")):
        campo = f"vagas[{i}]"
        obj = _objeto(item, campo, ("codigo", "ofertadas"), ("convocacoes",))
        codigo = _texto(obj["codigo"], f"{campo}.codigo")
        if codigo in vagas:
            raise EntradaInvalida(f"{campo}.codigo", f'código de vaga "{codigo}" repetido.')
        ofertadas = _inteiro(obj["ofertadas"], f"{campo}.ofertadas", 0)
        k = _inteiro(obj.get("convocacoes", ofertadas), f"{campo}.convocacoes", 0)
        vagas[codigo] = (ofertadas, k)

    return vagas


def _candidatos(
    valor: object, vagas: dict[str, tuple[int, int]], declaradas: frozenset[str]
) -> dict[str, list[Candidato]]:
    """Candidatos agrupados por vaga, validados campo a campo."""
    por_vaga: dict[str, list[Candidato]] = {codigo: [] for codigo in vagas}
    inscricoes: set[str] = set()
    classificacoes: dict[tuple[str, int], str] = {}
    situacoes = {s.value: s for s in Situacao}
    for i, item in enumerate(_lista(valor, "candidatos")):
        campo = f"candidatos[{i}]"
        obj = _objeto(
            item,
            campo,
            ("inscricao", "vaga", "classificacao"),
            ("categorias", "situacao"),
        )
        inscricao = _texto(obj["inscricao"], f"{campo}.inscricao")
        if inscricao in inscricoes:
            raise EntradaInvalida(f"{campo}.inscricao", f'inscrição "{inscricao}" repetida.')
        inscricoes.add(inscricao)
        vaga = _texto(obj["vaga"], f"{campo}.vaga")
        if vaga not in vagas:
            raise EntradaInvalida(f"{campo}.vaga", f'a vaga "{vaga}" não está em "vagas".')
        posicao = _inteiro(obj["classificacao"], f"{campo}.classificacao", 1)
        empatado = classificacoes.get((vaga, posicao))
        if empatado is not None:
            raise EntradaInvalida(
                f"{campo}.classificacao",
                f'a inscrição "{inscricao}" está empatada com "{empatado}" na {posicao}ª '
                f'posição da vaga "{vaga}"; resolva o empate pelos critérios do edital.',
            )
        classificacoes[(vaga, posicao)] = inscricao
        categorias = _lista(obj.get("categorias", []), f"{campo}.categorias")
        for j, cat in enumerate(categorias):
            if not isinstance(cat, str) or cat not in declaradas:
                raise EntradaInvalida(
                    f"{campo}.categorias[{j}]",
                    f"categoria {_mostrar(cat)} não é uma reserva declarada "
                    f"({', '.join(sorted(declaradas))}).",
                )
            if cat in categorias[:j]:
                raise EntradaInvalida(f"{campo}.categorias[{j}]", f'categoria "{cat}" repetida.')
        situacao = obj.get("situacao", Situacao.ATIVO.value)
        if not isinstance(situacao, str) or situacao not in situacoes:
            raise EntradaInvalida(
                f"{campo}.situacao",
                f"situação {_mostrar(situacao)} desconhecida; use ativo, desistente ou eliminado.",
            )
        por_vaga[vaga].append(
            Candidato(inscricao, posicao, frozenset(categorias), situacoes[situacao])
        )

    return por_vaga


def processar(documento: object) -> dict[str, Any]:
    """Valida o documento de entrada do § 7 e devolve o documento de saída."""
    doc = _objeto(
        documento,
        "",
        ("edital", "vagas", "candidatos"),
        ("reservas", "sequencia_explicita"),
    )
    edital = _objeto(
        doc["edital"], "edital", ("data_publicacao",), ("base_reserva", "versao_regras")
    )
    publicacao = _data(edital["data_publicacao"], "edital.data_publicacao")
    versao = validar_versao(edital.get("versao_regras", VERSAO_ATUAL), "edital.versao_regras")
    base = edital.get("base_reserva")
    if "base_reserva" in edital and not isinstance(base, str):
        raise EntradaInvalida(
            "edital.base_reserva", f'deve ser "selecao" ou "vaga"; veio {_mostrar(base)}.'
        )
    reservas = _reservas(doc["reservas"]) if "reservas" in doc else (RESERVA_NEGROS_PADRAO,)
    declaradas = frozenset(r.categoria for r in reservas)
    explicita = (
        _explicita(doc["sequencia_explicita"], reservas) if "sequencia_explicita" in doc else None
    )

    vagas = _vagas(doc["vagas"])
    por_vaga = _candidatos(doc["candidatos"], vagas, declaradas)

    aplicacao = aplicabilidade(publicacao, sum(o for o, _ in vagas.values()), versao)
    try:
        tabela = tabela_reserva(
            reservas, [(c, o) for c, (o, _) in vagas.items()], aplicacao, explicita, base
        )
    except EntradaInvalida as erro:
        if erro.campo == "base_reserva":
            raise erro.prefixar("edital") from None
        raise
    saida_vagas = []
    for codigo, (ofertadas, k) in vagas.items():
        r = resolver_vaga(
            candidatos=por_vaga[codigo],
            aplicacao=aplicacao,
            ofertadas=ofertadas,
            convocacoes=k,
            codigo=codigo,
            tabela=tabela,
        )
        saida_vagas.append(
            {
                "codigo": codigo,
                "ofertadas": ofertadas,
                "reservadas": dict(r.reservadas),
                "sequencia": list(r.sequencia),
                "convocados": [
                    {
                        "inscricao": c.inscricao,
                        "ordem": c.ordem,
                        "modalidade": c.modalidade,
                    }
                    for c in r.ordem.convocados
                ],
            }
        )
    return {
        "reserva_aplicavel": aplicacao.aplicavel,
        "reserva_nas_ofertadas": bool(aplicacao.nas_ofertadas),
        "reservadas_total": dict(tabela.total_reservadas),
        "vagas": saida_vagas,
    }


def _ler(caminho: str, stdin: TextIO) -> str:
    if caminho == "-":
        return stdin.read()
    try:
        with open(caminho, encoding="utf-8-sig") as arquivo:
            return arquivo.read()
    except OSError as erro:
        raise EntradaInvalida(
            "arquivo", f"não foi possível ler {caminho}: {erro.strerror}."
        ) from None
    except UnicodeDecodeError:
        raise EntradaInvalida("arquivo", f"{caminho} não está em UTF-8.") from None


def main(argv: Sequence[str], stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    """Executa o contrato do § 7; devolve o status de saída (0 ou 2)."""
    if len(argv) != 1:
        stderr.write("Uso: alocar ARQUIVO (ou - para a entrada padrão)\n")
        return STATUS_ENTRADA_INVALIDA
    try:
        texto = _ler(argv[0], stdin)
        try:
            documento = json.loads(
                texto.removeprefix("\ufeff"),
                parse_float=Decimal,
                parse_constant=_constante,
                object_pairs_hook=_chaves_unicas,
            )
        except json.JSONDecodeError as erro:
            raise EntradaInvalida(
                "entrada",
                f"JSON inválido na linha {erro.lineno}, coluna {erro.colno}: {erro.msg}.",
            ) from None
        saida = processar(documento)
    except EntradaInvalida as erro:
        stderr.write(f"{erro}\n")
        return STATUS_ENTRADA_INVALIDA
    stdout.write(json.dumps(saida, ensure_ascii=False, indent=2) + "\n")
    return 0


def executar(argv: Sequence[str] | None = None) -> None:
    """Ponto de entrada de ``python -m selecoes.reserva`` e de ``python manage.py
    alocar`` (que não carrega o Django): o contrato é UTF-8, qualquer que seja a
    localidade do terminal."""
    for fluxo in (sys.stdin, sys.stdout, sys.stderr):
        if isinstance(fluxo, io.TextIOWrapper):
            fluxo.reconfigure(encoding="utf-8")
    sys.exit(main(sys.argv[1:] if argv is None else argv, sys.stdin, sys.stdout, sys.stderr))
