"""Cenário da comissão de heteroidentificação: um edital com negros (fenotípica) e
indígenas (documental), uma comissão de 3 membros + sociedade civil, uma recursal de
3 outros membros e uma sessão já começada com três candidatos chamados."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.files.base import ContentFile
from django.utils import timezone

from candidatos.models import (
    ChamadoHeteroidentificacao,
    CorRaca,
    DocumentoCategoria,
    Inscricao,
    ModalidadeSessao,
    MotivoChamado,
    SessaoHeteroidentificacao,
)
from selecoes.models import (
    Comissao,
    ConfirmacaoCategoria,
    MembroComissao,
    Orgao,
    Papel,
    Selecao,
    SituacaoSelecao,
    TipoComissao,
    TipoConfirmacao,
)
from tests.factories import (
    AvaliacaoFactory,
    CategoriaEditalFactory,
    InscricaoFactory,
    LotacaoFactory,
    SelecaoFactory,
    UserFactory,
    VagaEstagioFactory,
    gerar_cpf,
)

CPF_NEGRA = "52998224725"
NOTA = Decimal("8.765")


@dataclass
class CenarioComissao:
    orgao: Orgao
    selecao: Selecao
    comissao: Comissao
    recursal: Comissao
    sessao: SessaoHeteroidentificacao
    membros: list = field(default_factory=list)
    membros_recursal: list = field(default_factory=list)
    chamados: dict[str, ChamadoHeteroidentificacao] = field(default_factory=dict)
    inscricoes: dict[str, Inscricao] = field(default_factory=dict)


def membro_de_comissao(orgao: Orgao, username: str, comissao: Comissao, **extra):
    """Usuário lotado como membro de comissão e incluído na comissão."""
    usuario = UserFactory(username=username, first_name=username.title())
    LotacaoFactory(usuario=usuario, orgao=orgao, papel=Papel.COMISSAO)
    MembroComissao.objects.create(
        comissao=comissao, usuario=usuario, nome=extra.pop("nome", username.title()), **extra
    )
    return usuario


def cenario_comissao(orgao: Orgao, *, inicio: dt.datetime | None = None) -> CenarioComissao:
    """Usuários e números de inscrição levam o órgão: dois cenários convivem."""
    agora = timezone.now()
    prefixo = "" if orgao.sigla == "MIR" else f"{orgao.sigla.lower()}-"
    numero = 2026000100 if not prefixo else 2026000100 + 1000 * (1 + orgao.pk)
    selecao = SelecaoFactory(
        orgao=orgao,
        situacao=SituacaoSelecao.PUBLICADA,
        reserva_pcd=True,
        inscricoes_inicio=agora - dt.timedelta(days=30),
        inscricoes_fim=agora - dt.timedelta(days=10),
    )
    vaga = VagaEstagioFactory(selecao=selecao, codigo="BSB", vagas_ofertadas=10)
    CategoriaEditalFactory(
        selecao=selecao,
        documento_exigido=True,
        documento_descricao="Declaração da comunidade indígena",
    )
    ConfirmacaoCategoria.objects.create(
        selecao=selecao, categoria="negros", tipo=TipoConfirmacao.FENOTIPICA, item_edital="7.1"
    )
    ConfirmacaoCategoria.objects.create(
        selecao=selecao, categoria="indigenas", tipo=TipoConfirmacao.DOCUMENTAL, item_edital="7.2"
    )
    comissao = Comissao.objects.create(
        orgao=orgao, nome="Comissão de heteroidentificação", tipo=TipoComissao.HETEROIDENTIFICACAO
    )
    recursal = Comissao.objects.create(
        orgao=orgao, nome="Comissão recursal", tipo=TipoComissao.RECURSAL
    )
    cenario = CenarioComissao(
        orgao=orgao,
        selecao=selecao,
        comissao=comissao,
        recursal=recursal,
        sessao=SessaoHeteroidentificacao.objects.create(
            selecao=selecao,
            comissao=comissao,
            modalidade=ModalidadeSessao.PRESENCIAL,
            inicio=inicio or agora - dt.timedelta(hours=1),
            local="Sala 101, bloco A",
        ),
    )
    for nome in ("ana", "beto", "caio"):
        cenario.membros.append(membro_de_comissao(orgao, f"{prefixo}membro-{nome}", comissao))
    cenario.membros.append(
        membro_de_comissao(orgao, f"{prefixo}membro-civil", comissao, sociedade_civil=True)
    )
    for nome in ("dora", "edu", "fabi"):
        cenario.membros_recursal.append(
            membro_de_comissao(orgao, f"{prefixo}recursal-{nome}", recursal)
        )
    negra = InscricaoFactory(
        vaga=vaga,
        numero=str(numero + 1),
        nome_civil="Joana Civil da Silva",
        nome_social="Joana Social",
        cpf=CPF_NEGRA if not prefixo else gerar_cpf(orgao.pk),
        cor_raca=CorRaca.PARDA,
        concorre_negros=True,
        pcd=True,
        concorre_pcd=True,
        concorre_categorias=["indigenas"],
    )
    AvaliacaoFactory(inscricao=negra, nota_final=NOTA)
    indigena = InscricaoFactory(
        vaga=vaga,
        numero=str(numero + 2),
        nome_civil="Raoni Terena",
        cor_raca=CorRaca.INDIGENA,
        concorre_categorias=["indigenas"],
    )
    DocumentoCategoria.objects.create(
        inscricao=indigena,
        categoria="indigenas",
        arquivo=ContentFile(b"%PDF-1.4 declaracao", name="declaracao.pdf"),
    )
    outra = InscricaoFactory(
        vaga=vaga, numero=str(numero + 3), cor_raca=CorRaca.PRETA, concorre_negros=True
    )
    cenario.inscricoes = {"negra": negra, "indigena": indigena, "outra": outra}
    for chave, inscricao, categoria in (
        ("negra", negra, "negros"),
        ("indigena", indigena, "indigenas"),
        ("outra", outra, "negros"),
    ):
        cenario.chamados[chave] = ChamadoHeteroidentificacao.objects.create(
            selecao=selecao,
            inscricao=inscricao,
            categoria=categoria,
            motivo=MotivoChamado.TODOS,
            sessao=cenario.sessao,
        )
    return cenario
