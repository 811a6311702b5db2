"""Ciclo de vida dos documentos em PDF: pedir, gerar em tarefas, armazenar.

Estados: pendente → gerando → pronto | erro. Cada pedido de (re)geração
incrementa ``Documento.geracao``; as tarefas recebem (id, geração) e descartam
o trabalho se o documento já foi gerado nessa geração ou se uma geração mais
nova foi pedida. O arquivo vai para ``default_storage`` (qualquer backend) com
nome determinístico por documento e geração, gravado sob trava da linha: rodar
a mesma tarefa duas vezes guarda um único arquivo.

O WeasyPrint (``relatorios.documentos.pdf``) só é importado dentro das funções do worker:
processos web e comandos de gestão nunca o carregam.
"""

from __future__ import annotations

import gc
import hashlib
import logging
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from relatorios.documentos import construtores as documentos
from relatorios.models import Documento, StatusDocumento, TipoDocumento
from selecoes import auditoria
from selecoes.filas import enfileirar_apos_commit, enfileirar_varias_apos_commit

if TYPE_CHECKING:
    from candidatos.models import Inscricao, ResultadoVersao
    from relatorios.documentos.pdf import PdfGerado
    from selecoes.models import Orgao, Selecao

logger = logging.getLogger(__name__)
Usuario = User | AnonymousUser | None


# --- Pedidos (lado web) ---------------------------------------------------------------


def documento_solicitar(
    *,
    tipo: str,
    chave: str,
    titulo: str,
    orgao: Orgao | None = None,
    selecao: Selecao | None = None,
    publico: bool = False,
    parametros: Mapping[str, Any] | None = None,
    usuario: Usuario = None,
    motivo_regeneracao: str = "",
) -> Documento:
    """O documento de ``chave``, criado e posto na fila se ainda não existe.

    Se já existe, atualiza título e visibilidade; com ``motivo_regeneracao``,
    manda refazê-lo (os dados mudaram). A tarefa só é enfileirada depois do commit.
    """
    with transaction.atomic():
        documento, criado = Documento.objects.select_for_update(of=("self",)).get_or_create(
            chave=chave,
            defaults={
                "tipo": tipo,
                "titulo": titulo,
                "orgao": orgao,
                "selecao": selecao,
                "publico": publico,
                "parametros": dict(parametros or {}),
            },
        )
        if criado:
            _agendar(documento, acao="documento.solicitado", usuario=usuario, motivo="")
        else:
            tornou_publico = publico and not documento.publico
            if (documento.titulo, documento.publico) != (titulo, publico):
                documento.titulo, documento.publico = titulo, publico
                documento.save(update_fields=["titulo", "publico"])
            if tornou_publico and not motivo_regeneracao:
                # Uma prévia interna nunca é servida ao público como se fosse a versão final.
                motivo_regeneracao = "O documento passou a ser público."
            if motivo_regeneracao:
                _agendar(
                    documento,
                    acao="documento.regenerado",
                    usuario=usuario,
                    motivo=motivo_regeneracao,
                )
    return documento


def documento_regenerar(*, documento: Documento, motivo: str, usuario: Usuario = None) -> Documento:
    """Manda refazer o documento; o arquivo atual fica marcado como desatualizado."""
    with transaction.atomic():
        travado = Documento.objects.select_for_update(of=("self",)).get(pk=documento.pk)
        _agendar(travado, acao="documento.regenerado", usuario=usuario, motivo=motivo)
    return travado


def anexo_edital_solicitar(
    *, selecao: Selecao, usuario: Usuario = None, motivo_regeneracao: str = ""
) -> Documento:
    """Anexo do edital (quadro de vagas e reserva); público quando o edital é publicado."""
    return documento_solicitar(
        tipo=TipoDocumento.ANEXO_EDITAL,
        chave=f"anexo_edital:{selecao.pk}",
        titulo=f"Anexo do edital nº {selecao.numero_edital} — vagas e reserva",
        orgao=selecao.orgao,
        selecao=selecao,
        publico=selecao.publicada,
        usuario=usuario,
        motivo_regeneracao=motivo_regeneracao,
    )


