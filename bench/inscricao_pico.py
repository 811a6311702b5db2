"""Último dia de inscrições: o POST público de inscrição em malha aberta (issue 22, item 1).

Sobe, num banco próprio (criado e apagado aqui), o gunicorn e um worker Celery real
que consome os e-mails de comprovante, e mede o caminho inteiro de quem se inscreve:
validação do formulário, regra do CPF, trava consultiva, gravação com auditoria,
caixa de saída do e-mail e, seguindo o redirecionamento como o navegador, a página
do comprovante.

Cada pedido tem o seu instante fixado antes da rodada (chegadas de Poisson com
semente fixa: malha aberta; um pedido nunca espera a resposta do anterior) e a
latência conta desse instante, não de quando o cliente conseguiu enviar. Cada
pedido usa um CPF e um e-mail únicos. Os clientes saem de endereços de loopback
diferentes (127.10.x.y), um por "navegador", e cada navegador pegou o token CSRF
com um GET do formulário antes da rodada (quem se inscreve abre o formulário
minutos antes de enviá-lo): nenhum limite por IP é afrouxado e a proteção CSRF
fica ligada (o POST leva o cookie, o campo escondido e o ``Origin``).

(a) 20 inscrições/s por 60 s: p50/p95/p99, erros e, depois, a contagem no banco:
nenhuma inscrição perdida (302 sem linha), duplicada (CPF com duas linhas) ou
fantasma (linha sem 302), e todos os comprovantes entregues pelo worker.
(b) A maior taxa com p95 ≤ 1 s e nenhum erro, subindo em degraus (e refinando
entre o último degrau aprovado e o primeiro reprovado), para a inscrição e para
uma view trivial de POST servida pelo mesmo gunicorn (só no urlconf deste módulo,
carregado pela fábrica WSGI daqui; nunca nas rotas de produção), com o mesmo
middleware (CSRF incluído) e o mesmo corpo de formulário.

Antes de subir os processos, o custo de CPU de cada etapa, pedido a pedido no próprio
processo pelo cliente de teste do Django (sem rede nem gunicorn, o mesmo middleware):
o POST trivial, um POST que só grava uma linha numa transação (o piso de qualquer
envio que precisa estar gravado antes da resposta), o POST da inscrição e a página do
comprovante. Daí o teto que o custo deixa à razão (b), antes de contar o PostgreSQL,
o worker e o cliente, que disputam os mesmos núcleos e só a baixam.

Figuras: ``inscricao_pico_p95_ms`` (meta ≤ 500), ``inscricao_pico_erros`` (meta 0),
``inscricao_pico_razao_trivial`` (taxa sustentável da inscrição ÷ a da view
trivial; meta ≥ 0,25), ``inscricao_pico_razao_custo_cpu`` (o teto pelo custo) e as de
apoio (p50/p99, só o POST, taxas, contagens, CPU de cada etapa).
"""

from __future__ import annotations

import asyncio
import math
import os
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

RAIZ = Path(__file__).resolve().parent.parent
# Gunicorn com workers síncronos: cada pedido passa boa parte do tempo esperando o
# PostgreSQL e o Redis (na mesma máquina), então mais processos que núcleos mantêm os
# 2 núcleos ocupados; a regra do gunicorn (2 × núcleos + 1) dá 5.
WORKERS = int(os.environ.get("BENCH_PICO_WORKERS", str(2 * (os.cpu_count() or 1) + 1)))
TAXA_A = float(os.environ.get("BENCH_PICO_TAXA", "20"))
SEGUNDOS_A = float(os.environ.get("BENCH_PICO_SEGUNDOS", "60"))
DEGRAU_S = float(os.environ.get("BENCH_PICO_DEGRAU_S", "15"))
P95_SUSTENTAVEL_MS = 1000.0
FATOR_DEGRAU = math.sqrt(2)
REFINOS = 2
INSCRICAO_INICIO, TRIVIAL_INICIO = 10.0, 80.0
EXISTENTES = int(os.environ.get("BENCH_PICO_EXISTENTES", "50000"))
VAGAS = 300  # uma seleção nacional (issue 22, item 3)
NAVEGADORES = int(os.environ.get("BENCH_PICO_NAVEGADORES", "300"))
# Abaixo do limite do formulário (30 envios por IP em 10 min): nada é afrouxado.
ENVIOS_POR_NAVEGADOR = 25
TEMPO_LIMITE_S = 30.0
URL_TRIVIAL = "/bench/trivial-post/"
URL_GRAVACAO = "/bench/gravacao-minima/"
TABELA_GRAVACAO = "bench_gravacao_minima"
SEMENTE = 22
PEDIDOS_POR_ETAPA = int(os.environ.get("BENCH_PICO_PEDIDOS_ETAPA", "300"))

# --------------------------------------------------------------- lado do servidor


def _trivial(request: Any) -> Any:
    """POST trivial de referência: o mesmo middleware (CSRF incluído), nenhum trabalho."""
    from django.http import HttpResponse, HttpResponseNotAllowed

    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    return HttpResponse("ok")


