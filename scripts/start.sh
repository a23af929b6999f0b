#!/usr/bin/env bash
# First run on a fresh machine: install, migrate and seed the embedded
# database (.data/threadline, PGlite), build and start the admin app.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_pnpm
install_deps

echo "==> migrating and seeding the database (${DATABASE_URL:-embedded PGlite at .data/threadline})"
pnpm db:migrate
pnpm db:seed

echo "==> building the admin app"
pnpm build

PORT="${PORT:-3000}"
echo "==> Threadline admin UI: http://localhost:$PORT"
exec pnpm --filter @threadline/web exec next start -p "$PORT"
