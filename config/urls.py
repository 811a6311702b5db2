from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from candidatos.views import publico as publico_views
from selecoes import views as selecoes_views

conta = [
    path("entrar/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("sair/", auth_views.LogoutView.as_view(), name="logout"),
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
    path("rh/selecoes/", include("selecoes.urls")),
    path("rh/inscricoes/", include("candidatos.urls.inscricoes")),
    path("rh/classificacao/", include("candidatos.urls.classificacao")),
    path("inscricao/", include("candidatos.urls.inscricao_publica")),
    path("convocacao/", include("candidatos.urls.convocacao_publica")),
    path("publico/", include("candidatos.urls.publico")),
    path("documentos/", include("relatorios.documentos.urls")),
    path("monitoramento/", include("relatorios.monitoramento.urls")),
    path("admin/", admin.site.urls),
]
