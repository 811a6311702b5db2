#!/usr/bin/env bash
# Cópia de segurança do banco PostgreSQL (pg_dump, formato custom) e dos arquivos
# enviados (MEDIA_ROOT, em tar.gz), com somas SHA-256 e retenção por idade.
#
#   DATABASE_URL=postgres://... MEDIA_ROOT=/srv/estagio/media BACKUP_DIR=/srv/copias scripts/backup.sh
#
# Cria BACKUP_DIR/AAAAMMDD-HHMMSS/{banco.dump,media.tar.gz,SHA256SUMS} (UTC) e apaga
# as cópias com mais de BACKUP_RETENCAO_DIAS dias (padrão 35). Imprime a pasta criada.
# PG_DUMP_SNAPSHOT (opcional): id de um snapshot exportado (pg_export_snapshot), para
# copiar exatamente o estado visto por outra transação (usado por testar-backup.sh).
set -euo pipefail

: "${DATABASE_URL:?Defina DATABASE_URL (postgres://usuario@servidor:porta/banco).}"
: "${BACKUP_DIR:?Defina BACKUP_DIR (pasta onde guardar as cópias).}"
MEDIA_ROOT="${MEDIA_ROOT:-}"
RETENCAO_DIAS="${BACKUP_RETENCAO_DIAS:-35}"

umask 077
carimbo="$(date -u +%Y%m%d-%H%M%S)"
destino="$BACKUP_DIR/$carimbo"
parcial="$destino.parcial"
mkdir -p "$parcial"

opcoes_dump=(--format=custom --compress=6)
if [ -n "${PG_DUMP_SNAPSHOT:-}" ]; then
  opcoes_dump+=("--snapshot=$PG_DUMP_SNAPSHOT")
fi
pg_dump "${opcoes_dump[@]}" --file="$parcial/banco.dump" "$DATABASE_URL"
pg_restore --list "$parcial/banco.dump" >/dev/null

if [ -n "$MEDIA_ROOT" ] && [ -d "$MEDIA_ROOT" ]; then
  tar --create --gzip --file="$parcial/media.tar.gz" --directory="$MEDIA_ROOT" .
fi

(cd "$parcial" && sha256sum -- * >SHA256SUMS)
mv "$parcial" "$destino"

find "$BACKUP_DIR" -mindepth 1 -maxdepth 1 -type d -name '????????-??????' \
  -mtime "+$RETENCAO_DIAS" -exec rm -rf -- {} +

echo "$destino"
