"""Dados de demonstração: órgãos, um usuário por papel e seleções com seus editais."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.utils import timezone

from selecoes.models import CpfServidor, Lotacao, Orgao, Papel, Selecao, SituacaoSelecao


@dataclass(frozen=True)
class LoginDemo:
    usuario: str
    senha: str
    descricao: str


ORGAOS = [
    ("Ministério da Igualdade Racial", "MIR", "45404722000140"),
    ("Instituto Federal de Demonstração", "IFD", "11222333000181"),
]

USUARIOS = [
    ("gestora", "Gestora de RH", "MIR", Papel.GESTOR),
    ("operador", "Operador de RH", "MIR", Papel.OPERADOR),
    ("auditora", "Auditora", "MIR", Papel.AUDITOR),
    ("gestor.ifd", "Gestor de RH do IFD", "IFD", Papel.GESTOR),
]


# CPFs fictícios (dígitos verificadores válidos) com que os usuários de demonstração
# entram com gov.br no provedor local; o nível (1 bronze, 2 prata, 3 ouro) é o da conta.
CPFS_GOVBR_SERVIDORES = {
    "gestora": ("39053344705", 2),
    "operador": ("94580730224", 2),
    "auditora": ("71428793860", 3),
    "gestor.ifd": ("52998224725", 1),
}


def popular_orgaos_e_usuarios() -> list[LoginDemo]:
    """Cria (ou reaproveita) os órgãos e usuários; idempotente."""
    User = get_user_model()
    orgaos = {}
    for nome, sigla, cnpj in ORGAOS:
        orgaos[sigla], _ = Orgao.objects.get_or_create(
            sigla=sigla, defaults={"nome": nome, "cnpj": cnpj}
        )
    logins = []
    for username, nome, sigla, papel in USUARIOS:
        senha = f"demo-{username}-2026"
        usuario, criado = User.objects.get_or_create(
            username=username,
            defaults={"first_name": nome, "email": f"{username}@exemplo.gov.br"},
        )
        if criado:
            usuario.set_password(senha)
            usuario.save()
        Lotacao.objects.get_or_create(
            usuario=usuario, orgao=orgaos[sigla], defaults={"papel": papel}
        )
        CpfServidor.objects.get_or_create(
            usuario=usuario, defaults={"cpf": CPFS_GOVBR_SERVIDORES[username][0]}
        )
        logins.append(LoginDemo(username, senha, f"{papel.label} — {sigla}"))
    admin, criado = User.objects.get_or_create(
        username="admin", defaults={"is_staff": True, "is_superuser": True}
    )
    if criado:
        admin.set_password("demo-admin-2026")
        admin.save()
    logins.append(LoginDemo("admin", "demo-admin-2026", "Superusuário (somente /admin/)"))
    return logins


# ---------------------------------------------------------------- seleções


def _vaga(
    codigo,
    area,
    curso,
    nivel,
    municipio,
    uf,
    ofertadas,
    bolsa="1125.69",
    horas=30,
    sem_cadastro_reserva=False,
):
    return {
        "codigo": codigo,
        "area": area,
        "curso": curso,
        "nivel": nivel,
        "municipio": municipio,
        "uf": uf,
        "carga_horaria_semanal": horas,
        "valor_bolsa": Decimal(bolsa),
        "auxilio_transporte": Decimal("220.00") if horas == 30 else Decimal("154.00"),
        "vagas_ofertadas": ofertadas,
        "sem_cadastro_reserva": sem_cadastro_reserva,
        "requisitos": "",
    }


def _edital(
    *,
    titulo,
    numero,
    publicacao,
    inicio,
    fim,
    vagas,
    descricao,
    reserva_pcd=True,
    criterios=(),
    desempate=None,
    base_reserva="selecao",
):
    return {
        "selecao": {
            "titulo": titulo,
            "numero_edital": numero,
            "data_publicacao_edital": publicacao,
            "inscricoes_inicio": inicio,
            "inscricoes_fim": fim,
            "validade_meses": 12,
            "descricao": descricao,
            "requisitos": (
                "Estar regularmente matriculado(a) e com frequência efetiva no curso indicado, "
                "em instituição de ensino conveniada."
            ),
            "reserva_pcd": reserva_pcd,
            "percentual_pcd": Decimal("10"),
            "sequencia_explicita": None,
            "base_reserva": base_reserva,
            "criterios_desempate": desempate
            or [
                {"criterio": "maior_nota"},
                {"criterio": "maior_idade"},
                {"criterio": "sorteio"},
            ],
        },
        "vagas": vagas,
        "criterios": list(criterios),
    }


NACIONAL = [
    ("São Paulo", "SP", 6),
    ("Rio de Janeiro", "RJ", 4),
    ("Belo Horizonte", "MG", 3),
    ("Salvador", "BA", 3),
    ("Porto Alegre", "RS", 2),
    ("Curitiba", "PR", 2),
    ("Recife", "PE", 2),
    ("Fortaleza", "CE", 2),
    ("Belém", "PA", 2),
    ("Brasília", "DF", 2),
    ("Florianópolis", "SC", 1),
    ("Goiânia", "GO", 1),
    ("São Luís", "MA", 1),
    ("João Pessoa", "PB", 1),
    ("Manaus", "AM", 1),
    ("Vitória", "ES", 1),
    ("Natal", "RN", 1),
    ("Maceió", "AL", 1),
    ("Cuiabá", "MT", 1),
    ("Teresina", "PI", 1),
    ("Campo Grande", "MS", 1),
    ("Aracaju", "SE", 1),
    ("Porto Velho", "RO", 1),
    ("Palmas", "TO", 1),
    ("Rio Branco", "AC", 1),
    ("Macapá", "AP", 1),
    ("Boa Vista", "RR", 1),
]
"""Seleção nacional de demonstração: 27 vagas de estágio pequenas (45 vagas)."""


def _editais_demo(agora: datetime) -> list[tuple[str, dict, str]]:
    """(sigla do órgão, conteúdo, situação final) de cada seleção de demonstração."""
    hoje = timezone.localdate(agora)
    tz = timezone.get_current_timezone()

    def momento(dias: int, hora: int) -> datetime:
        return datetime.combine(hoje + timedelta(days=dias), time(hora), tzinfo=tz)

    prova = [
        {"codigo": "prova", "nome": "Prova objetiva", "peso": Decimal("2"), "nota_maxima": 10},
        {
            "codigo": "curriculo",
            "nome": "Análise curricular",
            "peso": Decimal("1"),
            "nota_maxima": 10,
        },
    ]
    return [
        (
            "MIR",
            _edital(
                titulo="Estágio em Direito, Administração e Tecnologia — Sede",
                numero="1/2026",
                publicacao=hoje - timedelta(days=10),
                inicio=momento(-9, 9),
                fim=momento(20, 18),
                descricao=(
                    "Seleção pública de estudantes para estágio remunerado na sede do "
                    "Ministério, em Brasília, com reserva de vagas a candidatos negros "
                    "(Decreto nº 9.427/2018) e a pessoas com deficiência (Lei nº 11.788/2008)."
                ),
                vagas=[
                    _vaga("DIR-BSB", "Direito", "Direito", "superior", "Brasília", "DF", 10),
                    _vaga(
                        "ADM-BSB", "Administração", "Administração", "superior", "Brasília", "DF", 4
                    ),
                    _vaga(
                        "TI-BSB",
                        "Tecnologia da Informação",
                        "Análise e Desenvolvimento de Sistemas",
                        "superior",
                        "Brasília",
                        "DF",
                        3,
                    ),
                    _vaga(
                        "COM-BSB",
                        "Comunicação Social",
                        "Jornalismo",
                        "superior",
                        "Brasília",
                        "DF",
                        1,
                    ),
                    _vaga(
                        "SEC-BSB",
                        "Secretariado",
                        "Técnico em Secretariado",
                        "tecnico",
                        "Brasília",
                        "DF",
                        2,
                        bolsa="486.05",
                        horas=20,
                    ),
                ],
                criterios=prova,
                desempate=[
                    {"criterio": "maior_nota"},
                    {"criterio": "nota_criterio", "parametro": "prova"},
                    {"criterio": "maior_idade"},
                    {"criterio": "sorteio"},
                ],
            ),
            SituacaoSelecao.PUBLICADA,
        ),
        (
            "MIR",
            _edital(
                titulo="Cadastro de reserva — Superintendências regionais",
                numero="2/2026",
                publicacao=hoje - timedelta(days=2),
                inicio=momento(5, 9),
                fim=momento(35, 18),
                reserva_pcd=False,
                descricao=(
                    "Formação de cadastro de reserva para estágio nas superintendências "
                    "regionais. Não há vagas imediatas: as que surgirem durante a validade "
                    "serão convocadas pela sequência de reserva do anexo."
                ),
                vagas=[
                    _vaga("SR-SP", "Direito", "Direito", "superior", "São Paulo", "SP", 0),
                    _vaga(
                        "SR-BA", "Administração", "Administração", "superior", "Salvador", "BA", 0
                    ),
                    _vaga(
                        "SR-RS",
                        "Serviço Social",
                        "Serviço Social",
                        "superior",
                        "Porto Alegre",
                        "RS",
                        0,
                    ),
                ],
            ),
            SituacaoSelecao.PUBLICADA,
        ),
        (
            "MIR",
            _edital(
                titulo="Estágio na Coordenação de Políticas de Igualdade (2018)",
                numero="3/2018",
                publicacao=date(2018, 3, 15),
                inicio=datetime(2018, 3, 19, 9, tzinfo=tz),
                fim=datetime(2018, 4, 6, 18, tzinfo=tz),
                reserva_pcd=False,
                descricao=(
                    "Edital publicado antes da vigência do Decreto nº 9.427/2018: a reserva "
                    "de vagas a candidatos negros não se aplica (art. 7º)."
                ),
                vagas=[
                    _vaga("DIR-2018", "Direito", "Direito", "superior", "Brasília", "DF", 5),
                    _vaga("PED-2018", "Pedagogia", "Pedagogia", "superior", "Brasília", "DF", 3),
                ],
            ),
            SituacaoSelecao.ENCERRADA,
        ),
        (
            "MIR",
            _edital(
                titulo="Estágio nas unidades descentralizadas",
                numero="4/2026",
                publicacao=hoje + timedelta(days=15),
                inicio=momento(16, 9),
                fim=momento(40, 18),
                base_reserva="vaga",
                descricao=(
                    "Rascunho: seis vagas de estágio com uma vaga cada, em capitais diferentes, "
                    "com a base da reserva em cada vaga. O quadro mostra o alerta de "
                    "fracionamento (STF, ADC 41), que aponta a base do total da seleção."
                ),
                vagas=[
                    _vaga(f"UD-{uf}", "Administração", "Administração", "superior", cidade, uf, 1)
                    for cidade, uf in [
                        ("Belém", "PA"),
                        ("Recife", "PE"),
                        ("Goiânia", "GO"),
                        ("Curitiba", "PR"),
                        ("Manaus", "AM"),
                        ("Fortaleza", "CE"),
                    ]
                ],
            ),
            SituacaoSelecao.RASCUNHO,
        ),
        (
            "MIR",
            _edital(
                titulo="Estágio nacional nas superintendências regionais",
                numero="5/2026",
                publicacao=hoje - timedelta(days=3),
                inicio=momento(-2, 9),
                fim=momento(30, 18),
                descricao=(
                    "Seleção nacional com uma vaga de estágio em cada unidade da federação, "
                    "quase todas com uma ou duas vagas. A reserva é calculada sobre o total "
                    "da seleção e rateada entre as vagas de estágio pelos maiores restos "
                    "(art. 1º, caput e § 3º; STF, ADC 41)."
                ),
                vagas=[
                    _vaga(f"SR-{uf}", "Administração", "Administração", "superior", cidade, uf, n)
                    for cidade, uf, n in NACIONAL
                ],
            ),
            SituacaoSelecao.PUBLICADA,
        ),
        (
            "IFD",
            _edital(
                titulo="Estágio em Pedagogia e Letras — Campus Central",
                numero="1/2026",
                publicacao=hoje - timedelta(days=5),
                inicio=momento(-4, 9),
                fim=momento(25, 18),
                descricao="Estágio de apoio pedagógico e de revisão de textos no campus central.",
                vagas=[
                    _vaga("PED-CC", "Pedagogia", "Pedagogia", "superior", "Goiânia", "GO", 2),
                    _vaga("LET-CC", "Letras", "Letras — Português", "superior", "Goiânia", "GO", 1),
                ],
            ),
            SituacaoSelecao.PUBLICADA,
        ),
    ]


def popular_selecoes() -> list[Selecao]:
    """Seleções de demonstração (idempotente): uma com PcD, uma só de cadastro de
    reserva, uma de edital anterior a 29/06/2018 (art. 7º), um rascunho com alerta
    de fracionamento (base vaga), uma seleção nacional de muitas vagas pequenas
    (rateio do total da seleção) e uma de outro órgão."""
    from selecoes import auditoria, services

    agora = timezone.now()
    gestora = get_user_model().objects.filter(username="gestora").first()
    criadas = []
    for sigla, conteudo, situacao in _editais_demo(agora):
        orgao = Orgao.objects.get(sigla=sigla)
        numero = conteudo["selecao"]["numero_edital"]
        existente = Selecao.objects.filter(orgao=orgao, numero_edital=numero).first()
        if existente:
            criadas.append(existente)
            continue
        dados = services.DadosEdital(**conteudo)
        selecao = services.selecao_criar(orgao=orgao, usuario=gestora, dados=dados)
        if situacao != SituacaoSelecao.RASCUNHO:
            # Publicada no seu tempo: o edital de 2018 foi publicado em 2018.
            publicacao = datetime.combine(
                selecao.data_publicacao_edital, time(10), tzinfo=timezone.get_current_timezone()
            )
            services.selecao_publicar(selecao=selecao, usuario=gestora, agora=publicacao)
        if situacao == SituacaoSelecao.ENCERRADA:
            Selecao.objects.filter(pk=selecao.pk).update(situacao=situacao)
            auditoria.registrar(
                acao="selecao.encerrar",
                objeto=selecao,
                descricao=f"Seleção encerrada (dados de demonstração): {selecao}",
                selecao=selecao,
                antes={"situacao": SituacaoSelecao.PUBLICADA},
                depois={"situacao": situacao},
            )
        criadas.append(selecao)
    return criadas
