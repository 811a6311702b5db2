"""O candidato na heteroidentificação (issue 15, itens 5 e 6; regras de reserva, § 1).

Quem é chamado a uma sessão recebe o aviso no e-mail da inscrição (data, hora,
local ou link e o que a comissão vai verificar); o próprio candidato, na área do
candidato, recorre do resultado preliminar à comissão recursal. Só o titular age:
a área abre com o código de verificação do comprovante (``candidatos.views.area_candidato``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from candidatos.models import (
    ChamadoHeteroidentificacao,
    Instancia,
    RecursoHeteroidentificacao,
    ResultadoHeteroidentificacao,
    SessaoHeteroidentificacao,
)
from candidatos.services.heteroidentificacao.comissoes import (
    exigir_membros_diferentes,
    exigir_quorum,
)
from candidatos.services.heteroidentificacao.julgamento import (
    decisao_de,
    preliminar_do_chamado,
    recurso_receber,
)
from selecoes import correio
from selecoes.categorias import Categoria
from selecoes.models import Comissao, ConfirmacaoCategoria, TipoComissao

CANAL_AREA = "Pela área do candidato, com o código de verificação do comprovante."
LIMITE_RAZOES = 5000


def sessao_avisar(
    *, sessao: SessaoHeteroidentificacao, chamados: Sequence[ChamadoHeteroidentificacao]
) -> None:
    """Aviso da convocação à sessão, um por chamado, pela caixa de saída (depois do
    commit da convocação). Chame dentro da transação que convocou."""
    regras = {
        r.categoria: r for r in ConfirmacaoCategoria.objects.filter(selecao_id=sessao.selecao_id)
    }
    selecao = sessao.selecao
    for chamado in chamados:
        inscricao = chamado.inscricao
        contexto = {
            "sessao": sessao,
            "inicio": timezone.localtime(sessao.inicio),
            "selecao": selecao,
            "inscricao": inscricao,
            "categoria": Categoria(chamado.categoria).label,
            "regra": regras.get(chamado.categoria),
        }
        assunto, corpo = correio.montar("heteroidentificacao_sessao", contexto)
        correio.mensagem_enfileirar(
            modelo="heteroidentificacao_sessao",
            para=inscricao.email,
            assunto=assunto,
            corpo=corpo,
            selecao=selecao,
            inscricao_id=inscricao.pk,
        )


def recursal_da_selecao(chamado: ChamadoHeteroidentificacao) -> Comissao:
    """A comissão recursal que julga o recurso do candidato: a que já julga recursos
    desta seleção ou, na primeira vez, a recursal ativa do órgão com quórum e sem
    membro da comissão que decidiu (a mais antiga, se houver mais de uma)."""
    assert chamado.sessao is not None  # noqa: S101 — só há recurso depois da decisão
    julgadora = chamado.sessao.comissao
    ja_usadas = Comissao.objects.filter(
        recursos_heteroidentificacao__chamado__selecao_id=chamado.selecao_id
    ).distinct()
    candidatas = [
        *ja_usadas.order_by("pk"),
        *Comissao.objects.filter(
            orgao_id=chamado.selecao.orgao_id, tipo=TipoComissao.RECURSAL, ativa=True
        ).order_by("criada_em", "pk"),
    ]
    for comissao in candidatas:
        if not comissao.ativa:
            continue
        try:
            exigir_membros_diferentes(recursal=comissao, julgadora=julgadora)
            exigir_quorum(comissao)
        except ValidationError:
            continue
        return comissao
    raise ValidationError(
        "Recurso: o órgão ainda não designou a comissão recursal desta seleção. "
        "Procure o RH pelo contato do edital dentro do prazo de recurso."
    )


@transaction.atomic
def recurso_pelo_candidato(
    *, inscricao_id: int, chamado_id: int, razoes: str, agora: datetime
) -> RecursoHeteroidentificacao:
    """O titular recorre do resultado preliminar da heteroidentificação (item 6): no
    prazo, uma vez por categoria, com as razões; confirmação no e-mail da inscrição."""
    chamado = (
        ChamadoHeteroidentificacao.objects.select_related(
            "selecao__orgao", "inscricao", "sessao__comissao"
        )
        .filter(pk=chamado_id, inscricao_id=inscricao_id)
        .first()
    )
    if chamado is None or chamado.sessao is None:
        raise ValidationError("Recurso: não há verificação desta inscrição para recorrer.")
    razoes = razoes.strip()
    if len(razoes) > LIMITE_RAZOES:
        raise ValidationError(f"Razões do recurso: use no máximo {LIMITE_RAZOES} caracteres.")
    recurso = recurso_receber(
        chamado=chamado,
        razoes=razoes,
        comissao_recursal=recursal_da_selecao(chamado),
        usuario=None,
        agora=agora,
        canal=CANAL_AREA,
    )
    contexto = {
        "recurso": recurso,
        "selecao": chamado.selecao,
        "inscricao": chamado.inscricao,
        "categoria": Categoria(chamado.categoria).label,
        "recebido": timezone.localtime(recurso.recebido_em),
    }
    assunto, corpo = correio.montar("heteroidentificacao_recurso_recebido", contexto)
    correio.mensagem_enfileirar(
        modelo="heteroidentificacao_recurso_recebido",
        para=chamado.inscricao.email,
        assunto=assunto,
        corpo=corpo,
        selecao=chamado.selecao,
        inscricao_id=chamado.inscricao_id,
    )
    return recurso


@dataclass(frozen=True)
class SessaoDoCandidato:
    """A sessão a que o candidato foi chamado, como ele a vê."""

    chamado_id: int
    categoria: str
    inicio: datetime
    modalidade: str
    local: str
    link: str
    presenca: str
    recurso_ate: datetime | None
    """Prazo do recurso, quando o candidato ainda pode recorrer do preliminar."""
    recurso_recebido_em: datetime | None


def sessoes_do_candidato(inscricao_id: int, *, agora: datetime) -> tuple[SessaoDoCandidato, ...]:
    """Sessões da inscrição e, por categoria, se cabe recurso do preliminar agora."""
    chamados = (
        ChamadoHeteroidentificacao.objects.select_related("sessao", "inscricao")
        .filter(inscricao_id=inscricao_id, sessao__isnull=False)
        .order_by("sessao__inicio", "pk")
    )
    itens = []
    for chamado in chamados:
        sessao = chamado.sessao
        assert sessao is not None  # noqa: S101 — filtrado acima
        recebido = (
            RecursoHeteroidentificacao.objects.filter(chamado=chamado)
            .values_list("recebido_em", flat=True)
            .first()
        )
        itens.append(
            SessaoDoCandidato(
                chamado_id=chamado.pk,
                categoria=Categoria(chamado.categoria).label,
                inicio=timezone.localtime(sessao.inicio),
                modalidade=sessao.get_modalidade_display(),
                local=sessao.local,
                link=sessao.link,
                presenca=chamado.get_presenca_display() if chamado.presenca else "",
                recurso_ate=None if recebido else _prazo_de_recurso(chamado, agora),
                recurso_recebido_em=recebido,
            )
        )
    return tuple(itens)


def _prazo_de_recurso(chamado: ChamadoHeteroidentificacao, agora: datetime) -> datetime | None:
    """Fim do prazo, se o preliminar publicado traz o chamado sem confirmar, o prazo corre e
    o resultado final do chamado ainda não saiu."""
    publicacao = preliminar_do_chamado(chamado)
    decisao = decisao_de(chamado, Instancia.COMISSAO)
    if publicacao is None or decisao is None or publicacao.recurso_fim is None:
        return None
    if decisao.resultado == ResultadoHeteroidentificacao.CONFIRMADA:
        return None
    if decisao_de(chamado, Instancia.FINAL) is not None or agora > publicacao.recurso_fim:
        return None
    return timezone.localtime(publicacao.recurso_fim)
