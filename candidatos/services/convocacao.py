"""Convocação, respostas e desfechos (arts. 3º e 4º do Decreto nº 9.427/2018).

Toda ação sobre uma vaga trava a linha da ``VagaEstagio`` (``select_for_update``
dentro de ``transaction.atomic``) e recalcula o estado pelo motor dentro da
trava: dois servidores agindo ao mesmo tempo nunca chamam o mesmo candidato
duas vezes nem preenchem a mesma vaga duas vezes.
"""

from __future__ import annotations

import logging
import secrets
from datetime import date, datetime
from typing import Any
from uuid import UUID

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from candidatos.models import (
    Convocacao,
    Inscricao,
    PedidoConvocacao,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoInscricao,
    TipoResultado,
)
from candidatos.selectors.classificacao import EstadoVaga, estado_vaga, rotulo_modalidade
from candidatos.services import heteroidentificacao
from candidatos.services.inscricoes import normalizar_codigo
from candidatos.services.retencao import inicio_da_validade
from selecoes import auditoria, eventos
from selecoes.calendario import somar_meses
from selecoes.limites import registrar_tentativa
from selecoes.models import Selecao, VagaEstagio
from selecoes.models.selecao import MAX_VAGAS_POR_POSICAO

logger = logging.getLogger(__name__)

DESFECHOS_DE_DESISTENCIA = (
    SituacaoConvocacao.RECUSADA,
    SituacaoConvocacao.NAO_COMPARECEU,
    SituacaoConvocacao.DESISTIU,
)


class AcaoInvalida(ValidationError):
    """A ação não cabe no estado atual; a mensagem diz por quê."""


def travar_vaga(vaga_id: int) -> VagaEstagio:
    """Trava só a linha da vaga até o fim da transação (chame dentro de
    ``transaction.atomic``). ``of=("self",)``: a seleção e o órgão vêm na mesma
    consulta, mas sem trava — senão uma convocação em outra seleção do órgão, ou
    qualquer registro de auditoria (que precisa de uma trava compartilhada no
    órgão), esperaria por esta."""
    return (
        VagaEstagio.objects.select_for_update(of=("self",))
        .select_related("selecao__orgao")
        .get(pk=vaga_id)
    )


def fim_da_validade(selecao: Selecao) -> date | None:
    """Último dia da validade: ``validade_meses`` a partir da 1ª versão do resultado
    final (a mesma conta da retenção e do cronograma público); ``None`` sem final."""
    primeiro = (
        ResultadoVersao.objects.filter(selecao=selecao, tipo=TipoResultado.FINAL)
        .order_by("numero")
        .values_list("publicado_em", flat=True)
        .first()
    )
    if primeiro is None:
        return None
    return somar_meses(inicio_da_validade(selecao, primeiro), selecao.validade_meses)


def _retrato(c: Convocacao) -> dict[str, Any]:
    return {
        "situacao": c.situacao,
        "modalidade": c.modalidade,
        "ordem": c.ordem,
        "data_inicio": c.data_inicio.isoformat() if c.data_inicio else None,
        "numero_tce": c.numero_tce,
        "encerrada_em": c.encerrada_em.isoformat() if c.encerrada_em else None,
    }


def _registrar(
    acao: str,
    c: Convocacao,
    descricao: str,
    usuario: Any,
    antes: dict[str, Any] | None,
    motivo: str = "",
) -> None:
    auditoria.registrar(
        acao=acao,
        objeto=c,
        descricao=descricao,
        usuario=usuario,
        selecao=c.vaga.selecao,
        inscricao_id=c.inscricao_id,
        antes=antes,
        depois=_retrato(c),
        motivo=motivo,
    )
    eventos.emitir(eventos.Evento.CONVOCACAO_ALTERADA, selecao_id=c.vaga.selecao_id)


