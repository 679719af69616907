#!/usr/bin/env bash
# Before `npm pack`: the package ships prebuilt addons for linux-x64, linux-arm64 and win32-x64,
# every time. Builds what is missing or older than native/ (linux-x64 with prebuildify on a
# linux-x64 host, the others cross-built), then fails loudly if any is still missing.
# darwin-x64 / darwin-arm64 ship only when the release workflow put them in prebuilds/ (built and
# tested on macOS runners); nothing here builds them, since no binary is shipped untested.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
log() { printf '[prebuilds] %s\n' "$*" >&2; }
fresh() { [ -f "$1" ] && [ -z "$(find "$ROOT/native" -type f -newer "$1" | head -n 1)" ]; }

host="$(node -p 'process.platform + "-" + process.arch')"
if ! fresh "$ROOT/prebuilds/linux-x64/peer-bridge.node" || [ ! -x "$ROOT/prebuilds/linux-x64/peer-bridge-reaper" ]; then
  if [ "$host" = linux-x64 ]; then (cd "$ROOT" && npm run --silent prebuild)
  else log "prebuilds/linux-x64 is missing or stale and cannot be built on $host: build it on linux-x64 (npm run prebuild)"; exit 1; fi
fi
"$ROOT/scripts/arm64/build.sh"
"$ROOT/scripts/windows/build.sh"

missing=()
for tuple in linux-x64 linux-arm64 win32-x64; do
  [ -f "$ROOT/prebuilds/$tuple/peer-bridge.node" ] || missing+=("$tuple")
done
# Linux runner children are supervised by the reaper shipped next to the addon.
for tuple in linux-x64 linux-arm64; do
  [ -x "$ROOT/prebuilds/$tuple/peer-bridge-reaper" ] || missing+=("$tuple (reaper)")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "missing prebuilds: ${missing[*]}; the package would not install without a compiler there"
  exit 1
fi
log "shipping: $(cd "$ROOT/prebuilds" && ls -d */ | tr -d / | tr '\n' ' ')"
