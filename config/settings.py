"""Configuração do sistema, lida do ambiente (tabela no README)."""

from datetime import timedelta
from pathlib import Path

import dj_database_url
from celery.schedules import crontab
from django.core.management.utils import get_random_secret_key

from config import ambiente

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(ambiente.texto("VAR_DIR", str(BASE_DIR / "var")))
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = ambiente.booleano("DEBUG", False)
SECRET_KEY = ambiente.texto("SECRET_KEY") or (
    "inseguro-somente-desenvolvimento-" + get_random_secret_key() if DEBUG else ""
)
if not SECRET_KEY:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("Defina SECRET_KEY (ou DEBUG=1 em desenvolvimento).")

# Segredo dos códigos de lista (selecoes/sigilo.py): não muda depois do primeiro
# resultado publicado, senão as listas sem nomes já publicadas mudam de código.
SIGILO_LISTAS_SEGREDO = ambiente.texto("SIGILO_LISTAS_SEGREDO") or SECRET_KEY

ALLOWED_HOSTS = ambiente.lista("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = ambiente.lista("CSRF_TRUSTED_ORIGINS")
SITE_URL = ambiente.texto("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.forms",
    "crispy_forms",
    "crispy_bootstrap5",
    "axes",
    "pgtrigger",
    "selecoes",
    "candidatos",
    "relatorios",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.seguranca.CabecalhosSegurancaMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.uploads.LimiteEnvioMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "selecoes.context_processors.sistema",
                "relatorios.menu.menu",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        ambiente.texto("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=ambiente.inteiro("DB_CONN_MAX_AGE", 0 if DEBUG else 60),
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = ambiente.texto("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": ambiente.texto("CACHE_KEY_PREFIX", "estagio"),
            # Um Redis fora do ar não pode prender o pedido: sem ele, as páginas
            # seguem sem cache (selecoes/cache.py).
            "OPTIONS": {
                "socket_connect_timeout": ambiente.real("REDIS_TIMEOUT", 0.5),
                "socket_timeout": ambiente.real("REDIS_TIMEOUT", 0.5),
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 10},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    "config.seguranca.BloqueioLoginBackend",
    "config.seguranca.SenhaBackend",
    # Só mantém as sessões abertas pelo retorno do gov.br (selecoes/govbr); não autentica.
    "selecoes.govbr.sessao.SessaoGovBrBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "painel"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "pt-br"
LANGUAGES = [("pt-br", "Português (Brasil)")]
TIME_ZONE = "America/Sao_Paulo"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(ambiente.texto("STATIC_ROOT", str(VAR_DIR / "staticfiles")))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
# Com vários nós, MEDIA_ROOT é o volume comum a todos (o worker grava o PDF que outro
# nó serve) e VAR_DIR fica local a cada um (docs/implantacao.md, "Vários nós").
MEDIA_ROOT = Path(ambiente.texto("MEDIA_ROOT", str(VAR_DIR / "media")))
# Arquivos enviados (laudos, decisões, PDFs) nunca são servidos diretamente:
# passam por views que verificam a permissão de quem pede.
MEDIA_URL = "/arquivos/"
STORAGES = {
    "default": {
        "BACKEND": ambiente.texto("STORAGE_BACKEND", "django.core.files.storage.FileSystemStorage")
    },
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
FILE_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 20 * 1024 * 1024
# Maior arquivo recebido (MB): sem login (laudo médico, que o formulário limita a 5 MB
# com mensagem própria) e do RH (planilhas e documentos: 20 MB nos formulários).
# Acima disso o envio é recusado pelo Content-Length ou interrompido enquanto chega,
# antes de ir para o disco (config/uploads.py).
UPLOAD_MAXIMO_ANONIMO_MB = ambiente.inteiro("UPLOAD_MAXIMO_ANONIMO_MB", 6)
UPLOAD_MAXIMO_MB = ambiente.inteiro("UPLOAD_MAXIMO_MB", 25)
FILE_UPLOAD_HANDLERS = [
    "config.uploads.LimiteUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
# Planilhas importadas (candidatos/planilhas.py; docs/importacao.md): conferidos
# durante a leitura, antes de montar o arquivo inteiro.
PLANILHA_MAX_LINHAS = ambiente.inteiro("PLANILHA_MAX_LINHAS", 100_000)
PLANILHA_MAX_MB = ambiente.inteiro("PLANILHA_MAX_MB", 50)
# Acima deste tamanho descomprimido, a prévia da importação roda numa tarefa Celery.
IMPORTACAO_ASSINCRONA_KB = ambiente.inteiro("IMPORTACAO_ASSINCRONA_KB", 1024)

# Um só modelo de campo (templates/includes/campo.html) para {{ form.x.as_field_group }}.
FORM_RENDERER = "selecoes.forms.renderizador.Renderizador"
CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

EMAIL_BACKEND = ambiente.texto(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = ambiente.texto("EMAIL_HOST", "localhost")
EMAIL_PORT = ambiente.inteiro("EMAIL_PORT", 25)
EMAIL_HOST_USER = ambiente.texto("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = ambiente.texto("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = ambiente.booleano("EMAIL_USE_TLS", False)
# Segundos de espera pelo servidor SMTP; todo e-mail sai pelo worker Celery.
EMAIL_TIMEOUT = ambiente.inteiro("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = ambiente.texto(
    "DEFAULT_FROM_EMAIL", "Seleções de Estágio <nao-responda@localhost>"
)
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Caixa de saída local (/rh/mensagens/): o texto de cada mensagem legível no navegador.
# Só em desenvolvimento: em produção as mensagens levam os links pessoais dos candidatos
# (convocação, recusa) e de redefinição de senha, que o RH não deve ler (selecoes/correio.py).
CAIXA_SAIDA_LOCAL = ambiente.booleano("CAIXA_SAIDA_LOCAL", DEBUG)

# Celery: sem CELERY_BROKER_URL, um broker embutido em arquivos (var/celery)
# dispensa servidor; nunca o modo "eager".
CELERY_BROKER_URL = ambiente.texto("CELERY_BROKER_URL") or "filesystem://"
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"visibility_timeout": 3600}
if CELERY_BROKER_URL.startswith("filesystem"):
    _pasta_fila = VAR_DIR / "celery"
    for _sub in ("fila", "processadas", "controle"):
        (_pasta_fila / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_pasta_fila / "fila"),
        "data_folder_out": str(_pasta_fila / "fila"),
        "processed_folder": str(_pasta_fila / "processadas"),
        "control_folder": str(_pasta_fila / "controle"),
        "store_processed": False,
    }
CELERY_RESULT_BACKEND = ambiente.texto("CELERY_RESULT_BACKEND") or None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_TIME_LIMIT = ambiente.inteiro("CELERY_TASK_TIME_LIMIT", 600)
CELERY_TASK_SOFT_TIME_LIMIT = ambiente.inteiro("CELERY_TASK_SOFT_TIME_LIMIT", 540)
CELERY_WORKER_MAX_MEMORY_PER_CHILD = ambiente.inteiro("CELERY_WORKER_MAX_MEMORY_PER_CHILD", 600_000)
CELERY_TIMEZONE = TIME_ZONE
# Celery beat (um só por implantação: docs/operacao.md, "Tarefas periódicas"). Cada tarefa
# é idempotente e segura com dois nós rodando-a ao mesmo tempo (travas no banco).
CELERY_BEAT_SCHEDULE = {
    "caixa-de-saida": {
        "task": "selecoes.varrer_tarefas",
        "schedule": float(ambiente.inteiro("BEAT_CAIXA_SAIDA_SEGUNDOS", 60)),
    },
    "prazos-vencidos": {
        "task": "candidatos.vencer_prazos",
        "schedule": float(ambiente.inteiro("BEAT_PRAZOS_SEGUNDOS", 300)),
    },
    "documentos-parados": {
        "task": "relatorios.reenfileirar_documentos_parados",
        "schedule": float(ambiente.inteiro("BEAT_DOCUMENTOS_SEGUNDOS", 300)),
    },
    "retencao-mensal": {
        "task": "candidatos.anonimizar_inscricoes",
        "schedule": crontab(minute="30", hour="3", day_of_month="1"),
    },
}
# Caixa de saída (selecoes/filas.py): a varredura só reenvia o que ficou pendente há mais
# que isto (segundos), para não competir com o gancho do commit que ainda está rodando.
FILA_REENVIO_SEGUNDOS = ambiente.inteiro("FILA_REENVIO_SEGUNDOS", 60)
# Documento em "pendente"/"gerando" sem concluir há mais que isto (minutos): o worker
# morreu ou a tarefa se perdeu; a varredura o põe de novo na fila.
DOCUMENTO_PARADO_MINUTOS = ambiente.inteiro("DOCUMENTO_PARADO_MINUTOS", 15)
# Depois de tantas gerações paradas seguidas, o documento fica com status "erro".
DOCUMENTO_MAX_REENVIOS = ambiente.inteiro("DOCUMENTO_MAX_REENVIOS", 3)

# Segurança do login e da sessão (config/seguranca.py; docs/operacao.md).
SESSION_COOKIE_AGE = ambiente.inteiro("SESSION_COOKIE_AGE", 8 * 3600)
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# Bloqueio após LOGIN_TENTATIVAS falhas do mesmo usuário no mesmo IP, por
# LOGIN_BLOQUEIO_MINUTOS; um login correto zera a contagem.
AXES_FAILURE_LIMIT = ambiente.inteiro("LOGIN_TENTATIVAS", 5)
AXES_COOLOFF_TIME = timedelta(minutes=ambiente.inteiro("LOGIN_BLOQUEIO_MINUTOS", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.seguranca.resposta_bloqueio"
AXES_CLIENT_IP_CALLABLE = "selecoes.rede.ip_do_cliente"
AXES_USERNAME_CALLABLE = "config.seguranca.usuario_do_login"
AXES_VERBOSE = False
# Proxies reversos à frente da aplicação, por endereço ou rede (CIDR). Vazio: nenhum
# é confiável e X-Forwarded-For é ignorado (selecoes/rede.py, ip_do_cliente).
PROXIES_CONFIAVEIS = ambiente.lista("PROXIES_CONFIAVEIS")
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = ambiente.booleano("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = ambiente.inteiro("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # Prefixo __Host-: o navegador só aceita o cookie via HTTPS, sem Domain, com Path=/.
    SESSION_COOKIE_NAME = "__Host-sessionid"
    CSRF_COOKIE_NAME = "__Host-csrftoken"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": ambiente.texto("LOG_LEVEL", "INFO")},
    # O WeasyPrint registra cada página em INFO: só avisos e erros interessam.
    "loggers": {
        "weasyprint": {"level": "WARNING"},
        "fontTools": {"level": "WARNING"},
    },
}

# LGPD: meses após o fim da validade da seleção até anonimizar as inscrições
# (comando anonimizar_inscricoes; justificativa em docs/operacao.md).
RETENCAO_MESES = ambiente.inteiro("RETENCAO_MESES", 60)

# Regras, § 5: entre o anúncio de um sorteio com semente escolhida pelo(a) gestor(a) e o
# sorteio, ao menos estas horas (quem acompanha tem tempo de ver a semente antes do uso).
# Com fonte pública futura (ex.: Loteria Federal), vale a data da própria fonte.
SORTEIO_ANTECEDENCIA_MINIMA_HORAS = ambiente.inteiro("SORTEIO_ANTECEDENCIA_MINIMA_HORAS", 24)

# Entrar com gov.br (OpenID Connect; selecoes/govbr; docs/implantacao.md). Sem
# GOVBR_ISSUER, o botão não aparece e vale só o login por senha.
GOVBR_ISSUER = ambiente.texto("GOVBR_ISSUER").rstrip("/")
GOVBR_CLIENT_ID = ambiente.texto("GOVBR_CLIENT_ID")
GOVBR_CLIENT_SECRET = ambiente.texto("GOVBR_CLIENT_SECRET")
GOVBR_ESCOPOS = ambiente.texto("GOVBR_ESCOPOS", "openid email profile govbr_confiabilidades")
GOVBR_REDIRECT_URL = ambiente.texto("GOVBR_REDIRECT_URL", SITE_URL + "/conta/govbr/retorno/")
GOVBR_LOGOUT_REDIRECT_URL = ambiente.texto("GOVBR_LOGOUT_REDIRECT_URL", SITE_URL + "/")
# Sem end_session_endpoint na descoberta, a saída no provedor usa este endereço.
GOVBR_URL_LOGOUT = ambiente.texto("GOVBR_URL_LOGOUT")
# API de confiabilidades (níveis bronze, prata, ouro) da conta gov.br.
GOVBR_URL_CONFIABILIDADES = ambiente.texto(
    "GOVBR_URL_CONFIABILIDADES", "https://api.acesso.gov.br/confiabilidades/v3"
).rstrip("/")
GOVBR_NIVEL_MINIMO_RH = ambiente.texto("GOVBR_NIVEL_MINIMO_RH", "prata")
if GOVBR_NIVEL_MINIMO_RH.strip().lower() not in {"bronze", "prata", "ouro"}:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("GOVBR_NIVEL_MINIMO_RH: use bronze, prata ou ouro.")
GOVBR_TIMEOUT = ambiente.real("GOVBR_TIMEOUT", 10.0)
# Desligado (0), servidores lotados em órgão só entram pelo gov.br; quem não tem
# lotação (administrador do sistema) continua com a senha.
LOGIN_SENHA_RH = ambiente.booleano("LOGIN_SENHA_RH", True)
# mozilla-django-oidc (selecoes/govbr/oidc.py): os endereços vêm da descoberta.
OIDC_RP_CLIENT_ID = GOVBR_CLIENT_ID
OIDC_RP_CLIENT_SECRET = GOVBR_CLIENT_SECRET
OIDC_RP_SCOPES = GOVBR_ESCOPOS
OIDC_RP_SIGN_ALGO = ambiente.texto("GOVBR_ALGORITMO", "RS256")
OIDC_USE_PKCE = True
OIDC_USE_NONCE = True
OIDC_PKCE_CODE_CHALLENGE_METHOD = "S256"
OIDC_TOKEN_USE_BASIC_AUTH = True
OIDC_TIMEOUT = GOVBR_TIMEOUT
OIDC_AUTHENTICATION_CALLBACK_URL = "govbr_retorno"
OIDC_MAX_STATES = 10

SISTEMA_NOME = ambiente.texto("SISTEMA_NOME", "Seleções de Estágio com Reserva de Vagas")
