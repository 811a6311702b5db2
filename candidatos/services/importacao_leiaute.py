"""Leiaute do arquivo de importação de inscrições e validação de cada linha.

O leiaute está documentado em ``docs/importacao.md``. A validação roda em Python,
sem consulta ao banco por linha, com as mesmas regras do formulário on-line
(``erros_autodeclaracao``, art. 2º do Decreto 9.427/2018).
"""

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time
from functools import lru_cache

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils import timezone

from candidatos.models import CorRaca
from candidatos.planilhas import ErroPlanilha, Planilha
from candidatos.services.inscricoes import DadosInscricao, erros_autodeclaracao
from selecoes.models import Selecao
from selecoes.validators import cpf_valido, somente_digitos


@dataclass(frozen=True)
class Coluna:
    nome: str
    obrigatoria: bool
    descricao: str
    exemplo: str
    tamanho: int = 0


COLUNAS: tuple[Coluna, ...] = (
    Coluna("vaga", True, "Código da vaga de estágio, como no edital.", "DIR-BSB", 20),
    Coluna("nome_civil", True, "Nome civil completo.", "Maria Aparecida dos Santos", 200),
    Coluna("nome_social", False, "Nome social, se houver.", "", 200),
    Coluna("cpf", True, "CPF, com ou sem pontuação; dígitos verificados.", "529.982.247-25"),
    Coluna("data_nascimento", True, "AAAA-MM-DD ou DD/MM/AAAA.", "2003-05-17"),
    Coluna("email", True, "E-mail do candidato.", "maria.santos@exemplo.com", 254),
    Coluna("telefone", False, "Telefone com DDD (10 ou 11 dígitos).", "(61) 99999-0000"),
    Coluna("instituicao_ensino", True, "Instituição de ensino.", "Universidade de Brasília", 200),
    Coluna("curso", True, "Curso.", "Direito", 200),
    Coluna("periodo_curso", True, "Semestre ou ano em curso.", "5º semestre", 30),
    Coluna(
        "cor_raca",
        True,
        "branca, preta, parda, amarela, indigena ou nao_declarada (prefiro não declarar).",
        "parda",
    ),
    Coluna(
        "concorre_negros",
        False,
        "sim ou não (vazio = não). Só com cor_raca preta ou parda (art. 2º).",
        "sim",
    ),
    Coluna(
        "pcd",
        False,
        "Declara deficiência: sim ou não (vazio = não). Só se a seleção tiver reserva PcD.",
        "não",
    ),
    Coluna(
        "concorre_pcd",
        False,
        "Concorre à reserva PcD: sim ou não (vazio = não). Exige pcd = sim.",
        "não",
    ),
    Coluna(
        "concorre_categorias",
        False,
        "Categorias do órgão a que concorre, pelo código nacional, separadas por ponto e "
        "vírgula (ex.: indigenas; trans). Só as que o edital declara (vazio = nenhuma).",
        "",
        200,
    ),
    Coluna(
        "termo_aceito_em",
        True,
        "Data e hora do aceite do termo no sistema de origem: AAAA-MM-DD HH:MM "
        "ou DD/MM/AAAA HH:MM (horário de Brasília).",
        "2026-03-10 14:30",
    ),
    Coluna(
        "data_inscricao",
        False,
        "Data e hora da inscrição no sistema de origem (vazio = termo_aceito_em); "
        "deve estar dentro do período de inscrições.",
        "2026-03-10 14:30",
    ),
)
NOMES_COLUNAS = tuple(c.nome for c in COLUNAS)
OBRIGATORIAS = tuple(c.nome for c in COLUNAS if c.obrigatoria)
TAMANHOS = {c.nome: c.tamanho for c in COLUNAS if c.tamanho}

VERDADEIROS = {"sim", "s", "1", "x", "true", "verdadeiro"}
FALSOS = {"", "nao", "n", "0", "false", "falso"}
SINONIMOS_COR = {
    **{c.value: c.value for c in CorRaca},
    "prefiro_nao_declarar": CorRaca.NAO_DECLARADA.value,
    "nao_declarado": CorRaca.NAO_DECLARADA.value,
    "nao_declarar": CorRaca.NAO_DECLARADA.value,
}


@dataclass(frozen=True)
class ErroLinha:
    linha: int
    coluna: str
    mensagem: str


# ---------------------------------------------------------------- conversão de células


def _sem_acento(texto: str) -> str:
    decomposto = unicodedata.normalize("NFKD", texto)
    return "".join(c for c in decomposto if not unicodedata.combining(c))


