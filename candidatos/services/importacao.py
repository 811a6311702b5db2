"""Importação em lote de inscrições (CSV/XLSX entregues por agentes de integração).

Leiaute das colunas: ``docs/importacao.md``. Fluxo em dois passos:

1. ``analisar``: lê o arquivo (``candidatos.planilhas``), valida cada linha em
   Python — as mesmas regras do formulário on-line, sem consulta por linha — e
   devolve a prévia com todos os erros (linha, coluna, mensagem). Nada é gravado.
2. ``confirmar``: confere o SHA-256 do arquivo guardado na prévia, valida de novo
   contra o estado atual do banco e grava tudo numa transação — ou só as linhas
   válidas, se o servidor escolher isso explicitamente.

Reimportar o mesmo arquivo não cria nada: a linha cujo CPF já tem inscrição
ativa com os mesmos dados é "inalterada"; com dados diferentes, a nova substitui
a anterior, como no formulário on-line.
"""

import hashlib
import re
import secrets
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from candidatos.models import CorRaca, Inscricao, OrigemInscricao, SituacaoInscricao
from candidatos.planilhas import ErroPlanilha, Planilha, escrever_csv, escrever_xlsx, ler_planilha
from candidatos.services.inscricoes import (
    DadosInscricao,
    erros_autodeclaracao,
    inscricoes_criar_em_lote,
)
from selecoes import auditoria
from selecoes.models import RegistroAuditoria, Selecao, SituacaoSelecao
from selecoes.validators import cpf_valido, formatar_cpf, somente_digitos

PASTA_PENDENTES = "importacoes-pendentes"
VALIDADE_PENDENTE = timedelta(hours=2)
ACAO_AUDITORIA = "inscricoes.importacao"
ATIVA = SituacaoInscricao.ATIVA.value


class ImportacaoInvalida(Exception):
    """A importação não pode ser gravada (nada foi salvo)."""


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
CAMPOS_COMPARADOS = (
    "vaga_id",
    "nome_civil",
    "nome_social",
    "data_nascimento",
    "email",
    "telefone",
    "instituicao_ensino",
    "curso",
    "periodo_curso",
    "cor_raca",
    "concorre_negros",
    "pcd",
    "concorre_pcd",
)


@dataclass(frozen=True)
class ErroLinha:
    linha: int
    coluna: str
    mensagem: str


@dataclass(frozen=True)
class LinhaValida:
    linha: int
    dados: DadosInscricao
    criada_em: datetime
    termo_aceito_em: datetime
    acao: str  # "criar", "substituir" ou "inalterada"
    anterior_id: int | None = None
    anterior_numero: str = ""


@dataclass
class Previa:
    nome_arquivo: str
    sha256: str
    total_linhas: int
    validas: list[LinhaValida] = field(default_factory=list)
    erros: list[ErroLinha] = field(default_factory=list)
    importado_antes: RegistroAuditoria | None = None

    @property
    def linhas_com_erro(self) -> list[int]:
        return sorted({e.linha for e in self.erros})

    @property
    def valido(self) -> bool:
        return not self.erros

    def _contar(self, acao: str) -> int:
        return sum(1 for linha in self.validas if linha.acao == acao)

    @property
    def a_criar(self) -> int:
        return self._contar("criar")

    @property
    def a_substituir(self) -> int:
        return self._contar("substituir")

    @property
    def inalteradas(self) -> int:
        return self._contar("inalterada")


@dataclass(frozen=True)
class ResultadoImportacao:
    criadas: int
    substituidas: int
    inalteradas: int
    ignoradas: int
    registro: RegistroAuditoria

    @property
    def resumo(self) -> str:
        partes = [f"{self.criadas} inscrição(ões) nova(s)"]
        if self.substituidas:
            partes.append(f"{self.substituidas} substituindo inscrições anteriores")
        partes.append(f"{self.inalteradas} já existente(s) sem alteração")
        if self.ignoradas:
            partes.append(f"{self.ignoradas} linha(s) com erro ignorada(s)")
        return "Importação concluída: " + "; ".join(partes) + "."


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


# ---------------------------------------------------------------- análise


def _verificar_cabecalho(planilha: Planilha, selecao: Selecao) -> None:
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


class _Validador:
    """Valida as linhas em Python; as consultas ao banco são feitas uma vez só."""

    def __init__(self, selecao: Selecao, agora: datetime) -> None:
        self.selecao = selecao
        self.agora = agora
        self.vagas = {v.codigo.lower(): v.pk for v in selecao.vagas.all()}
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
        )
        return (dados, criada_em, termo), []

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


