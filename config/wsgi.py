import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.seguranca import anunciar_proxies  # noqa: E402 - depende do Django configurado

anunciar_proxies()
