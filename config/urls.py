from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from candidatos.views import publico as publico_views
from config import govbr
from selecoes import views as selecoes_views
from selecoes.govbr import views as govbr_views

conta = [
    path("entrar/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("sair/", govbr.sair, name="logout"),
    path("govbr/entrar/", govbr.entrar, {"perfil": "candidato"}, name="govbr_entrar"),
    path("govbr/entrar/rh/", govbr.entrar, {"perfil": "rh"}, name="govbr_entrar_rh"),
    path("govbr/retorno/", govbr.retorno, name="govbr_retorno"),
    path("senha/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "senha/alterada/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path("senha/recuperar/", selecoes_views.recuperar_senha, name="password_reset"),
    path(
        "senha/recuperar/enviado/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "senha/redefinir/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "senha/redefinida/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]

urlpatterns = [
    path("", publico_views.inicio, name="inicio"),
    path("conta/", include(conta)),
    path("rh/", selecoes_views.painel, name="painel"),
    path("rh/servidores/", govbr_views.servidores, name="servidores"),
    path("rh/servidores/<int:usuario_id>/cpf/", govbr_views.registrar_cpf, name="servidores_cpf"),
    path("rh/selecoes/", include("selecoes.urls")),
    path("rh/inscricoes/", include("candidatos.urls.inscricoes")),
    path("rh/classificacao/", include("candidatos.urls.classificacao")),
    path("rh/heteroidentificacao/", include("candidatos.urls.heteroidentificacao")),
    path("rh/pendencias/", include("relatorios.pendencias.urls")),
    path("rh/mensagens/", include("selecoes.urls_mensagens")),
    path("rh/comissao/", include("candidatos.urls.comissao")),
    path("inscricao/", include("candidatos.urls.inscricao_publica")),
    path("convocacao/", include("candidatos.urls.convocacao_publica")),
    path("publico/", include("candidatos.urls.publico")),
    path("documentos/", include("relatorios.documentos.urls")),
    path("monitoramento/", include("relatorios.monitoramento.urls")),
    path("admin/", admin.site.urls),
]
