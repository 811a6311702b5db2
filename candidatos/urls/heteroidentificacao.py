"""Telas do RH da heteroidentificação: /rh/heteroidentificacao/…"""

from django.urls import path

from candidatos.views import heteroidentificacao as views

app_name = "heteroidentificacao"
urlpatterns = [
    path("comissoes/", views.comissoes, name="comissoes"),
    path("comissoes/nova/", views.comissao_nova, name="comissao_nova"),
    path("comissao/<int:pk>/", views.comissao, name="comissao"),
    path("comissao/<int:pk>/editar/", views.comissao_editar, name="comissao_editar"),
    path("comissao/<int:pk>/membros/", views.membro_incluir, name="membro_incluir"),
    path("membro/<int:pk>/desligar/", views.membro_desligar, name="membro_desligar"),
    path("selecao/<int:pk>/", views.selecao, name="selecao"),
    path("selecao/<int:pk>/regras/", views.regras, name="regras"),
    path("selecao/<int:pk>/chamados/", views.chamados_montar, name="chamados_montar"),
    path("selecao/<int:pk>/sessoes/nova/", views.sessao_nova, name="sessao_nova"),
    path("selecao/<int:pk>/preliminar/", views.preliminar, name="preliminar"),
    path("selecao/<int:pk>/final/", views.final, name="final"),
    path("sessao/<int:pk>/", views.sessao, name="sessao"),
    path("sessao/<int:pk>/convocar/", views.sessao_convocar, name="sessao_convocar"),
    path("sessao/<int:pk>/gravacao/", views.gravacao_enviar, name="gravacao_enviar"),
    path("chamado/<int:pk>/", views.chamado, name="chamado"),
    path("chamado/<int:pk>/presenca/", views.presenca, name="presenca"),
    path("chamado/<int:pk>/apurar/", views.apurar, name="apurar"),
    path("chamado/<int:pk>/recurso/", views.recurso_novo, name="recurso_novo"),
    path("recurso-hetero/<int:pk>/julgar/", views.recurso_julgar, name="recurso_julgar"),
    path("gravacao/<int:pk>/", views.gravacao, name="gravacao"),
]
