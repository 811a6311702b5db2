"""Leituras da página de pendências do RH e das contagens do menu.

Junta as pendências dos candidatos (``candidatos.selectors.pendencias``) com os
documentos em PDF cuja geração falhou, que moram aqui. As contagens do menu são
poucas consultas agrupadas e ficam guardadas na requisição: o menu e a página
perguntam uma vez só.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from candidatos.selectors import pendencias as pc
from candidatos.selectors.pendencias import Acao, Pendencia, Prazo, TipoPendencia
from relatorios.documentos.services import PREFIXO_VIA_CANDIDATO
from relatorios.models import Documento, StatusDocumento
from selecoes import acesso
from selecoes.models import Orgao

ATRIBUTO_CACHE = "_pendencias_contagens"


def documentos_com_erro(usuario: acesso.Usuario) -> QuerySet[Documento]:
    """PDFs do órgão que falharam (a via do candidato, com o código, não é do RH)."""
    return acesso.escopo(
        Documento.objects.filter(status=StatusDocumento.ERRO).exclude(
            chave__startswith=PREFIXO_VIA_CANDIDATO
        ),
        usuario,
    )


def contagens(usuario: acesso.Usuario, *, agora: datetime) -> dict[int, dict[TipoPendencia, int]]:
    """Órgão → tipo → quantidade, com os documentos na mesma consulta dos órgãos."""
    documentos = Documento.objects.filter(status=StatusDocumento.ERRO).exclude(
        chave__startswith=PREFIXO_VIA_CANDIDATO
    )
    return pc.contagens(
        usuario,
        agora=agora,
        outras={TipoPendencia.DOCUMENTO: pc.contar_por_orgao(documentos, "orgao")},
    )


def contagens_da_requisicao(request: HttpRequest) -> dict[int, dict[TipoPendencia, int]]:
    """``contagens`` calculadas uma vez por requisição (menu e página compartilham)."""
    guardadas = getattr(request, ATRIBUTO_CACHE, None)
    if guardadas is None:
        guardadas = contagens(request.user, agora=timezone.now())
        setattr(request, ATRIBUTO_CACHE, guardadas)
    return guardadas


def total(contagem: dict[int, dict[TipoPendencia, int]]) -> int:
    return sum(sum(por_tipo.values()) for por_tipo in contagem.values())


@dataclass(frozen=True)
class PaginaPendencias:
    orgao: Orgao
    papel: acesso.Papel | None
    secoes: list[tuple[TipoPendencia, list[Pendencia]]]
    prazos: list[Prazo] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(len(linhas) for _, linhas in self.secoes)

    @property
    def pode_editar(self) -> bool:
        return self.papel is not None and self.papel.pode_editar


def _linhas_documentos(usuario: acesso.Usuario, orgao: Orgao, edita: bool) -> list[Pendencia]:
    documentos = (
        documentos_com_erro(usuario)
        .filter(orgao=orgao)
        .select_related("selecao")
        .order_by("-solicitado_em", "pk")
    )
    return [
        Pendencia(
            tipo=TipoPendencia.DOCUMENTO,
            objeto_id=d.pk,
            selecao_id=d.selecao_id,
            selecao=f"Edital {d.selecao.numero_edital}" if d.selecao else "",
            descricao=d.titulo,
            quando=d.solicitado_em,
            situacao=f"Falhou após {d.tentativas} tentativa(s)",
            acao=Acao(
                "Gerar de novo" if edita else "Ver documento",
                reverse("documentos:detalhe", args=[d.pk]),
                edita,
            ),
        )
        for d in documentos
    ]


def pagina(usuario: acesso.Usuario, *, orgao: Orgao, agora: datetime) -> PaginaPendencias:
    """Tudo o que a página de pendências de um órgão mostra."""
    papel = acesso.papel_no_orgao(usuario, orgao)
    por_tipo = pc.pendencias_do_orgao(usuario, orgao_id=orgao.pk, agora=agora)
    if papel is not None:
        por_tipo[TipoPendencia.DOCUMENTO] = _linhas_documentos(usuario, orgao, papel.pode_editar)
    return PaginaPendencias(
        orgao=orgao,
        papel=papel,
        secoes=[(tipo, por_tipo.get(tipo, [])) for tipo in TipoPendencia],
        prazos=pc.prazos_proximos(usuario, orgao_id=orgao.pk, agora=agora) if papel else [],
    )
