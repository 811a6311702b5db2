from django.apps import AppConfig


class SelecoesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "selecoes"
    verbose_name = "Seleções e editais"
