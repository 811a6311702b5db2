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
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction

from candidatos.models import Inscricao, OrigemInscricao, SituacaoInscricao
from candidatos.planilhas import escrever_csv, escrever_xlsx, ler_planilha
from candidatos.services.importacao_leiaute import (
    COLUNAS,
    NOMES_COLUNAS,
    ErroLinha,
    ValidadorLinha,
    verificar_cabecalho,
)
from candidatos.services.inscricoes import DadosInscricao, substituicao_avisar
from candidatos.services.lote import inscricoes_criar_em_lote
from selecoes import auditoria
from selecoes.models import RegistroAuditoria, Selecao, SituacaoSelecao
from selecoes.validators import formatar_cpf, somente_digitos

PASTA_PENDENTES = "importacoes-pendentes"
#: Erros mostrados na página da prévia; a lista completa é baixada em CSV.
ERROS_EXIBIDOS = 200
PASSO_PROGRESSO = 1000
VALIDADE_PENDENTE = timedelta(hours=2)
ACAO_AUDITORIA = "inscricoes.importacao"
ATIVA = SituacaoInscricao.ATIVA.value


class ImportacaoInvalida(Exception):
    """A importação não pode ser gravada (nada foi salvo)."""


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
    "concorre_categorias",
)


def _valor_comparado(dados: DadosInscricao, campo: str) -> object:
    valor = getattr(dados, campo)
    return list(valor) if campo == "concorre_categorias" else valor


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

    @property
    def substituicoes(self) -> list["LinhaValida"]:
        return [linha for linha in self.validas if linha.acao == "substituir"]


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


# ---------------------------------------------------------------- análise


def _existentes(selecao: Selecao) -> dict[str, dict[str, Any]]:
    """Inscrições que contam, por CPF, numa consulta só."""
    linhas = (
        Inscricao.objects.filter(selecao=selecao)
        .exclude(situacao=SituacaoInscricao.SUBSTITUIDA)
        .values("pk", "numero", "cpf", "situacao", *CAMPOS_COMPARADOS)
    )
    return {linha["cpf"]: linha for linha in linhas}


def selecao_verificar(selecao: Selecao) -> None:
    """Só a seleção publicada e ainda não classificada recebe inscrições."""
    if selecao.situacao != SituacaoSelecao.PUBLICADA:
        raise ImportacaoInvalida(
            "Só é possível importar inscrições de seleção publicada e ainda não classificada."
        )


def analisar(
    *,
    selecao: Selecao,
    conteudo: bytes,
    nome_arquivo: str,
    agora: datetime,
    progresso: Callable[[int, int], None] | None = None,
) -> Previa:
    """Prévia da importação: todas as linhas validadas, nada gravado.

    Levanta ``ErroPlanilha`` quando o arquivo inteiro é ilegível (formato,
    cabeçalho, limites de ``candidatos.planilhas``) e ``ImportacaoInvalida``
    quando a seleção não recebe inscrições.
    """
    selecao_verificar(selecao)
    sha256 = hashlib.sha256(conteudo).hexdigest()
    planilha = ler_planilha(conteudo, nome_arquivo)
    verificar_cabecalho(planilha, selecao)
    previa = Previa(nome_arquivo=nome_arquivo, sha256=sha256, total_linhas=len(planilha.linhas))
    validador = ValidadorLinha(selecao, agora)
    convertidas: list[tuple[int, tuple[DadosInscricao, datetime, datetime]]] = []
    linhas_por_cpf: dict[str, list[int]] = defaultdict(list)
    total = len(planilha.linhas)
    for indice, linha in enumerate(planilha.linhas):
        if progresso is not None and indice % PASSO_PROGRESSO == 0:
            progresso(indice, total)
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
        elif all(_valor_comparado(dados, c) == anterior[c] for c in CAMPOS_COMPARADOS):
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
    usuario: User | AnonymousUser | None,
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
            selecao = Selecao.objects.travar(selecao.pk)
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
            ids = inscricoes_criar_em_lote(
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
            # O e-mail da inscrição substituída sempre fica sabendo, também quando quem
            # substitui é o RH por arquivo (issue 16, item 1): ninguém troca em silêncio
            # o endereço para onde vão a convocação e os links de confirmação.
            pares = [
                (v.anterior_id, nova_id)
                for v, nova_id in zip(gravar, ids, strict=True)
                if v.acao == "substituir" and v.anterior_id is not None
            ]
            if pares:
                transaction.on_commit(partial(_avisar_substituidas, pares), robust=True)
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


def pendente_caminho(token: str, extensao: str = "bin") -> str:
    """Caminho, fora da área pública, do arquivo da prévia (``bin``) ou de um dos que o
    acompanham (resumo, erros, resultado). Só aceita o token que ``pendente_guardar``
    gera (32 dígitos hexadecimais): nada vindo de fora escolhe a pasta."""
    if not re.fullmatch(r"[0-9a-f]{32}", token):
        raise ValueError("token inválido")
    return f"{PASTA_PENDENTES}/{token}.{extensao}"


def pendente_guardar(conteudo: bytes, *, agora: datetime) -> str:
    """Guarda o arquivo da prévia fora da área pública; devolve um token aleatório.

    O token fica só na sessão de quem enviou. Arquivos abandonados (dados pessoais)
    são apagados após duas horas, a cada novo envio.
    """
    pendentes_expirados_apagar(agora=agora)
    token = secrets.token_hex(16)
    default_storage.save(pendente_caminho(token), ContentFile(conteudo))
    return token


def pendente_ler(token: str) -> bytes | None:
    caminho = pendente_caminho(token)
    if not default_storage.exists(caminho):
        return None
    with default_storage.open(caminho, "rb") as arquivo:
        return arquivo.read()


def pendente_apagar(token: str) -> None:
    for extensao in ("bin", "previa.json", "erros.csv", "confirmacao.json", "resultado.json"):
        default_storage.delete(pendente_caminho(token, extensao))


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


def _avisar_substituidas(pares: list[tuple[int, int]]) -> None:
    for anterior_id, nova_id in pares:
        substituicao_avisar(anterior_id=anterior_id, nova_id=nova_id)
