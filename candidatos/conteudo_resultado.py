"""O conteúdo de uma versão publicada de resultado, tipado (docs/resultado.md).

Uma definição só do formato: o serviço que publica monta um
``ConteudoResultado`` e grava ``to_json()`` na forma canônica
(``selecoes.canonico``); as páginas do RH, as páginas públicas, o PDF e a
comparação de versões leem com ``ConteudoResultado.from_json(versao.conteudo)``.
O hash publicado é sempre conferido sobre o JSON guardado, nunca sobre uma
releitura: uma versão antiga continua conferindo mesmo que o formato cresça.

Só dados que o Decreto nº 9.427/2018 manda publicar (art. 1º, § 3º; art. 4º):
número de inscrição, nome de exibição e a pertença às listas. Formato 1: sem
``sorteios`` nas vagas nem ``sem_avaliacao`` (``None`` aqui, e ausentes no JSON).
Sem Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

FORMATO = 2
PREFIXO_LISTA = "lista_"
"""Cada lista de reserva de uma vaga é a chave ``lista_<categoria>`` (ex.: ``lista_negros``)."""

Json = dict[str, Any]


def _momento(valor: str | None) -> datetime | None:
    return datetime.fromisoformat(valor) if valor else None


def _iso(momento: datetime | None) -> str | None:
    return momento.isoformat() if momento else None


@dataclass(frozen=True, slots=True)
class SelecaoDoResultado:
    id: int
    numero_edital: str = ""
    titulo: str = ""
    orgao: str = ""

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> SelecaoDoResultado:
        return cls(
            id=dados.get("id", 0),
            numero_edital=dados.get("numero_edital", ""),
            titulo=dados.get("titulo", ""),
            orgao=dados.get("orgao", ""),
        )

    def to_json(self) -> Json:
        return {
            "id": self.id,
            "numero_edital": self.numero_edital,
            "titulo": self.titulo,
            "orgao": self.orgao,
        }


@dataclass(frozen=True, slots=True)
class ReservaDoResultado:
    """Art. 1º, § 1º, e art. 7º: se a reserva se aplica à seleção, e por quê."""

    aplicavel: bool = False
    motivo: str = ""

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> ReservaDoResultado:
        return cls(aplicavel=dados.get("aplicavel", False), motivo=dados.get("motivo", ""))

    def to_json(self) -> Json:
        return {"aplicavel": self.aplicavel, "motivo": self.motivo}


@dataclass(frozen=True, slots=True)
class Classificado:
    """Um aprovado na classificação da vaga, na ordem estrita (após o desempate)."""

    posicao: int
    inscricao: str
    nome: str
    nota_final: str = ""
    """Três casas, como publicado ("9.250")."""
    listas: tuple[str, ...] = ()
    """Categorias de reserva a que concorre (códigos de ``selecoes.vocabulario``)."""

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> Classificado:
        return cls(
            posicao=dados["posicao"],
            inscricao=dados["inscricao"],
            nome=dados["nome"],
            nota_final=dados.get("nota_final") or "",
            listas=tuple(dados.get("listas", ())),
        )

    def to_json(self) -> Json:
        return {
            "posicao": self.posicao,
            "inscricao": self.inscricao,
            "nome": self.nome,
            "nota_final": self.nota_final,
            "listas": list(self.listas),
        }


@dataclass(frozen=True, slots=True)
class Convocado:
    """Uma posição da ordem de convocação no momento da publicação (arts. 3º e 4º)."""

    ordem: int
    inscricao: str
    nome: str
    modalidade: str
    explicacao: str = ""

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> Convocado:
        return cls(
            ordem=dados["ordem"],
            inscricao=dados["inscricao"],
            nome=dados["nome"],
            modalidade=dados["modalidade"],
            explicacao=dados.get("explicacao", ""),
        )

    def to_json(self) -> Json:
        return {
            "ordem": self.ordem,
            "inscricao": self.inscricao,
            "nome": self.nome,
            "modalidade": self.modalidade,
            "explicacao": self.explicacao,
        }


@dataclass(frozen=True, slots=True)
class SorteioPublicado:
    """Regras, § 5: um sorteio de desempate como a versão o publicou. Só números
    de inscrição; qualquer pessoa o refaz com a semente e os empatados."""

    empatados: tuple[str, ...]
    semente: str
    fonte_semente: str
    anunciado_em: datetime | None
    realizar_a_partir_de: datetime | None
    realizado_em: datetime | None
    resultado: tuple[str, ...]

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> SorteioPublicado:
        return cls(
            empatados=tuple(dados.get("empatados", ())),
            semente=dados.get("semente", ""),
            fonte_semente=dados.get("fonte_semente", ""),
            anunciado_em=_momento(dados.get("anunciado_em")),
            realizar_a_partir_de=_momento(dados.get("realizar_a_partir_de")),
            realizado_em=_momento(dados.get("realizado_em")),
            resultado=tuple(dados.get("resultado", ())),
        )

    def to_json(self) -> Json:
        return {
            "empatados": list(self.empatados),
            "semente": self.semente,
            "fonte_semente": self.fonte_semente,
            "anunciado_em": _iso(self.anunciado_em),
            "realizar_a_partir_de": _iso(self.realizar_a_partir_de),
            "realizado_em": _iso(self.realizado_em),
            "resultado": list(self.resultado),
        }


@dataclass(frozen=True, slots=True)
class ForaDoResultado:
    """Inscrição sem avaliação que ficou fora da versão, com o motivo registrado
    na publicação (ato administrativo: número e motivo, sem nome, CPF ou raça)."""

    inscricao: str
    motivo: str = ""

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> ForaDoResultado:
        return cls(inscricao=dados["inscricao"], motivo=dados.get("motivo", ""))

    def to_json(self) -> Json:
        return {"inscricao": self.inscricao, "motivo": self.motivo}


@dataclass(frozen=True)
class VagaPublicada:
    """Uma vaga de estágio da versão: quadro, classificação, listas e convocação."""

    codigo: str
    area: str = ""
    municipio: str = ""
    uf: str = ""
    ofertadas: int = 0
    reservadas: Mapping[str, int] = field(default_factory=dict)
    """Categoria → vagas reservadas da vaga (art. 1º, § 3º)."""
    classificacao: tuple[Classificado, ...] = ()
    listas: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Categoria → números de inscrição na ordem da classificação (``lista_<categoria>``)."""
    convocacao: tuple[Convocado, ...] = ()
    explicacoes: Mapping[str, str] = field(default_factory=dict)
    """Número de inscrição → frase do motor, para todo classificado."""
    sorteios: tuple[SorteioPublicado, ...] | None = None
    """``None``: versão no formato 1, que não publicava os sorteios."""

    def lista(self, categoria: str) -> tuple[str, ...]:
        """Os números da lista da categoria (vazia se a versão não a tem)."""
        return self.listas.get(categoria, ())

    @property
    def sorteios_publicados(self) -> tuple[SorteioPublicado, ...]:
        return self.sorteios or ()

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> VagaPublicada:
        sorteios = dados.get("sorteios")
        return cls(
            codigo=dados["codigo"],
            area=dados.get("area", ""),
            municipio=dados.get("municipio", ""),
            uf=dados.get("uf", ""),
            ofertadas=int(dados.get("ofertadas", 0)),
            reservadas={k: int(v) for k, v in (dados.get("reservadas") or {}).items()},
            classificacao=tuple(Classificado.from_json(c) for c in dados.get("classificacao", ())),
            listas={
                chave.removeprefix(PREFIXO_LISTA): tuple(numeros)
                for chave, numeros in dados.items()
                if chave.startswith(PREFIXO_LISTA)
            },
            convocacao=tuple(Convocado.from_json(c) for c in dados.get("convocacao", ())),
            explicacoes=dict(dados.get("explicacoes", {})),
            sorteios=None
            if sorteios is None
            else tuple(SorteioPublicado.from_json(s) for s in sorteios),
        )

    def to_json(self) -> Json:
        dados: Json = {
            "codigo": self.codigo,
            "area": self.area,
            "municipio": self.municipio,
            "uf": self.uf,
            "ofertadas": self.ofertadas,
            "reservadas": dict(self.reservadas),
            "classificacao": [c.to_json() for c in self.classificacao],
            **{f"{PREFIXO_LISTA}{c}": list(n) for c, n in self.listas.items()},
            "convocacao": [c.to_json() for c in self.convocacao],
            "explicacoes": dict(self.explicacoes),
        }
        if self.sorteios is not None:
            dados["sorteios"] = [s.to_json() for s in self.sorteios]
        return dados


