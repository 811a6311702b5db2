"""Conjunto de dados construído com respostas conhecidas (ver ``test_indicadores_banco``).

Órgão MIR, 2026:
- S1 (reserva aplicável, N = 8): DIR (5 vagas, superior, DF) e ADM (3 vagas, médio, SP).
  DIR segue o exemplo das regras: L = A, B, X*, C, D, Y*, E, Z*; Y desiste e C entra
  por reversão; B é contratado e depois desligado; W* é eliminada por declaração
  falsa; N não declarou cor (e substituiu uma inscrição anterior).
- S2 (N = 2: sem reserva, art. 1º, § 1º): FIN com 2 vagas, uma contratação.
- Um rascunho com inscrição, que não conta.
Órgão MIR, 2018: S4 publicado antes de 29/06/2018 (art. 7º).
Órgão OUTRO, 2026: S3 com 3 vagas (1 reservada), 6 inscrições, 3 contratações.
"""

import datetime as dt
from types import SimpleNamespace

import pytest

from candidatos.models import CorRaca
from selecoes.models import NivelEnsino, Papel
from tests.factories import (
    AvaliacaoFactory,
    InscricaoFactory,
    LotacaoFactory,
    SelecaoFactory,
    UserFactory,
    VagaEstagioFactory,
)
from tests.relatorios.monitoramento.factories import (
    ConvocacaoFactory,
    EmpresaTerceirizadaFactory,
    PerfilMonitoramentoFactory,
    ProcessoEliminacaoFactory,
)


