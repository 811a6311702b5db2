"""A trilha de auditoria lida como frase: quem fez o quê, quando (horário de Brasília),
antes → depois em palavras. Uma linha por tipo de ação."""

from __future__ import annotations

import csv
import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from hypothesis import example, given, settings
from hypothesis import strategies as st

from selecoes.models import RegistroAuditoria
from selecoes.selectors.auditoria import frase_auditoria
from tests.seguranca import escopo

UTC = dt.UTC
# 15:05 UTC = 12:05 em Brasília (UTC−3, sem horário de verão desde 2019).
QUANDO = dt.datetime(2026, 12, 1, 15, 5, 7, tzinfo=UTC)


def _registro(**campos) -> RegistroAuditoria:
    return RegistroAuditoria(criado_em=QUANDO, usuario_nome="maria.gestora", **campos)


CASOS = [
    pytest.param(
        {
            "acao": "selecao.publicar",
            "objeto_tipo": "selecoes.Selecao",
            "descricao": "Edital publicado (versão 1): 12/2026",
            "antes": {"situacao": "rascunho"},
            "depois": {"situacao": "publicada", "versao": 1, "hash": "a3f9"},
        },
        "publicou o edital",
        ["situação: Rascunho → Publicada", "versão do edital: — → 1", "hash: — → a3f9"],
        id="selecao.publicar",
    ),
    pytest.param(
        {
            "acao": "selecao.retificar",
            "objeto_tipo": "selecoes.Selecao",
            "descricao": "Edital retificado (versão 2): 12/2026",
            "antes": {"versao": 1, "hash": "a3f9"},
            "depois": {"versao": 2, "hash": "b7c1"},
        },
        "retificou o edital",
        ["versão do edital: 1 → 2", "hash: a3f9 → b7c1"],
        id="selecao.retificar",
    ),
    pytest.param(
        {
            "acao": "inscricao.desistente",
            "objeto_tipo": "candidatos.Inscricao",
            "descricao": "2026-0000001 passou a desistente (art. 4º, § 2º)",
            "antes": {"situacao": "ativa"},
            "depois": {"situacao": "desistente"},
        },
        "registrou a desistência",
        ["situação: Ativa → Desistente"],
        id="inscricao.desistente",
    ),
    pytest.param(
        {
            "acao": "convocacao.desistiu",
            "objeto_tipo": "candidatos.Convocacao",
            "descricao": "2026-0000001: desistiu em 01/12/2026",
            "antes": {"situacao": "aguardando", "ordem": 1, "encerrada_em": None},
            "depois": {"situacao": "desistiu", "ordem": 1, "encerrada_em": "2026-12-01"},
        },
        "atualizou a convocação",
        ["situação: Aguardando resposta → Desistiu", "encerrada/desligada em: — → 01/12/2026"],
        id="convocacao.situacao",
    ),
    pytest.param(
        {
            "acao": "avaliacao.alterada",
            "objeto_tipo": "candidatos.Avaliacao",
            "descricao": "Avaliação de 2026-0000001 (digitação)",
            "antes": {"situacao": "pendente", "notas": {"prova": "8.500"}, "nota_final": "8.500"},
            "depois": {"situacao": "aprovado", "notas": {"prova": "9.250"}, "nota_final": "9.250"},
        },
        "alterou a avaliação",
        [
            "situação: Pendente → Aprovado(a)",
            "notas por critério: prova 8,50 → prova 9,25",
            "nota final: 8,50 → 9,25",
        ],
        id="avaliacao.alterada",
    ),
    pytest.param(
        {
            "acao": "recurso.registrado",
            "objeto_tipo": "candidatos.Recurso",
            "descricao": "Recurso de 2026-0000001: nota",
            "antes": None,
            "depois": {"recebido_em": "2026-12-01T18:30:00+00:00", "situacao": "pendente"},
        },
        "registrou o recurso",
        ["recebido em: — → 01/12/2026 15:30", "decisão: — → Pendente"],
        id="recurso.registrado",
    ),
    pytest.param(
        {
            "acao": "inscricao.criada",
            "objeto_tipo": "candidatos.Inscricao",
            "descricao": "Inscrição 2026-0000002 pelo formulário on-line",
            "depois": {"concorre_negros": True, "concorre_pcd": False, "substitui": None},
        },
        "registrou a inscrição",
        [
            "concorre às vagas reservadas a candidatos negros: — → sim",
            "concorre às vagas reservadas a pessoas com deficiência: — → não",
        ],
        id="inscricao.criada",
    ),
    pytest.param(
        {
            "acao": "sorteio.realizado",
            "objeto_tipo": "candidatos.Sorteio",
            "descricao": "Sorteio público de desempate na vaga DIR",
            "depois": {"semente": "f00d", "resultado": ["2026-0000003", "2026-0000001"]},
        },
        "realizou o sorteio de desempate",
        ["semente: — → f00d", "resultado: — → 2026-0000003, 2026-0000001"],
        id="sorteio.realizado",
    ),
    pytest.param(
        {
            "acao": "documento.gerado",
            "objeto_tipo": "relatorios.Documento",
            "descricao": "Anexo do edital gerado",
        },
        "gerou o documento",
        [],
        id="sem-antes-e-depois",
    ),
    pytest.param(
        {
            "acao": "acao.desconhecida",
            "objeto_tipo": "modelo.Inexistente",
            "descricao": "Algo aconteceu",
            "antes": {"campo_x": "1"},
            "depois": {"campo_x": "2"},
        },
        "registrou: acao.desconhecida",
        ["campo x: 1 → 2"],
        id="acao-e-modelo-desconhecidos",
    ),
]


