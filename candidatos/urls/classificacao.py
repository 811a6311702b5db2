from django.urls import path

from candidatos.views import auditoria, classificacao, convocacao, lote, resultados

app_name = "classificacao"
urlpatterns = [
    path("", classificacao.inicio, name="inicio"),
    path("selecao/<int:pk>/", classificacao.painel, name="painel"),
    path("selecao/<int:pk>/notas/importar/", classificacao.importar_notas, name="importar_notas"),
    path(
        "selecao/<int:pk>/notas/modelo.csv", classificacao.modelo_planilha, name="modelo_planilha"
    ),
    path("selecao/<int:pk>/publicar/", resultados.publicar, name="publicar"),
    path("selecao/<int:pk>/publicacao/<uuid:chave>/", resultados.publicacao, name="publicacao"),
    path(
        "selecao/<int:pk>/publicacao/<uuid:chave>/progresso.json",
        resultados.publicacao_progresso,
        name="publicacao_progresso",
    ),
    path("selecao/<int:pk>/resultados/", resultados.versoes, name="versoes"),
    path("selecao/<int:pk>/recursos/", resultados.recursos, name="recursos"),
    path("selecao/<int:pk>/recursos/novo/", resultados.recurso_form, name="recurso_novo"),
    path(
        "selecao/<int:pk>/recursos/<int:recurso_pk>/editar/",
        resultados.recurso_form,
        name="recurso_editar",
    ),
    path("selecao/<int:pk>/eliminacoes/", convocacao.processos, name="processos"),
    path("selecao/<int:pk>/auditoria/", auditoria.por_selecao, name="auditoria"),
    path("selecao/<int:pk>/lote/", lote.selecao_lote, name="lote"),
    path("lote/convocar/", lote.convocar, name="lote_convocar"),
    path("lote/convocacoes/", lote.convocacoes, name="lote_convocacoes"),
    path("recurso/<int:pk>/decidir/", resultados.recurso_decidir, name="recurso_decidir"),
    path("anexo-candidato/<int:pk>/", resultados.anexo_candidato, name="anexo_candidato"),
    path("resultado/<int:pk>/", resultados.versao, name="versao"),
    path("resultado/<int:pk>/conteudo.json", resultados.versao_json, name="versao_json"),
    path("resultado/<int:pk>/comparar/", resultados.comparar, name="comparar"),
    path("vaga/<int:pk>/", convocacao.vaga, name="vaga"),
    path("vaga/<int:pk>/notas/", classificacao.notas, name="notas"),
    path(
        "vaga/<int:pk>/notas/aprovar/",
        classificacao.notas_aprovar_corte,
        name="notas_aprovar_corte",
    ),
    path("vaga/<int:pk>/sorteio/", classificacao.sorteio, name="sorteio"),
    path("vaga/<int:pk>/convocar/", convocacao.convocar, name="convocar"),
    path("vaga/<int:pk>/vagas-surgidas/", convocacao.vagas_surgidas, name="vagas_surgidas"),
    path("sorteio/<int:pk>/", classificacao.sorteio_detalhe, name="sorteio_detalhe"),
    path(
        "sorteio/anuncio/<int:pk>/realizar/",
        classificacao.sorteio_realizar,
        name="sorteio_realizar",
    ),
    path("convocacao/<int:pk>/", convocacao.convocacao, name="convocacao"),
    path("convocacao/<int:pk>/contratar/", convocacao.contratar, name="contratar"),
    path("convocacao/<int:pk>/encerrar/", convocacao.encerrar, name="encerrar"),
    path("inscricao/<int:pk>/", classificacao.inscricao, name="inscricao"),
    path("inscricao/<int:pk>/auditoria/", auditoria.por_inscricao, name="auditoria_inscricao"),
    path(
        "inscricao/<int:pk>/desistencia/",
        convocacao.desistencia_inscricao,
        name="desistencia_inscricao",
    ),
    path("inscricao/<int:pk>/eliminacao/", convocacao.processo_abrir, name="processo_abrir"),
    path("eliminacao/<int:pk>/", convocacao.processo, name="processo"),
    path(
        "eliminacao/<int:pk>/notificar/", convocacao.processo_notificar, name="processo_notificar"
    ),
    path("eliminacao/<int:pk>/defesa/", convocacao.processo_defesa, name="processo_defesa"),
    path("eliminacao/<int:pk>/decidir/", convocacao.processo_decidir, name="processo_decidir"),
    path(
        "eliminacao/<int:pk>/arquivo/<str:qual>/",
        convocacao.processo_arquivo,
        name="processo_arquivo",
    ),
]