@pytest.fixture(autouse=True)
def _ambiente(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _inscrito(vaga, nome, cor, *, negros=False, aprovado=True, situacao="ativa", **kw):
    inscricao = InscricaoFactory(
        vaga=vaga,
        nome_civil=nome,
        cor_raca=cor,
        concorre_negros=negros,
        situacao=situacao,
        **kw,
    )
    AvaliacaoFactory(inscricao=inscricao, situacao="aprovado" if aprovado else "reprovado")
    return inscricao


def _convocar(inscricao, modalidade, ordem, *, contratada=False, **kw):
    return ConvocacaoFactory(
        inscricao=inscricao, modalidade=modalidade, ordem=ordem, contratada=contratada, **kw
    )


@pytest.fixture
def monica(db):
    """Usuária do perfil de monitoramento (art. 5º), sem lotação em órgão."""
    return PerfilMonitoramentoFactory().usuario


@pytest.fixture
def dados(orgao, outro_orgao):
    B, P, PD, AM, IND, ND = (
        CorRaca.BRANCA,
        CorRaca.PRETA,
        CorRaca.PARDA,
        CorRaca.AMARELA,
        CorRaca.INDIGENA,
        CorRaca.NAO_DECLARADA,
    )
    # Seleções publicadas antes da versão 2 das regras de reserva (regras, § 8).
    s1 = SelecaoFactory(
        orgao=orgao, situacao="resultado_final", titulo="Seleção S1", versao_regras=1
    )
    dir_ = VagaEstagioFactory(selecao=s1, codigo="DIR", vagas_ofertadas=5, uf="DF")
    adm = VagaEstagioFactory(
        selecao=s1, codigo="ADM", vagas_ofertadas=3, nivel=NivelEnsino.MEDIO, uf="SP"
    )
    a = _inscrito(dir_, "Ana Branca", B)
    b = _inscrito(dir_, "Bia Amarela", AM)
    x = _inscrito(dir_, "Xavier Preto", P, negros=True)
    c = _inscrito(dir_, "Caio Branco", B)
    _inscrito(dir_, "Davi Indígena", IND, pcd=True, concorre_pcd=True)
    y = _inscrito(dir_, "Yara Parda", PD, negros=True, situacao="desistente")
    _inscrito(dir_, "Eva Branca", B)
    z = _inscrito(dir_, "Zeca Preto", P, negros=True)
    w = _inscrito(dir_, "Wanda Parda", PD, negros=True, situacao="eliminada")
    antiga = _inscrito(dir_, "Nina Antiga", B, situacao="substituida", cpf="52998224725")
    n = _inscrito(dir_, "Nina Sem Cor", ND, aprovado=False, cpf="52998224725", substitui=antiga)
    _convocar(a, "AC", 1, contratada=True)
    _convocar(x, "AC", 2, contratada=True)
    _convocar(b, "AC", 3, contratada=True, situacao="desligado", encerrada_em=dt.date(2026, 9, 1))
    _convocar(y, "negros", 4, situacao="desistiu")
    _convocar(z, "negros", 5, contratada=True)
    _convocar(c, "reversao", 6, contratada=True)
    ProcessoEliminacaoFactory(inscricao=w)
    ProcessoEliminacaoFactory(inscricao=n, situacao="improcedente", fundamentacao="Sem indícios.")
    q = _inscrito(adm, "Quim Branco", B)
    r = _inscrito(adm, "Rita Preta", P)
    p = _inscrito(adm, "Paulo Pardo", PD, negros=True)
    _convocar(q, "AC", 1, contratada=True)
    _convocar(p, "negros", 2, contratada=True)
    _convocar(r, "AC", 3)

    s2 = SelecaoFactory(
        orgao=orgao,
        situacao="publicada",
        data_publicacao_edital=dt.date(2026, 5, 10),
        versao_regras=1,
    )
    fin = VagaEstagioFactory(selecao=s2, codigo="FIN", vagas_ofertadas=2)
    f = _inscrito(fin, "Fábio Branco", B)
    _convocar(f, "AC", 1, contratada=True)

    rascunho = SelecaoFactory(orgao=orgao, situacao="rascunho")
    _inscrito(VagaEstagioFactory(selecao=rascunho, vagas_ofertadas=9), "Rascunho", P, negros=True)

    s4 = SelecaoFactory(
        orgao=orgao,
        situacao="encerrada",
        data_publicacao_edital=dt.date(2018, 5, 2),
        versao_regras=1,
    )
    antigo = VagaEstagioFactory(selecao=s4, codigo="ANT", vagas_ofertadas=4)
    g = _inscrito(antigo, "Gil Branco", B)
    _inscrito(antigo, "Hugo Branco", B)
    _convocar(g, "AC", 1, contratada=True)

    s3 = SelecaoFactory(
        orgao=outro_orgao,
        situacao="resultado_final",
        data_publicacao_edital=dt.date(2026, 2, 1),
        versao_regras=1,
    )
    eco = VagaEstagioFactory(selecao=s3, codigo="ECO", vagas_ofertadas=3)
    outros = [
        _inscrito(eco, "Olga Preta", P, negros=True),
        _inscrito(eco, "Otto Preto", P, negros=True),
        *(_inscrito(eco, f"Oscar Branco {i}", B, aprovado=i < 3) for i in range(4)),
    ]
    _convocar(outros[2], "AC", 1, contratada=True)
    _convocar(outros[0], "negros", 2, contratada=True)
    _convocar(outros[3], "AC", 3, contratada=True)

    contrato1 = {"orgao": orgao, "cnpj": "11222333000181", "numero_contrato": "01/2026"}
    EmpresaTerceirizadaFactory(**contrato1, data_referencia=dt.date(2026, 1, 31), aprendizes=5)
    EmpresaTerceirizadaFactory(**contrato1, data_referencia=dt.date(2026, 6, 30), aprendizes=4)
    EmpresaTerceirizadaFactory(orgao=orgao, porte="me", empregados_formacao=10, aprendizes=0)
    EmpresaTerceirizadaFactory(orgao=orgao, empregados_formacao=20, aprendizes=3)
    EmpresaTerceirizadaFactory(orgao=orgao, numero_contrato="", aprendizes=0)

    return SimpleNamespace(
        s1=s1, s2=s2, s3=s3, s4=s4, inscricoes=[a, b, x, c, y, z, w, n, q, r, p, f, g, *outros]
    )


@pytest.fixture
def usuario_lotado(db):
    def criar(orgao, papel: Papel, nome: str):
        usuario = UserFactory(username=nome)
        LotacaoFactory(usuario=usuario, orgao=orgao, papel=papel)
        return usuario

    return criar
