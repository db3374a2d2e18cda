#!/bin/sh
# Container entrypoint (run under dumb-init, which forwards signals).
#   no arguments, or arguments starting with "-":
#       exec node [args] apps/$APP/dist/main.bundle.js   (APP defaults to gateway)
#   anything else: exec it as a command (e.g. `docker run --rm -it IMAGE sh`).
# ROLE (api | worker | migrate) and the rest of the configuration are read by
# the app itself from the environment.
set -eu

if [ "$#" -gt 0 ]; then
  case "$1" in
    -*) ;;
    *) exec "$@" ;;
  esac
fi

APP="${APP:-gateway}"
export APP
case "$APP" in
  "" | */* | *..* | -*)
    echo "marketplace-entrypoint: invalid APP '$APP'" >&2
    exit 64
    ;;
esac

APP_ROOT="${APP_ROOT:-/app}"
cd "$APP_ROOT"
main="apps/$APP/dist/main.bundle.js"
if [ ! -f "$main" ]; then
  echo "marketplace-entrypoint: unknown APP '$APP' ($APP_ROOT/$main not found)" >&2
  printf 'available apps:' >&2
  for m in apps/*/dist/main.bundle.js; do
    [ -f "$m" ] || continue
    d="${m%/dist/main.bundle.js}"
    printf ' %s' "${d#apps/}" >&2
  done
  echo >&2
  exit 64
fi

# As libs/local-stack/src/node-flags.ts: the gateway and jobs, which answer every public read the
# gateway's cache misses, keep V8's default young generation; every other process idles a few MiB
# smaller with a small one. Old-generation growth is the idle reducer's, the same in every process.
case "$APP" in
  gateway|jobs) heap="" ;;
  *) heap="--max-semi-space-size=4" ;;
esac
exec node --enable-source-maps $heap "$@" "$main"
