"""Renderizador dos formulários: um só modelo de campo para todo o projeto."""

from django.forms.renderers import TemplatesSetting


class Renderizador(TemplatesSetting):
    """``{{ form.campo.as_field_group }}`` desenha ``includes/campo.html``."""

    field_template_name = "includes/campo.html"
