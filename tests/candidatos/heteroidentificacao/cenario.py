"""Cenários da heteroidentificação: edital com a regra, comissões e a lista de chamados."""

import datetime as dt

from candidatos.models import Instancia, TipoResultado, VotoParecer
from candidatos.services import convocacao, resultado
from candidatos.services import heteroidentificacao as hetero
from selecoes.models import ConfirmacaoCategoria, Papel, Selecao, TipoComissao
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.factories import LotacaoFactory, UserFactory

DEPOIS = AGORA + dt.timedelta(days=10)
FINAL_DA_VERIFICACAO = DEPOIS + dt.timedelta(days=2)
MOTIVO = "Candidato alcançado pelo cadastro de reserva."
FUNDAMENTO = "Fundamentação do parecer com as características observadas na sessão."


def membro_usuario(orgao, nome, papel=Papel.COMISSAO):
    usuario = UserFactory(username=nome)
    LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
    return usuario


def comissao(orgao, nome, tipo=TipoComissao.HETEROIDENTIFICACAO, membros=3, *, usuario=None):
    c = hetero.comissao_criar(orgao=orgao, nome=nome, tipo=tipo, usuario=usuario)
    for i in range(membros):
        login = f"{nome.lower().replace(' ', '-')}-{i}"
        hetero.membro_incluir(
            comissao=c,
            usuario_membro=membro_usuario(orgao, login),
            nome=f"Membro {i} de {nome}",
            sociedade_civil=(i == 0),
            usuario=usuario,
        )
    return c


def regra(selecao, categoria="negros", **campos):
    campos.setdefault("item_edital", "item 3.2.16")
    return ConfirmacaoCategoria.objects.create(selecao=selecao, categoria=categoria, **campos)


def preliminar(selecao, usuario, agora=AGORA):
    return resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=usuario,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=3),
        recurso_fim=agora - dt.timedelta(days=1),
        agora=agora - dt.timedelta(days=3),
    )


def montado(orgao, usuario, letras="ABXCDYEZ", *, ofertadas=5, **regra_campos):
    """Vaga DIR com a classificação das letras (X, Y, Z, W negros), a regra de negros,
    o preliminar publicado, a comissão e a lista de chamados montada."""
    vaga = nova_vaga(orgao, ofertadas=ofertadas)
    inscricoes = classificacao(vaga, letras)
    regra(vaga.selecao, **regra_campos)
    preliminar(vaga.selecao, usuario)
    chamados = hetero.chamados_montar(selecao=vaga.selecao, usuario=usuario, agora=AGORA)
    return vaga, inscricoes, chamados


def sessao(selecao, comissao_, usuario, agora=AGORA):
    return hetero.sessao_agendar(
        selecao=selecao,
        comissao=comissao_,
        modalidade="presencial",
        inicio=agora + dt.timedelta(days=1),
        local="Sala 101, Bloco A",
        usuario=usuario,
        agora=agora,
    )


def julgar(chamado, comissao_, votos, usuario, *, agora=AGORA, instancia=Instancia.COMISSAO):
    """Um parecer por membro em exercício, com os votos na ordem dos membros."""
    for membro, voto in zip(
        comissao_.membros.filter(ativo=True).order_by("nome", "pk"), votos, strict=True
    ):
        hetero.parecer_registrar(
            membro=membro,
            chamado=chamado,
            voto=voto,
            fundamentacao=FUNDAMENTO,
            usuario=membro.usuario,
            agora=agora,
            instancia=instancia,
        )


def verificar(chamados, comissao_, usuario, votos_por_numero=None, *, agora=AGORA):
    """Sessão, presença e decisão de todos os chamados (padrão: todos confirmam)."""
    votos_por_numero = votos_por_numero or {}
    s = sessao(chamados[0].selecao, comissao_, usuario, agora)
    hetero.chamados_convocar(sessao=s, chamados=chamados, usuario=usuario)
    for chamado in chamados:
        votos = votos_por_numero.get(chamado.inscricao.numero, [VotoParecer.CONFIRMA] * 3)
        presenca = "ausente" if votos == "ausente" else "presente"
        hetero.presenca_registrar(chamado=chamado, presenca=presenca, usuario=usuario, agora=agora)
        if presenca == "presente":
            julgar(chamado, comissao_, votos, usuario, agora=agora)
        hetero.decisao_apurar(chamado=chamado, usuario=usuario, agora=agora)
    return s


def convocados_pelo_cadastro(orgao, alice, *, automatica=False, **regra_campos):
    """Seleção com o resultado final publicado; cinco convocados e Z (negros, alcançado
    pelo cadastro de reserva) pendente da verificação."""
    vaga, ins, chamados = montado(
        orgao, alice, "ABXCDYEZFW", chamados="multiplo_vagas", multiplo=1, **regra_campos
    )
    Selecao.objects.filter(pk=vaga.selecao_id).update(convocacao_automatica=automatica)
    vaga.selecao.refresh_from_db()
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    resultado.resultado_publicar(
        selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=DEPOIS
    )
    criadas = convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=5,
        prazo_resposta=DEPOIS + dt.timedelta(days=5),
        usuario=alice,
        agora=DEPOIS,
    )
    z = next(c for c in criadas if c.inscricao.numero == "DIR-Z")
    assert z.modalidade == "negros"
    chamado = hetero.convocacao_pendente_verificacao(z)
    assert chamado is not None
    return vaga, ins, z, chamado


def verificar_depois(orgao, alice, vaga, chamado, votos, *, publicar_final=True):
    """Verifica depois do resultado final da seleção o chamado (ou os chamados, todos com
    os mesmos votos): sessão, decisão, preliminar e, se pedido, o final da verificação."""
    chamados = chamado if isinstance(chamado, list) else [chamado]
    verificar(
        chamados,
        comissao(orgao, "Comissão B", usuario=alice),
        alice,
        {c.inscricao.numero: votos for c in chamados},
        agora=DEPOIS,
    )
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao,
        recurso_fim=DEPOIS + dt.timedelta(days=1),
        usuario=alice,
        agora=DEPOIS,
        motivo=MOTIVO,
    )
    if publicar_final:
        hetero.resultado_final_publicar(
            selecao=vaga.selecao, usuario=alice, agora=FINAL_DA_VERIFICACAO, motivo=MOTIVO
        )
