from django.urls import path

from relatorios.pendencias import views

app_name = "pendencias"
urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("orgao/<int:orgao_pk>/", views.do_orgao, name="orgao"),
]
