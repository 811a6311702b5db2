"""Dados de demonstração das inscrições: algumas centenas, com nomes brasileiros.

Autodeclarações numa distribuição plausível (Censo 2022 do IBGE: parda 45,3%,
branca 43,5%, preta 10,2%, indígena 0,6%, amarela 0,4%; mais quem prefere não
declarar) e cerca de 40% dos pretos e pardos optando pela reserva. Idempotente:
seleção que já tem inscrições não recebe mais. Sem seleção publicada com
inscrições já iniciadas, cria uma seleção mínima com número de edital fixo.
"""

import datetime as dt
import random
import unicodedata
from decimal import Decimal

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from candidatos.models import CorRaca, Inscricao, OrigemInscricao
from candidatos.services.inscricoes import DadosInscricao
from candidatos.services.lote import inscricoes_criar_em_lote
from selecoes.models import CpfServidor, NivelEnsino, Orgao, Selecao, SituacaoSelecao, VagaEstagio

EDITAL_DEMO = "DEMO-INSCRICOES/2026"
SEMENTE = 9427
TOTAL_DESEJADO = 360

PESOS_COR = {
    CorRaca.PARDA: 44.4,
    CorRaca.BRANCA: 42.6,
    CorRaca.PRETA: 10.0,
    CorRaca.INDIGENA: 0.6,
    CorRaca.AMARELA: 0.4,
    CorRaca.NAO_DECLARADA: 2.0,
}
OPCAO_RESERVA_NEGROS = 0.40
DECLARA_PCD = 0.05

# fmt: off
PRENOMES = [
    "Ana", "Maria", "Beatriz", "Juliana", "Camila", "Fernanda", "Larissa", "Letícia",
    "Gabriela", "Mariana", "Aline", "Jéssica", "Francisca", "Antônia", "Raimunda", "Luana",
    "Thaís", "Vitória", "Yasmin", "Kauane", "Iara", "Potira", "Jaciara", "Naiara", "Keila",
    "Sakura", "Yumi", "Samira", "Layla", "Rayssa", "Daiane", "Adriana", "Eduarda", "Priscila",
    "João", "José", "Pedro", "Lucas", "Gabriel", "Rafael", "Matheus", "Felipe", "Bruno",
    "Thiago", "Carlos", "Francisco", "Antônio", "Raimundo", "Luiz", "Wesley", "Wellington",
    "Jefferson", "Kauã", "Raoni", "Ubiratã", "Caio", "Davi", "Enzo", "Kenji", "Hiroshi", "Omar",
    "Samir", "Vinícius", "Diego", "Emerson", "Ígor", "Jorge", "Renan", "Otávio", "Ariel", "Sol",
    "Cris", "Alex",
]
SOBRENOMES = [
    "Silva", "Santos", "Oliveira", "Souza", "Pereira", "Costa", "Rodrigues", "Almeida",
    "Nascimento", "Lima", "Araújo", "Fernandes", "Carvalho", "Gomes", "Martins", "Rocha",
    "Ribeiro", "Alves", "Monteiro", "Mendes", "Barros", "Freitas", "Barbosa", "Pinto", "Moura",
    "Cavalcanti", "Dias", "Castro", "Campos", "Cardoso", "Conceição", "Jesus", "Batista",
    "Ramos", "Teixeira", "Correia", "Vieira", "Moreira", "Nogueira", "Xavier", "Tanaka",
    "Nakamura", "Yamamoto", "Haddad", "Khoury", "Guajajara", "Terena", "Baniwa", "Pataxó",
    "Tupinambá", "Kaingang", "Schmidt", "Müller", "Rossi", "Ferrari", "Bianchi", "Kowalski",
    "Reis", "Paula", "Brito", "Sales", "Macedo", "Aguiar", "Quintino",
]
# fmt: on
INSTITUICOES = {
    "DF": ["Universidade de Brasília", "Instituto Federal de Brasília", "UniCEUB"],
    "PE": ["Universidade Federal de Pernambuco", "Universidade de Pernambuco"],
    "BA": ["Universidade Federal da Bahia", "Universidade do Estado da Bahia"],
    "SP": ["Universidade de São Paulo", "Universidade Estadual de Campinas"],
    "RJ": ["Universidade Federal do Rio de Janeiro", "Universidade do Estado do Rio de Janeiro"],
    "MG": ["Universidade Federal de Minas Gerais", "Centro Federal de Educação Tecnológica"],
    "AM": ["Universidade Federal do Amazonas", "Universidade do Estado do Amazonas"],
    "PA": ["Universidade Federal do Pará"],
    "MA": ["Universidade Federal do Maranhão", "Universidade Estadual do Maranhão"],
}
OUTRAS_INSTITUICOES = ["Universidade Federal do Ceará", "Universidade Federal do Rio Grande do Sul"]
DDD = {"DF": "61", "PE": "81", "BA": "71", "SP": "11", "RJ": "21", "MG": "31", "AM": "92"}

