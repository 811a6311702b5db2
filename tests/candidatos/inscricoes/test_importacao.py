"""Importação em lote: prévia com todos os erros, tudo-ou-nada, só válidas, idempotência."""

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from candidatos.models import CorRaca, Inscricao, OrigemInscricao, SituacaoInscricao
from candidatos.planilhas import ErroPlanilha, escrever_csv, escrever_xlsx, ler_planilha
from candidatos.services import importacao
from selecoes.models import RegistroAuditoria, SituacaoSelecao
from tests.factories import InscricaoFactory, gerar_cpf


@pytest.fixture
def momento(selecao):
    return timezone.localtime(selecao.inscricoes_inicio + dt.timedelta(hours=1))


def linha(momento, n=0, **alteracoes):
    valores = {
        "vaga": "DIR",
        "nome_civil": f"Pessoa Importada {n}",
        "nome_social": "",
        "cpf": gerar_cpf(1000 + n),
        "data_nascimento": "17/05/2003",
        "email": f"pessoa{n}@exemplo.com",
        "telefone": "61999990000",
        "instituicao_ensino": "UFBA",
        "curso": "Direito",
        "periodo_curso": "4º semestre",
        "cor_raca": "parda",
        "concorre_negros": "sim",
        "pcd": "não",
        "concorre_pcd": "",
        "termo_aceito_em": f"{momento:%Y-%m-%d %H:%M}",
        "data_inscricao": "",
    }
    valores.update(alteracoes)
    return valores


def csv(linhas):
    colunas = list(linhas[0])
    return escrever_csv(colunas, [[lin[c] for c in colunas] for lin in linhas])


def analisar(selecao, conteudo, nome="inscricoes.csv", agora=None):
    return importacao.analisar(
        selecao=selecao, conteudo=conteudo, nome_arquivo=nome, agora=agora or timezone.now()
    )


def confirmar(selecao, conteudo, usuario, somente_validas=False, nome="inscricoes.csv"):
    previa = analisar(selecao, conteudo, nome)
    return importacao.confirmar(
        selecao=selecao,
        conteudo=conteudo,
        nome_arquivo=nome,
        sha256_esperado=previa.sha256,
        somente_validas=somente_validas,
        usuario=usuario,
        agora=timezone.now(),
    )


@pytest.mark.parametrize(
    ("alteracoes", "coluna", "trecho"),
    [
        ({"vaga": "XYZ"}, "vaga", "não há vaga"),
        ({"cpf": "123.456.789-00"}, "cpf", "CPF inválido"),
        ({"cpf": ""}, "cpf", "obrigatório"),
        ({"data_nascimento": "31/02/2003"}, "data_nascimento", "data inválida"),
        ({"email": "sem-arroba"}, "email", "e-mail inválido"),
        ({"telefone": "12345"}, "telefone", "10 ou 11 dígitos"),
        ({"cor_raca": "morena"}, "cor_raca", "use branca"),
        ({"cor_raca": "branca", "concorre_negros": "sim"}, "concorre_negros", "art. 2º"),
        (
            {"cor_raca": "nao_declarada", "concorre_negros": "sim"},
            "concorre_negros",
            "não declarar",
        ),
        ({"concorre_negros": "talvez"}, "concorre_negros", "sim ou não"),
        ({"pcd": "não", "concorre_pcd": "sim"}, "concorre_pcd", "declare ser pessoa"),
        ({"termo_aceito_em": "2999-01-01 10:00"}, "termo_aceito_em", "no passado"),
        ({"termo_aceito_em": "ontem"}, "termo_aceito_em", "inválidas"),
        ({"data_inscricao": "2001-01-01 10:00"}, "data_inscricao", "fora do período"),
        ({"nome_civil": "x" * 201}, "nome_civil", "no máximo 200"),
    ],
)
@pytest.mark.django_db
def test_importacao_previa_aponta_linha_coluna_e_mensagem(
    selecao, momento, alteracoes, coluna, trecho
):
    conteudo = csv([linha(momento, 0), linha(momento, 1, **alteracoes), linha(momento, 2)])
    previa = analisar(selecao, conteudo)
    assert [(e.linha, e.coluna) for e in previa.erros] == [(3, coluna)]
    assert trecho in previa.erros[0].mensagem
    assert [v.linha for v in previa.validas] == [2, 4]
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_importacao_previa_lista_todas_as_linhas_ruins(selecao, momento):
    linhas = [linha(momento, n, cpf="111") if n % 2 else linha(momento, n) for n in range(10)]
    previa = analisar(selecao, csv(linhas))
    assert previa.linhas_com_erro == [3, 5, 7, 9, 11]
    assert previa.a_criar == 5


