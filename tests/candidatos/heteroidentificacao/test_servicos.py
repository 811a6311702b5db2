"""Serviços da heteroidentificação de ponta a ponta (regras de reserva, § 1; issue 15)."""

import datetime as dt

import pytest
from django.core.exceptions import ValidationError

from candidatos.models import (
    DecisaoHeteroidentificacao,
    Instancia,
    MotivoChamado,
    ProcessoEliminacao,
    PublicacaoHeteroidentificacao,
    SituacaoInscricao,
    SituacaoProcesso,
    TipoResultado,
)
from candidatos.selectors.classificacao import estado_vaga
from candidatos.selectors.heteroidentificacao import (
    categorias_perdidas,
    explicacoes_da_inscricao,
    resultado_publico,
)
from candidatos.services import heteroidentificacao as hetero
from candidatos.services import resultado
from candidatos.services.regras_publicacao import PublicacaoInvalida
from selecoes.models import RegistroAuditoria, TipoComissao
from tests.candidatos.classificacao.factories import AGORA
from tests.candidatos.heteroidentificacao.cenario import (
    FUNDAMENTO,
    comissao,
    julgar,
    montado,
    verificar,
)

pytestmark = pytest.mark.django_db

N, C, F = "nao_confirma", "confirma", "indicio_fraude"
DEPOIS = AGORA + dt.timedelta(days=10)


def _numeros(chamados):
    return sorted(c.inscricao.numero for c in chamados)


def test_chamados_todos_os_optantes(orgao, alice):
    _vaga, _ins, chamados = montado(orgao, alice)
    assert _numeros(chamados) == ["DIR-X", "DIR-Y", "DIR-Z"]
    assert {c.motivo for c in chamados} == {MotivoChamado.TODOS}


@pytest.mark.parametrize(
    ("multiplo", "ofertadas", "esperado"),
    [
        pytest.param(1, 5, ["DIR-X", "DIR-Y"], id="m1_cinco_vagas_duas_de_negros"),
        pytest.param(2, 5, ["DIR-W", "DIR-X", "DIR-Y", "DIR-Z"], id="m2_cinco_vagas"),
        pytest.param(1, 3, ["DIR-X"], id="m1_tres_vagas_uma_de_negros"),
        pytest.param(3, 2, [], id="menos_de_tres_vagas_sem_reserva"),
    ],
)
def test_chamados_m_vezes_as_vagas_da_categoria(orgao, alice, multiplo, ofertadas, esperado):
    _vaga, _ins, chamados = montado(
        orgao,
        alice,
        "ABXCDYEZFW",
        ofertadas=ofertadas,
        chamados="multiplo_vagas",
        multiplo=multiplo,
    )
    assert _numeros(chamados) == esperado


def test_chamados_montar_idempotente_e_auditado(orgao, alice):
    vaga, _ins, _chamados = montado(orgao, alice)
    assert hetero.chamados_montar(selecao=vaga.selecao, usuario=alice, agora=AGORA) == []
    assert (
        RegistroAuditoria.objects.filter(
            acao="heteroidentificacao.chamados_montados", selecao=vaga.selecao
        ).count()
        == 2
    )


def test_chamados_exigem_o_preliminar(orgao, alice):
    from tests.candidatos.classificacao.factories import classificacao, nova_vaga
    from tests.candidatos.heteroidentificacao.cenario import regra

    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    regra(vaga.selecao)
    with pytest.raises(ValidationError, match="publique-o primeiro"):
        hetero.chamados_montar(selecao=vaga.selecao, usuario=alice, agora=AGORA)


def test_nao_confirmado_motor_recalcula_e_fica_na_ampla(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados, julgadora, alice, {"DIR-Y": [N, N, C]})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)

    assert categorias_perdidas(vaga.selecao.pk) == {ins["Y"].pk: frozenset({"negros"})}
    estado = estado_vaga(vaga, previa=True)
    modalidades = {i.numero: i.modalidade for i in estado.ordem}
    # Sem Y na reserva: A, B, X (AC), Z (negros) e a vaga reservada restante revertida.
    assert modalidades.get("DIR-Y") in (None, "AC", "reversao")
    assert "DIR-Y" in [linha.numero for linha in estado.classificacao]
    assert "negros" not in next(
        linha.listas for linha in estado.classificacao if linha.numero == "DIR-Y"
    )
    (explicacao,) = explicacoes_da_inscricao(ins["Y"].pk)
    assert "item 3.2.16" in explicacao.texto
    assert "ampla concorrência" in explicacao.texto