@lru_cache(maxsize=512)
def _booleano(texto: str) -> bool | None:
    valor = _sem_acento(texto.strip().lower())
    if valor in VERDADEIROS:
        return True
    if valor in FALSOS:
        return False
    return None


@lru_cache(maxsize=512)
def _cor_raca(texto: str) -> str | None:
    chave = re.sub(r"[\s-]+", "_", _sem_acento(texto.strip().lower()))
    return SINONIMOS_COR.get(chave)


@lru_cache(maxsize=4096)
def _data(texto: str) -> date | None:
    texto = texto.strip()
    try:
        if "/" in texto:
            dia, mes, ano = texto.split("/")
            return date(int(ano), int(mes), int(dia))
        return date.fromisoformat(texto[:10]) if len(texto) >= 10 else None
    except ValueError:
        return None


@lru_cache(maxsize=4096)
def _data_hora(texto: str) -> tuple[datetime, bool] | None:
    """(data-hora consciente do fuso, tem_hora). Sem hora: meia-noite daquele dia."""
    texto = texto.strip().replace("T", " ")
    parte_data, _, parte_hora = texto.partition(" ")
    dia = _data(parte_data)
    if dia is None:
        return None
    hora = time(0, 0)
    if parte_hora:
        try:
            hora = time.fromisoformat(parte_hora.strip()[:8])
        except ValueError:
            return None
    ingenua = datetime.combine(dia, hora)
    return timezone.make_aware(ingenua), bool(parte_hora)


def verificar_cabecalho(planilha: Planilha, selecao: Selecao) -> None:
    faltando = [c for c in OBRIGATORIAS if c not in planilha.colunas]
    if faltando:
        raise ErroPlanilha(f"Faltam colunas obrigatórias no cabeçalho: {', '.join(faltando)}.")
    desconhecidas = [c for c in planilha.colunas if c not in NOMES_COLUNAS]
    if desconhecidas:
        raise ErroPlanilha(
            f"Colunas desconhecidas: {', '.join(desconhecidas)}. Use as colunas do modelo."
        )
    if not planilha.linhas:
        raise ErroPlanilha("O arquivo não tem nenhuma linha de inscrição.")


