"""Versões de resultado publicadas (docs/resultado.md), montadas com o motor de reserva."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.utils import timezone

from candidatos.models import (
    Avaliacao,
    Convocacao,
    CorRaca,
    Inscricao,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoConvocacao,
    TipoResultado,
    VagaDoResultado,
)
from selecoes import reserva
from selecoes.models import Selecao, SituacaoSelecao, VagaEstagio
from selecoes.selectors import reservas_da_selecao, tabela_da_selecao
from tests.factories import gerar_cpf


def hash_do_conteudo(conteudo: dict) -> str:
    """SHA-256 do JSON canônico, exatamente como em docs/resultado.md."""
    texto = json.dumps(conteudo, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def _vaga_no_conteudo(
    selecao: Selecao, vaga: VagaEstagio, inscricoes: Sequence[Inscricao], total_n: int
) -> dict:
    reservas = reservas_da_selecao(
        reserva_pcd=selecao.reserva_pcd, percentual_pcd=selecao.percentual_pcd
    )
    candidatos = [
        reserva.Candidato(i.numero, posicao, i.categorias)
        for posicao, i in enumerate(inscricoes, start=1)
    ]
    tabela = tabela_da_selecao(selecao)
    resultado = reserva.resolver_vaga(
        candidatos=candidatos,
        aplicacao=reserva.aplicabilidade(
            selecao.data_publicacao_edital, total_n, selecao.versao_regras
        ),
        ofertadas=vaga.vagas_ofertadas,
        convocacoes=vaga.vagas_a_preencher,
        codigo=vaga.codigo,
        tabela=tabela,
    )
    explicacoes = {e.inscricao: e.texto for e in reserva.explicar(resultado)}
    por_numero = {i.numero: i for i in inscricoes}
    categorias = [r.categoria for r in reservas]
    return {
        "codigo": vaga.codigo,
        "area": vaga.area,
        "municipio": vaga.municipio,
        "uf": vaga.uf,
        "ofertadas": vaga.vagas_ofertadas,
        "reservadas": {c: dict(resultado.reservadas).get(c, 0) for c in categorias},
        "classificacao": [
            {
                "posicao": posicao,
                "inscricao": i.numero,
                "nome": i.nome_exibicao,
                "nota_final": f"{Decimal(10) - Decimal(posicao) / 1000:.3f}",
                "listas": sorted(i.categorias),
            }
            for posicao, i in enumerate(inscricoes, start=1)
        ],
        "lista_negros": [i.numero for i in inscricoes if i.concorre_negros],
        "lista_pcd": [i.numero for i in inscricoes if i.concorre_pcd]
        if "pcd" in categorias
        else [],
        "convocacao": [
            {
                "ordem": c.ordem,
                "inscricao": c.inscricao,
                "nome": por_numero[c.inscricao].nome_exibicao,
                "modalidade": c.modalidade,
                "explicacao": explicacoes[c.inscricao],
            }
            for c in resultado.ordem.convocados
        ],
        "explicacoes": explicacoes,
    }


def montar_conteudo(
    selecao: Selecao,
    vagas: Sequence[tuple[VagaEstagio, Sequence[Inscricao]]],
    *,
    tipo: str,
    numero: int,
    publicado_em: dt.datetime,
    motivo: str = "",
) -> dict:
    """O ``conteudo`` de uma versão: as inscrições de cada vaga já na ordem da classificação."""
    total_n = sum(v.vagas_ofertadas for v in selecao.vagas.all())
    aplicacao = reserva.aplicabilidade(
        selecao.data_publicacao_edital, total_n, selecao.versao_regras
    )
    return {
        "formato": 1,
        "selecao": {
            "id": selecao.pk,
            "numero_edital": selecao.numero_edital,
            "titulo": selecao.titulo,
            "orgao": f"{selecao.orgao.sigla} — {selecao.orgao.nome}",
        },
        "tipo": tipo,
        "numero": numero,
        "publicado_em": timezone.localtime(publicado_em).isoformat(),
        "motivo": motivo,
        "reserva": {"aplicavel": aplicacao.aplicavel, "motivo": aplicacao.motivo},
        "vagas": [_vaga_no_conteudo(selecao, v, insc, total_n) for v, insc in vagas],
    }


def publicar_versao(
    selecao: Selecao,
    vagas: Sequence[tuple[VagaEstagio, Sequence[Inscricao]]],
    *,
    tipo: str = TipoResultado.FINAL,
    numero: int = 1,
    publicado_em: dt.datetime | None = None,
    motivo: str = "",
    recurso: tuple[dt.datetime, dt.datetime] | None = None,
) -> ResultadoVersao:
    publicado_em = publicado_em or timezone.now() - dt.timedelta(hours=1)
    conteudo = montar_conteudo(
        selecao, vagas, tipo=tipo, numero=numero, publicado_em=publicado_em, motivo=motivo
    )
    versao = ResultadoVersao.objects.create(
        selecao=selecao,
        tipo=tipo,
        numero=numero,
        publicado_em=publicado_em,
        motivo=motivo,
        recurso_inicio=recurso[0] if recurso else None,
        recurso_fim=recurso[1] if recurso else None,
        conteudo=conteudo,
        hash_conteudo=hash_do_conteudo(conteudo),
    )
    # Como o serviço de publicação: cada vaga publicada ligada ao seu id permanente.
    VagaDoResultado.objects.bulk_create(
        VagaDoResultado(versao=versao, vaga=v, codigo=v.codigo) for v, _insc in vagas
    )
    return versao


def criar_inscricoes_em_massa(
    vaga: VagaEstagio, quantidade: int, *, prefixo: str = "2026", negros_a_cada: int = 4
) -> list[Inscricao]:
    """Muitas inscrições aprovadas de uma vez (bulk_create), na ordem da classificação."""
    agora = timezone.now()
    inscricoes = []
    for i in range(quantidade):
        negra = i % negros_a_cada == 2
        inscricoes.append(
            Inscricao(
                selecao_id=vaga.selecao_id,
                vaga=vaga,
                numero=f"{prefixo}{vaga.pk:03d}{i:06d}",
                codigo_verificacao=secrets.token_hex(6).upper(),
                nome_civil=f"Candidata Número {i:05d} da Silva",
                cpf=gerar_cpf(vaga.pk * 1_000_000 + i),
                data_nascimento=dt.date(2002, 1, 1),
                email=f"massa{vaga.pk}-{i}@exemplo.com",
                instituicao_ensino="Universidade Federal",
                curso=vaga.curso or vaga.area,
                periodo_curso="3º semestre",
                cor_raca=CorRaca.PARDA if negra else CorRaca.BRANCA,
                concorre_negros=negra,
                termo_aceito_em=agora,
            )
        )
    criadas = Inscricao.objects.bulk_create(inscricoes, batch_size=2000)
    Avaliacao.objects.bulk_create(
        [
            Avaliacao(
                inscricao=i,
                situacao=SituacaoAvaliacao.APROVADO,
                nota_final=Decimal(10) - Decimal(n) / 1000,
            )
            for n, i in enumerate(criadas, start=1)
        ],
        batch_size=2000,
    )
    return criadas


def convocar(
    inscricao: Inscricao,
    *,
    ordem: int,
    modalidade: str = "AC",
    situacao: str = SituacaoConvocacao.AGUARDANDO,
    prazo: dt.datetime | None = None,
) -> Convocacao:
    extras = {}
    if situacao == SituacaoConvocacao.CONTRATADO:
        extras = {"data_inicio": dt.date(2026, 12, 1), "numero_tce": f"TCE-{ordem}"}
    return Convocacao.objects.create(
        vaga=inscricao.vaga,
        inscricao=inscricao,
        ordem=ordem,
        modalidade=modalidade,
        prazo_resposta=prazo or timezone.now() + dt.timedelta(days=3),
        token=secrets.token_urlsafe(32),
        situacao=situacao,
        **extras,
    )


@dataclass
class CenarioPublicado:
    selecao: Selecao
    vaga: VagaEstagio
    inscricoes: list[Inscricao]
    preliminar: ResultadoVersao
    final: ResultadoVersao


def selecao_publicar(selecao: Selecao) -> Selecao:
    selecao.situacao = SituacaoSelecao.RESULTADO_FINAL
    selecao.versao = 1
    selecao.publicada_em = timezone.now() - dt.timedelta(days=30)
    selecao.save()
    return selecao


NOMES = [
    ("Ana Souza", ""),
    ("Bruno Lima", ""),
    ("Carla Pereira", ""),
    ("João Civil Registrado", "Maria Social"),
    ("José Araújo", ""),
    ("Daniela Rocha", ""),
    ("Eduardo Nunes", ""),
    ("Fernanda Dias", ""),
    ("Gabriel Alves", ""),
    ("Helena Castro", ""),
    ("Igor Santos", ""),
    ("Júlia Gonçalves", ""),
]
# Índices (na classificação) de quem concorre à reserva de negros e de PcD.
NEGROS = {2, 4, 5, 8, 10}
PCD = {6}


def cenario_publicado(*, orgao, prefixo: str = "2026") -> CenarioPublicado:
    """Seleção com resultado preliminar, final v1 e final v2 (retificada), e convocações.

    Dados sensíveis reconhecíveis (cor/raça, deficiência, e-mails, CPFs, nome civil
    diferente do nome social) para o teste de vazamento. O edital foi publicado sob a
    versão 1 das regras de reserva (regras, § 8), que as páginas públicas continuam
    seguindo; a versão 2 nas páginas públicas tem testes próprios.
    """
    from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory

    agora = timezone.now()
    selecao = selecao_publicar(
        SelecaoFactory(
            orgao=orgao,
            titulo="Estágio em Direito e Administração",
            numero_edital=f"{prefixo[-2:]}/2026",
            inscricoes_inicio=agora - dt.timedelta(days=60),
            inscricoes_fim=agora - dt.timedelta(days=40),
            descricao="Seleção de estudantes de Direito e Administração.",
            reserva_pcd=True,
            versao_regras=1,
            base_reserva="vaga",
        )
    )
    vaga = VagaEstagioFactory(
        selecao=selecao, codigo="DIR-BSB", area="Direito", vagas_ofertadas=5, vagas_surgidas=1
    )
    VagaEstagioFactory(
        selecao=selecao,
        codigo="ADM-RJ",
        area="Administração",
        municipio="Rio de Janeiro",
        uf="RJ",
        vagas_ofertadas=3,
    )
    inscricoes = []
    for indice, (civil, social) in enumerate(NOMES):
        negra = indice in NEGROS
        inscricoes.append(
            InscricaoFactory(
                vaga=vaga,
                numero=f"{prefixo}{indice + 1:06d}",
                nome_civil=civil,
                nome_social=social,
                cor_raca=CorRaca.PRETA
                if negra and indice % 2
                else (CorRaca.PARDA if negra else CorRaca.AMARELA),
                concorre_negros=negra,
                pcd=indice in PCD,
                concorre_pcd=indice in PCD,
                laudo_pcd="laudos/2026/laudo-cid-f84-sigiloso.pdf" if indice in PCD else "",
                email=f"pessoa{indice}.sigilosa@exemplo.com",
                cpf=gerar_cpf(90_000 + indice + int(prefixo)),
            )
        )
    vagas_pre = [(vaga, inscricoes)]
    preliminar = publicar_versao(
        selecao,
        vagas_pre,
        tipo=TipoResultado.PRELIMINAR,
        publicado_em=agora - dt.timedelta(days=20),
        recurso=(agora - dt.timedelta(days=19), agora - dt.timedelta(days=16)),
    )
    publicar_versao(
        selecao, vagas_pre, tipo=TipoResultado.FINAL, publicado_em=agora - dt.timedelta(days=10)
    )
    # Final v2: recurso deferido troca a 1ª e a 2ª colocadas.
    retificada = [inscricoes[1], inscricoes[0], *inscricoes[2:]]
    final = publicar_versao(
        selecao,
        [(vaga, retificada)],
        tipo=TipoResultado.FINAL,
        numero=2,
        publicado_em=agora - dt.timedelta(days=5),
        motivo="Recurso deferido: revisão da nota da inscrição 000001.",
    )
    ordem = final.conteudo["vagas"][0]["convocacao"]
    por_numero = {i.numero: i for i in inscricoes}
    situacoes = [
        SituacaoConvocacao.CONTRATADO,
        SituacaoConvocacao.AGUARDANDO,
        SituacaoConvocacao.DESISTIU,
        SituacaoConvocacao.ACEITA,
    ]
    for item, situacao in zip(ordem, situacoes, strict=False):
        convocar(
            por_numero[item["inscricao"]],
            ordem=item["ordem"],
            modalidade=item["modalidade"],
            situacao=situacao,
        )
    eliminada = inscricoes[11]
    eliminada.situacao = "eliminada"
    eliminada.save()
    return CenarioPublicado(selecao, vaga, inscricoes, preliminar, final)


def urls_publicas(cenario: CenarioPublicado) -> dict[str, str]:
    """Um endereço de cada tipo de página pública lida por GET."""
    from django.urls import reverse

    pk = cenario.selecao.pk

    def vaga(versao: str, lista: str) -> str:
        return reverse("publico:resultado_vaga", args=[pk, versao, cenario.vaga.codigo, lista])

    return {
        "inicio": reverse("inicio"),
        "selecoes": reverse("publico:selecoes"),
        "selecoes_filtradas": reverse("publico:selecoes")
        + "?q=direito&uf=DF&situacao=resultado_final",
        "selecao": reverse("publico:selecao", args=[pk]),
        "resultados": reverse("publico:resultados", args=[pk]),
        "resultados_preliminar": reverse("publico:resultados", args=[pk, "preliminar-1"]),
        "classificacao": vaga("atual", "classificacao"),
        "lista_negros": vaga("atual", "negros"),
        "lista_pcd": vaga("atual", "pcd"),
        "convocacao": vaga("atual", "convocacao"),
        "classificacao_busca": vaga("final-1", "classificacao") + "?q=silva",
        "minha_situacao": reverse("publico:minha_situacao"),
        "nao_encontrada": "/publico/selecoes/999999/",
    }
