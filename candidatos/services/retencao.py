"""Retenção e anonimização dos dados pessoais das inscrições (LGPD, arts. 15 e 16).

Terminada a validade da seleção e passado o prazo de retenção (``RETENCAO_MESES``,
justificado em docs/operacao.md), saem da base os dados que identificam ou
contatam a pessoa: nome, CPF, e-mail, telefone, data de nascimento, instituição,
curso, o laudo médico, notas, textos de recursos e de defesa, provas anexadas e
gravações da heteroidentificação.

Ficam, sem identidade, os campos de que dependem os indicadores anuais do
Decreto 9.427/2018, art. 5º (cor/raça declarada, opção pelas reservas, PcD,
situação, avaliação aprovada ou não, convocações e contratações por
modalidade): a linha deixa de apontar uma pessoa, mas continua contando. Os
totais da seleção no momento da anonimização ficam, além disso, no registro de
auditoria (somente de acréscimo).

As versões publicadas de resultado são somente de acréscimo no banco; o nome de
cada candidato nelas sai por um caminho só (``_anonimizar_resultados``), o único
que o gatilho de ``selecoes/imutavel.py`` deixa passar.
"""

import datetime as dt
import secrets
from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone

from candidatos.models import (
    AnexoCandidato,
    Avaliacao,
    Convocacao,
    DocumentoCategoria,
    GravacaoSessao,
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    RecursoHeteroidentificacao,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoConvocacao,
    SituacaoInscricao,
    SituacaoProcesso,
    TipoResultado,
)
from candidatos.selectors.classificacao import modalidades_atuais
from selecoes import auditoria
from selecoes.calendario import somar_meses
from selecoes.canonico import hash_conteudo
from selecoes.imutavel import PARAMETRO_ANONIMIZACAO, sem_nomes
from selecoes.models import Mensagem, Selecao, SituacaoSelecao
from selecoes.validators import cpf_valido

MARCA = "[anonimizado]"  # o mesmo de selecoes.imutavel.MARCA_ANONIMIZADO
NOME_ANONIMO = "Inscrição anonimizada"
EMAIL_ANONIMO = "anonimizado@anonimizado.invalid"
NASCIMENTO_ANONIMO = dt.date(1900, 1, 1)
ACAO_AUDITORIA = "inscricoes.anonimizadas"


def cpf_anonimo(inscricao_id: int) -> str:
    """11 dígitos (a restrição do banco exige) que nunca formam um CPF válido.

    Derivado do id, é único na seleção (restrição ``inscricao_uma_vigente_por_cpf``)
    e não colide com o CPF verdadeiro de ninguém, pois todo CPF gravado é validado.
    """
    base = f"{inscricao_id % 10**9:09d}"
    return base + ("00" if not cpf_valido(base + "00") else "01")


def inicio_da_validade(selecao: Selecao, primeiro_resultado_final: dt.datetime | None) -> dt.date:
    """A validade corre da publicação do resultado final (sua 1ª versão).

    Seleção encerrada sem resultado final (cancelada, deserta): conta-se do fim
    das inscrições, a última data em que dados pessoais foram coletados.
    """
    if primeiro_resultado_final is not None:
        return timezone.localdate(primeiro_resultado_final)
    return timezone.localdate(selecao.inscricoes_fim)


@dataclass(frozen=True)
class PlanoAnonimizacao:
    selecao_id: int
    selecao: str
    orgao: str
    fim_validade: dt.date
    anonimizar_desde: dt.date
    inscricoes: int
    laudos: int
    recursos: int
    processos: int
    convocacoes: int

    def descrever(self) -> str:
        return (
            f"Edital {self.selecao} ({self.orgao}): validade até "
            f"{self.fim_validade:%d/%m/%Y}, anonimizar desde {self.anonimizar_desde:%d/%m/%Y} "
            f"— {self.inscricoes} inscrições, {self.laudos} laudos, {self.recursos} recursos, "
            f"{self.processos} processos de eliminação, {self.convocacoes} convocações."
        )


def _pendentes(selecao_id: Any) -> Any:
    return Inscricao.objects.filter(selecao_id=selecao_id).exclude(nome_civil=NOME_ANONIMO)


