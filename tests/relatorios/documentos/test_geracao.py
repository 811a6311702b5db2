"""relatorios/documentos/services.py: geração, conteúdo, idempotência, partes e regeneração.

A fila é simulada em memória (fixture ``fila``); o caminho com worker Celery
real está em ``test_tarefas.py``.
"""

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.storage import default_storage
from django.db import connection, transaction
from django.utils import timezone

from candidatos.models import CorRaca, ResultadoVersao
from candidatos.services import inscricoes, retencao
from candidatos.services.inscricoes import ConfirmacaoSubstituicao, DadosInscricao
from relatorios.documentos import construtores as documentos
from relatorios.documentos import services
from relatorios.models import Documento, StatusDocumento
from selecoes import services as selecoes_services
from selecoes.models import RegistroAuditoria
from tests.candidatos.classificacao.factories import classificacao, nova_vaga, publicar_final
from tests.factories import InscricaoFactory, SelecaoFactory, VagaEstagioFactory
from tests.relatorios.documentos.conftest import (
    ler_arquivo,
    paginas_pdf,
    posicoes_texto,
    texto_pdf,
)
from tests.relatorios.documentos.factories import Aprovado, ResultadoVersaoFactory, VagaResultado

pytestmark = pytest.mark.django_db


def _arquivos(documento) -> list[str]:
    pasta = f"documentos/{documento.tipo}/{documento.pk}"
    if not default_storage.exists(pasta):
        return []
    return sorted(default_storage.listdir(pasta)[1])


def _versao(orgao, *, numero=1, vagas=None):
    selecao = SelecaoFactory(orgao=orgao, numero_edital="3/2026", situacao="resultado_final")
    return ResultadoVersaoFactory(
        selecao=selecao,
        numero=numero,
        vagas=vagas
        or [
            VagaResultado(
                "DIR-BSB",
                [
                    Aprovado("2026000001", "Ana Souza", "9.250"),
                    Aprovado("2026000002", "Bruno Lima", "9.000", ("negros",)),
                    Aprovado("2026000003", "Carla Dias", "8.500"),
                    Aprovado("2026000004", "Davi Rocha", "8.000", ("negros",)),
                ],
                ofertadas=3,
                convocacao=[
                    ("2026000001", "AC"),
                    ("2026000002", "negros"),
                    ("2026000003", "AC"),
                ],
            ),
            VagaResultado(
                "ADM-RJ",
                [Aprovado("2026000010", "Elisa Reis", "7.000", ("negros",))],
                ofertadas=1,
                reservadas={"negros": 0},
                convocacao=[("2026000010", "AC")],
                area="Administração",
            ),
        ],
    )


def test_resultado_listas_com_nomes_na_ordem_versao_e_hash(
    orgao, fila, django_capture_on_commit_callbacks
):
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    assert fila.executar(django_capture_on_commit_callbacks) == 1
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    assert documento.progresso == 100
    texto = texto_pdf(ler_arquivo(documento))
    assert "Resultado final — versão 1" in texto
    assert versao.hash_conteudo in texto.replace(" ", "")
    dir_bsb = texto[texto.index("Vaga DIR-BSB") : texto.index("Vaga ADM-RJ")]
    geral = dir_bsb[dir_bsb.index("Classificação geral") : dir_bsb.index("Lista de candidatos")]
    negros = dir_bsb[dir_bsb.index("Lista de candidatos negros") : dir_bsb.index("Ordem de")]
    convocacao = dir_bsb[dir_bsb.index("Ordem de convocação") :]
    assert _ordem(geral, ["Ana Souza", "Bruno Lima", "Carla Dias", "Davi Rocha"])
    assert _ordem(negros, ["Bruno Lima", "Davi Rocha"])
    assert "Ana Souza" not in negros
    assert "Carla Dias" not in negros
    assert _ordem(convocacao, ["Ana Souza", "Bruno Lima", "Carla Dias"])
    assert "Davi Rocha" not in convocacao
    assert "2ª 2026000002 Reserva — negros Bruno Lima" in convocacao
    assert "1ª 2026000001 Ampla concorrência Ana Souza" in convocacao
    assert "Elisa Reis" in texto[texto.index("Vaga ADM-RJ") :]