@pytest.mark.django_db
def test_importacao_cpf_repetido_no_arquivo_recusa_todas_as_ocorrencias(selecao, momento):
    cpf = gerar_cpf(7)
    previa = analisar(
        selecao, csv([linha(momento, 0, cpf=cpf), linha(momento, 1), linha(momento, 2, cpf=cpf)])
    )
    assert [(e.linha, e.coluna) for e in previa.erros] == [(2, "cpf"), (4, "cpf")]
    assert "linha 4" in previa.erros[0].mensagem


@pytest.mark.parametrize(
    ("cabecalho", "trecho"),
    [
        (["vaga", "nome_civil"], "Faltam colunas obrigatórias"),
        ([*importacao.NOMES_COLUNAS, "apelido"], "Colunas desconhecidas: apelido"),
    ],
)
@pytest.mark.django_db
def test_importacao_cabecalho_invalido_recusa_o_arquivo(selecao, cabecalho, trecho):
    conteudo = escrever_csv(cabecalho, [["x"] * len(cabecalho)])
    with pytest.raises(ErroPlanilha, match=trecho):
        analisar(selecao, conteudo)


@pytest.mark.django_db
def test_importacao_tudo_ou_nada_com_erro_nao_grava(selecao, momento, bruno):
    conteudo = csv([linha(momento, 0), linha(momento, 1, cpf="000")])
    with pytest.raises(importacao.ImportacaoInvalida, match="nada foi gravado"):
        confirmar(selecao, conteudo, bruno)
    assert not Inscricao.objects.exists()
    assert not RegistroAuditoria.objects.exists()


@pytest.mark.django_db
def test_importacao_somente_validas_grava_as_validas_e_registra(selecao, momento, bruno):
    conteudo = csv([linha(momento, 0), linha(momento, 1, cpf="000"), linha(momento, 2)])
    resultado = confirmar(selecao, conteudo, bruno, somente_validas=True)
    assert (resultado.criadas, resultado.ignoradas) == (2, 1)
    inscricoes = Inscricao.objects.filter(selecao=selecao)
    assert inscricoes.count() == 2
    assert set(inscricoes.values_list("origem", flat=True)) == {OrigemInscricao.IMPORTACAO}
    registro = resultado.registro
    assert registro.acao == importacao.ACAO_AUDITORIA
    assert registro.usuario == bruno
    assert registro.depois["linhas_ignoradas"] == [3]
    assert registro.depois["modo"] == "somente_validas"
    assert len(registro.depois["sha256"]) == 64
    assert RegistroAuditoria.objects.filter(acao="inscricao.importada").count() == 2


@pytest.mark.django_db
def test_importacao_idempotente_ao_reimportar_o_mesmo_arquivo(selecao, momento, bruno):
    conteudo = csv([linha(momento, n) for n in range(5)])
    primeira = confirmar(selecao, conteudo, bruno)
    segunda = confirmar(selecao, conteudo, bruno)
    assert (primeira.criadas, segunda.criadas, segunda.inalteradas) == (5, 0, 5)
    assert Inscricao.objects.count() == 5
    assert primeira.registro.depois["sha256"] == segunda.registro.depois["sha256"]
    assert analisar(selecao, conteudo).importado_antes == segunda.registro


@pytest.mark.django_db
def test_importacao_de_inscricao_online_igual_nao_duplica(selecao, vaga, momento, bruno):
    valores = linha(momento, 0)
    InscricaoFactory(
        selecao=selecao,
        vaga=vaga,
        cpf=valores["cpf"],
        nome_civil=valores["nome_civil"],
        data_nascimento=dt.date(2003, 5, 17),
        email=valores["email"],
        telefone=valores["telefone"],
        instituicao_ensino="UFBA",
        curso="Direito",
        periodo_curso="4º semestre",
        cor_raca=CorRaca.PARDA,
        concorre_negros=True,
    )
    assert confirmar(selecao, csv([valores]), bruno).inalteradas == 1
    assert Inscricao.objects.count() == 1


