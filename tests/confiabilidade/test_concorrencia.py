"""50 pedidos simultâneos na mesma vaga, pelas telas reais (PostgreSQL real, travas de linha).

Convocar os próximos N, aceitar (página do candidato), recusar (candidato) e
registrar desistência (RH), todos liberados juntos por uma barreira. O estado final
tem de ser o de alguma ordem em série — a ordem que a trilha de auditoria registrou:
reaplicada pelos serviços, um a um, numa vaga gêmea, dá exatamente o mesmo estado.
"""

import datetime as dt
import threading
from collections import Counter
from dataclasses import dataclass

import pytest
from django.contrib.messages import constants, get_messages
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from candidatos import tasks
from candidatos.models import Convocacao, Inscricao, SituacaoConvocacao
from candidatos.selectors.classificacao import estado_vaga
from candidatos.services import convocacao as servico
from relatorios.documentos import services as documentos
from selecoes.models import Papel, RegistroAuditoria
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import LotacaoFactory, UserFactory

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # Concorrência real exige as travas de linha do PostgreSQL (SELECT … FOR UPDATE).
    pytest.mark.postgresql,
]

PEDIDOS = 50
CLASSIFICACAO = "ABXCDYEZWFGHIJK"  # 15 aprovados; X, Y, Z e W concorrem às vagas de negros
NEGROS = "XYZW"
VAGAS = 5
INICIAIS = 3


@dataclass
class Pedido:
    """Um pedido de uma thread: o que fez, em qual convocação, e o que a tela respondeu."""

    acao: str
    alvo: int | None = None
    quantidade: int = 0
    status: int = 0
    sucesso: bool = False
    mensagem: str = ""
    erro: BaseException | None = None


