#!/usr/bin/env bash
# First run on a fresh machine: install, migrate and seed the embedded
# database (.data/threadline, PGlite), build and start the admin app.
# The demo data is seeded once per database; with a PostgreSQL DATABASE_URL
# only when asked: `npm start -- --demo` (or THREADLINE_DEMO_DATA=on).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_pnpm
install_deps

echo "==> migrating the database and seeding the demo where wanted (${DATABASE_URL:-embedded PGlite at .data/threadline})"
pnpm db:migrate
pnpm db:seed "$@"

echo "==> building the admin app"
pnpm build

# `next start` runs with NODE_ENV=production, which requires a fixed session secret:
# without one set, a random one is made once and kept beside the embedded database
if [ -z "${THREADLINE_AUTH_SECRET:-}" ]; then
  mkdir -p .data
  if [ ! -s .data/auth-secret ]; then
    (umask 077 && node -e "process.stdout.write(require('crypto').randomBytes(32).toString('base64url'))" > .data/auth-secret)
  fi
  THREADLINE_AUTH_SECRET="$(cat .data/auth-secret)"
  export THREADLINE_AUTH_SECRET
fi

PORT="${PORT:-3000}"
echo "==> Threadline admin UI: http://localhost:$PORT"
exec pnpm --filter @threadline/web exec next start -p "$PORT"