def test_ausente_conforme_o_edital(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice, ausente="mantem_categoria")
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados, julgadora, alice, {"DIR-Z": "ausente"})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    assert categorias_perdidas(vaga.selecao.pk) == {}
    (explicacao,) = explicacoes_da_inscricao(ins["Z"].pk)
    assert explicacao.resultado == "ausente"
    assert "continua concorrendo às vagas reservadas" in explicacao.texto


def test_fraude_abre_o_processo_e_nao_elimina(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados, julgadora, alice, {"DIR-X": [F, F, N]})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    processo = ProcessoEliminacao.objects.get(inscricao=ins["X"])
    assert processo.situacao == SituacaoProcesso.ABERTO
    assert "item 3.2.16" in processo.motivo
    ins["X"].refresh_from_db()
    assert ins["X"].situacao == SituacaoInscricao.ATIVA


def test_publicacao_final_recusada_nomeia_o_pendente(orgao, alice):
    vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados[:2], julgadora, alice)
    with pytest.raises(ValidationError) as erro:
        hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    mensagens = " ".join(erro.value.messages)
    assert "DIR-Z" in mensagens
    assert "não foi convocado(a) a uma sessão" in mensagens
    assert not PublicacaoHeteroidentificacao.objects.filter(selecao=vaga.selecao).exists()


def test_publicacao_final_recusada_com_prazo_de_recurso_aberto(orgao, alice):
    vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    with pytest.raises(ValidationError, match="prazo de recurso"):
        hetero.resultado_final_publicar(
            selecao=vaga.selecao, usuario=alice, agora=AGORA + dt.timedelta(days=1)
        )


def test_resultado_final_da_selecao_espera_a_heteroidentificacao(orgao, alice):
    vaga, _ins, _chamados = montado(orgao, alice)
    with pytest.raises(PublicacaoInvalida, match="Heteroidentificação sem resultado final"):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=AGORA
        )


def test_preliminar_so_por_numero_de_inscricao(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice, {"DIR-Y": [N, N, N]})
    publicacao = hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=None, usuario=alice, agora=AGORA
    )
    assert publicacao.recurso_fim == AGORA + dt.timedelta(days=2)
    texto = str(publicacao.conteudo)
    assert ins["Y"].nome_civil not in texto
    assert ins["Y"].cpf not in texto
    publico = resultado_publico(vaga.selecao.pk, numero="DIR-Y")
    assert [(linha.inscricao, linha.resultado) for linha in publico.linhas] == [
        ("DIR-Y", "nao_confirmada")
    ]


def test_recurso_pela_recursal_com_membros_diferentes(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados, julgadora, alice, {"DIR-Y": [N, N, C]})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    chamado_y = next(c for c in chamados if c.inscricao_id == ins["Y"].pk)

    # Recursal com um membro da comissão que julgou: recusada, nomeando-o.
    mista = comissao(orgao, "Recursal mista", TipoComissao.RECURSAL, membros=2, usuario=alice)
    repetido = julgadora.membros.first()
    hetero.membro_incluir(
        comissao=mista, usuario_membro=repetido.usuario, nome=repetido.nome, usuario=alice
    )
    with pytest.raises(ValidationError, match=repetido.nome):
        hetero.recurso_receber(
            chamado=chamado_y,
            razoes="Peço nova avaliação.",
            comissao_recursal=mista,
            usuario=alice,
            agora=AGORA,
        )
    recursal = comissao(orgao, "Recursal", TipoComissao.RECURSAL, usuario=alice)
    recurso = hetero.recurso_receber(
        chamado=chamado_y,
        razoes="Peço nova avaliação.",
        comissao_recursal=recursal,
        usuario=alice,
        agora=AGORA,
    )
    with pytest.raises(ValidationError, match="recurso pendente"):
        hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    julgar(chamado_y, recursal, [C, C, N], alice, instancia=Instancia.RECURSAL)
    decisao = hetero.recurso_julgar(recurso=recurso, usuario=alice, agora=AGORA)
    assert decisao.resultado == "confirmada"
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    final = DecisaoHeteroidentificacao.objects.get(chamado=chamado_y, instancia=Instancia.FINAL)
    assert final.resultado == "confirmada"
    assert categorias_perdidas(vaga.selecao.pk) == {}


