"""O que o membro de comissão de heteroidentificação vê (issue 15, item 8).

Só os candidatos chamados às sessões da sua comissão (ou os recursos que cabem à
sua recursal) e só o que a verificação precisa: nome (o social, quando houver;
Decreto nº 8.727/2016), número de inscrição, a categoria declarada naquele chamado
com a base legal e, quando a verificação é documental, o documento da categoria.
Nada de notas, classificação, outras categorias ou cor/raça; o CPF só com os
últimos dígitos (LGPD, arts. 6º, III, e 11). Toda consulta passa por
``selecoes.acesso.escopo_comissao``: o órgão do papel ``comissao`` e a participação
em exercício na comissão. As telas recebem estes dataclasses, nunca a inscrição.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet
from django.http import Http404

from candidatos.models import (
    ChamadoHeteroidentificacao,
    DocumentoCategoria,
    ImpedimentoMembro,
    Instancia,
    Parecer,
    Presenca,
    PublicacaoHeteroidentificacao,
    RecursoHeteroidentificacao,
    SessaoHeteroidentificacao,
    SituacaoRecursoHetero,
    TipoPublicacao,
)
from selecoes import acesso
from selecoes.categorias import Categoria
from selecoes.models import (
    CategoriaEdital,
    Comissao,
    ConfirmacaoCategoria,
    MembroComissao,
    RegraDecisao,
    TipoConfirmacao,
)
from selecoes.validators import cpf_ultimos_digitos

ESTADO_AGENDADA = "Agendada"
ESTADO_EM_ANDAMENTO = "Em andamento (presença)"
ESTADO_PARECERES = "Pareceres em andamento"
ESTADO_DECIDIDA = "Decidida"
ESTADO_PRELIMINAR = "Decidida, resultado preliminar publicado"
ESTADO_RECURSO = "Decidida, com recurso na comissão recursal"
ESTADO_FINAL = "Resultado final publicado"


@dataclass(frozen=True)
class CandidatoNaVerificacao:
    """O candidato chamado, como a comissão o vê."""

    chamado_id: int
    inscricao_id: int
    numero: str
    nome: str
    cpf: str
    categoria: str
    base_legal: str
    documental: bool
    tem_documento: bool


@dataclass(frozen=True)
class ParecerExibido:
    membro: str
    sociedade_civil: bool
    voto: str
    fundamentacao: str
    registrado_em: datetime


@dataclass(frozen=True)
class DecisaoExibida:
    instancia: str
    resultado: str
    regra: str
    votos: dict[str, int]
    decidida_em: datetime


@dataclass(frozen=True)
class LinhaChamado:
    """Um chamado na lista da sessão: presença, meu parecer e a decisão."""

    candidato: CandidatoNaVerificacao
    presenca: str
    presenca_rotulo: str
    meu_voto: str
    pareceres: int
    membros: int
    decisao: DecisaoExibida | None
    impedido: bool = False


@dataclass(frozen=True)
class SessaoDoMembro:
    sessao: SessaoHeteroidentificacao
    estado: str
    chamados: int
    meus_pendentes: int


@dataclass(frozen=True)
class RecursoDoMembro:
    recurso: RecursoHeteroidentificacao
    candidato: CandidatoNaVerificacao
    meu_voto: str


# ---------------------------------------------------------------- escopo


def _sessoes(usuario: acesso.Usuario) -> QuerySet[SessaoHeteroidentificacao]:
    return acesso.escopo_comissao(
        SessaoHeteroidentificacao.objects.select_related("selecao", "comissao__orgao"), usuario
    )


def sessao_do_membro(usuario: acesso.Usuario, pk: int) -> SessaoHeteroidentificacao:
    """A sessão de uma comissão de que o usuário é membro (404 fora disso)."""
    sessao = _sessoes(usuario).filter(pk=pk).first()
    if sessao is None or sessao.selecao.orgao_id != sessao.comissao.orgao_id:
        raise Http404
    return sessao


def chamado_do_membro(usuario: acesso.Usuario, pk: int) -> ChamadoHeteroidentificacao:
    """O chamado de uma sessão da comissão do usuário (404 fora disso)."""
    chamado = (
        acesso.escopo_comissao(
            ChamadoHeteroidentificacao.objects.select_related(
                "inscricao", "sessao__comissao", "sessao__selecao"
            ),
            usuario,
            caminho_comissao="sessao__comissao",
        )
        .filter(pk=pk)
        .first()
    )
    if chamado is None or chamado.sessao is None:
        raise Http404
    return chamado


def comissao_do_chamado(chamado: ChamadoHeteroidentificacao) -> Comissao:
    """A comissão da sessão do chamado (``chamado_do_membro`` só devolve chamado com sessão)."""
    if chamado.sessao is None:
        raise Http404
    return chamado.sessao.comissao


def recurso_do_membro(usuario: acesso.Usuario, pk: int) -> RecursoHeteroidentificacao:
    """O recurso que cabe à comissão recursal do usuário (404 fora disso)."""
    recurso = (
        acesso.escopo_comissao(
            RecursoHeteroidentificacao.objects.select_related(
                "chamado__inscricao", "chamado__selecao", "comissao_recursal"
            ),
            usuario,
            caminho_comissao="comissao_recursal",
        )
        .filter(pk=pk)
        .first()
    )
    if recurso is None:
        raise Http404
    return recurso


def membro_em(usuario: acesso.Usuario, comissao: Comissao) -> MembroComissao:
    """O assento do usuário na comissão: quem registra o parecer é sempre ele."""
    membro = MembroComissao.objects.filter(comissao=comissao, usuario_id=usuario.pk, ativo=True)
    encontrado = membro.first()
    if encontrado is None:
        raise Http404
    return encontrado


# ---------------------------------------------------------------- candidato


@dataclass(frozen=True)
class _CategoriaNaSelecao:
    nome: str
    base_legal: str
    documental: bool


def _categorias(selecao_id: int) -> dict[str, _CategoriaNaSelecao]:
    """Nome, base legal e tipo de verificação de cada categoria da seleção."""
    do_orgao = {c.categoria: c for c in CategoriaEdital.objects.filter(selecao_id=selecao_id)}
    documentais = set(
        ConfirmacaoCategoria.objects.filter(
            selecao_id=selecao_id, tipo=TipoConfirmacao.DOCUMENTAL
        ).values_list("categoria", flat=True)
    )
    resultado = {}
    for codigo in Categoria:
        linha = do_orgao.get(codigo.value)
        resultado[codigo.value] = _CategoriaNaSelecao(
            nome=linha.nome if linha else codigo.label,
            base_legal=linha.base_legal if linha else codigo.base_legal,
            documental=codigo.value in documentais,
        )
    return resultado


def _candidatos(
    chamados: list[ChamadoHeteroidentificacao],
) -> dict[int, CandidatoNaVerificacao]:
    """Os candidatos dos chamados (de uma mesma seleção ou não), em poucas consultas."""
    categorias = {s: _categorias(s) for s in {c.selecao_id for c in chamados}}
    com_documento = set(
        DocumentoCategoria.objects.filter(
            inscricao_id__in=[c.inscricao_id for c in chamados]
        ).values_list("inscricao_id", "categoria")
    )
    resultado = {}
    for chamado in chamados:
        categoria = categorias[chamado.selecao_id][chamado.categoria]
        inscricao = chamado.inscricao
        resultado[chamado.pk] = CandidatoNaVerificacao(
            chamado_id=chamado.pk,
            inscricao_id=inscricao.pk,
            numero=inscricao.numero,
            nome=inscricao.nome_exibicao,
            cpf=cpf_ultimos_digitos(inscricao.cpf),
            categoria=categoria.nome,
            base_legal=categoria.base_legal,
            documental=categoria.documental,
            tem_documento=categoria.documental
            and (inscricao.pk, chamado.categoria) in com_documento,
        )
    return resultado


def candidato(chamado: ChamadoHeteroidentificacao) -> CandidatoNaVerificacao:
    """Só o que a verificação precisa; o documento só na verificação documental."""
    return _candidatos([chamado])[chamado.pk]


def documento_da_verificacao(chamado: ChamadoHeteroidentificacao) -> DocumentoCategoria:
    """O documento da categoria do chamado, só se a verificação é documental."""
    if not candidato(chamado).tem_documento:
        raise Http404
    return DocumentoCategoria.objects.get(
        inscricao_id=chamado.inscricao_id, categoria=chamado.categoria
    )


# ---------------------------------------------------------------- pareceres e decisão


def _decisao(chamado: ChamadoHeteroidentificacao, instancia: str) -> DecisaoExibida | None:
    decisao = next((d for d in chamado.decisoes.all() if d.instancia == instancia), None)
    if decisao is None:
        return None
    return DecisaoExibida(
        instancia=decisao.get_instancia_display(),
        resultado=decisao.get_resultado_display(),
        regra=RegraDecisao(decisao.regra).label
        if decisao.regra in RegraDecisao.values
        else decisao.regra,
        votos=dict(decisao.votos),
        decidida_em=decisao.decidida_em,
    )


def decisao_apurada(
    chamado: ChamadoHeteroidentificacao, instancia: str = Instancia.COMISSAO
) -> DecisaoExibida | None:
    return _decisao(chamado, instancia)


def decisao_final(chamado: ChamadoHeteroidentificacao) -> DecisaoExibida | None:
    return _decisao(chamado, Instancia.FINAL)


def pareceres(
    chamado: ChamadoHeteroidentificacao, instancia: str = Instancia.COMISSAO
) -> list[ParecerExibido]:
    """Os pareceres fundamentados da instância (a tela só os mostra depois da decisão:
    cada membro forma o seu sem ver o dos outros)."""
    return [
        ParecerExibido(
            membro=p.membro.nome,
            sociedade_civil=p.membro.sociedade_civil,
            voto=p.get_voto_display(),
            fundamentacao=p.fundamentacao,
            registrado_em=p.registrado_em,
        )
        for p in Parecer.objects.filter(chamado=chamado, instancia=instancia)
        .select_related("membro")
        .order_by("registrado_em", "pk")
    ]


def parecer_do_membro(
    chamado: ChamadoHeteroidentificacao, membro: MembroComissao, instancia: str
) -> Parecer | None:
    return Parecer.objects.filter(chamado=chamado, membro=membro, instancia=instancia).first()


def impedimento_do_membro(
    chamado: ChamadoHeteroidentificacao, membro: MembroComissao, instancia: str
) -> ImpedimentoMembro | None:
    """O impedimento que o próprio membro declarou (o motivo só ele e os gestores veem)."""
    return ImpedimentoMembro.objects.filter(
        chamado=chamado, membro=membro, instancia=instancia
    ).first()


def contagem_impedimentos(chamado: ChamadoHeteroidentificacao, instancia: str) -> int:
    return ImpedimentoMembro.objects.filter(chamado=chamado, instancia=instancia).count()


def contagem_pareceres(chamado: ChamadoHeteroidentificacao, instancia: str) -> int:
    return Parecer.objects.filter(chamado=chamado, instancia=instancia).count()


def membros_em_exercicio(comissao: Comissao) -> int:
    return MembroComissao.objects.filter(comissao=comissao, ativo=True).count()


# ---------------------------------------------------------------- listas


def _estado(
    sessao: SessaoHeteroidentificacao, *, preliminar_publicado: bool, agora: datetime
) -> str:
    """A situação da sessão, do agendamento ao resultado final (issue 15, itens 5 a 7)."""
    chamados = list(sessao.chamados.all())
    instancias = [{d.instancia for d in c.decisoes.all()} for c in chamados]
    if chamados and all(Instancia.FINAL in i for i in instancias):
        return ESTADO_FINAL
    if chamados and all(Instancia.COMISSAO in i for i in instancias):
        recursos = [getattr(c, "recurso", None) for c in chamados]
        if any(r is not None and r.situacao == SituacaoRecursoHetero.PENDENTE for r in recursos):
            return ESTADO_RECURSO
        return ESTADO_PRELIMINAR if preliminar_publicado else ESTADO_DECIDIDA
    if any(p.instancia == Instancia.COMISSAO for c in chamados for p in c.pareceres.all()):
        return ESTADO_PARECERES
    if sessao.inicio > agora and not any(c.presenca for c in chamados):
        return ESTADO_AGENDADA
    return ESTADO_EM_ANDAMENTO


def sessoes_do_membro(usuario: acesso.Usuario, *, agora: datetime) -> list[SessaoDoMembro]:
    """As sessões das comissões do usuário, da mais recente à mais antiga."""
    sessoes = list(
        _sessoes(usuario)
        .prefetch_related(
            "chamados__decisoes",
            "chamados__pareceres__membro",
            "chamados__impedimentos__membro",
            "chamados__recurso",
        )
        .order_by("-inicio", "-pk")
    )
    com_preliminar = set(
        PublicacaoHeteroidentificacao.objects.filter(
            selecao_id__in={s.selecao_id for s in sessoes}, tipo=TipoPublicacao.PRELIMINAR
        ).values_list("selecao_id", flat=True)
    )
    linhas = []
    for sessao in sessoes:
        chamados = list(sessao.chamados.all())
        pendentes = [
            c
            for c in chamados
            if c.presenca == Presenca.PRESENTE
            and not any(d.instancia == Instancia.COMISSAO for d in c.decisoes.all())
            and not any(
                p.instancia == Instancia.COMISSAO and p.membro.usuario_id == usuario.pk
                for p in c.pareceres.all()
            )
            and not any(
                i.instancia == Instancia.COMISSAO and i.membro.usuario_id == usuario.pk
                for i in c.impedimentos.all()
            )
        ]
        linhas.append(
            SessaoDoMembro(
                sessao=sessao,
                estado=_estado(
                    sessao, preliminar_publicado=sessao.selecao_id in com_preliminar, agora=agora
                ),
                chamados=len(chamados),
                meus_pendentes=len(pendentes),
            )
        )
    return linhas


def chamados_da_sessao(
    sessao: SessaoHeteroidentificacao, membro: MembroComissao
) -> list[LinhaChamado]:
    """Os chamados da sessão, em ordem de número de inscrição."""
    chamados = list(
        sessao.chamados.select_related("inscricao")
        .prefetch_related("decisoes", "pareceres", "impedimentos")
        .order_by("inscricao__numero")
    )
    total_membros = membros_em_exercicio(sessao.comissao)
    candidatos = _candidatos(chamados)
    linhas = []
    for chamado in chamados:
        da_comissao = [p for p in chamado.pareceres.all() if p.instancia == Instancia.COMISSAO]
        meu = next((p for p in da_comissao if p.membro_id == membro.pk), None)
        linhas.append(
            LinhaChamado(
                candidato=candidatos[chamado.pk],
                presenca=chamado.presenca,
                presenca_rotulo=chamado.get_presenca_display() or "Não registrada",
                meu_voto=meu.get_voto_display() if meu else "",
                pareceres=len(da_comissao),
                membros=total_membros,
                decisao=_decisao(chamado, Instancia.COMISSAO),
                impedido=any(
                    i.instancia == Instancia.COMISSAO and i.membro_id == membro.pk
                    for i in chamado.impedimentos.all()
                ),
            )
        )
    return linhas


def recursos_do_membro(usuario: acesso.Usuario) -> list[RecursoDoMembro]:
    """Os recursos que cabem às comissões recursais do usuário; pendentes primeiro."""
    recursos = acesso.escopo_comissao(
        RecursoHeteroidentificacao.objects.select_related(
            "chamado__inscricao", "chamado__selecao", "comissao_recursal"
        ),
        usuario,
        caminho_comissao="comissao_recursal",
    ).order_by("recebido_em", "pk")
    lista = list(recursos)
    candidatos = _candidatos([r.chamado for r in lista])
    meus = set(
        Parecer.objects.filter(
            membro__usuario_id=usuario.pk,
            instancia=Instancia.RECURSAL,
            chamado__recurso__in=lista,
        ).values_list("chamado_id", flat=True)
    )
    return [
        RecursoDoMembro(
            recurso=r,
            candidato=candidatos[r.chamado_id],
            meu_voto="registrado" if r.chamado_id in meus else "",
        )
        for r in sorted(lista, key=lambda r: r.situacao != SituacaoRecursoHetero.PENDENTE)
    ]
