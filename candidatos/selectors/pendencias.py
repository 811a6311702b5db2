"""Pendências do RH de um órgão: o que espera uma ação e os prazos que vencem.

Cada tipo de pendência é uma consulta escopada pelo ``selecoes.acesso.escopo``
(o servidor só vê os órgãos em que está lotado) e some quando resolvida:

- convocação com o prazo de resposta vencido e ainda aberta (art. 4º, § 2º:
  quem não responde é tratado como desistente);
- vaga com recusa, desistência ou eliminação e ainda sem o próximo chamado
  (art. 4º, caput e §§ 2º e 3º; regras, § 4: a vaga liberada é suprida com o
  mesmo k, dentro da validade);
- recurso aguardando decisão;
- processo de eliminação (art. 2º, parágrafo único) a notificar ou com a defesa
  recebida (ou o prazo encerrado) aguardando decisão.

Nada aqui mostra cor/raça, deficiência, CPF, modalidade de reserva ou o texto
de um recurso ou de um processo: só número, nome de exibição e a etapa.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from enum import StrEnum
from typing import Any

from django.db.models import Count, Exists, F, Min, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone

from candidatos.models import (
    AnuncioSorteio,
    Convocacao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoConvocacao,
    SituacaoProcesso,
    SituacaoRecurso,
    Sorteio,
    TipoResultado,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.selectors.publico.selecoes import somar_meses
from selecoes import acesso
from selecoes.models import Papel, Selecao, SituacaoSelecao, VagaEstagio

JANELA_PRAZOS = timedelta(days=7)
OCUPAM_VAGA = [s.value for s in SituacaoConvocacao if s.ocupa_vaga]


class TipoPendencia(StrEnum):
    CONVOCACAO_VENCIDA = "convocacao_vencida"
    VAGA_A_SUPRIR = "vaga_a_suprir"
    RECURSO = "recurso"
    PROCESSO = "processo"
    DOCUMENTO = "documento"

    @property
    def rotulo(self) -> str:
        return ROTULOS[self]


ROTULOS = {
    TipoPendencia.CONVOCACAO_VENCIDA: "Convocações com prazo de resposta vencido",
    TipoPendencia.VAGA_A_SUPRIR: "Vagas liberadas aguardando a próxima convocação",
    TipoPendencia.RECURSO: "Recursos aguardando decisão",
    TipoPendencia.PROCESSO: "Processos de eliminação aguardando o RH",
    TipoPendencia.DOCUMENTO: "Documentos (PDF) com falha na geração",
}


@dataclass(frozen=True)
class Acao:
    """O link que resolve a pendência; ``resolve`` é falso quando o papel só vê."""

    rotulo: str
    url: str
    resolve: bool


@dataclass(frozen=True)
class Pendencia:
    tipo: TipoPendencia
    objeto_id: int
    """Convocação, vaga, recurso, processo ou documento (o das caixas de seleção)."""
    selecao_id: int | None
    selecao: str
    descricao: str
    quando: datetime | date | None
    situacao: str
    acao: Acao
    quantidade: int = 0
    """Vagas liberadas sem ocupante (só nas vagas a suprir)."""

    @property
    def com_hora(self) -> bool:
        return isinstance(self.quando, datetime)


@dataclass(frozen=True)
class Prazo:
    quando: datetime | date
    nome: str
    selecao: str
    url: str

    @property
    def com_hora(self) -> bool:
        return isinstance(self.quando, datetime)


# --- papéis ----------------------------------------------------------------------


def _edita(papel: Papel | None) -> bool:
    return papel is not None and papel.pode_editar


def _rotulo_selecao(selecao: Selecao) -> str:
    return f"Edital {selecao.numero_edital}"


# --- escolhas das ações em lote ----------------------------------------------------


def vagas_editaveis(usuario: acesso.Usuario) -> QuerySet[VagaEstagio]:
    """Vagas em que o usuário pode convocar (gestor ou operador do órgão)."""
    return acesso.escopo(
        VagaEstagio.objects.select_related("selecao__orgao"),
        usuario,
        caminho_orgao="selecao__orgao",
        papeis=acesso.EDITORES,
    )


def convocacoes_editaveis(usuario: acesso.Usuario) -> QuerySet[Convocacao]:
    """Convocações em que o usuário pode agir (gestor ou operador do órgão)."""
    return acesso.escopo(
        Convocacao.objects.select_related("inscricao", "vaga__selecao__orgao"),
        usuario,
        caminho_orgao="vaga__selecao__orgao",
        papeis=acesso.EDITORES,
    )


# --- consultas (compartilhadas pela página e pela contagem do menu) ---------------


def filtro_vencidas(agora: datetime) -> Q:
    """Aguardando resposta depois do prazo (art. 4º, § 2º)."""
    return Q(situacao=SituacaoConvocacao.AGUARDANDO, prazo_resposta__lt=agora)


def filtro_processos(hoje: date) -> Q:
    """A notificar (aberto) ou prontos para decisão (defesa recebida ou prazo encerrado)."""
    return Q(situacao=SituacaoProcesso.ABERTO) | Q(situacao=SituacaoProcesso.AGUARDANDO_DEFESA) & (
        Q(defesa_recebida_em__isnull=False) | Q(prazo_defesa__lt=hoje)
    )


def convocacoes_vencidas(usuario: acesso.Usuario, *, agora: datetime) -> QuerySet[Convocacao]:
    """Aguardando resposta depois do prazo: o RH registra o não comparecimento."""
    return acesso.escopo(
        Convocacao.objects.filter(filtro_vencidas(agora)),
        usuario,
        caminho_orgao="vaga__selecao__orgao",
    )


def _fim_das_validades(selecao_ids: Iterable[int]) -> dict[int, date]:
    """Último dia da validade de cada seleção com resultado final (a mesma conta de
    ``candidatos.services.convocacao.fim_da_validade``, numa consulta só)."""
    linhas = (
        ResultadoVersao.objects.filter(selecao_id__in=list(selecao_ids), tipo=TipoResultado.FINAL)
        .values("selecao_id", "selecao__validade_meses")
        .annotate(primeiro=Min("publicado_em"))
    )
    return {
        linha["selecao_id"]: somar_meses(
            timezone.localdate(linha["primeiro"]), linha["selecao__validade_meses"]
        )
        for linha in linhas
    }


def vagas_a_suprir(usuario: acesso.Usuario, *, agora: datetime) -> list[VagaEstagio]:
    """Vagas com resultado final, dentro da validade, com alguma convocação
    encerrada (recusa, não comparecimento, desistência, eliminação) e menos
    ocupantes que vagas a preencher: a vaga liberada espera o próximo chamado."""
    ocupadas = (
        Convocacao.objects.filter(vaga=OuterRef("pk"), situacao__in=OCUPAM_VAGA)
        .order_by()
        .values("vaga")
        .annotate(n=Count("pk"))
        .values("n")
    )
    vagas = list(
        acesso.escopo(VagaEstagio.objects.all(), usuario, caminho_orgao="selecao__orgao")
        .annotate(
            ocupadas=Coalesce(Subquery(ocupadas), Value(0)),
            liberadas=Exists(
                Convocacao.objects.filter(vaga=OuterRef("pk")).exclude(situacao__in=OCUPAM_VAGA)
            ),
            com_final=Exists(
                ResultadoVersao.objects.filter(
                    selecao=OuterRef("selecao"), tipo=TipoResultado.FINAL
                )
            ),
        )
        .filter(
            liberadas=True,
            com_final=True,
            ocupadas__lt=F("vagas_ofertadas") + F("vagas_surgidas"),
        )
        .select_related("selecao__orgao")
        .order_by("selecao__numero_edital", "codigo")
    )
    fins = _fim_das_validades({v.selecao_id for v in vagas})
    hoje = timezone.localdate(agora)
    return [v for v in vagas if v.selecao_id in fins and hoje <= fins[v.selecao_id]]


def recursos_pendentes(usuario: acesso.Usuario) -> QuerySet[Recurso]:
    return acesso.escopo(
        Recurso.objects.filter(situacao=SituacaoRecurso.PENDENTE),
        usuario,
        caminho_orgao="selecao__orgao",
    )


def processos_pendentes(
    usuario: acesso.Usuario, *, agora: datetime
) -> QuerySet[ProcessoEliminacao]:
    """A notificar (aberto) ou prontos para decisão (defesa recebida ou prazo encerrado)."""
    return acesso.escopo(
        ProcessoEliminacao.objects.filter(filtro_processos(timezone.localdate(agora))),
        usuario,
        caminho_orgao="inscricao__selecao__orgao",
    )


def contar_por_orgao(queryset: QuerySet[Any], caminho_orgao: str) -> Coalesce:
    """Subconsulta: quantas linhas de ``queryset`` são do órgão da consulta de fora
    (``Orgao``). Para anotar os órgãos do usuário numa consulta só."""
    return Coalesce(
        Subquery(
            queryset.filter(**{caminho_orgao: OuterRef("pk")})
            .order_by()
            .values(caminho_orgao)
            .annotate(n=Count("pk"))
            .values("n")
        ),
        Value(0),
    )


def contagens(
    usuario: acesso.Usuario,
    *,
    agora: datetime,
    outras: Mapping[TipoPendencia, Coalesce] | None = None,
) -> dict[int, dict[TipoPendencia, int]]:
    """Órgão → tipo → quantas pendências, só os tipos com alguma: os órgãos do usuário
    (``acesso.orgaos_do_usuario``) anotados numa consulta, mais as vagas liberadas
    (duas). ``outras``: contagens de camadas de cima (os documentos)."""
    hoje = timezone.localdate(agora)
    anotacoes = {
        TipoPendencia.CONVOCACAO_VENCIDA: contar_por_orgao(
            Convocacao.objects.filter(filtro_vencidas(agora)), "vaga__selecao__orgao"
        ),
        TipoPendencia.RECURSO: contar_por_orgao(
            Recurso.objects.filter(situacao=SituacaoRecurso.PENDENTE), "selecao__orgao"
        ),
        TipoPendencia.PROCESSO: contar_por_orgao(
            ProcessoEliminacao.objects.filter(filtro_processos(hoje)), "inscricao__selecao__orgao"
        ),
        **(outras or {}),
    }
    linhas = (
        acesso.orgaos_do_usuario(usuario)
        .annotate(**{f"n_{tipo.value}": expressao for tipo, expressao in anotacoes.items()})
        .values("pk", *[f"n_{tipo.value}" for tipo in anotacoes])
    )
    resultado: dict[int, dict[TipoPendencia, int]] = defaultdict(dict)
    for linha in linhas:
        for tipo in anotacoes:
            if linha[f"n_{tipo.value}"]:
                resultado[linha["pk"]][tipo] = linha[f"n_{tipo.value}"]
    for vaga in vagas_a_suprir(usuario, agora=agora):
        contagem = resultado[vaga.selecao.orgao_id]
        contagem[TipoPendencia.VAGA_A_SUPRIR] = contagem.get(TipoPendencia.VAGA_A_SUPRIR, 0) + 1
    return dict(resultado)


# --- linhas da página --------------------------------------------------------------


def _linhas_convocacoes(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    vencidas = (
        convocacoes_vencidas(usuario, agora=agora)
        .filter(vaga__selecao__orgao_id=orgao_id)
        .select_related("inscricao", "vaga__selecao")
        .order_by("prazo_resposta", "pk")
    )
    return [
        Pendencia(
            tipo=TipoPendencia.CONVOCACAO_VENCIDA,
            objeto_id=c.pk,
            selecao_id=c.vaga.selecao_id,
            selecao=_rotulo_selecao(c.vaga.selecao),
            descricao=f"{c.inscricao.numero} — {c.inscricao.nome_exibicao} (vaga {c.vaga.codigo})",
            quando=c.prazo_resposta,
            situacao="Sem resposta até o prazo",
            acao=Acao(
                "Registrar o desfecho" if _edita(papel) else "Ver convocação",
                reverse("classificacao:convocacao", args=[c.pk]),
                _edita(papel),
            ),
        )
        for c in vencidas
    ]


def _linhas_vagas(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    """Cada vaga liberada com quem o motor manda chamar agora (a mesma conta da
    página da vaga); esgotada a classificação, a linha diz que não há quem chamar."""
    linhas = []
    for v in vagas_a_suprir(usuario, agora=agora):
        if v.selecao.orgao_id != orgao_id:
            continue
        livres = v.vagas_ofertadas + v.vagas_surgidas - v.ocupadas  # type: ignore[attr-defined]
        estado = estado_vaga(v)
        proximos = [item.numero for item in estado.a_convocar]
        if estado.erro or estado.divergentes:
            situacao = "Resolva na página da vaga antes de convocar: " + (
                estado.erro or "há convocados fora da ordem do motor."
            )
        elif proximos:
            situacao = (
                f"{livres} vaga(s) liberada(s) sem ocupante; a convocar: {', '.join(proximos)}"
            )
        else:
            situacao = f"{livres} vaga(s) sem ocupante e classificação esgotada: ninguém a convocar"
        convocavel = estado.pode_convocar and not estado.divergentes
        linhas.append(
            Pendencia(
                tipo=TipoPendencia.VAGA_A_SUPRIR,
                objeto_id=v.pk,
                selecao_id=v.selecao_id,
                selecao=_rotulo_selecao(v.selecao),
                descricao=f"Vaga {v.codigo} — {v.area} ({v.municipio}/{v.uf})",
                quando=None,
                situacao=situacao,
                acao=Acao(
                    "Convocar o próximo" if _edita(papel) and convocavel else "Ver a vaga",
                    reverse("classificacao:vaga", args=[v.pk]),
                    _edita(papel) and convocavel,
                ),
                quantidade=len(proximos) if convocavel else 0,
            )
        )
    return linhas


def _linhas_recursos(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None
) -> list[Pendencia]:
    recursos = (
        recursos_pendentes(usuario)
        .filter(selecao__orgao_id=orgao_id)
        .select_related("inscricao", "selecao")
        .order_by("recebido_em", "pk")
    )
    return [
        Pendencia(
            tipo=TipoPendencia.RECURSO,
            objeto_id=r.pk,
            selecao_id=r.selecao_id,
            selecao=_rotulo_selecao(r.selecao),
            descricao=f"{r.inscricao.numero} — {r.inscricao.nome_exibicao}: {r.assunto}",
            quando=r.recebido_em,
            situacao="Recebido, sem decisão",
            acao=(
                Acao("Decidir", reverse("classificacao:recurso_decidir", args=[r.pk]), True)
                if _edita(papel)
                else Acao(
                    "Ver recursos", reverse("classificacao:recursos", args=[r.selecao_id]), False
                )
            ),
        )
        for r in recursos
    ]


def _acao_processo(p: ProcessoEliminacao, papel: Papel | None) -> Acao:
    url = reverse("classificacao:processo", args=[p.pk])
    if p.situacao == SituacaoProcesso.ABERTO:
        return (
            Acao("Notificar o candidato", url, True) if _edita(papel) else Acao("Ver", url, False)
        )
    if papel is Papel.GESTOR:
        return Acao("Decidir", url, True)
    return Acao("Ver (decisão do gestor)", url, False)


def _linhas_processos(
    usuario: acesso.Usuario, orgao_id: int, papel: Papel | None, agora: datetime
) -> list[Pendencia]:
    processos = (
        processos_pendentes(usuario, agora=agora)
        .filter(inscricao__selecao__orgao_id=orgao_id)
        .select_related("inscricao__selecao")
        .order_by("aberto_em", "pk")
    )
    linhas = []
    for p in processos:
        if p.situacao == SituacaoProcesso.ABERTO:
            situacao, quando = "Aberto: notificar o candidato", p.aberto_em
        elif p.defesa_recebida_em is not None:
            situacao, quando = "Defesa recebida: aguardando decisão", p.defesa_recebida_em
        else:
            situacao, quando = "Prazo de defesa encerrado: aguardando decisão", p.prazo_defesa
        linhas.append(
            Pendencia(
                tipo=TipoPendencia.PROCESSO,
                objeto_id=p.pk,
                selecao_id=p.inscricao.selecao_id,
                selecao=_rotulo_selecao(p.inscricao.selecao),
                descricao=f"{p.inscricao.numero} — {p.inscricao.nome_exibicao}",
                quando=quando,
                situacao=situacao,
                acao=_acao_processo(p, papel),
            )
        )
    return linhas


def pendencias_do_orgao(
    usuario: acesso.Usuario, *, orgao_id: int, agora: datetime
) -> dict[TipoPendencia, list[Pendencia]]:
    """As pendências de candidatos do órgão, por tipo, com a ação de cada uma conforme
    o papel: auditor(a) só vê; operador(a) não decide eliminação (só gestor)."""
    papel = acesso.papel_no_orgao(usuario, orgao_id)
    if papel is None:
        return {}
    return {
        TipoPendencia.CONVOCACAO_VENCIDA: _linhas_convocacoes(usuario, orgao_id, papel, agora),
        TipoPendencia.VAGA_A_SUPRIR: _linhas_vagas(usuario, orgao_id, papel, agora),
        TipoPendencia.RECURSO: _linhas_recursos(usuario, orgao_id, papel),
        TipoPendencia.PROCESSO: _linhas_processos(usuario, orgao_id, papel, agora),
    }


# --- prazos dos próximos dias ---------------------------------------------------------


def _no_intervalo(valor: datetime | date, inicio: datetime, fim: datetime) -> bool:
    if isinstance(valor, datetime):
        return inicio <= valor <= fim
    return timezone.localdate(inicio) <= valor <= timezone.localdate(fim)


@dataclass(frozen=True)
class _Janela:
    usuario: acesso.Usuario
    orgao_id: int
    inicio: datetime
    fim: datetime

    @property
    def dias(self) -> tuple[date, date]:
        return timezone.localdate(self.inicio), timezone.localdate(self.fim)

    def selecoes(self) -> QuerySet[Selecao]:
        return acesso.escopo(Selecao.objects.filter(orgao_id=self.orgao_id), self.usuario)


def _prazos_convocacoes(j: _Janela) -> list[Prazo]:
    convocacoes = acesso.escopo(
        Convocacao.objects.filter(
            vaga__selecao__orgao_id=j.orgao_id,
            situacao=SituacaoConvocacao.AGUARDANDO,
            prazo_resposta__gte=j.inicio,
            prazo_resposta__lte=j.fim,
        ),
        j.usuario,
        caminho_orgao="vaga__selecao__orgao",
    ).select_related("inscricao", "vaga__selecao")
    return [
        Prazo(
            c.prazo_resposta,
            f"Resposta à convocação de {c.inscricao.numero} (vaga {c.vaga.codigo})",
            _rotulo_selecao(c.vaga.selecao),
            reverse("classificacao:convocacao", args=[c.pk]),
        )
        for c in convocacoes
    ]


def _prazos_recurso(j: _Janela) -> list[Prazo]:
    versoes = (
        ResultadoVersao.objects.filter(selecao__in=j.selecoes())
        .filter(
            Q(recurso_inicio__gte=j.inicio, recurso_inicio__lte=j.fim)
            | Q(recurso_fim__gte=j.inicio, recurso_fim__lte=j.fim)
        )
        .select_related("selecao")
        .defer("conteudo")
    )
    prazos = []
    for versao in versoes:
        rotulo = f"{versao.get_tipo_display()} v{versao.numero}"
        url = reverse("classificacao:recursos", args=[versao.selecao_id])
        for quando, nome in (
            (versao.recurso_inicio, f"Abre o prazo de recurso — {rotulo}"),
            (versao.recurso_fim, f"Fecha o prazo de recurso — {rotulo}"),
        ):
            if quando is not None and _no_intervalo(quando, j.inicio, j.fim):
                prazos.append(Prazo(quando, nome, _rotulo_selecao(versao.selecao), url))
    return prazos


def _prazos_edital(j: _Janela) -> list[Prazo]:
    """Fim das inscrições (edital publicado) e data de publicação do edital no DOU."""
    hoje, ultimo_dia = j.dias
    prazos = [
        Prazo(
            s.inscricoes_fim,
            "Fim das inscrições",
            _rotulo_selecao(s),
            reverse("selecoes:detalhe", args=[s.pk]),
        )
        for s in j.selecoes()
        .filter(inscricoes_fim__gte=j.inicio, inscricoes_fim__lte=j.fim)
        .exclude(situacao=SituacaoSelecao.RASCUNHO)
    ]
    for s in j.selecoes().filter(
        data_publicacao_edital__gte=hoje, data_publicacao_edital__lte=ultimo_dia
    ):
        nome = "Publicação do edital no DOU"
        if s.situacao == SituacaoSelecao.RASCUNHO:
            nome += " (ainda em rascunho no sistema)"
        prazos.append(
            Prazo(
                s.data_publicacao_edital,
                nome,
                _rotulo_selecao(s),
                reverse("selecoes:detalhe", args=[s.pk]),
            )
        )
    return prazos


def _prazos_sorteios(j: _Janela) -> list[Prazo]:
    anuncios = (
        AnuncioSorteio.objects.filter(
            selecao__in=j.selecoes(),
            realizar_a_partir_de__gte=j.inicio,
            realizar_a_partir_de__lte=j.fim,
        )
        .exclude(Exists(Sorteio.objects.filter(anuncio=OuterRef("pk"))))
        .select_related("vaga", "selecao")
    )
    return [
        Prazo(
            a.realizar_a_partir_de,
            f"Sorteio de desempate anunciado — vaga {a.vaga.codigo}",
            _rotulo_selecao(a.selecao),
            reverse("classificacao:sorteio", args=[a.vaga_id]),
        )
        for a in anuncios
    ]


def _prazos_defesa(j: _Janela) -> list[Prazo]:
    hoje, ultimo_dia = j.dias
    processos = acesso.escopo(
        ProcessoEliminacao.objects.filter(
            inscricao__selecao__orgao_id=j.orgao_id,
            situacao=SituacaoProcesso.AGUARDANDO_DEFESA,
            defesa_recebida_em__isnull=True,
            prazo_defesa__gte=hoje,
            prazo_defesa__lte=ultimo_dia,
        ),
        j.usuario,
        caminho_orgao="inscricao__selecao__orgao",
    ).select_related("inscricao__selecao")
    return [
        Prazo(
            p.prazo_defesa,  # type: ignore[arg-type]
            f"Fim do prazo de defesa de {p.inscricao.numero}",
            _rotulo_selecao(p.inscricao.selecao),
            reverse("classificacao:processo", args=[p.pk]),
        )
        for p in processos
    ]


def _prazos_validade(j: _Janela) -> list[Prazo]:
    hoje, ultimo_dia = j.dias
    por_id = {s.pk: s for s in j.selecoes()}
    return [
        Prazo(
            ultimo,
            "Fim da validade da seleção (últimas convocações)",
            _rotulo_selecao(por_id[selecao_id]),
            reverse("classificacao:painel", args=[selecao_id]),
        )
        for selecao_id, ultimo in _fim_das_validades(por_id).items()
        if hoje <= ultimo <= ultimo_dia
    ]


def _ordem(prazo: Prazo) -> datetime:
    if isinstance(prazo.quando, datetime):
        return prazo.quando
    return timezone.make_aware(datetime.combine(prazo.quando, datetime.max.time()))


def prazos_proximos(
    usuario: acesso.Usuario, *, orgao_id: int, agora: datetime, janela: timedelta = JANELA_PRAZOS
) -> list[Prazo]:
    """Prazos de ``agora`` a ``agora + janela``, em ordem: respostas de convocação,
    janelas de recurso, fim das inscrições, publicação do edital, sorteios
    anunciados, prazos de defesa e fim da validade da seleção."""
    j = _Janela(usuario, orgao_id, agora, agora + janela)
    prazos = [
        *_prazos_convocacoes(j),
        *_prazos_recurso(j),
        *_prazos_edital(j),
        *_prazos_sorteios(j),
        *_prazos_defesa(j),
        *_prazos_validade(j),
    ]
    return sorted(prazos, key=_ordem)