def proximos_convocar(
    *,
    vaga: VagaEstagio,
    quantidade: int,
    prazo_resposta: datetime,
    usuario: Any,
    agora: datetime,
    chave: UUID | None = None,
) -> list[Convocacao]:
    """ "Convocar próximos N": os N primeiros da ordem do motor ainda não
    chamados, com a modalidade de agora (art. 3º; art. 4º, caput e §§ 1º a 3º).
    Cada um recebe um código de acesso aleatório para a página de resposta; o
    e-mail sai depois do commit. Só dentro da validade da seleção e só
    inscrições da própria vaga (cada vaga tem a sua classificação).

    Com ``chave`` (gerada quando o formulário foi exibido), o mesmo pedido feito
    duas vezes — clique duplo, reenvio — convoca uma vez só e devolve as mesmas
    convocações: a chave é única no banco e conferida dentro da trava da vaga.
    """
    from candidatos.services import mensagens

    if quantidade < 1:
        raise AcaoInvalida("Quantidade: informe ao menos 1 candidato.")
    if prazo_resposta <= agora:
        raise AcaoInvalida("Prazo para resposta: deve ser depois de agora.")
    with transaction.atomic():
        vaga = travar_vaga(vaga.pk)
        if chave is not None:
            pedido = PedidoConvocacao.objects.filter(chave=chave).first()
            if pedido is not None:
                if pedido.vaga_id != vaga.pk:
                    raise AcaoInvalida("Pedido de convocação: a chave é de outra vaga.")
                return list(pedido.convocacoes.select_related("inscricao").order_by("ordem"))
        _exigir_dentro_da_validade(vaga.selecao, agora)
        estado = estado_vaga(vaga)
        _exigir_convocavel(estado)
        if quantidade > len(estado.a_convocar):
            raise AcaoInvalida(
                f"Quantidade: só há {len(estado.a_convocar)} candidato(s) a convocar agora "
                f"nesta vaga ({estado.k} vaga(s) a preencher)."
            )
        escolhidos = estado.a_convocar[:quantidade]
        _exigir_inscricoes_da_vaga(vaga, escolhidos)
        pedido = (
            PedidoConvocacao.objects.create(
                chave=chave, vaga=vaga, quantidade=quantidade, feito_em=agora, feito_por=usuario
            )
            if chave is not None
            else None
        )
        proxima = (Convocacao.objects.filter(vaga=vaga).aggregate(m=Max("ordem"))["m"] or 0) + 1
        criadas = []
        for n, item in enumerate(escolhidos):
            c = Convocacao.objects.create(  # type: ignore[misc]
                vaga=vaga,
                inscricao_id=item.inscricao_id,
                ordem=proxima + n,
                modalidade=item.modalidade,
                convocada_em=agora,
                convocada_por=usuario,
                prazo_resposta=prazo_resposta,
                token=secrets.token_urlsafe(32),
                pedido=pedido,
            )
            _registrar(
                "convocacao.criada",
                c,
                f"{c.ordem}ª convocação em {vaga.codigo}: {item.numero} "
                f"({rotulo_modalidade(item.modalidade)})",
                usuario,
                None,
                motivo=item.explicacao,
            )
            # Cadastro de reserva numa categoria que o edital confirma: a convocação
            # fica pendente da heteroidentificação (issue 15, item 4).
            heteroidentificacao.convocacao_exigir_verificacao(
                convocacao=c, usuario=usuario, agora=agora
            )
            criadas.append(c)
        # A convocação já está gravada; se a fila cair, o erro vai ao log e o
        # e-mail pode ser reenviado pela tarefa (idempotente).
        for c in criadas:
            mensagens.convocacao_enfileirar(convocacao_id=c.pk)
    return criadas


def _exigir_dentro_da_validade(selecao: Selecao, agora: datetime) -> None:
    fim = fim_da_validade(selecao)
    if fim is not None and timezone.localdate(agora) > fim:
        raise AcaoInvalida(
            f"A validade da seleção terminou em {fim:%d/%m/%Y} ({selecao.validade_meses} "
            "meses a partir do resultado final): não há mais convocações."
        )


def _exigir_inscricoes_da_vaga(vaga: VagaEstagio, itens: Any) -> None:
    ids = [item.inscricao_id for item in itens]
    desta_vaga = set(Inscricao.objects.filter(pk__in=ids, vaga=vaga).values_list("pk", flat=True))
    estranhos = [item.numero for item in itens if item.inscricao_id not in desta_vaga]
    if estranhos:
        raise AcaoInvalida(
            f"Inscrição {', '.join(estranhos)}: não é da vaga {vaga.codigo} e não pode ser "
            "convocada nela (cada vaga tem a sua classificação)."
        )