def _plano(selecao: Selecao, fim_validade: dt.date, desde: dt.date) -> PlanoAnonimizacao:
    inscricoes = _pendentes(selecao.pk)
    return PlanoAnonimizacao(
        selecao_id=selecao.pk,
        selecao=selecao.numero_edital,
        orgao=selecao.orgao.sigla,
        fim_validade=fim_validade,
        anonimizar_desde=desde,
        inscricoes=inscricoes.count(),
        laudos=inscricoes.exclude(laudo_pcd="").count(),
        recursos=Recurso.objects.filter(inscricao__in=inscricoes).count(),
        processos=ProcessoEliminacao.objects.filter(inscricao__in=inscricoes).count(),
        convocacoes=Convocacao.objects.filter(inscricao__in=inscricoes).count(),
    )


def planejar(*, hoje: dt.date, meses: int) -> list[PlanoAnonimizacao]:
    """Seleções cuja validade terminou há ``meses`` meses e que ainda têm dados pessoais."""
    primeiro_final = (
        ResultadoVersao.objects.filter(selecao=OuterRef("pk"), tipo=TipoResultado.FINAL)
        .order_by("numero")
        .values("publicado_em")[:1]
    )
    selecoes = (
        Selecao.objects.annotate(primeiro_final=Subquery(primeiro_final))
        .filter(Q(primeiro_final__isnull=False) | Q(situacao=SituacaoSelecao.ENCERRADA))
        .filter(Exists(_pendentes(OuterRef("pk"))))
        .select_related("orgao")
        .order_by("pk")
    )
    planos = []
    for selecao in selecoes:
        inicio = inicio_da_validade(selecao, selecao.primeiro_final)
        fim_validade = somar_meses(inicio, selecao.validade_meses)
        desde = somar_meses(fim_validade, meses)
        if desde <= hoje:
            planos.append(_plano(selecao, fim_validade, desde))
    return planos


def agregados_art5(selecao_id: int) -> dict[str, Any]:
    """Totais da seleção que os indicadores do art. 5º usam (inscrições vigentes)."""
    vigentes = Inscricao.objects.filter(selecao_id=selecao_id).vigentes()
    convocacoes = Convocacao.objects.filter(inscricao__in=vigentes)
    contratadas = convocacoes.filter(situacao=SituacaoConvocacao.CONTRATADO)
    aprovadas = Avaliacao.objects.filter(
        inscricao__in=vigentes, situacao=SituacaoAvaliacao.APROVADO
    )
    # Modalidade atual, não a da chamada (art. 4º, § 1º; regras, § 4).
    registradas = list(convocacoes.values_list("pk", "vaga_id", "modalidade", "situacao"))
    atuais = modalidades_atuais((pk, vaga, mod) for pk, vaga, mod, _s in registradas)
    situacoes = [(pk, situacao) for pk, _v, _m, situacao in registradas]
    return {
        "inscricoes_por_cor_raca": dict(Counter(vigentes.values_list("cor_raca", flat=True))),
        "optantes_negros": vigentes.filter(concorre_negros=True).count(),
        "pcd": vigentes.filter(pcd=True).count(),
        "optantes_pcd": vigentes.filter(concorre_pcd=True).count(),
        "aprovados": aprovadas.count(),
        "aprovados_optantes_negros": aprovadas.filter(inscricao__concorre_negros=True).count(),
        "aprovados_optantes_pcd": aprovadas.filter(inscricao__concorre_pcd=True).count(),
        "convocacoes_por_modalidade": dict(Counter(atuais[pk] for pk, _s in situacoes)),
        "desistencias_por_modalidade": dict(
            Counter(atuais[pk] for pk, sit in situacoes if sit == SituacaoConvocacao.DESISTIU)
        ),
        "contratados_por_modalidade": dict(
            Counter(atuais[pk] for pk, sit in situacoes if sit == SituacaoConvocacao.CONTRATADO)
        ),
        "contratados_negros": contratadas.filter(
            inscricao__cor_raca__in=["preta", "parda"]
        ).count(),
        "eliminados_declaracao_falsa": ProcessoEliminacao.objects.filter(
            inscricao__in=vigentes, situacao=SituacaoProcesso.PROCEDENTE
        ).count(),
        "inscricoes_eliminadas": vigentes.filter(situacao=SituacaoInscricao.ELIMINADA).count(),
    }


