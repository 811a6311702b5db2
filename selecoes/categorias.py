"""O registro das categorias nacionais de reserva como ``TextChoices``.

Feito de ``selecoes.vocabulario`` (a fonte sem Django): os valores são os códigos
do motor (``selecoes.reserva``) e os rótulos, os de ``DefinicaoCategoria.rotulo``.
As categorias que o órgão declara por edital referenciam estes códigos para o
monitoramento entre órgãos (Decreto nº 9.427/2018, art. 5º).
"""

from __future__ import annotations

from django.db import models

from selecoes import vocabulario as v
from selecoes.vocabulario import DefinicaoCategoria


class Categoria(models.TextChoices):
    """Categoria nacional de reserva (art. 1º; Lei nº 11.788/2008, art. 17, § 5º; atos do órgão)."""

    NEGROS = v.NEGROS, v.POR_CODIGO[v.NEGROS].rotulo
    PCD = v.PCD, v.POR_CODIGO[v.PCD].rotulo
    INDIGENAS = v.INDIGENAS, v.POR_CODIGO[v.INDIGENAS].rotulo
    QUILOMBOLAS = v.QUILOMBOLAS, v.POR_CODIGO[v.QUILOMBOLAS].rotulo
    TRANS = v.TRANS, v.POR_CODIGO[v.TRANS].rotulo
    MINORIAS = v.MINORIAS, v.POR_CODIGO[v.MINORIAS].rotulo
    OUTRA = v.OUTRA, v.POR_CODIGO[v.OUTRA].rotulo

    @property
    def definicao(self) -> DefinicaoCategoria:
        return v.POR_CODIGO[self.value]

    @property
    def nome(self) -> str:
        return self.definicao.nome

    @property
    def curto(self) -> str:
        return self.definicao.curto

    @property
    def sigla(self) -> str:
        return self.definicao.sigla

    @property
    def base_legal(self) -> str:
        return self.definicao.base_legal

    @property
    def titulo_lista(self) -> str:
        return self.definicao.titulo_lista

    @property
    def descricao_lista(self) -> str:
        return self.definicao.descricao_lista

    @property
    def lista_publica_com_nomes(self) -> bool:
        return self.definicao.lista_publica_com_nomes

    @property
    def rotulo_modalidade(self) -> str:
        return self.definicao.rotulo_modalidade


ORDEM_PADRAO: tuple[Categoria, ...] = tuple(Categoria(c) for c in v.ORDEM_PADRAO)
"""Negros e PcD, na precedência padrão: a ordem das listas do resultado."""