@dataclass(frozen=True, slots=True)
class CategoriaPublicada:
    """Categoria de reserva do órgão como o edital a declarou (ato do órgão): o título
    e a base legal das listas, e se a lista pública traz nomes (LGPD, art. 11)."""

    codigo: str
    nome: str
    base_legal: str = ""
    percentual: str = ""
    lista_com_nomes: bool = True

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> CategoriaPublicada:
        return cls(
            codigo=dados["codigo"],
            nome=dados.get("nome", ""),
            base_legal=dados.get("base_legal", ""),
            percentual=dados.get("percentual", ""),
            lista_com_nomes=bool(dados.get("lista_com_nomes", True)),
        )

    def to_json(self) -> Json:
        return {
            "codigo": self.codigo,
            "nome": self.nome,
            "base_legal": self.base_legal,
            "percentual": self.percentual,
            "lista_com_nomes": self.lista_com_nomes,
        }


@dataclass(frozen=True)
class ConteudoResultado:
    """O retrato imutável de um resultado preliminar ou final (docs/resultado.md).

    ``tipo``, ``numero``, ``publicado_em`` e ``motivo`` são ``None`` no retrato
    ainda não publicado (``montar_conteudo``); ``sem_avaliacao`` é ``None`` no
    formato 1.
    """

    selecao: SelecaoDoResultado
    reserva: ReservaDoResultado
    vagas: tuple[VagaPublicada, ...] = ()
    formato: int = FORMATO
    tipo: str | None = None
    numero: int | None = None
    publicado_em: datetime | None = None
    motivo: str | None = None
    sem_avaliacao: tuple[ForaDoResultado, ...] | None = None
    categorias_orgao: tuple[CategoriaPublicada, ...] = ()
    """As categorias do órgão, na precedência do edital (ausente no JSON sem elas)."""

    @property
    def so_numeros(self) -> frozenset[str]:
        """Categorias cuja lista pública traz só números de inscrição (LGPD, art. 11)."""
        return frozenset(c.codigo for c in self.categorias_orgao if not c.lista_com_nomes)

    @property
    def fora(self) -> tuple[ForaDoResultado, ...]:
        """As inscrições sem avaliação (nenhuma no formato 1)."""
        return self.sem_avaliacao or ()

    def vaga(self, codigo: str) -> VagaPublicada | None:
        return next((v for v in self.vagas if v.codigo == codigo), None)

    @staticmethod
    def vaga_do_json(dados: Mapping[str, Any], codigo: str) -> VagaPublicada | None:
        """Só a vaga ``codigo`` do conteúdo guardado, sem ler as outras (que podem
        ter milhares de classificados)."""
        for vaga in dados.get("vagas", ()):
            if vaga.get("codigo") == codigo:
                return VagaPublicada.from_json(vaga)
        return None

    @classmethod
    def from_json(cls, dados: Mapping[str, Any]) -> ConteudoResultado:
        fora: Sequence[Mapping[str, Any]] | None = dados.get("sem_avaliacao")
        publicado_em = dados.get("publicado_em")
        return cls(
            formato=dados.get("formato", 1),
            selecao=SelecaoDoResultado.from_json(dados.get("selecao") or {}),
            reserva=ReservaDoResultado.from_json(dados.get("reserva") or {}),
            vagas=tuple(VagaPublicada.from_json(v) for v in dados.get("vagas", ())),
            tipo=dados.get("tipo"),
            numero=dados.get("numero"),
            publicado_em=_momento(publicado_em) if publicado_em is not None else None,
            motivo=dados.get("motivo"),
            sem_avaliacao=None
            if fora is None
            else tuple(ForaDoResultado.from_json(f) for f in fora),
            categorias_orgao=tuple(
                CategoriaPublicada.from_json(c) for c in dados.get("categorias_orgao", ())
            ),
        )

    def to_json(self) -> Json:
        dados: Json = {
            "formato": self.formato,
            "selecao": self.selecao.to_json(),
            "reserva": self.reserva.to_json(),
            "vagas": [v.to_json() for v in self.vagas],
        }
        publicacao = {
            "tipo": self.tipo,
            "numero": self.numero,
            "publicado_em": _iso(self.publicado_em),
            "motivo": self.motivo,
        }
        dados |= {chave: valor for chave, valor in publicacao.items() if valor is not None}
        if self.sem_avaliacao is not None:
            dados["sem_avaliacao"] = [f.to_json() for f in self.sem_avaliacao]
        if self.categorias_orgao:
            dados["categorias_orgao"] = [c.to_json() for c in self.categorias_orgao]
        return dados