def _exigir_convocavel(estado: EstadoVaga) -> None:
    if estado.fonte != "resultado_final":
        raise AcaoInvalida("A convocação começa depois da publicação do resultado final.")
    if estado.erro:
        raise AcaoInvalida(estado.erro)
    if estado.divergentes:
        numeros = ", ".join(c.inscricao.numero for c in estado.divergentes)
        raise AcaoInvalida(
            f"Há convocados que não estão mais na ordem do motor ({numeros}); "
            "resolva a divergência antes de novas convocações."
        )
    if not estado.a_convocar:
        raise AcaoInvalida(
            "Não há candidatos a convocar: todas as vagas a preencher já foram chamadas."
        )


def vagas_surgidas_registrar(
    *, vaga: VagaEstagio, quantidade: int, motivo: str, usuario: Any
) -> VagaEstagio:
    """Vagas surgidas na validade (cadastro de reserva) aumentam k: a sequência
    de convocação continua de onde parou (art. 3º; regras, § 4).

    Só na vaga com cadastro de reserva: o edital é a lei da seleção, e a vaga que
    ofereceu só as suas vagas não chama além delas. Desistência e eliminação são
    supridas sem mudar k (art. 4º, caput), e continuam possíveis em qualquer vaga.
    """
    if quantidade < 1:
        raise AcaoInvalida("Quantidade: informe ao menos 1 vaga surgida.")
    if not motivo.strip():
        raise AcaoInvalida("Motivo: informe o ato que criou as vagas.")
    with transaction.atomic():
        vaga = travar_vaga(vaga.pk)
        if not vaga.tem_cadastro_reserva:
            raise AcaoInvalida(
                f"A vaga {vaga.codigo} não tem cadastro de reserva no edital "
                f"({vaga.vagas_ofertadas} vaga(s) ofertada(s), sem cadastro): não se chama "
                "além delas. Desistências e eliminações continuam sendo supridas pela "
                "ordem de convocação."
            )
        if vaga.vagas_ofertadas + vaga.vagas_surgidas + quantidade > MAX_VAGAS_POR_POSICAO:
            teto = f"{MAX_VAGAS_POR_POSICAO:_}".replace("_", ".")
            raise AcaoInvalida(
                f"Quantidade: a vaga {vaga.codigo} passaria de {teto} vagas (ofertadas + surgidas)."
            )
        antes = vaga.vagas_surgidas
        vaga.vagas_surgidas = antes + quantidade
        vaga.save(update_fields=["vagas_surgidas"])
        auditoria.registrar(
            acao="vaga.vagas_surgidas",
            objeto=vaga,
            descricao=f"{quantidade} vaga(s) surgida(s) em {vaga.codigo}",
            usuario=usuario,
            selecao=vaga.selecao,
            antes={"vagas_surgidas": antes},
            depois={"vagas_surgidas": vaga.vagas_surgidas},
            motivo=motivo.strip(),
        )
        eventos.emitir(eventos.Evento.CONVOCACAO_ALTERADA, selecao_id=vaga.selecao_id)
    return vaga


def _obter_travada(convocacao: Convocacao) -> Convocacao:
    travar_vaga(convocacao.vaga_id)
    return Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(
        pk=convocacao.pk
    )


def ciencia_registrar(*, convocacao: Convocacao, agora: datetime) -> Convocacao:
    """O candidato declara, na página dedicada, que tomou ciência da convocação."""
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.ciente_em is None:
            c.ciente_em = agora
            c.save(update_fields=["ciente_em"])
            _registrar("convocacao.ciencia", c, f"Ciência de {c.inscricao.numero}", None, None)
    return c