def resultado_solicitar(*, versao: ResultadoVersao, usuario: Usuario = None) -> Documento:
    """Lista de resultado de uma versão publicada (imutável, portanto gerada uma vez)."""
    return documento_solicitar(
        tipo=TipoDocumento.RESULTADO,
        chave=f"resultado:{versao.pk}",
        titulo=(
            f"{versao.get_tipo_display()} — edital nº {versao.selecao.numero_edital} — "
            f"versão {versao.numero}"
        ),
        orgao=versao.selecao.orgao,
        selecao=versao.selecao,
        publico=True,
        parametros={"versao": versao.pk, "tipo": versao.tipo, "numero": versao.numero},
        usuario=usuario,
    )


def resultado_sem_nomes_solicitar(*, versao: ResultadoVersao, usuario: Usuario = None) -> Documento:
    """As listas sem nomes da versão, num documento à parte (LGPD, art. 11).

    Só com os códigos de lista (``selecoes.sigilo``): o documento do resultado tem
    os nomes e por isso não traz os códigos; este não traz nome nem número.
    """
    return documento_solicitar(
        tipo=TipoDocumento.RESULTADO,
        chave=f"resultado_sem_nomes:{versao.pk}",
        titulo=(
            f"{versao.get_tipo_display()} — edital nº {versao.selecao.numero_edital} — "
            f"versão {versao.numero} — listas sem nomes"
        ),
        orgao=versao.selecao.orgao,
        selecao=versao.selecao,
        publico=True,
        parametros={
            "versao": versao.pk,
            "tipo": versao.tipo,
            "numero": versao.numero,
            "sem_nomes": True,
        },
        usuario=usuario,
    )


MOTIVO_SIGILO = (
    "Lista sem nomes publicada só pelos códigos de lista, em documento próprio "
    "(Lei nº 13.709/2018, art. 11)."
)


def resultados_com_lista_sem_nomes_regenerar(*, usuario: Usuario = None) -> int:
    """Manda refazer o PDF já gerado de cada versão com lista sem nomes: os gerados
    antes do código de lista traziam a lista pelos números de inscrição, que a
    classificação geral liga aos nomes. O conteúdo da versão não muda."""
    from candidatos.models import ResultadoVersao

    versoes = ResultadoVersao.objects.filter(conteudo__has_key="categorias_orgao").values_list(
        "pk", "conteudo__categorias_orgao"
    )
    chaves = [
        f"resultado:{pk}"
        for pk, categorias in versoes
        if any(not c.get("lista_com_nomes", True) for c in categorias or ())
    ]
    refeitos = 0
    for documento in Documento.objects.filter(chave__in=chaves):
        documento_regenerar(documento=documento, motivo=MOTIVO_SIGILO, usuario=usuario)
        refeitos += 1
    return refeitos


def chave_resultado_vaga(versao_id: int, codigo: str) -> str:
    return f"resultado:{versao_id}:vaga:{codigo}"


def resultado_vagas_solicitar(
    *, versao: ResultadoVersao, usuario: Usuario = None
) -> list[Documento]:
    """A lista de resultado de cada vaga da versão, um PDF por vaga (art. 1º, § 3º: as
    listas são por vaga); numa seleção de uma vaga só, o PDF da versão já é o da vaga.
    """
    from candidatos.models import VagaDoResultado

    codigos = list(
        VagaDoResultado.objects.filter(versao=versao)
        .order_by("pk")
        .values_list("codigo", flat=True)
    )
    if len(codigos) < 2:
        return []
    titulo = (
        f"{versao.get_tipo_display()} — edital nº {versao.selecao.numero_edital} — "
        f"versão {versao.numero}"
    )
    chaves = {chave_resultado_vaga(versao.pk, codigo): codigo for codigo in codigos}
    agora = timezone.now()
    # Em lote (uma seleção nacional tem 300 vagas): uma inserção, um registro de
    # auditoria do lote e as tarefas na caixa de saída juntas. A versão é imutável:
    # um PDF de vaga que já existe não é pedido de novo.
    with transaction.atomic():
        existentes = set(Documento.objects.filter(chave__in=chaves).values_list("chave", flat=True))
        novos = Documento.objects.bulk_create(
            Documento(
                tipo=TipoDocumento.RESULTADO,
                chave=chave,
                titulo=f"{titulo} — vaga {codigo}"[:200],
                orgao=versao.selecao.orgao,
                selecao=versao.selecao,
                publico=True,
                parametros={
                    "versao": versao.pk,
                    "tipo": versao.tipo,
                    "numero": versao.numero,
                    "vaga": codigo,
                },
                status=StatusDocumento.PENDENTE,
                geracao=1,
                solicitado_em=agora,
            )
            for chave, codigo in chaves.items()
            if chave not in existentes
        )
        if novos:
            if any(d.pk is None for d in novos):  # bancos sem RETURNING
                novos = list(Documento.objects.filter(chave__in=[d.chave for d in novos]))
            auditoria.registrar(
                acao="documento.solicitado",
                objeto=versao,
                descricao=f"{titulo}: {len(novos)} PDFs por vaga pedidos",
                usuario=usuario,
                orgao=versao.selecao.orgao,
                selecao=versao.selecao,
                depois={"documentos": [d.pk for d in novos], "geracao": 1},
            )
            from relatorios.tasks import gerar_documento

            enfileirar_varias_apos_commit(
                gerar_documento, [(d.pk, d.geracao) for d in novos], envio=_enfileirar
            )
    return list(Documento.objects.filter(chave__in=chaves).order_by("pk"))