def test_membro_da_comissao_julgadora_nao_vota_na_recursal(orgao, alice):
    vaga, ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    verificar(chamados, julgadora, alice, {"DIR-Y": [N, N, N]})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    chamado_y = next(c for c in chamados if c.inscricao_id == ins["Y"].pk)
    recursal = comissao(orgao, "Recursal", TipoComissao.RECURSAL, usuario=alice)
    hetero.recurso_receber(
        chamado=chamado_y, razoes="Razões.", comissao_recursal=recursal, usuario=alice, agora=AGORA
    )
    with pytest.raises(ValidationError, match="não está em exercício em Recursal"):
        hetero.parecer_registrar(
            membro=julgadora.membros.first(),
            chamado=chamado_y,
            voto=C,
            fundamentacao=FUNDAMENTO,
            usuario=alice,
            agora=AGORA,
            instancia=Instancia.RECURSAL,
        )


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        pytest.param({"voto": "talvez"}, "Voto:", id="voto_desconhecido"),
        pytest.param({"fundamentacao": "curta"}, "Fundamentação:", id="sem_fundamentacao"),
    ],
)
def test_parecer_invalido_nomeia_o_campo(orgao, alice, campos, mensagem):
    _vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    from tests.candidatos.heteroidentificacao.cenario import sessao

    s = sessao(chamados[0].selecao, julgadora, alice)
    hetero.chamados_convocar(sessao=s, chamados=chamados[:1], usuario=alice)
    hetero.presenca_registrar(chamado=chamados[0], presenca="presente", usuario=alice, agora=AGORA)
    argumentos = {"voto": C, "fundamentacao": FUNDAMENTO, **campos}
    with pytest.raises(ValidationError, match=mensagem):
        hetero.parecer_registrar(
            membro=julgadora.membros.first(),
            chamado=chamados[0],
            usuario=alice,
            agora=AGORA,
            **argumentos,
        )


def test_decisao_exige_o_parecer_de_cada_membro(orgao, alice):
    _vaga, _ins, chamados = montado(orgao, alice)
    julgadora = comissao(orgao, "Comissão A", usuario=alice)
    from tests.candidatos.heteroidentificacao.cenario import sessao

    s = sessao(chamados[0].selecao, julgadora, alice)
    hetero.chamados_convocar(sessao=s, chamados=chamados[:1], usuario=alice)
    hetero.presenca_registrar(chamado=chamados[0], presenca="presente", usuario=alice, agora=AGORA)
    with pytest.raises(ValidationError, match="falta o parecer de"):
        hetero.decisao_apurar(chamado=chamados[0], usuario=alice, agora=AGORA)


@pytest.mark.parametrize(
    ("membros", "mensagem"),
    [(2, "são necessários ao menos 3"), (3, None)],
    ids=["dois_membros_recusado", "tres_membros"],
)
def test_sessao_exige_tres_membros(orgao, alice, membros, mensagem):
    vaga, _ins, _chamados = montado(orgao, alice)
    c = comissao(orgao, "Comissão A", membros=membros, usuario=alice)
    from tests.candidatos.heteroidentificacao.cenario import sessao

    if mensagem:
        with pytest.raises(ValidationError, match=mensagem):
            sessao(vaga.selecao, c, alice)
    else:
        assert sessao(vaga.selecao, c, alice).comissao == c


@pytest.mark.parametrize(
    ("campos", "mensagem"),
    [
        pytest.param(
            {"modalidade": "video", "link": ""}, "Link da sala de vídeo", id="video_sem_link"
        ),
        pytest.param(
            {"modalidade": "video", "link": "javascript:alert(1)"}, "https://", id="link_nao_https"
        ),
        pytest.param(
            {"modalidade": "presencial", "local": " "}, "Local:", id="presencial_sem_local"
        ),
        pytest.param({"inicio": AGORA - dt.timedelta(hours=1)}, "Data e hora", id="no_passado"),
        pytest.param({"modalidade": "telepatia"}, "Modalidade", id="modalidade_desconhecida"),
    ],
)
def test_sessao_invalida_nomeia_o_campo(orgao, alice, campos, mensagem):
    vaga, _ins, _chamados = montado(orgao, alice)
    c = comissao(orgao, "Comissão A", usuario=alice)
    argumentos = {
        "modalidade": "presencial",
        "inicio": AGORA + dt.timedelta(days=1),
        "local": "Sala 1",
        "link": "",
        **campos,
    }
    with pytest.raises(ValidationError, match=mensagem):
        hetero.sessao_agendar(
            selecao=vaga.selecao, comissao=c, usuario=alice, agora=AGORA, **argumentos
        )