def _gravacao_minima(request: Any) -> Any:
    """POST de referência que só grava uma linha numa transação (commit durável): o
    piso de qualquer envio que precisa estar gravado antes da resposta."""
    from django.db import connection, transaction
    from django.http import HttpResponse, HttpResponseNotAllowed

    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {TABELA_GRAVACAO} (corpo) VALUES (%s) RETURNING id",  # noqa: S608
            [request.POST.get("nome_civil", "")],
        )
        (identificador,) = cursor.fetchone()
    return HttpResponse(str(identificador))


def criar_tabela_gravacao() -> None:
    """A tabela da gravação mínima, só no banco descartável do benchmark."""
    from django.db import connection

    chave = "bigserial" if connection.vendor == "postgresql" else "integer"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {TABELA_GRAVACAO} "
            f"(id {chave} PRIMARY KEY, corpo text NOT NULL)"
        )


def __getattr__(nome: str) -> Any:
    """``urlpatterns`` preguiçoso: as rotas do sistema mais as views de referência."""
    if nome == "urlpatterns":
        from django.urls import include, path

        return [
            path(URL_TRIVIAL.strip("/") + "/", _trivial),
            path(URL_GRAVACAO.strip("/") + "/", _gravacao_minima),
            path("", include("config.urls")),
        ]
    raise AttributeError(nome)


