from django.urls import path

from selecoes import views

app_name = "selecoes"
urlpatterns = [
    path("", views.lista, name="lista"),
    path("nova/", views.criar, name="criar"),
    path("previa-reserva/", views.previa_reserva, name="previa_reserva"),
    path("<int:pk>/", views.detalhe, name="detalhe"),
    path("<int:pk>/editar/", views.editar, name="editar"),
    path("<int:pk>/publicar/", views.publicar, name="publicar"),
    path("<int:pk>/retificar/", views.retificar, name="retificar"),
    path("<int:pk>/versoes/", views.versoes, name="versoes"),
    path("<int:pk>/anexo/", views.anexo, name="anexo"),
]
