"""Escritas de seleções: criar, editar o rascunho, publicar e retificar o edital.

Depois de publicado, o edital só muda por retificação: uma nova versão numerada,
com motivo e data, cujo conteúdo (retrato JSON com hash SHA-256) fica guardado
ao lado das anteriores. Nada publicado é sobrescrito em silêncio.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import Any, NamedTuple

from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from selecoes import auditoria, eventos, reserva
from selecoes.acesso import Usuario
from selecoes.canonico import hash_conteudo
from selecoes.categorias import Categoria
from selecoes.models import (
    BaseReserva,
    CategoriaEdital,
    ConfirmacaoCategoria,
    CriterioAvaliacao,
    CriterioDesempate,
    Orgao,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
    VersaoEdital,
)
from selecoes.selectors import (
    quadro_reserva,
    reservas_de,
    rotulo_reserva,
    sequencia_explicita_do_json,
)

FORMATO_SNAPSHOT = 1
POSICOES_NO_ANEXO = 30

CAMPOS_SELECAO = (
    "titulo",
    "numero_edital",
    "data_publicacao_edital",
    "inscricoes_inicio",
    "inscricoes_fim",
    "validade_meses",
    "descricao",
    "requisitos",
    "percentual_negros",
    "reserva_pcd",
    "percentual_pcd",
    "sequencia_explicita",
    "base_reserva",
    "criterios_desempate",
    "prazos_em_dias_uteis",
    "prazo_resposta_dias",
    "convocacao_automatica",
)
CAMPOS_VAGA = (
    "codigo",
    "area",
    "curso",
    "nivel",
    "municipio",
    "uf",
    "carga_horaria_semanal",
    "valor_bolsa",
    "auxilio_transporte",
    "vagas_ofertadas",
    "sem_cadastro_reserva",
    "requisitos",
)
CAMPOS_CRITERIO = ("codigo", "nome", "peso", "nota_maxima", "casas_decimais")
CAMPOS_CATEGORIA = (
    "categoria",
    "nome",
    "percentual",
    "base_legal",
    "pergunta",
    "ajuda",
    "lista_com_nomes",
    "documento_exigido",
    "documento_descricao",
    "documento_tamanho_max_mb",
)

CAMPOS_CONFIRMACAO = (
    "categoria",
    "tipo",
    "momento",
    "chamados",
    "multiplo",
    "regra_decisao",
    "ausente",
    "item_edital",
    "prazo_recurso_dias",
)
"""Heteroidentificação por categoria (regras de reserva, § 1): toda ela é base legal."""

# Base legal da reserva (art. 1º, §§ 1º a 3º; art. 3º; art. 7º; regras, § 8): depois da
# publicação de um resultado (preliminar ou final), nenhuma retificação muda estes campos.
# Um campo ainda inexistente na seleção é ignorado, de modo que a lista pode nomear
# campos novos antes de eles chegarem. O resto do edital continua retificável: título,
# número, descrição, requisitos, nomes dos critérios, área, curso, nível, local, carga
# horária, bolsa e auxílio das vagas, e a validade (só para prorrogar).
BASE_LEGAL_SELECAO = (
    "data_publicacao_edital",
    "percentual_negros",
    "reserva_pcd",
    "percentual_pcd",
    "sequencia_explicita",
    "base_reserva",
    "versao_regras",
    # O resultado foi calculado sobre estas inscrições, notas e desempates.
    "inscricoes_inicio",
    "inscricoes_fim",
    "criterios_desempate",
    # Prazos e convocação: quem é chamado, e quando perde a vez (art. 4º, § 2º).
    "prazos_em_dias_uteis",
    "prazo_resposta_dias",
    "convocacao_automatica",
)
BASE_LEGAL_VAGA = ("codigo", "vagas_ofertadas", "sem_cadastro_reserva")
"""Além destes campos, nenhuma vaga entra, sai ou muda de ordem."""
BASE_LEGAL_CRITERIO = ("codigo", "peso", "nota_maxima", "casas_decimais")
"""Além destes campos, nenhum critério de avaliação entra ou sai."""
BASE_LEGAL_CATEGORIA = ("categoria", "percentual")
"""Além destes campos, nenhuma categoria do órgão entra, sai ou muda de precedência."""

SITUACOES_RETIFICAVEIS = (
    SituacaoSelecao.PUBLICADA,
    SituacaoSelecao.EM_CLASSIFICACAO,
    SituacaoSelecao.RESULTADO_PRELIMINAR,
    SituacaoSelecao.RESULTADO_FINAL,
)


@dataclass(frozen=True)
class DadosEdital:
    """Conteúdo editável de um edital: a seleção, suas vagas e critérios.

    `selecao` tem as chaves de `CAMPOS_SELECAO`; cada vaga, as de `CAMPOS_VAGA`
    (e `id` quando já existe); cada critério, as de `CAMPOS_CRITERIO` (e `id`).
    A ordem das listas é a ordem de exibição.
    """

    selecao: Mapping[str, Any]
    vagas: Sequence[Mapping[str, Any]]
    criterios: Sequence[Mapping[str, Any]] = field(default=())
    categorias: Sequence[Mapping[str, Any]] = field(default=())
    """Categorias do órgão (`CAMPOS_CATEGORIA`), na ordem de precedência."""
    confirmacoes: Sequence[Mapping[str, Any]] | None = None
    """Heteroidentificação por categoria (`CAMPOS_CONFIRMACAO`); ``None`` mantém as gravadas."""


def dados_da_selecao(selecao: Selecao) -> DadosEdital:
    """O conteúdo atual, pronto para `dataclasses.replace` e `selecao_retificar`."""
    return DadosEdital(
        selecao={c: getattr(selecao, c) for c in CAMPOS_SELECAO},
        vagas=[
            {"id": v.pk, **{c: getattr(v, c) for c in CAMPOS_VAGA}} for v in selecao.vagas.all()
        ],
        criterios=[
            {"id": c.pk, **{k: getattr(c, k) for k in CAMPOS_CRITERIO}}
            for c in selecao.criterios.all()
        ],
        categorias=[
            {"id": c.pk, **{k: getattr(c, k) for k in CAMPOS_CATEGORIA}}
            for c in selecao.categorias_orgao.all()
        ],
        confirmacoes=[
            {k: getattr(c, k) for k in CAMPOS_CONFIRMACAO} for c in selecao.confirmacoes.all()
        ],
    )


# ---------------------------------------------------------------- validação


class ErroDesempate(NamedTuple):
    posicao: int
    """1 = primeiro critério."""
    campo: str
    """"criterio" ou "parametro"."""
    mensagem: str


def erros_criterios_desempate(
    criterios: Sequence[Mapping[str, Any]], codigos_avaliacao: Sequence[str]
) -> list[ErroDesempate]:
    """Critérios de desempate em ordem (regras, § 5): da lista do sistema, sem
    repetição, `nota_criterio` com um critério de avaliação existente e o
    sorteio público por último (depois dele não há empate possível).
    """
    if not criterios:
        return [ErroDesempate(1, "criterio", "1º critério de desempate: escolha ao menos um.")]
    erros: list[ErroDesempate] = []
    vistos: set[tuple[str, str]] = set()
    validos = set(CriterioDesempate.values)
    for i, item in enumerate(criterios, 1):
        criterio = item.get("criterio", "")
        parametro = item.get("parametro", "") or ""
        prefixo = f"{i}º critério de desempate"
        if criterio not in validos:
            erros.append(
                ErroDesempate(i, "criterio", f"{prefixo}: “{criterio}” não é um critério da lista.")
            )
            continue
        if criterio == CriterioDesempate.NOTA_CRITERIO:
            if not parametro:
                erros.append(
                    ErroDesempate(
                        i,
                        "parametro",
                        f"{prefixo}: informe o código do critério de avaliação cuja nota "
                        "desempata.",
                    )
                )
            elif parametro not in codigos_avaliacao:
                erros.append(
                    ErroDesempate(
                        i,
                        "parametro",
                        f"{prefixo}: o critério de avaliação “{parametro}” não existe nesta "
                        "seleção.",
                    )
                )
        chave = (criterio, parametro if criterio == CriterioDesempate.NOTA_CRITERIO else "")
        if chave in vistos:
            erros.append(ErroDesempate(i, "criterio", f"{prefixo}: repete um critério anterior."))
        vistos.add(chave)
        if criterio == CriterioDesempate.SORTEIO and i != len(criterios):
            erros.append(
                ErroDesempate(
                    i, "criterio", f"{prefixo}: o sorteio público deve ser o último critério."
                )
            )
    return erros


def pendencias_para_publicar(selecao: Selecao, *, agora: datetime) -> list[str]:
    """O que impede a publicação, em frases que nomeiam o campo."""
    pendencias: list[str] = []
    if selecao.situacao != SituacaoSelecao.RASCUNHO:
        return ["A seleção já foi publicada; alterações só por retificação."]
    pendencias.extend(_erros_conteudo(selecao))
    if selecao.inscricoes_fim <= agora:
        pendencias.append(
            "Fim das inscrições: a data já passou; ajuste o período antes de publicar."
        )
    return pendencias


def _erros_conteudo(selecao: Selecao) -> list[str]:
    erros: list[str] = []
    vagas = list(selecao.vagas.all())
    if not vagas:
        erros.append("Vagas de estágio: cadastre ao menos uma vaga.")
    inicio_local = timezone.localtime(selecao.inscricoes_inicio).date()
    if selecao.data_publicacao_edital > inicio_local:
        erros.append(
            "Início das inscrições: deve ser no dia da publicação do edital ou depois dele."
        )
    if selecao.inscricoes_fim <= selecao.inscricoes_inicio:
        erros.append("Fim das inscrições: deve ser posterior ao início das inscrições.")
    codigos = [c.codigo for c in selecao.criterios.all()]
    erros.extend(
        e.mensagem for e in erros_criterios_desempate(selecao.criterios_desempate or [], codigos)
    )
    reservas = reservas_de(selecao)
    try:
        reserva.tipos.validar_reservas(tuple(reservas))
    except reserva.EntradaInvalida as erro:
        erros.append(f"Categorias de reserva: {erro.mensagem}")
    try:
        sequencia_explicita_do_json(selecao.sequencia_explicita, [r.categoria for r in reservas])
    except reserva.EntradaInvalida as erro:
        erros.append(f"Sequência explícita de vagas reservadas: {erro.mensagem}")
    return erros


# ---------------------------------------------------------------- retrato


def _valor_json(valor: Any) -> Any:
    if isinstance(valor, datetime):
        return timezone.localtime(valor).isoformat()
    if isinstance(valor, date):
        return valor.isoformat()
    if isinstance(valor, Decimal):
        return str(valor)
    return valor


def snapshot_edital(selecao: Selecao) -> dict[str, Any]:
    """Retrato JSON do que os candidatos leem: seleção, vagas, critérios e o
    quadro de reserva calculado pelo motor (art. 1º, § 3º; art. 3º; art. 7º).

    É o `VersaoEdital.conteudo`; o hash é `selecoes.canonico.hash_conteudo(conteudo)`. Formato 1::

        {"formato": 1,
         "selecao": {"id", "orgao", <CAMPOS_SELECAO>},   # datas ISO 8601, decimais em texto
         "criterios_avaliacao": [{<CAMPOS_CRITERIO>}],
         "vagas": [{<CAMPOS_VAGA>}],                     # na ordem do edital
         "reserva": {"aplicavel", "motivo", "categorias", "percentuais",
                     "total_vagas", "total_reservadas", "reservadas_esperadas_negros",
                     "alerta_fracionamento", "regra_texto",
                     "vagas": [{"codigo", "ofertadas", "reservadas", "ampla",
                                "sequencia"}]}}           # sequência: 30 primeiras posições
    """
    quadro = quadro_reserva(selecao, posicoes=POSICOES_NO_ANEXO)
    return {
        "formato": FORMATO_SNAPSHOT,
        "selecao": {
            "id": selecao.pk,
            "orgao": str(selecao.orgao),
            **{c: _valor_json(getattr(selecao, c)) for c in CAMPOS_SELECAO},
        },
        "criterios_avaliacao": [
            {c: _valor_json(getattr(cr, c)) for c in CAMPOS_CRITERIO}
            for cr in selecao.criterios.all()
        ],
        "vagas": [
            {c: _valor_json(getattr(v, c)) for c in CAMPOS_VAGA} for v in selecao.vagas.all()
        ],
        **_categorias_no_retrato(selecao),
        **_confirmacoes_no_retrato(selecao),
        "reserva": {
            "aplicavel": quadro.aplicavel,
            "motivo": quadro.motivo,
            "categorias": list(quadro.categorias),
            "percentuais": {c: str(p) for c, p in quadro.percentuais.items()},
            "total_vagas": quadro.total_vagas,
            "total_reservadas": quadro.total_reservadas,
            "reservadas_esperadas_negros": quadro.reservadas_esperadas_negros,
            "alerta_fracionamento": quadro.alerta_fracionamento,
            "regra_texto": quadro.regra_texto,
            "versao_regras": quadro.versao_regras,
            "base": quadro.base,
            "versao_texto": quadro.versao_texto,
            "base_texto": quadro.base_texto,
            "rateio": list(quadro.rateio),
            "inicio_texto": quadro.inicio_texto,
            "reservadas_esperadas": quadro.reservadas_esperadas,
            "vagas": [
                {
                    "codigo": linha.vaga.codigo,
                    "ofertadas": linha.ofertadas,
                    "reservadas": linha.reservadas,
                    "ampla": linha.ampla,
                    "sequencia": list(linha.sequencia),
                }
                for linha in quadro.linhas
            ],
        },
    }


def _categorias_no_retrato(selecao: Selecao) -> dict[str, Any]:
    """`categorias_orgao`, só quando o edital as declara: o retrato de um edital só
    com negros e PcD continua com as mesmas chaves de antes."""
    linhas = [
        {
            **{c: _valor_json(getattr(cat, c)) for c in CAMPOS_CATEGORIA},
            "publica_nomes": cat.publica_nomes,
        }
        for cat in selecao.categorias_orgao.all()
    ]
    return {"categorias_orgao": linhas} if linhas else {}


def _confirmacoes_no_retrato(selecao: Selecao) -> dict[str, Any]:
    """`heteroidentificacao`, só quando o edital a adota (as chaves de antes ficam)."""
    linhas = [
        {c: _valor_json(getattr(conf, c)) for c in CAMPOS_CONFIRMACAO}
        for conf in selecao.confirmacoes.all()
    ]
    return {"heteroidentificacao": linhas} if linhas else {}


def mudancas_do_rateio(anterior: Mapping[str, Any], novo: Mapping[str, Any]) -> list[str]:
    """Base selecao (regras de reserva, § 3.1): a retificação que muda as vagas de
    estágio, ou a ordem delas, refaz o rateio; a nova versão do anexo diz que vagas
    reservadas mudaram de vaga de estágio. Compara os quadros das duas versões."""
    reserva_nova = novo.get("reserva") or {}
    if reserva_nova.get("base") != reserva.BaseReserva.SELECAO.value:
        return []
    reserva_antiga = anterior.get("reserva") or {}
    antes = {v["codigo"]: v.get("reservadas", {}) for v in reserva_antiga.get("vagas", [])}
    depois = {v["codigo"]: v.get("reservadas", {}) for v in reserva_nova.get("vagas", [])}
    frases = []
    for categoria in reserva_nova.get("categorias", []):
        rotulo = rotulo_reserva(categoria)
        mudou = []
        for codigo in list(antes) + [c for c in depois if c not in antes]:
            a = antes.get(codigo, {}).get(categoria, 0)
            d = depois.get(codigo, {}).get(categoria, 0)
            if a != d:
                mudou.append(f"{codigo}: de {a} para {d}")
        if mudou:
            frases.append(
                f"Com a retificação, o rateio do total da seleção foi refeito (regras de "
                f"reserva, § 3.1; art. 1º, § 3º). Vagas reservadas a {rotulo} que mudaram: "
                + "; ".join(mudou)
                + "."
            )
    return frases


# ---------------------------------------------------------------- escrita


def _aplicar_linhas(
    existentes: Mapping[int, Any],
    linhas: Sequence[Mapping[str, Any]],
    campos: Sequence[str],
    criar: Any,
    rotulo: str,
) -> None:
    """Atualiza, cria e exclui as linhas filhas (vagas ou critérios) pela ordem dada."""
    enviados = {linha["id"] for linha in linhas if linha.get("id")}
    for pk, objeto in existentes.items():
        if pk not in enviados:
            try:
                objeto.delete()
            except ProtectedError:
                raise ValidationError(
                    f"{rotulo} “{objeto.codigo}”: já tem inscrições ou registros e não pode "
                    "ser excluída."
                ) from None
    # Códigos podem trocar de linha; um código provisório evita colisão no meio.
    for linha in linhas:
        objeto = existentes.get(linha.get("id") or 0)
        if objeto is not None and objeto.codigo != linha["codigo"]:
            objeto.codigo = f"~{objeto.pk}"
            objeto.save(update_fields=["codigo"])
    for ordem, linha in enumerate(linhas):
        objeto = existentes.get(linha.get("id") or 0) or criar()
        for campo in campos:
            # Campo omitido (dados anteriores a ele, ex.: casas decimais): fica o do
            # banco ou o padrão do modelo.
            if campo in linha:
                setattr(objeto, campo, linha[campo])
        objeto.ordem = ordem
        objeto.full_clean(exclude=["selecao"])
        objeto.save()


def _aplicar_categorias(selecao: Selecao, linhas: Sequence[Mapping[str, Any]]) -> None:
    """As categorias do órgão, na ordem dada (a precedência). Nenhuma linha é
    referenciada por chave (as declarações dos candidatos guardam o código nacional),
    então o rascunho e a retificação regravam todas."""
    selecao.categorias_orgao.all().delete()
    for ordem, linha in enumerate(linhas):
        categoria = CategoriaEdital(selecao=selecao, ordem=ordem)
        for campo in CAMPOS_CATEGORIA:
            setattr(categoria, campo, linha[campo])
        try:
            categoria.full_clean(exclude=["selecao"])
        except ValidationError as erro:
            raise ValidationError(
                [f"Categoria do órgão {ordem + 1} — {m}" for m in erro.messages]
            ) from None
        categoria.save()


def _aplicar_confirmacoes(selecao: Selecao, linhas: Sequence[Mapping[str, Any]]) -> None:
    """A heteroidentificação de cada categoria, só para categorias que o edital declara
    (negros sempre; PcD se houver; as do órgão). Regravadas por inteiro, como as categorias."""
    declaradas = {
        Categoria.NEGROS.value,
        *selecao.categorias_orgao.values_list("categoria", flat=True),
    }
    if selecao.reserva_pcd:
        declaradas.add(Categoria.PCD.value)
    selecao.confirmacoes.all().delete()
    vistas: set[str] = set()
    for ordem, linha in enumerate(linhas):
        prefixo = f"Heteroidentificação {ordem + 1} — "
        if linha.get("categoria") not in declaradas:
            raise ValidationError(
                f"{prefixo}Categoria: escolha uma categoria de reserva declarada no edital."
            )
        if linha["categoria"] in vistas:
            raise ValidationError(f"{prefixo}Categoria: já tem heteroidentificação no edital.")
        vistas.add(linha["categoria"])
        confirmacao = ConfirmacaoCategoria(selecao=selecao, ordem=ordem)
        for campo in CAMPOS_CONFIRMACAO:
            if campo in linha:
                setattr(confirmacao, campo, linha[campo])
        if confirmacao.chamados == "todos":
            confirmacao.multiplo = None
        erros = []
        if confirmacao.chamados == "multiplo_vagas" and not confirmacao.multiplo:
            erros.append(f"{prefixo}Múltiplo das vagas (M): informe M (1 a 20).")
        if not (confirmacao.item_edital or "").strip():
            erros.append(f"{prefixo}Item do edital: informe o item citado na explicação.")
        try:
            confirmacao.full_clean(exclude=["selecao"], validate_constraints=False)
        except ValidationError as erro:
            erros += [f"{prefixo}{m}" for m in erro.messages]
        if erros:
            raise ValidationError(erros)
        confirmacao.save()


def _aplicar_dados(selecao: Selecao, dados: DadosEdital) -> None:
    for campo in CAMPOS_SELECAO:
        if campo in dados.selecao:
            setattr(selecao, campo, dados.selecao[campo])
    if selecao.sequencia_explicita:
        # Só as categorias declaradas ficam na sequência (regras, § 7).
        declaradas = {Categoria.NEGROS.value, *(c["categoria"] for c in dados.categorias)}
        if selecao.reserva_pcd:
            declaradas.add(Categoria.PCD.value)
        selecao.sequencia_explicita = {
            k: v for k, v in selecao.sequencia_explicita.items() if k in declaradas
        } or None
    if selecao.sequencia_explicita:
        # Regras de reserva, § 7: a sequência explícita vale em cada vaga de estágio.
        selecao.base_reserva = BaseReserva.VAGA
    selecao.full_clean(exclude=["orgao", "criado_por"], validate_unique=False)
    selecao.save()
    _aplicar_linhas(
        {v.pk: v for v in selecao.vagas.all()},
        dados.vagas,
        CAMPOS_VAGA,
        lambda: VagaEstagio(selecao=selecao),
        "Vaga",
    )
    _aplicar_linhas(
        {c.pk: c for c in selecao.criterios.all()},
        dados.criterios,
        CAMPOS_CRITERIO,
        lambda: CriterioAvaliacao(selecao=selecao),
        "Critério de avaliação",
    )
    _aplicar_categorias(selecao, dados.categorias)
    if dados.confirmacoes is not None:
        _aplicar_confirmacoes(selecao, dados.confirmacoes)
    else:
        # Categoria que saiu do edital leva a sua heteroidentificação junto.
        declaradas = {Categoria.NEGROS.value, *(c["categoria"] for c in dados.categorias)}
        if selecao.reserva_pcd:
            declaradas.add(Categoria.PCD.value)
        selecao.confirmacoes.exclude(categoria__in=declaradas).delete()
    # Relê do banco: o retrato usa os valores como gravados (ex.: 10 → 10.00).
    selecao.refresh_from_db()


def _autor(usuario: Usuario | None) -> Any:
    return usuario if usuario is not None and usuario.is_authenticated else None


def _resumo(selecao: Selecao) -> dict[str, Any]:
    return {
        "numero_edital": selecao.numero_edital,
        "situacao": selecao.situacao,
        "versao": selecao.versao,
        "vagas": {v.codigo: v.vagas_ofertadas for v in selecao.vagas.all()},
    }


@transaction.atomic
def selecao_criar(*, orgao: Orgao, usuario: Usuario | None, dados: DadosEdital) -> Selecao:
    """Cria a seleção em rascunho, com suas vagas e critérios."""
    selecao = Selecao(orgao=orgao, criado_por=_autor(usuario))
    _aplicar_dados(selecao, dados)
    auditoria.registrar(
        acao="selecao.criar",
        objeto=selecao,
        descricao=f"Seleção criada em rascunho: {selecao}",
        usuario=usuario,
        selecao=selecao,
        depois=_resumo(selecao),
    )
    return selecao


@transaction.atomic
def rascunho_atualizar(*, selecao: Selecao, usuario: Usuario | None, dados: DadosEdital) -> Selecao:
    """Edita uma seleção ainda não publicada. Publicada, só por retificação."""
    selecao = Selecao.objects.select_for_update(of=("self",)).get(pk=selecao.pk)
    if selecao.situacao != SituacaoSelecao.RASCUNHO:
        raise ValidationError(
            "O edital já foi publicado: vagas, reservas e datas só mudam por retificação."
        )
    antes = _resumo(selecao)
    _aplicar_dados(selecao, dados)
    auditoria.registrar(
        acao="selecao.editar",
        objeto=selecao,
        descricao=f"Rascunho editado: {selecao}",
        usuario=usuario,
        selecao=selecao,
        antes=antes,
        depois=_resumo(selecao),
    )
    eventos.emitir(eventos.Evento.RASCUNHO_ALTERADO, selecao_id=selecao.pk)
    return selecao


@transaction.atomic
def selecao_publicar(*, selecao: Selecao, usuario: Usuario | None, agora: datetime) -> VersaoEdital:
    """Publica o edital (versão 1) e congela vagas, reservas e datas.

    Levanta `ValidationError` com todas as pendências, cada uma nomeando o campo.
    """
    selecao = Selecao.objects.travar(selecao.pk)
    pendencias = pendencias_para_publicar(selecao, agora=agora)
    if pendencias:
        raise ValidationError(pendencias)
    selecao.situacao = SituacaoSelecao.PUBLICADA
    selecao.versao = 1
    selecao.publicada_em = agora
    # Regras de reserva, § 8: o edital fica, por toda a vida, na versão das regras em
    # vigor quando é publicado no sistema (não na data do DOU); retificação não a muda.
    selecao.versao_regras = reserva.VERSAO_ATUAL
    selecao.save(
        update_fields=["situacao", "versao", "publicada_em", "versao_regras", "atualizado_em"]
    )
    conteudo = snapshot_edital(selecao)
    versao = VersaoEdital.objects.create(
        selecao=selecao,
        numero=1,
        publicada_em=agora,
        publicada_por=_autor(usuario),
        conteudo=conteudo,
        hash_conteudo=hash_conteudo(conteudo),
    )
    auditoria.registrar(
        acao="selecao.publicar",
        objeto=versao,
        descricao=f"Edital publicado (versão 1): {selecao}",
        usuario=usuario,
        selecao=selecao,
        antes={"situacao": SituacaoSelecao.RASCUNHO},
        depois={
            "situacao": selecao.situacao,
            "versao": 1,
            "hash": versao.hash_conteudo,
            "versao_regras": selecao.versao_regras,
        },
    )
    eventos.emitir(eventos.Evento.EDITAL_PUBLICADO, selecao_id=selecao.pk)
    return versao


def _resultado_publicado(selecao: Selecao) -> bool:
    # selecoes não importa candidatos no carregamento (candidatos importa selecoes).
    resultados = apps.get_model("candidatos", "ResultadoVersao")
    return bool(resultados.objects.filter(selecao=selecao).exists())


def _normalizar(campo: str, valor: Any) -> Any:
    """Mesma base com grafias diferentes (ex.: parâmetro vazio, `{}` e `None`) não é mudança."""
    if campo == "criterios_desempate":
        return [(i.get("criterio", ""), i.get("parametro") or "") for i in valor or []]
    if campo == "sequencia_explicita":
        return valor or None
    return valor


def _linhas_base(objetos: Sequence[Any], campos: Sequence[str]) -> list[tuple[Any, ...]]:
    return [(o.pk, *(_valor_json(getattr(o, c)) for c in campos)) for o in objetos]


def erros_base_legal(
    antes: Mapping[str, Any],
    depois: Mapping[str, Any],
    vagas_antes: Sequence[tuple[Any, ...]],
    vagas_depois: Sequence[tuple[Any, ...]],
    criterios_antes: Sequence[tuple[Any, ...]],
    criterios_depois: Sequence[tuple[Any, ...]],
) -> list[str]:
    """Regras, § 8: o que a retificação mudaria na base legal congelada, campo a campo.

    `antes`/`depois` são os campos da seleção no retrato (`snapshot_edital()["selecao"]`);
    as linhas são `(id, *BASE_LEGAL_VAGA)` e `(id, *BASE_LEGAL_CRITERIO)` na ordem do edital.
    """
    from selecoes.selectors.versoes import ROTULOS_CRITERIO, ROTULOS_SELECAO, ROTULOS_VAGA

    quando = "depois da publicação do resultado (base legal da reserva, regras § 8)"
    sufixo = f"não pode mudar {quando}."
    erros = [
        f"{ROTULOS_SELECAO.get(campo, campo)}: {sufixo}"
        for campo in BASE_LEGAL_SELECAO
        if campo in antes
        and _normalizar(campo, antes[campo]) != _normalizar(campo, depois.get(campo))
    ]
    if depois.get("validade_meses", 0) < antes.get("validade_meses", 0):
        erros.append(
            "Validade (meses): depois da publicação do resultado, a validade só pode ser "
            "prorrogada, nunca reduzida."
        )
    for rotulo, linhas_a, linhas_d, campos, rotulos in (
        ("Vaga", vagas_antes, vagas_depois, BASE_LEGAL_VAGA, ROTULOS_VAGA),
        (
            "Critério de avaliação",
            criterios_antes,
            criterios_depois,
            BASE_LEGAL_CRITERIO,
            ROTULOS_CRITERIO,
        ),
    ):
        por_id = {linha[0]: linha for linha in linhas_d}
        ids_a = [linha[0] for linha in linhas_a]
        for linha in linhas_a:
            nova = por_id.get(linha[0])
            if nova is None:
                erros.append(f"{rotulo} “{linha[1]}”: não pode ser excluída {quando}.")
                continue
            erros += [
                f"{rotulo} “{linha[1]}” — {rotulos[campo]}: {sufixo}"
                for i, campo in enumerate(campos, 1)
                if linha[i] != nova[i]
            ]
        novas = [linha[1] for linha in linhas_d if linha[0] not in set(ids_a)]
        if novas:
            erros.append(f"{rotulo} “{', '.join(novas)}”: não pode ser incluída {quando}.")
        elif rotulo == "Vaga" and [linha[0] for linha in linhas_d] != ids_a:
            erros.append(f"Ordem das vagas: {sufixo}")
    return erros


def _categorias_base(selecao: Selecao) -> list[tuple[Any, ...]]:
    return [
        tuple(_valor_json(getattr(c, campo)) for campo in BASE_LEGAL_CATEGORIA)
        for c in selecao.categorias_orgao.all()
    ]


@dataclass(frozen=True)
class PreviaRetificacao:
    """O que a retificação mudaria (edital e quadro de reserva), antes de confirmar."""

    diferencas: list[Any]
    hash_conteudo: str


def _aplicar_retificacao(
    selecao: Selecao, dados: DadosEdital
) -> tuple[VersaoEdital | None, dict[str, Any]]:
    """Aplica `dados` (dentro da transação de quem chama) e devolve a versão anterior e o
    novo retrato; levanta `ValidationError` se algo não pode mudar."""
    anterior = selecao.versoes.order_by("-numero").first()
    congelada = _resultado_publicado(selecao)
    if congelada:
        antes = snapshot_edital(selecao)["selecao"]
        vagas_antes = _linhas_base(list(selecao.vagas.all()), BASE_LEGAL_VAGA)
        criterios_antes = _linhas_base(list(selecao.criterios.all()), BASE_LEGAL_CRITERIO)
        categorias_antes = _categorias_base(selecao)
        confirmacoes_antes = _confirmacoes_no_retrato(selecao)
    _aplicar_dados(selecao, dados)
    erros = _erros_conteudo(selecao)
    conteudo = snapshot_edital(selecao)
    if congelada:
        erros = [
            *erros_base_legal(
                antes,
                conteudo["selecao"],
                vagas_antes,
                _linhas_base(list(selecao.vagas.all()), BASE_LEGAL_VAGA),
                criterios_antes,
                _linhas_base(list(selecao.criterios.all()), BASE_LEGAL_CRITERIO),
            ),
            *(
                []
                if _categorias_base(selecao) == categorias_antes
                else [
                    "Categorias de reserva do órgão (inclusão, exclusão, ordem, código e "
                    "percentual): não podem mudar depois da publicação do resultado (base "
                    "legal da reserva, regras § 8)."
                ]
            ),
            *(
                []
                if _confirmacoes_no_retrato(selecao) == confirmacoes_antes
                else [
                    "Heteroidentificação (categorias, como, quando, quem é chamado, regra de "
                    "decisão, ausência, item e prazo de recurso): não pode mudar depois da "
                    "publicação do resultado (base legal da reserva, regras § 8)."
                ]
            ),
            *erros,
        ]
    if erros:
        raise ValidationError(erros)
    if anterior is not None and anterior.hash_conteudo == hash_conteudo(conteudo):
        raise ValidationError(
            f"Nenhuma alteração em relação à versão {anterior.numero}: não há o que retificar."
        )
    if anterior is not None:
        mudancas = mudancas_do_rateio(anterior.conteudo, conteudo)
        if mudancas:
            conteudo["reserva"]["mudancas_rateio"] = mudancas
    return anterior, conteudo


def previa_retificacao(*, selecao: Selecao, dados: DadosEdital) -> PreviaRetificacao:
    """As diferenças que a retificação publicaria, sem gravar nada (a transação é
    desfeita): o servidor confirma vendo exatamente o que muda."""
    from selecoes.selectors.versoes import comparar_conteudos

    with transaction.atomic():
        selecao = Selecao.objects.select_for_update(of=("self",)).get(pk=selecao.pk)
        try:
            anterior, conteudo = _aplicar_retificacao(selecao, dados)
        finally:
            transaction.set_rollback(True)
    base = anterior.conteudo if anterior is not None else conteudo
    return PreviaRetificacao(comparar_conteudos(base, conteudo), hash_conteudo(conteudo))


@transaction.atomic
def selecao_retificar(
    *,
    selecao: Selecao,
    usuario: Usuario | None,
    motivo: str,
    data_retificacao: date,
    dados: DadosEdital,
    agora: datetime | None = None,
    hash_previa: str | None = None,
) -> VersaoEdital:
    """Retificação do edital: aplica `dados` e grava a versão n + 1 com motivo e data.

    As versões anteriores continuam guardadas e comparáveis; uma retificação
    sem nenhuma mudança é recusada, assim como uma sem motivo. Depois da
    publicação de um resultado, a base legal da reserva (`BASE_LEGAL_*`) não muda
    (regras, § 8). Com `hash_previa`, só grava se o conteúdo é o da prévia confirmada.
    """
    agora = agora or timezone.now()
    selecao = Selecao.objects.travar(selecao.pk)
    motivo = (motivo or "").strip()
    erros = []
    if selecao.situacao not in SITUACOES_RETIFICAVEIS:
        erros.append(
            "Só é possível retificar um edital publicado e ainda não encerrado "
            f"(situação atual: {selecao.get_situacao_display().lower()})."
        )
    if not motivo:
        erros.append("Motivo da retificação: informe o motivo.")
    if data_retificacao is None:
        erros.append("Data da retificação: informe a data.")
    elif data_retificacao < selecao.data_publicacao_edital:
        erros.append(
            "Data da retificação: não pode ser anterior à publicação do edital "
            f"({selecao.data_publicacao_edital:%d/%m/%Y})."
        )
    if erros:
        raise ValidationError(erros)
    anterior, conteudo = _aplicar_retificacao(selecao, dados)
    hash_novo = hash_conteudo(conteudo)
    if hash_previa is not None and hash_previa != hash_novo:
        raise ValidationError(
            "O edital mudou depois da prévia (outra retificação ou outro conteúdo): "
            "confira as diferenças de novo antes de confirmar."
        )
    numero = selecao.versao + 1
    selecao.versao = numero
    selecao.save(update_fields=["versao", "atualizado_em"])
    versao = VersaoEdital.objects.create(
        selecao=selecao,
        numero=numero,
        motivo=motivo,
        data_retificacao=data_retificacao,
        publicada_em=agora,
        publicada_por=_autor(usuario),
        conteudo=conteudo,
        hash_conteudo=hash_novo,
    )
    auditoria.registrar(
        acao="selecao.retificar",
        objeto=versao,
        descricao=f"Edital retificado (versão {numero}): {selecao}",
        usuario=usuario,
        selecao=selecao,
        antes={"versao": numero - 1, "hash": anterior.hash_conteudo if anterior else ""},
        depois={"versao": numero, "hash": hash_novo},
        motivo=motivo,
    )
    eventos.emitir(eventos.Evento.EDITAL_RETIFICADO, selecao_id=selecao.pk)
    return versao
