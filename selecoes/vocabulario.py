"""Categorias nacionais de reserva: códigos e rótulos (sem Django).

Uma definição só de cada categoria, que telas, PDFs, exportações e o
monitoramento do art. 5º importam. Os códigos são as cadeias que o motor
(``selecoes.reserva``) recebe e devolve; o motor não importa este módulo (é
independente do resto do projeto) e um teste confere que os nomes coincidem.
``selecoes.categorias.Categoria`` é o ``TextChoices`` feito destas definições;
os módulos puros do monitoramento (sem Django) leem estas daqui.

- ``negros``: Decreto nº 9.427/2018, art. 1º (30% das vagas, sempre a primeira);
- ``pcd``: Lei nº 11.788/2008, art. 17, § 5º (10% das vagas);
- as demais são categorias que o órgão acrescenta por ato próprio (ex.: MPU,
  minorias; Itamaraty, indígenas, quilombolas e pessoas trans); a base legal é
  a do ato que o edital cita.
"""

from __future__ import annotations

from dataclasses import dataclass

NEGROS = "negros"
PCD = "pcd"
INDIGENAS = "indigenas"
QUILOMBOLAS = "quilombolas"
TRANS = "trans"
MINORIAS = "minorias"
OUTRA = "outra"


@dataclass(frozen=True, slots=True)
class DefinicaoCategoria:
    """Uma categoria nacional e as formas do seu nome em português."""

    codigo: str
    rotulo: str
    """Título de lista e de coluna: "Candidatos negros"."""
    nome: str
    """Em frase, depois de "reservada a": "negros", "pessoas com deficiência"."""
    curto: str
    """Em cabeçalho estreito e mensagens de campo: "negros", "PcD"."""
    sigla: str
    """Numa célula da sequência de convocação: "N", "PcD"."""
    base_legal: str
    """Norma que cria a reserva; vazio: a do ato do órgão que o edital cita."""
    descricao_lista: str
    """Quem está na lista da categoria (cabeçalho da lista no PDF do resultado)."""
    lista_publica_com_nomes: bool = True
    """A lista pública traz nomes; ``False``: só números de inscrição, porque a
    própria pertença à categoria é dado sensível (LGPD, art. 11)."""

    @property
    def titulo_lista(self) -> str:
        """ "Lista de candidatos negros"."""
        return f"Lista de {self.rotulo[0].lower()}{self.rotulo[1:]}"

    @property
    def rotulo_modalidade(self) -> str:
        """Modalidade da vaga na convocação: "Reservada a candidatos negros"."""
        return f"Reservada a {self.rotulo[0].lower()}{self.rotulo[1:]}"


def _do_orgao(
    codigo: str, rotulo: str, nome: str, curto: str, sigla: str, **extra: bool
) -> DefinicaoCategoria:
    return DefinicaoCategoria(
        codigo=codigo,
        rotulo=rotulo,
        nome=nome,
        curto=curto,
        sigla=sigla,
        base_legal="",
        descricao_lista=(
            f"Aprovados que concorrem às vagas reservadas a {nome}, na ordem da "
            "classificação (ato do órgão citado no edital)."
        ),
        **extra,
    )


DEFINICOES: tuple[DefinicaoCategoria, ...] = (
    DefinicaoCategoria(
        codigo=NEGROS,
        rotulo="Candidatos negros",
        nome="negros",
        curto="negros",
        sigla="N",
        base_legal="Decreto nº 9.427/2018, art. 1º",
        descricao_lista=(
            "Aprovados que se autodeclararam pretos ou pardos e optaram por concorrer às "
            "vagas reservadas, na ordem da classificação (art. 1º, § 3º, e art. 4º do "
            "Decreto nº 9.427/2018). Concorrem também às vagas de ampla concorrência."
        ),
    ),
    DefinicaoCategoria(
        codigo=PCD,
        rotulo="Pessoas com deficiência",
        nome="pessoas com deficiência",
        curto="PcD",
        sigla="PcD",
        base_legal="Lei nº 11.788/2008, art. 17, § 5º",
        descricao_lista=(
            "Aprovados que concorrem às vagas reservadas a pessoas com deficiência, na ordem "
            "da classificação (Lei nº 11.788/2008, art. 17, § 5º)."
        ),
    ),
    _do_orgao(INDIGENAS, "Indígenas", "indígenas", "indígenas", "I"),
    _do_orgao(QUILOMBOLAS, "Quilombolas", "quilombolas", "quilombolas", "Q"),
    _do_orgao(TRANS, "Pessoas trans", "pessoas trans", "trans", "T", lista_publica_com_nomes=False),
    _do_orgao(MINORIAS, "Minorias", "minorias", "minorias", "M"),
    _do_orgao(OUTRA, "Outra categoria do órgão", "outra categoria do órgão", "outra", "O"),
)

POR_CODIGO: dict[str, DefinicaoCategoria] = {d.codigo: d for d in DEFINICOES}
CODIGOS: tuple[str, ...] = tuple(POR_CODIGO)

ORDEM_PADRAO: tuple[str, ...] = (NEGROS, PCD)
"""As categorias que todo edital pode declarar hoje, na precedência padrão
(negros primeiro; regras de reserva, § 7): a ordem das listas do resultado."""


def definicao(codigo: str) -> DefinicaoCategoria:
    """A definição do código; um código fora do vocabulário é erro de programação."""
    try:
        return POR_CODIGO[codigo]
    except KeyError:
        raise LookupError(f"Categoria de reserva desconhecida: {codigo!r}.") from None


def ordenar(categorias: frozenset[str] | set[str] | tuple[str, ...]) -> tuple[str, ...]:
    """As categorias na ordem do vocabulário (negros, pcd, …)."""
    return tuple(c for c in CODIGOS if c in categorias)
