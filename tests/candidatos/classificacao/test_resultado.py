"""Resultados: formato de docs/resultado.md, hash, imutabilidade, versões e empates."""

import datetime as dt
import hashlib
import json
import uuid
from decimal import Decimal

import pytest

from candidatos import tasks
from candidatos.conteudo_resultado import ConteudoResultado
from candidatos.models import (
    Recurso,
    RegistroImutavel,
    ResultadoVersao,
    SituacaoRecurso,
    TipoResultado,
)
from candidatos.selectors.publicacao import progresso_publicacao
from candidatos.services import classificacao as servico
from candidatos.services import resultado
from candidatos.services import sorteio as servico_sorteio
from selecoes.models import RegistroAuditoria, Selecao, SituacaoSelecao
from tests.candidatos.classificacao.factories import (
    AGORA,
    aprovar,
    classificacao,
    inscrever,
    nova_vaga,
    publicar_final,
)

pytestmark = pytest.mark.django_db


def _preliminar(selecao, usuario, agora=AGORA, motivo=""):
    return resultado.resultado_publicar(
        selecao=selecao,
        tipo=TipoResultado.PRELIMINAR,
        usuario=usuario,
        motivo=motivo,
        recurso_inicio=agora,
        recurso_fim=agora + dt.timedelta(days=2),
        agora=agora,
    )


def test_conteudo_segue_o_formato_publicado(orgao, alice):
    vaga = nova_vaga(orgao, pcd=True)
    ins = classificacao(vaga, "ABXCDYEZ", pcd="E")
    ins["A"].nome_social = "Ana Social"
    ins["A"].save()
    v = _preliminar(vaga.selecao, alice)
    c = v.conteudo
    assert set(c) == {
        "formato",
        "selecao",
        "tipo",
        "numero",
        "publicado_em",
        "motivo",
        "reserva",
        "vagas",
        "sem_avaliacao",
    }
    assert c["formato"] == 2
    assert c["sem_avaliacao"] == []
    assert c["selecao"] == {
        "id": vaga.selecao.pk,
        "numero_edital": vaga.selecao.numero_edital,
        "titulo": vaga.selecao.titulo,
        "orgao": str(orgao),
    }
    assert (c["tipo"], c["numero"], c["motivo"]) == ("preliminar", 1, "")
    assert dt.datetime.fromisoformat(c["publicado_em"]) == AGORA
    assert c["reserva"]["aplicavel"] is True
    (cv,) = c["vagas"]
    assert set(cv) == {
        "codigo",
        "area",
        "municipio",
        "uf",
        "ofertadas",
        "reservadas",
        "classificacao",
        "lista_negros",
        "lista_pcd",
        "convocacao",
        "explicacoes",
        "sorteios",
    }
    assert cv["sorteios"] == []
    # Regras, § 3.2 (versão 2): com 5 vagas, PcD tem a 4ª pela regra de colisão.
    assert cv["reservadas"] == {"negros": 2, "pcd": 1}
    assert cv["classificacao"][0] == {
        "posicao": 1,
        "inscricao": "DIR-A",
        "nome": "Ana Social",
        "nota_final": "100.000",
        "listas": [],
    }
    assert cv["lista_negros"] == ["DIR-X", "DIR-Y", "DIR-Z"]
    assert cv["lista_pcd"] == ["DIR-E"]
    # Sequência AC, negros, AC, PcD, negros: E (PcD) entra na 4ª e Z fica de fora.
    assert [x["inscricao"] for x in cv["convocacao"]] == [
        "DIR-A",
        "DIR-X",
        "DIR-B",
        "DIR-E",
        "DIR-Y",
    ]
    assert set(cv["explicacoes"]) == {f"DIR-{x}" for x in "ABXCDYEZ"}
    assert cv["convocacao"][4]["explicacao"] == cv["explicacoes"]["DIR-Y"]
    assert "regra de colisão" in cv["explicacoes"]["DIR-E"]
    texto = json.dumps(c, ensure_ascii=False)
    for sensivel in (ins["A"].cpf, ins["A"].email, "parda", "2003-05-17"):
        assert sensivel not in texto


