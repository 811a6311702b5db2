"""Configuração do gunicorn usada pelo Procfile (docs/implantacao.md, "Servidor web").

Workers ``gthread``: cada conexão aceita espera dados no laço principal, sem ocupar
thread, e só vai para uma thread quando chegam bytes; um cliente lento que manda o
cabeçalho aos poucos ocupa uma thread, não o processo inteiro, como no worker
``sync``. A defesa completa contra clientes lentos é o proxy reverso documentado,
que recebe o pedido inteiro antes de repassá-lo (``proxy_request_buffering``) e
derruba quem demora a mandar os cabeçalhos (``client_header_timeout``).
"""

import os


def _inteiro(nome: str, padrao: int) -> int:
    valor = os.environ.get(nome)
    return int(valor) if valor else padrao


wsgi_app = "config.wsgi:application"
bind = f"{os.environ.get('WEB_HOST', '0.0.0.0')}:{_inteiro('PORT', 8000)}"  # noqa: S104 - nó atrás do proxy
workers = _inteiro("WEB_CONCURRENCY", 2)
worker_class = "gthread"
# Threads por processo: pedidos simultâneos (e clientes lentos tolerados sem proxy).
threads = _inteiro("GUNICORN_THREADS", 32)
# Um pedido que passa disto reinicia o processo (a importação grande vai para o Celery).
timeout = _inteiro("GUNICORN_TIMEOUT", 30)
graceful_timeout = _inteiro("GUNICORN_GRACEFUL_TIMEOUT", 30)
# Conexões ociosas mantidas abertas (s); o proxy reaproveita as suas.
keepalive = _inteiro("GUNICORN_KEEPALIVE", 5)
# Recicla processos de tempos em tempos (vazamentos de memória de bibliotecas).
max_requests = _inteiro("GUNICORN_MAX_REQUESTS", 2000)
max_requests_jitter = 200
# Cabeçalhos enormes são recusados antes de chegar ao Django.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
accesslog = "-"
errorlog = "-"
# Sem o socket de controle (gunicornc): ele ficaria na pasta pessoal, comum a todos
# os gunicorn da máquina.
control_socket_disable = True
