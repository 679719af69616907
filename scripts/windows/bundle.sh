#!/usr/bin/env bash
# The win32-x64 MCP bundle as Claude Desktop on Windows runs it: packed (scripts/mcpb/pack.ts),
# unpacked into an empty folder with `mcpb unpack`, then test/distribution/driver/drive-bundle.mjs
# runs on the official Windows node.exe under Wine and starts the bundle's server with that same
# node.exe over stdio (initialize, tools/list, bridge_status). Needs dist/ (npm run build:ts).
# Output: $PEER_BRIDGE_WINE_OUT (default .cache/windows/bundle) gets steps.json, run.log, pack.log.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/windows/build.sh"
ensure_downloads
ensure_prefix

out="${PEER_BRIDGE_WINE_OUT:-$CACHE/bundle}"
mkdir -p "$out"
# Outside the repository: its node_modules must not stand in for anything the bundle lacks.
work="$(mktemp -d /tmp/peer-bridge-bundle.XXXXXX)"
trap 'rm -rf "$work"' EXIT

start=$(date +%s)
(cd "$ROOT" && node --import tsx scripts/mcpb/pack.ts --platform win32-x64 --out "$work") >"$out/pack.log" 2>&1
"$ROOT/node_modules/.bin/mcpb" unpack "$work"/peer-bridge-*-win32-x64.mcpb "$work/bundle" >>"$out/pack.log" 2>&1
log "packed and unpacked the win32-x64 bundle in $(( $(date +%s) - start )) s"

w() { winepath -w "$1" 2>/dev/null; }
start=$(date +%s)
set +e
(
  cd "$work"
  timeout 600 wine "$NODE_EXE" "$(w "$ROOT/test/distribution/driver/drive-bundle.mjs")" "$(w "$ROOT")" "$(w "$work/bundle")" \
    "$(w "$work/ws")" "$(w "$out/steps.json")" >"$out/run.log" 2>&1 </dev/null
)
status=$?
set -e
wineserver -w
log "the bundle under Wine: exit $status in $(( $(date +%s) - start )) s"
[ -f "$out/steps.json" ] && cat "$out/steps.json"
exit "$status"
