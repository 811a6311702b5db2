"""Configuração do provedor local; tudo do ambiente que ``processo.py`` prepara."""

import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

PASTA = Path(os.environ["PROVEDOR_DIR"])
PASTA.mkdir(parents=True, exist_ok=True)
URL_BASE = os.environ["PROVEDOR_URL"].rstrip("/")


def _chave_rsa() -> str:
    arquivo = PASTA / "chave.pem"
    if not arquivo.exists():
        chave = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        arquivo.write_bytes(
            chave.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    return arquivo.read_text()


DEBUG = False
SECRET_KEY = os.environ.get("PROVEDOR_SECRET_KEY", "provedor-local-somente-desenvolvimento")
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "oauth2_provider",
    "tests.provedor_govbr",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
]
ROOT_URLCONF = "tests.provedor_govbr.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
DATABASES = {
    "default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(PASTA / "provedor.sqlite3")}
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # contas de teste
USE_TZ = True
LANGUAGE_CODE = "pt-br"
LOGIN_URL = "/entrar/"
# Cookies próprios: no mesmo 127.0.0.1, não se misturam com os do sistema.
SESSION_COOKIE_NAME = "provedor_sessao"
CSRF_COOKIE_NAME = "provedor_csrf"
OAUTH2_PROVIDER = {
    "OIDC_ENABLED": True,
    "OIDC_ISS_ENDPOINT": URL_BASE + "/o",
    "OIDC_RSA_PRIVATE_KEY": _chave_rsa(),
    "PKCE_REQUIRED": True,
    "OAUTH2_VALIDATOR_CLASS": "tests.provedor_govbr.validador.ValidadorGovBr",
    "SCOPES": {
        "openid": "Identidade (CPF)",
        "email": "E-mail",
        "profile": "Nome",
        "govbr_confiabilidades": "Níveis e selos da conta",
    },
    "DEFAULT_SCOPES": ["openid"],
    "OIDC_RP_INITIATED_LOGOUT_ENABLED": True,
    "OIDC_RP_INITIATED_LOGOUT_ALWAYS_PROMPT": False,
    "ID_TOKEN_EXPIRE_SECONDS": 300,
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 60,
}
