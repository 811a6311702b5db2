"""Cache do motor por (vaga, marca das entradas da seleção): nunca dado velho.

Cada linha da tabela muda uma entrada do motor por um caminho diferente (serviço,
``save``, ``QuerySet.update``, ``bulk_create``, outra vaga da mesma seleção) e
confere que a página da vaga e o painel, lidos com o cache já cheio, mostram
exatamente o que um cálculo do zero mostra — e que isso mudou. Transações de
verdade (``transaction=True``): a marca só muda no commit, como em produção.
"""

import datetime as dt
import threading
import time
from decimal import Decimal

import pytest
from django.core.cache import cache as cache_django
from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from candidatos import tasks
from candidatos.models import (
    Avaliacao,
    ChamadoHeteroidentificacao,
    DecisaoHeteroidentificacao,
    Inscricao,
    Instancia,
    MotivoChamado,
    ResultadoHeteroidentificacao,
    SituacaoAvaliacao,
    SituacaoInscricao,
    TipoResultado,
)
from candidatos.selectors import classificacao as seletor
from candidatos.services import convocacao as servico
from candidatos.services import resultado
from candidatos.services.classificacao import LinhaAvaliacao, avaliacoes_salvar
from selecoes import cache, entradas
from selecoes.models import CategoriaEdital, ConfirmacaoCategoria, Selecao, VagaEstagio
from tests.candidatos.classificacao.factories import (
    aprovar,
    classificacao,
    inscrever,
    nova_vaga,
    publicar_final,
)
from tests.factories import VagaEstagioFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def sem_fila(monkeypatch):
    monkeypatch.setattr(tasks.enviar_email_convocacao, "delay", lambda *a, **k: None)


@pytest.fixture(autouse=True)
def cache_limpo():
    cache_django.clear()
    seletor.esquecer_memoria()
    yield
    cache_django.clear()
    seletor.esquecer_memoria()


def retrato(estado):
    """O que a página da vaga mostra, comparável."""
    return {
        "fonte": estado.fonte,
        "versao": estado.versao.pk if estado.versao else None,
        "k": estado.k,
        "erro": estado.erro,
        "desatualizada": estado.desatualizada,
        "sequencia": estado.sequencia,
        "reservadas": estado.reservadas,
        "classificacao": [
            (x.posicao, x.numero, x.nota_final, x.listas, x.situacao, x.modalidade, x.explicacao)
            for x in estado.classificacao
        ],
        "eliminados": [x.numero for x in estado.eliminados],
        "listas": {c: [x.numero for x in ls] for c, ls in estado.listas_por_categoria.items()},
        "ordem": [(i.ordem, i.numero, i.modalidade, i.explicacao) for i in estado.ordem],
        "a_convocar": [i.numero for i in estado.a_convocar],
        "convocacoes": [(c.ordem, c.inscricao.numero, c.situacao) for c in estado.convocacoes],
    }


def do_zero(vaga):
    """A mesma leitura sem nada guardado."""
    cache_django.clear()
    seletor.esquecer_memoria()
    return retrato(seletor.estado_vaga(VagaEstagio.objects.get(pk=vaga.pk)))


def lido(vaga):
    return retrato(seletor.estado_vaga(VagaEstagio.objects.get(pk=vaga.pk)))


def _selecao_com_duas_vagas(orgao, usuario, *, final=True):
    vaga = nova_vaga(orgao, ofertadas=2)
    outra = VagaEstagioFactory(selecao=vaga.selecao, codigo="ADM", vagas_ofertadas=2)
    ins = classificacao(vaga, "ABXCDYEZ")
    classificacao(outra, "FGHW")
    if final:
        publicar_final(vaga.selecao, usuario, agora=timezone.now() - dt.timedelta(days=1))
    return vaga, outra, ins


# --- mudanças: cada uma recebe (vaga, outra vaga da seleção, inscrições, usuário) ---


def _nota_pelo_servico(vaga, outra, ins, usuario):
    avaliacoes_salvar(
        selecao=vaga.selecao,
        linhas=[LinhaAvaliacao(ins["E"].pk, SituacaoAvaliacao.APROVADO, {}, Decimal("200"))],
        usuario=usuario,
    )


def _nota_por_update(vaga, outra, ins, usuario):
    Avaliacao.objects.filter(inscricao=ins["Z"]).update(nota_final=Decimal("300"))


def _nova_inscricao_aprovada(vaga, outra, ins, usuario):
    aprovar(inscrever(vaga, "DIR-NOVA", negro=True), Decimal("500"))


