"""A situação de hoje e a sua frase: uma regra, um caso por linha (arts. 2º e 4º)."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.situacao_atual import (
    ConvocacaoFeita,
    FatosDoCandidato,
    Previsao,
    Resultado,
    Rotulo,
    frase_da_versao,
    situacao_atual,
)

FRASE_NAO_CONVOCADO = (
    "Não convocado(a): 13º na classificação da ampla concorrência; as 6 vagas foram "
    "preenchidas (art. 4º, caput). Pela classificação atual, será chamado(a) na 13ª "
    "convocação desta vaga, se surgirem vagas no cadastro de reserva."
)
FORA = Previsao(classificacao=13, frase=FRASE_NAO_CONVOCADO)
DENTRO = Previsao(classificacao=2, ordem=2, modalidade="AC", frase="Convocado(a) na 2ª posição…")


def _c(situacao: str, ordem: int = 13, modalidade: str = "reversao") -> ConvocacaoFeita:
    return ConvocacaoFeita(ordem=ordem, modalidade=modalidade, situacao=situacao)


CASOS = [
    # (nome, fatos, rótulo, trecho da frase, trecho que nunca aparece)
    (
        "reversao_chamado_le_convocado",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("aguardando"), previsao=FORA),
        Rotulo.CONVOCADO,
        "Convocado(a) na 13ª convocação desta vaga, em vaga reservada revertida",
        "Não convocado",
    ),
    (
        "aceitou_aguarda_contratacao",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("aceita", 3, "negros")),
        Rotulo.CONVOCADO,
        "3ª convocação desta vaga, em vaga reservada a candidatos negros",
        "Não convocado",
    ),
    (
        "convocado_em_vaga_pcd_cita_a_lei_do_estagio",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("aguardando", 4, "pcd")),
        Rotulo.CONVOCADO,
        "em vaga reservada a pessoas com deficiência (Lei nº 11.788/2008, art. 17, § 5º)",
        "Não convocado",
    ),
    (
        "convocado_em_categoria_do_orgao",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("aceita", 5, "indigenas")),
        Rotulo.CONVOCADO,
        "5ª convocação desta vaga, em vaga reservada a indígenas: aceitou",
        "Não convocado",
    ),
    (
        "contratado",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("contratado", 1, "AC")),
        Rotulo.CONTRATADO,
        "Contratado(a) na 1ª convocação desta vaga, em vaga de ampla concorrência",
        "Não convocado",
    ),
    (
        "desistente_pela_convocacao",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("desistiu", 4), previsao=FORA),
        Rotulo.DESISTENTE,
        "Desistiu depois da 4ª convocação desta vaga",
        "será chamado",
    ),
    (
        "desistente_antes_de_convocado",
        FatosDoCandidato(
            situacao_inscricao="desistente", resultado=Resultado.FINAL, previsao=DENTRO
        ),
        Rotulo.DESISTENTE,
        "Desistiu antes de ser convocado(a)",
        "dentro das vagas",
    ),
    (
        "recusou",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("recusada", 5)),
        Rotulo.DESISTENTE,
        "Recusou a 5ª convocação desta vaga",
        "Convocado(a) na",
    ),
    (
        "nao_compareceu",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("nao_compareceu", 2)),
        Rotulo.DESISTENTE,
        "não compareceu à 2ª convocação desta vaga",
        "Convocado(a) na",
    ),
    (
        "eliminada_pela_inscricao_prevalece_sobre_convocacao",
        FatosDoCandidato(
            situacao_inscricao="eliminada",
            resultado=Resultado.FINAL,
            convocacao=_c("contratado", 1, "negros"),
        ),
        Rotulo.ELIMINADO,
        "declaração falsa (art. 2º, parágrafo único)",
        "Contratado(a) na",
    ),
    (
        "eliminado_pela_convocacao",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("eliminado", 1, "negros")),
        Rotulo.ELIMINADO,
        "não concorre a nenhuma vaga",
        "Convocado(a) na",
    ),
    (
        "desligado",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("desligado", 2, "AC")),
        Rotulo.DESLIGADO,
        "Contratado(a) na 2ª convocação desta vaga e depois desligado(a)",
        "Não convocado",
    ),
    (
        "convocacao_sem_efeito_pela_heteroidentificacao",
        FatosDoCandidato(resultado=Resultado.FINAL, convocacao=_c("sem_efeito", 5, "negros")),
        Rotulo.NAO_CONVOCADO,
        "5ª convocação desta vaga ficou sem efeito",
        "responda no prazo",
    ),
    (
        "ausente_na_avaliacao",
        FatosDoCandidato(avaliacao="ausente", resultado=Resultado.FINAL),
        Rotulo.AUSENTE,
        "Ausente na avaliação: não consta da classificação",
        "Convocado",
    ),
    (
        "reprovado",
        FatosDoCandidato(avaliacao="reprovado", resultado=Resultado.PRELIMINAR),
        Rotulo.REPROVADO,
        "Não aprovado(a) na avaliação",
        "Convocado",
    ),
    (
        "preliminar_dentro_das_vagas_nao_diz_convocado",
        FatosDoCandidato(resultado=Resultado.PRELIMINAR, previsao=DENTRO),
        Rotulo.NO_PRELIMINAR,
        "Ainda não convocado(a): o resultado é preliminar. Nele, está em 2º lugar",
        "Convocado(a) na",
    ),
    (
        "preliminar_fora_das_vagas",
        FatosDoCandidato(resultado=Resultado.PRELIMINAR, previsao=FORA),
        Rotulo.NO_PRELIMINAR,
        "fora das vagas desta publicação (cadastro de reserva)",
        "será chamado",
    ),
    (
        "final_dentro_das_vagas_ainda_sem_chamada",
        FatosDoCandidato(resultado=Resultado.FINAL, previsao=DENTRO),
        Rotulo.A_CONVOCAR,
        "Ainda não convocado(a): pela ordem de convocação de hoje, está dentro das vagas",
        "Convocado(a) na",
    ),
    (
        "final_fora_das_vagas_usa_a_frase_do_motor",
        FatosDoCandidato(resultado=Resultado.FINAL, previsao=FORA),
        Rotulo.NAO_CONVOCADO,
        FRASE_NAO_CONVOCADO,
        "Convocado(a) na",
    ),
    (
        "final_fora_da_classificacao",
        FatosDoCandidato(resultado=Resultado.FINAL, previsao=None),
        Rotulo.NAO_CLASSIFICADO,
        "não consta da classificação do resultado final",
        "Convocado",
    ),
    (
        "sem_resultado",
        FatosDoCandidato(),
        Rotulo.AGUARDANDO_RESULTADO,
        "ainda não há resultado publicado",
        "Convocado",
    ),
    (
        "substituida",
        FatosDoCandidato(situacao_inscricao="substituida", substituida_por="2026000099"),
        Rotulo.SUBSTITUIDA,
        "substituída pela inscrição nº 2026000099",
        "Convocado",
    ),
]


@pytest.mark.parametrize(
    ("fatos", "rotulo", "trecho", "nunca"), [c[1:] for c in CASOS], ids=[c[0] for c in CASOS]
)
def test_situacao_atual_caso_a_caso(fatos, rotulo, trecho, nunca):
    atual = situacao_atual(fatos)
    assert atual.rotulo == rotulo
    assert trecho in atual.frase
    assert nunca not in atual.frase


SITUACOES_CONVOCACAO = [
    "aguardando",
    "aceita",
    "contratado",
    "recusada",
    "nao_compareceu",
    "desistiu",
    "eliminado",
    "desligado",
    "sem_efeito",
]
PREVISOES = st.one_of(
    st.none(),
    st.builds(
        Previsao,
        classificacao=st.one_of(st.none(), st.integers(1, 500)),
        ordem=st.one_of(st.none(), st.integers(1, 50)),
        modalidade=st.sampled_from(["AC", "negros", "pcd", "reversao"]),
        frase=st.sampled_from(["", FRASE_NAO_CONVOCADO]),
    ),
)
FATOS = st.builds(
    FatosDoCandidato,
    situacao_inscricao=st.sampled_from(["ativa", "substituida", "desistente", "eliminada"]),
    avaliacao=st.sampled_from(["", "pendente", "aprovado", "reprovado", "ausente"]),
    resultado=st.sampled_from(list(Resultado)),
    convocacao=st.one_of(
        st.none(),
        st.builds(
            ConvocacaoFeita,
            ordem=st.integers(1, 50),
            modalidade=st.sampled_from(["AC", "negros", "pcd", "reversao"]),
            situacao=st.sampled_from(SITUACOES_CONVOCACAO),
        ),
    ),
    previsao=PREVISOES,
)


@given(FATOS)
@example(FatosDoCandidato(situacao_inscricao="desistente", resultado=Resultado.FINAL))
def test_toda_inscricao_tem_frase_e_saida_nunca_le_convocacao_futura(fatos):
    atual = situacao_atual(fatos)
    assert atual.rotulo
    assert atual.frase.strip()
    if fatos.situacao_inscricao in ("desistente", "eliminada"):
        assert atual.rotulo in (Rotulo.DESISTENTE, Rotulo.ELIMINADO)
        assert "será chamado" not in atual.frase
    if fatos.resultado is Resultado.PRELIMINAR:
        assert not atual.frase.startswith("Convocado(a)") or fatos.convocacao is not None
    vigente = fatos.convocacao is not None and fatos.convocacao.situacao in ("aguardando", "aceita")
    if vigente and fatos.situacao_inscricao == "ativa":
        assert "Não convocado" not in atual.frase


@pytest.mark.parametrize(
    ("frase", "preliminar", "esperada"),
    [
        ("Convocado(a) na 2ª posição, em vaga…", True, "Pelo resultado preliminar, seria "),
        ("Não convocado(a): 9º na…", True, "Pelo resultado preliminar, não seria convocado(a): "),
        ("Convocado(a) na 2ª posição, em vaga…", False, "Convocado(a) na 2ª posição"),
        ("Desistente: saiu da classificação", True, "Desistente: saiu"),
    ],
)
def test_frase_da_versao_preliminar_nunca_diz_convocado(frase, preliminar, esperada):
    assert frase_da_versao(frase, preliminar=preliminar).startswith(esperada)
