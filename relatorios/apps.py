from django.apps import AppConfig


class RelatoriosConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "relatorios"
    verbose_name = "Documentos e relatórios"

    def ready(self) -> None:
        """Os documentos assinam os eventos de domínio (``selecoes/eventos.py``).

        Cada assinante só pede a geração (a tarefa vai à fila depois do commit): o
        documento nunca lê um estado não gravado e uma falha aqui vai para o log sem
        desfazer a ação de quem emitiu.
        """
        from relatorios.documentos import services
        from selecoes.eventos import Evento, assinar

        assinar(Evento.RASCUNHO_ALTERADO, services.ao_alterar_rascunho)
        assinar(Evento.EDITAL_PUBLICADO, services.ao_publicar_versao_edital)
        assinar(Evento.EDITAL_RETIFICADO, services.ao_publicar_versao_edital)
        assinar(Evento.RESULTADO_PUBLICADO, services.ao_publicar_resultado)
        for evento in (
            Evento.INSCRICAO_SUBSTITUIDA,
            Evento.INSCRICAO_DESISTENTE,
            Evento.INSCRICAO_ELIMINADA,
        ):
            assinar(evento, services.ao_alterar_inscricoes)
