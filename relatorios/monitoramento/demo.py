"""Dados de demonstração do monitoramento (art. 5º) e do cadastro do art. 6º.

Cria (uma vez) o usuário do perfil de monitoramento, seleções encerradas de anos
anteriores com inscrições e convocações calculadas pelo motor de reserva (para a
evolução anual ter o que mostrar), uma seleção anterior ao Decreto (art. 7º),
outra com duas vagas (art. 1º, § 1º) e empresas terceirizadas com a cota de
aprendizes. Idempotente: o que já existe é reaproveitado.
"""

import datetime as dt
import random
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import Avaliacao, Convocacao, CorRaca, Inscricao
from relatorios.models import EmpresaTerceirizada, PerfilMonitoramento
from selecoes.categorias import Categoria
from selecoes.demo import LoginDemo
from selecoes.models import NivelEnsino, Orgao, Selecao, VagaEstagio
from selecoes.reserva import Candidato, aplicabilidade, resolver_vaga
from selecoes.selectors import tabela_da_selecao

USUARIO = "monitoramento"
SENHA = "demo-monitoramento-2026"

CORES = [
    (CorRaca.BRANCA, 40),
    (CorRaca.PARDA, 33),
    (CorRaca.PRETA, 14),
    (CorRaca.AMARELA, 5),
    (CorRaca.INDIGENA, 3),
    (CorRaca.NAO_DECLARADA, 5),
]

# (sigla, ano, [(código, nível, UF, vagas ofertadas)], data de publicação)
SELECOES = [
    *(
        (sigla, ano, [("DIR", "superior", "DF", 18), ("TEC", "tecnico", uf, 12)], None)
        for sigla, uf in (("MIR", "DF"), ("IFD", "GO"))
        for ano in (2022, 2023, 2024, 2025)
    ),
    ("MIR", 2018, [("ADM", "medio", "DF", 5)], dt.date(2018, 3, 12)),  # art. 7º
    ("IFD", 2024, [("BIB", "superior", "GO", 2)], dt.date(2024, 8, 5)),  # art. 1º, § 1º
]

EMPRESAS = [
    # (sigla, CNPJ base, razão social, porte, contrato, objeto, base, aprendizes)
    ("MIR", 10101010, "Limpa Bem Serviços Ltda.", "demais", "12/2025", "Limpeza", 120, 7),
    ("MIR", 20202020, "Vigilância Planalto S.A.", "demais", "15/2025", "Vigilância", 80, 2),
    ("MIR", 30303030, "Copa & Cia ME", "me", "03/2026", "Copeiragem", 6, 0),
    ("MIR", 40404040, "Recepção Cerrado Ltda.", "demais", "", "Recepção (em disputa)", 41, 3),
    ("IFD", 50505050, "Manutenção Goiás Ltda.", "demais", "07/2025", "Manutenção predial", 60, 3),
    ("IFD", 60606060, "Jardins do Centro EPP", "epp", "09/2025", "Jardinagem", 14, 1),
]


def _digitos(base: list[int], pesos: list[int]) -> int:
    resto = sum(d * p for d, p in zip(base, pesos, strict=True)) % 11
    return 0 if resto < 2 else 11 - resto


def _cpf(semente: int) -> str:
    base = [int(c) for c in f"{semente % 10**9:09d}"]
    if len(set(base)) == 1:
        base[-1] = (base[-1] + 1) % 10
    base.append(_digitos(base, list(range(10, 1, -1))))
    base.append(_digitos(base, list(range(11, 1, -1))))
    return "".join(map(str, base))


def _cnpj(raiz: int) -> str:
    base = [int(c) for c in f"{raiz:08d}0001"]
    pesos = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    base.append(_digitos(base, pesos))
    base.append(_digitos(base, [6, *pesos]))
    return "".join(map(str, base))


def _cor(rnd: random.Random) -> str:
    return rnd.choices([c for c, _ in CORES], weights=[p for _, p in CORES])[0]


def _inscricoes(vaga: VagaEstagio, prefixo: str, rnd: random.Random) -> list[Inscricao]:
    criadas = []
    for i in range(rnd.randint(40, 70)):
        cor = _cor(rnd)
        negra = cor in (CorRaca.PRETA, CorRaca.PARDA)
        inscricao = Inscricao.objects.create(
            selecao=vaga.selecao,
            vaga=vaga,
            numero=f"{prefixo}{i:03d}",
            codigo_verificacao=f"V{prefixo}{i:03d}"[-16:],
            nome_civil=f"Pessoa candidata {prefixo}-{i:03d}",
            cpf=_cpf(rnd.randrange(10**8, 10**9)),
            data_nascimento=dt.date(2000 + rnd.randint(0, 6), rnd.randint(1, 12), 1),
            email=f"candidato.{prefixo.lower()}{i:03d}@exemplo.com",
            instituicao_ensino="Instituição de Ensino de Demonstração",
            curso=vaga.curso or vaga.area,
            periodo_curso=f"{rnd.randint(2, 9)}º semestre",
            cor_raca=cor,
            concorre_negros=negra and rnd.random() < 0.85,
            termo_aceito_em=timezone.now(),
        )
        aprovado = rnd.random() < 0.8
        Avaliacao.objects.create(
            inscricao=inscricao,
            situacao="aprovado" if aprovado else "reprovado",
            nota_final=Decimal(rnd.randint(4000, 9900)) / 1000,
        )
        criadas.append(inscricao)
    return criadas