@pytest.fixture(autouse=True)
def sem_fila(monkeypatch, settings):
    """E-mails e PDFs não são o assunto: nada vai para o broker compartilhado."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    monkeypatch.setattr(tasks.enviar_email_convocacao, "delay", lambda *a, **k: None)
    monkeypatch.setattr(documentos, "_enfileirar", lambda *a, **k: None)


def _vaga(orgao, gestor, codigo: str):
    vaga = nova_vaga(orgao, ofertadas=VAGAS, codigo=codigo)
    classificacao(vaga, CLASSIFICACAO, negros=NEGROS)
    publicar_final(vaga.selecao, gestor)
    return vaga


def _servidor(orgao, nome: str, papel: Papel):
    usuario = UserFactory(username=nome)
    LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
    return usuario


def _cliente(indice: int, usuario=None) -> Client:
    # Um IP por cliente: o limite de tentativas por IP não entra no experimento.
    cliente = Client(REMOTE_ADDR=f"10.0.{indice // 250}.{indice % 250 + 1}")
    if usuario is not None:
        cliente.force_login(usuario)
    return cliente


def _plano(iniciais: list[Convocacao]) -> list[Pedido]:
    """10 de cada: convocar 1, convocar 2, aceitar, recusar (candidato), desistência (RH)."""
    pedidos = []
    for i in range(PEDIDOS):
        alvo = iniciais[i % len(iniciais)].pk
        pedidos.append(
            [
                Pedido("convocar", quantidade=1),
                Pedido("convocar", quantidade=2),
                Pedido("aceitar", alvo=alvo),
                Pedido("recusar", alvo=alvo),
                Pedido("desistencia", alvo=alvo),
            ][i % 5]
        )
    return pedidos


def _requisicao(pedido: Pedido, vaga, tokens: dict[int, str]) -> tuple[str, dict[str, str]]:
    prazo = (timezone.localtime() + dt.timedelta(days=5)).strftime("%Y-%m-%dT%H:%M")
    if pedido.acao == "convocar":
        url = reverse("classificacao:convocar", args=[vaga.pk])
        return url, {"quantidade": str(pedido.quantidade), "prazo_resposta": prazo}
    if pedido.acao == "desistencia":
        dados = {
            "situacao": SituacaoConvocacao.DESISTIU,
            "data": timezone.localdate().isoformat(),
            "motivo": "Desistiu por e-mail.",
        }
        return reverse("classificacao:encerrar", args=[pedido.alvo]), dados
    if pedido.acao == "recusar":  # segundo passo da recusa: o código do comprovante
        url = reverse("convocacao_publica:recusar", args=[tokens[pedido.alvo]])
        codigo = Inscricao.objects.get(convocacoes=pedido.alvo).codigo_verificacao
        return url, {"codigo": codigo, "confirmo": "on"}
    url = reverse("convocacao_publica:responder", args=[tokens[pedido.alvo]])
    return url, {"resposta": "aceitar", "confirmo": "on"}


def _disparar(pedidos: list[Pedido], clientes: list[Client], vaga, tokens) -> None:
    barreira = threading.Barrier(len(pedidos))

    def rodar(pedido: Pedido, cliente: Client) -> None:
        url, dados = _requisicao(pedido, vaga, tokens)
        try:
            barreira.wait(timeout=60)
            resposta = cliente.post(url, dados)
            pedido.status = resposta.status_code
            mensagens = list(get_messages(resposta.wsgi_request))
            pedido.sucesso = resposta.status_code == 302 and any(
                m.level == constants.SUCCESS for m in mensagens
            )
            pedido.mensagem = " ".join(m.message for m in mensagens)
        except BaseException as erro:
            pedido.erro = erro
        finally:
            connection.close()

    threads = [
        threading.Thread(target=rodar, args=(p, c), daemon=True)
        for p, c in zip(pedidos, clientes, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    presas = [t for t in threads if t.is_alive()]
    assert not presas, f"{len(presas)} pedido(s) não terminaram em 120 s (trava presa?)"


def _letra(numero: str) -> str:
    return numero.rsplit("-", 1)[1]


def _estado(vaga) -> dict[str, object]:
    """O que importa do estado da vaga, independente de ids e horários."""
    convocacoes = sorted(
        (c.ordem, _letra(c.inscricao.numero), c.modalidade, c.situacao)
        for c in Convocacao.objects.filter(vaga=vaga).select_related("inscricao")
    )
    inscricoes = sorted(
        (_letra(numero), situacao)
        for numero, situacao in Inscricao.objects.filter(vaga=vaga).values_list(
            "numero", "situacao"
        )
    )
    return {"convocacoes": convocacoes, "inscricoes": inscricoes}


def _reaplicar(registros: list[RegistroAuditoria], gemea, gestor) -> None:
    """Os sucessos, um a um, na ordem da trilha, pelos serviços, na vaga gêmea."""
    agora = timezone.now()
    da_gemea = {
        _letra(c.inscricao.numero): c
        for c in Convocacao.objects.filter(vaga=gemea).select_related("inscricao")
    }
    numero_de = dict(Inscricao.objects.values_list("pk", "numero"))
    for registro in registros:
        letra = _letra(numero_de[registro.inscricao_id]) if registro.inscricao_id else ""
        if registro.acao == "convocacao.criada":
            (criada,) = servico.proximos_convocar(
                vaga=gemea,
                quantidade=1,
                prazo_resposta=agora + dt.timedelta(days=5),
                usuario=gestor,
                agora=agora,
            )
            assert _letra(criada.inscricao.numero) == letra, "a série chamou outra pessoa"
            da_gemea[letra] = criada
        elif registro.acao in ("convocacao.aceita", "convocacao.recusada") and not (
            registro.usuario_id
        ):
            aceita = registro.acao == "convocacao.aceita"
            servico.responder(convocacao=da_gemea[letra], aceita=aceita, agora=agora)
        elif registro.acao == "convocacao.email_enviado":
            continue  # aviso mandado pelo worker (quando há um): não muda o estado
        elif registro.acao.startswith("convocacao."):
            servico.desistencia_registrar(
                convocacao=da_gemea[letra],
                situacao=registro.acao.split(".", 1)[1],
                data=timezone.localdate(),
                motivo=registro.motivo or "Reaplicado.",
                usuario=gestor,
            )
        else:
            assert registro.acao == "inscricao.desistente", registro.acao


@dataclass
class Cenario:
    """Duas vagas gêmeas já com as convocações iniciais, e o plano dos 50 pedidos."""

    alice: object
    bruno: object
    vaga: object
    gemea: object
    tokens: dict[int, str]
    ultimo_registro: int
    pedidos: list[Pedido]

    def usuario(self, indice: int):
        """Aceitar e recusar são do candidato (sem login); o resto, do RH."""
        if self.pedidos[indice].acao in ("aceitar", "recusar"):
            return None
        return (self.alice, self.bruno)[indice % 2]


def preparar(orgao) -> Cenario:
    alice = _servidor(orgao, "alice", Papel.GESTOR)
    bruno = _servidor(orgao, "bruno", Papel.OPERADOR)
    vaga = _vaga(orgao, alice, "DIR")
    gemea = _vaga(orgao, alice, "REP")
    agora = timezone.now()
    iniciais = []
    for v in (vaga, gemea):
        criadas = servico.proximos_convocar(
            vaga=v,
            quantidade=INICIAIS,
            prazo_resposta=agora + dt.timedelta(days=5),
            usuario=alice,
            agora=agora,
        )
        if v == vaga:
            iniciais = criadas
    ultimo_registro = RegistroAuditoria.objects.order_by("-pk").values_list("pk", flat=True)[0]
    return Cenario(
        alice=alice,
        bruno=bruno,
        vaga=vaga,
        gemea=gemea,
        tokens={c.pk: c.token for c in iniciais},
        ultimo_registro=ultimo_registro,
        pedidos=_plano(iniciais),
    )


def conferir_ordem_em_serie(cenario: Cenario) -> None:
    """Depois dos pedidos: nada perdido nem duplicado, e o estado de uma ordem em série."""
    pedidos, vaga = cenario.pedidos, cenario.vaga
    assert [p.erro for p in pedidos if p.erro] == []
    # 302: feito ou recusado com mensagem; 400: desfecho recusado, com o formulário de volta.
    assert all(p.status in (302, 400) for p in pedidos), Counter(p.status for p in pedidos)
    assert any(p.sucesso for p in pedidos if p.acao == "convocar")

    # Ninguém chamado duas vezes; vagas ocupadas dentro de k e iguais ao que o motor dá.
    convocados = list(Convocacao.objects.filter(vaga=vaga).values_list("inscricao_id", flat=True))
    assert len(convocados) == len(set(convocados))
    ordens = sorted(Convocacao.objects.filter(vaga=vaga).values_list("ordem", flat=True))
    assert ordens == list(range(1, len(ordens) + 1))
    estado = estado_vaga(vaga)
    assert estado.divergentes == ()
    assert len(estado.convocacoes_vivas) <= estado.k == VAGAS
    ocupadas_pelo_motor = {i.numero for i in estado.ordem if i.convocacao is not None}
    assert {c.inscricao.numero for c in estado.convocacoes_vivas} == ocupadas_pelo_motor

    # Nenhuma atualização perdida: cada sucesso na trilha exatamente uma vez, e só eles.
    registros = list(
        RegistroAuditoria.objects.filter(
            pk__gt=cenario.ultimo_registro, selecao=vaga.selecao
        ).order_by("pk")
    )
    acoes = Counter(r.acao for r in registros if r.acao != "inscricao.desistente")
    sucessos = [p for p in pedidos if p.sucesso]
    assert acoes["convocacao.criada"] == sum(
        int(p.mensagem.split(" candidato(s) convocado(s)")[0].split()[-1])
        for p in sucessos
        if p.acao == "convocar"
    )
    assert acoes["convocacao.aceita"] == sum(p.acao == "aceitar" for p in sucessos)
    assert acoes["convocacao.recusada"] == sum(p.acao == "recusar" for p in sucessos)
    assert acoes["convocacao.desistiu"] == sum(p.acao == "desistencia" for p in sucessos)
    por_alvo = Counter((r.acao, r.objeto_id) for r in registros if r.acao != "convocacao.criada")
    assert all(n == 1 for n in por_alvo.values()), por_alvo
    desistentes = Counter(r.inscricao_id for r in registros if r.acao == "inscricao.desistente")
    assert all(n == 1 for n in desistentes.values()), desistentes

    # Alguma ordem em série: a da trilha, reaplicada na vaga gêmea, dá o mesmo estado.
    _reaplicar(registros, cenario.gemea, cenario.alice)
    assert _estado(cenario.gemea) == _estado(vaga)


def test_concorrencia_50_pedidos_na_mesma_vaga_equivalem_a_uma_ordem_em_serie(orgao):
    cenario = preparar(orgao)
    clientes = [_cliente(i, cenario.usuario(i)) for i in range(len(cenario.pedidos))]

    _disparar(cenario.pedidos, clientes, cenario.vaga, cenario.tokens)

    conferir_ordem_em_serie(cenario)