PREFIXO_VIA_CANDIDATO = "comprovante:"
PREFIXO_VIA_RH = "comprovante_rh:"


def comprovante_solicitar(
    *, inscricao: Inscricao, usuario: Usuario = None, motivo_regeneracao: str = ""
) -> Documento:
    """Via do candidato, com o código de verificação: só por número + código, nunca ao RH.

    O código é o segredo com que o candidato age (recusa, substituição): quem o
    lê age por ele (issue 16, item 3). O RH recebe a via sem o código.
    """
    return documento_solicitar(
        tipo=TipoDocumento.COMPROVANTE,
        chave=f"{PREFIXO_VIA_CANDIDATO}{inscricao.pk}",
        titulo=f"Comprovante de inscrição nº {inscricao.numero}",
        orgao=inscricao.selecao.orgao,
        selecao=inscricao.selecao,
        publico=False,
        parametros={"inscricao": inscricao.pk},
        usuario=usuario,
        motivo_regeneracao=motivo_regeneracao,
    )


def comprovante_rh_solicitar(
    *, inscricao: Inscricao, usuario: Usuario = None, motivo_regeneracao: str = ""
) -> Documento:
    """Via do RH do comprovante: os mesmos dados, sem o código de verificação."""
    return documento_solicitar(
        tipo=TipoDocumento.COMPROVANTE,
        chave=f"{PREFIXO_VIA_RH}{inscricao.pk}",
        titulo=f"Comprovante de inscrição nº {inscricao.numero} (via do RH)",
        orgao=inscricao.selecao.orgao,
        selecao=inscricao.selecao,
        publico=False,
        parametros={"inscricao": inscricao.pk, "via": "rh"},
        usuario=usuario,
        motivo_regeneracao=motivo_regeneracao,
    )


def _agendar(documento: Documento, *, acao: str, usuario: Usuario, motivo: str) -> None:
    """Nova geração: volta a pendente e enfileira a tarefa depois do commit."""
    antes = {"status": documento.status, "geracao": documento.geracao}
    documento.geracao += 1
    documento.status = StatusDocumento.PENDENTE
    documento.progresso = 0
    documento.mensagem_erro = ""
    documento.tentativas = 0
    documento.partes_total = 0
    documento.partes_prontas = {}
    documento.desatualizado = bool(documento.arquivo)
    documento.solicitado_em = timezone.now()
    documento.save()
    auditoria.registrar(
        acao=acao,
        objeto=documento,
        descricao=f"{documento.titulo}: geração {documento.geracao} pedida",
        usuario=usuario,
        orgao=documento.orgao,
        selecao=documento.selecao,
        antes=antes,
        depois={"status": documento.status, "geracao": documento.geracao},
        motivo=motivo,
    )
    # Pela caixa de saída (selecoes/filas.py): sem broker, a tarefa fica gravada e a
    # varredura a manda quando ele voltar; a transação de quem pediu não falha por isso.
    from relatorios.tasks import gerar_documento

    enfileirar_apos_commit(gerar_documento, documento.pk, documento.geracao, envio=_enfileirar)


def _enfileirar(documento_id: int, geracao: int) -> None:
    from relatorios.tasks import gerar_documento

    gerar_documento.delay(documento_id, geracao)


# --- Reações aos eventos de domínio (depois do commit; ver apps.py e selecoes/eventos.py)


