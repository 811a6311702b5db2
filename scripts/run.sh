#!/usr/bin/env bash
# Sobe a aplicação localmente: migra, carrega a demonstração e roda web + worker e beat Celery.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
export DEBUG="${DEBUG:-1}"
PORT="${PORT:-8000}"
# Os links dos e-mails apontam para a porta em que o servidor sobe.
export SITE_URL="${SITE_URL:-http://127.0.0.1:${PORT}}"

redis_responde() {
  "$BIN/python" - <<'PY' 2>/dev/null
import socket, sys
s = socket.socket(); s.settimeout(0.5)
try:
    s.connect(("127.0.0.1", 6379)); s.sendall(b"PING\r\n"); sys.exit(0 if s.recv(16).startswith(b"+PONG") else 1)
except OSError:
    sys.exit(1)
PY
}

if [ -z "${CELERY_BROKER_URL:-}" ]; then
  if redis_responde; then
    export CELERY_BROKER_URL="redis://127.0.0.1:6379/0"
    export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/1}"
    echo "Broker Celery: Redis local (127.0.0.1:6379)."
  else
    echo "Broker Celery: nenhum Redis respondendo; usando o broker embutido em arquivos (var/celery)."
  fi
else
  echo "Broker Celery: $CELERY_BROKER_URL"
fi

# Entrar com gov.br: sem GOVBR_ISSUER, sobe o provedor local de desenvolvimento
# (tests/provedor_govbr) com as contas de demonstração (CPFs impressos abaixo).
GOVBR_LOCAL=""
if [ -z "${GOVBR_ISSUER:-}" ]; then
  GOVBR_LOCAL="${GOVBR_PORTA:-8001}"
  export GOVBR_ISSUER="http://127.0.0.1:${GOVBR_LOCAL}/o"
  export GOVBR_CLIENT_ID="selecoes-estagio-local"
  export GOVBR_CLIENT_SECRET="segredo-local-somente-desenvolvimento"
  export GOVBR_URL_CONFIABILIDADES="http://127.0.0.1:${GOVBR_LOCAL}/confiabilidades/v3"
  export GOVBR_REDIRECT_URL="http://127.0.0.1:${PORT}/conta/govbr/retorno/"
  export GOVBR_LOGOUT_REDIRECT_URL="http://127.0.0.1:${PORT}/"
fi

"$BIN/python" manage.py migrate --noinput
"$BIN/python" manage.py popular_demo
"$BIN/python" manage.py collectstatic --noinput -v 0

"$BIN/celery" -A config worker --loglevel=INFO --concurrency=2 &
WORKER=$!
# Um só beat (o relógio dos prazos, da caixa de saída e das varreduras).
"$BIN/celery" -A config beat --loglevel=INFO --schedule var/celerybeat-schedule &
BEAT=$!
PROVEDOR=""
trap 'kill $WORKER $BEAT $PROVEDOR 2>/dev/null || true' EXIT INT TERM

if [ -n "$GOVBR_LOCAL" ]; then
  PASTA_GOVBR="${VAR_DIR:-var}/govbr-local"
  export PROVEDOR_DIR="$PASTA_GOVBR" PROVEDOR_URL="http://127.0.0.1:${GOVBR_LOCAL}" \
    PROVEDOR_CONTAS="$PASTA_GOVBR/contas.json" PROVEDOR_CLIENT_ID="$GOVBR_CLIENT_ID" \
    PROVEDOR_CLIENT_SECRET="$GOVBR_CLIENT_SECRET" PROVEDOR_REDIRECT_URIS="$GOVBR_REDIRECT_URL" \
    PROVEDOR_LOGOUT_URIS="$GOVBR_LOGOUT_REDIRECT_URL"
  "$BIN/python" -m tests.provedor_govbr preparar_provedor
  "$BIN/python" -m tests.provedor_govbr runserver "127.0.0.1:${GOVBR_LOCAL}" --noreload &
  PROVEDOR=$!
  echo "gov.br local (somente desenvolvimento) em http://127.0.0.1:${GOVBR_LOCAL}/ — contas gov.br acima."
fi

echo
echo "=============================================================="
echo " Aplicação em http://127.0.0.1:${PORT}/  (RH: http://127.0.0.1:${PORT}/rh/)"
echo " Logins de demonstração: veja a lista acima (popular_demo)."
echo " Entrar com gov.br: use um CPF \"gov.br local\" da lista (candidata → Minhas inscrições)."
echo " Comissão de heteroidentificação (MRE): entre como membro.ana (ou recursal.dora),"
echo "   senha da lista acima, ou com gov.br pelo CPF \"gov.br local — RH: membro.ana\""
echo "   → Minhas sessões (http://127.0.0.1:${PORT}/rh/comissao/);"
echo "   o RH das comissões e sessões é o gestor.mre."
echo " E-mails enviados (caixa de saída local): http://127.0.0.1:${PORT}/rh/mensagens/"
echo "   (entre como RH; os links dos e-mails apontam para ${SITE_URL})"
echo " Ctrl+C encerra o servidor web, o worker e o beat do Celery."
echo "=============================================================="
"$BIN/python" manage.py runserver "127.0.0.1:${PORT}"
