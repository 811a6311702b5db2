from django.apps import AppConfig


class ProvedorGovBrConfig(AppConfig):
    name = "tests.provedor_govbr"
    label = "provedor_govbr"
    verbose_name = "provedor gov.br local"
