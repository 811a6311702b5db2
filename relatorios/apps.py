from django.apps import AppConfig


class RelatoriosConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "relatorios"
    verbose_name = "Documentos e relatórios"

    def ready(self) -> None:
        from relatorios import signals

        signals.conectar()
