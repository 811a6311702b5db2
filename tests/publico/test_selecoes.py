"""Lista pública de seleções (filtros, busca, paginação) e página da seleção."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from relatorios.models import Documento, StatusDocumento, TipoDocumento
from selecoes.models import NivelEnsino, SituacaoSelecao, VersaoEdital
from tests.factories import OrgaoFactory, SelecaoFactory, VagaEstagioFactory

pytestmark = pytest.mark.django_db

URL = reverse("publico:selecoes")


def _selecao(orgao, titulo, *, situacao=SituacaoSelecao.PUBLICADA, **vaga):
    selecao = SelecaoFactory(orgao=orgao, titulo=titulo, situacao=situacao)
    VagaEstagioFactory(selecao=selecao, **vaga)
    return selecao


@pytest.fixture
def catalogo(orgao, outro_orgao):
    agora = timezone.now()
    return {
        "direito_df": _selecao(orgao, "Estágio em Direito", area="Direito", uf="DF"),
        "ti_sp": _selecao(
            outro_orgao,
            "Estágio em Tecnologia",
            area="Tecnologia da Informação",
            curso="Sistemas de Informação",
            municipio="São Paulo",
            uf="SP",
            nivel=NivelEnsino.TECNICO,
        ),
        "encerrada": SelecaoFactory(
            orgao=outro_orgao,
            titulo="Estágio em Contabilidade",
            situacao=SituacaoSelecao.RESULTADO_FINAL,
            inscricoes_inicio=agora - dt.timedelta(days=90),
            inscricoes_fim=agora - dt.timedelta(days=60),
        ),
        "rascunho": _selecao(orgao, "Rascunho secreto", situacao=SituacaoSelecao.RASCUNHO),
    }


def _titulos(client, **params):
    resposta = client.get(URL, params)
    assert resposta.status_code == 200
    return {s.titulo for s in resposta.context["page_obj"]}


def test_lista_mostra_publicadas_de_todos_os_orgaos_e_nunca_rascunho(client, catalogo):
    assert _titulos(client) == {
        "Estágio em Direito",
        "Estágio em Tecnologia",
        "Estágio em Contabilidade",
    }
    assert "Rascunho secreto" not in client.get(URL).content.decode()


@pytest.mark.parametrize(
    ("params", "esperados"),
    [
        ({"orgao": "MIR"}, {"Estágio em Direito"}),
        ({"orgao": "OUTRO"}, {"Estágio em Tecnologia", "Estágio em Contabilidade"}),
        ({"uf": "SP"}, {"Estágio em Tecnologia"}),
        ({"municipio": "são paulo"}, {"Estágio em Tecnologia"}),
        ({"nivel": "tecnico"}, {"Estágio em Tecnologia"}),
        ({"area": "direito"}, {"Estágio em Direito"}),
        ({"area": "sistemas"}, {"Estágio em Tecnologia"}),
        ({"situacao": "inscricoes_abertas"}, {"Estágio em Direito", "Estágio em Tecnologia"}),
        ({"situacao": "resultado_final"}, {"Estágio em Contabilidade"}),
        ({"q": "tecnologia"}, {"Estágio em Tecnologia"}),
        ({"q": "OUTRO"}, {"Estágio em Tecnologia", "Estágio em Contabilidade"}),
        ({"q": "são paulo"}, {"Estágio em Tecnologia"}),
        ({"uf": "DF", "area": "Tecnologia"}, set()),
        ({"uf": "XX"}, {"Estágio em Direito", "Estágio em Tecnologia", "Estágio em Contabilidade"}),
    ],
)
def test_filtros_da_lista_de_selecoes(client, catalogo, params, esperados):
    assert _titulos(client, **params) == esperados


def test_filtro_sem_resultado_explica_e_oferece_limpar(client, catalogo):
    html = client.get(URL, {"q": "astronomia"}).content.decode()
    assert "Nenhuma seleção atende aos filtros" in html
    assert "Limpar filtros" in html


def test_lista_paginada_preserva_filtros(client, orgao):
    for n in range(23):
        _selecao(orgao, f"Seleção {n:02d}", uf="BA")
    primeira = client.get(URL, {"uf": "BA"})
    assert len(primeira.context["page_obj"]) == 20
    html = primeira.content.decode()
    assert "uf=BA&amp;page=2" in html
    segunda = client.get(URL, {"uf": "BA", "page": 2})
    assert len(segunda.context["page_obj"]) == 3


def test_total_de_vagas_nao_se_multiplica_com_filtro_por_vaga(client, orgao):
    selecao = _selecao(orgao, "Duas vagas", area="Direito", vagas_ofertadas=4)
    VagaEstagioFactory(selecao=selecao, area="Direito", vagas_ofertadas=6)
    resposta = client.get(URL, {"area": "Direito"})
    [item] = resposta.context["page_obj"]
    assert item.total_ofertadas == 10


def test_pagina_da_selecao_rascunho_responde_404(client, catalogo):
    resposta = client.get(reverse("publico:selecao", args=[catalogo["rascunho"].pk]))
    assert resposta.status_code == 404
    assert "Página não encontrada" in resposta.content.decode()


def test_pagina_da_selecao_mostra_vagas_e_reserva_por_categoria(client, cenario):
    resposta = client.get(reverse("publico:selecao", args=[cenario.selecao.pk]))
    assert resposta.status_code == 200
    html = resposta.content.decode()
    assert "Edital nº 26/2026" in html
    assert "Reservadas: Candidatos negros" in html
    assert "Reservadas: Pessoas com deficiência" in html
    quadro = resposta.context["quadro"]
    por_codigo = {linha.vaga.codigo: linha for linha in quadro.linhas}
    # 5 vagas: 2ª e 5ª posições reservadas a negros (art. 1º, § 3º; arredondamento do § 2º).
    assert por_codigo["DIR-BSB"].reservadas["negros"] == 2
    assert por_codigo["ADM-RJ"].reservadas["negros"] == 1
    assert "A reserva de vagas se aplica" in html
    assert "Ver resultado: Resultado final, versão 2" in html


def test_pagina_da_selecao_lista_so_documentos_publicos_e_prontos(client, cenario):
    def documento(chave, **campos):
        return Documento.objects.create(
            tipo=TipoDocumento.RESULTADO,
            chave=chave,
            titulo=f"Documento {chave}",
            selecao=cenario.selecao,
            **campos,
        )

    pronto = documento(
        "publico-pronto",
        publico=True,
        status=StatusDocumento.PRONTO,
        hash_arquivo="ab" * 32,
        arquivo="documentos/publico-pronto.pdf",
    )
    documento("publico-gerando", publico=True, status=StatusDocumento.GERANDO)
    documento(
        "interno", publico=False, status=StatusDocumento.PRONTO, arquivo="documentos/interno.pdf"
    )
    html = client.get(reverse("publico:selecao", args=[cenario.selecao.pk])).content.decode()
    assert f'href="/documentos/{pronto.pk}/arquivo/"' in html
    assert "Documento publico-pronto" in html
    assert "ab" * 32 in html
    assert "Documento publico-gerando" not in html
    assert "Documento interno" not in html


def test_pagina_da_selecao_tem_cronograma_e_versoes_do_edital(client, cenario):
    VersaoEdital.objects.create(
        selecao=cenario.selecao, numero=1, conteudo={}, hash_conteudo="0" * 64
    )
    VersaoEdital.objects.create(
        selecao=cenario.selecao,
        numero=2,
        motivo="Correção do número de vagas de ADM-RJ.",
        data_retificacao=dt.date(2026, 3, 10),
        conteudo={},
        hash_conteudo="1" * 64,
    )
    resposta = client.get(reverse("publico:selecao", args=[cenario.selecao.pk]))
    html = resposta.content.decode()
    nomes = [fase.nome for fase in resposta.context["fases"]]
    assert nomes[:3] == ["Publicação do edital", "Retificação nº 1 do edital", "Inscrições"]
    assert "Prazo de recurso — Resultado preliminar, versão 1" in nomes
    validade = next(f for f in resposta.context["fases"] if f.nome == "Validade da seleção")
    # A validade conta da primeira publicação do resultado final, não das retificações.
    primeira_final = timezone.localdate(timezone.now() - dt.timedelta(days=10))
    assert validade.inicio == primeira_final
    assert "Correção do número de vagas de ADM-RJ." in html
    assert "Retificação nº 1" in html
    assert "10/03/2026" in html


def test_inscricao_so_e_oferecida_com_inscricoes_abertas(client, catalogo, cenario):
    aberta = catalogo["direito_df"]
    html = client.get(reverse("publico:selecao", args=[aberta.pk])).content.decode()
    assert f'href="/inscricao/selecao/{aberta.pk}/"' in html
    encerrada = client.get(reverse("publico:selecao", args=[cenario.selecao.pk]))
    assert "Inscrever-se" not in encerrada.content.decode()


def test_inicio_destaca_inscricoes_abertas(client, catalogo):
    html = client.get(reverse("inicio")).content.decode()
    assert "Estágio em Direito" in html
    assert "Estágio em Contabilidade" not in html
    assert "Rascunho secreto" not in html


def test_orgao_sem_selecao_publicada_nao_aparece_no_filtro(client, catalogo):
    OrgaoFactory(sigla="VAZIO")
    html = client.get(URL).content.decode()
    assert 'value="MIR"' in html
    assert 'value="VAZIO"' not in html
