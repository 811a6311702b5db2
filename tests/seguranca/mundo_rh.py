"""Um órgão com uma seleção em cada etapa, montado pelos serviços do projeto, para os
testes de entrada hostil nos formulários do RH."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import Convocacao, Inscricao, ProcessoEliminacao, Recurso, TipoResultado
from candidatos.services import convocacao as servico_convocacao
from candidatos.services import eliminacao
from candidatos.services import resultado as servico_resultado
from selecoes import services
from selecoes.forms import FormularioEdital
from selecoes.models import Orgao, Selecao, VagaEstagio
from tests.candidatos.classificacao.factories import aprovar, classificacao, inscrever, nova_vaga
from tests.selecoes.formularios import edital_post


@dataclass
class MundoRH:
    orgao: Orgao
    gestor: Any
    rascunho: Selecao
    publicada: Selecao
    vaga_publicada: VagaEstagio
    classificada: Selecao
    vaga: VagaEstagio
    convocacao: Convocacao
    livre: Inscricao
    processo_aberto: ProcessoEliminacao
    processo_em_defesa: ProcessoEliminacao
    recurso: Recurso


def _edital(orgao: Orgao, gestor: Any, numero: str, *, dias_antes: int = 0) -> Selecao:
    """Rascunho com as vagas DIR e ADM e o critério "prova"; inscrições a partir de
    ``dias_antes`` dias atrás (0: a partir de daqui a uma hora)."""
    agora = timezone.localtime()
    inicio = agora - dt.timedelta(days=dias_antes) if dias_antes else agora + dt.timedelta(hours=1)
    dados = edital_post(
        numero_edital=numero,
        data_publicacao_edital=(inicio.date() - dt.timedelta(days=1)).isoformat(),
        inscricoes_inicio=inicio.strftime("%Y-%m-%dT%H:%M"),
        inscricoes_fim=(agora + dt.timedelta(days=20)).strftime("%Y-%m-%dT%H:%M"),
        vagas=[{"codigo": "DIR"}, {"codigo": "ADM", "vagas_ofertadas": "1"}],
        criterios=[{"codigo": "prova", "nome": "Prova", "nota_maxima": "10"}],
        orgao=orgao.pk,
    )
    edital = FormularioEdital(dados, orgaos=Orgao.objects.filter(pk=orgao.pk))
    assert edital.is_valid(), edital.resumo_erros()
    return services.selecao_criar(orgao=orgao, usuario=gestor, dados=edital.dados())


def criar_mundo_rh(orgao: Orgao, gestor: Any) -> MundoRH:
    agora = timezone.now()
    rascunho = _edital(orgao, gestor, "101/2026")
    publicada = _edital(orgao, gestor, "102/2026", dias_antes=2)
    services.selecao_publicar(selecao=publicada, usuario=gestor, agora=agora)
    publicada.refresh_from_db()
    vaga_publicada = publicada.vagas.get(codigo="DIR")
    # Empate (mesma nota, mesma idade) para o sorteio; nota por critério para a planilha.
    for numero in ("P-1", "P-2", "P-3"):
        aprovar(inscrever(vaga_publicada, numero), "8.5", {"prova": "8.5"})

    # Seleção com resultado final: 9 aprovados, 5 vagas, 3 já convocados.
    vaga = nova_vaga(orgao)
    classificada = vaga.selecao
    inscricoes = classificacao(vaga, "ABXCDYEZW")
    servico_resultado.resultado_publicar(
        selecao=classificada,
        tipo=TipoResultado.PRELIMINAR,
        usuario=gestor,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=3),
        recurso_fim=agora - dt.timedelta(days=1),
        agora=agora - dt.timedelta(days=3),
    )
    servico_resultado.resultado_publicar(
        selecao=classificada, tipo=TipoResultado.FINAL, usuario=gestor, motivo="", agora=agora
    )
    recurso = Recurso.objects.create(
        inscricao=inscricoes["W"],
        selecao=classificada,
        assunto="Revisão de nota",
        texto="Peço revisão.",
        recebido_em=agora,
    )
    convocadas = servico_convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=3,
        prazo_resposta=agora + dt.timedelta(days=5),
        usuario=gestor,
        agora=agora,
    )
    processo_aberto = eliminacao.processo_abrir(
        inscricao=inscricoes["Z"],
        motivo="Denúncia.",
        evidencias="",
        arquivo=None,
        usuario=gestor,
        agora=agora,
    )
    processo_em_defesa = eliminacao.processo_abrir(
        inscricao=inscricoes["E"],
        motivo="Denúncia.",
        evidencias="",
        arquivo=ContentFile(b"%PDF-1.4 prova", name="prova.pdf"),
        usuario=gestor,
        agora=agora,
    )
    eliminacao.candidato_notificar(
        processo=processo_em_defesa,
        prazo_defesa=timezone.localdate() + dt.timedelta(days=1),
        usuario=gestor,
        agora=agora,
    )
    eliminacao.defesa_registrar(
        processo=processo_em_defesa, defesa="Sou pardo.", usuario=gestor, agora=agora
    )
    return MundoRH(
        orgao=orgao,
        gestor=gestor,
        rascunho=rascunho,
        publicada=publicada,
        vaga_publicada=vaga_publicada,
        classificada=classificada,
        vaga=vaga,
        convocacao=convocadas[0],
        livre=inscricoes["W"],
        processo_aberto=processo_aberto,
        processo_em_defesa=processo_em_defesa,
        recurso=recurso,
    )
