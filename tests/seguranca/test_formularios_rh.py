"""Entrada hostil nos formulários do RH, pela gestora do órgão
(o papel que alcança todos os caminhos). Nenhum 500 e, quando a resposta não é
sucesso, nada gravado (tests/seguranca/hostil.py)."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from hypothesis import example, given
from hypothesis import strategies as st

from candidatos.models import SituacaoConvocacao
from selecoes.forms.vagas import MAX_CRITERIOS, MAX_VAGAS
from tests.seguranca.estrategias import (
    arquivos_hostis,
    contagens_de_formset,
    post_hostil,
    valores_hostis,
)
from tests.seguranca.hostil import CACHE_LOCAL, HOSTIL, Enviador, cliente_logado
from tests.seguranca.mundo_rh import criar_mundo_rh
from tests.selecoes.formularios import edital_post

pytestmark = [
    pytest.mark.hostil,
    pytest.mark.filterwarnings("ignore::django.core.cache.CacheKeyWarning"),
]


@pytest.fixture
def mundo(db, settings, tmp_path, orgao, alice):
    settings.CACHES = CACHE_LOCAL
    settings.MEDIA_ROOT = tmp_path
    return criar_mundo_rh(orgao, alice)


@pytest.fixture
def enviador(mundo, sem_captura_de_templates):
    return Enviador(cliente_logado(mundo.gestor))


def _daqui(dias: int = 0, formato: str = "%Y-%m-%dT%H:%M") -> str:
    return (timezone.localtime() + dt.timedelta(days=dias)).strftime(formato)


def _local(momento: dt.datetime) -> str:
    return timezone.localtime(momento).strftime("%Y-%m-%dT%H:%M")


def _com_arquivo(dados, campo, arquivo):
    if arquivo is None:
        return dados
    arquivo.seek(0)
    return {**dados, campo: arquivo}


# --- Seleção: criar, editar, retificar (com vagas e critérios em linha) --------------------


def _edital_valido(mundo, numero: str, selecao=None) -> dict[str, str]:
    vagas, criterios = [{"codigo": "DIR"}, {"codigo": "ADM", "vagas_ofertadas": "1"}], [{}]
    iniciais = {}
    if selecao is not None:
        ids = list(selecao.vagas.order_by("pk").values_list("pk", flat=True))
        vagas = [{**v, "id": i} for v, i in zip(vagas, ids, strict=True)]
        criterio = selecao.criterios.get()
        criterios = [{"id": criterio.pk, "codigo": "prova", "nome": "Prova", "nota_maxima": "10"}]
        iniciais = {"iniciais_vagas": len(vagas), "iniciais_criterios": 1}
    datas = {
        "data_publicacao_edital": _daqui(formato="%Y-%m-%d"),
        "inscricoes_inicio": _daqui(1),
        "inscricoes_fim": _daqui(20),
    }
    if selecao is not None:
        datas = {
            "data_publicacao_edital": selecao.data_publicacao_edital.isoformat(),
            "inscricoes_inicio": _local(selecao.inscricoes_inicio),
            "inscricoes_fim": _local(selecao.inscricoes_fim),
        }
    dados = edital_post(
        numero_edital=numero,
        **datas,
        vagas=vagas,
        criterios=criterios,
        negros_posicoes="3, 8",
        negros_intervalo="5",
        pcd_posicoes="5",
        **iniciais,
    )
    if selecao is None:
        dados["orgao"] = str(mundo.orgao.pk)
    return dados


def test_entrada_hostil_selecao_criar(mundo, enviador):
    url = reverse("selecoes:criar")

    validos = _edital_valido(mundo, "9/2026")

    @HOSTIL
    @given(dados=post_hostil(validos, por_campo=contagens_de_formset(validos)))
    @example(dados=validos)
    def criar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    criar()
    assert enviador.sucessos > 0


def test_entrada_hostil_selecao_editar_rascunho(mundo, enviador):
    url = reverse("selecoes:editar", args=[mundo.rascunho.pk])

    validos = _edital_valido(mundo, "101/2026", mundo.rascunho)

    @HOSTIL
    @given(dados=post_hostil(validos, por_campo=contagens_de_formset(validos)))
    @example(dados=validos)
    def editar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    editar()
    assert enviador.sucessos > 0


def test_entrada_hostil_selecao_retificar(mundo, enviador):
    url = reverse("selecoes:retificar", args=[mundo.publicada.pk])
    validos = {
        **_edital_valido(mundo, "102/2026", mundo.publicada),
        "titulo": "Título retificado",
        "motivo": "Erro material no título.",
        "data_retificacao": _daqui(formato="%Y-%m-%d"),
    }
    # Publicar pede a confirmação da prévia: o hash do conteúdo cujas diferenças a tela mostrou.
    previa = enviador.cliente.post(url, validos)
    validos["previa"] = re.search(r'name="previa" value="(\w{64})"', previa.text).group(1)

    @HOSTIL
    @given(dados=post_hostil(validos, por_campo=contagens_de_formset(validos)))
    @example(dados=validos)
    def retificar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    retificar()
    assert enviador.sucessos > 0


@pytest.mark.parametrize(
    ("prefixo", "limite"), [("vagas", MAX_VAGAS), ("criterios", MAX_CRITERIOS)]
)
def test_entrada_hostil_formset_com_contagem_enorme_para_no_limite(
    mundo, enviador, prefixo, limite
):
    url = reverse("selecoes:editar", args=[mundo.rascunho.pk])
    dados = {**_edital_valido(mundo, "101/2026", mundo.rascunho)}
    dados[f"{prefixo}-TOTAL_FORMS"] = str(10**9)

    html = enviador.enviar(url, dados).content.decode()

    assert f'name="{prefixo}-{limite - 1}-codigo"' in html
    assert f'name="{prefixo}-{limite}-codigo"' not in html
    assert f"no máximo {limite}" in html


def test_entrada_hostil_previa_do_quadro_de_reserva(mundo, enviador):
    url = reverse("selecoes:previa_reserva")

    validos = _edital_valido(mundo, "9/2026")

    @HOSTIL
    @given(dados=post_hostil(validos))
    def previa(dados):
        with enviador.exemplo():
            resposta = enviador.enviar(url, dados)
        assert resposta.status_code == 200

    previa()


# --- Classificação: grade e sorteio ------------------------------------------------------


def test_entrada_hostil_grade_de_notas(mundo, enviador):
    vaga = mundo.vaga_publicada
    url = reverse("classificacao:notas", args=[vaga.pk])
    inscricoes = list(vaga.inscricoes.order_by("numero").values_list("pk", flat=True))
    validos = {
        "grade-TOTAL_FORMS": str(len(inscricoes)),
        "grade-INITIAL_FORMS": str(len(inscricoes)),
    }
    for i, pk in enumerate(inscricoes):
        validos |= {
            f"grade-{i}-inscricao": str(pk),
            f"grade-{i}-situacao": "aprovado",
            f"grade-{i}-nota_prova": "7,25",
        }

    @HOSTIL
    @given(
        dados=post_hostil(validos, por_campo=contagens_de_formset(validos)),
        pagina=st.one_of(st.none(), valores_hostis()),
    )
    @example(dados=validos, pagina=None)
    def salvar(dados, pagina):
        consulta = "" if pagina is None else "?" + _consulta({"page": pagina})
        with enviador.exemplo():
            enviador.enviar(url + consulta, dados)

    salvar()
    assert enviador.sucessos > 0


def _consulta(parametros):
    from urllib.parse import urlencode

    return urlencode(parametros)


def test_entrada_hostil_sorteio(mundo, enviador):
    url = reverse("classificacao:sorteio", args=[mundo.vaga_publicada.pk])
    validos = {
        "semente": "12345",
        "fonte_semente": "",
        "realizar_a_partir_de": _daqui(2),
        "descricao": "Sessão pública.",
    }

    @HOSTIL
    @given(dados=post_hostil(validos))
    @example(dados=validos)
    def sortear(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    sortear()
    assert enviador.sucessos > 0


def test_entrada_hostil_publicar_resultado(mundo, enviador):
    url = reverse("classificacao:publicar", args=[mundo.classificada.pk])
    validos = {
        "chave": "6f1c6c0e-5d55-4a39-9d0e-2b1a3c4d5e6f",
        # O final aqui seria recusado já no formulário (há recurso pendente no mundo).
        "tipo": "preliminar",
        "motivo": "Recurso deferido.",
        "recurso_inicio": _daqui(1),
        "recurso_fim": _daqui(3),
    }

    @HOSTIL
    @given(dados=post_hostil(validos))
    @example(dados=validos)
    def publicar(dados):
        with enviador.exemplo():
            enviador.enviar(url, dados)

    publicar()
    assert enviador.sucessos > 0


# --- Recursos ---------------------------------------------------------------------------


def test_entrada_hostil_recursos_registrar_corrigir_e_decidir(mundo, enviador):
    selecao = mundo.classificada
    urls = {
        "novo": reverse("classificacao:recurso_novo", args=[selecao.pk]),
        "editar": reverse("classificacao:recurso_editar", args=[selecao.pk, mundo.recurso.pk]),
        "decidir": reverse("classificacao:recurso_decidir", args=[mundo.recurso.pk]),
    }
    validos = {
        "inscricao": str(mundo.livre.pk),
        "assunto": "Revisão da nota",
        "texto": "Peço a revisão.",
        "recebido_em": _daqui(),
        "situacao": "deferido",
        "fundamentacao": "Erro de soma.",
    }

    @HOSTIL
    @given(dados=post_hostil(validos), qual=st.sampled_from(sorted(urls)))
    @example(dados=validos, qual=sorted(urls)[0])
    def recorrer(dados, qual):
        with enviador.exemplo():
            enviador.enviar(urls[qual], dados)

    recorrer()
    assert enviador.sucessos > 0


# --- Eliminação (art. 2º, parágrafo único) ------------------------------------------------


def test_entrada_hostil_processo_de_eliminacao_abrir(mundo, enviador):
    url = reverse("classificacao:processo_abrir", args=[mundo.livre.pk])
    validos = {"motivo": "Denúncia recebida.", "evidencias": "Foto."}

    @HOSTIL
    @given(dados=post_hostil(validos), arquivo=st.one_of(st.none(), arquivos_hostis()))
    @example(dados=validos, arquivo=None)
    def abrir(dados, arquivo):
        with enviador.exemplo():
            enviador.enviar(url, _com_arquivo(dados, "arquivo", arquivo))

    abrir()
    assert enviador.sucessos > 0


def test_entrada_hostil_processo_de_eliminacao_etapas(mundo, enviador):
    aberto, em_defesa = mundo.processo_aberto.pk, mundo.processo_em_defesa.pk
    etapas = {
        "notificar": (reverse("classificacao:processo_notificar", args=[aberto]), None),
        "defesa": (reverse("classificacao:processo_defesa", args=[em_defesa]), None),
        "decidir": (reverse("classificacao:processo_decidir", args=[em_defesa]), "documento"),
    }
    validos = {
        "prazo_defesa": _daqui(10, "%Y-%m-%d"),
        "defesa": "Sou pardo; junto fotos.",
        "procedente": "0",
        "fundamentacao": "Banca de heteroidentificação confirmou a declaração.",
    }

    @HOSTIL
    @given(
        dados=post_hostil(validos),
        etapa=st.sampled_from(sorted(etapas)),
        arquivo=st.one_of(st.none(), arquivos_hostis()),
    )
    @example(dados=validos, etapa=sorted(etapas)[0], arquivo=None)
    def avancar(dados, etapa, arquivo):
        url, campo = etapas[etapa]
        with enviador.exemplo():
            enviador.enviar(url, _com_arquivo(dados, campo, arquivo) if campo else dados)

    avancar()
    assert enviador.sucessos > 0


# --- Convocação e desfechos ----------------------------------------------------------------


def test_entrada_hostil_convocar_e_vagas_surgidas(mundo, enviador):
    urls = {
        "convocar": reverse("classificacao:convocar", args=[mundo.vaga.pk]),
        "surgidas": reverse("classificacao:vagas_surgidas", args=[mundo.vaga.pk]),
    }
    validos = {"quantidade": "1", "prazo_resposta": _daqui(5), "motivo": "Portaria nº 12."}

    @HOSTIL
    @given(dados=post_hostil(validos), qual=st.sampled_from(sorted(urls)))
    @example(dados=validos, qual=sorted(urls)[0])
    def convocar(dados, qual):
        with enviador.exemplo():
            enviador.enviar(urls[qual], dados)

    convocar()
    assert enviador.sucessos > 0


def test_entrada_hostil_contratar_encerrar_e_desistir(mundo, enviador):
    convocacao = mundo.convocacao.pk
    urls = {
        "contratar": reverse("classificacao:contratar", args=[convocacao]),
        "encerrar": reverse("classificacao:encerrar", args=[convocacao]),
        "desistencia": reverse("classificacao:desistencia_inscricao", args=[mundo.livre.pk]),
    }
    validos = {
        "data_inicio": _daqui(7, "%Y-%m-%d"),
        "numero_tce": "TCE 12/2026",
        "situacao": SituacaoConvocacao.RECUSADA,
        "data": _daqui(formato="%Y-%m-%d"),
        "motivo": "E-mail do candidato.",
    }

    @HOSTIL
    @given(dados=post_hostil(validos), qual=st.sampled_from(sorted(urls)))
    @example(dados=validos, qual=sorted(urls)[0])
    def decidir(dados, qual):
        with enviador.exemplo():
            enviador.enviar(urls[qual], dados)

    decidir()
    assert enviador.sucessos > 0


# --- Pedidos de documentos e filtros (GET) ----------------------------------------------


def test_entrada_hostil_pedidos_de_documentos(mundo, enviador):
    versao = mundo.classificada.resultados.order_by("pk").first()
    urls = [
        reverse("documentos:gerar_anexo", args=[mundo.publicada.pk]),
        reverse("documentos:gerar_resultado", args=[versao.pk]),
        reverse("documentos:gerar_comprovante", args=[mundo.livre.pk]),
        reverse("documentos:selecao", args=[mundo.classificada.pk]),
    ]

    @HOSTIL
    @given(
        dados=st.dictionaries(valores_hostis(), valores_hostis(), max_size=5),
        url=st.sampled_from(urls),
    )
    def pedir(dados, url):
        with enviador.exemplo():
            metodo = "get" if url.endswith(f"selecao/{mundo.classificada.pk}/") else "post"
            enviador.enviar(url, dados, metodo=metodo)

    pedir()


def test_entrada_hostil_filtros_e_listas(mundo, enviador):
    versao = mundo.classificada.resultados.order_by("pk").last()
    urls = [
        reverse("selecoes:lista"),
        reverse("inscricoes:lista", args=[mundo.publicada.pk]),
        reverse("classificacao:vaga", args=[mundo.vaga.pk]),
        reverse("selecoes:versoes", args=[mundo.publicada.pk]),
        reverse("classificacao:auditoria", args=[mundo.classificada.pk]),
        reverse("classificacao:auditoria_inscricao", args=[mundo.livre.pk]),
        reverse("classificacao:comparar", args=[versao.pk]),
        reverse("selecoes:anexo", args=[mundo.publicada.pk]),
        reverse("publico:selecoes"),
        reverse("inscricao_publica:lista"),
    ]
    nomes = ["q", "situacao", "ano", "page", "vaga", "concorre_negros", "concorre_pcd"]
    nomes += ["sensiveis", "lista", "a", "b", "orgao", "uf", "municipio", "nivel", "area"]
    nomes += ["acao", "formato", "com", "versao"]
    # Consultas lidas por formulário (selecoes.consulta): parâmetro ilegível é 400.
    com_identificador = {
        reverse("selecoes:versoes", args=[mundo.publicada.pk]),
        reverse("classificacao:comparar", args=[versao.pk]),
        reverse("selecoes:anexo", args=[mundo.publicada.pk]),
        reverse("classificacao:auditoria", args=[mundo.classificada.pk]),
    }

    @HOSTIL
    @given(
        filtros=st.dictionaries(st.sampled_from(nomes), valores_hostis(), max_size=6),
        url=st.sampled_from(urls),
    )
    def filtrar(filtros, url):
        with enviador.exemplo():
            resposta = enviador.enviar(url, filtros, metodo="get")
        # 400: identificador ilegível em ?a=, ?b=, ?com= ou ?versao=, ou ?acao= longo demais.
        aceitos = (200, 400, 404) if url in com_identificador else (200, 404)
        assert resposta.status_code in aceitos

    filtrar()