def ao_publicar_resultado(*, versao_id: int) -> Documento | None:
    """Nova versão de resultado publicada: gera a lista em PDF dessa versão (todas as
    vagas) e a de cada vaga; devolve a da versão."""
    from candidatos.models import ResultadoVersao

    versao = (
        ResultadoVersao.objects.select_related("selecao__orgao")
        .defer("conteudo")
        .filter(pk=versao_id)
        .first()
    )
    if versao is None:
        return None
    documento = resultado_solicitar(versao=versao)
    resultado_vagas_solicitar(versao=versao)
    return documento


def ao_publicar_versao_edital(*, selecao_id: int) -> Documento | None:
    """Nova versão do edital (publicação ou retificação): o anexo é refeito."""
    from selecoes.models import Selecao

    selecao = Selecao.objects.select_related("orgao").filter(pk=selecao_id).first()
    if selecao is None:
        return None
    return anexo_edital_solicitar(
        selecao=selecao, motivo_regeneracao="Nova versão do edital publicada."
    )


def ao_alterar_rascunho(*, selecao_id: int) -> None:
    """Seleção ou vagas alteradas antes da publicação: a prévia do anexo é refeita.

    Depois da publicação, o anexo só muda com uma nova versão do edital.
    """
    from selecoes.models import Selecao

    selecao = Selecao.objects.select_related("orgao").filter(pk=selecao_id).first()
    if (
        selecao is not None
        and not selecao.publicada
        and Documento.objects.filter(chave=f"anexo_edital:{selecao.pk}").exists()
    ):
        anexo_edital_solicitar(selecao=selecao, motivo_regeneracao="Rascunho da seleção alterado.")


def ao_alterar_inscricoes(*, inscricao_ids: Sequence[int]) -> None:
    """Inscrições substituídas, desistentes ou eliminadas: cada via do comprovante que
    existir é refeita (a situação aparece no comprovante)."""
    from candidatos.models import Inscricao

    vias = {
        PREFIXO_VIA_CANDIDATO: comprovante_solicitar,
        PREFIXO_VIA_RH: comprovante_rh_solicitar,
    }
    existentes = set(
        Documento.objects.filter(
            chave__in=[f"{prefixo}{pk}" for pk in inscricao_ids for prefixo in vias]
        ).values_list("chave", flat=True)
    )
    if not existentes:
        return
    com_documento = {pk for pk in inscricao_ids if any(f"{p}{pk}" in existentes for p in vias)}
    inscricoes = Inscricao.objects.select_related("selecao__orgao", "vaga").filter(
        pk__in=com_documento
    )
    for inscricao in inscricoes:
        for prefixo, solicitar in vias.items():
            if f"{prefixo}{inscricao.pk}" in existentes:
                solicitar(inscricao=inscricao, motivo_regeneracao="Inscrição alterada.")


# --- Geração (lado worker) ------------------------------------------------------------


def gerar(*, documento_id: int, geracao: int) -> None:
    """Gera o documento; os longos são divididos em partes (``gerar_parte``)."""
    from relatorios.documentos import pdf

    documento = _iniciar(documento_id, geracao)
    if documento is None:
        return
    conteudo = documentos.construir(documento)
    if len(conteudo.partes) > 1:
        _dividir(documento_id, geracao, len(conteudo.partes))
        return
    resultado = pdf.renderizar(
        _html(conteudo, {}, numerar_paginas=True),
        ao_paginar=lambda _paginas: _progresso(documento_id, geracao, 70),
    )
    _armazenar(documento_id, geracao, resultado)


def gerar_parte(*, documento_id: int, geracao: int, indice: int) -> None:
    """Gera uma parte sem numeração de páginas; a última a terminar pede a junção."""
    from relatorios.documentos import pdf

    documento = Documento.objects.filter(
        pk=documento_id, geracao=geracao, status=StatusDocumento.GERANDO
    ).first()
    if documento is None:
        return
    if str(indice) not in documento.partes_prontas:
        conteudo = _conteudo_das_partes(documento)
        resultado = pdf.renderizar(_html(conteudo, conteudo.partes[indice], numerar_paginas=False))
        _salvar(_nome_parte(documento, indice), resultado.conteudo)
    else:
        resultado = None
    with transaction.atomic():
        documento = Documento.objects.select_for_update(of=("self",)).get(pk=documento_id)
        if documento.geracao != geracao or documento.status != StatusDocumento.GERANDO:
            return
        if resultado is not None:
            documento.partes_prontas[str(indice)] = resultado.paginas
            feitas = len(documento.partes_prontas)
            documento.progresso = 10 + 75 * feitas // documento.partes_total
            documento.save(update_fields=["partes_prontas", "progresso"])
        if len(documento.partes_prontas) == documento.partes_total:
            transaction.on_commit(partial(_enfileirar_juncao, documento_id, geracao))


