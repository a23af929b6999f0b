#!/usr/bin/env bash
# The whole test suite, the same on a laptop and in CI: installs what is
# missing, then the migration drift check, lint (ESLint) and the format check
# (Prettier), type checks, unit + database tests (PGlite AND a throwaway
# PostgreSQL 15 started by the Vitest global setup, or TEST_DATABASE_URL),
# `next build` and the Playwright tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_pnpm
ensure_chromium
install_deps

echo "==> migration drift check"
pnpm db:check-drift

echo "==> lint"
pnpm lint

echo "==> format check"
pnpm format:check

echo "==> type check"
pnpm typecheck

echo "==> unit, integration and database tests"
pnpm vitest run

echo "==> next build"
pnpm build

echo "==> browser tests (Playwright, Chromium)"
pnpm e2e
pnpm e2e:indexing
