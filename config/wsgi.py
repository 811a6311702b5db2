import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from config.seguranca import anunciar_proxies  # noqa: E402 - depende do Django configurado
from config.verificacoes import avisar_redis_do_broker  # noqa: E402

anunciar_proxies()
avisar_redis_do_broker()
