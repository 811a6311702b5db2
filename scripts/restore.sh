#!/usr/bin/env bash
# Restaura uma cópia feita por backup.sh: confere as somas SHA-256, restaura o banco
# (pg_restore numa transação só) e os arquivos enviados.
#
#   DATABASE_URL=postgres://... MEDIA_ROOT=/srv/estagio/media scripts/restore.sh /srv/copias/20260301-030000
#
# Por segurança, só restaura num banco sem tabelas e numa MEDIA_ROOT vazia. Para
# substituir dados existentes, RESTAURAR_SOBRESCREVER=sim: o banco é limpo pelo
# pg_restore (--clean) e a MEDIA_ROOT atual é guardada ao lado, com sufixo .antes-<data>.
set -euo pipefail

copia="${1:?Informe a pasta da cópia (ex.: /srv/copias/20260301-030000).}"
: "${DATABASE_URL:?Defina DATABASE_URL do banco de destino.}"
sobrescrever="${RESTAURAR_SOBRESCREVER:-nao}"

(cd "$copia" && sha256sum --check --quiet SHA256SUMS)

tabelas="$(psql "$DATABASE_URL" -Atqc \
  "SELECT count(*) FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')")"
opcoes=(--no-owner --exit-on-error --single-transaction)
if [ "$tabelas" != "0" ]; then
  if [ "$sobrescrever" != "sim" ]; then
    echo "O banco de destino já tem $tabelas tabelas; use RESTAURAR_SOBRESCREVER=sim para substituí-las." >&2
    exit 2
  fi
  opcoes+=(--clean --if-exists)
fi
pg_restore "${opcoes[@]}" --dbname="$DATABASE_URL" "$copia/banco.dump"

if [ -f "$copia/media.tar.gz" ]; then
  : "${MEDIA_ROOT:?A cópia tem arquivos enviados: defina MEDIA_ROOT.}"
  if [ -d "$MEDIA_ROOT" ] && [ -n "$(ls -A "$MEDIA_ROOT")" ]; then
    if [ "$sobrescrever" != "sim" ]; then
      echo "MEDIA_ROOT ($MEDIA_ROOT) não está vazia; use RESTAURAR_SOBRESCREVER=sim." >&2
      exit 2
    fi
    mv "$MEDIA_ROOT" "$MEDIA_ROOT.antes-$(date -u +%Y%m%d-%H%M%S)"
  fi
  mkdir -p "$MEDIA_ROOT"
  tar --extract --gzip --file="$copia/media.tar.gz" --directory="$MEDIA_ROOT"
fi

echo "Restaurado de $copia."