def _inscricoes_em_massa(vaga, outra, ins, usuario):
    novas = Inscricao.objects.bulk_create(
        [
            Inscricao(
                selecao=vaga.selecao,
                vaga=vaga,
                numero=f"DIR-M{i}",
                codigo_verificacao="X",
                nome_civil=f"Massa {i}",
                cpf=f"{90000000000 + i}",
                data_nascimento=dt.date(2001, 1, 1),
                email=f"m{i}@exemplo.com",
                instituicao_ensino="UnB",
                curso="Direito",
                periodo_curso="5º",
                cor_raca="branca",
                termo_aceito_em=timezone.now(),
            )
            for i in range(3)
        ]
    )
    Avaliacao.objects.bulk_create(
        Avaliacao(inscricao=i, situacao="aprovado", nota_final=Decimal("400")) for i in novas
    )


def _desistencia_pelo_servico(vaga, outra, ins, usuario):
    servico.desistencia_inscricao_registrar(inscricao=ins["X"], motivo="Pediu.", usuario=usuario)


def _eliminacao_por_update(vaga, outra, ins, usuario):
    Inscricao.objects.filter(pk=ins["A"].pk).update(situacao=SituacaoInscricao.ELIMINADA)


def _reversao_sem_negros(vaga, outra, ins, usuario):
    """Art. 4º, § 3º: sem negros aprovados, a vaga reservada volta à ampla concorrência."""
    Inscricao.objects.filter(vaga=vaga, concorre_negros=True).update(
        situacao=SituacaoInscricao.DESISTENTE
    )


def _convocacao(vaga, outra, ins, usuario):
    servico.proximos_convocar(
        vaga=vaga,
        quantidade=1,
        prazo_resposta=timezone.now() + dt.timedelta(days=5),
        usuario=usuario,
        agora=timezone.now(),
    )


def _vagas_surgidas(vaga, outra, ins, usuario):
    servico.vagas_surgidas_registrar(vaga=vaga, quantidade=2, motivo="Portaria 1.", usuario=usuario)


def _ofertadas_de_outra_vaga(vaga, outra, ins, usuario):
    """O rateio é da seleção inteira (art. 1º, §§ 1º a 3º): mudar outra vaga muda esta."""
    VagaEstagio.objects.filter(pk=outra.pk).update(vagas_ofertadas=8)


def _categoria_do_orgao(vaga, outra, ins, usuario):
    CategoriaEdital.objects.create(
        selecao=vaga.selecao,
        categoria="indigenas",
        nome="Indígenas",
        percentual=Decimal("10"),
        base_legal="Portaria 1/2026",
        pergunta="Você se autodeclara indígena?",
    )
    Inscricao.objects.filter(pk=ins["C"].pk).update(concorre_categorias=["indigenas"])


def _reserva_da_selecao(vaga, outra, ins, usuario):
    Selecao.objects.filter(pk=vaga.selecao_id).update(percentual_negros=Decimal("50"))


def _retificacao_do_resultado(vaga, outra, ins, usuario):
    Avaliacao.objects.filter(inscricao=ins["B"]).update(nota_final=Decimal("250"))
    resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo=TipoResultado.FINAL,
        usuario=usuario,
        motivo="Retificação: nota de B revista.",
        agora=timezone.now(),
    )


def _heteroidentificacao_final(vaga, outra, ins, usuario):
    """Regras § 1: a autodeclaração não confirmada tira a categoria (fica na AC). Só na
    prévia: o resultado final não sai enquanto um chamado não tem resultado final."""
    ConfirmacaoCategoria.objects.create(
        selecao=vaga.selecao, categoria="negros", item_edital="item 3.2"
    )
    chamado = ChamadoHeteroidentificacao.objects.create(
        selecao=vaga.selecao, inscricao=ins["X"], categoria="negros", motivo=MotivoChamado.TODOS
    )
    DecisaoHeteroidentificacao.objects.create(
        chamado=chamado,
        instancia=Instancia.FINAL,
        resultado=ResultadoHeteroidentificacao.NAO_CONFIRMADA,
        regra="maioria",
    )


def _heteroidentificacao_depois_do_final(vaga, outra, ins, usuario):
    """Regras § 1 e issue 15, item 4: a decisão final tomada depois do resultado final da
    seleção (quem foi alcançado pelo cadastro de reserva) tira a categoria também no
    caminho publicado; o documento publicado não muda."""
    _heteroidentificacao_final(vaga, outra, ins, usuario)


MUDANCAS = [
    _nota_pelo_servico,
    _nota_por_update,
    _nova_inscricao_aprovada,
    _inscricoes_em_massa,
    _desistencia_pelo_servico,
    _eliminacao_por_update,
    _reversao_sem_negros,
    _convocacao,
    _vagas_surgidas,
    _ofertadas_de_outra_vaga,
    _categoria_do_orgao,
    _reserva_da_selecao,
    _retificacao_do_resultado,
    _heteroidentificacao_depois_do_final,
]