def test_hash_e_o_sha256_da_forma_canonica_mesmo_depois_do_banco(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    v = _preliminar(vaga.selecao, alice)
    do_banco = ResultadoVersao.objects.get(pk=v.pk).conteudo
    canonico = json.dumps(do_banco, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert hashlib.sha256(canonico.encode("utf-8")).hexdigest() == v.hash_conteudo


def test_versao_publicada_nao_se_altera_nem_se_exclui(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    v = _preliminar(vaga.selecao, alice)
    v.motivo = "mexido"
    with pytest.raises(RegistroImutavel):
        v.save()
    with pytest.raises(RegistroImutavel):
        v.delete()
    assert ResultadoVersao.objects.get(pk=v.pk).motivo == ""


def test_nova_versao_exige_motivo_e_mantem_as_anteriores(orgao, alice):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "ABC")
    primeira = publicar_final(vaga.selecao, alice)
    aprovar(ins["C"], "1000")
    with pytest.raises(resultado.PublicacaoInvalida, match="Motivo"):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo="final", usuario=alice, motivo=" ", agora=AGORA
        )
    segunda = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo="final",
        usuario=alice,
        motivo="Recurso deferido fora do prazo (processo 123).",
        agora=AGORA + dt.timedelta(days=1),
    )
    assert (primeira.numero, segunda.numero) == (1, 2)
    assert segunda.conteudo["motivo"].startswith("Recurso deferido")
    assert ResultadoVersao.objects.filter(selecao=vaga.selecao, tipo="final").count() == 2
    (dif,) = resultado.comparar_versoes(
        ConteudoResultado.from_json(primeira.conteudo),
        ConteudoResultado.from_json(segunda.conteudo),
    )
    assert [(m.inscricao, m.antes, m.depois) for m in dif.posicao] == [
        ("DIR-C", "3º", "1º"),
        ("DIR-A", "1º", "2º"),
        ("DIR-B", "2º", "3º"),
    ]
    assert [(m.inscricao, m.antes, m.depois) for m in dif.nota] == [("DIR-C", "98.000", "1000.000")]
    assert RegistroAuditoria.objects.filter(acao="resultado.final.publicado").count() == 2


def test_final_exige_preliminar_prazo_encerrado_e_recursos_decididos(orgao, alice):
    vaga = nova_vaga(orgao)
    ins = classificacao(vaga, "AB")
    with pytest.raises(resultado.PublicacaoInvalida, match="preliminar"):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo="final", usuario=alice, motivo="", agora=AGORA
        )
    _preliminar(vaga.selecao, alice)
    with pytest.raises(resultado.PublicacaoInvalida, match="prazo de recurso"):
        resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo="final",
            usuario=alice,
            motivo="",
            agora=AGORA + dt.timedelta(days=1),
        )
    Recurso.objects.create(
        selecao=vaga.selecao, inscricao=ins["B"], assunto="Nota", texto="Revisão"
    )
    with pytest.raises(resultado.PublicacaoInvalida, match="recursos pendentes"):
        resultado.resultado_publicar(
            selecao=vaga.selecao,
            tipo="final",
            usuario=alice,
            motivo="",
            agora=AGORA + dt.timedelta(days=3),
        )
    Recurso.objects.update(situacao=SituacaoRecurso.INDEFERIDO, fundamentacao="Sem fundamento.")
    final = resultado.resultado_publicar(
        selecao=vaga.selecao,
        tipo="final",
        usuario=alice,
        motivo="",
        agora=AGORA + dt.timedelta(days=3),
    )
    assert final.numero == 1
    assert Selecao.objects.get(pk=vaga.selecao.pk).situacao == SituacaoSelecao.RESULTADO_FINAL