@pytest.mark.django_db
def test_importacao_com_dados_novos_substitui_e_mantem_historico(selecao, vaga, momento, bruno):
    valores = linha(momento, 0)
    antiga = InscricaoFactory(selecao=selecao, vaga=vaga, cpf=valores["cpf"])
    previa = analisar(selecao, csv([valores]))
    assert [(v.linha, v.anterior_numero) for v in previa.substituicoes] == [(2, antiga.numero)]
    resultado = confirmar(selecao, csv([valores]), bruno)
    assert resultado.substituidas == 1
    antiga.refresh_from_db()
    nova = Inscricao.objects.get(substitui=antiga)
    assert antiga.situacao == SituacaoInscricao.SUBSTITUIDA
    assert nova.situacao == SituacaoInscricao.ATIVA
    assert RegistroAuditoria.objects.filter(
        acao="inscricao.substituida", inscricao_id=antiga.pk
    ).exists()


@pytest.mark.django_db
def test_importacao_que_substitui_avisa_o_email_anterior(
    selecao, vaga, momento, bruno, django_capture_on_commit_callbacks, celery_sincrono
):
    """O RH que substitui por arquivo não troca em silêncio o e-mail do candidato."""
    from django.core import mail

    valores = linha(momento, 0)
    antiga = InscricaoFactory(
        selecao=selecao, vaga=vaga, cpf=valores["cpf"], email="titular@exemplo.com"
    )
    with django_capture_on_commit_callbacks(execute=True):
        confirmar(selecao, csv([valores]), bruno)
    nova = Inscricao.objects.get(substitui=antiga)
    [aviso] = [m for m in mail.outbox if m.to == ["titular@exemplo.com"]]
    assert antiga.numero in aviso.body
    assert nova.numero in aviso.body


@pytest.mark.django_db
def test_importacao_eliminada_nao_e_substituida(selecao, vaga, momento):
    valores = linha(momento, 0)
    InscricaoFactory(
        selecao=selecao, vaga=vaga, cpf=valores["cpf"], situacao=SituacaoInscricao.ELIMINADA
    )
    previa = analisar(selecao, csv([valores]))
    assert "não pode ser substituída" in previa.erros[0].mensagem


@pytest.mark.django_db
def test_importacao_sha256_diferente_nao_grava(selecao, momento, bruno):
    conteudo = csv([linha(momento, 0)])
    with pytest.raises(importacao.ImportacaoInvalida, match="mudou"):
        importacao.confirmar(
            selecao=selecao,
            conteudo=conteudo,
            nome_arquivo="a.csv",
            sha256_esperado="0" * 64,
            somente_validas=False,
            usuario=bruno,
            agora=timezone.now(),
        )
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_importacao_xlsx_com_datas_em_celulas(selecao, momento, bruno):
    valores = linha(momento, 0)
    colunas = list(valores)
    celulas = [valores[c] for c in colunas]
    celulas[colunas.index("data_nascimento")] = dt.date(2003, 5, 17)
    conteudo = escrever_xlsx(colunas, [celulas])
    resultado = confirmar(selecao, conteudo, bruno, nome="inscricoes.xlsx")
    assert resultado.criadas == 1
    assert Inscricao.objects.get().data_nascimento == dt.date(2003, 5, 17)


@pytest.mark.parametrize("formato", ["csv", "xlsx"])
@pytest.mark.django_db
def test_importacao_modelo_tem_as_colunas_documentadas(client, carla, selecao, formato):
    client.force_login(carla)
    resposta = client.get(reverse("inscricoes:modelo_importacao", args=[selecao.pk, formato]))
    assert resposta.status_code == 200
    assert "attachment" in resposta["Content-Disposition"]
    planilha = ler_planilha(resposta.content, f"modelo.{formato}")
    assert planilha.colunas == importacao.NOMES_COLUNAS
    assert planilha.linhas[0].valores["vaga"] == "DIR"


# ---------------------------------------------------------------- pelas telas


def enviar(client, selecao, conteudo, nome="inscricoes.csv"):
    return client.post(
        reverse("inscricoes:importar", args=[selecao.pk]),
        {"arquivo": SimpleUploadedFile(nome, conteudo, content_type="text/csv")},
    )


def confirmar_pela_tela(client, selecao, sha256, acao):
    return client.post(
        reverse("inscricoes:importar_confirmar", args=[selecao.pk]),
        {"sha256": sha256, "acao": acao},
    )