#: Até quantas páginas a junção roda no próprio processo do worker: o qpdf guarda
#: ~40 KB por página de lista (a árvore de marcação), ~20 MB aqui, menos que os ~0,13 s
#: de subir um processo novo (a lista de 5.000 aprovados tem ~120 páginas).
PAGINAS_JUNCAO_NO_PROCESSO = 500


def juntar_partes(*, documento_id: int, geracao: int) -> None:
    """Une as partes, carimba "Página x de y" e guarda o documento.

    Acima de ``PAGINAS_JUNCAO_NO_PROCESSO``, a junção roda num processo novo e enxuto
    (``juncao.juntar_em_processo_novo``): o qpdf guarda a árvore de marcação inteira
    na memória e não a devolve; no processo do worker, que já diagramou partes, o pico
    passaria da meta de 500 MB por processo (issue 22, item 3). As partes descem do
    armazenamento para uma pasta temporária, e o PDF unido volta de lá. Uma falha do
    processo da junção é ``FalhaNaJuncao``: o documento fica com status erro e o motivo.
    """
    from relatorios.documentos import pdf

    documento = Documento.objects.filter(
        pk=documento_id, geracao=geracao, status=StatusDocumento.GERANDO
    ).first()
    if documento is None or len(documento.partes_prontas) != documento.partes_total:
        return
    _CONTEUDO_EM_USO.clear()
    gc.collect()
    if sum(documento.partes_prontas.values()) <= PAGINAS_JUNCAO_NO_PROCESSO:
        partes = []
        for indice in range(documento.partes_total):
            with default_storage.open(_nome_parte(documento, indice), "rb") as arquivo:
                partes.append(arquivo.read())
        resultado = pdf.juntar(
            partes, amostra_rodape=_amostra_rodape(documento.titulo), titulo=documento.titulo
        )
    else:
        resultado = _juntar_em_processo_novo(documento)
    if _armazenar(documento_id, geracao, resultado):
        transaction.on_commit(partial(_apagar_partes, documento))


def _juntar_em_processo_novo(documento: Documento) -> PdfGerado:
    from relatorios.documentos import juncao, pdf

    with tempfile.TemporaryDirectory(prefix="juncao-") as pasta:
        local = Path(pasta)
        partes = []
        for indice in range(documento.partes_total):
            caminho = local / f"parte-{indice:03d}.pdf"
            with (
                default_storage.open(_nome_parte(documento, indice), "rb") as origem,
                caminho.open("wb") as destino,
            ):
                shutil.copyfileobj(origem, destino)
            partes.append(caminho)
        amostra = local / "amostra.pdf"
        amostra.write_bytes(_amostra_rodape(documento.titulo))
        saida = local / "documento.pdf"
        unido = juncao.juntar_em_processo_novo(
            partes,
            amostra_rodape=amostra,
            titulo=documento.titulo,
            saida=saida,
            produtor=pdf.PRODUTOR,
        )
        logger.info(
            "Junção do documento %s: %d partes, %d páginas; pico de memória do processo "
            "da junção: %.1f MB",
            documento.pk,
            len(partes),
            unido.paginas,
            unido.pico_rss_mb,
        )
        return pdf.PdfGerado(conteudo=saida.read_bytes(), paginas=unido.paginas)


def registrar_erro(*, documento_id: int, geracao: int, mensagem: str) -> None:
    """Falha definitiva (depois das novas tentativas): status erro com a mensagem."""
    with transaction.atomic():
        documento = (
            Documento.objects.select_for_update(of=("self",)).filter(pk=documento_id).first()
        )
        if (
            documento is None
            or documento.geracao != geracao
            or documento.status == StatusDocumento.PRONTO
        ):
            return
        documento.status = StatusDocumento.ERRO
        documento.mensagem_erro = mensagem[:1000] or "Erro desconhecido."
        documento.save(update_fields=["status", "mensagem_erro"])
        auditoria.registrar(
            acao="documento.erro",
            objeto=documento,
            descricao=f"{documento.titulo}: falha na geração {geracao}",
            orgao=documento.orgao,
            selecao=documento.selecao,
            depois={"status": documento.status, "mensagem": documento.mensagem_erro},
        )