def responder(
    *, convocacao: Convocacao, aceita: bool, agora: datetime, canal: str = ""
) -> Convocacao:
    """Resposta do candidato: aceitar (aguarda contratação) ou recusar — a recusa é
    desistência (art. 4º, § 2º) e o motor chama o próximo pela mesma regra.

    Pelas páginas públicas, a recusa só chega aqui confirmada (``recusa_confirmar``);
    ``canal`` diz por onde, e fica na auditoria."""
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao != SituacaoConvocacao.AGUARDANDO:
            raise AcaoInvalida("Esta convocação já foi respondida.")
        if agora > c.prazo_resposta:
            raise AcaoInvalida("O prazo para responder terminou; procure o RH do órgão.")
        antes = _retrato(c)
        c.ciente_em = c.ciente_em or agora
        c.respondida_em = agora
        if aceita:
            c.situacao = SituacaoConvocacao.ACEITA
            c.save(update_fields=["ciente_em", "respondida_em", "situacao"])
            _registrar("convocacao.aceita", c, f"{c.inscricao.numero} aceitou", None, antes)
        else:
            convocacao_encerrar(
                convocacao=c,
                situacao=SituacaoConvocacao.RECUSADA,
                data=agora.date(),
                motivo="Recusada pelo candidato.",
                descricao=f"{c.inscricao.numero} recusou",
                usuario=None,
                motivo_na_auditoria=canal,
            )
            inscricao_tornar_desistente(
                inscricao=c.inscricao,
                usuario=None,
                motivo=f"Recusou a convocação. {canal}".strip(),
            )
    return c


def contratacao_registrar(
    *,
    convocacao: Convocacao,
    data_inicio: date,
    numero_tce: str,
    usuario: Any,
) -> Convocacao:
    """Aceitou → contratado(a), com início do estágio e número do TCE."""
    if not numero_tce.strip():
        raise AcaoInvalida("Número do TCE: informe o número do termo de compromisso.")
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao not in (SituacaoConvocacao.AGUARDANDO, SituacaoConvocacao.ACEITA):
            raise AcaoInvalida(
                f"Não é possível contratar: a convocação está {c.get_situacao_display().lower()}."
            )
        if c.inscricao.situacao != SituacaoInscricao.ATIVA:
            raise AcaoInvalida("Não é possível contratar: a inscrição não está ativa.")
        if heteroidentificacao.convocacao_pendente_verificacao(c) is not None:
            raise AcaoInvalida(
                "Não é possível contratar: a convocação está pendente da heteroidentificação "
                "(sem resultado final)."
            )
        antes = _retrato(c)
        c.situacao = SituacaoConvocacao.CONTRATADO
        c.data_inicio = data_inicio
        c.numero_tce = numero_tce.strip()
        c.save()
        _registrar(
            "convocacao.contratado",
            c,
            f"{c.inscricao.numero} contratado(a), TCE {c.numero_tce}",
            usuario,
            antes,
        )
    return c


def desistencia_registrar(
    *,
    convocacao: Convocacao,
    situacao: str,
    data: date,
    motivo: str,
    usuario: Any,
) -> Convocacao:
    """Recusou, não compareceu ou desistiu, em qualquer etapa (art. 4º, § 2º):
    a inscrição vira desistente e o motor, com o mesmo k, indica quem chamar
    para a vaga liberada — o próximo negro se ela era reservada, o próximo da
    classificação se era de ampla concorrência, reversão se não houver (§ 3º).
    """
    if situacao not in DESFECHOS_DE_DESISTENCIA:
        raise AcaoInvalida("Desfecho: escolha recusou, não compareceu ou desistiu.")
    if not motivo.strip():
        raise AcaoInvalida("Motivo: descreva o que aconteceu (ex.: e-mail do candidato).")
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao not in (
            SituacaoConvocacao.AGUARDANDO,
            SituacaoConvocacao.ACEITA,
            SituacaoConvocacao.CONTRATADO,
        ):
            raise AcaoInvalida(
                f"A convocação já está encerrada ({c.get_situacao_display().lower()})."
            )
        if situacao != SituacaoConvocacao.DESISTIU and c.situacao == SituacaoConvocacao.CONTRATADO:
            raise AcaoInvalida("Quem já foi contratado só pode desistir do estágio.")
        convocacao_encerrar(
            convocacao=c,
            situacao=situacao,
            data=data,
            motivo=motivo.strip(),
            descricao=f"{c.inscricao.numero}: {SituacaoConvocacao(situacao).label.lower()} "
            "(registrado pelo RH)",
            usuario=usuario,
        )
        inscricao_tornar_desistente(inscricao=c.inscricao, usuario=usuario, motivo=motivo.strip())
    return c


