from django.apps import AppConfig


class CandidatosConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "candidatos"
    verbose_name = "Inscrições e resultados"

    def ready(self) -> None:
        """Nova versão do resultado publicada: as decisões de recurso tomadas até ela
        chegam aos candidatos (``selecoes/eventos.py``)."""
        from candidatos.services.recursos import decisoes_comunicar
        from selecoes.eventos import Evento, assinar

        assinar(Evento.RESULTADO_PUBLICADO, decisoes_comunicar)