@pytest.mark.django_db
def test_importacao_pela_tela_previa_depois_confirmacao(client, bruno, selecao, momento):
    client.force_login(bruno)
    conteudo = csv([linha(momento, 0), linha(momento, 1, cpf="999"), linha(momento, 2)])
    resposta = enviar(client, selecao, conteudo)
    previa = resposta.context["previa"]
    html = resposta.content.decode()
    assert "CPF inválido" in html
    assert "Importar somente as linhas válidas" in html
    assert not Inscricao.objects.exists()

    resposta = confirmar_pela_tela(client, selecao, previa.sha256, "todas")
    assert resposta.status_code == 302
    assert not Inscricao.objects.exists()

    resposta = confirmar_pela_tela(client, selecao, previa.sha256, "somente_validas")
    assert resposta["Location"] == reverse("inscricoes:lista", args=[selecao.pk])
    assert Inscricao.objects.count() == 2
    # o arquivo pendente (dados pessoais) foi apagado
    assert "importacao_pendente" not in client.session


@pytest.mark.django_db
def test_importacao_pela_tela_hash_de_outro_arquivo_e_recusado(client, bruno, selecao, momento):
    client.force_login(bruno)
    enviar(client, selecao, csv([linha(momento, 0)]))
    resposta = confirmar_pela_tela(client, selecao, "f" * 64, "todas")
    assert resposta["Location"] == reverse("inscricoes:importar", args=[selecao.pk])
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_importacao_pela_tela_cancelar_apaga_o_pendente(client, bruno, selecao, momento):
    client.force_login(bruno)
    previa = enviar(client, selecao, csv([linha(momento, 0)])).context["previa"]
    token = client.session["importacao_pendente"]["token"]
    confirmar_pela_tela(client, selecao, previa.sha256, "cancelar")
    assert importacao.pendente_ler(token) is None
    assert not Inscricao.objects.exists()


@pytest.mark.parametrize(("persona", "status"), [("carla", 403), ("diego", 404)])
@pytest.mark.django_db
def test_importacao_auditor_e_outro_orgao_nao_importam(
    client, request, selecao, momento, persona, status
):
    client.force_login(request.getfixturevalue(persona))
    assert client.get(reverse("inscricoes:importar", args=[selecao.pk])).status_code == status
    assert enviar(client, selecao, csv([linha(momento, 0)])).status_code == status
    resposta = confirmar_pela_tela(client, selecao, "0" * 64, "todas")
    assert resposta.status_code == status
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_importacao_pendentes_expirados_sao_apagados(selecao):
    token = importacao.pendente_guardar(b"dados", agora=timezone.now())
    assert importacao.pendente_ler(token) == b"dados"
    futuro = timezone.now() + importacao.VALIDADE_PENDENTE + dt.timedelta(minutes=1)
    assert importacao.pendentes_expirados_apagar(agora=futuro) == 1
    assert importacao.pendente_ler(token) is None


@pytest.mark.django_db
def test_importacao_selecao_em_classificacao_nao_recebe_arquivo(client, bruno, selecao, momento):
    selecao.situacao = SituacaoSelecao.EM_CLASSIFICACAO
    selecao.save()
    client.force_login(bruno)
    resposta = enviar(client, selecao, csv([linha(momento, 0)]))
    assert resposta.status_code == 200
    assert "ainda não classificada" in resposta.context["form"].errors["arquivo"][0]
    assert not Inscricao.objects.exists()


@pytest.mark.django_db
def test_importacao_que_substitui_refaz_o_comprovante_da_substituida_uma_vez(
    selecao, vaga, momento, bruno, monkeypatch, django_capture_on_commit_callbacks
):
    """A substituição em lote (``.update()``) também avisa: o comprovante diz "substituída"."""
    from relatorios.documentos import services as documentos

    enfileirados = []
    monkeypatch.setattr(documentos, "_enfileirar", lambda *args: enfileirados.append(args))
    valores = linha(momento, 0)
    antiga = InscricaoFactory(selecao=selecao, vaga=vaga, cpf=valores["cpf"])
    outra = InscricaoFactory(selecao=selecao, vaga=vaga)
    with django_capture_on_commit_callbacks(execute=True):
        comprovante = documentos.comprovante_solicitar(inscricao=antiga)
        documentos.comprovante_solicitar(inscricao=outra)
    enfileirados.clear()
    with django_capture_on_commit_callbacks(execute=True):
        confirmar(selecao, csv([valores, linha(momento, 1)]), bruno)
    comprovante.refresh_from_db()
    assert enfileirados == [(comprovante.pk, 2)]
    assert comprovante.geracao == 2
    assert (
        RegistroAuditoria.objects.filter(
            acao="documento.regenerado", objeto_id=str(comprovante.pk)
        ).count()
        == 1
    )