def _existentes(selecao: Selecao) -> dict[str, dict[str, Any]]:
    """Inscrições que contam, por CPF, numa consulta só."""
    linhas = (
        Inscricao.objects.filter(selecao=selecao)
        .exclude(situacao=SituacaoInscricao.SUBSTITUIDA)
        .values("pk", "numero", "cpf", "situacao", *CAMPOS_COMPARADOS)
    )
    return {linha["cpf"]: linha for linha in linhas}


def analisar(*, selecao: Selecao, conteudo: bytes, nome_arquivo: str, agora: datetime) -> Previa:
    """Prévia da importação: todas as linhas validadas, nada gravado.

    Levanta ``ErroPlanilha`` quando o arquivo inteiro é ilegível (formato,
    cabeçalho) e ``ImportacaoInvalida`` quando a seleção não recebe inscrições.
    """
    if selecao.situacao != SituacaoSelecao.PUBLICADA:
        raise ImportacaoInvalida(
            "Só é possível importar inscrições de seleção publicada e ainda não classificada."
        )
    sha256 = hashlib.sha256(conteudo).hexdigest()
    planilha = ler_planilha(conteudo, nome_arquivo)
    _verificar_cabecalho(planilha, selecao)
    previa = Previa(nome_arquivo=nome_arquivo, sha256=sha256, total_linhas=len(planilha.linhas))
    validador = _Validador(selecao, agora)
    convertidas: list[tuple[int, tuple[DadosInscricao, datetime, datetime]]] = []
    linhas_por_cpf: dict[str, list[int]] = defaultdict(list)
    for linha in planilha.linhas:
        resultado, erros = validador.linha(linha.numero, linha.valores)
        previa.erros.extend(erros)
        cpf = somente_digitos(linha.valores.get("cpf", ""))
        if cpf:
            linhas_por_cpf[cpf].append(linha.numero)
        if resultado is not None:
            convertidas.append((linha.numero, resultado))

    # CPF repetido no arquivo: não há como saber qual linha vale; todas recusadas.
    repetidos = {cpf: nums for cpf, nums in linhas_por_cpf.items() if len(nums) > 1}
    for nums in repetidos.values():
        for numero in nums:
            outras = ", ".join(str(n) for n in nums if n != numero)
            previa.erros.append(
                ErroLinha(numero, "cpf", f"CPF repetido no arquivo (também na linha {outras}).")
            )

    existentes = _existentes(selecao)
    for numero, (dados, criada_em, termo) in convertidas:
        if dados.cpf in repetidos:
            continue
        anterior = existentes.get(dados.cpf)
        if anterior is None:
            acao = "criar"
        elif anterior["situacao"] != ATIVA:
            previa.erros.append(
                ErroLinha(
                    numero,
                    "cpf",
                    f"já existe a inscrição nº {anterior['numero']} deste CPF, na situação "
                    f"“{SituacaoInscricao(anterior['situacao']).label}”; não pode ser substituída.",
                )
            )
            continue
        elif all(getattr(dados, c) == anterior[c] for c in CAMPOS_COMPARADOS):
            acao = "inalterada"
        else:
            acao = "substituir"
        previa.validas.append(
            LinhaValida(
                linha=numero,
                dados=dados,
                criada_em=criada_em,
                termo_aceito_em=termo,
                acao=acao,
                anterior_id=anterior["pk"] if anterior else None,
                anterior_numero=anterior["numero"] if anterior else "",
            )
        )
    previa.erros.sort(key=lambda e: (e.linha, NOMES_COLUNAS.index(e.coluna)))
    previa.importado_antes = (
        RegistroAuditoria.objects.filter(
            selecao=selecao, acao=ACAO_AUDITORIA, depois__sha256=sha256
        )
        .order_by("-criado_em")
        .first()
    )
    return previa