def aplicacao() -> Any:
    """Fábrica WSGI do gunicorn: o sistema de sempre, a view trivial ao lado e as
    tarefas numa fila só desta rodada (``BENCH_PICO_FILA``), que só o worker daqui lê."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django
    from django.conf import settings

    django.setup()
    settings.ROOT_URLCONF = "bench.inscricao_pico"
    from config.celery import app

    app.conf.task_default_queue = os.environ["BENCH_PICO_FILA"]
    from django.core.wsgi import get_wsgi_application

    return get_wsgi_application()


# --------------------------------------------------------------- dados


def cpf(n: int) -> str:
    """CPF válido de base ``n`` (9 dígitos) com os dígitos verificadores."""
    base = [int(d) for d in f"{n:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(base, range(tamanho + 1, 1, -1), strict=True))
        resto = soma % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


def _semear() -> tuple[int, list[int]]:
    """Seleção aberta, reserva PcD, 20 vagas e ``EXISTENTES`` inscrições já feitas."""
    import datetime as dt

    from django.utils import timezone

    from candidatos.models import CorRaca, Inscricao
    from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio
    from tests.factories import OrgaoFactory, SelecaoFactory, VagaEstagioFactory

    agora = timezone.now()
    selecao: Selecao = SelecaoFactory(  # type: ignore[assignment]
        orgao=OrgaoFactory(),
        situacao=SituacaoSelecao.PUBLICADA,
        inscricoes_inicio=agora - dt.timedelta(days=20),
        inscricoes_fim=agora + dt.timedelta(days=1),
        reserva_pcd=True,
    )
    vagas: list[VagaEstagio] = VagaEstagioFactory.create_batch(VAGAS, selecao=selecao)
    Inscricao.objects.bulk_create(
        (
            Inscricao(
                selecao=selecao,
                vaga=vagas[i % VAGAS],
                numero=f"{agora.year}-{i + 1:07d}",
                codigo_verificacao=f"EX{i:010d}",
                nome_civil=f"Candidata Existente {i:06d}",
                cpf=cpf(100_000_000 + i),
                data_nascimento=dt.date(2003, 1, 1),
                email=f"existente{i}@exemplo.com",
                instituicao_ensino="Universidade Federal",
                curso="Direito",
                periodo_curso="3º semestre",
                cor_raca=CorRaca.PARDA if i % 3 == 0 else CorRaca.BRANCA,
                concorre_negros=i % 3 == 0,
                termo_aceito_em=agora,
            )
            for i in range(EXISTENTES)
        ),
        batch_size=5000,
    )
    return selecao.pk, [v.pk for v in vagas]


def dados_do_formulario(n: int, vaga_id: int) -> dict[str, str]:
    """O que o navegador envia, com CPF e e-mail únicos por ``n``."""
    negra = n % 3 == 0
    dados = {
        "vaga": str(vaga_id),
        "nome_civil": f"Candidata do Pico {n:06d} dos Santos",
        "nome_social": "",
        "cpf": cpf(500_000_000 + n),
        "data_nascimento": "2003-05-17",
        "email": f"pico{n}@exemplo.com",
        "email_confirmacao": f"pico{n}@exemplo.com",
        "telefone": "(61) 99999-0000",
        "instituicao_ensino": "Universidade de Brasília",
        "curso": "Direito",
        "periodo_curso": "5º semestre",
        "cor_raca": "parda" if negra else "branca",
        "aceite_termo": "on",
        "codigo_anterior": "",
        "autorizacao": "",
        "laudo_pcd_ref": "",
    }
    if negra:
        dados["concorre_negros"] = "on"
    return dados


def _url_do_banco(banco: Mapping[str, Any]) -> str:
    usuario = quote(banco.get("USER") or "")
    senha = f":{quote(banco['PASSWORD'])}" if banco.get("PASSWORD") else ""
    porta = f":{banco['PORT']}" if banco.get("PORT") else ""
    return f"postgres://{usuario}{senha}@{banco.get('HOST') or ''}{porta}/{banco['NAME']}"


# --------------------------------------------------------------- custo por etapa


@dataclass(frozen=True)
class CustoPorEtapa:
    """CPU do processo por pedido (ms), pelo cliente de teste do Django."""

    trivial_ms: float
    gravacao_minima_ms: float
    post_ms: float
    comprovante_ms: float

    @property
    def razao_custo(self) -> float:
        """O teto da razão (b) pelo custo: a inscrição (POST + comprovante) não sustenta
        mais que trivial ÷ inscrição da taxa do POST trivial, antes de contar o banco, o
        worker e o cliente, que dividem os mesmos núcleos."""
        return self.trivial_ms / (self.post_ms + self.comprovante_ms)

    @property
    def razao_gravacao_minima(self) -> float:
        return self.trivial_ms / self.gravacao_minima_ms


def _ip_da_etapa(k: int) -> str:
    """Um endereço por pedido (127.12.x.y): nenhum limite por IP é afrouxado."""
    return f"127.12.{k // 250 % 250}.{k % 250 + 1}"


def custo_por_etapa(
    selecao_id: int, vagas: list[int], *, pedidos: int, primeiro: int = 700_000
) -> CustoPorEtapa:
    """Mede, no próprio processo, a CPU por pedido do POST trivial, da gravação mínima,
    do POST da inscrição (até o 302, com o envio ao broker depois do commit) e da
    página do comprovante, com o mesmo middleware e o CSRF ligado.

    Precisa de ``ROOT_URLCONF`` apontando para este módulo e da tabela da gravação
    mínima (``criar_tabela_gravacao``). Cada inscrição usa um CPF único a partir de
    ``primeiro``; as dez primeiras de cada etapa aquecem e não contam.
    """
    from django.test import Client
    from django.urls import reverse

    cliente = Client(enforce_csrf_checks=True)
    formulario = reverse("inscricao_publica:formulario", args=[selecao_id])
    if cliente.get(formulario, REMOTE_ADDR=_ip_da_etapa(0)).status_code != 200:
        raise RuntimeError("o formulário de inscrição não abriu")
    token = cliente.cookies["csrftoken"].value
    aquecimento = 10
    cpu: dict[str, float] = {"trivial": 0.0, "gravacao": 0.0, "post": 0.0, "comprovante": 0.0}

    def medir(etapa: str, i: int, pedido: Callable[..., Any], *argumentos: Any) -> Any:
        """Um pedido (``argumentos``: URL, corpo, status esperado e endereço)."""
        url, dados, esperado, ip = argumentos
        inicio = time.process_time()
        resposta = pedido(url, dados, REMOTE_ADDR=ip)
        if i >= aquecimento:
            cpu[etapa] += time.process_time() - inicio
        if resposta.status_code != esperado:
            raise RuntimeError(f"{etapa}: {resposta.status_code} em vez de {esperado}")
        return resposta

    for i in range(pedidos + aquecimento):
        n, ip = primeiro + i, _ip_da_etapa(i + 1)
        corpo = {"csrfmiddlewaretoken": token, **dados_do_formulario(n, vagas[n % len(vagas)])}
        medir("trivial", i, cliente.post, URL_TRIVIAL, corpo, 200, ip)
        medir("gravacao", i, cliente.post, URL_GRAVACAO, corpo, 200, ip)
        resposta = medir("post", i, cliente.post, formulario, corpo, 302, ip)
        medir("comprovante", i, cliente.get, resposta["Location"], None, 200, ip)
    return CustoPorEtapa(
        *(round(cpu[etapa] / pedidos * 1000, 2) for etapa in cpu),
    )


# --------------------------------------------------------------- cliente HTTP


@dataclass
class Resposta:
    status: int
    cabecalhos: list[tuple[str, str]]
    corpo: bytes

    def cabecalho(self, nome: str) -> str:
        return next((v for k, v in self.cabecalhos if k.lower() == nome.lower()), "")


@dataclass
class Navegador:
    """Um endereço de loopback com o seu cookie e o seu token CSRF."""

    ip: str
    cookie: str = ""
    token: str = ""
    envios: int = 0


@dataclass
class Cliente:
    porta: int
    cabecalho_host: str = field(init=False)

    def __post_init__(self) -> None:
        self.cabecalho_host = f"127.0.0.1:{self.porta}"

    async def pedir(
        self, navegador: Navegador, metodo: str, caminho: str, corpo: bytes = b""
    ) -> Resposta:
        """Uma conexão por pedido (o gunicorn síncrono fecha cada uma), como o navegador
        sem keep-alive; do endereço de loopback do navegador."""
        leitor, escritor = await asyncio.open_connection(
            "127.0.0.1", self.porta, local_addr=(navegador.ip, 0)
        )
        try:
            linhas = [
                f"{metodo} {caminho} HTTP/1.1",
                f"Host: {self.cabecalho_host}",
                "Connection: close",
                "User-Agent: bench-inscricao-pico",
            ]
            if navegador.cookie:
                linhas.append(f"Cookie: {navegador.cookie}")
            if metodo == "POST":
                linhas += [
                    f"Origin: http://{self.cabecalho_host}",
                    "Content-Type: application/x-www-form-urlencoded",
                    f"Content-Length: {len(corpo)}",
                ]
            escritor.write(("\r\n".join(linhas) + "\r\n\r\n").encode() + corpo)
            await escritor.drain()
            bruto = await leitor.read()
        finally:
            escritor.close()
        cabeca, _, resto = bruto.partition(b"\r\n\r\n")
        primeira, *outras = cabeca.decode("latin-1").split("\r\n")
        cabecalhos = [tuple(p.strip() for p in linha.split(":", 1)) for linha in outras]
        return Resposta(int(primeira.split()[1]), cabecalhos, resto)  # type: ignore[arg-type]


TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')


async def _abrir_formulario(cliente: Cliente, navegador: Navegador, caminho: str) -> None:
    resposta = await cliente.pedir(navegador, "GET", caminho)
    achado = TOKEN.search(resposta.corpo)
    cookies = [v.split(";", 1)[0] for k, v in resposta.cabecalhos if k.lower() == "set-cookie"]
    cookie = next((c for c in cookies if c.split("=", 1)[0].endswith("csrftoken")), "")
    if resposta.status != 200 or not achado or not cookie:
        raise RuntimeError(f"o formulário respondeu {resposta.status} sem token CSRF")
    navegador.cookie, navegador.token = cookie, achado.group(1).decode()


# --------------------------------------------------------------- malha aberta


@dataclass
class Resultado:
    n: int
    ok: bool
    latencia_s: float  # do instante marcado até a última resposta
    latencia_post_s: float
    atraso_envio_s: float  # quanto o cliente atrasou para abrir a conexão
    status: int = 0
    numero: str = ""  # o número que o redirecionamento do POST (302) trouxe
    erro: str = ""


@dataclass
class Rodada:
    taxa: float
    segundos: float
    resultados: list[Resultado]
    duracao_s: float

    @property
    def erros(self) -> int:
        return sum(not r.ok for r in self.resultados)

    def percentil_ms(self, p: int, *, so_post: bool = False) -> float:
        valores = [r.latencia_post_s if so_post else r.latencia_s for r in self.resultados]
        if len(valores) < 2:
            return valores[0] * 1000 if valores else math.inf
        return statistics.quantiles(valores, n=100, method="inclusive")[p - 1] * 1000

    def atraso_p99_ms(self) -> float:
        valores = [r.atraso_envio_s for r in self.resultados]
        return statistics.quantiles(valores, n=100)[98] * 1000 if len(valores) > 1 else 0.0

    def sustentavel(self, *, so_post: bool = False) -> bool:
        return self.erros == 0 and self.percentil_ms(95, so_post=so_post) <= P95_SUSTENTAVEL_MS

    def resumo(self, nome: str) -> str:
        return (
            f"    {nome} {self.taxa:.1f}/s × {self.segundos:.0f} s: {len(self.resultados)} "
            f"pedidos, p50 {self.percentil_ms(50):.0f} ms, p95 {self.percentil_ms(95):.0f} ms, "
            f"p99 {self.percentil_ms(99):.0f} ms, erros {self.erros}, atraso do cliente p99 "
            f"{self.atraso_p99_ms():.1f} ms"
        )


Acao = Callable[[int, float], Coroutine[Any, Any, Resultado]]


def instantes(taxa: float, segundos: float, semente: int) -> list[float]:
    """Chegadas de Poisson à ``taxa`` por ``segundos``, fixadas antes da rodada."""
    sorteio = random.Random(semente)
    marcados, t = [], 0.0
    while (t := t + sorteio.expovariate(taxa)) < segundos:
        marcados.append(t)
    return marcados


async def malha_aberta(taxa: float, segundos: float, acao: Acao, *, primeiro: int) -> Rodada:
    """Dispara ``acao(n, instante)`` em cada instante marcado, sem esperar respostas."""
    laco = asyncio.get_running_loop()
    marcados = instantes(taxa, segundos, SEMENTE + primeiro)
    inicio = laco.time() + 0.2
    tarefas: list[asyncio.Task[Resultado]] = []
    for i, t in enumerate(marcados):
        alvo = inicio + t
        if (espera := alvo - laco.time()) > 0:
            await asyncio.sleep(espera)
        tarefas.append(asyncio.create_task(acao(primeiro + i, alvo)))
    resultados = list(await asyncio.gather(*tarefas))
    return Rodada(taxa, segundos, resultados, laco.time() - inicio)


class Carga:
    """Os navegadores, a seleção e as duas ações medidas (inscrição e POST trivial)."""

    def __init__(self, cliente: Cliente, selecao_id: int, vagas: list[int]) -> None:
        from django.urls import reverse

        self.cliente = cliente
        self.vagas = vagas
        self.formulario = reverse("inscricao_publica:formulario", args=[selecao_id])
        self.navegadores = [
            Navegador(f"127.10.{k // 250}.{k % 250 + 1}") for k in range(NAVEGADORES)
        ]
        self.proximo = 0
        self.form_ms: list[float] = []

    async def abrir_formularios(self, simultaneos: int = 4) -> None:
        fila = asyncio.Queue[Navegador]()
        for navegador in self.navegadores:
            fila.put_nowait(navegador)

        async def trabalhar() -> None:
            while not fila.empty():
                navegador = fila.get_nowait()
                inicio = time.perf_counter()
                await _abrir_formulario(self.cliente, navegador, self.formulario)
                self.form_ms.append((time.perf_counter() - inicio) * 1000)

        await asyncio.gather(*(trabalhar() for _ in range(simultaneos)))

    def _navegador(self, *, conta: bool) -> Navegador:
        navegador = self.navegadores[self.proximo % len(self.navegadores)]
        self.proximo += 1
        if conta:
            navegador.envios += 1
            if navegador.envios > ENVIOS_POR_NAVEGADOR:
                raise RuntimeError("navegadores de menos para a rodada: aumente NAVEGADORES")
        return navegador

    def _corpo(self, n: int, navegador: Navegador) -> bytes:
        dados = dados_do_formulario(n, self.vagas[n % len(self.vagas)])
        return urlencode({"csrfmiddlewaretoken": navegador.token, **dados}).encode()

    async def inscrever(self, n: int, alvo: float) -> Resultado:
        laco = asyncio.get_running_loop()
        navegador = self._navegador(conta=True)
        atraso = laco.time() - alvo
        post, numero = math.inf, ""
        try:
            async with asyncio.timeout(TEMPO_LIMITE_S):
                resposta = await self.cliente.pedir(
                    navegador, "POST", self.formulario, self._corpo(n, navegador)
                )
                post = laco.time() - alvo
                local = resposta.cabecalho("Location")
                if resposta.status != 302 or "/comprovante/" not in local:
                    return Resultado(n, False, post, post, atraso, resposta.status, erro="post")
                numero = local.rstrip("/").split("/")[-2]
                recibo = await self.cliente.pedir(navegador, "GET", local)
        except (TimeoutError, OSError) as erro:
            duracao = laco.time() - alvo
            return Resultado(
                n, False, duracao, min(post, duracao), atraso, numero=numero, erro=repr(erro)
            )
        total = laco.time() - alvo
        ok = recibo.status == 200 and numero.encode() in recibo.corpo
        return Resultado(n, ok, total, post, atraso, recibo.status, numero, "" if ok else "recibo")

    async def trivial(self, n: int, alvo: float) -> Resultado:
        laco = asyncio.get_running_loop()
        navegador = self._navegador(conta=False)
        atraso = laco.time() - alvo
        try:
            async with asyncio.timeout(TEMPO_LIMITE_S):
                resposta = await self.cliente.pedir(
                    navegador, "POST", URL_TRIVIAL, self._corpo(n, navegador)
                )
        except (TimeoutError, OSError) as erro:
            duracao = laco.time() - alvo
            return Resultado(n, False, duracao, duracao, atraso, erro=repr(erro))
        duracao = laco.time() - alvo
        ok = resposta.status == 200 and resposta.corpo == b"ok"
        return Resultado(n, ok, duracao, duracao, atraso, resposta.status)


@dataclass
class Escada:
    """Degraus de uma taxa: sobe (× √2) até o p95 passar de 1 s ou aparecer erro (ou,
    se o primeiro degrau já reprova, desce até um aprovar) e refina ``REFINOS`` vezes
    entre o último aprovado e o primeiro reprovado. ``aprovada`` é a maior taxa
    sustentável (0 se nem ``inicio`` ÷ 8 se sustenta)."""

    nome: str
    acao: Acao
    inicio: float
    primeiro: int
    so_post: bool = False
    aprovada: float = 0.0
    reprovada: float = math.inf
    refinos: int = 0
    degraus: int = 0
    rodadas: list[Rodada] = field(default_factory=list)

    def proxima(self) -> float | None:
        """A taxa do próximo degrau, ou None quando a escada terminou."""
        if not self.degraus:
            return self.inicio
        if self.aprovada and math.isfinite(self.reprovada):
            return math.sqrt(self.aprovada * self.reprovada) if self.refinos < REFINOS else None
        if self.aprovada:
            return self.aprovada * FATOR_DEGRAU
        taxa = self.reprovada / FATOR_DEGRAU
        return taxa if taxa >= self.inicio / 8 else None

    async def degrau(self, taxa: float) -> None:
        rodada = await malha_aberta(taxa, DEGRAU_S, self.acao, primeiro=self.primeiro)
        self.primeiro += len(rodada.resultados)
        self.rodadas.append(rodada)
        print(rodada.resumo(self.nome), flush=True)
        self.anotar(taxa, sustentavel=rodada.sustentavel(so_post=self.so_post))

    def anotar(self, taxa: float, *, sustentavel: bool) -> None:
        self.degraus += 1
        self.refinos += bool(self.aprovada and math.isfinite(self.reprovada))
        if sustentavel:
            self.aprovada = max(self.aprovada, taxa)
        else:
            self.reprovada = min(self.reprovada, taxa)


async def escadas_alternadas(*escadas: Escada) -> None:
    """Um degrau de cada escada por vez: as taxas comparadas são medidas lado a lado
    no tempo, e uma mudança de carga da máquina atinge as duas."""
    while True:
        andou = False
        for escada in escadas:
            if (taxa := escada.proxima()) is not None:
                await escada.degrau(taxa)
                await asyncio.sleep(2)  # deixa a fila do degrau anterior esvaziar
                andou = True
        if not andou:
            return


# --------------------------------------------------------------- conferência no banco


def conferir(rodada: Rodada) -> dict[str, int]:
    """Perdidas (302 sem linha), duplicadas (CPF com mais de uma linha) e fantasmas
    (linha de um pedido que não recebeu 302), mais a auditoria de cada inscrição."""
    from django.db.models import Count

    from candidatos.models import Inscricao
    from selecoes.models import RegistroAuditoria

    por_cpf = {cpf(500_000_000 + r.n): r for r in rodada.resultados}
    linhas = dict(
        Inscricao.objects.filter(cpf__in=por_cpf)
        .values("cpf")
        .annotate(n=Count("pk"))
        .values_list("cpf", "n")
    )
    numeros = dict(Inscricao.objects.filter(cpf__in=por_cpf).values_list("cpf", "numero"))
    aceitas = {c for c, r in por_cpf.items() if r.numero}
    auditadas = RegistroAuditoria.objects.filter(
        acao="inscricao.criada", inscricao_id__in=Inscricao.objects.filter(cpf__in=por_cpf)
    ).count()
    return {
        "aceitas": len(aceitas),
        "no_banco": sum(linhas.values()),
        "perdidas": sum(1 for c in aceitas if linhas.get(c, 0) == 0),
        "duplicadas": sum(1 for n in linhas.values() if n > 1),
        "fantasmas": sum(1 for c in linhas if c not in aceitas),
        "numero_divergente": sum(
            1 for c in aceitas if por_cpf[c].numero and numeros.get(c) != por_cpf[c].numero
        ),
        "sem_auditoria": sum(linhas.values()) - auditadas,
    }


def esperar_emails(rodada: Rodada, limite_s: float = 300) -> tuple[int, float]:
    """Espera o worker entregar o comprovante de cada inscrição aceita; devolve quantos
    ficaram sem entregar e quanto tempo levou depois do fim da rodada."""
    from candidatos.models import Inscricao
    from selecoes.models import Mensagem, SituacaoMensagem

    ids = list(
        Inscricao.objects.filter(
            cpf__in=[cpf(500_000_000 + r.n) for r in rodada.resultados if r.ok]
        ).values_list("pk", flat=True)
    )
    inicio = time.monotonic()
    while True:
        entregues = Mensagem.objects.filter(
            modelo="inscricao_comprovante",
            inscricao_id__in=ids,
            situacao=SituacaoMensagem.ENVIADA,
        ).count()
        if entregues >= len(ids) or time.monotonic() - inicio > limite_s:
            return len(ids) - entregues, time.monotonic() - inicio
        time.sleep(0.5)


def _conferir_tudo(rodada: Rodada) -> tuple[dict[str, int], tuple[int, float]]:
    """Fora do laço do asyncio (o ORM é síncrono), numa conexão que se fecha no fim."""
    from django.db import connections

    try:
        return conferir(rodada), esperar_emails(rodada)
    finally:
        connections.close_all()


# --------------------------------------------------------------- processos


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _esperar_servidor(porta: int, processo: subprocess.Popen[bytes]) -> None:
    limite = time.monotonic() + 60
    while time.monotonic() < limite:
        if processo.poll() is not None:
            raise RuntimeError("o gunicorn terminou antes de responder")
        try:
            with socket.create_connection(("127.0.0.1", porta), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("o gunicorn não respondeu em 60 s")


def _esperar_worker(log: Path, processo: subprocess.Popen[bytes]) -> None:
    limite = time.monotonic() + 90
    while time.monotonic() < limite:
        if processo.poll() is not None:
            raise RuntimeError(f"o worker Celery saiu:\n{log.read_text(errors='replace')[-3000:]}")
        if " ready." in log.read_text(errors="replace"):
            return
        time.sleep(0.3)
    raise RuntimeError("o worker Celery não ficou pronto em 90 s")


def _encerrar(processo: subprocess.Popen[bytes]) -> None:
    if processo.poll() is None:
        processo.terminate()
        try:
            processo.wait(timeout=30)
        except subprocess.TimeoutExpired:
            processo.kill()
            processo.wait(timeout=10)


def _cpu_da_arvore(pid: int) -> float:
    total = 0.0
    for entrada in Path("/proc").iterdir():
        if not entrada.name.isdigit():
            continue
        try:
            campos = (entrada / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entrada.name) == pid or int(campos[1]) == pid:
            total += sum(int(c) for c in campos[11:13]) / os.sysconf("SC_CLK_TCK")
    return total


def _limpar_fila(broker: str, fila: str) -> None:
    """A fila da rodada e as suas ligações no Redis do broker (a fila já está vazia)."""
    if not broker.startswith("redis"):
        return  # broker em arquivos: a pasta da rodada vai embora com ela
    import redis

    try:
        cliente = redis.Redis.from_url(broker, socket_timeout=2)
        cliente.delete(fila, f"_kombu.binding.{fila}", f"_kombu.binding_permanent.{fila}")
    except (redis.RedisError, OSError):
        print(f"    não consegui apagar a fila {fila} do broker", flush=True)


# --------------------------------------------------------------- execução


async def _medir(carga: Carga, pid_gunicorn: int, pid_worker: int) -> dict[str, Any]:
    inicio = time.perf_counter()
    await carga.abrir_formularios()
    print(
        f"    {len(carga.navegadores)} navegadores abriram o formulário em "
        f"{time.perf_counter() - inicio:.1f} s (GET p95 "
        f"{statistics.quantiles(carga.form_ms, n=100)[94]:.0f} ms)",
        flush=True,
    )
    # Aquecimento: cada worker do gunicorn carrega modelos, templates e conexões.
    await malha_aberta(5, 4, carga.inscrever, primeiro=900_000)
    await malha_aberta(20, 2, carga.trivial, primeiro=0)
    await asyncio.sleep(2)

    cpu_servidor, cpu_worker = _cpu_da_arvore(pid_gunicorn), _cpu_da_arvore(pid_worker)
    carga_maquina = os.getloadavg()[0]
    a = await malha_aberta(TAXA_A, SEGUNDOS_A, carga.inscrever, primeiro=0)
    cpu_servidor = _cpu_da_arvore(pid_gunicorn) - cpu_servidor
    print(a.resumo("(a) inscrição"), flush=True)
    contagem, (pendentes, espera_emails) = await asyncio.to_thread(_conferir_tudo, a)
    cpu_worker = _cpu_da_arvore(pid_worker) - cpu_worker
    print(
        f"    conferência no banco: {contagem}; comprovantes não entregues: {pendentes} "
        f"({espera_emails:.1f} s depois do fim da rodada)",
        flush=True,
    )

    trivial = Escada("(b) trivial", carga.trivial, TRIVIAL_INICIO, 0)
    inscricao = Escada("(b) inscrição", carga.inscrever, INSCRICAO_INICIO, 100_000)
    await escadas_alternadas(trivial, inscricao)
    so_post = max(
        (d.taxa for d in inscricao.rodadas if d.sustentavel(so_post=True)),
        default=0.0,
    )
    return {
        "a": a,
        "contagem": contagem,
        "pendentes": pendentes,
        "cpu_servidor_a_s": cpu_servidor,
        "cpu_worker_a_s": cpu_worker,
        "carga_a": carga_maquina,
        "trivial": trivial.aprovada,
        "inscricao": inscricao.aprovada,
        "so_post": so_post,
        "degraus": len(trivial.rodadas) + len(inscricao.rodadas),
        "formulario_p95_ms": statistics.quantiles(carga.form_ms, n=100)[94],
        "formulario_p50_ms": statistics.median(carga.form_ms),
    }


def executar() -> dict[str, float]:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection, connections

    if connection.vendor != "postgresql":
        raise RuntimeError("a inscrição no pico mede a trava consultiva: só no PostgreSQL")
    _suave, duro = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (duro, duro))  # uma conexão por pedido em voo
    banco = settings.DATABASES["default"]
    nome_original = banco["NAME"]
    banco.setdefault("TEST", {})["NAME"] = f"{nome_original}_bench_pico"
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    processos: list[subprocess.Popen[bytes]] = []
    fila = f"bench-pico-{uuid.uuid4().hex[:8]}"
    pasta = Path(tempfile.mkdtemp(prefix="bench-pico-"))
    try:
        print(f"    semeando {EXISTENTES} inscrições existentes…", flush=True)
        selecao_id, vagas = _semear()
        criar_tabela_gravacao()
        # O custo de cada etapa no próprio processo, antes dos servidores: as tarefas
        # de e-mail vão para a fila da rodada, que o worker daqui consome depois.
        settings.ROOT_URLCONF = "bench.inscricao_pico"
        settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]
        from config.celery import app

        app.conf.task_default_queue = fila
        custo = custo_por_etapa(selecao_id, vagas, pedidos=PEDIDOS_POR_ETAPA)
        print(
            f"    CPU por pedido no processo ({PEDIDOS_POR_ETAPA} de cada): trivial "
            f"{custo.trivial_ms} ms, gravação mínima {custo.gravacao_minima_ms} ms, POST da "
            f"inscrição {custo.post_ms} ms, comprovante {custo.comprovante_ms} ms; teto da "
            f"razão pelo custo {custo.razao_custo:.3f}",
            flush=True,
        )
        connections.close_all()
        porta = _porta_livre()
        ambiente = {
            **os.environ,
            "DATABASE_URL": _url_do_banco(banco),
            "DB_CONN_MAX_AGE": "600",
            "CACHE_KEY_PREFIX": fila,
            "LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(RAIZ),
            "BENCH_PICO_FILA": fila,
            "VAR_DIR": str(pasta / "var"),  # broker em arquivos, se for o caso: só desta rodada
            # O worker envia de verdade pelo backend do Django, mas para lugar nenhum.
            "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        }
        log_worker = pasta / "worker.log"
        with log_worker.open("ab") as saida:
            worker = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "--pool=prefork",
                    "--concurrency=1",
                    "--loglevel=INFO",
                    "-Q",
                    fila,
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    "--hostname",
                    f"{fila}@bench",
                ],
                cwd=RAIZ,
                env=ambiente,
                stdout=saida,
                stderr=subprocess.STDOUT,
            )
        processos.append(worker)
        gunicorn = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "bench.inscricao_pico:aplicacao()",
                "--bind",
                f"127.0.0.1:{porta}",
                "--workers",
                str(WORKERS),
                "--backlog",
                "4096",
                "--log-level",
                "warning",
            ],
            cwd=RAIZ,
            env=ambiente,
        )
        processos.append(gunicorn)
        _esperar_servidor(porta, gunicorn)
        _esperar_worker(log_worker, worker)
        carga = Carga(Cliente(porta), selecao_id, vagas)
        cpu_cliente = time.process_time()
        medidas = asyncio.run(_medir(carga, gunicorn.pid, worker.pid))
        cpu_cliente = time.process_time() - cpu_cliente
        a: Rodada = medidas["a"]
        contagem, pendentes = medidas["contagem"], medidas["pendentes"]
        print(
            f"    {WORKERS} workers gunicorn síncronos, 1 worker Celery; CPU do gunicorn na "
            f"rodada (a): {medidas['cpu_servidor_a_s']:.1f} s, do worker Celery (até entregar "
            f"os comprovantes): {medidas['cpu_worker_a_s']:.1f} s; CPU do cliente: "
            f"{cpu_cliente:.1f} s; carga no início de (a): {medidas['carga_a']:.2f}\n"
            f"    taxa sustentável (p95 ≤ 1 s): inscrição {medidas['inscricao']:.1f}/s "
            f"(só o POST: {medidas['so_post']:.1f}/s), trivial {medidas['trivial']:.1f}/s",
            flush=True,
        )
        falhas = {k: v for k, v in contagem.items() if k not in ("aceitas", "no_banco") and v}
        trivial = medidas["trivial"]
        return {
            "inscricao_pico_p50_ms": round(a.percentil_ms(50), 1),
            "inscricao_pico_p95_ms": round(a.percentil_ms(95), 1),
            "inscricao_pico_p99_ms": round(a.percentil_ms(99), 1),
            "inscricao_pico_post_p95_ms": round(a.percentil_ms(95, so_post=True), 1),
            "inscricao_pico_erros": a.erros + sum(falhas.values()),
            "inscricao_pico_pedidos": len(a.resultados),
            "inscricao_pico_perdidas": contagem["perdidas"],
            "inscricao_pico_duplicadas": contagem["duplicadas"],
            "inscricao_pico_emails_nao_entregues": pendentes,
            "inscricao_pico_taxa_sustentavel_por_s": round(medidas["inscricao"], 1),
            "inscricao_pico_trivial_taxa_sustentavel_por_s": round(medidas["trivial"], 1),
            **(
                {
                    "inscricao_pico_razao_trivial": round(medidas["inscricao"] / trivial, 3),
                    "inscricao_pico_razao_trivial_so_post": round(medidas["so_post"] / trivial, 3),
                }
                if trivial
                else {}
            ),
            "inscricao_pico_cpu_gunicorn_a_s": round(medidas["cpu_servidor_a_s"], 1),
            "inscricao_pico_cpu_worker_a_s": round(medidas["cpu_worker_a_s"], 1),
            "inscricao_pico_cpu_cliente_s": round(cpu_cliente, 1),
            # CPU de cada etapa, pedido a pedido no processo (cliente de teste do Django).
            "inscricao_pico_cpu_trivial_ms": custo.trivial_ms,
            "inscricao_pico_cpu_gravacao_minima_ms": custo.gravacao_minima_ms,
            "inscricao_pico_cpu_post_ms": custo.post_ms,
            "inscricao_pico_cpu_comprovante_ms": custo.comprovante_ms,
            "inscricao_pico_razao_custo_cpu": round(custo.razao_custo, 3),
            "inscricao_pico_razao_custo_gravacao_minima": round(custo.razao_gravacao_minima, 3),
            # A CPU por inscrição da rodada (a), no gunicorn (POST + comprovante) e no worker.
            "inscricao_pico_cpu_gunicorn_por_inscricao_ms": round(
                medidas["cpu_servidor_a_s"] / len(a.resultados) * 1000, 1
            ),
            "inscricao_pico_cpu_worker_por_inscricao_ms": round(
                medidas["cpu_worker_a_s"] / len(a.resultados) * 1000, 1
            ),
            # O GET do formulário (300 vagas), 4 navegadores por vez, antes da rodada.
            "inscricao_formulario_p50_ms": round(medidas["formulario_p50_ms"], 1),
            "inscricao_formulario_p95_ms": round(medidas["formulario_p95_ms"], 1),
        }
    finally:
        for processo in reversed(processos):
            _encerrar(processo)
        _limpar_fila(settings.CELERY_BROKER_URL, fila)
        connections.close_all()
        connection.creation.destroy_test_db(nome_original, verbosity=0)