def _apagar_arquivos_depois_do_commit(nomes: list[str]) -> None:
    """Arquivo só some se a transação vingar; senão a linha apontaria para o nada."""

    def apagar() -> None:
        for nome in nomes:
            default_storage.delete(nome)

    if nomes:
        transaction.on_commit(apagar)


def _anonimizar_inscricoes(inscricoes: list[Inscricao]) -> list[str]:
    # Documentos das categorias do órgão: dado sensível, como o laudo (LGPD, art. 11).
    documentos = DocumentoCategoria.objects.filter(inscricao__in=inscricoes)
    arquivos = [d.arquivo.name for d in documentos if d.arquivo.name]
    documentos.delete()
    for inscricao in inscricoes:
        if inscricao.laudo_pcd.name:
            arquivos.append(inscricao.laudo_pcd.name)
        inscricao.numero = f"ANON-{inscricao.pk}"
        inscricao.codigo_verificacao = ""
        inscricao.nome_civil = NOME_ANONIMO
        inscricao.nome_social = ""
        inscricao.cpf = cpf_anonimo(inscricao.pk)
        inscricao.data_nascimento = NASCIMENTO_ANONIMO
        inscricao.email = EMAIL_ANONIMO
        inscricao.telefone = ""
        inscricao.instituicao_ensino = MARCA
        inscricao.curso = MARCA
        inscricao.periodo_curso = MARCA
        inscricao.laudo_pcd = ""
    Inscricao.objects.bulk_update(
        inscricoes,
        [
            "numero",
            "codigo_verificacao",
            "nome_civil",
            "nome_social",
            "cpf",
            "data_nascimento",
            "email",
            "telefone",
            "instituicao_ensino",
            "curso",
            "periodo_curso",
            "laudo_pcd",
        ],
        batch_size=1000,
    )
    return arquivos


def _anonimizar_relacionados(ids: list[int]) -> list[str]:
    Avaliacao.objects.filter(inscricao_id__in=ids).update(notas={}, nota_final=None)
    Recurso.objects.filter(inscricao_id__in=ids).update(assunto=MARCA, texto=MARCA)
    Recurso.objects.filter(inscricao_id__in=ids).exclude(fundamentacao="").update(
        fundamentacao=MARCA
    )
    convocacoes = Convocacao.objects.filter(inscricao_id__in=ids)
    convocacoes.exclude(numero_tce="").update(numero_tce=MARCA)
    convocacoes.exclude(motivo_encerramento="").update(motivo_encerramento=MARCA)
    for convocacao in convocacoes.only("pk"):
        # O código de acesso vira um segredo que ninguém conhece: a página some.
        Convocacao.objects.filter(pk=convocacao.pk).update(token=secrets.token_urlsafe(32))
    processos = ProcessoEliminacao.objects.filter(inscricao_id__in=ids)
    arquivos = [
        nome
        for p in processos.exclude(arquivo_evidencias="")
        if (nome := p.arquivo_evidencias.name)
    ]
    processos.update(motivo=MARCA, arquivo_evidencias="")
    processos.exclude(evidencias="").update(evidencias=MARCA)
    processos.exclude(defesa="").update(defesa=MARCA)
    processos.exclude(fundamentacao="").update(fundamentacao=MARCA)
    # PDFs do candidato (recurso, defesa): o arquivo sai do disco; a linha fica sem nome.
    anexos = AnexoCandidato.objects.filter(
        Q(recurso__inscricao_id__in=ids) | Q(processo__inscricao_id__in=ids)
    ).exclude(arquivo="")
    arquivos += [a.arquivo.name for a in anexos if a.arquivo.name]
    anexos.update(arquivo="", nome_original=MARCA)
    arquivos += _apagar_gravacoes(ids)
    RecursoHeteroidentificacao.objects.filter(chamado__inscricao_id__in=ids).update(razoes=MARCA)
    return arquivos


