"""Uma linha por cenário legal do Decreto nº 9.427/2018 (sem banco de dados)."""

from datetime import date
from decimal import Decimal

import pytest

from selecoes.reserva import (
    RESERVA_NEGROS_PADRAO,
    Candidato,
    EntradaInvalida,
    PosicoesReservadas,
    Reserva,
    SequenciaExplicita,
    Situacao,
    alocar,
    aplicabilidade,
    arredondar,
    explicar,
    reservadas,
    resolver_vaga,
    sequencia,
    tabela_reserva,
)

NEGROS = (RESERVA_NEGROS_PADRAO,)
NEGROS_PCD = (RESERVA_NEGROS_PADRAO, Reserva("pcd", Decimal(10)))
N = frozenset({"negros"})
APLICA = aplicabilidade(date(2024, 3, 1), 5)


def _lista(texto, elegiveis="XYZW", situacoes=None):
    """Classificação a partir de letras; maiúsculas em `elegiveis` concorrem como negros."""
    situacoes = situacoes or {}
    return [
        Candidato(
            letra,
            i,
            N if letra in elegiveis else frozenset(),
            situacoes.get(letra, Situacao.ATIVO),
        )
        for i, letra in enumerate(texto, 1)
    ]


def _convocados(candidatos, k, reservas=NEGROS, n=None):
    seq = sequencia(reservas, n or k, True)
    return [(c.inscricao, c.modalidade) for c in alocar(candidatos, seq, ["negros"], k)]


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        ("0", 0),
        ("0.3", 0),
        ("0.49", 0),
        ("0.5", 1),
        ("0.6", 1),
        ("1.5", 2),
        ("2.5", 3),
        ("4.5", 5),
        ("4.4999", 4),
        ("5.7", 6),
    ],
)
def test_arredondamento_meio_para_cima(valor, esperado):
    """Art. 1º, § 2º: fração ≥ 0,5 sobe, < 0,5 desce (nunca o round() do Python)."""
    assert arredondar(Decimal(valor)) == esperado


def test_arredondamento_rejeita_negativo():
    with pytest.raises(EntradaInvalida):
        arredondar(Decimal("-1"))


@pytest.mark.parametrize(
    ("publicacao", "total", "aplica", "nas_ofertadas", "trecho"),
    [
        (date(2018, 6, 28), 10, False, False, "art. 7º"),
        (date(2018, 6, 29), 10, True, True, "art. 7º"),
        (date(2024, 1, 1), 1, True, False, "menos que as três"),
        (date(2024, 1, 1), 2, True, False, "N − n + s ≥ 3"),
        (date(2024, 1, 1), 3, True, True, "igual ou superior a três"),
        (date(2024, 1, 1), 0, True, False, "cadastro de reserva"),
        (date(2017, 1, 1), 2, False, False, "art. 7º"),
    ],
)
def test_aplicabilidade_data_e_numero_de_vagas(publicacao, total, aplica, nas_ofertadas, trecho):
    """Versão 2 (regras, § 2): art. 7º decide se a reserva se aplica; art. 1º, § 1º
    (N ≥ 3) decide se vale para as ofertadas; com N < 3, para as que surgirem."""
    resultado = aplicabilidade(publicacao, total)
    assert resultado.aplicavel is aplica
    assert resultado.nas_ofertadas is nas_ofertadas
    assert trecho in resultado.motivo


@pytest.mark.parametrize(
    ("publicacao", "total", "aplica", "trecho"),
    [
        (date(2018, 6, 28), 10, False, "art. 7º"),
        (date(2024, 1, 1), 1, False, "art. 1º, § 1º"),
        (date(2024, 1, 1), 2, False, "menos que as três"),
        (date(2024, 1, 1), 3, True, "igual ou superior a três"),
        (date(2024, 1, 1), 0, True, "cadastro de reserva"),
        (date(2017, 1, 1), 2, False, "art. 1º, § 1º"),
    ],
)
def test_aplicabilidade_versao_1_reproduzida(publicacao, total, aplica, trecho):
    """Regras, § 8: a versão 1 aplicava com N = 0 desde a 1ª e nunca com N = 1, 2."""
    resultado = aplicabilidade(publicacao, total, versao=1)
    assert resultado.aplicavel is aplica
    assert resultado.versao == 1
    assert trecho in resultado.motivo