def test_membro_precisa_ser_usuario_do_orgao(orgao, outro_orgao, alice, diego):
    c = hetero.comissao_criar(
        orgao=orgao, nome="Comissão A", tipo="heteroidentificacao", usuario=alice
    )
    with pytest.raises(ValidationError, match="não está lotado"):
        hetero.membro_incluir(comissao=c, usuario_membro=diego, nome="Diego", usuario=alice)


@pytest.mark.parametrize("papel", ["gestor", "operador", "auditor"])
def test_membro_precisa_do_papel_de_membro_de_comissao(orgao, alice, papel):
    """Item 8: só o papel comissão abre as telas da comissão e registra o próprio
    parecer; um membro com papel do RH deixaria a comissão sem quórum de pareceres."""
    from tests.candidatos.heteroidentificacao.cenario import membro_usuario

    c = hetero.comissao_criar(
        orgao=orgao, nome="Comissão A", tipo="heteroidentificacao", usuario=alice
    )
    with pytest.raises(ValidationError, match="precisa do papel Membro de comissão"):
        hetero.membro_incluir(
            comissao=c, usuario_membro=membro_usuario(orgao, "rh", papel), nome="RH", usuario=alice
        )
    assert not c.membros.exists()


def test_um_so_assento_da_sociedade_civil(orgao, alice):
    c = comissao(orgao, "Comissão A", usuario=alice)
    from tests.candidatos.heteroidentificacao.cenario import membro_usuario

    with pytest.raises(ValidationError, match="Sociedade civil"):
        hetero.membro_incluir(
            comissao=c,
            usuario_membro=membro_usuario(orgao, "outra"),
            nome="Outra",
            sociedade_civil=True,
            usuario=alice,
        )


def _tudo_publicado(orgao, alice, **regra_campos):
    vaga, ins, chamados = montado(orgao, alice, "ABXCDYEZFW", **regra_campos)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    resultado.resultado_publicar(
        selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=DEPOIS
    )
    return vaga, ins


def test_convocado_sem_verificacao_fica_pendente(orgao, alice):
    from candidatos.services import convocacao

    vaga, _ins = _tudo_publicado(orgao, alice, chamados="multiplo_vagas", multiplo=1)
    criadas = convocacao.proximos_convocar(
        vaga=vaga,
        quantidade=5,
        prazo_resposta=DEPOIS + dt.timedelta(days=5),
        usuario=alice,
        agora=DEPOIS,
    )
    por_numero = {c.inscricao.numero: c for c in criadas}
    # X e Y foram verificados; Z entra numa vaga de negros sem verificação: pendente.
    assert por_numero["DIR-Z"].modalidade == "negros"
    pendente = hetero.convocacao_pendente_verificacao(por_numero["DIR-Z"])
    assert pendente is not None
    assert pendente.motivo == MotivoChamado.CADASTRO_RESERVA
    assert hetero.convocacao_pendente_verificacao(por_numero["DIR-Y"]) is None
    with pytest.raises(ValidationError, match="pendente da heteroidentificação"):
        convocacao.contratacao_registrar(
            convocacao=por_numero["DIR-Z"],
            data_inicio=DEPOIS.date(),
            numero_tce="TCE-1",
            usuario=alice,
        )
    convocacao.contratacao_registrar(
        convocacao=por_numero["DIR-Y"], data_inicio=DEPOIS.date(), numero_tce="TCE-2", usuario=alice
    )


