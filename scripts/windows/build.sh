#!/usr/bin/env bash
# Cross-builds the addon for win32-x64 with mingw-w64 (node-gyp cannot cross-compile) into
# prebuilds/win32-x64/peer-bridge.node — the name prebuildify --napi gives it, so node-gyp-build
# loads it on Windows. Idempotent: installs the toolchain and fetches headers only when missing,
# and rebuilds only when native/ changed.
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

# Up to date when no native source is newer than the built addon (also a prebuild fetched from CI).
if [ -f "$ADDON" ] && [ -z "$(find "$ROOT/native" -type f -newer "$ADDON" | head -n 1)" ]; then
  log "${ADDON#"$ROOT"/} is up to date"
  exit 0
fi

ensure_toolchain
ensure_downloads
ensure_import_lib

start=$(date +%s)
mkdir -p "$(dirname "$ADDON")"
partial="$(mktemp "$CACHE/peer-bridge.node.XXXXXX")"
"$CXX_WIN" -std=c++17 -O2 -shared -o "$partial" \
  -D_WIN32_WINNT=0x0A00 -DUNICODE -D_UNICODE -DWIN32_LEAN_AND_MEAN \
  -DNAPI_VERSION=8 -DNAPI_CPP_EXCEPTIONS -DNODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS -DBUILDING_NODE_EXTENSION \
  -I"$HEADERS/include" -I"$(cd "$ROOT" && node -p "require('path').resolve(require('node-addon-api').include_dir)")" \
  -I"$ROOT/native/include" \
  -Wall -Wextra -Wno-unused-parameter -Wno-cast-function-type \
  "$ROOT/native/binding.cc" "$ROOT/native/src/common.cc" "$ROOT/native/src/win32.cc" \
  -L"$CACHE" -lnode_api -static -static-libgcc -static-libstdc++ -s
# Staged in the cache and renamed in, so a concurrent npm pack never sees a half-written file.
chmod 755 "$partial"
mv "$partial" "$ADDON"
log "built ${ADDON#"$ROOT"/} in $(( $(date +%s) - start )) s"
