"""Cenários da heteroidentificação: edital com a regra, comissões e a lista de chamados."""

import datetime as dt

from candidatos.models import Instancia, TipoResultado, VotoParecer
from candidatos.services import heteroidentificacao as hetero
from candidatos.services import resultado
from selecoes.models import ConfirmacaoCategoria, Papel, TipoComissao
from tests.candidatos.classificacao.factories import AGORA, classificacao, nova_vaga
from tests.factories import LotacaoFactory, UserFactory

FUNDAMENTO = "Fundamentação do parecer com as características observadas na sessão."


def membro_usuario(orgao, nome, papel=Papel.OPERADOR):
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
