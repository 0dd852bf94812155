#!/usr/bin/env bash
# The API tests on a real PostgreSQL 15 (after the PGlite run of `npm run test:api`):
# - with TEST_DATABASE_URL set, on that database;
# - else, run as root on a machine with PostgreSQL 15 installed, on a throwaway database of the
#   machine's cluster (started if it is not running), dropped afterwards;
# - else skipped, saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
run() { npx vitest run -c apps/api/vitest.pg.config.ts --maxWorkers=2; }

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run
  exit
fi
if [ "$(id -u)" -ne 0 ] || ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "test: PostgreSQL run skipped (set TEST_DATABASE_URL, or run as root with postgresql-15 installed)"
  exit 0
fi

if ! pg_ctlcluster --skip-systemctl-redirect 15 main status >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect 15 main start
fi
ready=no
for _ in $(seq 1 60); do
  if su postgres -c "pg_isready -q -h 127.0.0.1 -p 5432"; then ready=yes; break; fi
  sleep 1
done
[ "$ready" = yes ] || { echo "test: PostgreSQL 15 did not become ready" >&2; exit 1; }

db="portal_test_$$"
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'portal_test') THEN
    CREATE ROLE portal_test LOGIN PASSWORD 'portal_test';
  END IF;
END \$\$;
CREATE DATABASE ${db} OWNER portal_test;
SQL
cleanup() { su postgres -c "dropdb --if-exists ${db}" >/dev/null 2>&1 || true; }
trap cleanup EXIT
TEST_DATABASE_URL="postgres://portal_test:portal_test@127.0.0.1:5432/${db}" run