def test_aplicabilidade_total_negativo_e_erro():
    with pytest.raises(EntradaInvalida) as erro:
        aplicabilidade(date(2024, 1, 1), -1)
    assert erro.value.campo == "total_vagas"


def test_sequencia_negros_posicoes_do_documento():
    """Art. 3º: negros em 2, 5, 9, 12, 15, 19, 22, 25, 29, 32."""
    seq = sequencia(NEGROS, 32, True)
    assert [i for i, m in enumerate(seq, 1) if m == "negros"] == [
        2,
        5,
        9,
        12,
        15,
        19,
        22,
        25,
        29,
        32,
    ]


def test_sequencia_negros_e_pcd_colisao_em_5_e_15():
    """Art. 3º: PcD em 6, 16, 26, 36; em 5 e 15 negros têm precedência."""
    seq = sequencia(NEGROS_PCD, 36, True)
    assert [i for i, m in enumerate(seq, 1) if m == "pcd"] == [6, 16, 26, 36]
    assert seq[4] == "negros"
    assert seq[14] == "negros"


def test_sequencia_sem_reserva_aplicavel_e_toda_AC():
    assert set(sequencia(NEGROS, 20, False)) == {"AC"}


@pytest.mark.parametrize(
    ("n", "esperado"),
    list(
        zip(range(1, 21), [0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6], strict=True)
    ),
)
def test_tabela_reserva_n_1_a_20(n, esperado):
    """Art. 1º, § 3º: reservadas por vaga de estágio; 15 vagas → 5."""
    assert reservadas(NEGROS, sequencia(NEGROS, n, True), n) == (("negros", esperado),)


def test_tabela_reserva_base_vaga_avisa_fracionamento_e_aponta_a_selecao():
    """STF, ADC 41 (regras, § 3.1): na base vaga, dez vagas de 1 não reservam nada,
    e o aviso aponta a base selecao."""
    vagas = [(f"V{i}", 1) for i in range(10)]
    tabela = tabela_reserva(NEGROS, vagas, aplicabilidade(date(2024, 1, 1), 10), base="vaga")
    assert tabela.total_reservadas == (("negros", 0),)
    assert tabela.reservadas_na_selecao == (("negros", 3),)
    assert "ADC 41" in tabela.avisos[0]
    assert "total da seleção" in tabela.avisos[0]


def test_tabela_reserva_base_selecao_nao_avisa_fracionamento():
    vagas = [(f"V{i}", 1) for i in range(10)]
    tabela = tabela_reserva(NEGROS, vagas, aplicabilidade(date(2024, 1, 1), 10))
    assert tabela.total_reservadas == (("negros", 3),)
    assert tabela.avisos == ()


def test_tabela_reserva_versao_1_avisa_fracionamento_sem_mudar_a_regra():
    vagas = [(f"V{i}", 1) for i in range(10)]
    tabela = tabela_reserva(NEGROS, vagas, aplicabilidade(date(2024, 1, 1), 10, versao=1))
    assert tabela.total_reservadas == (("negros", 0),)
    assert "versão 1" in tabela.avisos[0]


def test_tabela_reserva_sem_aviso_quando_bate():
    tabela = tabela_reserva(NEGROS, [("A", 10)], aplicabilidade(date(2024, 1, 1), 10))
    assert tabela.total_reservadas == (("negros", 3),)
    assert tabela.avisos == ()


def test_sequencia_explicita_continua_pelo_intervalo():
    """Edital: "3ª, 8ª, 13ª e assim sucessivamente de 5 em 5"."""
    explicita = SequenciaExplicita((PosicoesReservadas("negros", (3, 8, 13), 5),))
    seq = sequencia(NEGROS, 30, True, explicita)
    assert [i for i, m in enumerate(seq, 1) if m == "negros"] == [3, 8, 13, 18, 23, 28]


def test_sequencia_explicita_sem_intervalo_para_na_ultima():
    explicita = SequenciaExplicita((PosicoesReservadas("negros", (2, 4)),))
    seq = sequencia(NEGROS, 10, True, explicita)
    assert [i for i, m in enumerate(seq, 1) if m == "negros"] == [2, 4]