def documentos_parados_reenfileirar(*, agora: datetime) -> list[int]:
    """Varredura do beat: documento em ``pendente``/``gerando`` sem concluir há mais de
    ``DOCUMENTO_PARADO_MINUTOS`` — o worker morreu no meio, ou a tarefa se perdeu com um
    Redis sem AOF — volta à fila na mesma geração (a tarefa é idempotente: o que já foi
    feito, como as partes prontas, não é refeito). Depois de ``DOCUMENTO_MAX_REENVIOS``
    gerações paradas, o documento fica com status ``erro`` (o RH pode pedir de novo).

    ``skip_locked``: dois nós varrendo ao mesmo tempo pegam documentos diferentes; a
    hora do pedido avança a cada reenvio, e a varredura seguinte espera de novo.
    """
    from relatorios.tasks import gerar_documento

    corte = agora - timedelta(minutes=settings.DOCUMENTO_PARADO_MINUTOS)
    reenfileirados = []
    with transaction.atomic():
        parados = list(
            Documento.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(
                status__in=[StatusDocumento.PENDENTE, StatusDocumento.GERANDO],
                solicitado_em__lt=corte,
            )
            .order_by("solicitado_em", "pk")[:200]
        )
        for documento in parados:
            if documento.tentativas >= settings.DOCUMENTO_MAX_REENVIOS:
                registrar_erro(
                    documento_id=documento.pk,
                    geracao=documento.geracao,
                    mensagem=(
                        f"A geração parou {documento.tentativas} vez(es) sem concluir "
                        "(worker interrompido). Peça a geração de novo; se repetir, "
                        "avise a equipe técnica."
                    ),
                )
                continue
            antes = {"status": documento.status, "solicitado_em": str(documento.solicitado_em)}
            documento.solicitado_em = agora
            documento.save(update_fields=["solicitado_em"])
            auditoria.registrar(
                acao="documento.reenfileirado",
                objeto=documento,
                descricao=(
                    f"{documento.titulo}: geração {documento.geracao} parada, de volta à fila"
                ),
                orgao=documento.orgao,
                selecao=documento.selecao,
                antes=antes,
                depois={"status": documento.status, "tentativas": documento.tentativas},
            )
            enfileirar_apos_commit(
                gerar_documento, documento.pk, documento.geracao, envio=_enfileirar
            )
            reenfileirados.append(documento.pk)
    if reenfileirados:
        logger.warning("Documentos parados de volta à fila: %s", reenfileirados)
    return reenfileirados


def _iniciar(documento_id: int, geracao: int) -> Documento | None:
    """pendente → gerando, sob trava; None se não há o que fazer nesta geração."""
    with transaction.atomic():
        documento = (
            Documento.objects.select_for_update(of=("self",)).filter(pk=documento_id).first()
        )
        if documento is None or documento.geracao != geracao:
            return None
        if documento.status in (StatusDocumento.PRONTO, StatusDocumento.ERRO):
            return None
        documento.status = StatusDocumento.GERANDO
        documento.tentativas += 1
        documento.progresso = max(documento.progresso, 5)
        documento.save(update_fields=["status", "tentativas", "progresso"])
    return documento


_CONTEUDO_EM_USO: dict[tuple[int, int], documentos.Conteudo] = {}


def _conteudo_das_partes(documento: Documento) -> documentos.Conteudo:
    """O conteúdo montado uma vez por processo para todas as partes de uma geração.

    Montar a lista inteira custa cerca de 1 s para 50 mil linhas; sem isto,
    cada parte a montaria de novo. Guarda só o documento mais recente.
    """
    chave = (documento.pk, documento.geracao)
    if chave not in _CONTEUDO_EM_USO:
        _CONTEUDO_EM_USO.clear()
        _CONTEUDO_EM_USO[chave] = documentos.construir(documento)
    return _CONTEUDO_EM_USO[chave]


