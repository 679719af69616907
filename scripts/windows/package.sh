#!/usr/bin/env bash
# The rest of the installed package on the Windows node.exe under Wine: test/native/wine/
# drive-package.mjs runs there and drives the workbench MCP server over stdio (MCP SDK client on
# Windows node), and the CLI's doctor, run (runner plugin + fixture CLI) and runs.
# Output: $PEER_BRIDGE_WINE_OUT (default .cache/windows/package) gets steps.json and run.log.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/windows/build.sh"
ensure_downloads
ensure_prefix

out="${PEER_BRIDGE_WINE_OUT:-$CACHE/package}"
mkdir -p "$out"
work="$(mktemp -d "$CACHE/tmp/package.XXXXXX")"
trap 'rm -rf "$work"' EXIT
install_packed_for_win32 "$work"

w() { winepath -w "$1" 2>/dev/null; }
start=$(date +%s)
set +e
(
  cd "$work"
  timeout 600 wine "$NODE_EXE" "$(w "$ROOT/test/native/wine/drive-package.mjs")" "$(w "$INSTALLED")" "$(w "$work/ws")" "$(w "$out/steps.json")" \
    >"$out/run.log" 2>&1 </dev/null
)
status=$?
set -e
wineserver -w
log "the package under Wine: exit $status in $(( $(date +%s) - start )) s"
[ -f "$out/steps.json" ] && cat "$out/steps.json"
exit "$status"
