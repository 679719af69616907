#!/usr/bin/env bash
# Builds the Windows addon and runs the conformance suite (test/native/conformance) with the
# official Windows node.exe under Wine. Wine cannot write to a pipe as stdout (EBADF), so output
# goes to a file, which is printed afterwards; the suite's exit code is passed through.
# Output: TAP in $PEER_BRIDGE_WINE_TAP (default .cache/windows/conformance.tap); the vitest wrapper
# passes its own file so concurrent runs do not mix.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/windows/build.sh"
ensure_downloads
ensure_prefix

out="${PEER_BRIDGE_WINE_TAP:-$CACHE/conformance.tap}"
files=()
for f in "$ROOT"/test/native/conformance/*.test.mjs; do files+=("$(winepath -w "$f" 2>/dev/null)"); done
start=$(date +%s)
set +e
(
  cd "$ROOT"
  PEER_BRIDGE_NATIVE_PATH="$(winepath -w "$ADDON" 2>/dev/null)" PEER_BRIDGE_CONFORMANCE_HOST=wine \
    timeout 600 wine "$NODE_EXE" --test --test-reporter=tap "${files[@]}" >"$out" 2>&1 </dev/null
)
status=$?
set -e
wineserver -w
cat "$out"
log "conformance suite under Wine: exit $status in $(( $(date +%s) - start )) s"
exit "$status"