def desistencia_inscricao_registrar(
    *, inscricao: Inscricao, motivo: str, usuario: Any
) -> Inscricao:
    """Desistência de quem ainda não foi convocado (art. 4º, § 2º): sai da
    classificação; a ordem do motor segue sem ele."""
    if not motivo.strip():
        raise AcaoInvalida("Motivo: descreva o pedido de desistência.")
    with transaction.atomic():
        travar_vaga(inscricao.vaga_id)
        inscricao = Inscricao.objects.select_related("selecao").get(pk=inscricao.pk)
        if inscricao.convocacoes.exclude(situacao=SituacaoConvocacao.SEM_EFEITO).exists():
            raise AcaoInvalida(
                "Esta inscrição já foi convocada: registre a desistência na convocação."
            )
        if inscricao.situacao != SituacaoInscricao.ATIVA:
            raise AcaoInvalida("A inscrição não está ativa.")
        inscricao_tornar_desistente(inscricao=inscricao, usuario=usuario, motivo=motivo.strip())
    return inscricao


def convocacao_encerrar(
    *,
    convocacao: Convocacao,
    situacao: str,
    data: date,
    motivo: str,
    descricao: str,
    usuario: Any,
    motivo_na_auditoria: str | None = None,
) -> None:
    """Encerra a convocação com um desfecho que libera a vaga — recusa, não
    comparecimento ou desistência (art. 4º, § 2º), ou sem efeito pela
    heteroidentificação (regras de reserva, § 1) — e registra ``convocacao.<situacao>``
    na auditoria, com o antes e o depois. Com o mesmo k, o motor indica quem supre a
    vaga (art. 4º, §§ 2º e 3º); nada aqui chama o próximo.

    Chame dentro de ``transaction.atomic``, com a vaga travada (``travar_vaga``) e a
    convocação lida depois da trava. ``motivo`` fica na convocação; na auditoria vai
    ``motivo_na_auditoria`` (por onde veio o pedido, por exemplo) ou, sem ele, o mesmo
    ``motivo``. A inscrição não muda: se o desfecho é desistência, chame também
    ``inscricao_tornar_desistente``."""
    antes = _retrato(convocacao)
    convocacao.situacao = situacao
    convocacao.encerrada_em = data
    convocacao.motivo_encerramento = motivo
    convocacao.save()
    _registrar(
        f"convocacao.{situacao}",
        convocacao,
        descricao,
        usuario,
        antes,
        motivo=motivo if motivo_na_auditoria is None else motivo_na_auditoria,
    )


def inscricao_tornar_desistente(*, inscricao: Inscricao, usuario: Any, motivo: str) -> None:
    """A inscrição passa a desistente e sai da lista L da vaga (art. 4º, § 2º; regras
    de reserva, § 4): o motor recalcula com o mesmo k e ninguém já chamado é deslocado.

    Chame dentro de ``transaction.atomic``, com a vaga da inscrição travada
    (``travar_vaga``)."""
    antes = inscricao.situacao
    inscricao.situacao = SituacaoInscricao.DESISTENTE
    inscricao.save(update_fields=["situacao", "atualizada_em"])
    eventos.emitir(eventos.Evento.INSCRICAO_DESISTENTE, inscricao_ids=[inscricao.pk])
    auditoria.registrar(
        acao="inscricao.desistente",
        objeto=inscricao,
        descricao=f"{inscricao.numero} passou a desistente (art. 4º, § 2º)",
        usuario=usuario,
        selecao=inscricao.selecao,
        inscricao_id=inscricao.pk,
        antes={"situacao": antes},
        depois={"situacao": SituacaoInscricao.DESISTENTE},
        motivo=motivo,
    )


# --- recusa pelo próprio candidato (issue 16, item 2) ---------------------------

SALT_RECUSA = "candidatos.convocacao.recusa"
VALIDADE_LINK_RECUSA = 48 * 60 * 60
LINKS_DE_RECUSA_POR_DIA = 3
CANAL_CODIGO = "Confirmada pelo candidato com o código do comprovante."
CANAL_LINK = "Confirmada pelo candidato com o link enviado ao e-mail da inscrição."