@pytest.mark.parametrize(
    ("itens", "trecho"),
    [
        ((("negros", (3, 8), 5), ("pcd", (8,), None)), "8ª posição"),
        ((("negros", (3,), 5), ("pcd", (7,), 11)), "18ª posição"),
        ((("negros", (3,), 5), ("pcd", (4,), 2)), "8ª posição"),
    ],
)
def test_sequencia_explicita_colisao_e_erro(itens, trecho):
    with pytest.raises(EntradaInvalida) as erro:
        SequenciaExplicita(tuple(PosicoesReservadas(*i) for i in itens))
    assert trecho in erro.value.mensagem


def test_sequencia_explicita_progressoes_que_nunca_se_cruzam():
    explicita = SequenciaExplicita(
        (PosicoesReservadas("negros", (3, 8, 13), 5), PosicoesReservadas("pcd", (5, 21), 20))
    )
    seq = sequencia(NEGROS_PCD, 60, True, explicita)
    assert [i for i, m in enumerate(seq, 1) if m == "pcd"] == [5, 21, 41]


@pytest.mark.parametrize(
    ("posicoes", "intervalo", "campo"),
    [
        ((3, 3), None, "posicoes[1]"),
        ((5, 2), None, "posicoes[1]"),
        ((0,), None, "posicoes[0]"),
        ((), None, "posicoes"),
        ((1,), 0, "intervalo"),
    ],
)
def test_sequencia_explicita_posicoes_invalidas(posicoes, intervalo, campo):
    with pytest.raises(EntradaInvalida) as erro:
        PosicoesReservadas("negros", posicoes, intervalo)
    assert erro.value.campo == campo


def test_alocacao_exemplo_do_documento():
    """§ 4: A (AC), X (negros, depois AC), B (AC), Y (negros), Z (negros)."""
    assert _convocados(_lista("ABXCDYEZ"), 5) == [
        ("A", "AC"),
        ("X", "AC"),
        ("B", "AC"),
        ("Y", "negros"),
        ("Z", "negros"),
    ]


def test_desistencia_negro_reservado_sem_sucessor_reverte():
    """Art. 4º, §§ 2º e 3º: Y desiste, Z fica, não há outro negro: C por reversão."""
    lista = _lista("ABXCDYEZ", situacoes={"Y": Situacao.DESISTENTE})
    assert _convocados(lista, 5) == [
        ("A", "AC"),
        ("X", "AC"),
        ("B", "AC"),
        ("Z", "negros"),
        ("C", "reversao"),
    ]


def test_desistencia_negro_reservado_chama_proximo_negro():
    """Art. 4º, § 2º: a vaga passa ao negro classificado logo depois."""
    lista = _lista("ABXCDYEZFW", situacoes={"Y": Situacao.DESISTENTE})
    assert ("W", "negros") in _convocados(lista, 5)
    assert "C" not in dict(_convocados(lista, 5))


def test_desistencia_em_AC_chama_proximo_da_classificacao():
    lista = _lista("ABXCDYEZ", situacoes={"B": Situacao.DESISTENTE})
    assert dict(_convocados(lista, 5)) == {
        "A": "AC",
        "X": "AC",
        "C": "AC",
        "Y": "negros",
        "Z": "negros",
    }


def test_eliminacao_por_declaracao_falsa_sai_de_toda_lista():
    """Art. 2º, parágrafo único: eliminado não aparece em modalidade alguma."""
    lista = _lista("ABXCDYEZ", situacoes={"X": Situacao.ELIMINADO})
    convocados = dict(_convocados(lista, 5))
    assert "X" not in convocados
    assert convocados == {"A": "AC", "B": "AC", "C": "AC", "Y": "negros", "Z": "negros"}


def test_negro_dentro_da_AC_nao_conta_na_reserva():
    """Art. 4º, § 1º: X e Y alcançados pela AC; a reserva vai a Z e W."""
    convocados = dict(_convocados(_lista("XYAZBW"), 5))
    assert convocados == {"X": "AC", "Y": "AC", "A": "AC", "Z": "negros", "W": "negros"}


