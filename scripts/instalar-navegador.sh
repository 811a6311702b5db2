#!/usr/bin/env bash
# Instala o Chromium do Debian para os testes de acessibilidade (axe-core).
# Idempotente: termina na hora quando o navegador já está instalado.
# Uso: scripts/instalar-navegador.sh [--com-wrk]   (--com-wrk: também o wrk do benchmark)
set -euo pipefail

pacotes=()
command -v /usr/bin/chromium >/dev/null 2>&1 || pacotes+=(chromium)
if [ "${1:-}" = "--com-wrk" ] && ! command -v wrk >/dev/null 2>&1; then
  pacotes+=(wrk)
fi

if [ ${#pacotes[@]} -eq 0 ]; then
  echo "Navegador já instalado: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  SUDO=sudo
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y --no-install-recommends "${pacotes[@]}" >/dev/null 2>&1; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y --no-install-recommends "${pacotes[@]}"
fi
/usr/bin/chromium --version
