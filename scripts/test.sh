#!/usr/bin/env bash
# The whole test suite, the same on a laptop and in CI: installs what is
# missing, then unit + database tests (PGlite AND a throwaway PostgreSQL 15
# started by the Vitest global setup, or TEST_DATABASE_URL), the migration
# drift check, type checks, lint and format check, `next build` and the Playwright tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

ensure_pnpm
ensure_chromium
install_deps

echo "==> migration drift check"
pnpm db:check-drift

echo "==> type check"
pnpm typecheck

echo "==> lint (ESLint, typescript-eslint strict type-checked) and format check (Prettier)"
pnpm lint
pnpm format:check

echo "==> unit, integration and database tests"
pnpm vitest run

echo "==> next build"
pnpm build

echo "==> browser tests (Playwright, Chromium)"
pnpm e2e