def test_reversao_sem_negros_aprovados():
    """Art. 4º, § 3º: sem candidatos negros, as vagas reservadas revertem."""
    assert _convocados(_lista("ABCDE"), 5) == [
        ("A", "AC"),
        ("B", "AC"),
        ("C", "AC"),
        ("D", "reversao"),
        ("E", "reversao"),
    ]


def test_k_alem_da_lista_convoca_todos():
    assert len(_convocados(_lista("ABX"), 10)) == 3


def test_classificacao_empatada_e_erro():
    """§ 5: empate não resolvido impede o resultado e nomeia os empatados."""
    lista = [Candidato("A", 1), Candidato("B", 1)]
    with pytest.raises(EntradaInvalida) as erro:
        alocar(lista, sequencia(NEGROS, 3, True), ["negros"], 3)
    assert '"A"' in erro.value.mensagem
    assert '"B"' in erro.value.mensagem


def test_categoria_nao_declarada_e_erro():
    with pytest.raises(EntradaInvalida) as erro:
        alocar([Candidato("A", 1, frozenset({"pcd"}))], ("AC",), ["negros"], 1)
    assert erro.value.campo == "categorias"


def test_candidato_aceita_texto_de_situacao_e_lista_de_categorias():
    c = Candidato("A", 1, ["negros"], "desistente")  # valores vindos do ORM
    assert c.categorias == frozenset({"negros"})
    assert c.situacao is Situacao.DESISTENTE


@pytest.mark.parametrize(
    ("dados", "campo"),
    [
        ({"inscricao": "", "classificacao": 1}, "inscricao"),
        ({"inscricao": "A", "classificacao": 0}, "classificacao"),
        ({"inscricao": "A", "classificacao": True}, "classificacao"),
        ({"inscricao": "A", "classificacao": 1, "situacao": "aprovado"}, "situacao"),
        ({"inscricao": "A", "classificacao": 1, "categorias": "negros"}, "categorias"),
    ],
)
def test_candidato_invalido(dados, campo):
    with pytest.raises(EntradaInvalida) as erro:
        Candidato(**dados)
    assert erro.value.campo == campo


@pytest.mark.parametrize(
    ("reservas", "campo"),
    [
        ((Reserva("negros", Decimal(60)), Reserva("pcd", Decimal(50))), "reservas"),
        ((Reserva("negros", Decimal(30)), Reserva("negros", Decimal(10))), "reservas[1].categoria"),
        ((), "reservas"),
    ],
)
def test_reservas_invalidas(reservas, campo):
    with pytest.raises(EntradaInvalida) as erro:
        sequencia(reservas, 3, True)
    assert erro.value.campo == campo


@pytest.mark.parametrize("percentual", [Decimal(0), Decimal(101), Decimal("NaN")])
def test_percentual_fora_do_intervalo(percentual):
    with pytest.raises(EntradaInvalida):
        Reserva("negros", percentual)


def _explicacoes(lista, k=5, ofertadas=5, aplicacao=APLICA):
    r = resolver_vaga(candidatos=lista, aplicacao=aplicacao, ofertadas=ofertadas, convocacoes=k)
    return {e.inscricao: e for e in explicar(r)}


def test_explicacao_cobre_todos_os_candidatos():
    lista = _lista("ABXCDYEZ", situacoes={"Y": Situacao.DESISTENTE, "E": Situacao.ELIMINADO})
    assert set(_explicacoes(lista)) == set("ABXCDYEZ")


def test_explicacao_negro_alcancado_pela_AC():
    texto = _explicacoes(_lista("ABXCDYEZ"))["X"].texto
    assert "art. 4º, § 1º" in texto
    assert "ampla concorrência" in texto
    assert "Foi chamado(a) primeiro em vaga reservada a candidatos negros" in texto


def test_explicacao_reservada_por_desistencia():
    lista = _lista("ABXCDYEZFW", situacoes={"Y": Situacao.DESISTENTE})
    texto = _explicacoes(lista)["W"].texto
    assert texto.startswith(
        "Convocado(a) na 5ª posição, em vaga reservada a candidatos negros "
        "(art. 4º, § 2º: desistência de candidato negro)"
    )
    assert "3º entre os candidatos negros" in texto


