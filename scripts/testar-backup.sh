#!/usr/bin/env bash
# Prova que a cópia de segurança restaura: backup.sh → banco novo → restore.sh →
# compara a contagem de linhas de TODAS as tabelas (e os arquivos enviados) → apaga
# o banco novo. Sai com código diferente de zero em qualquer divergência.
#
#   DATABASE_URL=postgres://... [MEDIA_ROOT=/srv/estagio/media] scripts/testar-backup.sh
#
# A cópia e a contagem de origem leem o mesmo snapshot (pg_export_snapshot), então
# o teste vale também com o sistema em uso. O papel precisa de CREATEDB.
set -euo pipefail

: "${DATABASE_URL:?Defina DATABASE_URL (postgres://usuario@servidor:porta/banco).}"
scripts="$(cd "$(dirname "$0")" && pwd)"
trabalho="$(mktemp -d)"

sem_consulta="${DATABASE_URL%%\?*}"
consulta="${DATABASE_URL:${#sem_consulta}}"
origem="${sem_consulta##*/}"
verificacao="${origem:0:40}_verificacao_$$"
url_verificacao="${sem_consulta%/*}/$verificacao$consulta"

CONTAGEM="
SELECT format('%I.%I', n.nspname, c.relname),
       (xpath('/row/n/text()', query_to_xml(
           format('SELECT count(*) AS n FROM %I.%I', n.nspname, c.relname), false, true, '')
       ))[1]::text
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND n.nspname NOT LIKE 'pg_toast%'
ORDER BY 1;"

coproc SESSAO { psql "$DATABASE_URL" -X -At -F ' ' -v ON_ERROR_STOP=1 2>&1; }

limpar() {
  if [ -n "${SESSAO_PID:-}" ]; then
    echo '\q' >&"${SESSAO[1]}" 2>/dev/null || true
    wait "$SESSAO_PID" 2>/dev/null || true
  fi
  psql "$DATABASE_URL" -X -qc "DROP DATABASE IF EXISTS \"$verificacao\"" >/dev/null 2>&1 || true
  rm -rf "$trabalho"
}
trap limpar EXIT

# Lê da sessão aberta até a linha-marcador.
ler_ate() {
  local linha
  while IFS= read -r linha <&"${SESSAO[0]}"; do
    [ "$linha" = "$1" ] && return 0
    printf '%s\n' "$linha"
  done
  echo "A sessão psql terminou antes do esperado." >&2
  return 1
}

{
  echo '\set QUIET on'
  echo 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY;'
  echo 'SELECT pg_export_snapshot();'
  echo '\echo FIM-SNAPSHOT'
} >&"${SESSAO[1]}"
# Sem $(...): os descritores do coproc não existem em subshells.
ler_ate FIM-SNAPSHOT >"$trabalho/snapshot.txt"
snapshot="$(tail -n 1 "$trabalho/snapshot.txt")"

copia="$(PG_DUMP_SNAPSHOT="$snapshot" BACKUP_DIR="$trabalho/copias" "$scripts/backup.sh" | tail -n 1)"
{
  echo "$CONTAGEM"
  echo '\echo FIM-CONTAGEM'
} >&"${SESSAO[1]}"
ler_ate FIM-CONTAGEM >"$trabalho/origem.txt"
echo 'COMMIT;' >&"${SESSAO[1]}"

psql "$DATABASE_URL" -X -qc "CREATE DATABASE \"$verificacao\""
DATABASE_URL="$url_verificacao" MEDIA_ROOT="$trabalho/media" "$scripts/restore.sh" "$copia" >/dev/null
psql "$url_verificacao" -X -At -F ' ' -v ON_ERROR_STOP=1 -c "$CONTAGEM" >"$trabalho/restaurado.txt"

if ! diff -u "$trabalho/origem.txt" "$trabalho/restaurado.txt"; then
  echo "FALHA: contagens do banco restaurado diferem da origem (acima)." >&2
  exit 1
fi
tabelas="$(wc -l <"$trabalho/origem.txt")"
linhas="$(awk '{ soma += $2 } END { print soma + 0 }' "$trabalho/origem.txt")"

arquivos=0
if [ -f "$copia/media.tar.gz" ]; then
  tar --list --gzip --file="$copia/media.tar.gz" | grep -v '/$' | sed 's|^\./||' | sort >"$trabalho/media-copia.txt"
  (cd "$trabalho/media" && find . -type f | sed 's|^\./||' | sort) >"$trabalho/media-restaurada.txt"
  if ! diff -u "$trabalho/media-copia.txt" "$trabalho/media-restaurada.txt"; then
    echo "FALHA: arquivos restaurados diferem dos da cópia (acima)." >&2
    exit 1
  fi
  arquivos="$(wc -l <"$trabalho/media-restaurada.txt")"
fi

echo "Cópia verificada: $tabelas tabelas, $linhas linhas e $arquivos arquivos idênticos após restaurar."