def test_retencao_apaga_as_gravacoes(orgao, alice, settings, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from candidatos.models import GravacaoSessao
    from candidatos.services.retencao import _anonimizar_relacionados

    settings.MEDIA_ROOT = tmp_path
    _vaga, ins, chamados = montado(orgao, alice)
    s = verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    gravacao = hetero.gravacao_enviar(
        sessao=s,
        arquivo=SimpleUploadedFile("sessao.mp4", b"\x00" * 64, content_type="video/mp4"),
        usuario=alice,
        agora=AGORA,
    )
    with hetero.gravacao_abrir(
        gravacao=gravacao, usuario=alice, agora=AGORA, contexto="teste"
    ) as arquivo:
        assert arquivo.read() == b"\x00" * 64
    assert gravacao.acessos.count() == 1
    nomes = _anonimizar_relacionados([ins["X"].pk])
    assert gravacao.arquivo.name in nomes
    gravacao = GravacaoSessao.objects.get(pk=gravacao.pk)
    assert not gravacao.arquivo
    assert gravacao.apagada_em is not None
    assert gravacao.acessos.count() == 1


@pytest.mark.parametrize(
    ("nome", "mensagem"),
    [("sessao.exe", "áudio ou vídeo"), (None, "escolha a gravação")],
    ids=["extensao_recusada", "sem_arquivo"],
)
def test_gravacao_invalida_nomeia_o_campo(orgao, alice, nome, mensagem):
    from django.core.files.uploadedfile import SimpleUploadedFile

    _vaga, _ins, chamados = montado(orgao, alice)
    s = verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    arquivo = SimpleUploadedFile(nome, b"x") if nome else None
    with pytest.raises(ValidationError, match=mensagem):
        hetero.gravacao_enviar(sessao=s, arquivo=arquivo, usuario=alice, agora=AGORA)


def test_trilha_de_auditoria_tem_frase_para_cada_acao(orgao, alice):
    from selecoes.selectors.auditoria import VERBOS, frase_auditoria

    vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    registros = RegistroAuditoria.objects.filter(acao__startswith="heteroidentificacao.")
    acoes = set(registros.values_list("acao", flat=True))
    assert acoes <= set(VERBOS)
    assert {
        "heteroidentificacao.parecer",
        "heteroidentificacao.decisao_comissao",
        "heteroidentificacao.decisao_final",
        "heteroidentificacao.final_publicado",
    } <= acoes
    for registro in registros:
        assert frase_auditoria(registro).acao == VERBOS[registro.acao]


def test_minha_situacao_explica_com_o_item_do_edital(orgao, alice):
    from candidatos.selectors.publico.situacao import situacao_do_candidato

    vaga, ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice, {"DIR-Y": [N, N, N]})
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    assert situacao_do_candidato(inscricao_id=ins["Y"].pk, agora=AGORA).heteroidentificacao == ()
    hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    (texto,) = situacao_do_candidato(inscricao_id=ins["Y"].pk, agora=DEPOIS).heteroidentificacao
    assert "item 3.2.16" in texto
    assert "continua na ampla concorrência" in texto


def test_resultado_final_da_selecao_espera_a_lista_de_chamados(orgao, alice):
    from tests.candidatos.classificacao.factories import classificacao, nova_vaga
    from tests.candidatos.heteroidentificacao.cenario import preliminar, regra

    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXCDYEZ")
    regra(vaga.selecao)
    preliminar(vaga.selecao, alice)
    with pytest.raises(PublicacaoInvalida, match="lista de chamados não foi montada"):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=AGORA
        )


def test_sem_optantes_o_final_da_selecao_nao_espera(orgao, alice):
    from tests.candidatos.classificacao.factories import classificacao, nova_vaga
    from tests.candidatos.heteroidentificacao.cenario import preliminar, regra

    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABC")
    regra(vaga.selecao)
    preliminar(vaga.selecao, alice)
    versao = resultado.resultado_publicar(
        selecao=vaga.selecao, tipo=TipoResultado.FINAL, usuario=alice, motivo="", agora=AGORA
    )
    assert versao.tipo == TipoResultado.FINAL


def test_resultado_final_avanca_a_geracao_do_estado_publico(
    orgao, alice, monkeypatch, django_capture_on_commit_callbacks
):
    from candidatos.services import estado_publico

    avisadas = []
    monkeypatch.setattr(
        estado_publico,
        "estado_publico_invalidar",
        lambda *, selecao_id: avisadas.append(selecao_id),
    )
    vaga, _ins, chamados = montado(orgao, alice)
    verificar(chamados, comissao(orgao, "Comissão A", usuario=alice), alice)
    hetero.resultado_preliminar_publicar(
        selecao=vaga.selecao, recurso_fim=AGORA + dt.timedelta(days=2), usuario=alice, agora=AGORA
    )
    with django_capture_on_commit_callbacks(execute=True):
        hetero.resultado_final_publicar(selecao=vaga.selecao, usuario=alice, agora=DEPOIS)
    assert vaga.selecao.pk in avisadas