def test_explicacao_desistente_e_eliminado():
    lista = _lista("ABXCDYEZ", situacoes={"Y": Situacao.DESISTENTE, "A": Situacao.ELIMINADO})
    explicacoes = _explicacoes(lista)
    assert "art. 4º, § 2º" in explicacoes["Y"].texto
    assert "Ocupava vaga reservada a candidatos negros" in explicacoes["Y"].texto
    assert "art. 2º, parágrafo único" in explicacoes["A"].texto
    assert "desligado(a) imediatamente" in explicacoes["A"].texto
    assert not explicacoes["A"].convocado


def test_explicacao_reservada_por_desistencia_e_eliminacao_cita_as_duas_causas():
    """Y desistiu e Z foi eliminado, ambos em vagas reservadas: W e V entram na
    reserva e nenhuma das duas saídas pode ser atribuída sozinha a cada um."""
    lista = _lista(
        "ABXCDYEZFWV",
        elegiveis="XYZWV",
        situacoes={"Y": Situacao.DESISTENTE, "Z": Situacao.ELIMINADO},
    )
    explicacoes = _explicacoes(lista)
    for entrou in ("W", "V"):
        texto = explicacoes[entrou].texto
        assert "art. 4º, § 2º, e art. 2º, parágrafo único" in texto, texto
        assert "desistência e por eliminação" in texto


def test_explicacao_reversao():
    texto = _explicacoes(_lista("ABCDE"))["D"].texto
    assert "revertida à ampla concorrência" in texto
    assert "art. 4º, § 3º" in texto


def test_explicacao_nao_convocado_diz_posicoes_e_proxima_convocacao():
    texto = _explicacoes(_lista("ABXCDYEZFW"))["W"].texto
    assert texto.startswith(
        "Não convocado(a): 10º na classificação da ampla concorrência e 4º entre os "
        "candidatos negros; as 5 vagas foram preenchidas"
    )
    assert "3 de ampla concorrência (até o 3º da classificação)" in texto
    # k = 6, 7: C e D (AC); k = 8 (AC) alcança Y, que deixa a reserva: entra W.
    assert "será chamado(a) na 8ª convocação" in texto


def test_explicacao_reserva_nao_aplicavel_cita_o_motivo():
    nao = aplicabilidade(date(2018, 6, 28), 5)
    texto = _explicacoes(_lista("ABCDEXY"), aplicacao=nao)["Y"].texto
    assert "art. 7º" in texto


def test_explicacao_somente_convocados_na_ordem_de_convocacao():
    r = resolver_vaga(candidatos=_lista("ABXCDYEZ"), aplicacao=APLICA, ofertadas=5)
    assert [e.inscricao for e in explicar(r, somente_convocados=True)] == list("AXBYZ")


def test_explicacao_reversao_atribuida_a_eliminacao_na_reserva():
    """E (negro e PcD) eliminado deixa a 2ª vaga de negros sem elegível: C entra
    por reversão por causa da eliminação, não da desistência de P1 (PcD)."""
    reservas = (RESERVA_NEGROS_PADRAO, Reserva("pcd", Decimal(10)))
    pcd, ambos = frozenset({"pcd"}), frozenset({"negros", "pcd"})
    lista = [
        Candidato("A", 1),
        Candidato("B", 2),
        Candidato("X", 3, N),
        Candidato("P1", 4, pcd, Situacao.DESISTENTE),
        Candidato("C", 5),
        Candidato("Y", 6, N),
        Candidato("P2", 7, pcd),
        Candidato("D", 8),
        Candidato("E", 9, ambos, Situacao.ELIMINADO),
    ]
    r = resolver_vaga(
        candidatos=lista,
        aplicacao=aplicabilidade(date(2024, 1, 1), 6),
        ofertadas=6,
        reservas=reservas,
    )
    explicacoes = {e.inscricao: e.texto for e in explicar(r)}
    assert "revertida à ampla concorrência (art. 2º, parágrafo único" in explicacoes["C"]
    assert "(art. 4º, § 2º: desistência de candidato com deficiência)" in explicacoes["P2"]
