"""Impedimento ou suspeição de membro para um candidato (Lei nº 9.784/1999, arts. 18 a
21): o próprio membro declara, não dá parecer, e a decisão sai com os demais em
exercício, desde que sejam ao menos o mínimo."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from candidatos.models import ImpedimentoMembro, Instancia, Parecer
from candidatos.services import heteroidentificacao as hetero
from selecoes.models import MINIMO_MEMBROS, RegistroAuditoria
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import (
    FUNDAMENTO,
    comissao,
    membro_usuario,
    montado,
    sessao,
)

pytestmark = pytest.mark.django_db

C, N = "confirma", "nao_confirma"
MOTIVO = "Sou prima em segundo grau da candidata (parentesco até o 3º grau)."


def _preparado(orgao, alice, membros=4):
    """Um chamado presente à sessão de uma comissão com ``membros`` em exercício."""
    _vaga, _ins, chamados = montado(orgao, alice)
    c = comissao(orgao, "Comissão A", membros=membros, usuario=alice)
    s = sessao(chamados[0].selecao, c, alice)
    hetero.chamados_convocar(sessao=s, chamados=chamados, usuario=alice)
    chamado = chamados[0]
    hetero.presenca_registrar(chamado=chamado, presenca="presente", usuario=alice, agora=AGORA)
    chamado.refresh_from_db()
    return chamado, c, list(c.membros.filter(ativo=True).order_by("nome", "pk"))


def _declarar(chamado, membro, *, usuario=None, motivo=MOTIVO, instancia=Instancia.COMISSAO):
    return hetero.impedimento_declarar(
        chamado=chamado,
        membro=membro,
        instancia=instancia,
        motivo=motivo,
        usuario=usuario if usuario is not None else membro.usuario,
        agora=AGORA,
    )


def _parecer(chamado, membro, voto=C):
    return hetero.parecer_registrar(
        membro=membro,
        chamado=chamado,
        voto=voto,
        fundamentacao=FUNDAMENTO,
        usuario=membro.usuario,
        agora=AGORA,
    )


def test_impedimento_decisao_sai_com_os_demais_em_exercicio(orgao, alice):
    chamado, _c, membros = _preparado(orgao, alice, membros=4)
    impedido, *demais = membros

    impedimento = _declarar(chamado, impedido)
    with pytest.raises(ValidationError, match="falta o parecer"):
        hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)
    for membro, voto in zip(demais, [N, N, C], strict=True):
        _parecer(chamado, membro, voto)
    decisao = hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)

    assert impedimento.registrado_por == impedido.usuario
    assert impedimento.motivo == MOTIVO
    assert sum(decisao.votos.values()) == len(demais) == MINIMO_MEMBROS
    assert decisao.resultado == "nao_confirmada"


def test_impedimento_sem_o_minimo_de_atuantes_a_decisao_nao_sai_e_explica(orgao, alice):
    chamado, c, membros = _preparado(orgao, alice, membros=MINIMO_MEMBROS)
    impedido, *demais = membros
    _declarar(chamado, impedido)
    for membro in demais:
        _parecer(chamado, membro)

    with pytest.raises(ValidationError) as erro:
        hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)
    mensagem = " ".join(erro.value.messages)
    assert impedido.nome in mensagem
    assert "impedimento ou suspeição" in mensagem
    assert f"restam {MINIMO_MEMBROS - 1} membro(s)" in mensagem
    assert "incluir outro membro em exercício" in mensagem

    novo = hetero.membro_incluir(
        comissao=c,
        usuario_membro=membro_usuario(orgao, "suplente"),
        nome="Suplente",
        usuario=alice,
    )
    _parecer(chamado, novo)
    decisao = hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)
    assert sum(decisao.votos.values()) == MINIMO_MEMBROS


def test_impedimento_parecer_do_impedido_recusado(orgao, alice):
    chamado, _c, membros = _preparado(orgao, alice)
    _declarar(chamado, membros[0])

    with pytest.raises(ValidationError, match="declarou impedimento ou suspeição"):
        _parecer(chamado, membros[0])
    assert not Parecer.objects.filter(chamado=chamado).exists()


def test_impedimento_membros_que_faltam_nao_lista_o_impedido(orgao, alice):
    chamado, _c, membros = _preparado(orgao, alice)
    _declarar(chamado, membros[0])
    _parecer(chamado, membros[1])

    assert hetero.membros_que_faltam(chamado, Instancia.COMISSAO) == [m.nome for m in membros[2:]]


def _outro_usuario(chamado, membros, c, orgao, alice):
    return {"membro": membros[0], "usuario": membros[1].usuario}


def _gestor(chamado, membros, c, orgao, alice):
    return {"membro": membros[0], "usuario": alice}


def _de_outra_comissao(chamado, membros, c, orgao, alice):
    outra = comissao(orgao, "Comissão B", usuario=alice)
    membro = outra.membros.first()
    return {"membro": membro, "usuario": membro.usuario}


def _desligado(chamado, membros, c, orgao, alice):
    hetero.membro_desligar(membro=membros[0], usuario=alice)
    membros[0].refresh_from_db()
    return {"membro": membros[0], "usuario": membros[0].usuario}


def _ja_deu_parecer(chamado, membros, c, orgao, alice):
    _parecer(chamado, membros[0])
    return {"membro": membros[0], "usuario": membros[0].usuario}


def _decisao_apurada(chamado, membros, c, orgao, alice):
    for membro in membros:
        _parecer(chamado, membro)
    hetero.decisao_apurar(chamado=chamado, usuario=alice, agora=AGORA)
    return {"membro": membros[0], "usuario": membros[0].usuario}


def _ja_declarou(chamado, membros, c, orgao, alice):
    _declarar(chamado, membros[0])
    return {"membro": membros[0], "usuario": membros[0].usuario}


def _motivo_vazio(chamado, membros, c, orgao, alice):
    return {"membro": membros[0], "usuario": membros[0].usuario, "motivo": "   "}


def _motivo_longo(chamado, membros, c, orgao, alice):
    return {"membro": membros[0], "usuario": membros[0].usuario, "motivo": "x" * 1001}


def _recursal_sem_recurso(chamado, membros, c, orgao, alice):
    return {"membro": membros[0], "usuario": membros[0].usuario, "instancia": "recursal"}


@pytest.mark.parametrize(
    ("preparar", "mensagem"),
    [
        pytest.param(_outro_usuario, "Membro: só .* declara o próprio", id="outro_membro_por_ele"),
        pytest.param(_gestor, "Membro: só .* declara o próprio", id="gestor_por_ele"),
        pytest.param(_de_outra_comissao, "Membro: .* não está em exercício", id="outra_comissao"),
        pytest.param(_desligado, "Membro: .* não está em exercício", id="fora_de_exercicio"),
        pytest.param(_ja_deu_parecer, "Impedimento: .* já deu parecer", id="depois_do_parecer"),
        pytest.param(_decisao_apurada, "Impedimento: a decisão .* já foi apurada", id="decidido"),
        pytest.param(_ja_declarou, "Impedimento: .* já declarou", id="duas_vezes"),
        pytest.param(_motivo_vazio, "Motivo: descreva", id="sem_motivo"),
        pytest.param(_motivo_longo, "Motivo: no máximo 1000", id="motivo_longo"),
        pytest.param(_recursal_sem_recurso, "Impedimento: .* não tem recurso", id="sem_recurso"),
    ],
)
def test_impedimento_recusado(orgao, alice, preparar, mensagem):
    chamado, c, membros = _preparado(orgao, alice)
    argumentos = preparar(chamado, membros, c, orgao, alice)
    antes = ImpedimentoMembro.objects.count()

    with pytest.raises(ValidationError, match=mensagem):
        _declarar(chamado, **argumentos)
    assert ImpedimentoMembro.objects.count() == antes


def test_impedimento_trilha_de_auditoria_com_quem_declarou_sem_o_motivo(orgao, alice):
    from selecoes.selectors.auditoria import VERBOS, frase_auditoria

    chamado, _c, membros = _preparado(orgao, alice)
    impedimento = _declarar(chamado, membros[0])

    registro = RegistroAuditoria.objects.get(acao="heteroidentificacao.impedimento")
    assert registro.usuario == membros[0].usuario
    assert registro.objeto_id == str(impedimento.pk)
    assert registro.inscricao_id == chamado.inscricao_id
    assert registro.depois == {"membro": membros[0].nome, "instancia": "comissao"}
    assert MOTIVO not in f"{registro.descricao} {registro.depois} {registro.motivo}"
    assert frase_auditoria(registro).acao == VERBOS["heteroidentificacao.impedimento"]


def test_impedimento_na_recursal_julga_sem_o_impedido(orgao, alice):
    from selecoes.models import TipoComissao
    from tests.candidatos.heteroidentificacao.cenario import julgar, verificar

    _vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice, {"DIR-Y": [N, N, N]})
    hetero.resultado_preliminar_publicar(
        selecao=chamados[0].selecao,
        recurso_fim=AGORA + dt.timedelta(days=2),
        usuario=alice,
        agora=AGORA,
    )
    chamado_y = next(c for c in chamados if c.inscricao.numero == "DIR-Y")
    recursal = comissao(orgao, "Recursal", TipoComissao.RECURSAL, membros=4, usuario=alice)
    recurso = hetero.recurso_receber(
        chamado=chamado_y,
        razoes="Peço nova avaliação.",
        comissao_recursal=recursal,
        usuario=alice,
        agora=AGORA,
    )
    impedido, *demais = recursal.membros.order_by("nome", "pk")
    _declarar(chamado_y, impedido, instancia=Instancia.RECURSAL)

    with pytest.raises(ValidationError, match="declarou impedimento"):
        julgar(chamado_y, recursal, [C, C, C, C], alice, instancia=Instancia.RECURSAL)
    for membro in demais:
        hetero.parecer_registrar(
            membro=membro,
            chamado=chamado_y,
            voto=C,
            fundamentacao=FUNDAMENTO,
            usuario=membro.usuario,
            agora=AGORA,
            instancia=Instancia.RECURSAL,
        )
    decisao = hetero.recurso_julgar(recurso=recurso, usuario=alice, agora=AGORA)
    assert decisao.resultado == "confirmada"
    assert sum(decisao.votos.values()) == len(demais)
