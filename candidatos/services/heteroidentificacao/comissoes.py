"""Comissões do órgão e seus membros (issue 15, item 5).

Uma comissão tem ao menos ``MINIMO_MEMBROS`` membros em exercício para agendar
sessão ou decidir; um assento, opcional, é da sociedade civil. Cada membro é um
usuário lotado no órgão da comissão. A recursal julga com membros diferentes dos
da comissão que decidiu (``exigir_membros_diferentes``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from selecoes import auditoria
from selecoes.models import (
    MINIMO_MEMBROS,
    Comissao,
    Lotacao,
    MembroComissao,
    Orgao,
    Papel,
    TipoComissao,
)


def _retrato(comissao: Comissao) -> dict[str, Any]:
    return {
        "nome": comissao.nome,
        "tipo": comissao.tipo,
        "ato_designacao": comissao.ato_designacao,
        "ativa": comissao.ativa,
    }


def _travada(comissao: Comissao) -> Comissao:
    return (
        Comissao.objects.select_for_update(of=("self",)).select_related("orgao").get(pk=comissao.pk)
    )


def _validar(comissao: Comissao) -> None:
    erros = []
    if not comissao.nome.strip():
        erros.append("Nome: informe o nome da comissão.")
    if comissao.tipo not in TipoComissao.values:
        erros.append("Tipo: escolha comissão de heteroidentificação ou recursal.")
    if erros:
        raise ValidationError(erros)


@transaction.atomic
def comissao_criar(
    *, orgao: Orgao, nome: str, tipo: str, ato_designacao: str = "", usuario: Any
) -> Comissao:
    """Registra a comissão do órgão (os membros vêm depois, ``membro_incluir``)."""
    comissao = Comissao(
        orgao=orgao, nome=nome.strip(), tipo=tipo, ato_designacao=ato_designacao.strip()
    )
    _validar(comissao)
    if Comissao.objects.filter(orgao=orgao, nome=comissao.nome).exists():
        raise ValidationError(f"Nome: o órgão já tem uma comissão chamada “{comissao.nome}”.")
    comissao.save()
    auditoria.registrar(
        acao="heteroidentificacao.comissao_criada",
        objeto=comissao,
        descricao=f"Comissão criada: {comissao}",
        usuario=usuario,
        orgao=orgao,
        depois=_retrato(comissao),
    )
    return comissao


@transaction.atomic
def comissao_atualizar(
    *, comissao: Comissao, nome: str, ato_designacao: str, ativa: bool, usuario: Any
) -> Comissao:
    """Nome, ato de designação e se está ativa; o tipo não muda (já julgou como tal)."""
    comissao = _travada(comissao)
    antes = _retrato(comissao)
    comissao.nome = nome.strip()
    comissao.ato_designacao = ato_designacao.strip()
    comissao.ativa = ativa
    _validar(comissao)
    if (
        Comissao.objects.filter(orgao_id=comissao.orgao_id, nome=comissao.nome)
        .exclude(pk=comissao.pk)
        .exists()
    ):
        raise ValidationError(f"Nome: o órgão já tem uma comissão chamada “{comissao.nome}”.")
    comissao.save()
    auditoria.registrar(
        acao="heteroidentificacao.comissao_alterada",
        objeto=comissao,
        descricao=f"Comissão alterada: {comissao}",
        usuario=usuario,
        orgao=comissao.orgao,
        antes=antes,
        depois=_retrato(comissao),
    )
    return comissao


@transaction.atomic
def membro_incluir(
    *,
    comissao: Comissao,
    usuario_membro: Any,
    nome: str,
    sociedade_civil: bool = False,
    usuario: Any,
) -> MembroComissao:
    """Inclui um membro, usuário lotado no órgão da comissão com o papel de membro de
    comissão — o único que abre as telas da comissão e registra o próprio parecer, sem
    ver notas nem classificação (issue 15, item 8) — e um assento da sociedade civil,
    no máximo, em exercício."""
    comissao = _travada(comissao)
    erros = []
    papel = (
        Lotacao.objects.filter(usuario=usuario_membro, orgao_id=comissao.orgao_id)
        .values_list("papel", flat=True)
        .first()
        if usuario_membro is not None
        else None
    )
    if usuario_membro is None:
        erros.append("Usuário: escolha o usuário do membro.")
    elif papel is None:
        erros.append(
            f"Usuário: {usuario_membro.get_username()} não está lotado(a) em "
            f"{comissao.orgao.sigla}; o membro precisa ser usuário do órgão."
        )
    elif papel != Papel.COMISSAO:
        erros.append(
            f"Usuário: {usuario_membro.get_username()} tem o papel "
            f"{Papel(papel).label} em {comissao.orgao.sigla}; o membro precisa do papel "
            f"{Papel.COMISSAO.label} para registrar o próprio parecer."
        )
    if not nome.strip():
        erros.append("Nome: informe o nome do membro.")
    if sociedade_civil and comissao.membros.filter(sociedade_civil=True, ativo=True).exists():
        erros.append("Sociedade civil: a comissão já tem o assento da sociedade civil ocupado.")
    if erros:
        raise ValidationError(erros)
    existente = comissao.membros.filter(usuario=usuario_membro).first()
    if existente is not None and existente.ativo:
        raise ValidationError(
            f"Usuário: {usuario_membro.get_username()} já é membro desta comissão."
        )
    try:
        with transaction.atomic():
            if existente is not None:
                existente.ativo = True
                existente.nome = nome.strip()
                existente.sociedade_civil = sociedade_civil
                existente.save()
                membro = existente
            else:
                membro = MembroComissao.objects.create(
                    comissao=comissao,
                    usuario=usuario_membro,
                    nome=nome.strip(),
                    sociedade_civil=sociedade_civil,
                )
    except IntegrityError as erro:
        raise ValidationError("Sociedade civil: o assento já está ocupado.") from erro
    auditoria.registrar(
        acao="heteroidentificacao.membro_incluido",
        objeto=membro,
        descricao=f"Membro incluído em {comissao.nome}: {membro.nome}",
        usuario=usuario,
        orgao=comissao.orgao,
        depois={"nome": membro.nome, "sociedade_civil": membro.sociedade_civil, "ativo": True},
    )
    return membro


@transaction.atomic
def membro_desligar(*, membro: MembroComissao, usuario: Any) -> MembroComissao:
    """O membro deixa de estar em exercício; os pareceres que deu continuam."""
    # O membro e a comissão (como ``_travada``, que serializa inclusões e edições da
    # comissão), nunca o órgão.
    membro = (
        MembroComissao.objects.select_for_update(of=("self", "comissao"))
        .select_related("comissao__orgao")
        .get(pk=membro.pk)
    )
    if not membro.ativo:
        raise ValidationError("Membro: já não está em exercício.")
    membro.ativo = False
    membro.save(update_fields=["ativo"])
    auditoria.registrar(
        acao="heteroidentificacao.membro_desligado",
        objeto=membro,
        descricao=f"Membro desligado de {membro.comissao.nome}: {membro.nome}",
        usuario=usuario,
        orgao=membro.comissao.orgao,
        antes={"ativo": True},
        depois={"ativo": False},
    )
    return membro


def membros_em_exercicio(comissao: Comissao) -> list[MembroComissao]:
    return list(comissao.membros.filter(ativo=True).order_by("nome", "pk"))


def exigir_quorum(comissao: Comissao) -> list[MembroComissao]:
    """Ao menos ``MINIMO_MEMBROS`` em exercício, e a comissão ativa."""
    if not comissao.ativa:
        raise ValidationError(f"Comissão: {comissao.nome} não está ativa.")
    membros = membros_em_exercicio(comissao)
    if len(membros) < MINIMO_MEMBROS:
        raise ValidationError(
            f"Comissão: {comissao.nome} tem {len(membros)} membro(s) em exercício; são "
            f"necessários ao menos {MINIMO_MEMBROS}."
        )
    return membros


def exigir_membros_diferentes(*, recursal: Comissao, julgadora: Comissao) -> None:
    """A recursal é de outro tipo e não tem nenhum membro da comissão que julgou."""
    if recursal.tipo != TipoComissao.RECURSAL:
        raise ValidationError(f"Comissão recursal: {recursal.nome} não é uma comissão recursal.")
    if recursal.orgao_id != julgadora.orgao_id:
        raise ValidationError("Comissão recursal: precisa ser do mesmo órgão.")
    comuns = MembroComissao.objects.filter(
        comissao=recursal,
        ativo=True,
        usuario__in=MembroComissao.objects.filter(comissao=julgadora).values("usuario"),
    ).values_list("nome", flat=True)
    if comuns:
        raise ValidationError(
            f"Comissão recursal: {', '.join(sorted(comuns))} também é membro da comissão que "
            "julgou; o recurso precisa de outros membros."
        )