def _ordem(texto: str, nomes: list[str]) -> bool:
    posicoes = [texto.index(nome) for nome in nomes]
    return posicoes == sorted(posicoes)


def test_resultado_cada_pagina_tem_x_de_y_e_cabecalho_da_versao(
    orgao, fila, django_capture_on_commit_callbacks
):
    aprovados = [Aprovado(f"2026{i:06d}", f"Pessoa {i:04d}") for i in range(1, 301)]
    versao = _versao(orgao, numero=2, vagas=[VagaResultado("V1", aprovados)])
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    fila.executar(django_capture_on_commit_callbacks)
    paginas = paginas_pdf(ler_arquivo(documento))
    assert len(paginas) >= 3
    for numero, texto in enumerate(paginas, 1):
        assert f"Página {numero} de {len(paginas)}" in texto
        assert "Resultado final, versão 2" in texto


def test_resultado_anonimizado_pela_retencao_ainda_gera_sem_os_nomes(
    orgao, fila, django_capture_on_commit_callbacks
):
    """Depois da retenção o hash é o do documento original; o PDF sai, sem nomes."""
    versao = _versao(orgao)
    with transaction.atomic():
        assert retencao._anonimizar_resultados(versao.selecao_id, timezone.now()) == (1, [])
    versao.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    assert fila.executar(django_capture_on_commit_callbacks) == 1
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    texto = texto_pdf(ler_arquivo(documento))
    assert "2026000001" in texto
    assert "Ana Souza" not in texto
    assert "[anonimizado]" in texto


def test_resultado_com_hash_adulterado_nao_gera(orgao, fila, django_capture_on_commit_callbacks):
    versao = _versao(orgao)
    # Adulteração direta no banco, como um superusuário: o save() do modelo recusa
    # e, no PostgreSQL, o gatilho também (desligado aqui como só um superusuário pode).
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
        ResultadoVersao.objects.filter(pk=versao.pk).update(hash_conteudo="0" * 64)
    versao.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    with pytest.raises(ValueError, match="hash"):
        fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.GERANDO
    assert not documento.arquivo


def test_gerar_duas_vezes_guarda_um_arquivo(orgao, fila, django_capture_on_commit_callbacks):
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    tarefa = fila.tarefas[0]
    fila.tarefas.append(tarefa)
    assert fila.executar(django_capture_on_commit_callbacks) == 2
    documento.refresh_from_db()
    assert _arquivos(documento) == ["g1.pdf"]
    assert documento.tentativas == 1
    assert (
        RegistroAuditoria.objects.filter(
            acao="documento.gerado", objeto_id=str(documento.pk)
        ).count()
        == 1
    )


def test_execucao_reentregue_durante_a_geracao_conclui_uma_vez(
    orgao, fila, django_capture_on_commit_callbacks
):
    """Worker caiu no meio (status gerando): a reentrega gera; a cópia atrasada descarta."""
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    Documento.objects.filter(pk=documento.pk).update(status=StatusDocumento.GERANDO, tentativas=1)
    services.gerar(documento_id=documento.pk, geracao=1)
    services.gerar(documento_id=documento.pk, geracao=1)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    assert documento.tentativas == 2
    assert _arquivos(documento) == ["g1.pdf"]


def test_geracao_antiga_e_descartada(orgao, fila, django_capture_on_commit_callbacks):
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
        services.documento_regenerar(documento=documento, motivo="Teste")
    assert len(fila.tarefas) == 2
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.geracao == 2
    assert documento.status == StatusDocumento.PRONTO
    assert _arquivos(documento) == ["g2.pdf"]