def pode_encerrar_pelo_candidato(*, convocacao: Convocacao, agora: datetime) -> bool:
    """Recusa (aguardando resposta, no prazo) ou desistência depois do aceite.

    Depois da contratação, o desligamento é registrado pelo RH (há termo de
    compromisso assinado)."""
    if convocacao.situacao == SituacaoConvocacao.AGUARDANDO:
        return agora <= convocacao.prazo_resposta
    return convocacao.situacao == SituacaoConvocacao.ACEITA


def recusa_assinar(*, convocacao: Convocacao) -> str:
    """Valor do link de confirmação da recusa (48 h; inútil depois da resposta)."""
    return signing.dumps({"c": convocacao.pk}, salt=SALT_RECUSA)


def recusa_assinatura_confere(*, convocacao: Convocacao, assinatura: str) -> bool:
    try:
        dados = signing.loads(assinatura, salt=SALT_RECUSA, max_age=VALIDADE_LINK_RECUSA)
    except signing.BadSignature:
        return False
    return isinstance(dados, dict) and dados.get("c") == convocacao.pk


def recusa_pedir_link(*, convocacao: Convocacao, agora: datetime) -> bool:
    """Envia ao e-mail da inscrição o link que confirma a recusa.

    Só quem tem o link pessoal da convocação chega aqui; ainda assim, no máximo
    ``LINKS_DE_RECUSA_POR_DIA`` e-mails por convocação. O texto é todo do sistema.
    """
    from candidatos.services import mensagens

    c = Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao").get(pk=convocacao.pk)
    if not pode_encerrar_pelo_candidato(convocacao=c, agora=agora):
        raise AcaoInvalida("Esta convocação não pode mais ser recusada por aqui.")
    if registrar_tentativa(
        f"recusa_link:{c.pk}", limite=LINKS_DE_RECUSA_POR_DIA, janela_segundos=24 * 60 * 60
    ):
        return False
    link = settings.SITE_URL + reverse(
        "convocacao_publica:recusar_confirmar",
        args=[c.token, recusa_assinar(convocacao=c)],
    )
    with transaction.atomic():
        auditoria.registrar(
            acao="recusa.link_enviado",
            objeto=c,
            descricao=f"Link de confirmação da recusa enviado a {c.inscricao.numero}",
            selecao=c.vaga.selecao,
            inscricao_id=c.inscricao_id,
        )
    contexto = {
        "convocacao": c,
        "inscricao": c.inscricao,
        "selecao": c.vaga.selecao,
        "link": link,
        "validade_horas": VALIDADE_LINK_RECUSA // 3600,
        "desistencia": c.situacao == SituacaoConvocacao.ACEITA,
        "prazo": timezone.localtime(c.prazo_resposta),
    }
    mensagens.texto_enfileirar(
        modelo="convocacao_recusa", contexto=contexto, para=c.inscricao.email
    )
    return True


def recusa_confirmar(
    *, convocacao: Convocacao, agora: datetime, codigo: str = "", assinatura: str = ""
) -> Convocacao:
    """Segundo passo da recusa (ou da desistência de quem já aceitou): vale na hora e
    é definitiva (art. 4º, § 2º; regras, § 4: desfazer deslocaria quem foi chamado
    em seguida).

    Exige um segredo que só o candidato tem: o código do comprovante ou o link
    enviado ao e-mail da inscrição. Número e CPF não bastam (são conhecidos).
    """
    inscricao = Inscricao.objects.only("codigo_verificacao").get(pk=convocacao.inscricao_id)
    informado = normalizar_codigo(codigo)
    if assinatura and recusa_assinatura_confere(convocacao=convocacao, assinatura=assinatura):
        canal = CANAL_LINK
    elif (
        informado
        and inscricao.codigo_verificacao
        and constant_time_compare(informado, inscricao.codigo_verificacao.upper())
    ):
        canal = CANAL_CODIGO
    else:
        raise AcaoInvalida(
            "Código de verificação: o código não confere. Confira o comprovante de inscrição "
            "ou peça o link de confirmação por e-mail."
        )
    if convocacao.situacao == SituacaoConvocacao.ACEITA:
        return _desistir_pelo_candidato(convocacao=convocacao, agora=agora, canal=canal)
    return responder(convocacao=convocacao, aceita=False, agora=agora, canal=canal)


