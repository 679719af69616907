#!/usr/bin/env bash
# Runs `peer-bridge acceptance` with the official Windows node.exe under Wine against the
# installed package: npm pack (with the cross-built win32-x64 prebuild), npm install of that
# tarball for win32 into a fresh project, then node.exe runs the installed bin. Wine cannot write
# to a pipe as stdout (EBADF), so the report goes to files; the command's exit code is passed on.
# Output: $PEER_BRIDGE_WINE_OUT (default .cache/windows/acceptance) gets report.json, report.md
# and run.log.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/windows/build.sh"
ensure_downloads
ensure_prefix

out="${PEER_BRIDGE_WINE_OUT:-$CACHE/acceptance}"
mkdir -p "$out"
work="$(mktemp -d "$CACHE/tmp/acceptance.XXXXXX")"
trap 'rm -rf "$work"' EXIT

start=$(date +%s)
install_packed_for_win32 "$work"
log "packed and installed for win32 in $(( $(date +%s) - start )) s"
bin="$INSTALLED/dist/cli/main.cjs"
start=$(date +%s)
set +e
(
  cd "$work"
  timeout 900 wine "$NODE_EXE" "$(winepath -w "$bin" 2>/dev/null)" acceptance --json --markdown "$(winepath -w "$out/report.md" 2>/dev/null)" \
    >"$out/report.json" 2>"$out/run.log" </dev/null
)
status=$?
set -e
wineserver -w
log "peer-bridge acceptance under Wine: exit $status in $(( $(date +%s) - start )) s"
[ -f "$out/report.md" ] && cat "$out/report.md"
exit "$status"
