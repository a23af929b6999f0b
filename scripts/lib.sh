# Shared by start.sh and test.sh: make sure the tools this repo needs are here.
# Only Node.js and npm are assumed; everything else is installed on demand.

export NEXT_TELEMETRY_DISABLED=1
export PRISMA_HIDE_UPDATE_MESSAGE=1
export CHECKPOINT_DISABLE=1

PNPM_VERSION=12.4.2

ensure_pnpm() {
  if command -v pnpm >/dev/null 2>&1 && [ "$(pnpm -v 2>/dev/null)" = "$PNPM_VERSION" ]; then
    return 0
  fi
  echo "==> installing pnpm $PNPM_VERSION"
  if npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1; then
    hash -r
  else
    # no write access to the global prefix: install into a local prefix
    npm install --prefix "$HOME/.threadline-tools" "pnpm@$PNPM_VERSION" >/dev/null
    export PATH="$HOME/.threadline-tools/node_modules/.bin:$PATH"
  fi
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  echo "==> installing Chromium (Debian package) for the browser tests"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
}

install_deps() {
  echo "==> installing dependencies"
  if [ "${CI:-}" = "true" ]; then
    pnpm install --frozen-lockfile --reporter=append-only
  else
    pnpm install --reporter=append-only
  fi
}
