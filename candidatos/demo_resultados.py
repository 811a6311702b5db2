"""Demonstração da classificação à contratação (idempotente).

Uma seleção do MIR com resultado preliminar, recurso, resultado final em duas
versões, um sorteio de desempate, convocações, uma desistência em vaga
reservada, uma reversão (art. 4º, § 3º) e uma eliminação com desligamento
(art. 2º, parágrafo único) — para ``make run`` mostrar todos os estados.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import (
    Avaliacao,
    CorRaca,
    Inscricao,
    ProcessoEliminacao,
    Recurso,
    ResultadoVersao,
    SituacaoAvaliacao,
    SituacaoConvocacao,
    SituacaoRecurso,
    Sorteio,
    TipoResultado,
)
from candidatos.services import classificacao, convocacao, eliminacao, resultado
from candidatos.services import sorteio as servico_sorteio
from selecoes.models import (
    CriterioAvaliacao,
    NivelEnsino,
    Orgao,
    Selecao,
    SituacaoSelecao,
    VagaEstagio,
)

EDITAL = "DEMO-6/2026"

# (sufixo, nome, negro, pcd, prova, curriculo, nascimento)
CANDIDATOS = {
    "DIR": [
        ("01", "Ana Souza", False, False, "9.5", "9.0", (2002, 4, 1)),
        ("02", "Bruno Lima", False, False, "9.0", "9.0", (2001, 7, 9)),
        ("03", "Xênia Santos", True, False, "9.0", "8.0", (2003, 2, 12)),
        ("04", "Caio Ferreira", False, False, "8.5", "8.0", (2000, 11, 30)),
        ("05", "Dora Alves", False, True, "8.0", "8.0", (2002, 1, 15)),
        ("06", "Yara Conceição", True, False, "7.5", "8.0", (2003, 9, 3)),
        ("07", "Eduardo Rocha", False, False, "7.5", "7.0", (2001, 3, 22)),
        ("08", "Zilda Nascimento", True, False, "7.0", "7.0", (2002, 6, 6)),
        ("09", "Wesley Batista", True, False, "6.5", "7.0", (2000, 8, 18)),
        ("10", "Fábio Costa", False, False, "6.0", "7.0", (2003, 12, 1)),
        ("11", "Vitória Moura", True, False, "6.0", "6.0", (2001, 10, 10)),
    ],
    "ADM": [
        ("01", "Gabriel Dias", False, False, "9.0", "8.0", (2002, 5, 5)),
        ("02", "Helena Prado", False, False, "8.0", "8.0", (2002, 5, 5)),
        ("03", "Iara Teixeira", False, False, "8.0", "8.0", (2002, 5, 5)),
        ("04", "Jonas Oliveira", True, False, "7.0", "7.0", (2001, 1, 1)),
        ("05", "Lúcia Martins", False, False, "6.5", "7.0", (2000, 4, 4)),
        ("06", "Mateus Araújo", False, False, "6.0", "6.0", (2003, 3, 3)),
    ],
}


def _cpf(indice: int) -> str:
    """CPF válido e estável para a demonstração (dígitos verificadores calculados)."""
    base = [int(d) for d in f"{700000000 + indice * 7919:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(base, range(tamanho + 1, 1, -1), strict=True))
        resto = soma % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


def _selecao(orgao: Orgao, agora: dt.datetime) -> Selecao:
    selecao, _ = Selecao.objects.get_or_create(
        orgao=orgao,
        numero_edital=EDITAL,
        defaults={
            "titulo": "Estágio em Direito e Administração — demonstração de resultados",
            "data_publicacao_edital": dt.date(2026, 3, 2),
            "inscricoes_inicio": agora - dt.timedelta(days=60),
            "inscricoes_fim": agora - dt.timedelta(days=40),
            "situacao": SituacaoSelecao.EM_CLASSIFICACAO,
            "versao": 1,
            "publicada_em": agora - dt.timedelta(days=61),
            # Publicada antes da versão 2 das regras de reserva: fica na 1 por toda a
            # vida (regras de reserva, § 8); a história da demonstração segue essa versão.
            "versao_regras": 1,
            "base_reserva": "vaga",
            "criterios_desempate": [
                {"criterio": "maior_nota"},
                {"criterio": "nota_criterio", "parametro": "prova"},
                {"criterio": "maior_idade"},
                {"criterio": "sorteio"},
            ],
        },
    )
    for ordem, (codigo, nome, peso) in enumerate(
        [("prova", "Prova objetiva", "2"), ("curriculo", "Análise curricular", "1")]
    ):
        CriterioAvaliacao.objects.get_or_create(
            selecao=selecao,
            codigo=codigo,
            defaults={"nome": nome, "peso": Decimal(peso), "ordem": ordem},
        )
    return selecao


def _vagas(selecao: Selecao) -> dict[str, VagaEstagio]:
    vagas = {}
    for ordem, (codigo, area, ofertadas) in enumerate(
        [("DIR", "Direito", 5), ("ADM", "Administração", 3)]
    ):
        vagas[codigo], _ = VagaEstagio.objects.get_or_create(
            selecao=selecao,
            codigo=codigo,
            defaults={
                "area": area,
                "curso": area,
                "nivel": NivelEnsino.SUPERIOR,
                "municipio": "Brasília",
                "uf": "DF",
                "valor_bolsa": Decimal("1125.69"),
                "auxilio_transporte": Decimal("220.00"),
                "vagas_ofertadas": ofertadas,
                "ordem": ordem,
            },
        )
    return vagas


def _inscricoes(
    selecao: Selecao, vagas: dict[str, VagaEstagio], agora: dt.datetime
) -> dict[str, Inscricao]:
    criadas = {}
    for n_vaga, (codigo, linhas) in enumerate(CANDIDATOS.items()):
        for n, (sufixo, nome, negro, pcd, prova, curriculo, nascimento) in enumerate(linhas):
            numero = f"D6-{codigo}-{sufixo}"
            ins, _ = Inscricao.objects.get_or_create(
                numero=numero,
                defaults={
                    "selecao": selecao,
                    "vaga": vagas[codigo],
                    "codigo_verificacao": f"DEMO6{n_vaga}{n:02d}",
                    "nome_civil": nome,
                    "cpf": _cpf(n_vaga * 100 + n),
                    "data_nascimento": dt.date(*nascimento),
                    "email": f"{numero.lower()}@exemplo.com",
                    "instituicao_ensino": "Universidade de Brasília",
                    "curso": vagas[codigo].area,
                    "periodo_curso": "6º semestre",
                    "cor_raca": CorRaca.PRETA if negro else CorRaca.BRANCA,
                    "concorre_negros": negro,
                    "pcd": pcd,
                    "concorre_pcd": pcd,
                    "termo_aceito_em": agora - dt.timedelta(days=50),
                    "criada_em": agora - dt.timedelta(days=50, minutes=n),
                },
            )
            Avaliacao.objects.get_or_create(
                inscricao=ins,
                defaults={
                    "situacao": SituacaoAvaliacao.APROVADO,
                    "notas": {"prova": prova, "curriculo": curriculo},
                    "nota_final": classificacao.calcular_nota_final(
                        {"prova": Decimal(prova), "curriculo": Decimal(curriculo)},
                        [("prova", Decimal(2)), ("curriculo", Decimal(1))],
                    ),
                },
            )
            criadas[numero] = ins
    return criadas


def popular_resultados() -> None:
    """Idempotente: se a seleção de demonstração já tem resultado final, não refaz nada."""
    orgao = Orgao.objects.filter(sigla="MIR").first()
    if orgao is None:
        return
    User = get_user_model()
    gestora = User.objects.filter(username="gestora").first()
    operador = User.objects.filter(username="operador").first() or gestora
    agora = timezone.now().replace(microsecond=0)
    selecao = _selecao(orgao, agora)
    if ResultadoVersao.objects.filter(selecao=selecao, tipo=TipoResultado.FINAL).exists():
        return
    vagas = _vagas(selecao)
    ins = _inscricoes(selecao, vagas, agora)

    # Helena e Iara empatam em tudo (nota, prova e idade): sorteio público.
    if not Sorteio.objects.filter(vaga=vagas["ADM"]).exists():
        anuncio = servico_sorteio.sorteio_anunciar(
            vaga=vagas["ADM"],
            fonte_semente="1º prêmio da Loteria Federal, extração 5.900",
            usuario=gestora,
            agora=agora - dt.timedelta(days=14),
            realizar_a_partir_de=agora - dt.timedelta(days=12),
            descricao="Sorteio público realizado na sede do órgão, transmitido ao vivo.",
        )
        servico_sorteio.sorteio_realizar(
            anuncio=anuncio, semente="48213", usuario=gestora, agora=agora - dt.timedelta(days=12)
        )

    resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=gestora,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=10),
        recurso_fim=agora - dt.timedelta(days=8),
        agora=agora - dt.timedelta(days=10),
    )
    recurso = Recurso.objects.create(
        selecao=selecao,
        inscricao=ins["D6-DIR-10"],
        assunto="Revisão da análise curricular",
        texto="Certificado de monitoria não foi pontuado.",
        recebido_em=agora - dt.timedelta(days=9),
        situacao=SituacaoRecurso.DEFERIDO,
        fundamentacao="Certificado válido: +1,0 na análise curricular.",
        decidido_em=agora - dt.timedelta(days=7),
        decidido_por=gestora,
    )
    classificacao.avaliacoes_salvar(
        selecao=selecao,
        linhas=[
            classificacao.LinhaAvaliacao(
                recurso.inscricao_id,
                "aprovado",
                {"prova": Decimal("6.0"), "curriculo": Decimal("8.0")},
            )
        ],
        usuario=operador,
    )
    resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.FINAL,
        usuario=gestora,
        motivo="",
        agora=agora - dt.timedelta(days=7),
    )
    Recurso.objects.create(
        selecao=selecao,
        inscricao=ins["D6-DIR-07"],
        assunto="Recontagem da prova (fora do prazo, por decisão judicial)",
        texto="Questão 12 anulada por decisão judicial.",
        recebido_em=agora - dt.timedelta(days=6),
        situacao=SituacaoRecurso.DEFERIDO,
        fundamentacao="Cumprimento de decisão judicial (processo 1000123-45.2026.4.01.3400).",
        decidido_em=agora - dt.timedelta(days=6),
        decidido_por=gestora,
    )
    classificacao.avaliacoes_salvar(
        selecao=selecao,
        linhas=[
            classificacao.LinhaAvaliacao(
                ins["D6-DIR-07"].pk,
                "aprovado",
                {"prova": Decimal("8.0"), "curriculo": Decimal("7.0")},
            )
        ],
        usuario=operador,
    )
    resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.FINAL,
        usuario=gestora,
        motivo="Decisão judicial anulou a questão 12 (processo 1000123-45.2026.4.01.3400).",
        agora=agora - dt.timedelta(days=6),
    )
    _convocacoes(vagas, ins, gestora, operador, agora)


def _convocacoes(
    vagas: dict[str, VagaEstagio],
    ins: dict[str, Inscricao],
    gestora: object,
    operador: object,
    agora: dt.datetime,
) -> None:
    prazo = agora + dt.timedelta(days=5)
    inicio = agora - dt.timedelta(days=5)
    dir_ = {
        c.inscricao.numero: c
        for c in convocacao.proximos_convocar(
            vaga=vagas["DIR"], quantidade=5, prazo_resposta=prazo, usuario=operador, agora=inicio
        )
    }
    # Contratações, um aceite à espera do TCE e quem ainda não respondeu.
    convocacao.contratacao_registrar(
        convocacao=dir_["D6-DIR-01"],
        data_inicio=agora.date() - dt.timedelta(days=2),
        numero_tce="TCE 101/2026",
        usuario=operador,
    )
    convocacao.contratacao_registrar(
        convocacao=dir_["D6-DIR-08"],
        data_inicio=agora.date() - dt.timedelta(days=2),
        numero_tce="TCE 102/2026",
        usuario=operador,
    )
    convocacao.responder(
        convocacao=dir_["D6-DIR-03"], aceita=True, agora=inicio + dt.timedelta(days=1)
    )
    # Desistência em vaga reservada (art. 4º, § 2º): o próximo negro é chamado.
    convocacao.responder(
        convocacao=dir_["D6-DIR-06"], aceita=False, agora=inicio + dt.timedelta(days=1)
    )
    convocacao.proximos_convocar(
        vaga=vagas["DIR"],
        quantidade=1,
        prazo_resposta=prazo,
        usuario=operador,
        agora=inicio + dt.timedelta(days=2),
    )
    # Eliminação de quem já estava contratado (art. 2º, parágrafo único): desligamento e reposição.
    p = eliminacao.processo_abrir(
        inscricao=ins["D6-DIR-08"],
        motivo="Comissão de heteroidentificação não confirmou a autodeclaração.",
        evidencias="Ata 4/2026 da comissão.",
        arquivo=None,
        usuario=operador,
        agora=inicio,
    )
    eliminacao.candidato_notificar(
        processo=p,
        prazo_defesa=(inicio + dt.timedelta(days=2)).date(),
        usuario=operador,
        agora=inicio,
    )
    eliminacao.defesa_registrar(
        processo=p,
        defesa="Alega ser parda; não apresentou documentos.",
        usuario=operador,
        agora=inicio + dt.timedelta(days=1),
    )
    if gestora is not None:
        eliminacao.processo_decidir(
            processo=p,
            procedente=True,
            fundamentacao="Declaração falsa confirmada após contraditório.",
            documento=ContentFile(  # type: ignore[arg-type]
                b"%PDF-1.4\n% decisao de demonstracao\n", name="decisao-demo.pdf"
            ),
            usuario=gestora,
            agora=agora - dt.timedelta(days=1),
        )
    # Em aberto: um processo aguardando defesa, para a tela mostrar esse estado.
    if not ProcessoEliminacao.objects.filter(inscricao=ins["D6-DIR-03"]).exists():
        aberto = eliminacao.processo_abrir(
            inscricao=ins["D6-DIR-03"],
            motivo="Denúncia da ouvidoria; a comissão de heteroidentificação ainda vai se reunir.",
            evidencias="",
            arquivo=None,
            usuario=operador,
            agora=agora - dt.timedelta(hours=3),
        )
        eliminacao.candidato_notificar(
            processo=aberto,
            prazo_defesa=(agora + dt.timedelta(days=10)).date(),
            usuario=operador,
            agora=agora,
        )
    # ADM: o único negro aprovado desiste; a vaga reservada reverte (art. 4º, § 3º).
    adm = {
        c.inscricao.numero: c
        for c in convocacao.proximos_convocar(
            vaga=vagas["ADM"], quantidade=3, prazo_resposta=prazo, usuario=operador, agora=inicio
        )
    }
    convocacao.desistencia_registrar(
        convocacao=adm["D6-ADM-04"],
        situacao=SituacaoConvocacao.DESISTIU,
        data=(inicio + dt.timedelta(days=1)).date(),
        motivo="Assumiu estágio em outro órgão.",
        usuario=operador,
    )
    convocacao.proximos_convocar(
        vaga=vagas["ADM"],
        quantidade=1,
        prazo_resposta=prazo,
        usuario=operador,
        agora=inicio + dt.timedelta(days=2),
    )