def test_preliminar_exige_prazo_de_recurso(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    with pytest.raises(resultado.PublicacaoInvalida, match="prazo de recurso"):
        resultado.resultado_publicar(
            selecao=vaga.selecao, tipo="preliminar", usuario=alice, motivo="", agora=AGORA
        )


def test_empate_bloqueia_a_publicacao_nomeando_os_empatados(orgao, alice):
    vaga = nova_vaga(orgao, desempate=[{"criterio": "maior_idade"}, {"criterio": "sorteio"}])
    a = inscrever(vaga, "2026-A", nome="Ana Lima")
    b = inscrever(vaga, "2026-B", nome="Beto Reis")
    aprovar(a, "8.5")
    aprovar(b, "8.5")
    with pytest.raises(resultado.EmpateNaoResolvido) as erro:
        _preliminar(vaga.selecao, alice)
    (mensagem,) = erro.value.messages
    assert "2026-A (Ana Lima)" in mensagem
    assert "2026-B (Beto Reis)" in mensagem
    assert not ResultadoVersao.objects.exists()
    anuncio = servico_sorteio.sorteio_anunciar(
        vaga=vaga,
        semente="12345",
        usuario=alice,
        agora=AGORA,
        realizar_a_partir_de=AGORA + dt.timedelta(days=1),
    )
    depois = AGORA + dt.timedelta(days=1)
    sorteio = servico_sorteio.sorteio_realizar(anuncio=anuncio, usuario=alice, agora=depois)
    esperado = sorted(
        ["2026-A", "2026-B"], key=lambda n: hashlib.sha256(f"12345:{n}".encode()).hexdigest()
    )
    assert sorteio.resultado == esperado
    registro = RegistroAuditoria.objects.get(acao="sorteio.realizado")
    assert registro.depois == {"anuncio": anuncio.pk, "semente": "12345", "resultado": esperado}
    v = _preliminar(vaga.selecao, alice, agora=depois)
    assert [c["inscricao"] for c in v.conteudo["vagas"][0]["classificacao"]] == esperado
    with pytest.raises(RegistroImutavel):
        sorteio.save()


def test_sorteio_so_se_o_edital_preve_e_se_ha_empate(orgao, alice):
    vaga = nova_vaga(orgao, desempate=[{"criterio": "maior_idade"}])
    sessao = AGORA + dt.timedelta(days=1)
    with pytest.raises(ValueError, match="não prevê sorteio"):
        servico_sorteio.sorteio_anunciar(
            vaga=vaga, semente="1", usuario=alice, agora=AGORA, realizar_a_partir_de=sessao
        )
    outra = nova_vaga(orgao, desempate=[{"criterio": "sorteio"}], codigo="ADM")
    aprovar(inscrever(outra, "X1"), "7")
    with pytest.raises(ValueError, match="Não há empate"):
        servico_sorteio.sorteio_anunciar(
            vaga=outra, semente="1", usuario=alice, agora=AGORA, realizar_a_partir_de=sessao
        )


def test_nota_final_recalculada_pela_media_ponderada_ao_salvar(orgao, alice):
    vaga = nova_vaga(orgao, criterios=[("prova", "2"), ("curriculo", "1")])
    ins = inscrever(vaga, "N1")
    servico.avaliacoes_salvar(
        selecao=vaga.selecao,
        linhas=[
            servico.LinhaAvaliacao(
                ins.pk, "aprovado", {"prova": Decimal("8"), "curriculo": Decimal("6")}
            )
        ],
        usuario=alice,
    )
    ins.avaliacao.refresh_from_db()
    assert ins.avaliacao.nota_final == Decimal("7.333")
    registro = RegistroAuditoria.objects.get(acao="avaliacao.registrada")
    assert registro.depois == {
        "situacao": "aprovado",
        "notas": {"prova": "8", "curriculo": "6"},
        "nota_final": "7.333",
    }


def test_tarefa_de_publicacao_e_idempotente_e_informa_o_progresso(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABXC")
    chave = str(uuid.uuid4())
    argumentos = (
        vaga.selecao.pk,
        "preliminar",
        alice.pk,
        "",
        AGORA.isoformat(),
        (AGORA + dt.timedelta(days=2)).isoformat(),
        chave,
        AGORA.isoformat(),
    )
    primeiro = tasks.publicar_resultado(*argumentos)
    segundo = tasks.publicar_resultado(*argumentos)
    assert primeiro == segundo
    assert ResultadoVersao.objects.filter(selecao=vaga.selecao).count() == 1
    assert progresso_publicacao(chave) == {
        "estado": "concluida",
        "feitos": 1,
        "total": 1,
        "versao_id": primeiro,
    }


def test_tarefa_de_publicacao_registra_o_erro_para_o_rh(orgao, alice):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "AB")
    chave = str(uuid.uuid4())
    assert (
        tasks.publicar_resultado(
            vaga.selecao.pk, "final", alice.pk, "", None, None, chave, AGORA.isoformat()
        )
        is None
    )
    estado = progresso_publicacao(chave)
    assert estado["estado"] == "erro"
    assert "preliminar" in estado["mensagens"][0]