def _desistir_pelo_candidato(*, convocacao: Convocacao, agora: datetime, canal: str) -> Convocacao:
    with transaction.atomic():
        c = _obter_travada(convocacao)
        if c.situacao != SituacaoConvocacao.ACEITA:
            raise AcaoInvalida(
                f"A convocação já está {c.get_situacao_display().lower()}; procure o RH do órgão."
            )
        convocacao_encerrar(
            convocacao=c,
            situacao=SituacaoConvocacao.DESISTIU,
            data=agora.date(),
            motivo="Desistência do candidato.",
            descricao=f"{c.inscricao.numero} desistiu",
            usuario=None,
            motivo_na_auditoria=canal,
        )
        inscricao_tornar_desistente(
            inscricao=c.inscricao, usuario=None, motivo=f"Desistiu depois de aceitar. {canal}"
        )
    return c


# --- desistência pela área do candidato (issue 17, item 3) ----------------------

CANAL_AREA = "Pela área do candidato, com o código de verificação do comprovante."


def desistencia_pelo_candidato(
    *, inscricao: Inscricao, motivo: str, agora: datetime, canal: str = CANAL_AREA
) -> Inscricao:
    """Desistência em qualquer etapa, pelo próprio candidato (art. 4º, § 2º).

    Antes da convocação, a inscrição sai da classificação; convocado e aguardando,
    é recusa; depois do aceite ou já contratado, desistência (o estágio termina
    hoje). Vale na hora: o motor, com o mesmo k, indica quem chamar para a vaga
    liberada (regras, § 4). O candidato recebe a confirmação e o RH é avisado.
    """
    from candidatos.services import mensagens

    motivo = motivo.strip()
    hoje = timezone.localdate(agora)
    with transaction.atomic():
        travar_vaga(inscricao.vaga_id)
        inscricao = Inscricao.objects.select_related("selecao__orgao", "vaga").get(pk=inscricao.pk)
        if inscricao.situacao != SituacaoInscricao.ATIVA:
            raise AcaoInvalida(
                f"Desistência: a inscrição já está {inscricao.get_situacao_display().lower()}."
            )
        c = (
            inscricao.convocacoes.exclude(situacao=SituacaoConvocacao.SEM_EFEITO)
            .select_related("vaga__selecao")
            .order_by("-convocada_em")
            .first()
        )
        etapa = "antes da convocação"
        if c is not None:
            if not SituacaoConvocacao(c.situacao).ocupa_vaga:
                raise AcaoInvalida(
                    f"Desistência: a convocação já está {c.get_situacao_display().lower()}."
                )
            if c.situacao == SituacaoConvocacao.AGUARDANDO:
                situacao, etapa = SituacaoConvocacao.RECUSADA, "convocado(a), sem resposta"
            elif c.situacao == SituacaoConvocacao.ACEITA:
                situacao, etapa = SituacaoConvocacao.DESISTIU, "depois de aceitar a vaga"
            else:
                situacao, etapa = SituacaoConvocacao.DESISTIU, "durante o estágio"
            c.ciente_em = c.ciente_em or agora
            c.respondida_em = c.respondida_em or agora
            convocacao_encerrar(
                convocacao=c,
                situacao=situacao,
                data=hoje,
                motivo=f"Desistência do candidato. {motivo}".strip(),
                descricao=f"{inscricao.numero}: {situacao.label.lower()} (área do candidato)",
                usuario=None,
                motivo_na_auditoria=canal,
            )
        inscricao_tornar_desistente(
            inscricao=inscricao,
            usuario=None,
            motivo=f"Desistência ({etapa}). {motivo} {canal}".strip(),
        )
        contexto = {
            "inscricao": inscricao,
            "selecao": inscricao.selecao,
            "vaga": inscricao.vaga,
            "etapa": etapa,
            "motivo": motivo,
            "quando": timezone.localtime(agora),
        }
        mensagens.texto_enfileirar(
            modelo="desistencia_confirmada", contexto=contexto, para=inscricao.email
        )
        mensagens.rh_avisar(
            orgao_id=inscricao.selecao.orgao_id, modelo="rh_desistencia", contexto=contexto
        )
    return inscricao