@pytest.mark.parametrize("mudar", MUDANCAS, ids=lambda f: f.__name__.strip("_"))
def test_toda_mudanca_de_entrada_invalida_o_cache_da_vaga(orgao, alice, mudar):
    vaga, outra, ins = _selecao_com_duas_vagas(orgao, alice)
    antes = lido(vaga)
    assert lido(vaga) == antes  # agora do cache
    marca = entradas.marca(vaga.selecao_id)
    assert marca is not None

    mudar(vaga, outra, ins, alice)

    assert entradas.marca(vaga.selecao_id) not in (None, marca)
    depois = lido(vaga)
    assert depois != antes
    assert depois == do_zero(vaga)


PREVIA = [
    _nota_por_update,
    _nova_inscricao_aprovada,
    _eliminacao_por_update,
    _ofertadas_de_outra_vaga,
    _reserva_da_selecao,
    _heteroidentificacao_final,
]


@pytest.mark.parametrize("mudar", PREVIA, ids=lambda f: f.__name__.strip("_"))
def test_painel_e_previa_mostram_a_mudanca(client, orgao, alice, mudar):
    vaga, outra, ins = _selecao_com_duas_vagas(orgao, alice, final=False)
    client.force_login(alice)
    url = reverse("classificacao:painel", args=[vaga.selecao_id])
    painel_antes = client.get(url).content
    antes = lido(vaga)

    mudar(vaga, outra, ins, alice)

    assert lido(vaga) == do_zero(vaga) != antes
    resumos = seletor.resumos_das_vagas(vaga.selecao, [vaga, outra])
    cache_django.clear()
    seletor.esquecer_memoria()
    assert resumos == seletor.resumos_das_vagas(vaga.selecao, [vaga, outra])
    if mudar in (_nova_inscricao_aprovada, _eliminacao_por_update):
        assert client.get(url).content != painel_antes


def test_escrita_desfeita_nao_deixa_marca(orgao, alice):
    vaga, _outra, ins = _selecao_com_duas_vagas(orgao, alice)
    antes = lido(vaga)
    marca = entradas.marca(vaga.selecao_id)
    vistos = []

    def escrever_e_desfazer():
        with transaction.atomic():
            Inscricao.objects.filter(pk=ins["A"].pk).update(situacao=SituacaoInscricao.ELIMINADA)
            # A própria transação vê a escrita: sem cache, nunca o que estava guardado.
            vistos.append((entradas.marca(vaga.selecao_id), lido(vaga)))
            raise RuntimeError

    with pytest.raises(RuntimeError):
        escrever_e_desfazer()
    assert vistos[0][0] != marca
    assert vistos[0][1] != antes
    assert entradas.marca(vaga.selecao_id) == marca
    assert lido(vaga) == antes == do_zero(vaga)


def test_cache_fora_do_ar_calcula(orgao, alice, monkeypatch):
    vaga, _outra, _ins = _selecao_com_duas_vagas(orgao, alice)
    esperado = do_zero(vaga)
    seletor.esquecer_memoria()
    monkeypatch.setattr(cache, "disponivel", lambda: False)
    assert lido(vaga) == esperado
    assert seletor.resumos_das_vagas(vaga.selecao, [vaga])[vaga.pk].ativos == 8


def test_entrada_fora_de_tabela_troca_a_marca_pelo_ponto_unico(orgao, alice):
    vaga, _outra, _ins = _selecao_com_duas_vagas(orgao, alice, final=False)
    marca = entradas.marca(vaga.selecao_id)
    with transaction.atomic():
        entradas.entradas_mudaram(vaga.selecao_id)
        assert entradas.marca(vaga.selecao_id) != marca
    assert entradas.marca(vaga.selecao_id) not in (None, marca)


@pytest.mark.redis
@pytest.mark.postgresql
def test_duas_pessoas_abrindo_a_vaga_depois_de_uma_mudanca_calculam_uma_vez(
    orgao, alice, monkeypatch
):
    """Dois pedidos (dois processos do gunicorn, aqui dois fios que só se enxergam pelo
    Redis e pelo banco) chegam juntos à vaga que acabou de mudar: um calcula, o outro
    espera o núcleo guardado; os dois mostram o mesmo que um cálculo do zero."""
    from django.db import connection

    vaga, _outra, _ins = _selecao_com_duas_vagas(orgao, alice)
    esperado = do_zero(vaga)
    cache_django.clear()
    seletor.esquecer_memoria()
    original = seletor._calcular_nucleo
    calculos = []

    def lento(*args, **kwargs):
        calculos.append(1)
        time.sleep(0.4)  # a vaga grande: segundos de motor
        return original(*args, **kwargs)

    monkeypatch.setattr(seletor, "_calcular_nucleo", lento)
    vistos = []

    def abrir():
        try:
            vistos.append(lido(vaga))
        finally:
            seletor.esquecer_memoria()  # cada "processo" com a sua memória
            connection.close()

    fios = [threading.Thread(target=abrir) for _ in range(2)]
    for fio in fios:
        fio.start()
    for fio in fios:
        fio.join(30)

    assert len(calculos) == 1
    assert vistos == [esperado, esperado]