def confirmar(
    *,
    selecao: Selecao,
    conteudo: bytes,
    nome_arquivo: str,
    sha256_esperado: str,
    somente_validas: bool,
    usuario: AbstractBaseUser | AnonymousUser | None,
    agora: datetime,
) -> ResultadoImportacao:
    """Grava a importação numa transação: tudo (se não houver erro) ou só as válidas.

    Valida de novo contra o banco atual: entre a prévia e a confirmação outras
    inscrições podem ter chegado. O SHA-256 fica no registro de auditoria.
    """
    sha256 = hashlib.sha256(conteudo).hexdigest()
    if sha256 != sha256_esperado:
        raise ImportacaoInvalida("O arquivo mudou depois da prévia; envie-o de novo.")
    try:
        with transaction.atomic():
            # Uma importação por seleção de cada vez.
            selecao = Selecao.objects.select_for_update().select_related("orgao").get(pk=selecao.pk)
            previa = analisar(
                selecao=selecao, conteudo=conteudo, nome_arquivo=nome_arquivo, agora=agora
            )
            if previa.erros and not somente_validas:
                raise ImportacaoInvalida(
                    f"O arquivo tem {len(previa.linhas_com_erro)} linha(s) com erro; nada foi "
                    "gravado. Corrija o arquivo ou escolha importar somente as linhas válidas."
                )
            gravar = [v for v in previa.validas if v.acao != "inalterada"]
            if not previa.validas:
                raise ImportacaoInvalida("Nenhuma linha válida para importar; nada foi gravado.")
            inscricoes_criar_em_lote(
                selecao=selecao,
                linhas=[(v.dados, v.criada_em, v.termo_aceito_em) for v in gravar],
                substituir={
                    v.dados.cpf: v.anterior_id
                    for v in gravar
                    if v.acao == "substituir" and v.anterior_id is not None
                },
                agora=agora,
                origem=OrigemInscricao.IMPORTACAO,
                descricao_auditoria=f"Importada do arquivo {nome_arquivo} (SHA-256 {sha256[:16]}…)",
                usuario=usuario,
            )
            resultado_parcial = {
                "arquivo": nome_arquivo,
                "sha256": sha256,
                "linhas": previa.total_linhas,
                "criadas": previa.a_criar,
                "substituidas": previa.a_substituir,
                "inalteradas": previa.inalteradas,
                "modo": "somente_validas" if somente_validas else "todas",
                "linhas_ignoradas": previa.linhas_com_erro,
            }
            registro = auditoria.registrar(
                acao=ACAO_AUDITORIA,
                objeto=selecao,
                descricao=f"Importação de {len(gravar)} inscrição(ões) do arquivo {nome_arquivo}",
                usuario=usuario,
                selecao=selecao,
                depois=resultado_parcial,
            )
    except IntegrityError as erro:
        raise ImportacaoInvalida(
            "Outra inscrição do mesmo CPF foi gravada durante a importação; nada foi gravado. "
            "Envie o arquivo de novo."
        ) from erro
    return ResultadoImportacao(
        criadas=previa.a_criar,
        substituidas=previa.a_substituir,
        inalteradas=previa.inalteradas,
        ignoradas=len(previa.linhas_com_erro),
        registro=registro,
    )


# ---------------------------------------------------------------- modelo e arquivo pendente


def modelo(*, selecao: Selecao, formato: str) -> bytes:
    """Planilha-modelo com as colunas e duas linhas de exemplo (datas como texto)."""
    vagas = [v.codigo for v in selecao.vagas.all()] or ["CODIGO-DA-VAGA"]
    exemplo = {c.nome: c.exemplo for c in COLUNAS}
    exemplo["vaga"] = vagas[0]
    segundo = {
        **exemplo,
        "vaga": vagas[-1],
        "nome_civil": "José Carlos Pereira",
        "nome_social": "",
        "cpf": formatar_cpf("11144477735"),
        "email": "jose.pereira@exemplo.com",
        "cor_raca": "branca",
        "concorre_negros": "não",
    }
    if not selecao.reserva_pcd:
        for linha in (exemplo, segundo):
            linha["pcd"] = linha["concorre_pcd"] = ""
    linhas = [[linha[c] for c in NOMES_COLUNAS] for linha in (exemplo, segundo)]
    if formato == "xlsx":
        return escrever_xlsx(NOMES_COLUNAS, linhas, titulo="Inscrições")
    return escrever_csv(NOMES_COLUNAS, linhas)


def _caminho_pendente(token: str) -> str:
    if not re.fullmatch(r"[0-9a-f]{32}", token):
        raise ValueError("token inválido")
    return f"{PASTA_PENDENTES}/{token}.bin"


def pendente_guardar(conteudo: bytes, *, agora: datetime) -> str:
    """Guarda o arquivo da prévia fora da área pública; devolve um token aleatório.

    O token fica só na sessão de quem enviou. Arquivos abandonados (dados pessoais)
    são apagados após duas horas, a cada novo envio.
    """
    pendentes_expirados_apagar(agora=agora)
    token = secrets.token_hex(16)
    default_storage.save(_caminho_pendente(token), ContentFile(conteudo))
    return token


def pendente_ler(token: str) -> bytes | None:
    caminho = _caminho_pendente(token)
    if not default_storage.exists(caminho):
        return None
    with default_storage.open(caminho, "rb") as arquivo:
        return arquivo.read()


def pendente_apagar(token: str) -> None:
    default_storage.delete(_caminho_pendente(token))


def pendentes_expirados_apagar(*, agora: datetime) -> int:
    try:
        _, arquivos = default_storage.listdir(PASTA_PENDENTES)
    except FileNotFoundError:
        return 0
    apagados = 0
    for nome in arquivos:
        caminho = f"{PASTA_PENDENTES}/{nome}"
        if agora - default_storage.get_modified_time(caminho) > VALIDADE_PENDENTE:
            default_storage.delete(caminho)
            apagados += 1
    return apagados
