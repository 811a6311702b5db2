"""Gerações lidas no Redis guardadas no processo, com o aviso de mudança por pub/sub.

Ler a geração de uma seleção no Redis a cada página pública custava uma ida ao
servidor por pedido (a maior parte do custo da página, ``docs/desempenho.md``). Cada
processo passa a guardar o número que leu e assina um canal do Redis: quem avança
uma geração (``selecoes.cache.avancar_geracao``) publica o nome dela no canal depois
do ``INCR``, e cada processo esquece o número guardado assim que o aviso chega (no
próprio processo que avançou, na hora, sem esperar o aviso).

O número guardado só vale enquanto a assinatura está de pé: antes da confirmação
do ``SUBSCRIBE``, depois de qualquer erro da conexão e ao reassinar, tudo o que
estava guardado é esquecido e a geração volta a ser lida no Redis a cada pedido
(avisos podem ter se perdido nesse intervalo). Uma leitura que começou antes de um
aviso nunca guarda o número que trouxe (``marca``): o aviso pode ter chegado entre
a resposta do Redis e a gravação local.

Se um aviso se perder sem a conexão cair (nunca visto; seria defeito do Redis), o
estado público ainda tem a validade curta de 2 s (``VALIDADE_ESTADO_SEGUNDOS``): a
página nunca fica velha por mais que isso, como sem o Redis.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

import redis
from redis.exceptions import RedisError

logger = logging.getLogger("selecoes.cache")

ESPERA_MAXIMA_S = 30.0
VERIFICAR_CONEXAO_S = 10


class GeracoesLocais:
    """Números de geração guardados neste processo enquanto o canal de avisos responde."""

    def __init__(self, *, url: str, opcoes: dict[str, Any], canal: str) -> None:
        self.canal = canal
        self._url = url
        self._opcoes = opcoes
        self._trava = threading.Lock()
        self._valores: dict[str, int] = {}
        self._avisos = 0
        self._ativa = False
        self._assinaturas = 0
        self._parar = threading.Event()
        self._fio = threading.Thread(target=self._escutar, name="avisos-de-geracao", daemon=True)
        self.pid = os.getpid()
        self.nome = f"avisos-de-geracao-{self.pid}"
        """Nome da conexão no Redis (``CLIENT LIST``), para quem opera saber de quem é."""

    # ------------------------------------------------------------ uso pelos pedidos

    def ler(self, nome: str) -> tuple[int | None, int | None]:
        """(número guardado ou None, marca para ``guardar``; None se a assinatura caiu)."""
        with self._trava:
            if not self._ativa:
                return None, None
            return self._valores.get(nome), self._avisos

    def guardar(self, nome: str, valor: int, marca: int) -> None:
        """Guarda o que foi lido no Redis, se nenhum aviso chegou desde ``ler``."""
        with self._trava:
            if self._ativa and self._avisos == marca:
                self._valores[nome] = valor

    def esquecer(self, nome: str) -> None:
        with self._trava:
            self._avisos += 1
            self._valores.pop(nome, None)

    def esquecer_tudo(self) -> None:
        with self._trava:
            self._avisos += 1
            self._valores.clear()

    @property
    def ativa(self) -> bool:
        with self._trava:
            return self._ativa

    # ------------------------------------------------------------ ciclo de vida

    def iniciar(self) -> None:
        self._fio.start()

    def parar(self) -> None:
        self._parar.set()
        self._definir_ativa(False)

    @property
    def assinaturas(self) -> int:
        """Quantas vezes a assinatura foi confirmada (a primeira e cada reassinatura)."""
        with self._trava:
            return self._assinaturas

    def esperar_assinatura(self, *, depois_de: int = 0, limite_s: float = 5.0) -> bool:
        """Espera a assinatura ativa número ``depois_de + 1`` ou seguinte (para testes)."""
        fim = time.monotonic() + limite_s
        while time.monotonic() < fim:
            with self._trava:
                if self._ativa and self._assinaturas > depois_de:
                    return True
            time.sleep(0.005)
        return False

    def _definir_ativa(self, ativa: bool) -> None:
        with self._trava:
            self._ativa = ativa
            self._assinaturas += int(ativa)
            self._avisos += 1
            self._valores.clear()

    def _escutar(self) -> None:
        espera = 0.5
        avisou_falha = False
        while not self._parar.is_set():
            cliente = redis.Redis.from_url(
                self._url,
                health_check_interval=VERIFICAR_CONEXAO_S,
                client_name=self.nome,
                **self._opcoes,
            )
            assinatura = cliente.pubsub()
            try:
                assinatura.subscribe(self.canal)
                while not self._parar.is_set():
                    mensagem = assinatura.get_message(timeout=1.0)
                    if mensagem is None:
                        continue
                    if mensagem["type"] == "subscribe":
                        self._definir_ativa(True)
                        espera, avisou_falha = 0.5, False
                    elif mensagem["type"] == "message":
                        self.esquecer(_texto(mensagem["data"]))
            except (RedisError, OSError) as erro:
                if not avisou_falha:
                    logger.warning(
                        "Avisos de geração do cache fora do ar (%s: %s): a geração volta a "
                        "ser lida no Redis a cada pedido até a assinatura voltar.",
                        type(erro).__name__,
                        erro,
                    )
                    avisou_falha = True
            finally:
                self._definir_ativa(False)
                try:
                    assinatura.close()
                    cliente.close()
                except (RedisError, OSError):
                    pass
            self._parar.wait(espera)
            espera = min(espera * 2, ESPERA_MAXIMA_S)


def _texto(dado: Any) -> str:
    return dado.decode() if isinstance(dado, bytes) else str(dado)