def _convocar(vaga: VagaEstagio, inscricoes: list[Inscricao], total_vagas: int, rnd: random.Random):
    aprovadas = sorted(
        (i for i in inscricoes if i.avaliacao.situacao == "aprovado"),
        key=lambda i: (-i.avaliacao.nota_final, i.numero),  # type: ignore[operator]
    )
    candidatos = [
        Candidato(i.numero, n, frozenset(i.categorias) & {Categoria.NEGROS.value})
        for n, i in enumerate(aprovadas, 1)
    ]
    # O quadro da seleção inteira, com a versão e a base do edital (regras, §§ 3.1 e 8).
    tabela = tabela_da_selecao(vaga.selecao)
    resultado = resolver_vaga(
        candidatos=candidatos,
        aplicacao=tabela.aplicacao
        or aplicabilidade(vaga.selecao.data_publicacao_edital, total_vagas),
        ofertadas=vaga.vagas_ofertadas,
        codigo=vaga.codigo,
        tabela=tabela,
    )
    por_numero = {i.numero: i for i in aprovadas}
    publicacao = vaga.selecao.data_publicacao_edital
    for convocado in resultado.ordem.convocados:
        inscricao = por_numero[convocado.inscricao]
        sorteio = rnd.random()
        contratada = sorteio >= 0.12
        situacao = "contratado" if contratada else "desistiu"
        if contratada and sorteio > 0.95:
            situacao = "desligado"
        Convocacao.objects.create(
            vaga=vaga,
            inscricao=inscricao,
            ordem=convocado.ordem,
            modalidade=convocado.modalidade,
            prazo_resposta=timezone.now(),
            token=f"demo-monitoramento-{inscricao.numero}",
            situacao=situacao,
            data_inicio=publicacao + dt.timedelta(days=90) if contratada else None,
            numero_tce=f"TCE-{inscricao.numero}" if contratada else "",
        )


def _selecoes_historicas() -> None:
    orgaos = {o.sigla: o for o in Orgao.objects.filter(sigla__in=["MIR", "IFD"])}
    for sigla, ano, vagas, data in SELECOES:
        orgao = orgaos.get(sigla)
        numero = f"MON-{ano}-{len(vagas)}{vagas[0][3]}"
        if orgao is None or Selecao.objects.filter(orgao=orgao, numero_edital=numero).exists():
            continue
        rnd = random.Random(f"{sigla}-{numero}")
        publicacao = data or dt.date(ano, 3, 15)
        inicio = timezone.make_aware(dt.datetime.combine(publicacao, dt.time(9)))
        selecao = Selecao.objects.create(
            orgao=orgao,
            titulo=f"Seleção de estagiários {ano} (histórico de demonstração)",
            numero_edital=numero,
            data_publicacao_edital=publicacao,
            inscricoes_inicio=inicio,
            inscricoes_fim=inicio + dt.timedelta(days=20),
            reserva_pcd=False,
            situacao="encerrada",
            versao=1,
            publicada_em=inicio,
        )
        total = sum(v[3] for v in vagas)
        for ordem, (codigo, nivel, uf, ofertadas) in enumerate(vagas):
            vaga = VagaEstagio.objects.create(
                selecao=selecao,
                codigo=codigo,
                area=NivelEnsino(nivel).label,
                curso="Direito" if codigo == "DIR" else "",
                nivel=nivel,
                municipio="Brasília" if uf == "DF" else "Goiânia",
                uf=uf,
                valor_bolsa=Decimal("1125.69"),
                vagas_ofertadas=ofertadas,
                ordem=ordem,
            )
            prefixo = f"M{sigla}{ano}{codigo}{len(vagas)}"
            _convocar(vaga, _inscricoes(vaga, prefixo, rnd), total, rnd)


def _empresas() -> None:
    orgaos = {o.sigla: o for o in Orgao.objects.filter(sigla__in=["MIR", "IFD"])}
    for sigla, raiz, razao, porte, contrato, objeto, base, aprendizes in EMPRESAS:
        if sigla not in orgaos:
            continue
        chave = {
            "orgao": orgaos[sigla],
            "cnpj": _cnpj(raiz),
            "numero_contrato": contrato,
            "data_referencia": dt.date(2025, 12, 31),
        }
        if EmpresaTerceirizada.objects.filter(**chave).exists():
            continue
        EmpresaTerceirizada.objects.create(
            **chave,
            razao_social=razao,
            porte=porte,
            objeto_contrato=objeto,
            empregados_formacao=base,
            aprendizes=aprendizes,
            comprovante=ContentFile(
                b"%PDF-1.4\n% comprovante de demonstracao\n", name=f"comprovante-{raiz}.pdf"
            ),
        )


def popular_monitoramento() -> list[LoginDemo]:
    """Usuário de monitoramento (senha impressa), histórico de seleções e empresas."""
    User = get_user_model()
    usuario, criado = User.objects.get_or_create(
        username=USUARIO,
        defaults={"first_name": "Equipe de monitoramento", "email": "monitoramento@exemplo.gov.br"},
    )
    if criado:
        usuario.set_password(SENHA)
        usuario.save()
    PerfilMonitoramento.objects.get_or_create(
        usuario=usuario,
        defaults={
            "instituicao": "Secretaria Nacional de Políticas de Promoção da Igualdade Racial"
        },
    )
    _selecoes_historicas()
    _empresas()
    login = LoginDemo(USUARIO, SENHA, "Monitoramento (art. 5º) — todos os órgãos")
    return [login]