def _dividir(documento_id: int, geracao: int, total: int) -> None:
    with transaction.atomic():
        documento = Documento.objects.select_for_update(of=("self",)).get(pk=documento_id)
        if documento.geracao != geracao or documento.status != StatusDocumento.GERANDO:
            return
        if documento.partes_total != total:
            documento.partes_total = total
            documento.partes_prontas = {}
        documento.progresso = max(documento.progresso, 10)
        documento.save(update_fields=["partes_total", "partes_prontas", "progresso"])
        transaction.on_commit(partial(_enfileirar_partes, documento_id, geracao, total))


def _enfileirar_partes(documento_id: int, geracao: int, total: int) -> None:
    from celery import group

    from relatorios.tasks import gerar_parte_documento

    group(gerar_parte_documento.s(documento_id, geracao, i) for i in range(total)).apply_async()


def _enfileirar_juncao(documento_id: int, geracao: int) -> None:
    from relatorios.tasks import juntar_partes_documento

    juntar_partes_documento.delay(documento_id, geracao)


def _armazenar(documento_id: int, geracao: int, resultado: PdfGerado) -> bool:
    """Grava o arquivo e conclui, sob trava; False se outra execução já concluiu."""
    with transaction.atomic():
        documento = Documento.objects.select_for_update(of=("self",)).get(pk=documento_id)
        if documento.geracao != geracao or documento.status != StatusDocumento.GERANDO:
            return False
        anterior = documento.arquivo.name
        nome = _nome_arquivo(documento)
        _salvar(nome, resultado.conteudo)
        documento.arquivo.name = nome
        documento.hash_arquivo = hashlib.sha256(resultado.conteudo).hexdigest()
        documento.paginas = resultado.paginas
        documento.status = StatusDocumento.PRONTO
        documento.progresso = 100
        documento.desatualizado = False
        documento.mensagem_erro = ""
        documento.gerado_em = timezone.now()
        documento.save()
        auditoria.registrar(
            acao="documento.gerado",
            objeto=documento,
            descricao=f"{documento.titulo}: geração {geracao} pronta",
            orgao=documento.orgao,
            selecao=documento.selecao,
            depois={"hash": documento.hash_arquivo, "paginas": documento.paginas},
        )
        if anterior and anterior != nome:
            transaction.on_commit(partial(default_storage.delete, anterior))
    return True


def _salvar(nome: str, conteudo: bytes) -> None:
    """Grava com exatamente este nome (substitui o que houver)."""
    if default_storage.exists(nome):
        default_storage.delete(nome)
    salvo = default_storage.save(nome, ContentFile(conteudo))
    if salvo != nome:
        default_storage.delete(salvo)
        raise RuntimeError(f"O armazenamento gravou {salvo!r} em vez de {nome!r}.")


def _pasta(documento: Documento) -> str:
    return f"documentos/{documento.tipo}/{documento.pk}"


def _nome_arquivo(documento: Documento) -> str:
    return f"{_pasta(documento)}/g{documento.geracao}.pdf"


def _nome_parte(documento: Documento, indice: int) -> str:
    return f"{_pasta(documento)}/partes/g{documento.geracao}-{indice:03d}.pdf"


def _apagar_partes(documento: Documento) -> None:
    pasta = f"{_pasta(documento)}/partes"
    try:
        _pastas, arquivos = default_storage.listdir(pasta)
    except FileNotFoundError:
        return
    for arquivo in arquivos:
        default_storage.delete(f"{pasta}/{arquivo}")


def _progresso(documento_id: int, geracao: int, valor: int) -> None:
    Documento.objects.filter(
        pk=documento_id, geracao=geracao, status=StatusDocumento.GERANDO
    ).update(progresso=valor)


def _html(conteudo: documentos.Conteudo, parte: Mapping[str, Any], *, numerar_paginas: bool) -> str:
    return render_to_string(
        conteudo.template,
        {
            **conteudo.contexto,
            **parte,
            "titulo": conteudo.titulo,
            "numerar_paginas": numerar_paginas,
            "sistema_nome": settings.SISTEMA_NOME,
        },
    )


def _amostra_rodape(titulo: str) -> bytes:
    """Uma página com o rodapé numerado dizendo ``pdf.TEXTO_AMOSTRA`` (ver ``pdf.juntar``)."""
    from relatorios.documentos import pdf

    html = render_to_string(
        "relatorios/pdf/amostra_rodape.html",
        {"titulo": titulo, "numerar_paginas": True, "amostra_rodape": True},
    )
    return pdf.renderizar(html).conteudo