def _apagar_gravacoes(ids: list[int]) -> list[str]:
    """Gravações da heteroidentificação (do candidato ou da sessão a que foi): o arquivo
    sai do disco; a linha fica, sem nome, com o registro dos acessos (LGPD, art. 16)."""
    gravacoes = (
        GravacaoSessao.objects.filter(
            Q(chamado__inscricao_id__in=ids) | Q(sessao__chamados__inscricao_id__in=ids)
        )
        .exclude(arquivo="")
        .distinct()
    )
    nomes = [g.arquivo.name for g in gravacoes if g.arquivo.name]
    GravacaoSessao.objects.filter(pk__in=[g.pk for g in gravacoes]).update(
        arquivo="", nome_original=MARCA, apagada_em=timezone.now()
    )
    return nomes


def _parametro_anonimizacao(valor: str) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT set_config(%s, %s, true)", [PARAMETRO_ANONIMIZACAO, valor])


def _anonimizar_resultados(selecao_id: int, agora: dt.datetime) -> tuple[int, list[int]]:
    """LGPD, art. 16: tira os nomes das versões publicadas de resultado da seleção.

    Única escrita permitida numa versão publicada. O gatilho só a aceita com o
    parâmetro ``selecoes.anonimizacao`` ligado nesta transação (``SET LOCAL``),
    uma vez por versão, e se o novo conteúdo for exatamente o antigo com cada nome
    trocado por ``[anonimizado]``. ``hash_conteudo`` continua sendo o do que foi
    publicado (o documento oficial), por isso a versão fica marcada
    ``anonimizado_em``; antes, confere-se esse hash, e as versões que já não
    conferiam (adulteradas) ficam nomeadas na auditoria — depois seria tarde.
    """
    versoes = ResultadoVersao.objects.filter(selecao_id=selecao_id, anonimizado_em__isnull=True)
    _parametro_anonimizacao("on")  # SET LOCAL: um erro desfaz também o parâmetro.
    total, divergentes = 0, []
    for pk, conteudo, publicado in versoes.values_list("pk", "conteudo", "hash_conteudo"):
        if hash_conteudo(conteudo) != publicado:
            divergentes.append(pk)
        total += ResultadoVersao.objects.filter(pk=pk).update(
            conteudo=sem_nomes(conteudo), anonimizado_em=agora
        )
    _parametro_anonimizacao("off")
    return total, divergentes


def selecao_anonimizar(
    *,
    plano: PlanoAnonimizacao,
    meses: int,
    usuario: User | AnonymousUser | None = None,
) -> PlanoAnonimizacao:
    """Anonimiza as inscrições da seleção do ``plano``, numa transação, com auditoria."""
    with transaction.atomic():
        selecao = Selecao.objects.travar(plano.selecao_id)
        atual = _plano(selecao, plano.fim_validade, plano.anonimizar_desde)
        agregados = agregados_art5(selecao.pk)
        inscricoes = list(_pendentes(selecao.pk).order_by("pk"))
        arquivos = _anonimizar_inscricoes(inscricoes)
        arquivos += _anonimizar_relacionados([i.pk for i in inscricoes])
        resultados, divergentes = _anonimizar_resultados(selecao.pk, timezone.now())
        # As mensagens enviadas guardam endereço e texto (com nome e links pessoais):
        # saem junto com os dados pessoais da seleção.
        mensagens_apagadas, _ = Mensagem.objects.filter(selecao=selecao).delete()
        auditoria.registrar(
            acao=ACAO_AUDITORIA,
            objeto=selecao,
            selecao=selecao,
            usuario=usuario,
            descricao=(
                f"Dados pessoais de {atual.inscricoes} inscrições anonimizados "
                "(retenção encerrada)."
            ),
            depois={
                **{k: str(v) if isinstance(v, dt.date) else v for k, v in asdict(atual).items()},
                "retencao_meses": meses,
                "arquivos_apagados": len(arquivos),
                "mensagens_apagadas": mensagens_apagadas,
                "versoes_de_resultado_anonimizadas": resultados,
                "versoes_com_hash_divergente": divergentes,
                "agregados_art5": agregados,
            },
            motivo=(
                f"LGPD, arts. 15, I, e 16: fim do prazo de retenção de {meses} meses após a "
                "validade da seleção; mantidos, sem identificação, os dados dos indicadores "
                "do Decreto 9.427/2018, art. 5º."
            ),
        )
        _apagar_arquivos_depois_do_commit(arquivos)
    return atual
