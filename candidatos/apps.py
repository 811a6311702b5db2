from django.apps import AppConfig


class CandidatosConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "candidatos"
    verbose_name = "Inscrições e resultados"

    def ready(self) -> None:
        """As páginas públicas de resultado assinam os eventos que mudam o que mostram
        (``candidatos/services/estado_publico.py``); uma nova versão do resultado leva
        aos candidatos as decisões de recurso tomadas até ela (``services/recursos.py``)."""
        from candidatos.services import estado_publico
        from candidatos.services.recursos import decisoes_comunicar
        from selecoes.eventos import Evento, assinar

        assinar(Evento.RESULTADO_PUBLICADO, estado_publico.ao_publicar_resultado)
        assinar(Evento.RESULTADO_PUBLICADO, decisoes_comunicar)
        assinar(Evento.CONVOCACAO_ALTERADA, estado_publico.ao_alterar_convocacao)
        assinar(Evento.HETEROIDENTIFICACAO_FINAL, estado_publico.ao_alterar_convocacao)
        for evento in (
            Evento.INSCRICAO_SUBSTITUIDA,
            Evento.INSCRICAO_DESISTENTE,
            Evento.INSCRICAO_ELIMINADA,
        ):
            assinar(evento, estado_publico.ao_alterar_inscricoes)