@pytest.mark.parametrize(("campos", "verbo", "mudancas"), CASOS)
def test_frase_auditoria_por_tipo_de_acao(campos, verbo, mudancas):
    frase = frase_auditoria(_registro(**campos))

    assert frase.quando == "01/12/2026 12:05:07"
    assert frase.quem == "maria.gestora"
    assert frase.acao == verbo
    assert [str(m) for m in frase.mudancas] == mudancas
    assert frase.texto.startswith(
        f"Em 01/12/2026 às 12:05:07 (horário de Brasília), maria.gestora {verbo}: "
        f"{campos['descricao']}."
    )
    for m in mudancas:
        assert m.lower() in frase.texto.lower()
    assert "{" not in frase.texto
    assert "'" not in frase.texto


def test_frase_auditoria_sem_usuario_e_com_motivo():
    frase = frase_auditoria(
        RegistroAuditoria(
            criado_em=QUANDO,
            acao="inscricao.criada",
            objeto_tipo="candidatos.Inscricao",
            descricao="Inscrição 2026-0000002 pelo formulário on-line",
            motivo="Nova inscrição substitui a anterior.",
        )
    )
    assert frase.quem == "o candidato ou o sistema"
    assert frase.texto.endswith("Motivo: Nova inscrição substitui a anterior.")