VAGAS_DEMO = [
    ("ADM-BSB", "Administração", "Administração", "Brasília", "DF", 5),
    ("DIR-BSB", "Direito", "Direito", "Brasília", "DF", 3),
    ("TI-REC", "Tecnologia da Informação", "Ciência da Computação", "Recife", "PE", 2),
    ("COM-SSA", "Comunicação Social", "Jornalismo", "Salvador", "BA", 0),
]

# Laudo fictício de uma página, só para demonstrar o download restrito a gestores.
LAUDO_DEMO = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)


def _cpf(rnd: random.Random, usados: set[str]) -> str:
    while True:
        base = [rnd.randint(0, 9) for _ in range(9)]
        if len(set(base)) == 1:
            continue
        for tamanho in (9, 10):
            soma = sum(d * p for d, p in zip(base, range(tamanho + 1, 1, -1), strict=True))
            resto = soma % 11
            base.append(0 if resto < 2 else 11 - resto)
        cpf = "".join(map(str, base))
        if cpf not in usados:
            usados.add(cpf)
            return cpf


def _sem_acento(texto: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", texto) if not unicodedata.combining(c))


def _selecao_minima(agora: dt.datetime) -> Selecao:
    """Seleção publicada com inscrições abertas, para a demonstração funcionar sozinha."""
    orgao, _ = Orgao.objects.get_or_create(
        sigla="MIR",
        defaults={"nome": "Ministério da Igualdade Racial", "cnpj": "45404722000140"},
    )
    selecao, _ = Selecao.objects.get_or_create(
        orgao=orgao,
        numero_edital=EDITAL_DEMO,
        defaults={
            "titulo": "Estágio em Brasília, Recife e Salvador (demonstração)",
            "data_publicacao_edital": timezone.localdate(agora) - dt.timedelta(days=10),
            "inscricoes_inicio": agora - dt.timedelta(days=7),
            "inscricoes_fim": agora + dt.timedelta(days=30),
            "situacao": SituacaoSelecao.PUBLICADA,
            "versao": 1,
            "publicada_em": agora - dt.timedelta(days=10),
            "descricao": "Seleção de demonstração criada pelos dados de exemplo das inscrições.",
            "criterios_desempate": [{"criterio": "maior_nota"}, {"criterio": "maior_idade"}],
        },
    )
    for ordem, (codigo, area, curso, municipio, uf, vagas) in enumerate(VAGAS_DEMO):
        VagaEstagio.objects.get_or_create(
            selecao=selecao,
            codigo=codigo,
            defaults={
                "area": area,
                "curso": curso,
                "nivel": NivelEnsino.SUPERIOR,
                "municipio": municipio,
                "uf": uf,
                "valor_bolsa": Decimal("1125.69"),
                "auxilio_transporte": Decimal("220.00"),
                "vagas_ofertadas": vagas,
                "ordem": ordem,
            },
        )
    return selecao


def _dados(
    rnd: random.Random, vaga: VagaEstagio, reserva_pcd: bool, hoje: dt.date, usados: set[str]
) -> DadosInscricao:
    prenome = rnd.choice(PRENOMES)
    sobrenomes = rnd.sample(SOBRENOMES, k=rnd.choice([1, 2, 2, 3]))
    nome = " ".join([prenome, *sobrenomes])
    nome_social = ""
    if rnd.random() < 0.02:
        nome_social = " ".join([rnd.choice(PRENOMES), *sobrenomes])
    cor = rnd.choices(list(PESOS_COR), weights=list(PESOS_COR.values()))[0]
    concorre_negros = cor.negra and rnd.random() < OPCAO_RESERVA_NEGROS
    pcd = reserva_pcd and rnd.random() < DECLARA_PCD
    idade_dias = int(rnd.triangular(17, 34, 21) * 365.25)
    usuario = _sem_acento(f"{prenome}.{sobrenomes[-1]}").lower().replace(" ", "")
    return DadosInscricao(
        vaga_id=vaga.pk,
        nome_civil=nome,
        nome_social=nome_social,
        cpf=_cpf(rnd, usados),
        data_nascimento=hoje - dt.timedelta(days=idade_dias),
        email=f"{usuario}{rnd.randint(1, 999)}@exemplo.com",
        telefone=f"{DDD.get(vaga.uf, '61')}9{rnd.randint(10_000_000, 99_999_999)}",
        instituicao_ensino=rnd.choice(INSTITUICOES.get(vaga.uf, OUTRAS_INSTITUICOES)),
        curso=vaga.curso or vaga.area,
        periodo_curso=f"{rnd.randint(2, 9)}º semestre",
        cor_raca=cor.value,
        concorre_negros=concorre_negros,
        pcd=pcd,
        concorre_pcd=pcd and rnd.random() < 0.85,
    )


def _popular_selecao(
    selecao: Selecao, quantidade: int, agora: dt.datetime, rnd: random.Random, usados: set[str]
) -> int:
    vagas = list(selecao.vagas.all())
    inicio = selecao.inscricoes_inicio
    fim = min(selecao.inscricoes_fim, agora)
    janela = (fim - inicio).total_seconds()
    pesos = [max(v.vagas_ofertadas, 1) for v in vagas]
    hoje = timezone.localdate(agora)
    linhas = []
    for _ in range(quantidade):
        vaga = rnd.choices(vagas, weights=pesos)[0]
        momento = inicio + dt.timedelta(seconds=rnd.uniform(0, janela))
        linhas.append((_dados(rnd, vaga, selecao.reserva_pcd, hoje, usados), momento, momento))
    linhas.sort(key=lambda linha: linha[1])
    ids = inscricoes_criar_em_lote(
        selecao=selecao,
        linhas=linhas,
        substituir={},
        agora=agora,
        origem=OrigemInscricao.ONLINE,
        descricao_auditoria="Inscrição de demonstração",
    )
    # Algumas pessoas se inscrevem de novo (ex.: mudam de vaga): a nova substitui.
    refeitas = Inscricao.objects.filter(pk__in=ids[:3])
    novas = [
        (
            DadosInscricao(
                **{
                    **vars(_dados_de(inscricao)),
                    "vaga_id": rnd.choice(vagas).pk,
                    "periodo_curso": "outro semestre",
                }
            ),
            fim,
            fim,
        )
        for inscricao in refeitas
    ]
    inscricoes_criar_em_lote(
        selecao=selecao,
        linhas=novas,
        substituir={i.cpf: i.pk for i in refeitas},
        agora=agora,
        origem=OrigemInscricao.ONLINE,
        descricao_auditoria="Nova inscrição de demonstração (substitui a anterior)",
    )
    for inscricao in Inscricao.objects.vigentes().filter(selecao=selecao, concorre_pcd=True):
        nome = default_storage.save(f"laudos/demo/{inscricao.numero}.pdf", ContentFile(LAUDO_DEMO))
        Inscricao.objects.filter(pk=inscricao.pk).update(laudo_pcd=nome)
    return len(linhas) + len(novas)


def _dados_de(inscricao: Inscricao) -> DadosInscricao:
    return DadosInscricao(
        vaga_id=inscricao.vaga_id,
        nome_civil=inscricao.nome_civil,
        nome_social=inscricao.nome_social,
        cpf=inscricao.cpf,
        data_nascimento=inscricao.data_nascimento,
        email=inscricao.email,
        telefone=inscricao.telefone,
        instituicao_ensino=inscricao.instituicao_ensino,
        curso=inscricao.curso,
        periodo_curso=inscricao.periodo_curso,
        cor_raca=inscricao.cor_raca,
        concorre_negros=inscricao.concorre_negros,
        pcd=inscricao.pcd,
        concorre_pcd=inscricao.concorre_pcd,
    )


def popular_inscricoes() -> int:
    """Cria as inscrições de demonstração; devolve quantas criou (0 na segunda vez)."""
    agora = timezone.now()
    candidatas = list(
        Selecao.objects.publicadas()
        .filter(inscricoes_inicio__lte=agora)
        .prefetch_related("vagas")
        .order_by("pk")
    )
    candidatas = [s for s in candidatas if s.vagas.all()]
    if not candidatas:
        candidatas = [_selecao_minima(agora)]
    rnd = random.Random(SEMENTE)
    usados = set(Inscricao.objects.values_list("cpf", flat=True))
    por_selecao = max(60, min(TOTAL_DESEJADO, TOTAL_DESEJADO // len(candidatas)))
    criadas = 0
    for selecao in candidatas:
        if selecao.inscricoes.exists():
            continue
        criadas += _popular_selecao(selecao, por_selecao, agora, rnd, usados)
    return criadas


# ---------------------------------------------------------------- gov.br local

SENHA_GOVBR_DEMO = "demo-govbr-2026"


def _candidata_em_duas_selecoes() -> Inscricao | None:
    """A primeira inscrição da demonstração, repetida (mesmo CPF) numa segunda seleção,
    de preferência de outro órgão: Minhas inscrições mostra as duas."""
    vigentes = Inscricao.objects.vigentes().order_by("pk")
    # De preferência alguém já convocado: a página mostra resultado e convocação.
    primeira = vigentes.filter(convocacoes__isnull=False).first() or vigentes.first()
    if primeira is None:
        return None
    if Inscricao.objects.filter(cpf=primeira.cpf).exclude(selecao=primeira.selecao).exists():
        return primeira
    outras = (
        Selecao.objects.publicadas()
        .exclude(pk=primeira.selecao_id)
        .filter(vagas__isnull=False)
        .distinct()
    )
    outra = outras.exclude(orgao=primeira.selecao.orgao).first() or outras.first()
    if outra is None:
        return primeira
    agora = timezone.now()
    vaga = outra.vagas.order_by("pk").first()
    if vaga is None:
        return primeira
    dados = DadosInscricao(**{**vars(_dados_de(primeira)), "vaga_id": vaga.pk})
    inscricoes_criar_em_lote(
        selecao=outra,
        linhas=[(dados, agora, agora)],
        substituir={},
        agora=agora,
        origem=OrigemInscricao.ONLINE,
        descricao_auditoria="Inscrição de demonstração (mesma pessoa em outra seleção)",
    )
    return primeira


def popular_govbr() -> list:
    """Contas do provedor gov.br local (``make run``): servidores e uma candidata.

    Grava ``var/govbr-local/contas.json``, lido pelo provedor de desenvolvimento
    (``tests/provedor_govbr``); o ``sub`` de cada conta é o CPF.
    """
    import json

    from django.conf import settings

    from candidatos.demo_comissao import CPFS_GOVBR as CPFS_GOVBR_COMISSAO
    from selecoes.demo import CPFS_GOVBR_SERVIDORES, LoginDemo

    # Os membros de comissão de demonstração que têm CPF registrado (MRE).
    servidores = {
        **CPFS_GOVBR_SERVIDORES,
        **{
            u: dado
            for u, dado in CPFS_GOVBR_COMISSAO.items()
            if CpfServidor.objects.filter(usuario__username=u, cpf=dado[0]).exists()
        },
    }
    contas = [
        {
            "login": cpf,
            "senha": SENHA_GOVBR_DEMO,
            "nome": f"Servidor(a) de demonstração ({usuario})",
            "email": f"{usuario}@exemplo.gov.br",
            "nivel": nivel,
        }
        for usuario, (cpf, nivel) in servidores.items()
    ]
    logins = [
        LoginDemo(cpf, SENHA_GOVBR_DEMO, f"gov.br local — RH: {usuario} (nível {nivel})")
        for usuario, (cpf, nivel) in servidores.items()
    ]
    candidata = _candidata_em_duas_selecoes()
    if candidata is not None:
        contas.append(
            {
                "login": candidata.cpf,
                "senha": SENHA_GOVBR_DEMO,
                "nome": candidata.nome_civil,
                "email": candidata.email,
                "nivel": 1,
            }
        )
        total = Inscricao.objects.filter(cpf=candidata.cpf).count()
        logins.append(
            LoginDemo(
                candidata.cpf,
                SENHA_GOVBR_DEMO,
                f"gov.br local — candidata com {total} inscrições (Minhas inscrições)",
            )
        )
    pasta = settings.VAR_DIR / "govbr-local"
    pasta.mkdir(parents=True, exist_ok=True)
    (pasta / "contas.json").write_text(json.dumps(contas, ensure_ascii=False), encoding="utf-8")
    return logins