def test_regenerar_marca_desatualizado_e_troca_o_arquivo(
    orgao, fila, django_capture_on_commit_callbacks
):
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    fila.executar(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.documento_regenerar(documento=documento, motivo="Fonte corrigida")
    assert documento.desatualizado
    assert documento.status == StatusDocumento.PENDENTE
    assert _arquivos(documento) == ["g1.pdf"]
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert not documento.desatualizado
    assert _arquivos(documento) == ["g2.pdf"]
    registro = RegistroAuditoria.objects.get(acao="documento.regenerado")
    assert registro.motivo == "Fonte corrigida"


@pytest.mark.parametrize(
    "paginas_no_processo", [500, 0], ids=["juncao_no_processo", "juncao_em_processo_novo"]
)
def test_lista_longa_gerada_em_partes_com_numeracao_continua(
    orgao, fila, django_capture_on_commit_callbacks, monkeypatch, paginas_no_processo
):
    monkeypatch.setattr(services, "PAGINAS_JUNCAO_NO_PROCESSO", paginas_no_processo)
    monkeypatch.setattr(documentos, "LIMITE_UMA_PARTE", 100)
    monkeypatch.setattr(documentos, "LINHAS_POR_PARTE", 120)
    aprovados = [
        Aprovado(f"2026{i:06d}", f"Pessoa {i:04d}", listas=("negros",) if i % 4 == 0 else ())
        for i in range(1, 301)
    ]
    versao = _versao(
        orgao, vagas=[VagaResultado("V1", aprovados), VagaResultado("V2", aprovados[:50])]
    )
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    feitas = fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.partes_total == 4
    assert feitas == 1 + documento.partes_total + 1
    assert documento.status == StatusDocumento.PRONTO
    assert _arquivos(documento) == ["g1.pdf"]
    assert not default_storage.exists(f"documentos/resultado/{documento.pk}/partes/g1-000.pdf")
    paginas = paginas_pdf(ler_arquivo(documento))
    assert documento.paginas == len(paginas) == sum(documento.partes_prontas.values())
    for numero, texto in enumerate(paginas, 1):
        assert f"Página {numero} de {len(paginas)}" in texto
    texto = "\n".join(paginas)
    nomes = [f"Pessoa {i:04d}" for i in range(1, 301)]
    geral = texto[texto.index("Classificação geral") : texto.index("Lista de candidatos negros")]
    assert _ordem(geral, nomes)
    assert "Classificação geral (continuação)" in texto
    assert texto.count("Resultado final — versão 1") == 1


def test_erro_definitivo_registra_mensagem(orgao, fila, django_capture_on_commit_callbacks):
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.resultado_solicitar(versao=versao)
    services.registrar_erro(documento_id=documento.pk, geracao=1, mensagem="Falha X")
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.ERRO
    assert documento.mensagem_erro == "Falha X"
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.ERRO


AGORA_EDITAL = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def _rascunho(orgao, **kwargs):
    """Seleção em rascunho publicável em ``AGORA_EDITAL``."""
    return SelecaoFactory(
        orgao=orgao,
        data_publicacao_edital=dt.date(2026, 3, 2),
        inscricoes_inicio=dt.datetime(2026, 3, 3, 12, 0, tzinfo=dt.UTC),
        inscricoes_fim=dt.datetime(2026, 3, 20, 23, 0, tzinfo=dt.UTC),
        **kwargs,
    )


def _inscricao(orgao, **kwargs):
    selecao = SelecaoFactory(orgao=orgao, numero_edital="9/2026", situacao="publicada")
    vaga = VagaEstagioFactory(selecao=selecao, codigo="TI-BSB", area="Tecnologia")
    dados = {
        "vaga": vaga,
        "numero": "2026000777",
        "codigo_verificacao": "ABCD1234",
        "nome_civil": "João Carlos Pereira",
        "nome_social": "Joana Pereira",
        "cpf": "12345678909",
        "cor_raca": CorRaca.PRETA,
        "concorre_negros": True,
        "pcd": True,
        "concorre_pcd": True,
    }
    dados.update(kwargs)
    return InscricaoFactory(**dados)


def test_comprovante_mostra_nome_social_cpf_mascarado_e_nada_sensivel(
    orgao, fila, django_capture_on_commit_callbacks
):
    inscricao = _inscricao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.comprovante_solicitar(inscricao=inscricao)
    fila.executar(django_capture_on_commit_callbacks)
    assert not documento.publico
    texto = texto_pdf(ler_arquivo(documento))
    assert "Joana Pereira" in texto
    assert "João Carlos" not in texto
    assert "***.456.789-**" in texto
    assert "12345678909" not in texto
    assert "123.456.789-09" not in texto
    assert "2026000777" in texto
    assert "ABCD1234" in texto
    assert "TI-BSB" in texto
    assert "9/2026" in texto
    for sensivel in ("Preta", "preta", "deficiência: sim", "Sim"):
        assert sensivel not in texto


def test_inscricao_substituida_refaz_o_comprovante(orgao, fila, django_capture_on_commit_callbacks):
    antiga = _inscricao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.comprovante_solicitar(inscricao=antiga)
    fila.executar(django_capture_on_commit_callbacks)
    campos = {f.name: getattr(antiga, f.name) for f in dataclasses.fields(DadosInscricao)}
    campos["vaga_id"] = antiga.vaga_id
    with django_capture_on_commit_callbacks(execute=True):
        nova = inscricoes.inscricao_registrar(
            selecao=antiga.selecao,
            dados=DadosInscricao(**campos),
            agora=antiga.selecao.inscricoes_inicio + dt.timedelta(hours=1),
            confirmacao=ConfirmacaoSubstituicao(codigo_anterior=antiga.codigo_verificacao),
        )
    documento.refresh_from_db()
    assert documento.desatualizado
    assert documento.status == StatusDocumento.PENDENTE
    fila.executar(django_capture_on_commit_callbacks)
    texto = texto_pdf(ler_arquivo(documento))
    assert "Inscrição substituída" in texto
    assert nova.numero in texto


def test_nova_versao_de_resultado_gera_seu_pdf(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    vaga = nova_vaga(orgao)
    classificacao(vaga, "ABX")
    with django_capture_on_commit_callbacks(execute=True):
        versao = publicar_final(vaga.selecao, alice)
    documento = Documento.objects.get(chave=f"resultado:{versao.pk}")
    assert documento.publico
    assert documento.parametros == {"versao": versao.pk, "tipo": "final", "numero": 1}
    # Uma lista por versão publicada: a preliminar e a final.
    assert len(fila.tarefas) == 2


def test_anexo_do_edital_com_quadro_regra_e_desempate(
    orgao, fila, django_capture_on_commit_callbacks
):
    selecao = SelecaoFactory(
        orgao=orgao,
        numero_edital="5/2026",
        reserva_pcd=True,
        percentual_pcd=Decimal("10"),
        criterios_desempate=[{"criterio": "maior_nota"}, {"criterio": "maior_idade"}],
    )
    VagaEstagioFactory(selecao=selecao, codigo="DIR-BSB", vagas_ofertadas=10)
    VagaEstagioFactory(selecao=selecao, codigo="ADM-RJ", vagas_ofertadas=3, area="Administração")
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.anexo_edital_solicitar(selecao=selecao)
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.status == StatusDocumento.PRONTO
    assert not documento.publico
    texto = texto_pdf(ler_arquivo(documento))
    assert "Anexo do edital nº 5/2026" in texto
    assert "A reserva de vagas se aplica" in texto
    assert "DIR-BSB" in texto
    assert "ADM-RJ" in texto
    assert "2ª, 5ª, 9ª, 12ª, 15ª, 19ª, 22ª, 25ª, 29ª" in texto
    assert "6ª, 16ª, 26ª" in texto
    assert _ordem(texto, ["Maior nota final", "Maior idade"])
    assert "prévia" in texto.lower()


def test_publicar_edital_refaz_o_anexo_e_o_torna_publico(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao, numero_edital="6/2026")
    VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=5)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.anexo_edital_solicitar(selecao=selecao)
    fila.executar(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.selecao_publicar(selecao=selecao, usuario=alice, agora=AGORA_EDITAL)
    documento.refresh_from_db()
    assert documento.publico
    assert documento.desatualizado
    fila.executar(django_capture_on_commit_callbacks)
    documento.refresh_from_db()
    assert documento.geracao == 2
    assert not documento.desatualizado
    texto = texto_pdf(ler_arquivo(documento))
    assert "versão 1" in texto
    assert "prévia" not in texto.lower()


def test_rascunho_alterado_refaz_a_previa_do_anexo(
    orgao, alice, fila, django_capture_on_commit_callbacks
):
    selecao = _rascunho(orgao)
    VagaEstagioFactory(selecao=selecao, codigo="DIR", vagas_ofertadas=2)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.anexo_edital_solicitar(selecao=selecao)
    fila.executar(django_capture_on_commit_callbacks)
    dados = selecoes_services.dados_da_selecao(selecao)
    vagas = [{**dados.vagas[0], "vagas_ofertadas": 12}]
    with django_capture_on_commit_callbacks(execute=True):
        selecoes_services.rascunho_atualizar(
            selecao=selecao, usuario=alice, dados=dataclasses.replace(dados, vagas=vagas)
        )
    documento.refresh_from_db()
    assert documento.geracao == 2
    assert documento.desatualizado
    fila.executar(django_capture_on_commit_callbacks)
    assert "12" in texto_pdf(ler_arquivo(documento))


def test_datas_do_comprovante_no_horario_de_brasilia(
    orgao, fila, django_capture_on_commit_callbacks
):
    criada = dt.datetime(2026, 3, 10, 2, 30, tzinfo=dt.UTC)
    inscricao = _inscricao(orgao, criada_em=criada)
    with django_capture_on_commit_callbacks(execute=True):
        documento = services.comprovante_solicitar(inscricao=inscricao)
    fila.executar(django_capture_on_commit_callbacks)
    assert "09/03/2026 às 23:30:00" in texto_pdf(ler_arquivo(documento))


def test_numeracao_carimbada_igual_a_do_css_com_a_folha_real(
    orgao, fila, django_capture_on_commit_callbacks, monkeypatch
):
    """Mesma lista gerada inteira (CSS numera) e em partes (junção carimba)."""
    aprovados = [Aprovado(f"2026{i:06d}", f"Pessoa {i:04d}") for i in range(1, 181)]
    inteira = _versao(orgao, vagas=[VagaResultado("V1", aprovados)])
    with django_capture_on_commit_callbacks(execute=True):
        documento_inteiro = services.resultado_solicitar(versao=inteira)
    fila.executar(django_capture_on_commit_callbacks)
    monkeypatch.setattr(documentos, "LIMITE_UMA_PARTE", 50)
    monkeypatch.setattr(documentos, "LINHAS_POR_PARTE", 100)
    partida = ResultadoVersaoFactory(
        selecao=inteira.selecao, numero=2, vagas=[VagaResultado("V1", aprovados)]
    )
    with django_capture_on_commit_callbacks(execute=True):
        documento_partido = services.resultado_solicitar(versao=partida)
    fila.executar(django_capture_on_commit_callbacks)
    documento_partido.refresh_from_db()
    assert documento_partido.partes_total > 1
    [(texto1, x1, y1), *_] = posicoes_texto(ler_arquivo(documento_inteiro), "Página 1 de")
    [(texto2, x2, y2), *_] = posicoes_texto(ler_arquivo(documento_partido), "Página 1 de")
    # Os algarismos da DejaVu Sans têm a mesma largura: textos do mesmo tamanho,
    # alinhados à direita, começam no mesmo x.
    assert len(texto1) == len(texto2)
    assert abs(x1 - x2) < 0.6
    assert abs(y1 - y2) < 0.6


def test_demo_pede_os_documentos_publicos_uma_vez(orgao, fila, django_capture_on_commit_callbacks):
    from relatorios.documentos.demo import popular_documentos

    selecao = SelecaoFactory(orgao=orgao, situacao="publicada", versao=1)
    VagaEstagioFactory(selecao=selecao, vagas_ofertadas=4)
    versao = _versao(orgao)
    with django_capture_on_commit_callbacks(execute=True):
        primeira = popular_documentos()
        segunda = popular_documentos()
    assert {d.chave for d in primeira} == {
        f"anexo_edital:{selecao.pk}",
        f"anexo_edital:{versao.selecao_id}",
        f"resultado:{versao.pk}",
    }
    assert [d.pk for d in segunda] == [d.pk for d in primeira]
    assert len(fila.tarefas) == 3