@pytest.fixture
def mundo(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return escopo.criar_mundo()


def _registrar(**campos) -> RegistroAuditoria:
    """Pelo único caminho de gravação (a cadeia de hashes): o instante vem do relógio
    do servidor, parado em QUANDO, e o autor é o usuário."""
    from selecoes import auditoria
    from tests.factories import UserFactory

    with time_machine.travel(QUANDO, tick=False):
        return auditoria.registrar(usuario=UserFactory(username="maria.gestora"), **campos)


def _registro_salvo(mundo) -> RegistroAuditoria:
    from selecoes.models import Selecao

    selecao = Selecao.objects.filter(orgao=mundo.orgao).first()
    return _registrar(
        selecao=selecao,
        acao="selecao.publicar",
        objeto=selecao,
        descricao="Edital publicado (versão 1)",
        antes={"situacao": "rascunho"},
        depois={"situacao": "publicada", "versao": 1},
    )


def test_frase_auditoria_tela_do_rh_mostra_frase_em_horario_de_brasilia(mundo):
    registro = _registro_salvo(mundo)
    cliente = escopo._cliente(mundo.dono)

    html = cliente.get(reverse("classificacao:auditoria", args=[registro.selecao_id])).content
    texto = html.decode()

    assert "12:05:07" in texto
    assert "15:05" not in texto
    assert "maria.gestora publicou o edital" in texto
    assert "Situação: Rascunho → Publicada; versão do edital: — → 1." in texto
    assert "{&#x27;" not in texto
    assert "{'" not in texto


def test_frase_auditoria_csv_em_palavras(mundo):
    registro = _registro_salvo(mundo)
    cliente = escopo._cliente(mundo.dono)

    resposta = cliente.get(
        reverse("classificacao:auditoria", args=[registro.selecao_id]), {"formato": "csv"}
    )
    conteudo = resposta.content.decode("utf-8-sig")
    linhas = list(csv.reader(io.StringIO(conteudo), delimiter=";"))

    cabecalho, linha = linhas[0], linhas[1]
    registro_csv = dict(zip(cabecalho, linha, strict=True))
    assert registro_csv["quando (horário de Brasília)"] == "01/12/2026 12:05:07"
    assert registro_csv["quem"] == "maria.gestora"
    assert registro_csv["ação"] == "publicou o edital"
    assert (
        registro_csv["antes → depois"] == "situação: Rascunho → Publicada; versão do edital: — → 1"
    )
    assert registro_csv["frase"].startswith("Em 01/12/2026 às 12:05:07 (horário de Brasília)")
    assert "{" not in conteudo


# Sem chaves nem apóstrofo no texto sorteado: o que se procura é o repr de um dict.
_TEXTO = st.text(st.characters(exclude_characters="{}'"), max_size=30)
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | _TEXTO,
    lambda filhos: st.lists(filhos, max_size=3) | st.dictionaries(_TEXTO, filhos),
    max_leaves=8,
)
_RETRATO = st.none() | st.dictionaries(
    st.sampled_from(["situacao", "versao", "encerrada_em", "recebido_em", "nota_final", "x"])
    | _TEXTO,
    _JSON | st.sampled_from(["2026-02-30", "2026-02-30T10:00:00", "9.500", "nan", "1e999"]),
    max_size=4,
)


@settings(deadline=None)
@given(antes=_RETRATO, depois=_RETRATO, objeto_tipo=st.sampled_from(["candidatos.Convocacao", "x"]))
@example(antes={"encerrada_em": "2026-02-30"}, depois=None, objeto_tipo="candidatos.Convocacao")
def test_frase_auditoria_qualquer_retrato_vira_texto(antes, depois, objeto_tipo):
    frase = frase_auditoria(
        _registro(acao="x", objeto_tipo=objeto_tipo, descricao="d", antes=antes, depois=depois)
    )
    assert frase.texto.startswith("Em 01/12/2026 às 12:05:07 (horário de Brasília)")
    assert "{'" not in frase.antes_depois


def test_frase_auditoria_detalhe_da_inscricao_no_rh_usa_a_mesma_frase(mundo):
    from candidatos.models import Inscricao

    inscricao = mundo.objetos[Inscricao]
    _registrar(
        selecao=inscricao.selecao,
        inscricao_id=inscricao.pk,
        acao="inscricao.desistente",
        objeto=inscricao,
        descricao=f"{inscricao.numero} passou a desistente",
        antes={"situacao": "ativa"},
        depois={"situacao": "desistente"},
    )
    cliente = escopo._cliente(mundo.dono)

    texto = cliente.get(reverse("inscricoes:detalhe", args=[inscricao.pk])).content.decode()

    assert (
        "Em 01/12/2026 às 12:05:07 (horário de Brasília), maria.gestora registrou a desistência"
        in texto
    )
    assert "Situação: Ativa → Desistente." in texto
    assert "<td>inscricao.desistente</td>" not in texto