class ValidadorLinha:
    """Valida as linhas em Python; as consultas ao banco são feitas uma vez só."""

    def __init__(self, selecao: Selecao, agora: datetime) -> None:
        self.selecao = selecao
        self.agora = agora
        self.vagas = {v.codigo.lower(): v.pk for v in selecao.vagas.all()}
        self.categorias = tuple(c.categoria for c in selecao.categorias_orgao.all())
        self.inicio = timezone.localtime(selecao.inscricoes_inicio)
        self.fim = timezone.localtime(selecao.inscricoes_fim)
        self.hoje = timezone.localdate(agora)

    def _no_periodo(self, momento: datetime, tem_hora: bool) -> bool:
        if tem_hora:
            return self.inicio <= momento <= self.fim
        return self.inicio.date() <= momento.date() <= self.fim.date()

    def linha(
        self, numero: int, valores: dict[str, str]
    ) -> tuple[tuple[DadosInscricao, datetime, datetime] | None, list[ErroLinha]]:
        """Converte e valida uma linha; com erro, os valores devolvidos não importam."""
        erros: list[ErroLinha] = []

        def erro(coluna: str, mensagem: str) -> None:
            erros.append(ErroLinha(numero, coluna, mensagem))

        texto = {nome: valores.get(nome, "") for nome in NOMES_COLUNAS}
        for nome in ("nome_civil", "nome_social"):
            texto[nome] = " ".join(texto[nome].split())
        for nome in OBRIGATORIAS:
            if not texto[nome]:
                erro(nome, "preenchimento obrigatório.")
        for nome, tamanho in TAMANHOS.items():
            if len(texto[nome]) > tamanho:
                erro(nome, f"use no máximo {tamanho} caracteres.")
        vaga_id, cpf, nascimento = self._identificacao(texto, erro)
        email, telefone = self._contato(texto, erro)
        cor, booleanos = self._autodeclaracao(texto, erro)
        categorias = self._categorias_do_orgao(texto, erro)
        termo, criada_em = self._momentos(texto, erro)
        if erros:
            return None, erros
        dados = DadosInscricao(
            vaga_id=vaga_id,
            nome_civil=texto["nome_civil"],
            nome_social=texto["nome_social"],
            cpf=cpf,
            data_nascimento=nascimento,
            email=email,
            telefone=telefone,
            instituicao_ensino=texto["instituicao_ensino"],
            curso=texto["curso"],
            periodo_curso=texto["periodo_curso"],
            cor_raca=cor,
            **booleanos,
            concorre_categorias=categorias,
        )
        return (dados, criada_em, termo), []

    def _categorias_do_orgao(
        self, texto: dict[str, str], erro: Callable[[str, str], None]
    ) -> tuple[str, ...]:
        """Códigos nacionais das categorias do edital (ato do órgão), na precedência."""
        pedidas = {p.strip().lower() for p in re.split(r"[;,]", texto["concorre_categorias"])}
        pedidas.discard("")
        desconhecidas = sorted(pedidas - set(self.categorias))
        if desconhecidas:
            declaradas = ", ".join(self.categorias) or "nenhuma"
            erro(
                "concorre_categorias",
                f"“{', '.join(desconhecidas)}” não é categoria do órgão nesta seleção "
                f"(declaradas: {declaradas}).",
            )
        return tuple(c for c in self.categorias if c in pedidas)

    def _identificacao(
        self, texto: dict[str, str], erro: Callable[[str, str], None]
    ) -> tuple[int, str, date]:
        vaga_id = self.vagas.get(texto["vaga"].lower(), 0)
        if texto["vaga"] and not vaga_id:
            erro("vaga", f"não há vaga com o código “{texto['vaga']}” nesta seleção.")
        cpf = somente_digitos(texto["cpf"])
        if texto["cpf"] and not cpf_valido(cpf):
            erro("cpf", "CPF inválido: confira os 11 dígitos.")
        nascimento = _data(texto["data_nascimento"]) if texto["data_nascimento"] else None
        if texto["data_nascimento"] and (
            nascimento is None or nascimento.year < 1900 or nascimento >= self.hoje
        ):
            erro("data_nascimento", "data inválida: use AAAA-MM-DD ou DD/MM/AAAA, no passado.")
        return vaga_id, cpf, nascimento or self.hoje

    def _contato(self, texto: dict[str, str], erro: Callable[[str, str], None]) -> tuple[str, str]:
        email = texto["email"].lower()
        if email:
            try:
                validate_email(email)
            except ValidationError:
                erro("email", "e-mail inválido.")
        telefone = somente_digitos(texto["telefone"])
        if texto["telefone"] and len(telefone) not in (10, 11):
            erro("telefone", "informe 10 ou 11 dígitos, com o DDD.")
        return email, telefone

    def _autodeclaracao(
        self, texto: dict[str, str], erro: Callable[[str, str], None]
    ) -> tuple[str, dict[str, bool]]:
        cor = _cor_raca(texto["cor_raca"]) if texto["cor_raca"] else None
        if texto["cor_raca"] and cor is None:
            erro("cor_raca", "use branca, preta, parda, amarela, indigena ou nao_declarada.")
        booleanos: dict[str, bool] = {}
        for nome in ("concorre_negros", "pcd", "concorre_pcd"):
            valor = _booleano(texto[nome])
            if valor is None:
                erro(nome, "use sim ou não.")
            booleanos[nome] = bool(valor)
        if cor is not None:
            for campo, mensagem in erros_autodeclaracao(
                cor_raca=cor, reserva_pcd=self.selecao.reserva_pcd, **booleanos
            ).items():
                erro(campo, mensagem)
        return cor or "", booleanos

    def _momentos(
        self, texto: dict[str, str], erro: Callable[[str, str], None]
    ) -> tuple[datetime, datetime]:
        """(aceite do termo, data da inscrição), esta dentro do período do edital."""
        termo = _data_hora(texto["termo_aceito_em"]) if texto["termo_aceito_em"] else None
        if texto["termo_aceito_em"] and (termo is None or termo[0] > self.agora):
            erro("termo_aceito_em", "data e hora inválidas: use AAAA-MM-DD HH:MM, no passado.")
            termo = None
        inscricao = _data_hora(texto["data_inscricao"]) if texto["data_inscricao"] else termo
        if texto["data_inscricao"] and inscricao is None:
            erro("data_inscricao", "data e hora inválidas: use AAAA-MM-DD HH:MM.")
        elif inscricao is not None and not self._no_periodo(*inscricao):
            coluna = "data_inscricao" if texto["data_inscricao"] else "termo_aceito_em"
            erro(
                coluna,
                f"fora do período de inscrições ({self.inicio:%d/%m/%Y %H:%M} a "
                f"{self.fim:%d/%m/%Y %H:%M}).",
            )
        momento_termo = termo[0] if termo else self.agora
        momento_inscricao = max(inscricao[0], self.inicio) if inscricao else self.agora
        return momento_termo, momento_inscricao
