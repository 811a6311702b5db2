"""Demonstração da heteroidentificação (issue 15): o Itamaraty e as suas comissões.

Três editais do Ministério das Relações Exteriores com as categorias da Portaria
MRE nº 649/2026 (negros 30%, PcD 10%, indígenas 5%, quilombolas 3%, pessoas trans
2%); a autodeclaração de negros é confirmada por verificação fenotípica e a de
indígenas e quilombolas, por documento (declaração da comunidade). Uma comissão de
três membros e um assento da sociedade civil, e uma recursal com outros três, com
sessões em todos os estados:

- edital 1/2026: uma sessão agendada, uma em andamento com presença registrada e uma
  com pareceres parciais;
- edital 2/2026: duas sessões decididas e o resultado preliminar publicado; de uma
  delas, um recurso na recursal, com parte dos pareceres;
- edital 3/2026: recurso julgado e resultado final publicado (com um indício de
  fraude, que abre o processo de eliminação).

Tudo passa pelos serviços (``candidatos.services.heteroidentificacao`` e os do
membro, ``candidatos.services.comissao_membro``), no tempo de cada passo.
Idempotente: edital que já existe não é refeito.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from candidatos.demo import LAUDO_DEMO
from candidatos.models import (
    Avaliacao,
    ChamadoHeteroidentificacao,
    CorRaca,
    DocumentoCategoria,
    Inscricao,
    Instancia,
    Presenca,
    SessaoHeteroidentificacao,
    SituacaoAvaliacao,
    TipoResultado,
)
from candidatos.services import comissao_membro, resultado
from candidatos.services import heteroidentificacao as hetero
from selecoes import services
from selecoes.demo import LoginDemo, _edital, _vaga
from selecoes.models import (
    Comissao,
    CpfServidor,
    Lotacao,
    MembroComissao,
    Orgao,
    Papel,
    Selecao,
    TipoComissao,
)

SIGLA = "MRE"
ORGAO = ("Ministério das Relações Exteriores", SIGLA, "00394536000139")
PORTARIA = "Portaria MRE nº 649/2026"
GESTOR = ("gestor.mre", "Gestor de RH do MRE")
# (usuário, nome, sociedade civil)
MEMBROS = [
    ("membro.ana", "Ana Beatriz Nogueira", False),
    ("membro.bruno", "Bruno Quintino", False),
    ("membro.carla", "Carla Guajajara", False),
    ("membro.sociedade", "Sebastiana Reis (Coletivo Negro do DF)", True),
]
RECURSAIS = [
    ("recursal.dora", "Dora Batista"),
    ("recursal.elias", "Elias Terena"),
    ("recursal.fatima", "Fátima Conceição"),
]
# CPFs fictícios (dígitos verificadores válidos) e nível da conta no gov.br local.
CPFS_GOVBR = {"membro.ana": ("64164900130", 2), "recursal.dora": ("64164900210", 2)}
FUNDAMENTOS = {
    "confirma": "Características fenotípicas (cor da pele, textura do cabelo e traços faciais) "
    "compatíveis com a autodeclaração de pessoa negra, observadas na sessão.",
    "nao_confirma": "As características fenotípicas observadas na sessão não correspondem às "
    "de pessoa negra; a autodeclaração não se confirma (continua na ampla concorrência).",
    "indicio_fraude": "Não confirma e aponta indício de declaração falsa: o candidato "
    "apresentou-se como pessoa branca em outro certame do mesmo ano.",
}
FUNDAMENTO_DOCUMENTAL = (
    "Declaração da comunidade assinada pela liderança, com o vínculo do candidato e os "
    "dados de contato da associação; documento compatível com a autodeclaração."
)

# (sufixo, nome, nome social, cor, categorias do órgão, negros, nota)
CANDIDATOS = [
    ("01", "Luana Cavalcanti", "", CorRaca.PARDA, [], True, "9.4"),
    ("02", "Wellington Moura", "", CorRaca.PRETA, [], True, "9.1"),
    ("03", "Potira Baniwa", "", CorRaca.INDIGENA, ["indigenas"], False, "8.9"),
    ("04", "Jéssica Conceição", "", CorRaca.PRETA, ["quilombolas"], False, "8.7"),
    ("05", "Renan Aguiar", "", CorRaca.PARDA, [], True, "8.5"),
    ("06", "Antônio Carlos Silva", "Ariel Silva", CorRaca.BRANCA, ["trans"], False, "8.4"),
    ("07", "Mariana Rossi", "", CorRaca.BRANCA, [], False, "8.3"),
    ("08", "Ubiratã Pataxó", "", CorRaca.INDIGENA, ["indigenas"], False, "8.0"),
    ("09", "Daiane Quintino", "", CorRaca.PRETA, ["quilombolas"], False, "7.8"),
    ("10", "Diego Mendes", "", CorRaca.PARDA, [], True, "7.6"),
    ("11", "Beatriz Schmidt", "", CorRaca.BRANCA, [], False, "7.5"),
    ("12", "Kauã Ribeiro", "", CorRaca.PARDA, [], True, "7.2"),
]


def _categorias() -> list[dict]:
    comum = {"base_legal": PORTARIA, "ajuda": "", "documento_tamanho_max_mb": 5}
    return [
        {
            **comum,
            "categoria": "indigenas",
            "nome": "Indígenas",
            "percentual": Decimal("5"),
            "pergunta": "Você se autodeclara indígena e deseja concorrer às vagas reservadas?",
            "lista_com_nomes": None,
            "documento_exigido": True,
            "documento_descricao": "Declaração da comunidade indígena, em PDF",
        },
        {
            **comum,
            "categoria": "quilombolas",
            "nome": "Quilombolas",
            "percentual": Decimal("3"),
            "pergunta": "Você se autodeclara quilombola e deseja concorrer às vagas reservadas?",
            "lista_com_nomes": None,
            "documento_exigido": True,
            "documento_descricao": "Declaração da associação quilombola, em PDF",
        },
        {
            **comum,
            "categoria": "trans",
            "nome": "Pessoas trans",
            "percentual": Decimal("2"),
            "pergunta": "Você é pessoa trans e deseja concorrer às vagas reservadas?",
            "lista_com_nomes": None,
            "documento_exigido": False,
            "documento_descricao": "",
        },
    ]


def _confirmacoes() -> list[dict]:
    """Negros por verificação fenotípica; indígenas e quilombolas por documento. Pessoas
    trans não passam por comissão: vale a autodeclaração."""
    base = {
        "momento": "apos_preliminar",
        "chamados": "todos",
        "multiplo": None,
        "regra_decisao": "maioria",
        "ausente": "ampla_concorrencia",
        "prazo_recurso_dias": 2,
    }
    return [
        {**base, "categoria": "negros", "tipo": "fenotipica", "item_edital": "item 7.1"},
        {**base, "categoria": "indigenas", "tipo": "documental", "item_edital": "item 7.2"},
        {**base, "categoria": "quilombolas", "tipo": "documental", "item_edital": "item 7.3"},
    ]


@dataclass
class Pessoas:
    gestor: User
    comissao: Comissao
    recursal: Comissao


def _usuario(username: str, nome: str, orgao: Orgao, papel: Papel) -> tuple[User, str]:
    senha = f"demo-{username}-2026"
    usuario, criado = get_user_model().objects.get_or_create(
        username=username, defaults={"first_name": nome, "email": f"{username}@exemplo.gov.br"}
    )
    if criado:
        usuario.set_password(senha)
        usuario.save()
    Lotacao.objects.get_or_create(usuario=usuario, orgao=orgao, defaults={"papel": papel})
    if username in CPFS_GOVBR:
        CpfServidor.objects.get_or_create(
            usuario=usuario, defaults={"cpf": CPFS_GOVBR[username][0]}
        )
    return usuario, senha


def _comissao(
    orgao: Orgao, nome: str, tipo: str, membros: list[tuple[str, str, bool]], gestor: User
) -> tuple[Comissao, list[LoginDemo]]:
    comissao = Comissao.objects.filter(orgao=orgao, nome=nome).first() or hetero.comissao_criar(
        orgao=orgao,
        nome=nome,
        tipo=tipo,
        ato_designacao="Portaria SG/MRE nº 12/2026 (designação dos membros)",
        usuario=gestor,
    )
    logins = []
    for username, nome_membro, civil in membros:
        usuario, senha = _usuario(username, nome_membro, orgao, Papel.COMISSAO)
        if not MembroComissao.objects.filter(comissao=comissao, usuario=usuario).exists():
            hetero.membro_incluir(
                comissao=comissao,
                usuario_membro=usuario,
                nome=nome_membro,
                sociedade_civil=civil,
                usuario=gestor,
            )
        papel = "sociedade civil, " if civil else ""
        logins.append(LoginDemo(username, senha, f"Membro de comissão — {papel}{comissao.nome}"))
    return comissao, logins


def _pessoas() -> tuple[Pessoas, list[LoginDemo]]:
    nome, sigla, cnpj = ORGAO
    orgao, _ = Orgao.objects.get_or_create(sigla=sigla, defaults={"nome": nome, "cnpj": cnpj})
    gestor, senha = _usuario(GESTOR[0], GESTOR[1], orgao, Papel.GESTOR)
    comissao, logins = _comissao(
        orgao,
        "Comissão de heteroidentificação do MRE",
        TipoComissao.HETEROIDENTIFICACAO,
        MEMBROS,
        gestor,
    )
    recursal, logins_recursal = _comissao(
        orgao,
        "Comissão recursal do MRE",
        TipoComissao.RECURSAL,
        [(u, n, False) for u, n in RECURSAIS],
        gestor,
    )
    todos = [LoginDemo(GESTOR[0], senha, "Gestor(a) — MRE (comissões e sessões)")]
    return Pessoas(gestor, comissao, recursal), [*todos, *logins, *logins_recursal]


# ---------------------------------------------------------------- editais


def _cpf(indice: int) -> str:
    base = [int(d) for d in f"{640000000 + indice * 7717:09d}"]
    for tamanho in (9, 10):
        soma = sum(d * p for d, p in zip(base, range(tamanho + 1, 1, -1), strict=True))
        resto = soma % 11
        base.append(0 if resto < 2 else 11 - resto)
    return "".join(map(str, base))


def _selecao(numero: int, pessoas: Pessoas, agora: dt.datetime) -> Selecao:
    """Edital publicado há 60 dias, inscrições encerradas, candidatos avaliados e o
    resultado preliminar da classificação publicado há 20 dias."""
    orgao = pessoas.comissao.orgao
    tz = timezone.get_current_timezone()
    publicacao = timezone.localdate(agora) - dt.timedelta(days=60 + numero)
    conteudo = _edital(
        titulo=f"Estágio no Itamaraty — turma {numero} (heteroidentificação)",
        numero=f"{numero}/2026",
        publicacao=publicacao,
        inicio=dt.datetime.combine(publicacao + dt.timedelta(days=1), dt.time(9), tzinfo=tz),
        fim=dt.datetime.combine(publicacao + dt.timedelta(days=20), dt.time(18), tzinfo=tz),
        descricao=(
            "Estágio na Secretaria de Estado, em Brasília, com reserva de vagas a negros "
            "(Decreto nº 9.427/2018), a pessoas com deficiência (Lei nº 11.788/2008) e, pela "
            f"{PORTARIA}, a indígenas, quilombolas e pessoas trans. A autodeclaração de "
            "negros, indígenas e quilombolas é confirmada por comissão (itens 7.1 a 7.3)."
        ),
        vagas=[
            _vaga(
                f"DIP{numero}-BSB",
                "Relações Internacionais",
                "Relações Internacionais",
                "superior",
                "Brasília",
                "DF",
                10,
            )
        ],
    )
    dados = services.DadosEdital(**conteudo, categorias=_categorias(), confirmacoes=_confirmacoes())
    selecao = services.selecao_criar(orgao=orgao, usuario=pessoas.gestor, dados=dados)
    services.selecao_publicar(
        selecao=selecao,
        usuario=pessoas.gestor,
        agora=dt.datetime.combine(publicacao, dt.time(10), tzinfo=tz),
    )
    vaga = selecao.vagas.get()
    for n, (sufixo, nome, social, cor, categorias, negros, nota) in enumerate(CANDIDATOS):
        numero_inscricao = f"MRE{numero}-{sufixo}"
        inscricao = Inscricao.objects.create(
            selecao=selecao,
            vaga=vaga,
            numero=numero_inscricao,
            codigo_verificacao=f"MRE{numero}{n:02d}K",
            nome_civil=nome,
            nome_social=social,
            cpf=_cpf(numero * 100 + n),
            data_nascimento=dt.date(2002, 1 + n % 12, 10 + n),
            email=f"{numero_inscricao.lower()}@exemplo.com",
            instituicao_ensino="Universidade de Brasília",
            curso="Relações Internacionais",
            periodo_curso="6º semestre",
            cor_raca=cor,
            concorre_negros=negros,
            concorre_categorias=categorias,
            termo_aceito_em=selecao.inscricoes_inicio + dt.timedelta(days=1, minutes=n),
            criada_em=selecao.inscricoes_inicio + dt.timedelta(days=1, minutes=n),
        )
        for categoria in categorias:
            if categoria in ("indigenas", "quilombolas"):
                arquivo = default_storage.save(
                    f"documentos_categoria/demo/{numero_inscricao}-{categoria}.pdf",
                    ContentFile(LAUDO_DEMO),
                )
                DocumentoCategoria.objects.create(
                    inscricao=inscricao, categoria=categoria, arquivo=arquivo
                )
        Avaliacao.objects.create(
            inscricao=inscricao, situacao=SituacaoAvaliacao.APROVADO, nota_final=Decimal(nota)
        )
    resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=pessoas.gestor,
        motivo="",
        recurso_inicio=agora - dt.timedelta(days=20),
        recurso_fim=agora - dt.timedelta(days=18),
        agora=agora - dt.timedelta(days=20),
    )
    hetero.chamados_montar(
        selecao=selecao, usuario=pessoas.gestor, agora=agora - dt.timedelta(days=17)
    )
    return selecao


def _chamados(selecao: Selecao, *sufixos: str) -> list[ChamadoHeteroidentificacao]:
    numeros = [f"MRE{selecao.numero_edital.split('/')[0]}-{s}" for s in sufixos]
    return list(
        ChamadoHeteroidentificacao.objects.filter(
            selecao=selecao, inscricao__numero__in=numeros
        ).order_by("inscricao__numero")
    )


def _sessao(
    selecao: Selecao,
    pessoas: Pessoas,
    chamados: list[ChamadoHeteroidentificacao],
    *,
    inicio: dt.datetime,
    agora: dt.datetime,
    video: bool = False,
) -> SessaoHeteroidentificacao:
    sessao = hetero.sessao_agendar(
        selecao=selecao,
        comissao=pessoas.comissao,
        modalidade="video" if video else "presencial",
        inicio=inicio,
        local="" if video else "Palácio Itamaraty, Anexo I, sala 210 — Brasília/DF",
        link="https://reuniao.exemplo.gov.br/heteroidentificacao-mre" if video else "",
        observacoes="Traga documento de identidade com foto.",
        usuario=pessoas.gestor,
        agora=min(inicio - dt.timedelta(days=2), agora),
    )
    hetero.chamados_convocar(sessao=sessao, chamados=chamados, usuario=pessoas.gestor)
    return sessao


def _membros(comissao: Comissao) -> list[MembroComissao]:
    return list(comissao.membros.filter(ativo=True).order_by("nome", "pk"))


def _presenca(chamado, pessoas: Pessoas, presenca: str, agora: dt.datetime) -> None:
    membro = _membros(pessoas.comissao)[0]
    comissao_membro.presenca_registrar(
        chamado=chamado, membro=membro, presenca=presenca, usuario=membro.usuario, agora=agora
    )
    chamado.refresh_from_db()


def _pareceres(
    chamado, comissao: Comissao, votos: list[str], agora: dt.datetime, instancia: str
) -> None:
    documental = chamado.categoria in ("indigenas", "quilombolas")
    membros = _membros(comissao)
    # Os parciais vêm dos últimos membros: o primeiro (membro.ana, recursal.dora) tem
    # parecer a dar.
    if len(votos) < len(membros):
        membros = membros[::-1]
    for membro, voto in zip(membros, votos, strict=False):
        comissao_membro.parecer_registrar(
            chamado=chamado,
            membro=membro,
            instancia=instancia,
            voto=voto,
            fundamentacao=FUNDAMENTO_DOCUMENTAL
            if documental and voto == "confirma"
            else FUNDAMENTOS[voto],
            usuario=membro.usuario,
            agora=agora,
        )


def _julgar(chamado, pessoas: Pessoas, votos: list[str] | None, agora: dt.datetime) -> None:
    """Presença, os pareceres de todos (ou ausência) e a decisão apurada pelo RH."""
    _presenca(chamado, pessoas, Presenca.AUSENTE if votos is None else Presenca.PRESENTE, agora)
    if votos is not None:
        _pareceres(chamado, pessoas.comissao, votos, agora, Instancia.COMISSAO)
    hetero.decisao_apurar(chamado=chamado, usuario=pessoas.gestor, agora=agora)


CONFIRMA = ["confirma"] * 4
NAO_CONFIRMA = ["nao_confirma", "nao_confirma", "nao_confirma", "confirma"]
FRAUDE = ["indicio_fraude", "indicio_fraude", "indicio_fraude", "nao_confirma"]


def _em_andamento(pessoas: Pessoas, agora: dt.datetime) -> None:
    """Edital 1: agendada, em andamento com presença, pareceres parciais."""
    selecao = _selecao(1, pessoas, agora)
    _sessao(
        selecao,
        pessoas,
        _chamados(selecao, "10", "12"),
        inicio=agora + dt.timedelta(days=3),
        agora=agora,
    )
    andamento = agora - dt.timedelta(minutes=30)
    chamados = _chamados(selecao, "01", "02", "05")
    _sessao(selecao, pessoas, chamados, inicio=andamento, agora=agora, video=True)
    _presenca(chamados[0], pessoas, Presenca.PRESENTE, andamento + dt.timedelta(minutes=5))
    _presenca(chamados[1], pessoas, Presenca.AUSENTE, andamento + dt.timedelta(minutes=20))
    parciais = agora - dt.timedelta(days=1)
    chamados = _chamados(selecao, "03", "04", "08", "09")
    _sessao(selecao, pessoas, chamados, inicio=parciais, agora=agora)
    for n, chamado in enumerate(chamados):
        _presenca(chamado, pessoas, Presenca.PRESENTE, parciais + dt.timedelta(minutes=10 * n))
        # O primeiro já tem os quatro pareceres (decisão por apurar); os demais, dois ou
        # um, dos últimos membros.
        votos = CONFIRMA[: 4 if n == 0 else 2 if n < 3 else 1]
        _pareceres(chamado, pessoas.comissao, votos, parciais + dt.timedelta(hours=1), "comissao")


def _sufixo(chamado: ChamadoHeteroidentificacao) -> str:
    return chamado.inscricao.numero.rsplit("-", 1)[1]


def _decididos(
    selecao: Selecao, pessoas: Pessoas, inicio: dt.datetime, agora: dt.datetime
) -> dict[str, ChamadoHeteroidentificacao]:
    """Duas sessões com todos os chamados da seleção decididos: na primeira, quem não
    foi confirmado (e recorre) e quem faltou; na segunda, no dia seguinte, os demais."""
    chamados = sorted(
        ChamadoHeteroidentificacao.objects.filter(selecao=selecao).select_related("inscricao"),
        key=lambda c: c.inscricao.numero,
    )
    votos = {"02": NAO_CONFIRMA, "12": None, "10": FRAUDE}
    primeira = [c for c in chamados if _sufixo(c) in ("02", "12")]
    segunda = [c for c in chamados if c not in primeira]
    por_numero = {}
    for dia, grupo in enumerate((primeira, segunda)):
        comeco = inicio + dt.timedelta(days=dia)
        _sessao(selecao, pessoas, grupo, inicio=comeco, agora=agora)
        for n, chamado in enumerate(grupo):
            sufixo = _sufixo(chamado)
            _julgar(
                chamado,
                pessoas,
                votos.get(sufixo, CONFIRMA),
                comeco + dt.timedelta(minutes=15 * n),
            )
            por_numero[sufixo] = chamado
    return por_numero


def _com_recurso(pessoas: Pessoas, agora: dt.datetime) -> None:
    """Edital 2: decidido, preliminar publicado, recurso na recursal (2 de 3 pareceres)."""
    selecao = _selecao(2, pessoas, agora)
    chamados = _decididos(selecao, pessoas, agora - dt.timedelta(days=6), agora)
    hetero.resultado_preliminar_publicar(
        selecao=selecao,
        recurso_fim=agora + dt.timedelta(days=2),
        usuario=pessoas.gestor,
        agora=agora - dt.timedelta(days=2),
    )
    recorrido = chamados["02"]
    hetero.recurso_receber(
        chamado=recorrido,
        razoes="Peço nova verificação: sou pessoa parda, como consta da minha certidão de "
        "nascimento, e a sessão foi feita com iluminação ruim.",
        comissao_recursal=pessoas.recursal,
        usuario=pessoas.gestor,
        agora=agora - dt.timedelta(days=1),
    )
    _pareceres(
        recorrido,
        pessoas.recursal,
        ["confirma", "nao_confirma"],
        agora - dt.timedelta(hours=3),
        "recursal",
    )


def _final(pessoas: Pessoas, agora: dt.datetime) -> None:
    """Edital 3: recurso julgado e resultado final publicado."""
    selecao = _selecao(3, pessoas, agora)
    chamados = _decididos(selecao, pessoas, agora - dt.timedelta(days=15), agora)
    hetero.resultado_preliminar_publicar(
        selecao=selecao,
        recurso_fim=agora - dt.timedelta(days=12),
        usuario=pessoas.gestor,
        agora=agora - dt.timedelta(days=13),
    )
    recurso = hetero.recurso_receber(
        chamado=chamados["02"],
        razoes="A comissão não considerou a foto da minha carteira de identidade.",
        comissao_recursal=pessoas.recursal,
        usuario=pessoas.gestor,
        agora=agora - dt.timedelta(days=13) + dt.timedelta(hours=3),
    )
    julgamento = agora - dt.timedelta(days=11)
    _pareceres(recurso.chamado, pessoas.recursal, ["confirma"] * 3, julgamento, "recursal")
    hetero.recurso_julgar(recurso=recurso, usuario=pessoas.gestor, agora=julgamento)
    hetero.resultado_final_publicar(
        selecao=selecao, usuario=pessoas.gestor, agora=agora - dt.timedelta(days=10)
    )


def popular_comissao() -> list[LoginDemo]:
    """Órgão, comissões, membros e os três editais (idempotente)."""
    agora = timezone.now().replace(microsecond=0)
    pessoas, logins = _pessoas()
    orgao = pessoas.comissao.orgao
    for numero, etapa in ((1, _em_andamento), (2, _com_recurso), (3, _final)):
        if not Selecao.objects.filter(orgao=orgao, numero_edital=f"{numero}/2026").exists():
            etapa(pessoas, agora)
    return logins
